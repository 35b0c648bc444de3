// Make the memory snapshot the page boots from: a Pyodide interpreter with pysolver installed and
// imported, saved as its WebAssembly memory (Pyodide's `_makeSnapshot` / `makeMemorySnapshot`).
//
//   node web/tools/make-snapshot.mjs SITE_DIR OUT_FILE
//
// micropip installs the site's wheel the way the page's fallback path does, in a first interpreter;
// the files it installed are then copied into a second, fresh interpreter that imports the package
// and is snapshotted. The installer never runs in the snapshotted interpreter because whatever it
// leaves in memory (freed but not zeroed) travels in every snapshot: about 1 MB more once gzipped.
//
// A snapshot holds no JavaScript object other than Pyodide's own, so nothing that reached into JS
// (micropip, pyodide.http) may be imported before it is made.

import { writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

import { loadSiteInPyodide, runMain } from "../../tests/pyodide/site_in_pyodide.mjs";

const [siteDir, outFile] = process.argv.slice(2).map((p) => resolve(p));
if (!siteDir || !outFile) {
  console.error("usage: node make-snapshot.mjs SITE_DIR OUT_FILE");
  process.exit(2);
}

// Every module of the package the worker can reach; the command line is not.
const IMPORT_ALL = `
import importlib, pkgutil, pysolver
for module in pkgutil.walk_packages(pysolver.__path__, "pysolver."):
    if not module.name.startswith(("pysolver.cli", "pysolver.__main__")):
        importlib.import_module(module.name)
`;

/** The files micropip installed for pysolver, as {path relative to site-packages: bytes}. */
function installedFiles(pyodide) {
  const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
  const paths = pyodide
    .runPython(`import importlib.metadata as m; "\\n".join(str(f) for f in m.files("pysolver"))`)
    .split("\n")
    .filter((path) => !path.endsWith(".pyc"));
  return { sitePackages, files: paths.map((path) => [path, pyodide.FS.readFile(join(sitePackages, path))]) };
}

runMain("make-snapshot", async () => {
  const installer = await loadSiteInPyodide(siteDir);
  const { sitePackages, files } = installedFiles(installer);

  const { loadPyodide } = await import(pathToFileURL(join(siteDir, "pyodide", "pyodide.mjs")).href);
  const toStderr = (line) => process.stderr.write(line + "\n");
  const pyodide = await loadPyodide({
    indexURL: join(siteDir, "pyodide") + "/",
    stdout: toStderr,
    stderr: toStderr,
    _makeSnapshot: true,
  });
  for (const [path, data] of files) {
    const target = join(sitePackages, path);
    pyodide.FS.mkdirTree(target.slice(0, target.lastIndexOf("/")));
    pyodide.FS.writeFile(target, data);
  }
  pyodide.runPython(IMPORT_ALL);
  writeFileSync(outFile, pyodide.makeMemorySnapshot());
});
