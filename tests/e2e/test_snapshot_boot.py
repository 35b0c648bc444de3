"""The worker boots from the build's memory snapshot, and by itself falls back to installing the wheel
with micropip when the snapshot is missing, stale (another Pyodide or another wheel than the
manifest's) or fails to restore; both paths answer every request identically.

The fallback is forced by serving an altered manifest.json or snapshot in place of the built one.
"""

from __future__ import annotations

import gzip
import json
import re
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Route

from tests.e2e.conftest import READY, PageLog
from tests.e2e.test_boot import events, open_check_page, request
from tests.helpers import FIGURE_4_2, FIGURE_4_9

pytestmark = pytest.mark.e2e

# Requests whose replies both boot paths must give alike: a tutoring walk, search, rating, errors.
SEQUENCE: list[tuple[str, dict[str, Any]]] = [
    ("load", {"puzzle": FIGURE_4_2}),
    ("hint", {}),
    ("step", {}),
    ("step", {}),
    ("back", {}),
    ("solve_logic", {}),
    ("load", {"puzzle": FIGURE_4_9}),
    ("guess", {}),
    ("backtrack", {}),
    ("count", {"puzzle": FIGURE_4_9}),
    ("rate", {"puzzle": FIGURE_4_2}),
    ("generate", {"size": 4, "seed": 7}),
    ("load", {"puzzle": FIGURE_4_2[:5] + "x" + FIGURE_4_2[6:]}),
]


def manifest_of(site_dir: Path) -> dict[str, Any]:
    manifest: dict[str, Any] = json.loads((site_dir / "manifest.json").read_text())
    return manifest


def boot_check_page(page: Page, site_url: str) -> dict[str, Any]:
    """Open the client check page, wait until ready; return the client's boot record."""
    open_check_page(page, site_url)
    page.wait_for_function(READY, timeout=180_000)
    boot: dict[str, Any] = page.evaluate("client.boot")
    return boot


def replies(page: Page) -> list[str]:
    """The replies (or rejections) to SEQUENCE, as JSON text, without the time a reply took."""
    return [re.sub(r'"elapsed_ms": [0-9.e+-]+|tried in [0-9.,]+\\u00a0(ms|s)', "(time)",
                   json.dumps(request(page, cmd, args), sort_keys=True)) for cmd, args in SEQUENCE]


def serve_manifest(page: Page, site_url: str, manifest: dict[str, Any]) -> None:
    page.route(site_url + "manifest.json", lambda route: route.fulfill(json=manifest))


@pytest.fixture(scope="module")
def snapshot_log() -> PageLog:
    return PageLog()


@pytest.fixture(scope="module")
def snapshot_page(
    browser: Browser, site_url: str, guarded: Callable[..., AbstractContextManager[Page]],
    snapshot_log: PageLog,
) -> Iterator[Page]:
    """One check page booted from the snapshot (its requests in ``snapshot_log``)."""
    with guarded(browser, snapshot_log) as page:
        boot_check_page(page, site_url)
        yield page


def test_the_build_ships_a_gzipped_snapshot_of_this_wheel(site_dir: Path) -> None:
    manifest = manifest_of(site_dir)
    snapshot = manifest["snapshot"]
    assert (snapshot["wheel"], snapshot["pyodide"]) == (manifest["wheel"], manifest["pyodide"])
    packed = (site_dir / snapshot["path"]).read_bytes()
    assert len(packed) == snapshot["gzip_bytes"] < snapshot["bytes"] / 3
    assert len(gzip.decompress(packed)) == snapshot["bytes"]
    for path in manifest["gzipped"]:
        assert gzip.decompress((site_dir / f"{path}.gz").read_bytes()) == (site_dir / path).read_bytes()


def test_boots_from_the_snapshot_without_the_installer(
    snapshot_page: Page, snapshot_log: PageLog, site_dir: Path
) -> None:
    assert snapshot_page.evaluate("client.boot") == {"path": "snapshot", "fallback": None}
    stages = [p["stage"] for p in events(snapshot_page, "progress")]
    assert list(dict.fromkeys(stages)) == ["runtime", "restore", "import"]
    fractions = [p["fraction"] for p in events(snapshot_page, "progress")]
    assert fractions == sorted(fractions) and len(fractions) > 5  # the download moves the bar
    fetched = snapshot_log.requests
    assert any(url.endswith(manifest_of(site_dir)["snapshot"]["path"]) for url in fetched)
    assert any(url.endswith("pyodide.asm.wasm.gz") for url in fetched)
    assert not any("micropip" in url or url.endswith("pyodide.asm.wasm") for url in fetched)


def test_a_module_the_snapshot_did_not_import_still_imports(snapshot_page: Page) -> None:
    # The command line is left out of the snapshot; the unpacked wheel provides it on demand.
    reply = request(snapshot_page, "count", {"puzzle": FIGURE_4_9})
    assert reply["result"]["ok"] is True


@pytest.mark.parametrize(
    "spoil, reason",
    [
        (lambda m: m.pop("snapshot"), "the site has no snapshot"),
        (lambda m: m["snapshot"].update(wheel="wheels/other/pysolver-0.0.0-py3-none-any.whl"),
         "the snapshot was made from another wheel"),
        (lambda m: m["snapshot"].update(pyodide="0.0.1"), "the snapshot is for Pyodide 0.0.1, not "),
        (lambda m: m["snapshot"].update(path="snapshots/missing/pysolver.snapshot.gz"),
         "the snapshot failed: pysolver.snapshot.gz could not be downloaded: HTTP 404"),
    ],
    ids=["missing", "other-wheel", "other-pyodide", "unreachable"],
)
def test_falls_back_to_installing(
    page: Page, site_url: str, site_dir: Path, spoil: Callable[[dict[str, Any]], object], reason: str
) -> None:
    manifest = manifest_of(site_dir)
    spoil(manifest)
    serve_manifest(page, site_url, manifest)
    boot = boot_check_page(page, site_url)
    assert boot["path"] == "install"
    assert boot["fallback"].startswith(reason)
    assert request(page, "count", {"puzzle": FIGURE_4_9})["result"]["ok"] is True


def test_a_snapshot_that_fails_to_restore_falls_back(page: Page, site_url: str, site_dir: Path) -> None:
    snapshot = manifest_of(site_dir)["snapshot"]
    # Well-formed gzip of bytes that are no snapshot: Pyodide refuses them on restoring.
    junk = gzip.compress(bytes(1 << 20))

    def serve_junk(route: Route) -> None:
        route.fulfill(body=junk, content_type="application/gzip")

    page.route(site_url + snapshot["path"], serve_junk)
    boot = boot_check_page(page, site_url)
    assert boot["path"] == "install"
    assert boot["fallback"].startswith("the snapshot failed")


def test_both_paths_give_identical_replies(
    snapshot_page: Page, page: Page, site_url: str, site_dir: Path
) -> None:
    manifest = manifest_of(site_dir)
    del manifest["snapshot"]
    serve_manifest(page, site_url, manifest)
    assert boot_check_page(page, site_url)["path"] == "install"
    from_snapshot = replies(snapshot_page)
    assert replies(page) == from_snapshot
    assert '"kind": "format"' in from_snapshot[-1]
