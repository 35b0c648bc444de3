// The page's one solver client, created as soon as this module runs: index.html loads it before the
// page's other modules, so that Python boots in the worker while they load and the board is drawn.
// main.js attaches its callbacks with client.listen(), which replays the boot so far.
//
// The page's address may set one boot option: `?stall=<seconds>`, how long a download the boot waits
// on may receive nothing before the page names it and offers Retry (the worker's default, 25 s,
// otherwise): shorter for a test, longer for a link known to pause.

import { SolverClient } from "./solver-client.js";

const stall = Number(new URLSearchParams(location.search).get("stall"));

export const client = new SolverClient({}, { stallSeconds: stall > 0 ? stall : undefined });
