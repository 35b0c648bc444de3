"""Updates and neighbours of the offline cache, on a host that lets browsers cache its files as
GitHub Pages does (``Cache-Control: max-age=600``):

- taking a new deployment really gives its files, never the previous build's from the browser's
  HTTP cache, and a service worker whose cached files disagree (a stale manifest.json naming a
  wheel the deployment removed) is not installed, so the old version stays usable;
- when one tab takes the new version, every other tab of the site reloads into it, keeping its own
  game (history and all) and the text in its box;
- two deployments on one origin (user.github.io/a/ and /b/) keep each other's offline caches.

The update tests open pages that intercept nothing (``unrouted_page``): Playwright's interception
turns the HTTP cache off. A redeployment keeps the site's own sw.js code (``redeploy``).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from tests.e2e.conftest import READY, READY_TIMEOUT_MS, PageLog, guarded_page
from tests.e2e.hosting import Host, copy_site, hosting, redeploy, unrouted_page
from tests.helpers import FIGURE_4_2

pytestmark = [pytest.mark.e2e, pytest.mark.service_workers]

GITHUB_PAGES = "max-age=600"
FOUR = ".42...1......3.."  # a 4×4 puzzle: another game than the first tab's
OPENED = READY + " && window.__pysolver.state.view !== null && window.__pysolver.state.busy === null"
# Resolves with the cache names once a service worker controls the page.
CONTROLLED = """async () => {
  await navigator.serviceWorker.ready;
  while (!navigator.serviceWorker.controller) await new Promise((r) => setTimeout(r, 50));
  return caches.keys();
}"""
# Asks for an update of the registration; resolves with the new worker's last state: "installed"
# (waiting) or "redundant" (its install failed).
UPDATE = """async () => {
  const registration = await navigator.serviceWorker.getRegistration();
  const found = new Promise((resolve) => registration.addEventListener("updatefound",
    () => resolve(registration.installing), { once: true }));
  await registration.update().catch(() => {});
  const worker = await found;
  if (worker.state === "installed" || worker.state === "redundant") return worker.state;
  return new Promise((resolve) => worker.addEventListener("statechange", () => {
    if (worker.state === "installed" || worker.state === "redundant") resolve(worker.state);
  }));
}"""


@pytest.fixture
def host(site_dir: Path, tmp_path: Path) -> Iterator[Host]:
    """A copy of the site on a host that lets browsers keep its files for ten minutes."""
    with hosting(copy_site(site_dir, tmp_path / "site"), GITHUB_PAGES) as served:
        yield served


def first_visit(page: Page, url: str) -> list[str]:
    page.goto(f"{url}#p={FIGURE_4_2}")
    page.wait_for_function(READY, timeout=READY_TIMEOUT_MS)
    names: list[str] = page.evaluate(CONTROLLED)
    return names


def cached_text(page: Page, path: str) -> str | None:
    text: str | None = page.evaluate(
        """async (path) => {
          const names = await caches.keys();
          const cache = await caches.open(names.find((n) => n.includes(new URL("./", location.href).href)));
          const hit = await cache.match(new URL(path, location.href));
          return hit ? hit.text() : null;
        }""", path)
    return text


def test_an_update_takes_the_new_files_through_a_caching_host(browser: Browser, host: Host) -> None:
    with unrouted_page(browser, host.url) as page:
        first_visit(page, host.url)
        manifest = redeploy(host.root)
        page.reload()
        page.wait_for_function(READY, timeout=READY_TIMEOUT_MS)
        page.locator("#update").wait_for(state="visible", timeout=60_000)
        page.locator("#update button").click()
        page.wait_for_function("document.title.startsWith('pysolver (new)')", timeout=60_000)
        assert json.loads(cached_text(page, "manifest.json") or "{}")["wheel"] == manifest["wheel"]
        # The new version boots from its own cache: the old wheel and snapshot are gone from the host.
        page.context.set_offline(True)
        page.reload()
        page.wait_for_function(READY, timeout=READY_TIMEOUT_MS)
        assert page.title().startswith("pysolver (new)")


def test_a_version_whose_files_disagree_is_not_installed(browser: Browser, host: Host) -> None:
    with unrouted_page(browser, host.url) as page:
        (old,) = first_visit(page, host.url)
        stale = (host.root / "manifest.json").read_bytes()
        redeploy(host.root)
        host.answers["/manifest.json"] = stale  # an edge cache still answers the old manifest
        assert page.evaluate(UPDATE) == "redundant"
        assert page.evaluate("caches.keys()") == [old]
        assert page.locator("#update").is_hidden()
        # Once the host answers the new manifest, the next check installs the new version.
        del host.answers["/manifest.json"]
        assert page.evaluate(UPDATE) == "installed"


def test_every_tab_follows_an_update_taken_in_one(browser: Browser, host: Host) -> None:
    log = PageLog()
    with guarded_page(browser, log, service_workers="allow") as first:
        first_visit(first, host.url)
        second = first.context.new_page()
        second.on("pageerror", lambda error: log.page_errors.append(str(error)))
        # The other tab plays another puzzle (two steps) and has text typed in its box; the first
        # tab then saves its own game over the other's.
        second.goto(f"{host.url}#p={FOUR}")
        second.wait_for_function(OPENED, timeout=READY_TIMEOUT_MS)
        assert second.evaluate("navigator.serviceWorker.controller !== null")
        for steps in (1, 2):
            second.click("button[data-intent='step']")
            second.wait_for_function(f"{OPENED} && window.__pysolver.state.view.actions.length === {steps}",
                                     timeout=READY_TIMEOUT_MS)
        second.click("details.puzzle-text summary")
        second.fill("#puzzle-text", "half-typed 12")
        redeploy(host.root, move_wheel=False)
        first.reload()
        first.locator("#update").wait_for(state="visible", timeout=60_000)
        first.locator("#update button").click()
        first.wait_for_function("document.title.startsWith('pysolver (new)')", timeout=60_000)
        # The other tab ran the old page over a cache that is gone: it reloads into the new version,
        # its own game (history and all) and the text in its box kept.
        second.wait_for_function("document.title.startsWith('pysolver (new)')", timeout=60_000)
        second.wait_for_function(OPENED, timeout=READY_TIMEOUT_MS)
        assert second.evaluate("[window.__pysolver.state.view.puzzle, window.__pysolver.state.view.actions.length]") \
            == [FOUR, 2]
        assert second.input_value("#puzzle-text") == "half-typed 12"


def test_two_deployments_on_one_origin_keep_their_caches(browser: Browser, site_dir: Path, tmp_path: Path) -> None:
    root = tmp_path / "origin"
    copy_site(site_dir, root / "a")
    redeploy(copy_site(site_dir, root / "b"), title="pysolver beta", move_wheel=False)
    with hosting(root) as host, guarded_page(browser, service_workers="allow") as page:
        first_visit(page, host.url + "a/")
        names = first_visit(page, host.url + "b/")
        assert sorted(names) == sorted(name for name in names if name.startswith("pysolver "))
        assert {name.split(" ")[1] for name in names} == {host.url + "a/", host.url + "b/"}
        page.context.set_offline(True)
        page.goto(f"{host.url}a/#p={FIGURE_4_2}")
        page.wait_for_function(READY, timeout=READY_TIMEOUT_MS)
        assert page.title().startswith("pysolver —")
