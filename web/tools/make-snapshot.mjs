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
// The snapshot is the interpreter's whole memory, free parts included, and gzip sends freed memory
// as dearly as used memory: importing the package leaves about 14 MB of freed blocks (parsers' and
// compilers' scratch) holding old bytes. Before the snapshot is taken they are zeroed (zeroFreeMemory),
// which takes the gzipped snapshot from 6.95 MB down to 6.03 MB, the same interpreter in every used byte.
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

/**
 * Zero the memory malloc holds free without growing the heap: calloc every free block it can serve
 * from memory it already has, largest first, then free them all. calloc clears what it hands out,
 * and free leaves it clear; a request that would move the heap's break is given back at once.
 * Python's collector runs first so that unreachable objects' memory is free too.
 */
function zeroFreeMemory(pyodide) {
  pyodide.runPython("import gc; gc.collect()");
  const wasm = pyodide._module;
  const heap = wasm._emscripten_get_heap_size();
  const held = [];
  for (let size = 1 << 20; size >= 16; size >>= 1) {
    for (;;) {
      const breakBefore = wasm._sbrk(0);
      const block = wasm._calloc(1, size);
      if (block === 0 || wasm._sbrk(0) !== breakBefore) {
        if (block !== 0) wasm._free(block);
        break;
      }
      held.push(block);
    }
  }
  for (const block of held) wasm._free(block);
  if (wasm._emscripten_get_heap_size() !== heap) throw new Error("zeroing free memory grew the heap");
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
  zeroFreeMemory(pyodide);
  writeFileSync(outFile, pyodide.makeMemorySnapshot());
});
