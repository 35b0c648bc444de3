// Run tests/pyodide/jobs.py inside Pyodide (Python 3.14 on WebAssembly) under Node, with the wheels
// of a built site installed the way the browser's worker installs them: packaging and micropip by
// loadPackage, then our wheel by micropip.install.
//
//   node tests/pyodide/run_in_pyodide.mjs SITE_DIR JOBS_JSON_FILE   > results.json
//
// Python's own output goes to stderr so that stdout carries only the results.

import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "..", "..");
const [siteDir, jobsFile] = process.argv.slice(2).map((p) => resolve(p));
if (!siteDir || !jobsFile) {
  console.error("usage: node run_in_pyodide.mjs SITE_DIR JOBS_JSON_FILE");
  process.exit(2);
}

// Report a failure by its message: Node's default report of an uncaught error quotes the whole
// minified line of pyodide.asm.mjs, which buries the message.
async function main() {
  const { loadPyodide } = await import(
    pathToFileURL(join(root, "web", "node_modules", "pyodide", "pyodide.mjs")).href
  );
  const manifest = JSON.parse(readFileSync(join(siteDir, "manifest.json"), "utf8"));
  const toStderr = (line) => process.stderr.write(line + "\n");

  const pyodide = await loadPyodide({
    indexURL: join(siteDir, "pyodide") + "/",
    stdout: toStderr,
    stderr: toStderr,
  });
  await pyodide.loadPackage(
    [join(siteDir, manifest.packaging), join(siteDir, manifest.micropip)],
    { messageCallback: toStderr }
  );

  // micropip fetches by URL; Node's fetch cannot read files, so hand it the wheel through the
  // in-memory file system (micropip's "emfs:" scheme).
  const wheelName = manifest.wheel.split("/").pop();
  pyodide.FS.writeFile(`/tmp/${wheelName}`, readFileSync(join(siteDir, manifest.wheel)));
  const micropip = pyodide.pyimport("micropip");
  await micropip.install(`emfs:/tmp/${wheelName}`);

  pyodide.FS.writeFile("/tmp/pysolver_jobs.py", readFileSync(join(here, "jobs.py")));
  pyodide.runPython("import sys; sys.path.insert(0, '/tmp')");
  const runJobs = pyodide.pyimport("pysolver_jobs").run_jobs;
  process.stdout.write(runJobs(readFileSync(jobsFile, "utf8")) + "\n");
}

main().catch((error) => {
  console.error(`run_in_pyodide: ${error && error.message ? error.message : error}`);
  process.exit(1);
});
