// Runs web/js/runtime-loader.js's stall watch under Node with a clock of its own (setTimeout and
// clearTimeout replaced, so that no result depends on how busy the machine is), over answers whose
// bytes the script sends by hand, and prints what the watch reported in each scene as JSON.

const PERIOD = 1000;
let now = 0;
let nextTimer = 1;
const timers = new Map();
globalThis.setTimeout = (run, ms) => {
  timers.set(nextTimer, { at: now + ms, run });
  return nextTimer++;
};
globalThis.clearTimeout = (id) => timers.delete(id);
globalThis.self = { location: { href: "http://127.0.0.1:8000/" } };

/** Let every promise and stream settle (setImmediate is Node's own, not the clock above). */
async function settle() {
  for (let i = 0; i < 10; i += 1) await new Promise((resolve) => setImmediate(resolve));
}

/** Move the clock on by `ms`, running each timer that falls due, in order. */
async function advance(ms) {
  const end = now + ms;
  for (;;) {
    await settle();
    const due = [...timers].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
    if (!due) break;
    timers.delete(due[0]);
    now = due[1].at;
    due[1].run();
  }
  now = end;
  await settle();
}

const { StallWatch, fetchOk } = await import("../../web/js/runtime-loader.js");

/** A body the scene sends by hand. */
function handBody() {
  let controller;
  const stream = new ReadableStream({ start: (c) => { controller = c; } });
  return { stream, send: () => controller.enqueue(new Uint8Array(100)), end: () => controller.close() };
}

/** A watch whose reports are noted as [time since it was made, [{file, url}]]. */
function newWatch() {
  const heard = [];
  const start = now;
  const watch = new StallWatch(PERIOD, (stalled) => heard.push([now - start, stalled]));
  return { watch, heard, start };
}

/** fetchOk of `url` answered by `answer` (a Response, or a promise of one). */
function fetchWith(url, answer, watch) {
  return fetchOk(`http://127.0.0.1:8000/${url}`, {}, { fetcher: () => answer, watch });
}

const scenes = {};

// A body being read that gets nothing for the period is named, with its address; its next byte
// ends the stall.
{
  const { watch, heard } = newWatch();
  const body = handBody();
  const response = await fetchWith("snapshots/ab/pysolver.snapshot.gz", new Response(body.stream), watch);
  const reader = response.body.getReader();
  let read = reader.read();
  body.send();
  await read;
  read = reader.read();
  await advance(PERIOD - 1);
  const before = heard.length;
  await advance(1);
  body.send();
  await read;
  await settle();
  scenes.readStalls = { before, heard };
}

// An answer that never comes is named too.
{
  const { watch, heard } = newWatch();
  const pending = fetchWith("pyodide/python_stdlib.zip", new Promise(() => {}), watch);
  pending.catch(() => {});
  await advance(PERIOD * 3);
  scenes.noAnswer = heard;
}

// A body nobody reads waits on nothing, however long.
{
  const { watch, heard } = newWatch();
  const body = handBody();
  await fetchWith("pyodide/pyodide.asm.wasm.gz", new Response(body.stream), watch);
  await advance(PERIOD * 10);
  scenes.unread = heard;
}

// While another download gets a byte every half period, one that gets nothing is not named (it
// may only be queued behind it); once the other has ended, it is, a period later.
{
  const { watch, heard, start } = newWatch();
  const live = handBody();
  const stuck = handBody();
  const liveReader = (await fetchWith("pyodide/pyodide.asm.wasm.gz", new Response(live.stream), watch)).body.getReader();
  const stuckReader = (await fetchWith("wheels/x/pysolver-0.1-py3-none-any.whl", new Response(stuck.stream), watch)).body.getReader();
  stuckReader.read();
  for (let i = 0; i < 10; i += 1) {
    const read = liveReader.read();
    await advance(PERIOD / 2);
    live.send();
    await read;
  }
  const whileLive = heard.length;
  const last = liveReader.read();
  live.end();
  await last;
  const ended = now - start;
  await advance(PERIOD * 2);
  scenes.queued = { whileLive, heard, after: heard.length ? heard[0][0] - ended : null };
}

// A closed watch (the boot is over) reports nothing more.
{
  const { watch, heard } = newWatch();
  const body = handBody();
  const reader = (await fetchWith("manifest.json", new Response(body.stream), watch)).body.getReader();
  reader.read();
  watch.close();
  await advance(PERIOD * 3);
  scenes.closed = heard;
}

process.stdout.write(JSON.stringify(scenes));
