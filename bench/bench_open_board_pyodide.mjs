// bench/bench_open_board.py inside Pyodide under Node: the pysolver sources and the script are
// copied into Pyodide's file system (no site build needed), then the script's main runs there.
//
//   node bench/bench_open_board_pyodide.mjs [PYODIDE_DIR] -- --sizes 6 9 16 --empty
//
// PYODIDE_DIR defaults to web/node_modules/pyodide (`npm ci` in web/). Figures go to stdout.

import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const argv = process.argv.slice(2);
const split = argv.indexOf("--");
const dir = resolve(split === 0 || argv.length === 0 ? join(root, "web", "node_modules", "pyodide")
                                                     : argv[0]);
const scriptArgs = split >= 0 ? argv.slice(split + 1) : [];

function copyTree(pyodide, from, to) {
  pyodide.FS.mkdirTree(to);
  for (const name of readdirSync(from)) {
    const path = join(from, name);
    if (statSync(path).isDirectory()) {
      if (name !== "__pycache__") copyTree(pyodide, path, `${to}/${name}`);
    } else if (name.endsWith(".py") || name.endsWith(".typed")) {
      pyodide.FS.writeFile(`${to}/${name}`, readFileSync(path));
    }
  }
}

const { loadPyodide } = await import(pathToFileURL(join(dir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: dir + "/", stdout: (l) => console.log(l),
                                    stderr: (l) => console.error(l) });
copyTree(pyodide, join(root, "pysolver"), "/work/pysolver");
copyTree(pyodide, join(root, "bench"), "/work/bench");
pyodide.globals.set("script_args", pyodide.toPy(scriptArgs));
pyodide.runPython(`
import sys
sys.path.insert(0, "/work")
sys.argv = ["bench_open_board.py", *script_args]
import runpy
runpy.run_path("/work/bench/bench_open_board.py", run_name="__main__")
`);
