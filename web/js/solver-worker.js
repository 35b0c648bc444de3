// The solver's Web Worker: boots Pyodide in named stages, then answers {id, request} messages by
// calling pysolver.web.handle(jsonText), the package's one JSON-in/JSON-out entry point.
//
// The shape follows Pyodide's Web Worker guide and JupyterLite's kernel worker: one boot promise,
// progress posted per stage, replies carried by request id. Every address is relative to this
// file, so the site works at a server's root and under a sub-path such as /repo/.
//
// Two ways to boot. From the build's memory snapshot (an interpreter with pysolver already imported):
// fetch the runtime and the snapshot together, restore, unpack the wheel so that any module not yet
// imported can still be. Else, or when the snapshot is missing, stale (another Pyodide or wheel than
// the manifest's) or fails to restore, by installing: the runtime, micropip, then the wheel.
//
// Messages posted to the page:
//   {type: "progress", stage, label, fraction}      as each boot stage starts, and as bytes arrive
//   {type: "ready", versions: {python, pyodide, pysolver}, boot: {path, fallback}, manifest}
//        manifest: the manifest.json it booted with; a worker started with `#manifest=<its JSON>` at
//        the end of its URL boots with that one instead of fetching it (the page's later workers
//        load the files the page's first one did, even after a new deployment)
//        path "snapshot" or "install"; fallback: why the snapshot was not used (null if it was)
//   {type: "stalled", downloads: [{file, url}], seconds}
//        when nothing has arrived for `seconds` while the boot waits on these downloads (an empty
//        list when bytes come again); the boot goes on waiting for them. A worker started with
//        `#stall=<seconds>` in its URL waits that long before saying so, else STALL_SECONDS
//   {type: "boot-error", stage, message}             the last boot message: nothing follows it
//   {id, progress: {stage, fraction}}               from a long command, while it runs
//   {id, result}                                    a reply with ok: true
//   {id, error: {kind, message, ...}}               ok: false, a Python exception, or a failed boot

import {
  BodyFailure, CAN_GUNZIP, DownloadError, StallWatch, expectFiles, fetchBytes, fetchOk, fileName, importRuntime,
  prefetchGzipped, withGzippedRuntime,
} from "./runtime-loader.js";

const SITE = new URL("../", import.meta.url);
const OPTIONS = new URLSearchParams(self.location.hash.slice(1));

// How long a download the boot waits on may receive nothing before the page says which one it is.
// A slow link is no stall (its bytes keep coming, however few); a pause of a few seconds (a lost
// packet resent, a phone moving between networks) passes unsaid; but someone looking at a bar
// that does not move wants to know why well before they would give up, after half a minute or so.
const STALL_SECONDS = 25;

// Stage names, their labels for the progress bar, and the fraction of the boot done before each.
// The snapshot path has three stages (the download dominates); installing has four.
const STAGES = {
  runtime: { label: "Loading the Python runtime", fraction: 0 },
  restore: { label: "Restoring the solver", fraction: 0.85 },
  micropip: { label: "Loading the package installer", fraction: 0.7 },
  wheel: { label: "Installing pysolver", fraction: 0.85 },
  import: { label: "Starting the solver", fraction: 0.95 },
};
// While the runtime stage downloads the snapshot, the bar moves with its bytes up to this fraction,
// in steps of DOWNLOAD_STEP: each step is a message the page's main thread handles and draws while
// it is drawing the board, so a few dozen, not hundreds.
const DOWNLOAD_SHARE = 0.8;
const DOWNLOAD_STEP = 0.04;

let stage = "manifest";
let web = null; // from pysolver.web: {handle, oversized, maxRequestChars}
// Set when the boot has failed: no progress is posted after the boot error (a download still
// running would otherwise move the bar and hide the error), and the downloads are stopped.
let bootFailed = false;
let stopDownloads = () => {};
const stallSeconds = Number(OPTIONS.get("stall")) > 0 ? Number(OPTIONS.get("stall")) : STALL_SECONDS;
// Says which downloads have stalled while the boot runs; closed when it ends either way.
const watch = new StallWatch(stallSeconds * 1000, (downloads) => {
  if (!bootFailed) postMessage({ type: "stalled", downloads, seconds: stallSeconds });
});

function enter(name, fraction = STAGES[name].fraction) {
  if (bootFailed) return;
  stage = name;
  postMessage({ type: "progress", stage: name, label: STAGES[name].label, fraction });
}

async function fetchManifest() {
  const pinned = OPTIONS.get("manifest");
  if (pinned !== null) return JSON.parse(pinned);
  const failure = new BodyFailure();
  const response = await fetchOk(new URL("manifest.json", SITE), { cache: "no-cache" }, { watch, onBroken: failure.note });
  try {
    return await response.json();
  } catch (error) {
    if (failure.error) throw failure.error; // it broke off half-way
    throw new Error(`manifest.json is not valid JSON (${response.url})`);
  }
}

const url = (path) => new URL(path, SITE).href;

/** Why the manifest's snapshot cannot serve this site's wheel, or null when it may. */
function snapshotUnusable(manifest) {
  const snapshot = manifest.snapshot;
  if (!snapshot) return "the site has no snapshot";
  if (!CAN_GUNZIP) return "this browser has no DecompressionStream";
  if (snapshot.wheel !== manifest.wheel) return "the snapshot was made from another wheel";
  return null;
}

/** Start the downloads the snapshot path needs: the snapshot (its bytes move the bar) and the wheel. */
function startSnapshotDownloads(manifest) {
  const { path, gzip_bytes: total } = manifest.snapshot;
  const controller = new AbortController();
  let shown = 0;
  const snapshot = fetchBytes(url(path), {
    gzip: true,
    signal: controller.signal,
    watch,
    onBytes: (done) => {
      const fraction = Math.min(done / total, 1) * DOWNLOAD_SHARE;
      if (fraction - shown >= DOWNLOAD_STEP && stage === "runtime" && !bootFailed) {
        shown = fraction;
        enter("runtime", fraction);
      }
    },
  });
  const wheel = fetchBytes(url(manifest.wheel), { signal: controller.signal, watch });
  snapshot.catch(() => {}); // awaited later; a failure is reported from there
  wheel.catch(() => {});
  stopDownloads = () => controller.abort();
  return { snapshot, wheel, abort: stopDownloads };
}

// What the page says of a wheel that came whole but does not unpack (its zip's own words, often
// with raw bytes in them, go to the console).
const WHEEL_DAMAGE = "its files do not unpack";

/**
 * Restore the snapshot (downloaded while the runtime loads) and unpack the wheel beside it. A wheel
 * that does not unpack arrived damaged (one cut short was named as it came).
 */
async function bootFromSnapshot(manifest, runtime, downloads, prefetched) {
  const pyodide = await withGzippedRuntime(prefetched, () => runtime.loadPyodide({
    indexURL: url("pyodide/"),
    createPyodideModule: runtime.createPyodideModule,
    _loadSnapshot: downloads.snapshot,
  }), watch);
  enter("restore");
  const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
  const wheel = await downloads.wheel;
  try {
    pyodide.unpackArchive(wheel, "wheel", { extractDir: sitePackages });
  } catch (error) {
    console.warn(`${fileName(manifest.wheel)} does not unpack:`, error);
    throw DownloadError.damaged(url(manifest.wheel), WHEEL_DAMAGE);
  }
  return pyodide;
}

/**
 * The path without a snapshot: a bare runtime, then micropip installs the wheel. The worker
 * downloads the wheel itself (while the runtime loads) and hands micropip the file: micropip
 * reports a missing wheel as a traceback about a bad zip file, not as the HTTP error it was.
 */
async function bootByInstalling(manifest, runtime, prefetched) {
  const wheelURL = url(manifest.wheel);
  const wheelBytes = fetchBytes(wheelURL, { watch });
  wheelBytes.catch(() => {}); // awaited below
  const pyodide = await withGzippedRuntime(prefetched, () => runtime.loadPyodide({
    indexURL: url("pyodide/"),
    createPyodideModule: runtime.createPyodideModule,
  }), watch);

  enter("micropip");
  // By URL, not by name: the PyPI wheels' hashes are not the ones in pyodide-lock.json. Fetched
  // through the same checks, so that a missing or stalled one is named too.
  await withGzippedRuntime(new Map(), () => pyodide.loadPackage([url(manifest.packaging), url(manifest.micropip)], {
    messageCallback: () => {},
  }), watch);

  enter("wheel");
  const wheelFile = `/tmp/${fileName(wheelURL)}`;
  pyodide.FS.writeFile(wheelFile, await wheelBytes);
  const micropip = pyodide.pyimport("micropip");
  try {
    await micropip.install(`emfs:${wheelFile}`);
  } catch (error) {
    const damage = zipDamage(pyodide, wheelFile);
    if (damage === null) throw error;
    console.warn(`${fileName(wheelURL)} does not unpack: ${damage}`);
    throw DownloadError.damaged(wheelURL, WHEEL_DAMAGE);
  } finally {
    micropip.destroy();
  }
  return pyodide;
}

/** What is wrong with the zip archive at `path` in Pyodide's file system, or null if nothing is. */
function zipDamage(pyodide, path) {
  const check = pyodide.runPython(`
def check(path):
    import zipfile
    try:
        with zipfile.ZipFile(path) as archive:
            bad = archive.testzip()
    except (zipfile.BadZipFile, OSError, EOFError, ValueError) as error:
        return str(error)
    return None if bad is None else f"Bad CRC-32 for file {bad!r}"
check`);
  try {
    return check(path) ?? null;
  } finally {
    check.destroy();
  }
}


async function boot() {
  const manifest = await fetchManifest();
  // Every file downloaded from here on is checked against the size and digest the build recorded.
  expectFiles(SITE, manifest.files);
  enter("runtime");
  // Everything downloads at once: the runtime's gzipped files, and the snapshot with the wheel.
  const prefetched = prefetchGzipped(SITE, manifest.gzipped || [], watch);
  let fallback = snapshotUnusable(manifest);
  const downloads = fallback === null ? startSnapshotDownloads(manifest) : null;
  const runtime = await importRuntime(SITE, prefetched, watch);
  if (fallback === null && manifest.snapshot.pyodide !== runtime.version) {
    fallback = `the snapshot is for Pyodide ${manifest.snapshot.pyodide}, not ${runtime.version}`;
    downloads.abort();
  }
  let pyodide = null;
  if (fallback === null) {
    try {
      pyodide = await bootFromSnapshot(manifest, runtime, downloads, prefetched);
    } catch (error) {
      // Only the snapshot itself has a way round it (missing, broken off or damaged, all alike); any
      // other file that is missing or broken is so for installing too (the wheel, the runtime's
      // files): it is named, and Retry fetches it again.
      if (error instanceof DownloadError && error.url !== url(manifest.snapshot.path)) throw error;
      fallback = `the snapshot failed: ${describe(error)}`;
      enter("runtime");
    }
  }
  if (pyodide === null) {
    pyodide = await bootByInstalling(manifest, runtime, prefetched);
  }

  enter("import");
  const module = pyodide.pyimport("pysolver.web");
  web = { handle: module.handle, oversized: module.oversized, maxRequestChars: module.MAX_REQUEST_CHARS };
  const versions = {
    python: pyodide.runPython("import sys; sys.version.split()[0]"),
    pyodide: pyodide.version,
    pysolver: pyodide.runPython("import pysolver; pysolver.__version__"),
  };
  watch.close();
  postMessage({ type: "ready", versions, boot: { path: fallback === null ? "snapshot" : "install", fallback },
    manifest });
  if (fallback === null) warmUp(module.warm_up);
}

// After a snapshot boot the interpreter's WebAssembly still runs as baseline code (installing ran
// it for seconds, which got it optimised): once no request has come for a while, take
// pysolver.web.warm_up's throwaway steps, one task each, so that the Steps the person asks for
// later run optimised code. A request arriving meanwhile waits for one such step at most.
const WARM_UP_AFTER_IDLE_MS = 1000;
let lastRequest = 0; // performance.now() when the last request was answered

function warmUp(step) {
  const next = () => {
    const idle = performance.now() - lastRequest;
    if (idle < WARM_UP_AFTER_IDLE_MS) setTimeout(next, WARM_UP_AFTER_IDLE_MS - idle);
    else if (step()) setTimeout(next, 0);
    else step.destroy();
  };
  setTimeout(next, WARM_UP_AFTER_IDLE_MS);
}

/** An error's message; Pyodide rejects with some objects that are no Error (no "[object Object]"). */
function describe(error) {
  if (error instanceof Error || (error && typeof error.message === "string")) return error.message;
  if (typeof error === "object" && error !== null) {
    try {
      return `an unexpected failure: ${JSON.stringify(error).slice(0, 300)}`;
    } catch {
      // not serialisable: fall through
    }
  }
  return String(error);
}

const booted = boot().catch((error) => {
  const message = describe(error);
  watch.close();
  postMessage({ type: "boot-error", stage, message });
  bootFailed = true;
  stopDownloads();
  throw error;
});
booted.catch(() => {}); // reported above; each request then answers with a boot error

// A Python exception (a PythonError, which has a `type`) ends its traceback with "Type: message";
// any other error is a JavaScript one, such as a reply that is not JSON.
function errorMessage(error) {
  const text = String(error && error.message ? error.message : error).trim();
  const lines = text.split("\n");
  return error && error.type ? lines[lines.length - 1] : lines[0];
}

// Long commands (generation, GTSPS) report progress(stage, fraction); forward it, at most once
// per stage and per hundredth so the page is not flooded.
function progressPoster(id) {
  let last = { stage: null, fraction: -1 };
  return (stage, fraction) => {
    if (stage !== last.stage || fraction - last.fraction >= 0.01 || fraction === 1) {
      last = { stage, fraction };
      postMessage({ id, progress: { stage, fraction } });
    }
  };
}

// Python refuses oversized text too, but copying megabytes into it first costs seconds: the length
// is checked here and only the number crosses, for Python's reply (one message, worded in Python).
// `text.length` counts UTF-16 units, at least Python's count of characters. A pasted puzzle's own
// length (`textLength`, sent by the client) is passed too, so that the refusal speaks of what the
// person pasted.
function answer(id, request, textLength) {
  let reply;
  try {
    const text = typeof request === "string" ? request : JSON.stringify(request);
    const python = text.length > web.maxRequestChars
      ? web.oversized(text.length, textLength)
      : web.handle(text, progressPoster(id));
    reply = JSON.parse(python);
  } catch (error) {
    const traceback = error && error.message ? error.message : String(error);
    return { id, error: { kind: "internal", message: errorMessage(error), traceback } };
  }
  return reply.ok === false ? { id, error: reply.error } : { id, result: reply };
}

self.onmessage = async (event) => {
  const { id, request, textLength } = event.data;
  try {
    await booted;
  } catch (error) {
    postMessage({ id, error: { kind: "boot", message: `The solver failed to start (${stage}): ${describe(error)}` } });
    return;
  }
  postMessage(answer(id, request, textLength));
  lastRequest = performance.now();
};
