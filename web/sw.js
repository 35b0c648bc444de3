// The service worker that makes the site work offline: on install it caches the page, the runtime
// files the snapshot boot reads, the snapshot and the wheel (VERSION and PRECACHE are written by
// build_site.py: a hash of those files' contents, and their site paths); it answers every request
// of the site from that cache first, and caches whatever else the site fetches (the fallback boot's
// files) as it passes. A new deployment has a new VERSION, hence a new sw.js: the browser installs
// it beside the old one, the page offers "new version: reload", and the page's reload message lets
// it take over; the old version's cache is then deleted.
//
// Every address is relative to this file, so the site works under a sub-path such as /repo/.

const VERSION = "__VERSION__";
const PRECACHE = ["__PRECACHE__"];
const PREFIX = "pysolver-";
const CACHE = `${PREFIX}${VERSION}`;
const SCOPE = new URL("./", self.location.href);

self.addEventListener("install", (event) => {
  // The page registers this worker once the solver is ready, so that these requests find the
  // browser's HTTP cache warm (or a 304) rather than downloading everything a second time.
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(PRECACHE.map((path) => new URL(path, SCOPE)))));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  if (event.data === "activate-new-version") self.skipWaiting();
});

/** The cached answer to `request`: a navigation within the site is answered by the cached page. */
async function cached(cache, request) {
  const hit = await cache.match(request, { ignoreSearch: true });
  if (hit || request.mode !== "navigate") return hit;
  return cache.match(new URL("./", SCOPE));
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(SCOPE.href)) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const hit = await cached(cache, request);
    if (hit) return hit;
    const response = await fetch(request);
    if (response.ok && response.type === "basic") await cache.put(request, response.clone());
    return response;
  })());
});
