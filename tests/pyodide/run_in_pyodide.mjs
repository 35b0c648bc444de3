// Run tests/pyodide/jobs.py inside Pyodide (Python 3.14 on WebAssembly) under Node, with the wheels
// of a built site installed the way the browser's worker installs them: packaging and micropip by
// loadPackage, then our wheel by micropip.install.
//
//   node tests/pyodide/run_in_pyodide.mjs SITE_DIR JOBS_JSON_FILE   > results.json
//
// Python's own output goes to stderr so that stdout carries only the results.

import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

import { loadSiteInPyodide, runMain } from "./site_in_pyodide.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const [siteDir, jobsFile] = process.argv.slice(2).map((p) => resolve(p));
if (!siteDir || !jobsFile) {
  console.error("usage: node run_in_pyodide.mjs SITE_DIR JOBS_JSON_FILE");
  process.exit(2);
}

runMain("run_in_pyodide", async () => {
  const pyodide = await loadSiteInPyodide(siteDir);
  pyodide.FS.writeFile("/tmp/pysolver_jobs.py", readFileSync(join(here, "jobs.py")));
  pyodide.runPython("import sys; sys.path.insert(0, '/tmp')");
  const runJobs = pyodide.pyimport("pysolver_jobs").run_jobs;
  process.stdout.write(runJobs(readFileSync(jobsFile, "utf8")) + "\n");
});
