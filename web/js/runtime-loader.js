// How the worker gets the Pyodide runtime and the memory snapshot over the network: gzipped where
// the build shipped a `.gz` beside a file (manifest.gzipped, manifest.snapshot), decompressed here
// with DecompressionStream, because a static host such as GitHub Pages does not compress every file
// type. Without DecompressionStream the worker reads the plain files and never the snapshot.

export const CAN_GUNZIP = typeof DecompressionStream === "function";

/**
 * A Response whose body is `response`'s gunzipped, with the given content type. Compressed data
 * that does not decompress (cut short, or corrupt) errors it with a DownloadError saying that the
 * file (`response.url`) arrived damaged; `onBroken` hears that error, or the one the download
 * itself broke with, and when it returns true (the failure is reported elsewhere) the body goes
 * quiet instead of erroring.
 */
function gunzipped(response, contentType, onBroken = () => false) {
  const body = gunzippedStream(response, onBroken);
  return new Response(body, { status: 200, headers: { "Content-Type": contentType } });
}

/** `response`'s body gunzipped, its errors named as gunzipped() says. */
function gunzippedStream(response, onBroken = () => false) {
  const inflated = response.body.pipeThrough(new DecompressionStream("gzip"));
  return renamingErrors(inflated, (error) => damagedUnlessNamed(response.url, error, "its compressed data is cut short or corrupt"),
    onBroken);
}

/**
 * `stream`, its error (other than an abort) replaced by `rename(error)`, which `onBroken` hears
 * first: when it returns true, the stream goes quiet (never ends) instead. It reads only when asked.
 */
function renamingErrors(stream, rename, onBroken = () => false) {
  const reader = stream.getReader();
  return new ReadableStream({
    async pull(controller) {
      let chunk;
      try {
        chunk = await reader.read();
      } catch (error) {
        if (error && error.name === "AbortError") controller.error(error);
        else broken(controller, rename(error), onBroken);
        return;
      }
      if (chunk.done) controller.close();
      else controller.enqueue(chunk.value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  }, { highWaterMark: 0 });
}

/** Error `controller`'s stream with `error`, unless `onBroken(error)` says it is reported elsewhere. */
function broken(controller, error, onBroken) {
  if (!onBroken(error)) controller.error(error);
}

/** `error` when it already names a download; else a DownloadError: `url` arrived damaged (`how`). */
function damagedUnlessNamed(url, error, how) {
  return error instanceof DownloadError ? error : DownloadError.damaged(url, how);
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
  constructor(url, how, message = `${fileName(url)} could not be downloaded: ${how} (${url})`) {
    super(message);
    this.name = "DownloadError";
    this.url = String(url);
  }

  /** The body of `url` broke off (the connection dropped) after `received` bytes of `total` (or null). */
  static stopped(url, received, total) {
    const of = total !== null && total > received ? ` of ${byteSize(total)}` : "";
    // A browser may drop what it had buffered of a body nobody was reading yet.
    const after = received > 0 ? `after ${byteSize(received)}${of}` : `before its end${total ? ` (${byteSize(total)})` : ""}`;
    return new DownloadError(url, "stopped", `the download of ${fileName(url)} stopped ${after} (${url})`);
  }

  /** `url` came whole as far as HTTP could tell, but its bytes are not what they must be (`how`). */
  static damaged(url, how) {
    return new DownloadError(url, "damaged", `${fileName(url)} arrived damaged: ${how} (${url})`);
  }
}

/**
 * The first error a body broke with, noted by `note` (an `onBroken` for fetchOk, gunzipped...):
 * Chromium's Response methods (arrayBuffer(), json()) reject with a bare "Failed to fetch" when
 * the body errors, whatever the error was; `named(error)` gives the noted one instead.
 */
export class BodyFailure {
  constructor() {
    this.error = null;
    this.note = (error) => {
      this.error ??= error;
      return false;
    };
  }

  named(error) {
    return this.error ?? error;
  }
}

/** A number of bytes as people read it: "850 kB", "8.3 MB". */
export function byteSize(bytes) {
  if (bytes < 1e6) return `${Math.round(bytes / 1e3)} kB`;
  return `${(bytes / 1e6).toFixed(1)} MB`;
}

/** The size the answer's headers announce for its body, or null (unsaid, or said of its encoded form). */
function announcedSize(response) {
  const length = Number(response.headers.get("Content-Length"));
  if (!(length > 0) || response.headers.has("Content-Encoding")) return null;
  return length;
}

// A zip archive (the standard library, a wheel) ends with its end-of-central-directory record: its
// signature, 18 bytes more, and a comment of at most 65535 bytes.
const ZIP_END = [0x50, 0x4b, 0x05, 0x06];
const ZIP_END_SPAN = 22 + 0xffff;

/** Whether `tail` (an archive's last bytes) holds a zip's end record: a file cut short does not. */
function hasZipEnd(tail) {
  for (let at = tail.length - 22; at >= 0; at -= 1) {
    if (ZIP_END.every((byte, i) => tail[at + i] === byte)) return true;
  }
  return false;
}

/** The last `span` bytes seen so far of a stream, kept chunk by chunk. */
class Tail {
  constructor(span) {
    this.span = span;
    this.chunks = [];
    this.size = 0;
  }

  add(chunk) {
    this.chunks.push(chunk);
    this.size += chunk.byteLength;
    while (this.chunks.length > 1 && this.size - this.chunks[0].byteLength >= this.span) {
      this.size -= this.chunks.shift().byteLength;
    }
  }

  bytes() {
    const all = new Uint8Array(this.size);
    let at = 0;
    for (const chunk of this.chunks) {
      all.set(chunk, at);
      at += chunk.byteLength;
    }
    return all.subarray(Math.max(0, this.size - this.span));
  }
}

/**
 * Why the whole body of a file cannot be the file it names, or null. A file the build recorded
 * (`recorded`: its {bytes, integrity}, or null) must have its size, then its integrity (`copy`: its
 * body as far as the recorded size, `size`: the body's whole size); a zip must end as one (`tail`:
 * its last bytes, or null when it is no zip).
 */
async function incomplete(tail, recorded, copy, size) {
  if (recorded !== null && size < recorded.bytes) return `it is cut short (${byteSize(size)} of ${byteSize(recorded.bytes)})`;
  if (tail !== null && !hasZipEnd(tail.bytes())) return "it is cut short (a zip archive without its end)";
  if (recorded !== null && (size > recorded.bytes || await integrityOf(copy) !== recorded.integrity)) return ALTERED;
  return null;
}

const ZIP_PATH = /\.(zip|whl)$/;

// What the page says of a file whose bytes are not those its build recorded.
export const ALTERED = "its contents differ from this version's";

// The size and integrity ("sha256-" and the digest in base64) of each file this site's build
// shipped for the boot, by address (without query): set by expectFiles before the boot downloads.
const expected = new Map();

/**
 * Check every download of a file that `files` (the manifest's: {bytes, integrity} by site path,
 * relative to `site`) names against its record: a body that ends short, or whose bytes differ (a
 * faulty proxy, disk or cache, a file edited on the server), errors at its end, before whoever
 * reads it has seen it end, with a DownloadError saying that the file arrived damaged and how.
 * Files it does not name are not checked.
 */
export function expectFiles(site, files = {}) {
  for (const [path, recorded] of Object.entries(files)) expected.set(new URL(path, site).href, recorded);
}

/** The integrity `bytes` have, as the build writes it. */
async function integrityOf(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  let text = "";
  for (const byte of digest) text += String.fromCharCode(byte);
  return `sha256-${btoa(text)}`;
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
 *
 * A body that breaks off (the connection dropped, a Content-Length larger than what came) errors
 * with a DownloadError saying how much of how much came; a zip archive (a `.zip` or `.whl` address)
 * that ends without its end record (cut short by a wrong Content-Length, say), or a file shorter
 * than the build recorded or whose bytes are not those it recorded (see expectFiles), errors with
 * one saying it arrived damaged. `onBroken(error)` hears either; when it returns true (the failure is reported
 * elsewhere), the body goes quiet instead of erroring. The errors name the address the answer came
 * from, else `requested`.
 */
function watchedBody(response, watched, requested, onBroken = () => false) {
  if (!response.body) {
    watched.received();
    return response;
  }
  const reader = response.body.getReader();
  const url = response.url || String(requested);
  const total = announcedSize(response);
  const address = url.split(/[?#]/)[0];
  const tail = ZIP_PATH.test(address) ? new Tail(ZIP_END_SPAN) : null;
  // A body to check is copied, chunk by chunk, as it passes on, into a buffer of its recorded
  // size, and digested once whole (natively, off this thread): its reader reads along as it comes,
  // and only its end waits for the digest.
  const recorded = expected.get(address) ?? null;
  const copy = recorded !== null ? new Uint8Array(recorded.bytes) : null;
  let received = 0;
  const body = new ReadableStream({
    async pull(controller) {
      watched.waiting();
      let chunk;
      try {
        chunk = await reader.read();
      } catch (error) {
        watched.received();
        if (error && error.name === "AbortError") controller.error(error);
        else broken(controller, DownloadError.stopped(url, received, total), onBroken);
        return;
      }
      watched.received();
      if (!chunk.done) {
        if (copy !== null && received + chunk.value.byteLength <= copy.length) copy.set(chunk.value, received);
        received += chunk.value.byteLength;
        if (tail !== null) tail.add(chunk.value);
        controller.enqueue(chunk.value);
        return;
      }
      const why = await incomplete(tail, recorded, copy, received);
      if (why === null) controller.close();
      else broken(controller, DownloadError.damaged(url, why), onBroken);
    },
    cancel(reason) {
      watched.received();
      return reader.cancel(reason);
    },
  }, { highWaterMark: 0 });
  const { status, statusText, headers } = response;
  const answer = new Response(body, { status, statusText, headers });
  // Pyodide and the messages read the address the answer came from; a new Response has none.
  Object.defineProperty(answer, "url", { value: url });
  return answer;
}

/**
 * `fetch(url, init)` (or `fetcher`'s), failing with a DownloadError unless the answer is ok; `watch`
 * (a StallWatch) hears when it waits for the answer and for the bytes of its body. A body that
 * breaks off or arrives damaged errors with a DownloadError too (see watchedBody, and its
 * `onBroken`).
 */
export async function fetchOk(input, init, { fetcher = fetch, watch = UNWATCHED, onBroken } = {}) {
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
  return watchedBody(response, watched, url, onBroken);
}

/**
 * Read `url` to bytes, gunzipping when `gzip`; `onBytes(done)` hears the compressed bytes read so far
 * (for the progress bar), `watch` (a StallWatch) whether bytes keep coming. Rejects with a
 * DownloadError when the download fails, breaks off, or arrives damaged (not gzip when `gzip`).
 */
export async function fetchBytes(url, { gzip = false, onBytes = () => {}, signal, watch } = {}) {
  const failure = new BodyFailure();
  const response = await fetchOk(url, { signal }, { watch, onBroken: failure.note });
  let done = 0;
  const counted = response.body.pipeThrough(new TransformStream({
    transform(chunk, controller) {
      done += chunk.byteLength;
      onBytes(done);
      controller.enqueue(chunk);
    },
  }));
  const body = gzip ? gunzippedStream({ body: counted, url: response.url }, failure.note) : counted;
  try {
    return new Uint8Array(await new Response(body).arrayBuffer());
  } catch (error) {
    throw failure.named(error);
  }
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
      return answer.ok ? watchedBody(answer, watched, gz) : answer;
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
 * first download that fails ends the load at once with a DownloadError naming the file. So does
 * one whose body breaks off half-way or arrives damaged (Pyodide logs a broken standard library to
 * the console and boots on without it, and waits forever on a broken WebAssembly file). And every
 * download is watched (`watch`, a StallWatch), so that one that stops sending is named too.
 *
 * A download that fails while the load runs answers Pyodide nothing (its fetch, or the read of its
 * body, never settles): the
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
  // A body that breaks off or arrives damaged ends the load the same way, and tells Pyodide nothing.
  const onBroken = (error) => {
    if (loaded) return false;
    failed(error);
    return true;
  };
  const checkedFetch = async (input, init) => {
    try {
      return await fetchOk(input, init, { fetcher: plainFetch, watch, onBroken });
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
    return response && response.ok ? gunzipped(response, contentType(new URL(href)), onBroken) : checkedFetch(input, init);
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
  const failure = new BodyFailure();
  const response = await fetchOk(url, {}, { watch, onBroken: failure.note });
  let source;
  try {
    source = await response.arrayBuffer();
  } catch (error) {
    throw failure.named(error);
  }
  return importSource(url, source);
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
