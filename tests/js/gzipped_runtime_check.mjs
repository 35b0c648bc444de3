// Runs web/js/runtime-loader.js's withGzippedRuntime under Node with a fetch of its own and loads
// that fetch as Pyodide does, and prints as JSON how each load ended and every promise rejection
// nobody handled (in the browser, an uncaught error in the worker).

globalThis.self = { location: { href: "http://127.0.0.1:8000/" } };

const unhandled = [];
process.on("unhandledRejection", (reason) => unhandled.push(String(reason && reason.message ? reason.message : reason)));

const { withGzippedRuntime } = await import("../../web/js/runtime-loader.js");

const SITE = "http://127.0.0.1:8000/";
const MISSING = new Set([`${SITE}pyodide/python_stdlib.zip`, `${SITE}pyodide/pyodide.asm.wasm`]);
const SLOW = `${SITE}slow/`; // a file under it is answered after 50 ms (missing ones too)
const BROKEN = `${SITE}broken/`; // a file under it says it has 5,000 bytes, sends 1,500 and breaks off

/** A body that sends `sent` bytes of the `total` its Content-Length says, and then breaks off. */
function breakingOff(sent, total) {
  let pulls = 0;
  const body = new ReadableStream({
    pull(controller) {
      pulls += 1;
      if (pulls === 1) controller.enqueue(new Uint8Array(sent));
      else controller.error(new TypeError("network error"));
    },
  }, { highWaterMark: 0 });
  return new Response(body, { headers: { "Content-Length": String(total) } });
}

/** The network: a 404 for the files in MISSING, else a small answer (10 bytes of zeros). */
globalThis.fetch = async (input) => {
  let url = String(input);
  if (url.startsWith(BROKEN)) return breakingOff(1500, 5000);
  if (url.startsWith(SLOW)) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    url = `${SITE}${url.slice(SLOW.length)}`;
  }
  return MISSING.has(url) ? new Response("not found", { status: 404 }) : new Response(new Uint8Array(10));
};
const network = globalThis.fetch;

/** A few turns of the event loop (Node tells of an unhandled rejection after the one it came in). */
async function later() {
  for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setTimeout(resolve, 5));
}

/** Pyodide's loadBinaryFile: its promise is made at once and awaited by the caller later. */
async function loadBinaryFile(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Failed to load '${url}': request failed.`);
  return new Uint8Array(await response.arrayBuffer());
}

/** How `withGzippedRuntime(new Map(), load)` ended: {value} or {error}, and the rejections unhandled meanwhile. */
async function run(load) {
  unhandled.length = 0;
  let ended;
  try {
    ended = { value: await withGzippedRuntime(new Map(), load) };
  } catch (error) {
    ended = { error: error.message };
  }
  await later();
  return { ...ended, unhandled: [...unhandled], fetchRestored: globalThis.fetch === network };
}

const scenes = {};

// loadPyodide starts the standard library's download, then takes the snapshot and compiles the
// WebAssembly before it awaits that download: a 404 in between.
scenes.awaitedLater = await run(async () => {
  const stdlib = loadBinaryFile(`${SITE}pyodide/python_stdlib.zip`);
  await later();
  return (await stdlib).length;
});

// It fetches the WebAssembly too, and hands the answer's promise to instantiateStreaming later:
// both missing, the first to fail is the one reported.
scenes.twoMissing = await run(async () => {
  const wasm = fetch(`${SITE}pyodide/pyodide.asm.wasm`);
  const stdlib = loadBinaryFile(`${SITE}pyodide/python_stdlib.zip`);
  await later();
  await wasm;
  return (await stdlib).length;
});

// The second missing file is answered after the first one has ended the load.
scenes.secondFailsLater = await run(async () => {
  const wasm = fetch(`${SLOW}pyodide/pyodide.asm.wasm`);
  const stdlib = loadBinaryFile(`${SITE}pyodide/python_stdlib.zip`);
  await later();
  await later();
  await wasm;
  return (await stdlib).length;
});

// A download still running when the load has succeeded, that fails then, rejects for its caller.
{
  let heard = null;
  scenes.failsAfterLoad = await run(async () => {
    fetch(`${SLOW}pyodide/python_stdlib.zip`).catch((error) => {
      heard = error.message;
    });
    return 1;
  });
  await later();
  await later();
  scenes.failsAfterLoad.heard = heard;
}

// Every file there: the load's own value.
scenes.allThere = await run(async () => (await loadBinaryFile(`${SITE}pyodide/pyodide-lock.json`)).length);

// A load that fails by itself (not a download) rejects with its own error.
scenes.loadFails = await run(async () => {
  await loadBinaryFile(`${SITE}pyodide/pyodide-lock.json`);
  throw new Error("the snapshot could not be restored");
});

// The standard library breaks off half-way (Pyodide would log it and boot on without it): the load
// ends with its name and how much of it came, and Pyodide's read never settles (no second report).
{
  let settled = false;
  scenes.brokenOff = await run(async () => {
    const stdlib = loadBinaryFile(`${BROKEN}python_stdlib.zip`).finally(() => {
      settled = true;
    });
    return (await stdlib).length;
  });
  await later();
  scenes.brokenOff.pyodideHeard = settled;
}

// A zip archive that came whole as far as HTTP can tell, but without its end (cut short).
scenes.zipCutShort = await run(async () => (await loadBinaryFile(`${SITE}cut/python_stdlib.zip`)).length);

process.stdout.write(JSON.stringify(scenes));
