// Time pysolver.generate inside Pyodide under Node, with the wheel of a built site installed the
// way the browser's worker installs it (as tests/pyodide/run_in_pyodide.mjs does).
//
//   node bench/bench_generate_pyodide.mjs SITE_DIR CASES_JSON   > times.json
//
// CASES_JSON is a list of [n, level, seeds]; stdout is, per case, the seconds each seed took
// (null for a seed that gave up). bench/bench_generate.py --pyodide SITE_DIR drives this and
// prints the figures beside CPython's. Python's own output goes to stderr.

import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
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

async function main() {
  const { loadPyodide } = await import(
    pathToFileURL(join(root, "web", "node_modules", "pyodide", "pyodide.mjs")).href
  );
  const manifest = JSON.parse(readFileSync(join(siteDir, "manifest.json"), "utf8"));
  const toStderr = (line) => process.stderr.write(line + "\n");
  const pyodide = await loadPyodide({
    indexURL: join(siteDir, "pyodide") + "/", stdout: toStderr, stderr: toStderr,
  });
  await pyodide.loadPackage(
    [join(siteDir, manifest.packaging), join(siteDir, manifest.micropip)],
    { messageCallback: toStderr }
  );
  const wheelName = manifest.wheel.split("/").pop();
  pyodide.FS.writeFile(`/tmp/${wheelName}`, readFileSync(join(siteDir, manifest.wheel)));
  await pyodide.pyimport("micropip").install(`emfs:/tmp/${wheelName}`);
  pyodide.runPython(TIMER);
  process.stdout.write(pyodide.globals.get("time_cases")(casesJson) + "\n");
}

main().catch((error) => {
  console.error(`bench_generate_pyodide: ${error && error.message ? error.message : error}`);
  process.exit(1);
});
