"""web/js/runtime-loader.js's withGzippedRuntime under Node, with a fetch of its own: a download that
fails (or whose body breaks off, or arrives cut short) ends the load with one DownloadError naming
it, and nothing more escapes as an uncaught error, however late Pyodide awaits the download or a second one fails (tests/js/gzipped_runtime_check.mjs
plays the loads; tests/e2e/test_boot_failures.py shows the page's message)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.helpers import node_json

SCRIPT = Path(__file__).resolve().parent / "js" / "gzipped_runtime_check.mjs"
SITE = "http://127.0.0.1:8000/"
STDLIB_404 = f"python_stdlib.zip could not be downloaded: HTTP 404 ({SITE}pyodide/python_stdlib.zip)"
WASM_404 = f"pyodide.asm.wasm could not be downloaded: HTTP 404 ({SITE}pyodide/pyodide.asm.wasm)"


@pytest.fixture(scope="module")
def scenes() -> dict[str, Any]:
    return node_json(SCRIPT, "runtime-loader")


def test_a_missing_file_awaited_later_is_reported_once(scenes: dict[str, Any]) -> None:
    assert scenes["awaitedLater"] == {"error": STDLIB_404, "unhandled": [], "fetchRestored": True}


def test_of_two_missing_files_the_first_is_reported_and_nothing_else(scenes: dict[str, Any]) -> None:
    assert scenes["twoMissing"] == {"error": WASM_404, "unhandled": [], "fetchRestored": True}


def test_a_file_missing_after_the_load_failed_is_not_reported_again(scenes: dict[str, Any]) -> None:
    assert scenes["secondFailsLater"] == {"error": STDLIB_404, "unhandled": [], "fetchRestored": True}


def test_a_download_failing_after_the_load_succeeded_rejects_for_its_caller(scenes: dict[str, Any]) -> None:
    late = scenes["failsAfterLoad"]
    assert late["value"] == 1 and late["unhandled"] == []
    assert late["heard"] == f"python_stdlib.zip could not be downloaded: HTTP 404 ({SITE}slow/pyodide/python_stdlib.zip)"


def test_a_load_with_every_file_or_failing_by_itself_ends_as_it_would(scenes: dict[str, Any]) -> None:
    assert scenes["allThere"] == {"value": 10, "unhandled": [], "fetchRestored": True}
    assert scenes["loadFails"] == {"error": "the snapshot could not be restored", "unhandled": [], "fetchRestored": True}


def test_a_body_that_breaks_off_ends_the_load_with_how_much_came(scenes: dict[str, Any]) -> None:
    url = f"{SITE}broken/python_stdlib.zip"
    assert scenes["brokenOff"] == {
        "error": f"the download of python_stdlib.zip stopped after 2 kB of 5 kB ({url})",
        "unhandled": [], "fetchRestored": True, "pyodideHeard": False,
    }


def test_a_zip_without_its_end_arrived_damaged(scenes: dict[str, Any]) -> None:
    url = f"{SITE}cut/python_stdlib.zip"
    assert scenes["zipCutShort"] == {
        "error": f"python_stdlib.zip arrived damaged: it is cut short (a zip archive without its end) ({url})",
        "unhandled": [], "fetchRestored": True,
    }
