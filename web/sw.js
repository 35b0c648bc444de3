// The service worker that makes the site work offline: on install it caches the page, the runtime
// files the snapshot boot reads, the snapshot and the wheel (VERSION, PRECACHE and INTEGRITY are
// written by build_site.py: a hash of those files' contents, their site paths, and the integrity of
// every file the boot may download, as the manifest has it); it answers every request of the site
// from that cache first, and caches whatever else the site fetches (the fallback boot's files) as
// it passes. A new deployment has a new VERSION, hence a new sw.js: the browser installs
// it beside the old one, the page offers "new version: reload", and the page's reload message lets
// it take over; the old version's cache is then deleted (only this scope's: see PREFIX).
//
// It caches only whole files, and of the boot's files only those whose bytes are the build's (a
// download that broke off, or arrived altered, is passed on as it came, for the worker to name, and
// not kept), and drops a cached boot file found altered (a faulty disk) as it serves it: the worker
// names it, and Retry fetches it again, rather than booting from a broken copy on every visit.
//
// Every address is relative to this file, so the site works under a sub-path such as /repo/.

const VERSION = "__VERSION__";
const PRECACHE = ["__PRECACHE__"];
const INTEGRITY = {"__INTEGRITY__": null};
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
  // page and manifest, and the page would never leave it. A boot file must have its integrity
  // (else its fetch fails), and the files must agree, or the install fails and the old version
  // stays; the next visit tries again.
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    try {
      await cache.addAll(PRECACHE.map((path) => new Request(new URL(path, SCOPE), {
        cache: "no-cache",
        integrity: INTEGRITY[path] ?? "",
      })));
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

/** The integrity the build recorded for the file at `url` (without query), or undefined. */
function integrityOf(url) {
  const address = new URL(url);
  address.search = "";
  address.hash = "";
  return address.href.startsWith(SCOPE.href) ? INTEGRITY[address.href.slice(SCOPE.href.length)] : undefined;
}

/** The integrity `bytes` have, as the build writes it ("sha256-" and the digest in base64). */
async function integrityOfBytes(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  let text = "";
  for (const byte of digest) text += String.fromCharCode(byte);
  return `sha256-${btoa(text)}`;
}

/** The whole body of `response`, if it comes whole and (when one is recorded) with `integrity`; else null. */
async function verifiedBody(response, integrity) {
  let bytes;
  try {
    bytes = await response.arrayBuffer();
  } catch {
    return null; // it broke off
  }
  return integrity === undefined || (await integrityOfBytes(bytes)) === integrity ? bytes : null;
}

/** Cache `response` (a clone of what the page got) for `request`, if it is whole and the build's. */
async function keep(cache, request, response) {
  const bytes = await verifiedBody(response, integrityOf(request.url));
  if (bytes === null) return;
  const { status, statusText, headers } = response;
  await cache.put(request, new Response(bytes, { status, statusText, headers }));
}

/** Drop `hit` (a clone of the cached answer to `request`) from the cache if it is not the build's file. */
async function dropIfAltered(cache, request, hit) {
  const integrity = integrityOf(request.url);
  if (integrity === undefined || (await verifiedBody(hit, integrity)) !== null) return;
  await cache.delete(request, { ignoreSearch: true });
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(SCOPE.href)) return;
  // The answer is handed on as it streams (a download that breaks off reaches the page as it broke,
  // for it to say where); checking and caching read a copy, meanwhile.
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const hit = await cached(cache, request);
    if (hit) {
      if (request.mode !== "navigate") event.waitUntil(dropIfAltered(cache, request, hit.clone()));
      return hit;
    }
    const response = await fetch(request);
    if (response.ok && response.type === "basic") event.waitUntil(keep(cache, request, response.clone()));
    return response;
  })());
});
