// Taps the board must not take. A double-tapped Save's second touch lands on whatever the
// closing sheet uncovers, so for a double tap's length after a sheet closes the board
// ignores taps (app.css: body.holding-taps). A night page shown again from the phone's
// memory (Back, or the service worker's copy) shows the night as it was: it says so and
// holds every tap until the server has redrawn it.

const DOUBLE_TAP_MS = 500, LONGEST_HOLD_MS = 6000;
let releasing = null;

function hold(ms) {
  clearTimeout(releasing);
  document.body.classList.add("holding-taps");
  releasing = setTimeout(release, ms);
}

function release() {
  clearTimeout(releasing);
  document.body.classList.remove("holding-taps");
}

let sheetOpen = false;
new MutationObserver(() => {
  const open = !!document.querySelector("#hand-form > form");
  if (sheetOpen && !open && !document.body.hasAttribute("data-stale")) hold(DOUBLE_TAP_MS);
  sheetOpen = open;
}).observe(document.documentElement, { childList: true, subtree: true });

function note(state) {
  const stale = document.getElementById("stale");
  if (!stale) return;
  stale.hidden = !state;
  if (state) stale.textContent = stale.dataset[state];
}

function refresh() {
  document.body.setAttribute("data-stale", "checking");
  note("checking");
  hold(LONGEST_HOLD_MS);  // until the server answers
  htmx.trigger(document.body, "tonk:refresh");
}

window.addEventListener("pageshow", (event) => {
  if (!document.getElementById("poll")) return;
  const nav = performance.getEntriesByType ? performance.getEntriesByType("navigation")[0] : null;
  if (event.persisted || (nav && nav.type === "back_forward") || document.body.hasAttribute("data-kept")) refresh();
});

window.addEventListener("online", () => {
  if (document.body.getAttribute("data-stale") === "unchecked") refresh();
});

document.addEventListener("htmx:afterRequest", (event) => {
  if (event.detail.elt.id !== "poll" || !document.body.hasAttribute("data-stale")) return;
  const status = event.detail.xhr ? event.detail.xhr.status : 0;
  release();
  if (status >= 200 && status < 400) {
    document.body.removeAttribute("data-stale");
    note(null);
  } else {  // no answer: taps go through (the queue keeps hands), the page says it may be old
    document.body.setAttribute("data-stale", "unchecked");
    note(navigator.onLine ? "unchecked" : null);
  }
});
