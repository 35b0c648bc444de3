// Time pysolver.generate inside Pyodide under Node, with the wheel of a built site installed the
// way the browser's worker installs it (as tests/pyodide/run_in_pyodide.mjs does).
//
//   node bench/bench_generate_pyodide.mjs SITE_DIR CASES_JSON   > times.json
//
// CASES_JSON is a list of [n, level, seeds]; stdout is, per case, the seconds each seed took
// (null for a seed that gave up). bench/bench_generate.py --pyodide SITE_DIR drives this and
// prints the figures beside CPython's. Python's own output goes to stderr.

import { resolve } from "node:path";

import { loadSiteInPyodide, runMain } from "../tests/pyodide/site_in_pyodide.mjs";

const [siteArg, casesJson] = process.argv.slice(2);
if (!siteArg || !casesJson) {
  console.error("usage: node bench_generate_pyodide.mjs SITE_DIR CASES_JSON");
  process.exit(2);
}
const siteDir = resolve(siteArg);

const TIMER = `
import json, random, time
from pysolver.generate import GenerationError, generate
from pysolver.grading import Level

def time_cases(cases_json):
    out = []
    for n, level, seeds in json.loads(cases_json):
        times = []
        for seed in range(seeds):
            start = time.perf_counter()
            try:
                generate(n, Level.parse(level), random.Random(seed))
            except GenerationError:
                times.append(None)
                continue
            times.append(time.perf_counter() - start)
        out.append(times)
    return json.dumps(out)
`;

runMain("bench_generate_pyodide", async () => {
  const pyodide = await loadSiteInPyodide(siteDir);
  pyodide.runPython(TIMER);
  process.stdout.write(pyodide.globals.get("time_cases")(casesJson) + "\n");
});
