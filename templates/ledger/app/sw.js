// Tonk Tracker's service worker: the app shell from the cache, pages from the network. The
// scoring screens, spectator views and new hands' sheets are kept, so a night opened before
// opens again with no connection and hands can be logged into the phone's queue (queue.js);
// they are forgotten when the phone logs out.
const VERSION = "{{ version }}";
const SHELL = "tonk-shell-" + VERSION;
const PAGES = "tonk-pages";
const STATIC = {{ static_prefix|safe }};
const NIGHT = /^\/l\/[^/]+\/nights\/\d+\/(watch\/)?$/;
const SHEET = /^\/l\/[^/]+\/nights\/\d+\/hand\/\w+\/$/;  // a new hand's sheet, not a correction's

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

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== location.origin) return;
  if (request.method !== "GET") {  // saves go to the server, or fail
    if (url.pathname.endsWith("/logout/")) event.waitUntil(caches.delete(PAGES));
    return;
  }
  if (url.pathname.startsWith(STATIC)) {
    event.respondWith(caches.match(request).then((hit) => hit || fetch(request)));
    return;
  }
  const sheet = SHEET.test(url.pathname) && !url.search;
  if ((request.mode === "navigate" && NIGHT.test(url.pathname)) || sheet) {
    event.respondWith(
      fetch(request)
        .then((response) => {
          if (response.ok) {
            const copy = response.clone();
            caches.open(PAGES).then((cache) => cache.put(request, copy));
          }
          return response;
        })
        .catch(() => caches.match(request, { ignoreVary: true }).then((hit) => hit || Response.error()))
    );
  }
});
