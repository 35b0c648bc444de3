"""The smoke journey in the engines of Firefox and Safari, with the browsers Debian ships: Firefox ESR
over WebDriver BiDi (npm puppeteer-core, tests/engines/firefox-driver.mjs) and WebKitGTK's
MiniBrowser through WebKitWebDriver (Selenium) under Xvfb. Boot (from the snapshot), load an
example, Step, Hint, Back, Guess and Backtrack, a reload that keeps the board, and a second visit
with the server stopped (the service worker's cache). The steps run in the page (journey.js).
In WebKit, which like Safari has no scroll anchoring, the page's own ways of keeping things still
are checked too: a pressed button stays under the pointer, and a phone held sideways keeps the board
on screen at the page's end.

scripts/test.sh installs firefox-esr, webkit2gtk-driver and xvfb, and runs this file under
``xvfb-run``; without a browser or a display, its test is skipped rather than failed.
"""

from __future__ import annotations

import json
import os
import queue
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path
from collections.abc import Iterator
from typing import Any, Protocol

import pytest

from tests.helpers import FIGURE_4_2, FIGURE_4_9

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))

import build_site  # noqa: E402  (the build script lives at the repository's root)

pytestmark = pytest.mark.engines

JOURNEY = (HERE / "journey.js").read_text()
FIREFOX = os.environ.get("PYSOLVER_FIREFOX", "/usr/bin/firefox-esr")
MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver"
STEP_TIMEOUT_S = 300
#: The solver has answered and the page shows a board.
IDLE = ("document.body.dataset.ready === 'true' && document.getElementById('status').dataset.busy === 'false' "
        "&& window.__pysolver.state.view !== null")
#: Where the Step button is on screen, and whether the message box holds the room of words it lost.
STEP_ON_SCREEN = """(() => { const r = document.querySelector('button[data-intent=step]').getBoundingClientRect();
  const live = document.getElementById('message-live');
  return { top: r.top, bottom: r.bottom, height: innerHeight, held: live.dataset.held === 'true',
           hidden: document.getElementById('message').hidden }; })()"""


class Driver(Protocol):
    def goto(self, url: str) -> None: ...
    def reload(self) -> None: ...
    def step(self, name: str, *args: object) -> Any: ...


class FirefoxDriver:
    """firefox-driver.mjs, spoken to one JSON line at a time."""

    def __init__(self) -> None:
        self.process = subprocess.Popen(
            ["node", str(HERE / "firefox-driver.mjs"), FIREFOX],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
        )
        self.lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line)

    def _send(self, command: dict[str, Any]) -> Any:
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps(command) + "\n")
        self.process.stdin.flush()
        reply = json.loads(self.lines.get(timeout=STEP_TIMEOUT_S))
        if not reply["ok"]:
            raise AssertionError(f"Firefox, {command}: {reply['error']}")
        return reply.get("value")

    def goto(self, url: str) -> None:
        self._send({"op": "goto", "url": url})

    def reload(self) -> None:
        self._send({"op": "reload"})

    def step(self, name: str, *args: object) -> Any:
        return self._send({"op": "step", "name": name, "args": list(args)})

    def quit(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps({"op": "quit"}) + "\n")
        self.process.stdin.close()
        try:
            self.process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            self.process.kill()


class WebKitDriver:
    """Selenium's WebKitGTK driver on MiniBrowser."""

    def __init__(self) -> None:
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.options import Options

        options = Options()
        options.binary_location = MINIBROWSER
        options.add_argument("--automation")
        self.browser = webdriver.WebKitGTK(options=options)
        self.browser.set_script_timeout(STEP_TIMEOUT_S)
        self.browser.set_page_load_timeout(STEP_TIMEOUT_S)

    def goto(self, url: str) -> None:
        self.browser.get(url)

    def reload(self) -> None:
        self.browser.refresh()

    def step(self, name: str, *args: object) -> Any:
        if not self.browser.execute_script("return Boolean(window.__journey)"):
            self.browser.execute_script(JOURNEY)
        return self.browser.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "window.__journey[arguments[0]](...arguments[1]).then(done, (e) => done({ error: String(e) }));",
            name, list(args),
        )

    def quit(self) -> None:
        self.browser.quit()


def checked(value: Any) -> Any:
    assert not (isinstance(value, dict) and "error" in value), value
    return value


def journey(driver: Driver, site: Path) -> None:
    server, url = build_site.serve_in_thread(site)
    try:
        driver.goto(url)
        booted = checked(driver.step("boot"))
        assert booted["boot"] == {"path": "snapshot", "fallback": None}
        assert checked(driver.step("load", "fig49"))["puzzle"] == FIGURE_4_9
        assert checked(driver.step("step"))["position"] == 1
        assert checked(driver.step("hint"))["title"].startswith("Hint")
        assert checked(driver.step("back"))["position"] == 0
        assert checked(driver.step("guess"))["position"] == 1
        checked(driver.step("load", "jellyfish"))  # its guesses meet a contradiction soon
        assert checked(driver.step("untilContradiction"))["status"] == "contradiction"
        before = checked(driver.step("backtrack"))
        assert before["title"] == "Backtrack"
        driver.reload()
        checked(driver.step("boot"))
        after = checked(driver.step("shown"))
        assert (after["puzzle"], after["position"]) == (before["puzzle"], before["position"])
        checked(driver.step("offlineReady"))
    finally:
        server.shutdown()
        server.server_close()
    driver.reload()  # the network is gone: the service worker answers
    checked(driver.step("boot"))
    assert checked(driver.step("shown"))["puzzle"] == before["puzzle"]
    assert checked(driver.step("step"))["position"] == before["position"] + 1


@pytest.fixture(scope="module")
def site_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The built site ($PYSOLVER_SITE_DIR when scripts/test.sh built it)."""
    return build_site.built_site(tmp_path_factory.mktemp("engines") / "site")


@pytest.fixture
def site_copy(site_dir: Path, tmp_path: Path) -> Path:
    """The site, copied so that stopping its server cuts nothing else."""
    copy = tmp_path / "site"
    shutil.copytree(site_dir, copy)
    return copy


def test_firefox_journey(site_copy: Path) -> None:
    if not Path(FIREFOX).exists():
        pytest.skip(f"{FIREFOX} is not installed (scripts/test.sh installs firefox-esr)")
    driver = FirefoxDriver()
    try:
        journey(driver, site_copy)
    finally:
        driver.quit()


@pytest.fixture
def webkit() -> Iterator[WebKitDriver]:
    """WebKitGTK's MiniBrowser, or the test skipped where it cannot run."""
    if not (Path(MINIBROWSER).exists() and Path(WEBKIT_DRIVER).exists()):
        pytest.skip("WebKitGTK's MiniBrowser or WebKitWebDriver is missing (scripts/test.sh installs webkit2gtk-driver)")
    if not os.environ.get("DISPLAY"):
        pytest.skip("no display: run under xvfb-run, as scripts/test.sh does")
    driver = WebKitDriver()
    try:
        yield driver
    finally:
        driver.quit()


def test_webkit_journey(webkit: WebKitDriver, site_copy: Path) -> None:
    journey(webkit, site_copy)


def sized(driver: WebKitDriver, width: int, height: int) -> None:
    """Make the page's window (innerWidth × innerHeight) width × height: the window's own bars
    take some of the height the driver sets. The page learns its new size a moment after the
    driver returns (on a loaded machine a read at once gave the old height, so the bars were taken
    as none and the page came out 38 px short): each size is read once it holds still, and set
    again until it is the one wanted."""
    browser = driver.browser
    asked = height
    for _ in range(4):
        browser.set_window_size(width, asked)
        inner = settled_size(driver)
        if inner == [width, height]:
            return
        asked += height - inner[1]
    assert inner == [width, height]


def settled_size(driver: WebKitDriver) -> list[int]:
    """The page's [innerWidth, innerHeight] once two reads a quarter of a second apart agree."""
    end = time.monotonic() + 10
    last = None
    while time.monotonic() < end:
        size: list[int] = driver.browser.execute_script("return [innerWidth, innerHeight]")
        if size == last:
            return size
        last = size
        time.sleep(0.25)
    raise AssertionError(f"the page's size never held still (last {last})")


def until(driver: WebKitDriver, condition: str) -> None:
    """Wait until the page's ``condition`` (a script expression) holds."""
    end = time.monotonic() + STEP_TIMEOUT_S
    while not driver.browser.execute_script(f"return Boolean({condition})"):
        assert time.monotonic() < end, f"timed out waiting for {condition}"
        time.sleep(0.05)


def test_webkit_keeps_a_pressed_button_and_the_board_in_place(webkit: WebKitDriver, site_dir: Path) -> None:
    """Safari has no scroll anchoring, and neither has WebKitGTK: a tablet held upright (768×1024),
    the puzzle's text closed, Check's message over the tutor's buttons, a click on Step that clears
    it leaves Step where it was (the emptied room is held), and scrolling the room off the window's
    top lets it go without moving anything on screen. A phone held sideways (844×390) scrolled to
    the page's end keeps the whole board in the window."""
    from selenium.webdriver.common.by import By

    browser = webkit.browser
    server, url = build_site.serve_in_thread(site_dir)
    try:
        assert not browser.execute_script("return CSS.supports('overflow-anchor', 'auto')")
        sized(webkit, 768, 1024)
        browser.get(f"{url}#p={FIGURE_4_2}")
        until(webkit, IDLE)
        browser.find_element(By.CSS_SELECTOR, "button[data-intent=check]").click()
        until(webkit, "document.getElementById('message').textContent === 'No mistakes so far.'")
        browser.execute_script("""const r = document.querySelector('button[data-intent=step]').getBoundingClientRect();
          scrollBy(0, r.bottom - innerHeight + 8);""")
        before = browser.execute_script(f"return {STEP_ON_SCREEN}")
        assert before["bottom"] <= before["height"] and not before["hidden"], before
        browser.find_element(By.CSS_SELECTOR, "button[data-intent=step]").click()
        until(webkit, f"{IDLE} && window.__pysolver.state.view.position === 1")
        after = browser.execute_script(f"return {STEP_ON_SCREEN}")
        assert after["hidden"] and after["held"] and abs(after["top"] - before["top"]) <= 2, (before, after)
        down = browser.execute_script("""const live = document.getElementById('message-live');
          const down = Math.ceil(live.getBoundingClientRect().bottom) + 1; scrollBy(0, down); return down;""")
        until(webkit, "document.getElementById('message-live').dataset.held === 'false'")
        scrolled = browser.execute_script(f"return {STEP_ON_SCREEN}")
        assert abs(scrolled["top"] - (after["top"] - down)) <= 1, (down, after, scrolled)

        sized(webkit, 844, 390)
        browser.refresh()
        until(webkit, IDLE)
        board = browser.execute_script("""scrollTo(0, document.scrollingElement.scrollHeight);
          const r = document.getElementById('board').getBoundingClientRect();
          return { top: r.top, bottom: r.bottom, height: innerHeight, scrollY: scrollY };""")
        assert board["scrollY"] > 0 and 0 <= board["top"] and board["bottom"] <= board["height"], board
    finally:
        server.shutdown()
        server.server_close()
