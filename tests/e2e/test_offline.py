"""The site as an installable, offline web app: the service worker caches the page, the runtime, the
snapshot and the wheel on the first visit, so that a second visit with the network off boots and
works, at the root, under a sub-path, and from a copy served by ``build_site.py``'s server; a new
deployment is offered as "new version: reload"; the web app manifest names icons that exist.
"""

from __future__ import annotations

import json
import shutil
import struct
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

import build_site
from tests.e2e.conftest import READY, READY_TIMEOUT_MS, guarded_page
from tests.helpers import FIGURE_4_2

pytestmark = [pytest.mark.e2e, pytest.mark.service_workers]

# Resolves when the service worker controls the page and its cache holds every file it lists.
CACHED = """async () => {
  const registration = await navigator.serviceWorker.ready;
  while (!navigator.serviceWorker.controller) await new Promise((r) => setTimeout(r, 50));
  const names = await caches.keys();
  return { names, scope: registration.scope };
}"""
STEP_APPLIED = "document.getElementById('board').dataset.position === '1'"


def first_visit(page: Page, url: str) -> list[str]:
    """Open `url`, wait for the solver and for the service worker to cache the site; the caches."""
    page.goto(f"{url}#p={FIGURE_4_2}")
    page.wait_for_function(READY, timeout=READY_TIMEOUT_MS)
    cached: dict[str, object] = page.evaluate(CACHED)
    names = cached["names"]
    assert isinstance(names, list)
    return [str(name) for name in names]


def second_visit_offline(page: Page) -> None:
    """Reload with the network off; the page boots from the cache and applies a Step."""
    page.context.set_offline(True)
    page.reload()
    page.wait_for_function(READY, timeout=READY_TIMEOUT_MS)
    page.click("button[data-intent=step]")
    page.wait_for_function(STEP_APPLIED, timeout=READY_TIMEOUT_MS)


@pytest.fixture
def copy_url(site_dir: Path, tmp_path: Path) -> Iterator[tuple[Path, str]]:
    """A copy of the site (a test may redeploy it) served by build_site's server."""
    copy = tmp_path / "site"
    shutil.copytree(site_dir, copy)
    server, url = build_site.serve_in_thread(copy)
    yield copy, url
    server.shutdown()


def test_second_visit_works_offline(page: Page, site_url: str) -> None:
    names = first_visit(page, site_url)
    assert names == [f"pysolver {site_url} " + names[0].rsplit(" ", 1)[1]]
    second_visit_offline(page)
    assert page.evaluate("window.__pysolver.state.view.puzzle") == FIGURE_4_2


def test_second_visit_works_offline_under_a_sub_path(page: Page, subpath_url: str) -> None:
    first_visit(page, subpath_url)
    assert page.evaluate("navigator.serviceWorker.controller.scriptURL") == subpath_url + "sw.js"
    second_visit_offline(page)


def test_the_cache_is_named_by_the_content(page: Page, site_url: str, site_dir: Path) -> None:
    (name,) = first_visit(page, site_url)
    worker = (site_dir / "sw.js").read_text()
    version = worker.split('const VERSION = "')[1].split('"')[0]
    assert name == f"pysolver {site_url} {version}" and len(version) == 16
    cached = page.evaluate("caches.open(%s).then((c) => c.keys()).then((k) => k.map((r) => r.url))"
                           % json.dumps(name))
    snapshot = json.loads((site_dir / "manifest.json").read_text())["snapshot"]["path"]
    assert site_url + snapshot in cached
    assert site_url + "pyodide/pyodide.asm.wasm.gz" in cached


def test_a_new_deployment_is_offered_and_taken_on_reload(
    browser: Browser, copy_url: tuple[Path, str]
) -> None:
    copy, url = copy_url
    with guarded_page(browser, service_workers="allow") as page:
        (old,) = first_visit(page, url)
        assert page.locator("#update").is_hidden()
        # Deploy a new version: another page text, hence another sw.js version.
        (copy / "index.html").write_text((copy / "index.html").read_text().replace(
            "<title>pysolver", "<title>pysolver (new)"))
        build_site.write_service_worker(copy, json.loads((copy / "manifest.json").read_text()))
        page.reload()
        page.wait_for_function(READY, timeout=READY_TIMEOUT_MS)
        assert page.title().startswith("pysolver —")  # still the old version, from the cache
        page.locator("#update").wait_for(state="visible", timeout=60_000)
        page.locator("#update button").click()
        page.wait_for_function("document.title.startsWith('pysolver (new)')", timeout=60_000)
        page.wait_for_function(READY, timeout=READY_TIMEOUT_MS)
        names = page.evaluate("caches.keys()")
        assert old not in names and len(names) == 1
        page.wait_for_function("window.__pysolver.state.view !== null", timeout=READY_TIMEOUT_MS)
        assert page.evaluate("window.__pysolver.state.view.puzzle") == FIGURE_4_2


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_the_app_manifest_names_existing_icons(page: Page, site_url: str, site_dir: Path) -> None:
    page.goto(site_url)
    href = page.get_attribute("link[rel=manifest]", "href")
    manifest = page.evaluate("(href) => fetch(href).then((r) => r.json())", href)
    assert manifest["start_url"] == "./" and manifest["scope"] == "./"
    assert manifest["display"] == "standalone"
    purposes = set()
    for icon in manifest["icons"]:
        data = (site_dir / icon["src"]).read_bytes()
        purposes.add(icon["purpose"])
        if icon["type"] == "image/png":
            size = int(icon["sizes"].split("x")[0])
            assert png_size(data) == (size, size)
        else:
            assert data.startswith(b"<svg")
    assert {"any", "maskable"} <= purposes
    assert any(icon["sizes"] == "512x512" for icon in manifest["icons"])
