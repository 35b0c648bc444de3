"""Every grid size in the page, as Python lists them (``pysolver.web.sizes_json``): the Size menu
offers 4×4 to 25×25 in order, 12×12 gives an empty 12×12 board, New puzzle makes a 12×12 puzzle and
says how long it took, a level that cannot exist at a size is disabled with Python's reason shown
under the menus, and New puzzle's size follows the board's. All tests share one booted page.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from contextlib import AbstractContextManager, suppress
from functools import cache
from typing import Any

import pytest
from playwright.sync_api import Browser, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from pysolver.grid import Grid
from pysolver.search import solve
from pysolver.web import COUNT_STOPPED, COUNTING, NOT_COUNTED, handle, sizes_json
from tests.e2e.conftest import READY

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
        page.wait_for_function(READY, timeout=120_000)
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
    """A 25×25 board sets New puzzle's size to 25×25, which is off and says why. The board is a
    puzzle counted in moments: an empty one's count takes seconds, and the Size menu's empty 25×25
    is tested above."""
    load_text(sized, easy_25())
    sized.wait_for_function(f"(line) => {IDLE} && {STATE}.view && {STATE}.view.puzzle === line", arg=easy_25())
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


#: The 25×25 puzzle whose count takes seconds in the browser.
LINE_25 = (Path(__file__).parents[2] / "bench/data/unique25x25_seed15.txt").read_text().split()[0]


@cache
def easy_25() -> str:
    """LINE_25 with all but its first 200 empty cells filled from its solution: still one solution,
    counted in moments, for the tests that hold the count themselves and test_layout's 25×25 board
    (LINE_25's took some 8 s of the browser's CPU, once for each)."""
    solution = solve(Grid.parse(LINE_25))
    assert solution is not None
    blanks = set([i for i, char in enumerate(LINE_25) if char == "."][:200])
    solved = solution.line()
    return "".join(char if i in blanks else solved[i] for i, char in enumerate(LINE_25))


#: Holds the worker's requests of one command (the argument: "classify", "generate") until
#: `window.__release()`, counting them in `window.__held` (the page's one worker posts through the
#: prototype, so patching it here catches the request the page sends).
HOLD_REQUESTS = """(cmd) => {
  const post = Worker.prototype.postMessage;
  const held = [];
  window.__held = 0;
  window.__release = () => { Worker.prototype.postMessage = post; held.forEach((send) => send()); };
  Worker.prototype.postMessage = function (message, ...rest) {
    if (message && typeof message.request === "string" && JSON.parse(message.request).cmd === cmd) {
      window.__held += 1;
      held.push(() => post.call(this, message, ...rest));
      return undefined;
    }
    return post.call(this, message, ...rest);
  };
}"""


def test_a_25x25_board_is_drawn_before_its_solutions_are_counted(sized: Page) -> None:
    """The board of a 25×25 puzzle shows as soon as it is read; the status and classification
    lines say the count runs, nothing can be asked meanwhile, and the count's reply completes it."""
    line = easy_25()
    choose_size(sized, 9)
    sized.evaluate(HOLD_REQUESTS, "classify")
    try:
        if not sized.eval_on_selector("details.puzzle-text", "(el) => el.open"):
            sized.click("details.puzzle-text > summary")
        sized.fill("#puzzle-text", line)
        sized.click("#text-form button[type='submit']")
        sized.wait_for_function("(line) => window.__held === 1 && "
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
        sized.evaluate("window.__release()")
    sized.wait_for_function(f"{IDLE} && {STATE}.view.classification.kind === 'unique'", timeout=120_000)
    full = sized.evaluate(f"{STATE}.view")
    assert full["values"] == pending["values"] and full["can"]["hint"]
    assert sized.locator("#classification").inner_text() == "Exactly one solution."
    assert sized.locator("#board .cell").count() == 625


#: Counts the worker's `classify` requests (any worker's: Cancel starts a new one) in `__asked`.
COUNT_CLASSIFY = """() => {
  const post = Worker.prototype.postMessage;
  window.__asked = 0;
  Worker.prototype.postMessage = function (message, ...rest) {
    if (message && typeof message.request === "string" && JSON.parse(message.request).cmd === "classify") {
      window.__asked += 1;
    }
    return post.call(this, message, ...rest);
  };
}"""
#: The status line's badge and words, as written (the badge is drawn in capitals by CSS).
STATUS_WORDS = ("() => [document.querySelector('#status .badge').textContent, "
                "document.querySelector('#status .text').textContent]")


def load_text(page: Page, line: str) -> None:
    if not page.eval_on_selector("details.puzzle-text", "(el) => el.open"):
        page.click("details.puzzle-text > summary")
    page.fill("#puzzle-text", line)
    page.click("#text-form button[type='submit']")


def test_cancel_during_a_25x25_count_stops_it_and_count_solutions_brings_back_step(sized: Page) -> None:
    """Cancel, shown while the 25×25's solutions are counted, restarts the worker and brings the
    same board back uncounted: Python's words say the count was cancelled and what waits for it,
    and no count is asked again (it went on, and the Counting badge stayed, before).
    Then the status names Count solutions (Python offers ``classify``), and pressing it from the
    keyboard counts them again, Cancel shown meanwhile: Step, Hint and Check come back. Before, only
    a move counted them (Count solutions counted the givens' solutions and left Step off)."""
    choose_size(sized, 9)
    sized.evaluate(COUNT_CLASSIFY)
    sized.evaluate(WATCH_LIVE)
    load_text(sized, LINE_25)
    sized.wait_for_function(f"(line) => {STATE}.view && {STATE}.view.puzzle === line && {STATE}.busy "
                            f"&& {STATE}.busy.cmd === 'classify' && {STATE}.busy.slow", arg=LINE_25)
    shown = sized.evaluate(f"{STATE}.view.values")
    assert sized.evaluate(STATUS_WORDS) == ["Counting", COUNTING]
    assert sized.is_visible("#cancel") and sized.is_enabled("#cancel")
    sized.click("#cancel")
    sized.wait_for_function(f"{IDLE} && {STATE}.view && {STATE}.view.classification.kind === 'uncounted'",
                            timeout=120_000)
    view = sized.evaluate(f"{STATE}.view")
    assert view["puzzle"] == LINE_25 and view["values"] == shown
    assert [name for name, on in view["can"].items() if on] == ["classify"]
    assert sized.locator("#board .cell").count() == 625
    assert sized.locator("#classification").inner_text() == NOT_COUNTED
    assert sized.evaluate(STATUS_WORDS) == ["Uncounted", COUNT_STOPPED]
    assert sized.locator("#message").inner_text() == "Cancelled."
    said = [text for _, text in sized.evaluate("window.__said")]
    assert said.count("Uncounted" + COUNT_STOPPED) == 1 and not any(NOT_COUNTED in text for text in said)
    sized.wait_for_timeout(300)
    assert sized.evaluate("window.__asked") == 1 and sized.evaluate(f"{STATE}.busy") is None

    assert "Count solutions, or your next move, counts them again." in sized.inner_text("#status .text")
    button = sized.get_by_role("button", name="Count solutions", exact=True)
    assert button.is_enabled() and sized.is_disabled("button[data-intent='step']")
    button.focus()
    sized.keyboard.press("Enter")
    sized.wait_for_function(f"{STATE}.busy && {STATE}.busy.cmd === 'classify' && {STATE}.busy.slow",
                            timeout=30_000)
    assert sized.evaluate(STATUS_WORDS)[1] == COUNTING
    assert sized.is_visible("#cancel") and sized.is_enabled("#cancel")
    sized.wait_for_function(f"{IDLE} && {STATE}.view.classification.kind === 'unique'", timeout=120_000)
    view = sized.evaluate(f"{STATE}.view")
    assert view["values"] == shown and view["can"]["step"] and not view["can"]["classify"]
    assert sized.is_enabled("button[data-intent='step']") and sized.is_enabled("button[data-intent='hint']")
    assert sized.evaluate(f"{STATE}.count") is None  # no count of the givens was asked instead


@pytest.fixture(scope="module")
def saved_25x25(sized: Page) -> dict[str, Any]:
    """A 25×25 game saved in the page's storage: one tutor step, then a digit typed. It starts from
    LINE_25 counted, as the test before leaves it (the count is some 10 s of the browser's CPU)."""
    counted = (f"(line) => {IDLE} && {STATE}.view && {STATE}.view.puzzle === line "
               f"&& {STATE}.view.classification.kind === 'unique' && {STATE}.view.actions.length === 0")
    if not sized.evaluate(counted, LINE_25):
        choose_size(sized, 9)
        load_text(sized, LINE_25)
        sized.wait_for_function(counted, arg=LINE_25, timeout=120_000)
    sized.click("button[data-intent='step']")
    sized.wait_for_function(f"{IDLE} && {STATE}.view.actions.length === 1", timeout=60_000)
    values = sized.evaluate(f"{STATE}.view.values")
    cell = values.index(0)
    solution = solve(Grid.parse(LINE_25))
    assert solution is not None
    digit = solution.values[cell]
    sized.click(f"#board .cell[data-cell='{cell}']")
    sized.keyboard.press(sized.evaluate(f"{STATE}.view.symbols")[digit - 1])
    sized.wait_for_function(f"{IDLE} && {STATE}.view.actions.length === 2", timeout=60_000)
    return {"view": sized.evaluate(f"{STATE}.view"), "stored": sized.evaluate("localStorage.getItem('pysolver.board')")}


#: What Python says while it replays the saved 25×25 game's two moves, once they are counted.
REPLAYING = "Replaying the saved game's 2 steps…"


def test_a_saved_25x25_game_with_steps_is_drawn_before_its_count(
        sized: Page, site_url: str, saved_25x25: dict[str, Any]) -> None:
    """Reopened, a saved 25×25 game with a tutor's step shows its position (the digit typed too)
    while the solutions are counted, then says that it replays its history, and does; it waited for
    both before."""
    saved = saved_25x25["view"]
    page = sized.context.new_page()
    try:
        page.add_init_script(f"({HOLD_REQUESTS})('classify')")
        page.goto(site_url)
        page.wait_for_function(f"(values) => window.__held === 1 && {STATE}.view "
                               f"&& JSON.stringify({STATE}.view.values) === JSON.stringify(values)",
                               arg=saved["values"], timeout=120_000)
        assert page.locator("#board .cell").count() == 625
        assert page.locator("#classification").inner_text() == COUNTING
        assert page.evaluate(STATUS_WORDS) == ["Counting", COUNTING]
        assert page.evaluate("localStorage.getItem('pysolver.board')") == saved_25x25["stored"]
        page.evaluate(WATCH_LIVE)
        page.evaluate("window.__release()")
        page.wait_for_function(f"{IDLE} && {STATE}.view.classification.kind === 'unique'", timeout=120_000)
        # Once counted, the status line says the replay in Python's words, in place of "Counting".
        said = page.evaluate("window.__said")
        assert any(region == "status" and REPLAYING in text for region, text in said), said
        full = page.evaluate(f"{STATE}.view")
        assert (full["actions"], full["position"], full["values"]) == (saved["actions"], saved["position"],
                                                                       saved["values"])
        assert full["can"]["step"] and page.evaluate(f"{STATE}.opening") is False
    finally:
        page.close()


def test_cancel_during_a_saved_25x25_games_count_keeps_its_position(
        sized: Page, site_url: str, saved_25x25: dict[str, Any]) -> None:
    """Cancel while a saved 25×25 game is counted (before its replay) shows its position, the digit
    typed included, uncounted and without its steps, and keeps the saved game for a reload."""
    saved = saved_25x25["view"]
    page = sized.context.new_page()
    try:
        page.goto(site_url)
        stored = page.evaluate("localStorage.getItem('pysolver.board')")
        page.wait_for_function(f"{STATE}.view && {STATE}.view.classification.kind === 'pending' && {STATE}.busy "
                               f"&& {STATE}.busy.cmd === 'classify' && {STATE}.busy.slow", timeout=120_000)
        page.click("#cancel")
        page.wait_for_function(f"{IDLE} && {STATE}.view && {STATE}.view.classification.kind === 'uncounted'",
                               timeout=120_000)
        view = page.evaluate(f"{STATE}.view")
        assert view["values"] == saved["values"] and view["notes"] == saved["notes"]
        assert page.locator("#classification").inner_text() == NOT_COUNTED
        assert page.evaluate(STATUS_WORDS) == ["Uncounted", COUNT_STOPPED]
        assert page.locator("#message").inner_text().startswith("Cancelled replaying the saved game's 2 steps")
        assert page.evaluate("localStorage.getItem('pysolver.board')") == stored, (stored, saved_25x25["stored"])
    finally:
        page.close()


#: Records in `__said` (emptied at each call) each new text of a live region (polite, or a status
#: not made quiet), as a screen reader would hear it: [region id, text].
WATCH_LIVE = """() => {
  window.__said = [];
  if (window.__watching) return;  // one observer a page
  window.__watching = true;
  const last = new Map();
  // The region whose words a node's change is: the nearest element that says how live it is, unless
  // it says "off" (the status line's progress, for one).
  const live = (el) => {
    const region = el.closest('[aria-live], [role="status"]');
    return region && region.getAttribute('aria-live') !== 'off' ? region : null;
  };
  // What a screen reader hears of a region: its text less what is aria-hidden (the step panel's
  // words repeated under the play bar for the eyes, inside the message region) or not live.
  const heard = (node) => node.nodeType === 3 ? node.textContent
    : node.nodeType === 1 && node.getAttribute('aria-hidden') !== 'true' && node.getAttribute('aria-live') !== 'off'
      ? [...node.childNodes].map(heard).join('') : '';
  new MutationObserver((records) => {
    const regions = new Set();
    for (const record of records) {
      const el = record.target.nodeType === 1 ? record.target : record.target.parentElement;
      const region = el && live(el);
      if (region) regions.add(region);
    }
    for (const region of regions) {
      const text = heard(region);
      if (last.get(region) !== text) {
        last.set(region, text);
        if (text) window.__said.push([region.id, text]);
      }
    }
  }).observe(document.body, { subtree: true, childList: true, characterData: true });
}"""
#: The counting badge's colours and those of the page's count chip (--purple-soft, --purple-ink).
BADGE_COLOURS = """() => {
  const badge = getComputedStyle(document.querySelector('#status .badge'));
  const probe = document.createElement('span');
  probe.style.cssText = 'background: var(--purple-soft); color: var(--purple-ink)';
  document.getElementById('status').append(probe);
  const chip = getComputedStyle(probe);
  const found = { ink: badge.color, paper: badge.backgroundColor, chipInk: chip.color, chipPaper: chip.backgroundColor };
  probe.remove();
  return found;
}"""


def _luminance(rgb: str) -> float:
    channels = [int(part) / 255 for part in rgb[rgb.index("(") + 1:rgb.index(")")].split(",")[:3]]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(ink: str, paper: str) -> float:
    light, dark = sorted((_luminance(ink), _luminance(paper)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_the_counting_badge_is_a_chip_said_once(sized: Page) -> None:
    """While a 25×25's solutions are counted the status badge wears the count chip's purple, 4.5:1 or
    more in light and dark (it had the plain grey badge's); the status line, a polite live region,
    says the count once and the classification line, saying the same, keeps quiet until the count's
    result, which it says."""
    choose_size(sized, 9)
    sized.evaluate(WATCH_LIVE)
    sized.evaluate(HOLD_REQUESTS, "classify")
    try:
        load_text(sized, easy_25())
        sized.wait_for_function(f"(line) => window.__held === 1 && {STATE}.view.puzzle === line",
                                arg=easy_25())
        sized.wait_for_timeout(600)  # past the moment the run is shown as slow
        assert sized.evaluate(STATUS_WORDS) == ["Counting", COUNTING]
        for scheme in ("light", "dark"):
            sized.emulate_media(color_scheme=scheme)  # type: ignore[arg-type]
            found = sized.evaluate(BADGE_COLOURS)
            assert (found["ink"], found["paper"]) == (found["chipInk"], found["chipPaper"]), scheme
            assert contrast(found["ink"], found["paper"]) >= 4.5, scheme
        assert sized.get_attribute("#status", "aria-live") == "polite"
        assert sized.get_attribute("#classification", "aria-live") == "off"
        assert sized.get_attribute(".step-words", "aria-live") == "off"
        said = sized.evaluate("window.__said")
        assert [text for _, text in said if "ounting" in text] == ["Counting" + COUNTING]
    finally:
        sized.emulate_media(color_scheme="light")
        sized.evaluate("window.__release()")
    sized.wait_for_function(f"{IDLE} && {STATE}.view.classification.kind === 'unique'", timeout=120_000)
    assert sized.get_attribute("#classification", "aria-live") is None
    assert sized.get_attribute(".step-words", "aria-live") == "polite"
    assert ["classification", "Exactly one solution."] in sized.evaluate("window.__said")
