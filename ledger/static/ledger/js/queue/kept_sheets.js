// New hands' sheets for a dropped connection where no service worker runs: on plain http
// (a phone reaching a laptop by its address) browsers allow none. The page fetches the
// sheets of its outcome buttons into localStorage while it has a connection, again when
// the table changes, and opens the kept copy when a button's request gets no answer. The
// copy is marked (data-kept) so the queue puts its own dealer and a fresh key in it.
import { tableState } from "../table_state.js";

const PREFIX = "tonk-sheets:";

function workerRuns() {
  return "serviceWorker" in navigator && !!navigator.serviceWorker.controller;
}

function storeKey() {
  return PREFIX + location.pathname;
}

function load() {
  try {
    return JSON.parse(localStorage.getItem(storeKey())) || null;
  } catch (error) {
    return null;
  }
}

function marked(html) {
  const page = new DOMParser().parseFromString(html, "text/html");
  const form = page.getElementById("hand");
  if (!form) return null;
  form.setAttribute("data-kept", "");
  return page.body.innerHTML;
}

function sheetUrls() {
  return [...document.querySelectorAll("#actions a.outcome")].map((a) => a.getAttribute("hx-get"));
}

// One night's sheets at a time: those of other nights are dropped when this one is kept,
// and all of them when the scorekeeper logs out (another account may sign in here).
function forget(keep) {
  for (let i = localStorage.length - 1; i >= 0; i -= 1) {
    const key = localStorage.key(i);
    if (key && key.startsWith(PREFIX) && key !== keep) localStorage.removeItem(key);
  }
}
document.addEventListener("submit", (event) => {
  if (event.target.matches("form.log-out")) forget(null);
});

let fetching = false;
export async function keepSheets() {
  const urls = sheetUrls(), table = tableState(), kept = load();
  if (fetching || workerRuns() || !urls.length || !navigator.onLine) return;
  if (kept && kept.table === table && urls.every((url) => url in kept.sheets)) return;
  fetching = true;
  try {
    const sheets = {};
    for (const url of urls) {
      const answer = await fetch(url, { headers: { "HX-Request": "true" }, credentials: "same-origin" });
      const html = answer.ok && !answer.redirected ? marked(await answer.text()) : null;
      if (!html) return;  // signed out, or the night closed: nothing worth keeping
      sheets[url] = html;
    }
    forget(storeKey());
    localStorage.setItem(storeKey(), JSON.stringify({ table, sheets }));
  } catch (error) {
    // no connection, or storage full: asked again at the table's next change
  } finally {
    fetching = false;
  }
}

// A button's sheet asked with no answer: the kept copy, if there is one. True when opened.
export function openKept(detail) {
  const url = detail.requestConfig && detail.requestConfig.path;
  const kept = load();
  const html = kept && kept.sheets[url];
  if (!html || detail.requestConfig.verb !== "get") return false;
  htmx.swap(document.getElementById("hand-form"), html, { swapStyle: "innerHTML" });
  return true;
}
