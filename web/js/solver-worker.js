// The solver's Web Worker: boots Pyodide in named stages, then answers {id, request} messages by
// calling pysolver.web.handle(jsonText), the package's one JSON-in/JSON-out entry point.
//
// The shape follows Pyodide's Web Worker guide and JupyterLite's kernel worker: one boot promise,
// progress posted per stage, replies carried by request id. Every address is relative to this
// file, so the site works at a server's root and under a sub-path such as /repo/.
//
// Messages posted to the page:
//   {type: "progress", stage, label, fraction}      before each boot stage (fraction done so far)
//   {type: "ready", versions: {python, pyodide, pysolver}}
//   {type: "boot-error", stage, message}
//   {id, progress: {stage, fraction}}               from a long command, while it runs
//   {id, result}                                    a reply with ok: true
//   {id, error: {kind, message, ...}}               ok: false, a Python exception, or a failed boot

const SITE = new URL("../", import.meta.url);

// Stage names, their labels for the progress bar, and the fraction of the boot done before each
// (loading the 13 MB runtime dominates).
const STAGES = {
  runtime: { label: "Loading the Python runtime", fraction: 0 },
  micropip: { label: "Loading the package installer", fraction: 0.7 },
  wheel: { label: "Installing pysolver", fraction: 0.85 },
  import: { label: "Starting the solver", fraction: 0.95 },
};

let stage = "manifest";
let web = null; // from pysolver.web: {handle, oversized, maxRequestChars}

function enter(name) {
  stage = name;
  postMessage({ type: "progress", stage: name, ...STAGES[name] });
}

async function fetchManifest() {
  const response = await fetch(new URL("manifest.json", SITE), { cache: "no-cache" });
  if (!response.ok) {
    throw new Error(`manifest.json: HTTP ${response.status}`);
  }
  return response.json();
}

async function boot() {
  const manifest = await fetchManifest();
  const url = (path) => new URL(path, SITE).href;

  enter("runtime");
  const { loadPyodide } = await import(url("pyodide/pyodide.mjs"));
  const pyodide = await loadPyodide({ indexURL: url("pyodide/") });

  enter("micropip");
  // By URL, not by name: the PyPI wheels' hashes are not the ones in pyodide-lock.json.
  await pyodide.loadPackage([url(manifest.packaging), url(manifest.micropip)], {
    messageCallback: () => {},
  });

  enter("wheel");
  const micropip = pyodide.pyimport("micropip");
  await micropip.install(url(manifest.wheel));
  micropip.destroy();

  enter("import");
  const module = pyodide.pyimport("pysolver.web");
  web = { handle: module.handle, oversized: module.oversized, maxRequestChars: module.MAX_REQUEST_CHARS };
  const versions = {
    python: pyodide.runPython("import sys; sys.version.split()[0]"),
    pyodide: pyodide.version,
    pysolver: pyodide.runPython("import pysolver; pysolver.__version__"),
  };
  postMessage({ type: "ready", versions });
}

const booted = boot().catch((error) => {
  const message = error instanceof Error ? error.message : String(error);
  postMessage({ type: "boot-error", stage, message });
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
// `text.length` counts UTF-16 units, at least Python's count of characters.
function answer(id, request) {
  let reply;
  try {
    const text = typeof request === "string" ? request : JSON.stringify(request);
    const python = text.length > web.maxRequestChars
      ? web.oversized(text.length)
      : web.handle(text, progressPoster(id));
    reply = JSON.parse(python);
  } catch (error) {
    const traceback = error && error.message ? error.message : String(error);
    return { id, error: { kind: "internal", message: errorMessage(error), traceback } };
  }
  return reply.ok === false ? { id, error: reply.error } : { id, result: reply };
}

self.onmessage = async (event) => {
  const { id, request } = event.data;
  try {
    await booted;
  } catch (error) {
    postMessage({ id, error: { kind: "boot", message: `The solver failed to start (${stage}): ${error.message}` } });
    return;
  }
  postMessage(answer(id, request));
};
