"""When a file the boot needs starts to arrive and then breaks (the connection drops half-way, or
it comes whole as far as HTTP can tell but cut short or damaged), the page names the file and says
what went wrong in words ("the download of X stopped after 1.2 MB of 8.3 MB", "X arrived damaged"),
and Retry boots; a broken snapshot is no error at all: the boot falls back to installing, and says
why only in its boot record.

The files come from a server of the test's own, which breaks each path it is told to once (and
serves it whole after that, so that Retry finds it whole): Playwright's route.fulfill cannot send
part of a body and then drop the connection.
"""

from __future__ import annotations

import io
import json
import re
import socket
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, BinaryIO

import pytest
from playwright.sync_api import Page

import build_site
from tests.e2e.conftest import READY, READY_TIMEOUT_MS
from tests.e2e.hosting import serving
from tests.e2e.test_boot import events, open_check_page

pytestmark = pytest.mark.e2e

FAILED = "document.getElementById('boot').classList.contains('failed')"
# How a path is broken: "drop" sends its full Content-Length, a third of the body and closes the
# connection; "short" sends a Content-Length of half the file and that half (a wrong Content-Length,
# or a file cut short on the server); "corrupt" sends it whole with 4 KiB in the middle scrambled.
Breaks = dict[str, str]


@dataclass
class BreakingHost:
    """The site, with each path in `breaks` broken the first time it is asked for."""

    root: Path
    breaks: Breaks = field(default_factory=dict)
    broken: list[str] = field(default_factory=list)
    url: str = ""


def _breaking_handler(host: BreakingHost) -> type[build_site.SiteHandler]:
    class Handler(build_site.SiteHandler):
        def send_head(self) -> io.BytesIO | BinaryIO | None:
            path = self.path.split("?")[0]
            how = host.breaks.pop(path, None)
            if how is None:
                return super().send_head()
            host.broken.append(path)
            data = (host.root / path.lstrip("/")).read_bytes()
            if how == "corrupt":
                middle = len(data) // 2
                data = data[:middle] + bytes(b ^ 0x5A for b in data[middle:middle + 4096]) + data[middle + 4096:]
            elif how == "short":
                data = data[: len(data) // 2]
            self.send_response(200)
            self.send_header("Content-Type", self.guess_type(path))
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            if how != "drop":
                return io.BytesIO(data)
            try:
                self.wfile.write(data[: len(data) // 3])
                self.wfile.flush()
                self.connection.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass  # the page went away first
            self.close_connection = True
            return None

        def copyfile(self, source: BinaryIO, outputfile: BinaryIO) -> None:  # type: ignore[override]
            try:
                super().copyfile(source, outputfile)
            except OSError:
                pass  # a page that failed its boot stops its other downloads

    return Handler


@pytest.fixture
def breaking(site_dir: Path) -> Iterator[BreakingHost]:
    """A BreakingHost on a free port (the test fills in `breaks`)."""
    host = BreakingHost(site_dir)
    with serving(partial(_breaking_handler(host), directory=str(site_dir)), "breaking-host") as url:
        host.url = url
        yield host


def manifest_of(site_dir: Path) -> dict[str, Any]:
    manifest: dict[str, Any] = json.loads((site_dir / "manifest.json").read_text())
    return manifest


def boot_label(page: Page) -> str:
    return page.locator("#boot-label").inner_text()


def fail_and_open(page: Page, host: BreakingHost, path: str, how: str) -> str:
    """Open the page with `path` broken `how`; wait for the boot error and return what the page says."""
    host.breaks[path] = how
    page.goto(host.url)
    page.wait_for_function(FAILED, timeout=90_000)
    assert host.broken == [path]
    said = boot_label(page)
    assert len(said) < 400 and "Traceback" not in said and "[object Object]" not in said, said
    assert "Failed to fetch" not in said and "network error" not in said, said
    assert f"({host.url}{path.lstrip('/')})" in said, said
    assert page.locator("#status").get_attribute("data-state") == "error"
    assert page.locator("#boot-retry").is_visible()
    return said


def retry_boots(page: Page) -> None:
    page.locator("#boot-retry").click()
    page.wait_for_function(READY, timeout=READY_TIMEOUT_MS)
    assert page.locator("#boot").is_hidden() and page.locator("#boot-retry").is_hidden()


STOPPED = r"the download of {} stopped (after [0-9.]+ [kM]B of {}|before its end \({}\))"


def test_a_webassembly_download_that_breaks_off_is_named_and_retry_boots(
    page: Page, breaking: BreakingHost
) -> None:
    # Pyodide waited forever on it, its only word a console warning.
    said = fail_and_open(page, breaking, "/pyodide/pyodide.asm.wasm.gz", "drop")
    assert re.search(STOPPED.format(r"pyodide\.asm\.wasm\.gz", "3.5 MB", "3.5 MB"), said), said
    retry_boots(page)


@pytest.mark.parametrize(
    "how, says",
    [
        ("drop", STOPPED.format(r"python_stdlib\.zip", "2.5 MB", "2.5 MB")),
        ("short", r"python_stdlib\.zip arrived damaged: it is cut short"),
    ],
    ids=["dropped", "short"],
)
def test_a_standard_library_that_breaks_is_named(page: Page, breaking: BreakingHost, how: str, says: str) -> None:
    # Pyodide logged it to the console and booted on without it (the snapshot had imported enough).
    said = fail_and_open(page, breaking, "/pyodide/python_stdlib.zip", how)
    assert re.search(says, said), said


ALTERED = "arrived damaged: its contents differ from this version's"


def test_a_standard_library_with_altered_bytes_is_named_and_retry_boots(page: Page, breaking: BreakingHost) -> None:
    # It comes whole and still unzips (the scrambled bytes are inside a member Python had no need
    # of yet): the boot went on with a broken standard library, failing later, or never.
    said = fail_and_open(page, breaking, "/pyodide/python_stdlib.zip", "corrupt")
    assert f"python_stdlib.zip {ALTERED}" in said, said
    retry_boots(page)


def test_a_plain_webassembly_file_with_altered_bytes_is_named(page: Page, breaking: BreakingHost) -> None:
    # Read when its gzipped copy cannot be (here: missing): the bytes went to the compiler as they were.
    page.context.route("**/pyodide.asm.wasm.gz", lambda route: route.fulfill(status=404, body="gone"))
    said = fail_and_open(page, breaking, "/pyodide/pyodide.asm.wasm", "corrupt")
    assert f"pyodide.asm.wasm {ALTERED}" in said, said


def test_a_webassembly_file_cut_short_arrives_damaged(page: Page, breaking: BreakingHost) -> None:
    said = fail_and_open(page, breaking, "/pyodide/pyodide.asm.wasm.gz", "short")
    assert "pyodide.asm.wasm.gz arrived damaged: it is cut short (1.8 MB of 3.5 MB)" in said, said


@pytest.mark.parametrize(
    "how, says",
    [
        ("drop", r"the download of pysolver-[^ ]+\.whl stopped (after|before)"),
        ("short", r"pysolver-[^ ]+\.whl arrived damaged: it is cut short"),
        ("corrupt", r"pysolver-[^ ]+\.whl arrived damaged: its contents differ from this version's"),
    ],
    ids=["dropped", "short", "corrupt"],
)
def test_our_wheel_broken_is_named_and_retry_boots(
    page: Page, breaking: BreakingHost, site_dir: Path, how: str, says: str
) -> None:
    # It used to fall back to installing, which took the same broken wheel when it stayed broken
    # (micropip's traceback about a bad zip file) and said nothing when it did not.
    said = fail_and_open(page, breaking, "/" + manifest_of(site_dir)["wheel"], how)
    assert re.search(says, said), said
    if how != "short":
        retry_boots(page)


def test_a_snapshot_cut_short_falls_back_without_a_word(page: Page, breaking: BreakingHost, site_dir: Path) -> None:
    # (One broken off half-way is read by the same code as the wheel above.)
    path = "/" + manifest_of(site_dir)["snapshot"]["path"]
    breaking.breaks[path] = "short"
    open_check_page(page, breaking.url)
    page.wait_for_function(READY, timeout=READY_TIMEOUT_MS)
    assert breaking.broken == [path]
    boot = page.evaluate("client.boot")
    assert boot["path"] == "install"
    reason = r"the snapshot failed: pysolver\.snapshot\.gz arrived damaged: it is cut short \([0-9.]+ MB of [0-9.]+ MB\)"
    assert re.match(reason, boot["fallback"]), boot
    assert events(page, "boot-error") == [] and events(page, "stalled") == []

