// The service worker that makes the site work offline: on install it caches the page, the runtime
// files the snapshot boot reads, the snapshot and the wheel (VERSION and PRECACHE are written by
// build_site.py: a hash of those files' contents, and their site paths); it answers every request
// of the site from that cache first, and caches whatever else the site fetches (the fallback boot's
// files) as it passes. A new deployment has a new VERSION, hence a new sw.js: the browser installs
// it beside the old one, the page offers "new version: reload", and the page's reload message lets
// it take over; the old version's cache is then deleted (only this scope's: see PREFIX).
//
// Every address is relative to this file, so the site works under a sub-path such as /repo/.

const VERSION = "__VERSION__";
const PRECACHE = ["__PRECACHE__"];
const SCOPE = new URL("./", self.location.href);
// Caches are shared by the whole origin, and two deployments may live on one (user.github.io/a/
// and /b/): each names its caches by its scope and deletes only its own scope's old ones.
const PREFIX = `pysolver ${SCOPE.href} `;
const CACHE = `${PREFIX}${VERSION}`;
// The first format's names ("pysolver-" and the version), which did not say whose they were.
const UNSCOPED = /^pysolver-[0-9a-f]{16}$/;

/**
 * Why the cached manifest.json cannot be this version's, or null: it must name the wheel and the
 * snapshot this worker cached. A host's HTTP cache can answer an older build's manifest, whose
 * wheel and snapshot a deployment may have removed; installing then would break every boot.
 */
async function inconsistency(cache) {
  const response = await cache.match(new URL("manifest.json", SCOPE));
  if (!response) return "manifest.json is not cached";
  let manifest;
  try {
    manifest = await response.json();
  } catch {
    return "the cached manifest.json is not JSON";
  }
  if (!PRECACHE.includes(manifest.wheel)) return `the cached manifest.json names another wheel (${manifest.wheel})`;
  if (manifest.snapshot && !PRECACHE.includes(manifest.snapshot.path)) {
    return `the cached manifest.json names another snapshot (${manifest.snapshot.path})`;
  }
  return null;
}

self.addEventListener("install", (event) => {
  // Each file is asked of the server again ("no-cache": revalidated, so an unchanged file costs
  // a 304), never taken from the browser's HTTP cache as it is: a host that lets files be cached
  // (GitHub Pages: 10 minutes) would otherwise have this version store the previous version's
  // page and manifest, and the page would never leave it. Then the files must agree, or the
  // install fails and the old version stays; the next visit tries again.
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    try {
      await cache.addAll(PRECACHE.map((path) => new Request(new URL(path, SCOPE), { cache: "no-cache" })));
      const problem = await inconsistency(cache);
      if (problem) throw new Error(`pysolver ${VERSION} not installed: ${problem}`);
    } catch (error) {
      await caches.delete(CACHE);
      throw error;
    }
  })());
});

/** Is `name` an old cache of this scope (the current format, or the first one holding this page)? */
async function ownOldCache(name) {
  if (name === CACHE) return false;
  if (name.startsWith(PREFIX)) return true;
  if (!UNSCOPED.test(name)) return false;
  const cache = await caches.open(name);
  return (await cache.match(new URL("./", SCOPE))) !== undefined;
}

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (await ownOldCache(name)) await caches.delete(name);
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
