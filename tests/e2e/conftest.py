"""Shared fixtures for the browser tests: the built site, served on 127.0.0.1, in Debian's Chromium.

- ``site_dir``: the site, built once per session ($PYSOLVER_SITE_DIR when scripts/test.sh built it).
- ``site_url``: ``http://127.0.0.1:<free port>/`` serving it; ``subpath_url``: the same site under
  ``/repo/``, as GitHub Pages serves a project site.
- ``browser``: headless Chromium (``/usr/bin/chromium``, or $PYSOLVER_CHROMIUM), its WebAssembly on the
  baseline compiler only (see ``CHROMIUM_ARGS``).
- ``page``: a fresh context and page whose every request is checked: one for another host is aborted
  and fails the test, as does an uncaught script error. ``page_log`` holds what was seen. Its
  service workers are blocked, as in the tests' other contexts, but for the tests marked
  ``service_workers`` (the offline ones): on each such first visit the site's worker would download
  the whole site (13 MB) again to keep it for offline use while the test ran, about half a CPU
  second a page that no other test reads.
  The ``guarded`` fixture gives ``guarded_page(browser)`` for a page of a wider scope.
- ``app``: ``page`` opened on the site and waited until the solver is ready
  (``document.body.dataset.ready === "true"``, set by the page from the client's onReady);
  ``wait_ready(page)`` waits so for any page; ``artifacts_dir`` is test-artifacts/ (gitignored).
- ``shared``: one such page booted for a whole file, for tests that each load their own puzzle.

A failing test that used a page leaves a screenshot in test-artifacts/.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

import pytest
from playwright.sync_api import Browser, Page, Playwright, Route, sync_playwright

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
sys.path.insert(0, str(ROOT))

import build_site  # noqa: E402  (the build script lives at the repository's root)

CHROMIUM = os.environ.get("PYSOLVER_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    # WebAssembly on V8's baseline compiler only. Every test boots a fresh page, and each boot
    # spent about 0.8 CPU seconds of its 2.8 optimising Pyodide's hot functions, work a test of a
    # few seconds never earns back: with it, the browser tests of five files ran 15% faster (203 s
    # to 174 s) on this 2-core machine, where they are bound by the CPU. The users' browsers
    # optimise as ever; the benchmarks (bench/) and the Firefox and WebKit tests run that way.
    "--js-flags=--liftoff-only",
    # Chromium preloads its omnibox's suggestion popups (web pages of its own) in every new window:
    # over a second of CPU per test's fresh context, for a browser UI a headless page never shows.
    "--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup",
]
SUBPATH = "/repo/"
# Booting reads ~13 MB and compiles WebAssembly; generous for a busy 2-core CI machine.
READY_TIMEOUT_MS = 120_000
#: The page booted. ``document.body`` is null for a moment while the page reloads (Retry after a
#: failed boot reloads it): the test then waits on rather than fails.
READY = "document.body !== null && document.body.dataset.ready === 'true'"


@dataclass
class PageLog:
    """Everything a page asked for and every script error it raised."""

    origin: str = "http://127.0.0.1:"
    requests: list[str] = field(default_factory=list)
    offsite: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_site.built_site(tmp_path_factory.mktemp("e2e") / "site")


@pytest.fixture(scope="session")
def site_url(site_dir: Path) -> Iterator[str]:
    server, url = build_site.serve_in_thread(site_dir)
    yield url
    server.shutdown()


@pytest.fixture(scope="session")
def subpath_url(site_dir: Path) -> Iterator[str]:
    server, url = build_site.serve_in_thread(site_dir, SUBPATH)
    yield url
    server.shutdown()


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} not found: install Debian's chromium (apt-get install -y chromium) "
                    "or set PYSOLVER_CHROMIUM; scripts/test.sh does the former")
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    yield browser
    browser.close()


@contextmanager
def guarded_page(browser: Browser, log: PageLog | None = None,
                 service_workers: Literal["allow", "block"] = "block") -> Iterator[Page]:
    """A page in a fresh context whose requests to other hosts are aborted and logged; on leaving,
    fail if there were any, or any uncaught script error."""
    log = log if log is not None else PageLog()
    context = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers=service_workers)
    context.set_default_timeout(30_000)

    def guard(route: Route) -> None:
        url = route.request.url
        log.requests.append(url)
        if url.startswith(log.origin) or url.startswith(("data:", "blob:")):
            route.fallback()
        else:
            log.offsite.append(url)
            route.abort()

    context.route("**/*", guard)
    page = context.new_page()
    page.on("pageerror", lambda error: log.page_errors.append(str(error)))
    page.on("console", lambda m: m.type == "error" and log.console_errors.append(m.text))
    yield page
    context.close()
    assert log.offsite == [], "the page asked another host for these"
    assert log.page_errors == [], "uncaught script errors"


@pytest.fixture(scope="session")
def guarded() -> Callable[..., AbstractContextManager[Page]]:
    """``guarded_page`` for fixtures of a wider scope than ``page``."""
    return guarded_page


@pytest.fixture
def page_log() -> PageLog:
    return PageLog()


@pytest.fixture
def page(browser: Browser, page_log: PageLog, request: pytest.FixtureRequest) -> Iterator[Page]:
    allowed = request.node.get_closest_marker("service_workers") is not None
    with guarded_page(browser, page_log, "allow" if allowed else "block") as page:
        yield page


def _wait_ready(page: Page) -> None:
    page.wait_for_function(READY, timeout=READY_TIMEOUT_MS)


@pytest.fixture
def wait_ready() -> Callable[[Page], None]:
    return _wait_ready


@pytest.fixture
def artifacts_dir() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


@pytest.fixture
def app(page: Page, site_url: str) -> Page:
    page.goto(site_url)
    _wait_ready(page)
    return page


@pytest.fixture(scope="module")
def shared(browser: Browser, site_url: str) -> Iterator[Page]:
    """One booted page for a file's tests that load puzzles and read the board: a boot costs about
    two CPU seconds, most of a short test's time. Each test loads its own puzzle (``show`` in
    test_app.py); what a test leaves open or selected, the next one sees."""
    with guarded_page(browser) as page:
        page.goto(site_url)
        page.wait_for_function("window.__pysolver && window.__pysolver.state.ready && !window.__pysolver.state.busy"
                               " && window.__pysolver.state.view !== null", timeout=READY_TIMEOUT_MS)
        yield page


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    report: pytest.TestReport = yield
    page = getattr(item, "funcargs", {}).get("page")
    if report.when == "call" and report.failed and page is not None and not page.is_closed():
        ARTIFACTS.mkdir(exist_ok=True)
        name = "".join(c if c.isalnum() or c in "-_." else "_" for c in item.name)
        page.screenshot(path=str(ARTIFACTS / f"failed-{name}.png"), full_page=True)
    return report
