#!/usr/bin/env python3
"""Assemble the static web app in ``site/``: one function per artifact, standard library only.

The site is what GitHub Pages serves: the page (``web/``), our wheel, the Pyodide runtime pinned in
``web/package.json``, the micropip and packaging wheels Pyodide needs to install ours, and a
``manifest.json`` naming those files so that JavaScript hard-codes none of them.  Every address in it
is relative, so the site works at ``https://user.github.io/repo/`` as well as at a server's root, and
nothing is fetched from another host when the page runs.

    python3 build_site.py                 # build into site/
    python3 build_site.py --serve         # build, then serve on http://127.0.0.1:8000/
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import http.server
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import tomllib
from collections.abc import Callable
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parent
WEB = ROOT / "web"
CACHE = ROOT / ".cache" / "wheels"

PYODIDE_PACKAGE = WEB / "node_modules" / "pyodide"
# What the runtime loads in a browser or a worker: the ES module loader, the Emscripten glue, the
# WebAssembly binary, the standard library and the lock file that loadPyodide() reads at start.
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
# Runtime files also shipped gzipped, for the worker to decompress itself (DecompressionStream): a
# static host such as GitHub Pages may not compress them. python_stdlib.zip is compressed already.
GZIPPED_RUNTIME = ("pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide-lock.json")
SNAPSHOT_SCRIPT = WEB / "tools" / "make-snapshot.mjs"
# The npm package of Pyodide ships no micropip; these are the PyPI wheels that run in it.
INSTALLER_WHEELS = {"micropip": "0.11.1", "packaging": "26.1"}
# Files of web/ that belong to the build, not to the site.
WEB_EXCLUDED = ("node_modules", "package.json", "package-lock.json", "tools")
# Python's mimetypes table may lack these; a browser refuses a module or wasm sent with another type.
MIME_TYPES = {
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".wasm": "application/wasm",
    ".json": "application/json",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".gz": "application/gzip",
}


def log(message: str) -> None:
    print(f"build_site: {message}", flush=True)


def project_version() -> str:
    """The version in pyproject.toml, which names the wheel."""
    with open(ROOT / "pyproject.toml", "rb") as file:
        return str(tomllib.load(file)["project"]["version"])


def pyodide_version() -> str:
    """The Pyodide version pinned in web/package.json."""
    package = json.loads((WEB / "package.json").read_text(encoding="utf-8"))
    return str(package["dependencies"]["pyodide"])


def build_wheel(wheels: Path) -> Path:
    """Build our wheel from a clean copy of the sources (a stale build/ could leak removed modules)
    into wheels/<content hash>/."""
    with tempfile.TemporaryDirectory(prefix="pysolver-wheel-") as tmp:
        source = Path(tmp) / "src"
        source.mkdir()
        for name in ("pyproject.toml", "README.md", "LICENSE"):
            if (ROOT / name).exists():
                shutil.copy2(ROOT / name, source / name)
        shutil.copytree(
            ROOT / "pysolver", source / "pysolver", ignore=shutil.ignore_patterns("__pycache__", "*.pyc")
        )
        dist = Path(tmp) / "dist"
        subprocess.run(
            [sys.executable, "-m", "pip", "wheel", str(source), "--no-deps", "-q", "-w", str(dist)],
            check=True,
        )
        (built,) = dist.glob("pysolver-*.whl")
        # A folder named by the content; micropip needs the wheel's own file name.
        target = content_folder(wheels, built.read_bytes()) / built.name
        shutil.copy2(built, target)
    log(f"built {target.relative_to(wheels.parent)} ({target.stat().st_size:,} bytes)")
    return target


def install_node_modules() -> None:
    """Run `npm ci` in web/ when node_modules is missing or older than package-lock.json."""
    lock = WEB / "package-lock.json"
    stamp = WEB / "node_modules" / ".pysolver-lock.sha256"
    digest = hashlib.sha256(lock.read_bytes()).hexdigest()
    if stamp.exists() and stamp.read_text(encoding="utf-8") == digest and PYODIDE_PACKAGE.is_dir():
        return
    log("npm ci (web/)")
    subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=WEB, check=True)
    stamp.write_text(digest, encoding="utf-8")


def write_gzip(path: Path, data: bytes) -> Path:
    """Write `data` gzipped (level 9, no timestamp, so equal input gives equal bytes) to `path`."""
    path.write_bytes(gzip.compress(data, compresslevel=9, mtime=0))
    return path


def content_folder(parent: Path, data: bytes) -> Path:
    """parent/<first 12 hex digits of sha256(data)>/, created: a new content gets a new URL, so no
    browser or CDN cache (GitHub Pages: 10 minutes) serves an old file to a new page."""
    folder = parent / hashlib.sha256(data).hexdigest()[:12]
    folder.mkdir(parents=True)
    return folder


def copy_pyodide(out: Path) -> Path:
    """Copy the pinned Pyodide runtime into site/pyodide/."""
    install_node_modules()
    installed = json.loads((PYODIDE_PACKAGE / "package.json").read_text(encoding="utf-8"))["version"]
    if installed != pyodide_version():
        raise SystemExit(f"web/node_modules has pyodide {installed}, package.json pins {pyodide_version()}")
    target = out / "pyodide"
    target.mkdir()
    for name in PYODIDE_FILES:
        shutil.copy2(PYODIDE_PACKAGE / name, target / name)
    for name in GZIPPED_RUNTIME:
        write_gzip(target / f"{name}.gz", (target / name).read_bytes())
    size = sum((target / name).stat().st_size for name in PYODIDE_FILES)
    packed = sum((target / f"{name}.gz").stat().st_size for name in GZIPPED_RUNTIME)
    log(f"copied Pyodide {installed} runtime ({size:,} bytes; {', '.join(GZIPPED_RUNTIME)} "
        f"also gzipped, {packed:,} bytes)")
    return target


def fetch_installer_wheels(wheels: Path) -> dict[str, Path]:
    """Copy the micropip and packaging wheels into site/wheels/, downloading them once into .cache/."""
    CACHE.mkdir(parents=True, exist_ok=True)
    found: dict[str, Path] = {}
    for name, version in INSTALLER_WHEELS.items():
        pattern = f"{name}-{version}-py3-none-any.whl"
        if not (CACHE / pattern).exists():
            log(f"downloading {name}=={version} from PyPI")
            subprocess.run(
                [sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:",
                 "--python-version", "3.14", "-q", "-d", str(CACHE), f"{name}=={version}"],
                check=True,
            )
        found[name] = Path(shutil.copy2(CACHE / pattern, wheels / pattern))
    log("copied " + ", ".join(path.name for path in found.values()))
    return found


def copy_web(out: Path) -> None:
    """Copy the page (web/ less its npm files) to the top of the site."""
    for entry in sorted(WEB.iterdir()):
        if entry.name in WEB_EXCLUDED or entry.name.startswith("."):
            continue
        if entry.is_dir():
            shutil.copytree(entry, out / entry.name, ignore=shutil.ignore_patterns(".*"))
        else:
            shutil.copy2(entry, out / entry.name)
    log(f"copied web/ ({', '.join(sorted(p.name for p in out.iterdir() if p.name not in ('pyodide', 'wheels')))})")


def make_snapshot(out: Path, wheel: Path) -> dict[str, object]:
    """Snapshot a Pyodide interpreter with the site's wheel installed and imported (under Node, by
    web/tools/make-snapshot.mjs) into site/snapshots/<hash>/pysolver.snapshot.gz, and describe it
    for the manifest: the worker boots from it only when its Pyodide version and wheel are the
    ones the manifest names, and falls back to installing the wheel otherwise."""
    with tempfile.TemporaryDirectory(prefix="pysolver-snapshot-") as tmp:
        raw_path = Path(tmp) / "snapshot.bin"
        made = subprocess.run(["node", str(SNAPSHOT_SCRIPT), str(out), str(raw_path)],
                              capture_output=True, text=True)
        if made.returncode != 0:
            raise SystemExit(f"making the snapshot failed: {made.stderr.strip().splitlines()[-1:]}")
        raw = raw_path.read_bytes()
    packed = gzip.compress(raw, compresslevel=9, mtime=0)
    target = content_folder(out / "snapshots", packed) / "pysolver.snapshot.gz"
    target.write_bytes(packed)
    log(f"made {target.relative_to(out)} ({len(raw):,} bytes, {len(packed):,} gzipped)")
    return {
        "path": target.relative_to(out).as_posix(),
        "bytes": len(raw),
        "gzip_bytes": len(packed),
        "pyodide": pyodide_version(),
        "wheel": wheel.relative_to(out).as_posix(),
    }


def write_manifest(
    out: Path, wheel: Path, installers: dict[str, Path], snapshot: dict[str, object] | None = None
) -> dict[str, object]:
    """Write manifest.json: the file names the worker loads, relative to the site's root, the
    runtime files it may fetch gzipped (with `.gz` appended), and the snapshot when there is one."""
    manifest: dict[str, object] = {
        "wheel": wheel.relative_to(out).as_posix(),
        "micropip": installers["micropip"].relative_to(out).as_posix(),
        "packaging": installers["packaging"].relative_to(out).as_posix(),
        "pyodide": pyodide_version(),
        "pysolver": project_version(),
        "python": "3.14",
        "gzipped": [f"pyodide/{name}" for name in GZIPPED_RUNTIME],
    }
    if snapshot is not None:
        manifest["snapshot"] = snapshot
    (out / "manifest.json").write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")
    log(f"wrote manifest.json ({manifest['wheel']})")
    return manifest


def check_replaceable(out: Path) -> None:
    """Refuse to replace a folder that is neither empty nor an earlier build."""
    if out.exists() and any(out.iterdir()) and not (out / "manifest.json").exists():
        raise SystemExit(f"{out} is not empty and holds no manifest.json: not replacing it")


def build(out: Path) -> dict[str, object]:
    """Build the whole site into `out` and return its manifest.

    The site is assembled beside `out` and moved into place at the end, so an interrupted build
    never leaves half a site, and a server keeps serving the old one meanwhile.
    """
    out = out.resolve()
    check_replaceable(out)
    staging = out.with_name(f".{out.name}.building")
    if staging.exists():
        shutil.rmtree(staging)
    wheels = staging / "wheels"
    wheels.mkdir(parents=True)
    copy_web(staging)
    copy_pyodide(staging)
    installers = fetch_installer_wheels(wheels)
    wheel = build_wheel(wheels)
    write_manifest(staging, wheel, installers)  # the snapshot's maker reads it
    manifest = write_manifest(staging, wheel, installers, make_snapshot(staging, wheel))
    if out.exists():
        shutil.rmtree(out)
    staging.rename(out)
    log(f"site ready in {out}")
    return manifest


def built_site(fallback: Path) -> Path:
    """The site named by $PYSOLVER_SITE_DIR (scripts/test.sh builds once for every test), else a
    fresh build into `fallback`."""
    given = os.environ.get("PYSOLVER_SITE_DIR")
    if given:
        site = Path(given).resolve()
        if not (site / "manifest.json").exists():
            raise SystemExit(f"PYSOLVER_SITE_DIR={given} holds no built site (no manifest.json)")
        return site
    build(fallback)
    return fallback.resolve()


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Serve the site's files with module and wasm MIME types, optionally under a path prefix."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    prefix = "/"

    def translate_path(self, path: str) -> str:
        if not path.startswith(self.prefix):
            return str(Path(self.directory) / ".no-such-file")
        return super().translate_path("/" + path[len(self.prefix):])

    def end_headers(self) -> None:
        # A rebuilt wheel keeps its name; never let a browser reuse a stale copy during development.
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        if self.server.verbose:  # type: ignore[attr-defined]
            super().log_message(format, *args)


def make_server(
    directory: Path, port: int = 0, prefix: str = "/", verbose: bool = False
) -> http.server.ThreadingHTTPServer:
    """A server for `directory` on 127.0.0.1 (port 0 picks a free one), its files under `prefix`."""
    if not prefix.startswith("/") or not prefix.endswith("/"):
        raise ValueError(f"prefix must start and end with '/': {prefix!r}")
    handler: Callable[..., SiteHandler] = partial(
        type("PrefixedSiteHandler", (SiteHandler,), {"prefix": prefix}), directory=str(directory)
    )
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    server.verbose = verbose  # type: ignore[attr-defined]
    server.daemon_threads = True
    return server


def serve_in_thread(directory: Path, prefix: str = "/") -> tuple[http.server.ThreadingHTTPServer, str]:
    """Start a quiet server on a free port in a daemon thread; return it and the site's URL."""
    server = make_server(directory, 0, prefix)
    threading.Thread(target=server.serve_forever, name="site-server", daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}{prefix}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the static site (and optionally serve it).")
    parser.add_argument("--out", type=Path, default=ROOT / "site", help="output folder (default: site/)")
    parser.add_argument("--serve", action="store_true", help="serve the built site on 127.0.0.1")
    parser.add_argument("--port", type=int, default=8000, help="port for --serve (default: 8000)")
    args = parser.parse_args(argv)
    build(args.out)
    if args.serve:
        server = make_server(args.out.resolve(), args.port, verbose=True)
        print(f"Serving {args.out} at http://127.0.0.1:{server.server_address[1]}/ (Ctrl-C to stop)", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass
        finally:
            server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
