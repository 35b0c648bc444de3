// Load a built site's Python into Pyodide under Node, the way the browser's worker does: the
// runtime from site/pyodide/, packaging and micropip by loadPackage, then our wheel by
// micropip.install. Shared by the Pyodide tests and the Pyodide benchmarks.
//
// Python's own output goes to stderr so that stdout can carry results.

import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");

/** A Pyodide instance with the site's wheel installed (`siteDir` holds manifest.json). */
export async function loadSiteInPyodide(siteDir) {
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
  micropip.destroy();
  return pyodide;
}

/** Run `main` and report a failure by its message alone (Node would quote minified Pyodide). */
export function runMain(name, main) {
  main().catch((error) => {
    console.error(`${name}: ${error && error.message ? error.message : error}`);
    process.exit(1);
  });
}
