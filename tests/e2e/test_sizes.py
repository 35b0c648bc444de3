"""Every grid size in the page, as Python lists them (``pysolver.web.sizes_json``): the Size menu
offers 4×4 to 25×25 in order, 12×12 gives an empty 12×12 board, New puzzle makes a 12×12 puzzle and
says how long it took, a level that cannot exist at a size is disabled with Python's reason shown
under the menus, and New puzzle's size follows the board's. All tests share one booted page.
"""

from __future__ import annotations

import json
from pathlib import Path
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, suppress
from typing import Any

import pytest
from playwright.sync_api import Browser, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from pysolver.web import handle, sizes_json

pytestmark = pytest.mark.e2e

STATE = "window.__pysolver.state"
IDLE = f"{STATE}.ready && !{STATE}.busy"
GENERATE = "#generate-panel"
#: Python's sizes once its `sizes` reply has come (the page rebuilds the menus from it).
SIZES_IN = f"{STATE}.sizes && {IDLE}"


def py(cmd: str, **args: Any) -> dict[str, Any]:
    """The worker's answer, computed here by the same ``pysolver.web.handle``."""
    reply: dict[str, Any] = json.loads(handle(json.dumps({"cmd": cmd, **args})))
    return reply


def options(page: Page, selector: str) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = page.eval_on_selector_all(
        f"{selector} option", "(all) => all.map((o) => ({value: o.value, text: o.text, "
        "disabled: o.disabled, title: o.title}))")
    return found


def view_n(page: Page) -> int:
    n: int = page.evaluate(f"{STATE}.view.n")
    return n


def open_generate(page: Page) -> None:
    if not page.eval_on_selector(GENERATE, "(el) => el.open"):
        page.click(f"{GENERATE} > summary")


def choose_size(page: Page, n: int) -> None:
    """An empty n×n board from the Size menu."""
    page.select_option("#size", str(n))
    page.wait_for_function(f"(n) => {IDLE} && {STATE}.view && {STATE}.view.n === n", arg=n)


@pytest.fixture(scope="module")
def sized(browser: Browser, site_url: str, guarded: Callable[..., AbstractContextManager[Page]],
          ) -> Iterator[Page]:
    with guarded(browser) as page:
        page.goto(site_url)
        page.wait_for_function("document.body.dataset.ready === 'true'", timeout=120_000)
        with suppress(PlaywrightTimeoutError):  # a page without the `sizes` reply fails each test
            page.wait_for_function(SIZES_IN, timeout=10_000)
        yield page


def test_the_size_menu_lists_every_size_in_order(sized: Page) -> None:
    shown = [(o["value"], o["text"]) for o in options(sized, "#size")]
    assert shown == [(str(s["n"]), s["label"]) for s in sizes_json()]
    assert [value for value, _ in shown] == ["4", "6", "9", "12", "16", "25"]
    assert ("12", "12×12 (3×4 boxes)") in shown


def test_choosing_12x12_gives_an_empty_12x12_board(sized: Page) -> None:
    choose_size(sized, 12)
    view = sized.evaluate(f"{STATE}.view")
    assert (view["n"], view["box_rows"], view["box_cols"]) == (12, 3, 4)
    assert view["puzzle"] == "." * 144
    assert sized.locator("#board .cell").count() == 144
    assert sized.locator("#size").input_value() == "12"
    choose_size(sized, 25)
    assert sized.locator("#board .cell").count() == 625
    assert sized.locator("#size").input_value() == "25"


def test_new_puzzle_follows_the_boards_size(sized: Page) -> None:
    open_generate(sized)
    size = sized.locator(f"{GENERATE} select[name='size']")
    for n in (12, 6, 16):
        choose_size(sized, n)
        assert size.input_value() == str(n)
    sized.select_option(f"{GENERATE} select[name='size']", "4")  # the person's choice holds...
    assert size.input_value() == "4"
    choose_size(sized, 12)  # ...until another size is loaded
    assert size.input_value() == "12"


def test_a_size_that_is_not_generated_says_why(sized: Page) -> None:
    choose_size(sized, 25)
    open_generate(sized)
    twenty_five = next(s for s in sizes_json() if s["n"] == 25)
    offered = {o["value"]: o for o in options(sized, f"{GENERATE} select[name='size']")}
    assert offered["25"]["disabled"] and offered["25"]["title"] == twenty_five["refused"]
    assert sized.locator(f"{GENERATE} select[name='size']").input_value() == "25"
    assert sized.locator(f"{GENERATE} .choice-note").inner_text() == twenty_five["note"]
    assert sized.is_disabled(f"{GENERATE} button[type='submit']")


def test_a_level_that_cannot_exist_at_4x4_is_disabled_with_its_reason(sized: Page) -> None:
    choose_size(sized, 4)
    open_generate(sized)
    four = next(s for s in sizes_json() if s["n"] == 4)
    levels = {o["value"]: o for o in options(sized, f"{GENERATE} select[name='level']")}
    expert = next(level for level in four["levels"] if level["level"] == "expert")
    assert levels["expert"]["disabled"] and levels["expert"]["title"] == expert["refused"]
    assert not levels["easy"]["disabled"] and not levels["unique"]["disabled"]
    note = sized.locator(f"{GENERATE} .choice-note")
    assert note.is_visible() and note.inner_text() == four["note"]
    assert "every 4×4 puzzle is solved by singles" in note.inner_text()
    # The menus name the note as their description, so a screen reader says it with them.
    described = sized.get_attribute(f"{GENERATE} select[name='level']", "aria-describedby")
    assert described and sized.locator(f"#{described}").inner_text() == four["note"]


def test_new_puzzle_at_12x12_makes_a_12x12_puzzle_and_says_how_long_it_took(sized: Page) -> None:
    choose_size(sized, 9)
    open_generate(sized)
    sized.select_option(f"{GENERATE} select[name='size']", "12")
    sized.select_option(f"{GENERATE} select[name='level']", "easy")
    sized.click(f"{GENERATE} button[type='submit']")
    sized.wait_for_function(
        f"{IDLE} && {STATE}.rating && {STATE}.view && {STATE}.view.puzzle === {STATE}.rating.puzzle",
        timeout=120_000)
    rating = sized.evaluate(f"{STATE}.rating")
    assert py("count", puzzle=rating["puzzle"])["count"] == 1
    assert rating["level"] == "easy" and rating["n"] == 12
    made = sized.locator(f"{GENERATE} .hint-line[data-seed]")
    assert made.inner_text() == rating["message"]
    assert made.inner_text().startswith("New 12×12 puzzle: ")
    assert " tried in " in made.inner_text() and made.get_attribute("data-elapsed-ms") is not None
    again = py("generate", size=12, level="easy", seed=rating["seed"])
    assert again["puzzle"] == rating["puzzle"]
    assert sized.locator(f"{GENERATE} select[name='size']").input_value() == "12"


#: Holds the worker's `classify` requests until `window.__releaseClassify()` (the page's one worker
#: posts through the prototype, so patching it here catches the request the page sends).
HOLD_CLASSIFY = """() => {
  const post = Worker.prototype.postMessage;
  const held = [];
  window.__heldClassify = 0;
  window.__releaseClassify = () => { Worker.prototype.postMessage = post; held.forEach((send) => send()); };
  Worker.prototype.postMessage = function (message, ...rest) {
    if (message && typeof message.request === "string" && JSON.parse(message.request).cmd === "classify") {
      window.__heldClassify += 1;
      held.push(() => post.call(this, message, ...rest));
      return undefined;
    }
    return post.call(this, message, ...rest);
  };
}"""


def test_a_25x25_board_is_drawn_before_its_solutions_are_counted(sized: Page) -> None:
    """The board of a 25×25 puzzle shows as soon as it is read; the status and classification
    lines say the count runs, nothing can be asked meanwhile, and the count's reply completes it."""
    line = (Path(__file__).parents[2] / "bench/data/unique25x25_seed15.txt").read_text().split()[0]
    choose_size(sized, 9)
    sized.evaluate(HOLD_CLASSIFY)
    try:
        if not sized.eval_on_selector("details.puzzle-text", "(el) => el.open"):
            sized.click("details.puzzle-text > summary")
        sized.fill("#puzzle-text", line)
        sized.click("#text-form button[type='submit']")
        sized.wait_for_function("(line) => window.__heldClassify === 1 && "
                                f"{STATE}.view && {STATE}.view.puzzle === line", arg=line)
        pending = sized.evaluate(f"{STATE}.view")
        assert pending["classification"] == {"kind": "pending", "message": "Counting solutions…",
                                             "cell": None, "house": None, "cells": []}
        assert sized.locator("#board .cell").count() == 625
        assert sized.locator("#classification").inner_text() == "Counting solutions…"
        assert sized.evaluate(f"{STATE}.busy.cmd") == "classify"
        assert not any(pending["can"].values()) and pending["hint"] is None
        assert sized.is_disabled("button[data-intent='hint']")
    finally:
        sized.evaluate("window.__releaseClassify()")
    sized.wait_for_function(f"{IDLE} && {STATE}.view.classification.kind === 'unique'", timeout=120_000)
    full = sized.evaluate(f"{STATE}.view")
    assert full["values"] == pending["values"] and full["can"]["hint"]
    assert sized.locator("#classification").inner_text() == "Exactly one solution."
    assert sized.locator("#board .cell").count() == 625
