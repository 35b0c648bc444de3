"""The site boots Python in a Web Worker from 127.0.0.1 alone, at the root and under a sub-path, and the
client (web/js/solver-client.js) keeps its promises: named boot stages, replies by id, errors as
rejections, Cancel restarting the worker.

The client's tests run on a small check page that the test serves in place of a missing file (it is
not shipped); the page tests run on the real index.html. Each boot costs seconds, so the tests that
only ask questions share one booted check page.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Route

from tests.e2e.conftest import READY
from tests.helpers import FIGURE_4_9, FIGURE_4_9_SOLUTIONS

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
# The boot's stages from the snapshot ("runtime" repeats as the download moves the bar).
STAGES = ["runtime", "restore", "import"]
PYODIDE_VERSION = json.loads((ROOT / "web" / "package.json").read_text())["dependencies"]["pyodide"]
# Counting every 9×9 grid never ends; the limit is the largest the worker accepts (web.COUNT_LIMIT_MAX).
ENDLESS_COUNT = {"puzzle": "." * 81, "limit": 1_000_000_000}

CHECK_PAGE = """<!doctype html>
<meta charset="utf-8">
<title>client check</title>
<body>
<script type="module">
import { SolverClient } from "./js/solver-client.js";
window.events = [];
window.client = new SolverClient({
  onProgress: (p) => events.push({ type: "progress", ...p }),
  onReady: (versions) => { events.push({ type: "ready", versions }); document.body.dataset.ready = "true"; },
  onBootError: (e) => events.push({ type: "boot-error", ...e }),
  onBusyChange: (busy) => events.push({ type: "busy", busy }),
});
</script>
"""


def open_check_page(page: Page, base_url: str) -> None:
    """Open the client check page at `base_url` (served by the test, the rest by the site)."""
    url = base_url + "client-check.html"
    page.route(url, lambda route: route.fulfill(body=CHECK_PAGE, content_type="text/html"))
    page.goto(url)


def events(page: Page, kind: str) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = page.evaluate(f"events.filter((e) => e.type === {kind!r})")
    return found


def request(page: Page, cmd: str, args: dict[str, Any] | None = None) -> dict[str, Any]:
    """`client.request(cmd, args)`: {"result": reply} or {"error": rejection}."""
    outcome: dict[str, Any] = page.evaluate(
        "([cmd, args]) => client.request(cmd, args).then((result) => ({ result }), (error) => ({ error }))",
        [cmd, args or {}],
    )
    return outcome


@pytest.fixture(scope="module")
def check(
    browser: Browser, site_url: str, guarded: Callable[..., AbstractContextManager[Page]]
) -> Iterator[Page]:
    """One booted check page for the tests that only ask questions."""
    with guarded(browser) as page:
        open_check_page(page, site_url)
        page.wait_for_function(READY, timeout=120_000)
        yield page


def test_index_boots_from_127_0_0_1_alone(app: Page, page_log: Any, artifacts_dir: Path) -> None:
    assert app.locator("#boot").is_hidden()
    app.screenshot(path=str(artifacts_dir / "boot-ready.png"), full_page=True)
    # The guard saw the worker's fetches too, so an empty offsite list means something.
    assert any(url.endswith("pyodide.asm.wasm.gz") for url in page_log.requests)
    assert any(url.endswith(".snapshot.gz") for url in page_log.requests)
    assert any(url.endswith(".whl") for url in page_log.requests)
    assert page_log.offsite == []


def test_index_works_under_a_sub_path(
    page: Page, page_log: Any, subpath_url: str, wait_ready: Callable[[Page], None]
) -> None:
    page.goto(subpath_url)
    wait_ready(page)
    assert subpath_url.endswith("/repo/")
    assert [url for url in page_log.requests if not url.startswith(subpath_url)] == []


def test_worker_answers_under_a_sub_path(
    page: Page, subpath_url: str, wait_ready: Callable[[Page], None]
) -> None:
    open_check_page(page, subpath_url)
    wait_ready(page)
    assert request(page, "count", {"puzzle": FIGURE_4_9})["result"]["count"] == FIGURE_4_9_SOLUTIONS


def stages(page: Page) -> list[str]:
    """The boot stages reported, each run of repeats counted once."""
    names = [p["stage"] for p in events(page, "progress")]
    return [name for i, name in enumerate(names) if i == 0 or names[i - 1] != name]


def test_boot_reports_each_stage_in_order(check: Page) -> None:
    progress = events(check, "progress")
    assert stages(check) == STAGES
    fractions = [p["fraction"] for p in progress]
    assert fractions == sorted(fractions) and fractions[0] >= 0 and fractions[-1] < 1
    assert all(p["label"] for p in progress)


def test_ready_names_the_versions(check: Page, site_dir: Path) -> None:
    (ready,) = events(check, "ready")
    versions = ready["versions"]
    assert versions["python"].startswith("3.14.")
    assert versions["pyodide"] == PYODIDE_VERSION
    assert versions["pysolver"] == json.loads((site_dir / "manifest.json").read_text())["pysolver"]


def test_count_reply(check: Page) -> None:
    reply = request(check, "count", {"puzzle": FIGURE_4_9})["result"]
    assert (reply["ok"], reply["count"]) == (True, FIGURE_4_9_SOLUTIONS)


def test_load_reply_carries_the_view(check: Page) -> None:
    view = request(check, "load", {"puzzle": FIGURE_4_9})["result"]["view"]
    assert (view["n"], view["puzzle"]) == (9, FIGURE_4_9)


def test_error_reply_rejects_with_its_kind(check: Page) -> None:
    error = request(check, "load", {"puzzle": FIGURE_4_9[:10] + "x" + FIGURE_4_9[11:]})["error"]
    assert error["kind"] == "format"
    assert "'x'" in error["message"]


def test_busy_flag_follows_pending_requests(check: Page) -> None:
    before = len(events(check, "busy"))
    request(check, "count", {"puzzle": FIGURE_4_9})
    assert [e["busy"] for e in events(check, "busy")[before:]] == [True, False]
    assert check.evaluate("client.busy") is False


def test_cancel_rejects_pending_and_boots_again(page: Page, site_url: str) -> None:
    open_check_page(page, site_url)
    outcome = page.evaluate(
        """async (args) => {
          await client.ready;
          const pending = client.request("count", args)
            .then((result) => ({ result }), (error) => ({ error }));
          await new Promise((resolve) => setTimeout(resolve, 300));
          const busy = client.busy;
          await client.cancel();
          return { busy, pending: await pending, busyAfter: client.busy };
        }""",
        ENDLESS_COUNT,
    )
    assert outcome["busy"] is True
    assert outcome["pending"] == {"error": {"kind": "cancelled", "message": "Cancelled"}}
    assert outcome["busyAfter"] is False
    assert stages(page) == STAGES + STAGES
    assert request(page, "count", {"puzzle": FIGURE_4_9})["result"]["count"] == FIGURE_4_9_SOLUTIONS


def test_cancel_during_a_reboot_settles_both_cancels(page: Page, site_url: str) -> None:
    open_check_page(page, site_url)
    versions = page.evaluate(
        """async () => {
          await client.ready;
          const first = client.cancel();
          await new Promise((resolve) => setTimeout(resolve, 100));
          const second = client.cancel();
          return [await first, await second];
        }"""
    )
    assert versions[0] == versions[1] and versions[0]["python"].startswith("3.14.")
    assert len(events(page, "ready")) == 2  # the first worker's and the last one's, not the middle


def test_boot_failure_is_reported_and_requests_reject(page: Page, site_url: str) -> None:
    def missing(route: Route) -> None:
        route.fulfill(status=404, body="not found")

    page.route(site_url + "manifest.json", missing)
    open_check_page(page, site_url)
    page.wait_for_function("events.some((e) => e.type === 'boot-error')")
    (error,) = events(page, "boot-error")
    assert error["stage"] == "manifest"
    assert "404" in error["message"]
    assert request(page, "count", {"puzzle": FIGURE_4_9})["error"]["kind"] == "boot"


def test_a_restarted_worker_boots_with_the_first_ones_manifest(
    page: Page, page_log: Any, site_url: str, site_dir: Path
) -> None:
    # A deployment made meanwhile must not give a restarted worker another wheel than the page's.
    open_check_page(page, site_url)
    page.wait_for_function(READY, timeout=120_000)
    manifests = [url for url in page_log.requests if url.endswith("/manifest.json")]
    page.evaluate("client.cancel()")
    assert [url for url in page_log.requests if url.endswith("/manifest.json")] == manifests
    wheel = json.loads((site_dir / "manifest.json").read_text())["wheel"]
    assert sum(url.endswith(wheel) for url in page_log.requests) == 2
    assert request(page, "count", {"puzzle": FIGURE_4_9})["result"]["count"] == FIGURE_4_9_SOLUTIONS
