"""When a file the boot needs stops coming (the server never answers, or answers and then sends
nothing more), the page says which file has stalled and from where, keeps its progress bar, and offers
Retry; the download goes on meanwhile, so the boot ends by itself if it resumes, and Retry after the
file is back boots the app.

The page is opened with ``?stall=2``, its boot option for how long a download may receive nothing
before it is named (25 s otherwise), so that a test waits seconds rather than half a minute. A file
that never answers is a request that a route handler holds and never fulfils; a file that stops
half-way comes from a server of the test's own that sends half of it and then waits.
"""

from __future__ import annotations

import re
import shutil
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import BinaryIO

import pytest
from playwright.sync_api import Page, Route

import build_site
from tests.e2e.conftest import READY, READY_TIMEOUT_MS
from tests.e2e.hosting import serving

pytestmark = pytest.mark.e2e

STALL_OPTION = "?stall=2"
STALLED = "document.getElementById('boot').classList.contains('stalled')"
# Long enough for a busy machine to get to the file and then 2 s more; without the stall message
# the page never gets there.
STALL_TIMEOUT_MS = 90_000

WHEEL = r"/wheels/[0-9a-f]+/pysolver-[^/]*\.whl$"


def boot_label(page: Page) -> str:
    return page.locator("#boot-label").inner_text()


@dataclass
class Held:
    """The requests a route handler leaves unanswered while `holding`; later ones go to the site."""

    routes: list[Route] = field(default_factory=list)
    holding: bool = True


def hold(page: Page, pattern: str) -> Held:
    """Leave every request matching `pattern` unanswered until the test stops holding. (Unrouting
    would send the held ones on, and the boot would resume by itself.)"""
    held = Held()

    def handle(route: Route) -> None:
        if held.holding:
            held.routes.append(route)
        else:
            route.fallback()

    page.route(re.compile(pattern), handle)
    return held


def wait_stalled(page: Page, file: str) -> str:
    """Wait until the page says a download has stalled and names `file`; return what it says."""
    page.wait_for_function(
        f"{STALLED} && document.getElementById('boot-label').textContent.includes({file!r})",
        timeout=STALL_TIMEOUT_MS,
    )
    return boot_label(page)


def assert_stall_shown(page: Page, said: str, file: str, origin: str) -> None:
    """The message names the file (whose name starts with `file`) and its address, the boot is not
    failed, the bar and Retry show."""
    assert re.search(rf"{re.escape(file)}\S* \({re.escape(origin)}\S+\)", said), said
    assert "nothing has arrived for 2\u00a0s" in said, said
    assert "Traceback" not in said and "[object Object]" not in said
    assert not page.evaluate("document.getElementById('boot').classList.contains('failed')")
    assert page.locator("#boot").get_attribute("aria-live") == "polite"
    assert page.locator("#boot-bar").is_visible()
    assert page.locator("#boot-retry").is_visible()
    assert page.locator("#status").get_attribute("data-state") == "stalled"


@pytest.mark.parametrize(
    "pattern, file",
    [
        (r"/manifest\.json$", "manifest.json"),
        (r"/pyodide/pyodide\.mjs$", "pyodide.mjs"),
        (r"/pyodide\.asm\.wasm\.gz$", "pyodide.asm.wasm.gz"),
        (r"/python_stdlib\.zip$", "python_stdlib.zip"),
        (r"/pysolver\.snapshot\.gz$", "pysolver.snapshot.gz"),
        (WHEEL, "pysolver-"),
    ],
    ids=["manifest", "loader", "wasm", "stdlib", "snapshot", "wheel"],
)
def test_a_file_that_never_answers_is_named_and_retry_boots(
    page: Page, site_url: str, pattern: str, file: str
) -> None:
    held = hold(page, pattern)
    page.goto(site_url + STALL_OPTION)
    said = wait_stalled(page, file)
    assert_stall_shown(page, said, file, site_url)
    held.holding = False
    page.locator("#boot-retry").click()
    page.wait_for_function(READY, timeout=READY_TIMEOUT_MS)
    assert page.locator("#boot").is_hidden() and page.locator("#boot-retry").is_hidden()
    assert page.locator("#status").get_attribute("data-state") != "stalled"


def test_the_installers_wheel_is_named_when_it_stalls(page: Page, site_url: str) -> None:
    """Without the snapshot the boot installs our wheel with micropip, which Pyodide loads itself."""
    page.route(re.compile(r"/pysolver\.snapshot\.gz$"), lambda route: route.fulfill(status=404, body="not found"))
    held = hold(page, r"/wheels/micropip-[^/]*\.whl$")
    page.goto(site_url + STALL_OPTION)
    said = wait_stalled(page, "micropip-")
    assert_stall_shown(page, said, "micropip-", site_url)
    assert said.startswith("Loading the package installer…"), said
    held.holding = False
    page.locator("#boot-retry").click()
    page.wait_for_function(READY, timeout=READY_TIMEOUT_MS)


def test_a_held_download_that_resumes_ends_the_stall_without_retry(page: Page, site_url: str) -> None:
    held = hold(page, r"/pysolver\.snapshot\.gz$")
    page.goto(site_url + STALL_OPTION)
    wait_stalled(page, "pysolver.snapshot.gz")
    for route in held.routes:
        route.fallback()
    page.wait_for_function(READY, timeout=READY_TIMEOUT_MS)
    assert page.locator("#boot").is_hidden() and page.locator("#boot-retry").is_hidden()
    assert page.evaluate("__pysolver.state.boot.stalled") is None


@dataclass
class HalfwayHost:
    """A server of the site that sends only the first half of the paths in `stall` (once each)
    and then waits for `resume`; `stalled` lists the paths it has stopped on."""

    root: Path
    stall: set[str]
    resume: threading.Event = field(default_factory=threading.Event)
    stalled: list[str] = field(default_factory=list)
    url: str = ""


def _halfway_handler(host: HalfwayHost) -> type[build_site.SiteHandler]:
    class Handler(build_site.SiteHandler):
        def copyfile(self, source: BinaryIO, outputfile: BinaryIO) -> None:  # type: ignore[override]
            path = self.path.split("?")[0]
            if path not in host.stall:
                shutil.copyfileobj(source, outputfile)
                return
            host.stall.discard(path)
            data = source.read()
            try:
                outputfile.write(data[: len(data) // 2])
                outputfile.flush()
                host.stalled.append(path)
                host.resume.wait(timeout=300)
                outputfile.write(data[len(data) // 2:])
            except OSError:
                pass  # the page went away (Retry reloads it)

    return Handler


@pytest.fixture
def halfway(site_dir: Path) -> Iterator[HalfwayHost]:
    """A HalfwayHost on a free port (the test fills in `stall`)."""
    host = HalfwayHost(site_dir, set())
    with serving(partial(_halfway_handler(host), directory=str(site_dir)), "halfway-host") as url:
        host.url = url
        try:
            yield host
        finally:
            host.resume.set()  # a response held half-way ends, so that the server can stop


def snapshot_path(site_dir: Path) -> str:
    manifest = (site_dir / "manifest.json").read_text()
    found = re.search(r'"path": "([^"]+)"', manifest)
    assert found
    return "/" + found.group(1)


def test_a_snapshot_that_stops_halfway_is_named_with_its_progress_and_resumes(
    page: Page, halfway: HalfwayHost, site_dir: Path
) -> None:
    halfway.stall.add(snapshot_path(site_dir))
    page.goto(halfway.url + STALL_OPTION)
    said = wait_stalled(page, "pysolver.snapshot.gz")
    assert halfway.stalled == [snapshot_path(site_dir)]
    assert_stall_shown(page, said, "pysolver.snapshot.gz", halfway.url)
    assert said.startswith("Loading the Python runtime…"), said
    # The half that came moved the bar, and it stays where it got to.
    assert float(page.evaluate("document.getElementById('boot-bar').value")) > 0.2
    halfway.resume.set()
    page.wait_for_function(f"!({STALLED})", timeout=STALL_TIMEOUT_MS)
    assert page.locator("#boot-retry").is_hidden()
    page.wait_for_function(READY, timeout=READY_TIMEOUT_MS)


def test_a_standard_library_that_stops_halfway_is_named_and_retry_boots(
    page: Page, halfway: HalfwayHost
) -> None:
    """python_stdlib.zip is fetched by Pyodide's loadPyodide itself, through the worker's fetch."""
    halfway.stall.add("/pyodide/python_stdlib.zip")
    page.goto(halfway.url + STALL_OPTION)
    said = wait_stalled(page, "python_stdlib.zip")
    assert_stall_shown(page, said, "python_stdlib.zip", halfway.url)
    page.locator("#boot-retry").click()  # the server sends the file whole the second time
    page.wait_for_function(READY, timeout=READY_TIMEOUT_MS)
    assert page.locator("#boot").is_hidden()
