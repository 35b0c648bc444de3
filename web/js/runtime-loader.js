// How the worker gets the Pyodide runtime and the memory snapshot over the network: gzipped where
// the build shipped a `.gz` beside a file (manifest.gzipped, manifest.snapshot), decompressed here
// with DecompressionStream, because a static host such as GitHub Pages does not compress every file
// type. Without DecompressionStream the worker reads the plain files and never the snapshot.

export const CAN_GUNZIP = typeof DecompressionStream === "function";

/** A Response whose body is `response`'s gunzipped, with the given content type. */
function gunzipped(response, contentType) {
  const body = response.body.pipeThrough(new DecompressionStream("gzip"));
  return new Response(body, { status: 200, headers: { "Content-Type": contentType } });
}

const CONTENT_TYPES = { ".wasm": "application/wasm", ".json": "application/json", ".mjs": "text/javascript" };

function contentType(url) {
  const found = Object.keys(CONTENT_TYPES).find((ext) => url.pathname.endsWith(ext));
  return found ? CONTENT_TYPES[found] : "application/octet-stream";
}

async function fetchOk(url, init) {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${new URL(url).pathname.split("/").pop()}: HTTP ${response.status}`);
  return response;
}

/**
 * Read `url` to bytes, gunzipping when `gzip`; `onBytes(done)` hears the compressed bytes read so far
 * (for the progress bar).
 */
export async function fetchBytes(url, { gzip = false, onBytes = () => {}, signal } = {}) {
  const response = await fetchOk(url, { signal });
  let done = 0;
  const counted = response.body.pipeThrough(new TransformStream({
    transform(chunk, controller) {
      done += chunk.byteLength;
      onBytes(done);
      controller.enqueue(chunk);
    },
  }));
  const body = gzip ? counted.pipeThrough(new DecompressionStream("gzip")) : counted;
  return new Uint8Array(await new Response(body).arrayBuffer());
}

/**
 * Start fetching the `.gz` of each runtime file named in `gzipped` (site paths) now, so that the
 * downloads overlap with everything else the worker does before loadPyodide asks for them.
 */
export function prefetchGzipped(site, gzipped) {
  const started = new Map();
  if (!CAN_GUNZIP) return started;
  for (const path of gzipped) {
    const url = new URL(path, site);
    const response = fetch(new URL(`${url.pathname}.gz`, url));
    response.catch(() => {}); // a failed download is fetched again, plain, when asked for
    started.set(url.href, response);
  }
  return started;
}

/**
 * Run `load()` (Pyodide's loadPyodide) while a fetch of a runtime file that `prefetched` holds reads
 * its gunzipped download instead (once: a second fetch, as in a fallback boot, goes to the network).
 * Pyodide fetches its WebAssembly and lock file by URL and offers no hook for it, so the worker's
 * own fetch is wrapped for that while; nothing else runs in the worker meanwhile.
 */
export async function withGzippedRuntime(prefetched, load) {
  if (prefetched.size === 0) return load();
  const plainFetch = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const href = new URL(input instanceof Request ? input.url : input, self.location.href).href;
    const download = prefetched.get(href);
    if (!download) return plainFetch(input, init);
    prefetched.delete(href);
    const response = await download.catch(() => null);
    return response && response.ok ? gunzipped(response, contentType(new URL(href))) : plainFetch(input, init);
  };
  try {
    return await load();
  } finally {
    globalThis.fetch = plainFetch;
  }
}

/**
 * Import Pyodide's loader, and its Emscripten module (pyodide.asm.mjs) from its prefetched gzipped
 * copy when there is one; resolves with {loadPyodide, version, createPyodideModule}.
 */
export async function importRuntime(site, prefetched) {
  const { loadPyodide, version } = await import(new URL("pyodide/pyodide.mjs", site).href);
  const glue = new URL("pyodide/pyodide.asm.mjs", site).href;
  let createPyodideModule;
  if (prefetched.has(glue)) {
    const download = prefetched.get(glue);
    prefetched.delete(glue);
    try {
      const response = await download;
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const source = await gunzipped(response, "text/javascript").arrayBuffer();
      const blobURL = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
      try {
        createPyodideModule = (await import(blobURL)).default;
      } finally {
        URL.revokeObjectURL(blobURL);
      }
    } catch {
      createPyodideModule = undefined; // loadPyodide imports the plain file itself
    }
  }
  return { loadPyodide, version, createPyodideModule };
}
