"""The smoke journey in the engines of Firefox and Safari, with the browsers Debian ships: Firefox ESR
over WebDriver BiDi (npm puppeteer-core, tests/engines/firefox-driver.mjs) and WebKitGTK's
MiniBrowser through WebKitWebDriver (Selenium) under Xvfb. Boot (from the snapshot), load an
example, Step, Hint, Back, Guess and Backtrack, a reload that keeps the board, and a second visit
with the server stopped (the service worker's cache). The steps run in the page (journey.js).

scripts/test.sh installs firefox-esr, webkit2gtk-driver and xvfb, and runs this file under
``xvfb-run``; without a browser or a display, its test is skipped rather than failed.
"""

from __future__ import annotations

import json
import os
import queue
import shutil
import subprocess
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Protocol

import pytest

import build_site  # noqa: E402  (put on the path by conftest.py)
from tests.helpers import FIGURE_4_9

pytestmark = pytest.mark.engines

HERE = Path(__file__).resolve().parent
JOURNEY = (HERE / "journey.js").read_text()
FIREFOX = os.environ.get("PYSOLVER_FIREFOX", "/usr/bin/firefox-esr")
MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver"
STEP_TIMEOUT_S = 300


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


def test_webkit_journey(site_copy: Path) -> None:
    if not (Path(MINIBROWSER).exists() and Path(WEBKIT_DRIVER).exists()):
        pytest.skip("WebKitGTK's MiniBrowser or WebKitWebDriver is missing (scripts/test.sh installs webkit2gtk-driver)")
    if not os.environ.get("DISPLAY"):
        pytest.skip("no display: run under xvfb-run, as scripts/test.sh does")
    driver = WebKitDriver()
    try:
        journey(driver, site_copy)
    finally:
        driver.quit()
