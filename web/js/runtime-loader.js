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

/**
 * Watches the boot's downloads for a stall: when the downloads the boot waits on (a request out and
 * not answered, a body being read) have all received nothing for `periodMs`, they are stalled, until
 * any download moves again. `onChange(stalled)` hears the list of stalled downloads ({file, url})
 * each time it changes, an empty one when the stall is over.
 *
 * Time counts only while a byte is awaited, and any byte of any download ends it. A prefetched file
 * whose body nobody reads yet (loadPyodide has not asked for it) is not waited on, however long it
 * waits; a slow but live link, whose bytes keep coming, never stalls; and neither does a download
 * that gets nothing only because others take the link first (an HTTP/2 server may send same-priority
 * answers one after the other, a browser may queue requests behind busy connections): the file
 * named is one the boot waits on while nothing at all arrives.
 *
 * A stalled download is left running, not aborted: a link that pauses (a train in a tunnel, a phone
 * changing networks, a server catching up) often resumes, and an aborted download would throw away
 * what had arrived and could not resume by itself. The page says which file waits and from where,
 * keeps its progress, and offers Retry (a reload) for when it does not resume.
 */
export class StallWatch {
  constructor(periodMs, onChange) {
    this.periodMs = periodMs;
    this._onChange = onChange;
    this._awaited = new Set(); // the downloads waiting for a byte, as {file, url}
    this._stalled = false;
    this._timer = null;
    this._closed = false;
  }

  /**
   * Watch a download of `url`: `waiting()` when a byte is awaited (the request sent, a read begun),
   * `received()` when one came or the download ended (either way nothing is awaited any more).
   */
  watch(url) {
    const entry = { file: fileName(url), url: String(url) };
    return {
      waiting: () => {
        if (this._closed || this._awaited.has(entry)) return;
        this._awaited.add(entry);
        if (this._stalled) this._report();
        else if (this._timer === null) this._arm();
      },
      received: () => {
        if (this._closed) return;
        this._awaited.delete(entry);
        clearTimeout(this._timer);
        this._timer = null;
        if (this._stalled) {
          this._stalled = false;
          this._report();
        }
        if (this._awaited.size > 0) this._arm();
      },
    };
  }

  /** Stop watching: the boot is over (ready or failed), whatever is still downloading. */
  close() {
    this._closed = true;
    clearTimeout(this._timer);
  }

  _arm() {
    this._timer = setTimeout(() => {
      this._timer = null;
      if (this._closed || this._awaited.size === 0) return;
      this._stalled = true;
      this._report();
    }, this.periodMs);
  }

  _report() {
    this._onChange(this._stalled ? [...this._awaited] : []);
  }
}

/** A watch that never reports, for a download nobody watches. */
const UNWATCHED = new StallWatch(0, () => {});
UNWATCHED.close();

/**
 * `response` with a body that tells `watched` when a read waits for bytes and when they come. It
 * reads from the network only when its own reader asks (a high-water mark of 0): a body nobody reads
 * yet waits on nothing.
 */
function watchedBody(response, watched) {
  if (!response.body) {
    watched.received();
    return response;
  }
  const reader = response.body.getReader();
  const body = new ReadableStream({
    async pull(controller) {
      watched.waiting();
      let chunk;
      try {
        chunk = await reader.read();
      } catch (error) {
        watched.received();
        controller.error(error);
        return;
      }
      watched.received();
      if (chunk.done) controller.close();
      else controller.enqueue(chunk.value);
    },
    cancel(reason) {
      watched.received();
      return reader.cancel(reason);
    },
  }, { highWaterMark: 0 });
  const { status, statusText, headers } = response;
  const answer = new Response(body, { status, statusText, headers });
  // Pyodide and the messages read the address the answer came from; a new Response has none.
  Object.defineProperty(answer, "url", { value: response.url });
  return answer;
}

/**
 * `fetch(url, init)` (or `fetcher`'s), failing with a DownloadError unless the answer is ok; `watch`
 * (a StallWatch) hears when it waits for the answer and for the bytes of its body.
 */
export async function fetchOk(input, init, { fetcher = fetch, watch = UNWATCHED } = {}) {
  const url = input instanceof Request ? input.url : String(input);
  const watched = watch.watch(url);
  watched.waiting();
  let response;
  try {
    response = await fetcher(input, init);
  } catch (error) {
    watched.received();
    if (error && error.name === "AbortError") throw error;
    throw new DownloadError(url, "the network failed");
  }
  watched.received();
  if (!response.ok) throw new DownloadError(url, `HTTP ${response.status}`);
  return watchedBody(response, watched);
}

/**
 * Read `url` to bytes, gunzipping when `gzip`; `onBytes(done)` hears the compressed bytes read so far
 * (for the progress bar), `watch` (a StallWatch) whether bytes keep coming.
 */
export async function fetchBytes(url, { gzip = false, onBytes = () => {}, signal, watch } = {}) {
  const response = await fetchOk(url, { signal }, { watch });
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
 * downloads overlap with everything else the worker does before loadPyodide asks for them; `watch`
 * (a StallWatch) hears whether their bytes keep coming.
 */
export function prefetchGzipped(site, gzipped, watch = UNWATCHED) {
  const started = new Map();
  if (!CAN_GUNZIP) return started;
  for (const path of gzipped) {
    const url = new URL(path, site);
    const gz = new URL(`${url.pathname}.gz`, url);
    const watched = watch.watch(gz);
    watched.waiting();
    const response = fetch(gz).then((answer) => {
      watched.received();
      return answer.ok ? watchedBody(answer, watched) : answer;
    }, (error) => {
      watched.received();
      throw error;
    });
    response.catch(() => {}); // a failed download is fetched again, plain, when asked for
    started.set(url.href, response);
  }
  return started;
}

/**
 * Run `load()` (Pyodide's loadPyodide, or its loadPackage) while a fetch of a runtime file that
 * `prefetched` holds reads its gunzipped download instead (once: a second fetch, as in a fallback
 * boot, goes to the network). Pyodide fetches its WebAssembly, standard library, lock file and
 * packages by URL and offers no hook for it, so the worker's own fetch is wrapped for that while;
 * nothing else runs in the worker meanwhile.
 *
 * Every answer is checked on the way: Pyodide only logs a warning for a missing WebAssembly file
 * (and then waits forever) and reports a missing standard library as "[object Object]", so the
 * first download that fails ends the load at once with a DownloadError naming the file. And every
 * download is watched (`watch`, a StallWatch), so that one that stops sending is named too.
 *
 * A download that fails while the load runs answers Pyodide nothing (its fetch never settles): the
 * load is over and reported with the DownloadError, and Pyodide starts some downloads long before
 * it awaits them (the standard library and the WebAssembly, awaited once the snapshot is in and the
 * WebAssembly compiled), so a rejection handed to it would surface as an uncaught error in the
 * worker, a second report of the same failure, whenever that file failed first. The same goes for
 * a download that fails after the load has failed; one that fails after it has succeeded rejects
 * as any fetch does.
 */
export async function withGzippedRuntime(prefetched, load, watch = UNWATCHED) {
  const plainFetch = globalThis.fetch;
  let failed;
  const failure = new Promise((resolve, reject) => {
    failed = reject;
  });
  failure.catch(() => {}); // raced below; an unraced rejection is no error
  let loaded = false;
  const checkedFetch = async (input, init) => {
    try {
      return await fetchOk(input, init, { fetcher: plainFetch, watch });
    } catch (error) {
      if (loaded) throw error;
      failed(error);
      return new Promise(() => {}); // reported by the race below, once; Pyodide waits on, unheard
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
    const value = await Promise.race([load(), failure]);
    loaded = true;
    return value;
  } finally {
    globalThis.fetch = plainFetch;
  }
}

/** The module whose source is `source` (downloaded from `url`, which messages name). */
async function importSource(url, source) {
  const blobURL = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
  try {
    return await import(blobURL);
  } catch (error) {
    throw new Error(`${fileName(url)} could not be loaded as a module (${url}): ${error.message}`);
  } finally {
    URL.revokeObjectURL(blobURL);
  }
}

/**
 * Import the module at `url`, downloaded by fetch rather than by import(): a download that fails
 * is named with its HTTP status (import() says only "Failed to fetch dynamically imported
 * module"), and one that stalls is seen by `watch` (import() shows no bytes).
 */
async function importWatched(url, watch) {
  const response = await fetchOk(url, {}, { watch });
  return importSource(url, await response.arrayBuffer());
}

/**
 * Import Pyodide's loader and its Emscripten module (pyodide.asm.mjs), the latter from its
 * prefetched gzipped copy when there is one; resolves with {loadPyodide, version,
 * createPyodideModule}. Both are downloaded here, watched by `watch` (loadPyodide would import the
 * Emscripten module itself, unseen).
 */
export async function importRuntime(site, prefetched, watch = UNWATCHED) {
  const { loadPyodide, version } = await importWatched(new URL("pyodide/pyodide.mjs", site).href, watch);
  const glue = new URL("pyodide/pyodide.asm.mjs", site).href;
  let module = null;
  if (prefetched.has(glue)) {
    const download = prefetched.get(glue);
    prefetched.delete(glue);
    try {
      const response = await download;
      if (response.ok) module = await importSource(glue, await gunzipped(response, "text/javascript").arrayBuffer());
    } catch {
      module = null; // the plain file is downloaded instead
    }
  }
  module ??= await importWatched(glue, watch);
  return { loadPyodide, version, createPyodideModule: module.default };
}
