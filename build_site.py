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
import base64
import gzip
import hashlib
import http.server
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import tomllib
import zlib
from collections.abc import Callable, Iterable
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
# index.html's link to the style sheet, which the build replaces by the sheet itself.
STYLE_LINK = '<link rel="stylesheet" href="style.css">'
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
    ".webmanifest": "application/manifest+json",
    ".svg": "image/svg+xml",
}
# The app's icon: rectangles (x, y, width, height in a unit square, colour) painted in order: a
# blue tile, a white 3×3-box board, two cells of a pattern in green and a placed digit's cell in
# yellow, then the grid. Everything sits inside the central 80% that a maskable icon keeps.
ICON_BLUE, ICON_PAPER, ICON_LINE = "#1f3d7a", "#ffffff", "#1b2233"
ICON_GREEN, ICON_YELLOW, ICON_THIN = "#5cc45a", "#ffd84d", "#9aa3b5"
ICON_BOARD = (0.16, 0.16, 0.68)  # left, top, side
ICON_PNG_SIZES = (192, 512)


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
    # puppeteer-core (the Firefox journey's driver) must never download a browser.
    env = {**os.environ, "PUPPETEER_SKIP_DOWNLOAD": "1"}
    subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=WEB, check=True, env=env)
    stamp.write_text(digest, encoding="utf-8")


def write_gzip(path: Path, data: bytes) -> Path:
    """Write `data` gzipped (level 9, no timestamp, so equal input gives equal bytes) to `path`."""
    path.write_bytes(gzip.compress(data, compresslevel=9, mtime=0))
    return path


def integrity(data: bytes) -> str:
    """`data`'s SHA-256 as Subresource Integrity writes it ("sha256-" and the digest in base64)."""
    return "sha256-" + base64.b64encode(hashlib.sha256(data).digest()).decode("ascii")


def integrities(out: Path, paths: Iterable[str]) -> dict[str, str]:
    """The integrity of each of `paths` (site paths of files in `out`), by path."""
    return {path: integrity((out / path).read_bytes()) for path in paths}


# The folders of what the worker downloads to boot (the page's own files aside).
BOOT_FOLDERS = ("pyodide", "wheels", "snapshots")


def boot_files(out: Path) -> list[str]:
    """The site paths of every file the worker may download to boot (either way, gzipped or not)."""
    return [p.relative_to(out).as_posix() for p in sorted(out.rglob("*"))
            if p.is_file() and p.parts[len(out.parts)] in BOOT_FOLDERS]


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


def compact_css(css: str) -> str:
    """The style sheet without its comments, indentation and blank lines (nothing else changes)."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.DOTALL)
    return "\n".join(line.strip() for line in css.splitlines() if line.strip())


def inline_style_sheet(out: Path) -> None:
    """Put style.css into index.html's head as a <style> element: the first paint then waits for no
    second request, which on a phone's network is one more round trip before anything shows."""
    page = out / "index.html"
    html = page.read_text(encoding="utf-8")
    if html.count(STYLE_LINK) != 1:
        raise SystemExit(f"web/index.html must link the style sheet once as {STYLE_LINK}")
    css = compact_css((out / "style.css").read_text(encoding="utf-8"))
    if "</style" in css.lower():
        raise SystemExit("style.css holds '</style', which would end the inlined sheet early")
    page.write_text(html.replace(STYLE_LINK, f"<style>\n{css}\n</style>"), encoding="utf-8")
    (out / "style.css").unlink()
    log(f"inlined style.css into index.html ({len(css):,} characters)")


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


def icon_shapes() -> list[tuple[float, float, float, float, str]]:
    """The icon as painted rectangles (see ICON_BOARD); the SVG and the PNGs are drawn from it."""
    left, top, side = ICON_BOARD
    cell = side / 9
    shapes = [(0.0, 0.0, 1.0, 1.0, ICON_BLUE), (left, top, side, side, ICON_PAPER)]
    for col, row, colour in ((1, 4, ICON_GREEN), (7, 4, ICON_GREEN), (4, 1, ICON_YELLOW)):
        shapes.append((left + col * cell, top + row * cell, cell, cell, colour))
    for k in range(10):
        width, colour = (0.02, ICON_LINE) if k % 3 == 0 else (0.006, ICON_THIN)
        offset, overhang = k * cell - width / 2, 0.01 if k % 3 == 0 else 0.0
        shapes.append((left + offset, top - overhang, width, side + 2 * overhang, colour))
        shapes.append((left - overhang, top + offset, side + 2 * overhang, width, colour))
    return shapes


def icon_svg(shapes: Iterable[tuple[float, float, float, float, str]]) -> str:
    """The icon as SVG on a 512-unit canvas."""
    rects = "".join(
        f'<rect x="{x * 512:.1f}" y="{y * 512:.1f}" width="{w * 512:.1f}" height="{h * 512:.1f}" fill="{c}"/>'
        for x, y, w, h, c in shapes
    )
    return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">{rects}</svg>\n'


def icon_png(shapes: Iterable[tuple[float, float, float, float, str]], size: int) -> bytes:
    """The icon as a `size`-pixel square PNG (RGB, 8 bits), painted rectangle by rectangle."""
    pixels = [bytearray(3 * size) for _ in range(size)]
    for x, y, w, h, colour in shapes:
        rgb = bytes.fromhex(colour[1:])
        x0, x1 = max(0, round(x * size)), min(size, max(round((x + w) * size), round(x * size) + 1))
        y0, y1 = max(0, round(y * size)), min(size, max(round((y + h) * size), round(y * size) + 1))
        for row in pixels[y0:y1]:
            row[3 * x0:3 * x1] = rgb * (x1 - x0)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return len(data).to_bytes(4, "big") + kind + data + zlib.crc32(kind + data).to_bytes(4, "big")

    header = size.to_bytes(4, "big") * 2 + bytes([8, 2, 0, 0, 0])
    image = zlib.compress(b"".join(b"\x00" + bytes(row) for row in pixels), 9)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", image) + chunk(b"IEND", b"")


def write_icons(out: Path) -> list[Path]:
    """site/icons/: icon.svg and icon-<size>.png, named by the web app manifest (app.webmanifest)."""
    folder = out / "icons"
    folder.mkdir()
    shapes = icon_shapes()
    (folder / "icon.svg").write_text(icon_svg(shapes), encoding="utf-8")
    for size in ICON_PNG_SIZES:
        (folder / f"icon-{size}.png").write_bytes(icon_png(shapes, size))
    log(f"drew icons/ (icon.svg, {', '.join(f'icon-{size}.png' for size in ICON_PNG_SIZES)})")
    return sorted(folder.iterdir())


def offline_files(out: Path, manifest: dict[str, object]) -> list[str]:
    """The site paths the service worker caches on install: the page, and what the snapshot boot
    reads (the fallback boot's files are cached as they are fetched)."""
    page = [p.relative_to(out).as_posix() for p in sorted(out.rglob("*")) if p.is_file()
            and p.parts[len(out.parts)] not in BOOT_FOLDERS and p.name != "sw.js"]
    runtime = ["pyodide/pyodide.mjs", "pyodide/python_stdlib.zip"]
    gzipped = manifest.get("gzipped", [])
    assert isinstance(gzipped, list)
    runtime += [f"{path}.gz" for path in gzipped]
    snapshot = manifest.get("snapshot")
    if isinstance(snapshot, dict):
        runtime.append(str(snapshot["path"]))
    return ["./", *page, *runtime, str(manifest["wheel"])]


def write_service_worker(out: Path, manifest: dict[str, object], template: str | None = None) -> str:
    """Write site/sw.js from web/sw.js (or the given template), filling in the files to cache, the
    integrity of every file the boot may download (as in the manifest: the service worker caches
    only whole, unaltered ones), and a version hashed from the cached files' contents, so that each
    deployment that changes any of them gets its own cache and is offered to the page."""
    files = offline_files(out, manifest)
    hashes = integrities(out, boot_files(out))
    digest = hashlib.sha256()
    for path in files[1:]:  # "./" is index.html
        digest.update(path.encode() + b"\0" + (out / path).read_bytes())
    version = digest.hexdigest()[:16]
    if template is None:
        template = (WEB / "sw.js").read_text(encoding="utf-8")
    filled = template.replace('"__VERSION__"', json.dumps(version)).replace(
        '["__PRECACHE__"]', json.dumps(files, indent=2)).replace(
        '{"__INTEGRITY__": null}', json.dumps(hashes, indent=2))
    (out / "sw.js").write_text(filled, encoding="utf-8")
    log(f"wrote sw.js (version {version}, {len(files)} files cached for offline use)")
    return version


def write_manifest(
    out: Path, wheel: Path, installers: dict[str, Path], snapshot: dict[str, object] | None = None
) -> dict[str, object]:
    """Write manifest.json: the file names the worker loads, relative to the site's root, the
    runtime files it may fetch gzipped (with `.gz` appended), the snapshot when there is one, and
    the size and integrity of every file the boot may download, by path: a file that arrives whole
    as far as HTTP can tell, yet shorter or with other bytes (a wrong Content-Length; a faulty proxy,
    disk or cache), is named as damaged then, rather than booting broken or failing somewhere
    inside Pyodide."""
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
    manifest["files"] = {path: {"bytes": (out / path).stat().st_size, "integrity": digest}
                         for path, digest in integrities(out, boot_files(out)).items()}
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
    inline_style_sheet(staging)
    copy_pyodide(staging)
    installers = fetch_installer_wheels(wheels)
    wheel = build_wheel(wheels)
    write_manifest(staging, wheel, installers)  # the snapshot's maker reads it
    manifest = write_manifest(staging, wheel, installers, make_snapshot(staging, wheel))
    write_icons(staging)
    write_service_worker(staging, manifest)
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


class SiteServer(http.server.ThreadingHTTPServer):
    """A threading server that takes a connection the browser cut for what it is, not an error."""

    def handle_error(self, request: socket.socket | tuple[bytes, socket.socket],
                     client_address: tuple[str, int]) -> None:
        # A page closed or reloaded mid-download (each test closes its page) drops the connection
        # while a file is being sent: the standard server would print a traceback for each.
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


def make_server(
    directory: Path, port: int = 0, prefix: str = "/", verbose: bool = False
) -> http.server.ThreadingHTTPServer:
    """A server for `directory` on 127.0.0.1 (port 0 picks a free one), its files under `prefix`."""
    if not prefix.startswith("/") or not prefix.endswith("/"):
        raise ValueError(f"prefix must start and end with '/': {prefix!r}")
    handler: Callable[..., SiteHandler] = partial(
        type("PrefixedSiteHandler", (SiteHandler,), {"prefix": prefix}), directory=str(directory)
    )
    server = SiteServer(("127.0.0.1", port), handler)
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
