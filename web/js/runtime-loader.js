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
  if (!response.ok) throw new Error(`${url.pathname.split("/").pop()}: HTTP ${response.status}`);
  return response;
}

/**
 * Read `url` to bytes, gunzipping when `gzip`; `onBytes(done)` hears the compressed bytes read so far
 * (for the progress bar).
 */
export async function fetchBytes(url, { gzip = false, onBytes = () => {} } = {}) {
  const response = await fetchOk(url);
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
 * Run `load()` (Pyodide's loadPyodide) while fetches of the runtime files named in `gzipped` (site
 * paths) read their `.gz` instead. Pyodide fetches its WebAssembly and lock file by URL and offers no
 * hook for it, so the worker's own fetch is wrapped for that while; nothing else runs in the worker
 * meanwhile.
 */
export async function withGzippedRuntime(site, gzipped, load) {
  if (!CAN_GUNZIP || gzipped.length === 0) return load();
  const packed = new Set(gzipped.map((path) => new URL(path, site).href));
  const plainFetch = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : input, site);
    if (!packed.has(url.href)) return plainFetch(input, init);
    const response = await plainFetch(new URL(`${url.pathname}.gz`, url), init);
    return response.ok ? gunzipped(response, contentType(url)) : plainFetch(input, init);
  };
  try {
    return await load();
  } finally {
    globalThis.fetch = plainFetch;
  }
}

/**
 * Import Pyodide's loader, and its Emscripten module (pyodide.asm.mjs) from the gzipped copy when
 * there is one; resolves with {loadPyodide, version, createPyodideModule}.
 */
export async function importRuntime(site, gzipped) {
  const { loadPyodide, version } = await import(new URL("pyodide/pyodide.mjs", site).href);
  const glue = "pyodide/pyodide.asm.mjs";
  let createPyodideModule;
  if (CAN_GUNZIP && gzipped.includes(glue)) {
    try {
      const source = await fetchBytes(new URL(`${glue}.gz`, site), { gzip: true });
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
