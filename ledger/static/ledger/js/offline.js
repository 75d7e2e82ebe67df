// Installable and usable offline: the service worker (templates/ledger/app/sw.js) keeps the
// app's files, the night pages this phone opened and their hand sheets. The page says when
// it is offline (#offline), and tells the worker when the night it shows has changed, so
// the copy the worker keeps is the night as it stands. Where no worker runs (plain http),
// the queue keeps the sheets in the page's own storage instead (queue/kept_sheets.js).
import { tableState } from "./table_state.js";

const worker = document.body.getAttribute("data-sw");
if (worker && "serviceWorker" in navigator) navigator.serviceWorker.register(worker).catch(() => {});

function mark() {
  const note = document.getElementById("offline");
  if (note) note.hidden = navigator.onLine;
}
window.addEventListener("online", mark);
window.addEventListener("offline", mark);
mark();

function controller() {
  return "serviceWorker" in navigator ? navigator.serviceWorker.controller : null;
}

// Asked when the board's version (its poll's ETag) moved on, not at every preview: each
// ask is a page the worker fetches. A change made here (a POST) was kept by the worker
// before its answer came (sw.js): only the sheets may be asked for then.
let keeping = null, keptAt = null, sheetsFor = null;
function keep(always, changedHere) {
  clearTimeout(keeping);
  keeping = setTimeout(() => {
    const live = document.getElementById("poll");  // only a live night page is kept
    const sw = controller();
    if (!live || !sw) return;
    const version = live.getAttribute("data-etag");
    if (!always && version === keptAt) return;
    keptAt = version;
    const sheets = [...document.querySelectorAll("#actions a.outcome")].map((a) => a.getAttribute("hx-get"));
    const now = tableState();
    const fresh = sheets.length && navigator.onLine && now !== sheetsFor;
    if (fresh) sheetsFor = now;
    if (changedHere && !fresh) return;
    sw.postMessage({ keep: location.href, sheets: fresh ? sheets : [], page: !changedHere });
  }, 500);
}

document.addEventListener("htmx:afterSettle", (event) => {
  const config = event.detail && event.detail.requestConfig;
  keep(false, !!config && config.verb === "post");
});
window.addEventListener("load", () => keep(true));
if ("serviceWorker" in navigator) {
  navigator.serviceWorker.addEventListener("controllerchange", () => keep(true));
  navigator.serviceWorker.addEventListener("message", (event) => {
    if (event.data && event.data.sheetsMissed) sheetsFor = keptAt = null;  // asked again next time
  });
}
