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

/** The file name at the end of `url`, for messages. */
export function fileName(url) {
  return new URL(url, self.location.href).pathname.split("/").pop();
}

/**
 * A file the boot needs could not be downloaded: the message names the file, its address and how
 * it failed (an HTTP status, or the network), so the page can say which file is missing.
 */
export class DownloadError extends Error {
  constructor(url, how) {
    super(`${fileName(url)} could not be downloaded: ${how} (${url})`);
    this.name = "DownloadError";
    this.url = String(url);
  }
}

/** `fetch(url, init)` (or `fetcher`'s), failing with a DownloadError unless the answer is ok. */
export async function fetchOk(input, init, fetcher = fetch) {
  const url = input instanceof Request ? input.url : String(input);
  let response;
  try {
    response = await fetcher(input, init);
  } catch (error) {
    if (error && error.name === "AbortError") throw error;
    throw new DownloadError(url, "the network failed");
  }
  if (!response.ok) throw new DownloadError(url, `HTTP ${response.status}`);
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
 * Pyodide fetches its WebAssembly, standard library and lock file by URL and offers no hook for it,
 * so the worker's own fetch is wrapped for that while; nothing else runs in the worker meanwhile.
 *
 * Every answer is checked on the way: Pyodide only logs a warning for a missing WebAssembly file
 * (and then waits forever) and reports a missing standard library as "[object Object]", so the
 * first download that fails ends the load at once with a DownloadError naming the file.
 */
export async function withGzippedRuntime(prefetched, load) {
  const plainFetch = globalThis.fetch;
  let failed;
  const failure = new Promise((resolve, reject) => {
    failed = reject;
  });
  failure.catch(() => {}); // raced below; an unraced rejection is no error
  const checkedFetch = async (input, init) => {
    try {
      return await fetchOk(input, init, plainFetch);
    } catch (error) {
      failed(error);
      throw error;
    }
  };
  globalThis.fetch = async (input, init) => {
    const href = new URL(input instanceof Request ? input.url : input, self.location.href).href;
    const download = prefetched.get(href);
    if (!download) return checkedFetch(input, init);
    prefetched.delete(href);
    const response = await download.catch(() => null);
    return response && response.ok ? gunzipped(response, contentType(new URL(href))) : checkedFetch(input, init);
  };
  try {
    return await Promise.race([load(), failure]);
  } finally {
    globalThis.fetch = plainFetch;
  }
}

/**
 * Import Pyodide's loader, and its Emscripten module (pyodide.asm.mjs) from its prefetched gzipped
 * copy when there is one; resolves with {loadPyodide, version, createPyodideModule}.
 */
export async function importRuntime(site, prefetched) {
  const loader = new URL("pyodide/pyodide.mjs", site).href;
  let loaded;
  try {
    loaded = await import(loader);
  } catch (error) {
    // import() says only "Failed to fetch dynamically imported module": ask the server why.
    await fetchOk(loader, { cache: "no-store" });
    throw new Error(`${fileName(loader)} could not be loaded as a module (${loader}): ${error.message}`);
  }
  const { loadPyodide, version } = loaded;
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
