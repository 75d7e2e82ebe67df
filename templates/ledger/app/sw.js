// Tonk Tracker's service worker: the app shell from the cache, pages from the network. The
// scoring screens, spectator views and new hands' sheets are kept, so a night opened before
// opens again with no connection and hands can be logged into the phone's queue
// (static/ledger/js/queue/); they are forgotten when the phone logs out. This file alone
// knows which URLs those are.
const VERSION = "{{ version }}";
const SHELL = "tonk-shell-" + VERSION;
const PAGES = "tonk-pages";
const STATIC = {{ static_prefix|safe }};
const NIGHT = /^\/l\/[^/]+\/nights\/\d+\/(watch\/)?$/;
const SHEET = /^\/l\/[^/]+\/nights\/\d+\/hand\/\w+\/$/;  // a new hand's sheet, not a correction's
const ACCOUNT = /\/(logout|login|signup)\/$/;
const CHANGE = /^(\/l\/[^/]+\/nights\/\d+\/)(?!.*\/preview\/$).+\/$/;  // a save, void, restore, table change
const CHANGE_WAIT = 3000;  // ms a change's answer waits on its board being kept
let account = 0;  // moves on when someone logs in or out: a page fetched before is not kept

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(SHELL).then((cache) => cache.addAll({{ shell|safe }})));
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names.filter((n) => n.startsWith("tonk-shell-") && n !== SHELL)
        .map((n) => caches.delete(n))))
      .then(() => self.clients.claim())
  );
});

// A kept answer says so (X-From-Cache): the scoring screen then predicts the dealer itself.
// A kept page says so in its body too (data-kept), which a page cannot read from its headers:
// it is marked as such and holds taps until the server has redrawn it (js/tap_guard.js).
function fromCache(hit, page) {
  if (!hit) return Response.error();
  const headers = new Headers(hit.headers);
  headers.set("X-From-Cache", "1");
  const body = page ? hit.text().then((html) => html.replace("<body ", "<body data-kept ")) : hit.blob();
  return body.then((content) => new Response(content, { status: hit.status, statusText: hit.statusText, headers }));
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== location.origin) return;
  if (request.method !== "GET") {  // saves go to the server, or fail
    // Another account may sign in on this phone: the kept pages were the last one's, and
    // they are gone before the server is even asked.
    if (ACCOUNT.test(url.pathname)) {
      account += 1;
      event.respondWith(caches.delete(PAGES).then(() => fetch(request)));
    } else if (CHANGE.test(url.pathname)) {
      const night = new URL(url.pathname.match(CHANGE)[1], url);
      event.respondWith(fetch(request).then((response) => afterChange(response, night)));
    }
    return;
  }
  if (url.pathname.startsWith(STATIC)) {
    event.respondWith(caches.match(request).then((hit) => hit || fetch(request)));
    return;
  }
  const page = request.mode === "navigate" && NIGHT.test(url.pathname);
  const sheet = SHEET.test(url.pathname) && !url.search && request.headers.get("HX-Request") === "true";
  if (page || sheet) {
    const asked = account;
    event.respondWith(
      fetch(request)
        .then((response) => {
          if (!response.ok || response.redirected) return response;  // a login page is not kept
          return put(request, response.clone(), asked).then(() => response);
        })
        .catch(() => caches.match(request, { ignoreVary: true }).then((hit) => fromCache(hit, page)))
    );
  }
});

// Kept only for the account that asked: one that has logged out since never writes again
// (checked once the cache is open, the last moment before the write).
function put(request, response, asked) {
  if (asked !== account) return Promise.resolve();
  return caches.open(PAGES).then((cache) => (asked === account ? cache.put(request, response) : undefined));
}

function keep(request, asked) {
  return fetch(request).then((response) => {
    if (!response.ok || response.redirected) throw new Error(response.status);  // a login page is not kept
    return put(request, response, asked);
  });
}

// A change made on a night: its board is kept again before the answer is shown, so a
// connection lost at once leaves the copy of the night as it now stands (with the dealer of
// the next deal, which an offline sheet starts from). A slow page is not waited on for long.
function afterChange(response, night) {
  if (!response.ok || response.redirected || response.headers.has("X-Hand-Refused")) return response;
  const kept = keep(new Request(night), account).catch(() => {});
  const late = new Promise((done) => setTimeout(done, CHANGE_WAIT));
  return Promise.race([kept, late]).then(() => response);
}

// A night page tells the worker when the night it shows has changed (js/offline.js): the
// page is fetched and kept as it stands now, and when the table changed, its new hands'
// sheets too, one after another. A sheet that could not be fetched is said, so the page
// asks again at its next change.
self.addEventListener("message", (event) => {
  const data = event.data || {};
  const url = data.keep && new URL(data.keep);
  if (!url || url.origin !== location.origin || !NIGHT.test(url.pathname)) return;
  const sheets = (data.sheets || []).filter((sheet) => SHEET.test(new URL(sheet, url).pathname));
  const asked = account;  // the sheets fetched later were still asked for by this account
  const page = data.page === false ? Promise.resolve() : keep(new Request(url), asked).catch(() => {});
  const hx = { headers: { "HX-Request": "true" } };
  const kept = sheets.reduce((done, sheet) => done.then(() => keep(new Request(new URL(sheet, url), hx), asked)), page)
    .catch(() => event.source && event.source.postMessage({ sheetsMissed: true }));
  event.waitUntil(kept);
});
