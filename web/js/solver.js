// The page's one solver client, created as soon as this module runs: index.html loads it before the
// page's other modules, so that Python boots in the worker while they load and the board is drawn.
// main.js attaches its callbacks with client.listen(), which replays the boot so far.

import { SolverClient } from "./solver-client.js";

export const client = new SolverClient();
