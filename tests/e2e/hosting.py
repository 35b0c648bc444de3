"""A static host for the offline tests that behaves like the real ones: it may let browsers cache
its files (GitHub Pages sends ``Cache-Control: max-age=600``; build_site's own server sends
``no-cache``, which hides every bug of a stale HTTP cache), and a test can redeploy the copy it
serves. Standard library only; one server per test, on a free port, in a daemon thread.
"""

from __future__ import annotations

import http.server
import io
import json
import re
import shutil
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO

from playwright.sync_api import Browser, Page

import build_site


@dataclass
class Host:
    """What the server does: the Cache-Control it sends (None: no header, so browsers guess a
    freshness from Last-Modified), fixed answers for some paths (as a stale CDN edge would give:
    ``answers["/manifest.json"] = old bytes``), and the paths it was asked for."""

    root: Path
    url: str = ""
    cache_control: str | None = None
    answers: dict[str, bytes] = field(default_factory=dict)
    requests: list[str] = field(default_factory=list)


def _handler(host: Host) -> type[http.server.SimpleHTTPRequestHandler]:
    class Handler(http.server.SimpleHTTPRequestHandler):
        extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **build_site.MIME_TYPES}

        def __init__(self, *args: object, **kwargs: object) -> None:
            super().__init__(*args, directory=str(host.root), **kwargs)  # type: ignore[arg-type]

        def send_head(self) -> io.BytesIO | BinaryIO | None:
            host.requests.append(self.path)
            answer = host.answers.get(self.path.split("?")[0])
            if answer is None:
                return super().send_head()
            self.send_response(200)
            self.send_header("Content-Type", self.guess_type(self.path.split("?")[0]))
            self.send_header("Content-Length", str(len(answer)))
            self.end_headers()
            return io.BytesIO(answer)

        def end_headers(self) -> None:
            if host.cache_control:
                self.send_header("Cache-Control", host.cache_control)
            super().end_headers()

        def log_message(self, format: str, *args: object) -> None:
            pass

    return Handler


@contextmanager
def serving(handler: Callable[..., http.server.BaseHTTPRequestHandler], name: str) -> Iterator[str]:
    """Answer with `handler` at http://127.0.0.1:<free port>/ (yielded) in a thread named `name`."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.verbose = False  # type: ignore[attr-defined]  # build_site.SiteHandler logs when asked
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, name=name, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


@contextmanager
def hosting(root: Path, cache_control: str | None = None) -> Iterator[Host]:
    """Serve `root` at http://127.0.0.1:<free port>/ with the given Cache-Control."""
    host = Host(root, cache_control=cache_control)
    with serving(_handler(host), "test-host") as url:
        host.url = url
        yield host


def copy_site(site_dir: Path, target: Path) -> Path:
    """A copy of the built site that a test may redeploy (file times kept, as a real upload's)."""
    shutil.copytree(site_dir, target)
    return target


def redeploy(site: Path, title: str = "pysolver (new)", move_wheel: bool = True) -> dict[str, object]:
    """Turn `site` into another build: another page title and, when `move_wheel`, the wheel and the
    snapshot moved to other content folders (the old ones removed, as a deployment does); the
    manifest and sw.js follow. Returns the new manifest."""
    page = site / "index.html"
    page.write_text(page.read_text().replace("<title>pysolver", f"<title>{title}", 1))
    manifest = json.loads((site / "manifest.json").read_text())
    if move_wheel:
        old = Path(manifest["wheel"])
        new = Path("wheels") / "b0b0b0b0b0b0" / old.name
        (site / new.parent).mkdir(parents=True)
        shutil.move(site / old, site / new)
        shutil.rmtree(site / old.parent)
        manifest["wheel"] = new.as_posix()
        snapshot = Path(manifest["snapshot"]["path"])
        moved = Path("snapshots") / "b0b0b0b0b0b0" / snapshot.name
        (site / moved.parent).mkdir(parents=True)
        shutil.move(site / snapshot, site / moved)
        shutil.rmtree(site / snapshot.parent)
        manifest["snapshot"].update(path=moved.as_posix(), wheel=manifest["wheel"])
    (site / "manifest.json").write_text(json.dumps(manifest, indent=2) + "\n")
    build_site.write_service_worker(site, manifest, service_worker_template(site))
    return dict(manifest)


def service_worker_template(site: Path) -> str:
    """The site's own sw.js with its version, file list and integrities emptied again: a redeployment keeps the
    service worker's code of the build under test."""
    text = (site / "sw.js").read_text()
    text = re.sub(r'const VERSION = "[0-9a-f]+";', 'const VERSION = "__VERSION__";', text, count=1)
    text = re.sub(r"const PRECACHE = \[.*?\];", 'const PRECACHE = ["__PRECACHE__"];', text, count=1, flags=re.S)
    return re.sub(r"const INTEGRITY = \{.*?\};", 'const INTEGRITY = {"__INTEGRITY__": null};', text, count=1, flags=re.S)


@contextmanager
def unrouted_page(browser: Browser, origin: str) -> Iterator[Page]:
    """A page in a fresh context that intercepts nothing: Playwright's request interception (the
    ``page`` fixture's guard against other hosts) turns the browser's HTTP cache off, which hides
    every bug of a stale HTTP cache. Requests are watched instead: on leaving, fail if any went to
    another host than `origin`, or if the page raised an uncaught script error."""
    context = browser.new_context()
    context.set_default_timeout(30_000)
    offsite: list[str] = []
    errors: list[str] = []
    context.on("request", lambda request: None if request.url.startswith((origin, "data:", "blob:"))
               else offsite.append(request.url))
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        yield page
    finally:
        context.close()
    assert offsite == [], "the page asked another host for these"
    assert errors == [], "uncaught script errors"
