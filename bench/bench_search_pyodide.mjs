// Race pysolver's search against Norvig's solver inside one Pyodide instance under Node, with the
// wheel of a built site installed the way the browser's worker installs it.
//
//   node bench/bench_search_pyodide.mjs SITE_DIR REQUEST_JSON_FILE   > times.json
//
// REQUEST_JSON_FILE holds {"lines": [...], "repeat": k}; stdout is search_race.race's JSON.
// bench/bench_search_pyodide.py drives this and prints the figures beside CPython's.

import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

import { loadSiteInPyodide, runMain } from "../tests/pyodide/site_in_pyodide.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const [siteArg, requestFile] = process.argv.slice(2);
if (!siteArg || !requestFile) {
  console.error("usage: node bench_search_pyodide.mjs SITE_DIR REQUEST_JSON_FILE");
  process.exit(2);
}

runMain("bench_search_pyodide", async () => {
  const pyodide = await loadSiteInPyodide(resolve(siteArg));
  pyodide.FS.mkdirTree("/tmp/bench");
  for (const name of ["norvig.py", "search_race.py"]) {
    pyodide.FS.writeFile(`/tmp/bench/${name}`, readFileSync(join(here, name)));
  }
  pyodide.runPython("import sys; sys.path.insert(0, '/tmp/bench')");
  const raceJson = pyodide.pyimport("search_race").race_json;
  process.stdout.write(raceJson(readFileSync(resolve(requestFile), "utf8")) + "\n");
});
