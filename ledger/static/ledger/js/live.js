// Live boards: the doorbell (ledger/doorbell) tells this page when its night changed, and the
// page draws the change through its usual conditional GET (a "tonk:refresh" of #poll or
// #board). While the stream is healthy the timed polls are skipped; whenever it is not (it
// cannot be opened, it was cut, it went silent behind a proxy or a locked phone), they run
// as before, so the page is never worse off than polling.
const live = document.getElementById("live");

// A timed poll (htmx's "every" trigger, which comes with no triggering event) is not sent
// while the stream is healthy; a refresh (a ring, a save's follow-up) always is.
document.addEventListener("htmx:confirm", (event) => {
  const elt = event.detail.elt;
  if (window.tonkLive && !event.detail.triggeringEvent && elt.hasAttribute("data-etag")) event.preventDefault();
});

if (live && window.EventSource) {
  const url = live.dataset.events;
  const silence = 2 * Number(live.dataset.heartbeat || 15) * 1000 + 2000;  // two heartbeats missed
  let source = null, watchdog = 0, retry = 0, looking = 0;

  const state = (name) => { window.tonkLive = name === "live"; live.dataset.state = name; };
  const refresh = () => htmx.trigger(document.body, "tonk:refresh");
  const heard = () => { clearTimeout(watchdog); watchdog = setTimeout(reopen, silence); };

  function open() {
    clearTimeout(retry);
    if (source) source.close();
    state("connecting");
    source = new EventSource(url);
    // Catch up at once; live (the timed polls held back) once that look has been answered.
    source.addEventListener("open", () => { state("catching-up"); heard(); catchUp(1000); });
    source.addEventListener("hb", heard);
    source.addEventListener("change", () => { heard(); refresh(); });
    source.addEventListener("error", () => {
      state("polling");
      // Refused (403 expired, 429, 503) or closed for good: the browser gives up, so do we for a
      // while, and the polls carry on meanwhile. Otherwise the browser reconnects by itself.
      if (source.readyState === EventSource.CLOSED) retry = setTimeout(open, 20000 + Math.random() * 40000);
    });
  }

  // The look is asked again, less and less often, until one is answered: a refresh can be
  // dropped (a look already on its way, the page not yet wired) or fail (a timeout while a
  // restart brings every phone back at once). The timed polls run meanwhile too.
  function catchUp(wait) {
    clearTimeout(looking);
    if (live.dataset.state !== "catching-up") return;
    refresh();
    looking = setTimeout(() => catchUp(Math.min(2 * wait, 30000)), wait);
  }

  document.addEventListener("htmx:afterRequest", (event) => {
    const looked = event.detail.elt.hasAttribute("data-etag") && event.detail.successful;
    if (looked && live.dataset.state === "catching-up") state("live");
  });

  // A stream that went silent (a proxy holding it, a phone asleep) is opened afresh.
  function reopen() { if (document.visibilityState === "visible") open(); else state("polling"); }

  // iOS drops streams silently when the screen locks: back in view, the page opens a new one.
  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible") open(); });
  window.addEventListener("pageshow", (event) => { if (event.persisted) open(); });
  window.addEventListener("online", open);
  // The first look needs the page wired by htmx, which it does on DOMContentLoaded; this module
  // runs before that, and a stream can open while a later script is still being fetched.
  if (document.readyState === "complete") open();
  else document.addEventListener("DOMContentLoaded", open, { once: true });
}
