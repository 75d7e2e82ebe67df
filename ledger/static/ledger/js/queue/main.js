// The scoring screen's offline queue. Every hand saved is first written to this phone with
// its request key, then sent; it leaves the list when the server has recorded it. A hand
// saved with no connection, or whose save got no answer, stays listed and is sent again in
// order with the same key: the server records a key once, so nothing is recorded twice.
import { again, dealerSaid, flush, later, sender, token, verdictOf } from "./sender.js";
import { keepSheets, openKept } from "./kept_sheets.js";
import { freshen, itemFrom } from "./sheet.js";
import { page, redraw } from "./state.js";
import { Store } from "./store.js";
import { box, closeSheet, dealerAfter, noPreview, tell, word } from "./view.js";

let sheetFromCache = false, sheetAskedAt = 0, sheetsTimer = null;

// Keep a hand behind those waiting (or in its own place: a refused one fixed) and send.
function keep(item, fixing) {
  const items = page.store.keep(item, fixing);
  closeSheet();
  if (items[0].refused) tell(word("held"), "warning");  // offline, the banner says it all
  window.scrollTo(0, 0);
  redraw();
  box().focus({ preventScroll: true });  // the Save button it was tapped on is gone
  flush();
}

// A fresh sheet gets its own key; the dealer is the queue's where the sheet cannot know it:
// hands waiting here, a sheet kept from earlier, or one asked for before a waiting hand was
// recorded. With no connection the preview says why there is none.
function sheetLoaded(form) {
  if (form.hasAttribute("data-fresh")) {
    const items = page.store.load();
    const kept = sheetFromCache || form.hasAttribute("data-kept");
    const stale = items.length || kept || !navigator.onLine || sender.dealerToldAt > sheetAskedAt;
    freshen(form, stale ? dealerAfter(items) : null);
  }
  if (!navigator.onLine) noPreview();
}

function onBeforeRequest(event) {
  const form = event.detail.elt, config = event.detail.requestConfig;
  if (form.id !== "poll" && form.id !== "preview") page.holdLine = false;  // a tap: the board may move
  if (config.verb === "get" && form.getAttribute("hx-target") === "#hand-form") sheetAskedAt = Date.now();
  if (form.id !== "hand" || config.verb !== "post") return;
  const item = itemFrom(form), items = page.store.load();
  if (form.dataset.fixing || !navigator.onLine || items.length) {
    event.preventDefault();  // it goes behind the hands already waiting
    keep(item, form.dataset.fixing);
    return;
  }
  // A normal save: written down before it leaves, in case no answer comes.
  page.store.save(items.concat([{ ...item, inflight: true }]));
  const answer = { key: item.key, form, xhr: event.detail.xhr, path: config.path };
  event.detail.queueAnswer = answer;
  // Heard whatever becomes of the form (another sheet may have replaced it meanwhile).
  answer.xhr.addEventListener("loadend", () => answered(answer));
}

function verdictOfAnswer(answer) {
  const xhr = answer.xhr;
  if (!answer.verdict) {
    const redirected = !!xhr.responseURL && !xhr.responseURL.endsWith(answer.path);
    answer.verdict = xhr.status
      ? verdictOf(xhr.status, (name) => xhr.getResponseHeader(name), redirected, xhr.responseText)
      : { failed: true };
  }
  return answer.verdict;
}

// The normal save's answer is shown as ever when it is the server's own and its form is
// still on screen: the board's parts for a hand recorded, the sheet with its errors for a
// refusal (unless hands wait behind it: it then waits at their head, refused).
function onBeforeSwap(event) {
  const detail = event.detail, answer = detail.queueAnswer;
  if (detail.requestConfig && detail.requestConfig.verb === "get" && detail.target.id === "hand-form") {
    sheetFromCache = !!detail.xhr.getResponseHeader("X-From-Cache");
  }
  if (!answer) return;
  const verdict = verdictOfAnswer(answer);
  const alone = page.store.load().length === 1;
  answer.swapped = document.body.contains(answer.form) &&
    !!(verdict.saved || (verdict.refused && verdict.refused.html && alone));
  detail.shouldSwap = answer.swapped;
}

function answered(answer) {
  const verdict = verdictOfAnswer(answer), key = answer.key;
  if (verdict.saved) {
    page.store.drop(key);
    dealerSaid(answer.xhr.getResponseHeader("X-Dealer"));
  } else if (verdict.refused && answer.swapped) {
    page.store.drop(key);  // its sheet shows why, as ever
  } else {
    page.store.change(key, { inflight: false, tried: !!verdict.failed, refused: verdict.refused || null });
    if (document.body.contains(answer.form)) closeSheet();
    tell(word(verdict.refused ? "refused-notice" : "kept"), "warning");
    window.scrollTo(0, 0);
  }
  redraw();
  if (verdict.failed) later();
  else if (page.store.load().length) flush();
  else if (!answer.swapped) htmx.trigger(document.body, "tonk:refresh");
}

// A refused hand fixed: its sheet as the server sent it back, marked as the fix of its place.
function fix(key) {
  const item = page.store.load().find((i) => i.key === key);
  htmx.swap(document.getElementById("hand-form"), item.refused.html, { swapStyle: "innerHTML" });
  const form = document.getElementById("hand");
  form.dataset.fixing = key;
  form.querySelector("[name=csrfmiddlewaretoken]").value = token();  // for its preview
  form.scrollIntoView({ block: "start" });
  const wrong = form.querySelector(".is-invalid");
  if (wrong) wrong.focus({ preventScroll: true });
}

function onClick(event) {
  const button = event.target.closest("#queue button");
  if (!button) return;
  const key = button.dataset.key;
  if (button.classList.contains("queue-fix")) return fix(key);
  if (button.classList.contains("queue-discard") && !window.confirm(word("discard-sure"))) return;
  page.store.drop(key);  // undo of a hand not sent yet, or a refused one discarded
  if (document.querySelector("#hand[data-fixing='" + key + "']")) closeSheet();
  redraw();
  const next = document.querySelector("#queue .queue-undo, #queue .queue-fix, #actions a.outcome");
  if (next) next.focus();
  flush();
}

if (box()) {
  page.store = new Store(localStorage, box().dataset.store);
  document.addEventListener("htmx:beforeRequest", onBeforeRequest);
  document.addEventListener("htmx:beforeSwap", onBeforeSwap);
  document.addEventListener("htmx:afterRequest", (event) => {
    const detail = event.detail;  // anything else asked of the server with no connection
    if (detail.successful || detail.xhr.status || detail.requestConfig.verb !== "get") return;
    if (detail.elt.id === "poll" || detail.elt.id === "preview") return;
    const sheet = detail.elt.getAttribute("hx-target") === "#hand-form";
    if (!(sheet && openKept(detail))) tell(word("no-connection"), "warning");
  });
  document.addEventListener("htmx:sendError", (event) => {
    if (event.detail.elt && event.detail.elt.id === "preview") noPreview();
  });
  document.addEventListener("htmx:load", (event) => {
    const target = event.target;
    const form = target.querySelector && (target.id === "hand" ? target : target.querySelector("#hand"));
    if (form) sheetLoaded(form);
  });
  document.addEventListener("htmx:afterSettle", () => {
    redraw();
    clearTimeout(sheetsTimer);
    sheetsTimer = setTimeout(keepSheets, 1000);  // once the board has settled, if the table moved
  });
  document.addEventListener("click", onClick);
  window.addEventListener("online", again);
  window.addEventListener("storage", (event) => {
    if (event.key === page.store.key) redraw();
  });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") flush();
  });
  // Another tab of this night would send a hand that was on its way again too: harmless,
  // as the night's row lock and its unique keys record it once.
  document.addEventListener("DOMContentLoaded", () => {
    page.store.recover();
    redraw();
    flush();
    sheetsTimer = setTimeout(keepSheets, 1000);
  });
}
