"""The page itself (web/index.html and web/js/), driven as a person would: typing on the board,
pasting, the URL, the size and example menus, messages for bad input, Check, and the keyboard
shortcuts. Each expectation is computed in-process by the same ``pysolver.web.handle`` the worker
runs, so the test compares the page with Python rather than with numbers copied by hand.

The tests that only load puzzles and read the board share one booted page (conftest.py's ``shared``); the steps,
guesses, counting and reloads are in test_app_steps.py. The helpers at the top serve both files.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from pysolver.web import handle
from tests.helpers import FIGURE_4_2, FIGURE_4_9

pytestmark = pytest.mark.e2e

STATE = "window.__pysolver.state"
IDLE = f"{STATE}.ready && !{STATE}.busy"
SIZES = {4: (2, 2), 6: (2, 3), 9: (3, 3), 16: (4, 4)}
SIX = ".6..1..2.3..4......3.5.....653......"
FOUR = ".42...1......3.."

# Every cell of the board as the page drew it: value, givenness, the text drawn (not the name read
# aloud), the candidate digits shown and how the shown step marks them, and the cell's own marks.
READ_BOARD = """() => [...document.querySelectorAll('#board .cell')].map((el) => {
  const digits = (sel) => [...el.querySelectorAll(sel)].map((s) => Number(s.dataset.digit));
  return { cell: Number(el.dataset.cell), value: Number(el.dataset.value), given: el.dataset.given === 'true',
    text: [...el.querySelectorAll('[aria-hidden=true]')].map((s) => s.textContent).join(''), cands: digits('.cand'), pattern: digits('.cand.pattern'), elim: digits('.cand.elim'),
    placed: el.classList.contains('placed'), conflict: el.classList.contains('conflict'),
    inStep: el.classList.contains('in-step') };
})"""


def py(cmd: str, **args: Any) -> dict[str, Any]:
    """The worker's answer, computed here: ``pysolver.web.handle`` on the same request."""
    reply: dict[str, Any] = json.loads(handle(json.dumps({"cmd": cmd, **args})))
    return reply


def py_view(puzzle: str, actions: list[str] | None = None, position: int | None = None) -> dict[str, Any]:
    """The view Python gives for `puzzle` after replaying `actions` up to `position`."""
    args: dict[str, Any] = {"puzzle": puzzle, "actions": actions or []}
    if position is not None:
        args["position"] = position
    view: dict[str, Any] = py("load", **args)["view"]
    return view


def state(page: Page) -> dict[str, Any]:
    found: dict[str, Any] = page.evaluate(STATE)
    return found


def wait_for(page: Page, condition: str, arg: Any = None, timeout: float = 30_000) -> None:
    """Wait until `condition` (a JS expression, or a function of `arg`) holds; on a timeout, fail
    with what the page was doing."""
    try:
        page.wait_for_function(condition, arg=arg, timeout=timeout)
    except PlaywrightTimeoutError:
        seen = page.evaluate(f"(({{ view, ...rest }}) => JSON.stringify({{ ...rest, entry: undefined, "
                             f"position: view && view.position, status: view && view.status }}))({STATE})")
        raise AssertionError(f"timed out waiting for {condition} (arg {arg!r}); page state: {seen}") from None


def wait_position(page: Page, position: int) -> None:
    wait_for(page, f"{IDLE} && {STATE}.view && {STATE}.view.position === {position}")


def show(page: Page, puzzle: str) -> None:
    """Load `puzzle` from the "Puzzle as text" box and wait for Python's board of it."""
    details = page.locator("details.puzzle-text")
    if details.get_attribute("open") is None:
        details.locator("summary").click()
    page.fill("#puzzle-text", puzzle)
    page.click("#text-form button[type='submit']")
    page.wait_for_function(
        f"(p) => {IDLE} && {STATE}.view && {STATE}.view.puzzle === p && !{STATE}.error", arg=puzzle)


def enter_mode(page: Page) -> None:
    """Switch to "Enter puzzle": typed characters become the givens (a loaded puzzle starts in play)."""
    page.click("button[data-intent='mode'][data-mode='enter']")
    page.wait_for_function(f"{STATE}.mode === 'enter'")


def board(page: Page) -> list[dict[str, Any]]:
    cells: list[dict[str, Any]] = page.evaluate(READ_BOARD)
    return cells


def click(page: Page, intent: str) -> None:
    page.click(f".controls button[data-intent='{intent}']")


def marked(cells: list[dict[str, Any]], kind: str) -> set[tuple[int, int]]:
    """(cell, digit) pairs whose candidate carries `kind` (pattern, elim)."""
    return {(c["cell"], d) for c in cells for d in c[kind]}


def as_pairs(pairs: list[list[int]]) -> set[tuple[int, int]]:
    return {(cell, digit) for cell, digit in pairs}


def paste(page: Page, text: str) -> None:
    """Paste `text` onto the board, as Ctrl+V on a selected cell does."""
    page.evaluate(
        """(text) => {
          const data = new DataTransfer();
          data.setData('text', text);
          document.querySelector('#board .cell').dispatchEvent(
            new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
        }""",
        text,
    )


def box_lines(page: Page) -> dict[str, Any]:
    """The board's shape and where its thick lines fall (from the drawn borders)."""
    shape: dict[str, Any] = page.evaluate(
        """() => {
          const board = document.getElementById('board');
          const n = Number(board.dataset.n);
          const cells = [...board.querySelectorAll('.cell')];
          const thick = (el, side) => parseFloat(getComputedStyle(el)[side]) >= 3;
          const first = cells[0].getBoundingClientRect();
          const last = cells[n * n - 1].getBoundingClientRect();
          return { n, shape: board.dataset.shape, cells: cells.length,
            right: cells.slice(0, n).map((el, col) => thick(el, 'borderRightWidth') ? col : -1).filter((c) => c >= 0),
            bottom: cells.filter((el, i) => i % n === 0).map((el, row) => thick(el, 'borderBottomWidth') ? row : -1)
              .filter((r) => r >= 0),
            square: Math.abs((last.right - first.left) - (last.bottom - first.top)) < 2 };
        }"""
    )
    return shape


def expected_lines(n: int) -> dict[str, Any]:
    rows, cols = SIZES[n]
    return {"n": n, "shape": f"{n}:{rows}x{cols}", "cells": n * n,
            "right": [c for c in range(n - 1) if (c + 1) % cols == 0],
            "bottom": [r for r in range(n - 1) if (r + 1) % rows == 0], "square": True}


def test_first_visit_shows_figure_4_2_with_pencil_marks(shared: Page) -> None:
    show(shared, FIGURE_4_2)
    expected = py_view(FIGURE_4_2)
    cells = board(shared)
    assert [c["value"] for c in cells] == expected["values"]
    assert [c["given"] for c in cells] == [d > 0 for d in expected["givens"]]
    assert [c["cands"] for c in cells] == expected["candidates"]
    assert shared.locator("#status").get_attribute("data-state") == "solving"
    assert shared.locator("#status .text").inner_text() == expected["status"]["message"]


def test_url_hash_loads_a_puzzle(shared: Page) -> None:
    show(shared, FIGURE_4_2)
    shared.evaluate("(p) => { location.hash = '#p=' + p; }", FIGURE_4_9)
    shared.wait_for_function(f"(p) => {IDLE} && {STATE}.view.puzzle === p", arg=FIGURE_4_9)
    assert [c["value"] for c in board(shared)] == py_view(FIGURE_4_9)["values"]
    assert shared.evaluate("location.hash") == "#p=" + FIGURE_4_9


def test_typing_fills_moves_and_erases_and_keeps_the_hash(shared: Page) -> None:
    shared.select_option("#size", "4")
    shared.wait_for_function(f"{IDLE} && {STATE}.view && {STATE}.view.n === 4")
    shared.click("#board .cell[data-cell='0']")
    keys = ["1", "ArrowRight", "2", "ArrowDown", "3", "ArrowDown", "4", "Backspace", "ArrowLeft", "4",
            "Delete", "ArrowRight", "ArrowRight", "ArrowUp", "4"]
    for key in keys:
        shared.keyboard.press(key)
    typed = "12...34........."  # r1c1 1, r1c2 2, r2c2 3, r2c3 4; r3c2 and r3c1 typed, then erased
    shared.wait_for_function(f"(p) => {IDLE} && {STATE}.view.puzzle === p", arg=typed)
    expected = py_view(typed)
    cells = board(shared)
    assert [c["value"] for c in cells] == expected["values"]
    assert [c["cands"] for c in cells] == expected["candidates"]
    assert state(shared)["selected"] == 6
    assert shared.evaluate("location.hash") == "#p=" + typed


def test_pad_buttons_type_into_the_selected_cell(shared: Page) -> None:
    show(shared, FIGURE_4_2)
    enter_mode(shared)
    shared.click("#board .cell[data-cell='0']")
    shared.click("#pad button[data-char='9']")
    typed = "9" + FIGURE_4_2[1:]
    shared.wait_for_function(f"(p) => {IDLE} && {STATE}.view.puzzle === p", arg=typed)
    shared.click("#pad button[data-char='.']")
    shared.wait_for_function(f"(p) => {IDLE} && {STATE}.view.puzzle === p", arg=FIGURE_4_2)


def test_a_bad_character_pasted_is_named_with_its_cell(shared: Page) -> None:
    show(shared, FIGURE_4_2)
    bad = FIGURE_4_2[:13] + "x" + FIGURE_4_2[14:]
    paste(shared, bad)
    message = shared.locator("#message[data-kind='format']")
    message.wait_for()
    expected = py("load", puzzle=bad)["error"]
    assert message.inner_text() == expected["message"]
    assert "'x'" in expected["message"] and "r2c5" in expected["message"]
    assert shared.locator("#puzzle-text").input_value() == bad  # the pasted text is kept
    cells = board(shared)
    assert "".join(c["text"] if c["given"] else "." for c in cells) == bad  # and shown on the board
    assert [c["cell"] for c in cells if c["conflict"]] == [13]
    assert shared.locator("#status").get_attribute("data-state") == "invalid"


def test_a_repeated_digit_names_its_house_and_cells_and_stays_typed(shared: Page) -> None:
    show(shared, FIGURE_4_2)
    enter_mode(shared)
    shared.click("#board .cell[data-cell='0']")
    shared.keyboard.press("2")  # row 1 has a 2 at r1c5
    typed = "2" + FIGURE_4_2[1:]
    message = shared.locator("#message[data-kind='conflict']")
    message.wait_for()
    expected = py("load", puzzle=typed)["error"]
    assert message.inner_text() == expected["message"]
    assert "row 1" in expected["message"] and "r1c1" in expected["message"] and "r1c5" in expected["message"]
    cells = board(shared)
    assert {c["cell"] for c in cells if c["conflict"]} == set(expected["cells"]) == {0, 4}
    assert cells[0]["text"] == "2"  # what was typed is still on the board
    assert "".join(state(shared)["entry"]) == typed
    assert shared.locator(f".outline.conflict[data-house='{expected['house']}']").count() == 1
    shared.click("button[data-intent='mode'][data-mode='play']")  # nothing to play: the reason stays
    shared.wait_for_function(f"{STATE}.mode === 'play'")
    assert message.inner_text() == expected["message"]
    assert shared.locator("#status").get_attribute("data-state") == "invalid"
    assert {c["cell"] for c in board(shared) if c["conflict"]} == {0, 4}


def test_check_marks_every_repeated_digit_in_red(shared: Page) -> None:
    show(shared, FIGURE_4_2)
    enter_mode(shared)
    shared.click("#board .cell[data-cell='0']")
    shared.keyboard.press("2")
    shared.locator("#message[data-kind='conflict']").wait_for()
    shared.keyboard.press("ArrowDown")
    shared.keyboard.press("ArrowDown")
    shared.keyboard.press("6")  # r3c3 is a 6: row 3 and box 1
    typed = "2" + FIGURE_4_2[1:18] + "6" + FIGURE_4_2[19:]
    shared.wait_for_function(f"(t) => {STATE}.entry.join('') === t && {IDLE}", arg=typed)
    click(shared, "check")
    shared.locator("#message[data-kind='notice']").wait_for()
    expected = py("check", puzzle=typed)
    assert len(expected["conflicts"]) >= 2
    assert shared.locator("#message").inner_text() == expected["message"]
    red = {cell for conflict in expected["conflicts"] for cell in conflict["cells"]}
    assert {c["cell"] for c in board(shared) if c["conflict"]} == red
    outlined = {int(h) for h in shared.locator(".outline.conflict").evaluate_all(
        "(els) => els.map((el) => el.dataset.house)")}
    assert outlined == {conflict["house"] for conflict in expected["conflicts"]}
    color = shared.locator(f"#board .cell[data-cell='{min(red)}'] .digit").evaluate(
        "(el) => getComputedStyle(el).color")
    assert color == "rgb(201, 42, 42)"  # the conflict red, dark enough for AA contrast on white
    show(shared, FIGURE_4_9)  # the check's message was about the board before
    assert shared.locator("#message").is_hidden()
    assert not any(c["conflict"] for c in board(shared))


@pytest.mark.parametrize("n", [4, 6, 16, 9])
def test_size_menu_draws_the_boxes(shared: Page, n: int) -> None:
    shared.select_option("#size", str(n))
    shared.wait_for_function(f"{IDLE} && {STATE}.view && {STATE}.view.n === {n}")
    assert box_lines(shared) == expected_lines(n)
    assert shared.locator("#pad button").count() == n + 1
    assert state(shared)["view"]["puzzle"] == "." * (n * n)


@pytest.mark.parametrize("puzzle", [FOUR, SIX, FIGURE_4_9], ids=["4x4", "6x6", "9x9"])
def test_pasted_puzzle_sets_the_size(shared: Page, puzzle: str, artifacts_dir: Path) -> None:
    paste(shared, puzzle)
    shared.wait_for_function(f"(p) => {IDLE} && {STATE}.view && {STATE}.view.puzzle === p", arg=puzzle)
    n = round(len(puzzle) ** 0.5)
    assert box_lines(shared) == expected_lines(n)
    assert shared.locator("#size").input_value() == str(n)
    assert [c["cands"] for c in board(shared)] == py_view(puzzle)["candidates"]
    shared.locator("#board").screenshot(path=str(artifacts_dir / f"board-{n}x{n}.png"))


@pytest.mark.parametrize("example", ["x-wing", "16x16"])
def test_example_menu_loads_the_puzzle(shared: Page, example: str, artifacts_dir: Path) -> None:
    label = shared.locator(f"#examples option[value='{example}']").inner_text()
    shared.select_option("#examples", example)
    shared.wait_for_function(f"{IDLE} && {STATE}.view && {STATE}.view.puzzle === location.hash.slice(3)")
    puzzle = state(shared)["view"]["puzzle"]
    expected = py_view(puzzle)
    assert [c["value"] for c in board(shared)] == expected["values"]
    assert shared.locator("#examples").input_value() == ""  # the menu is ready for another choice
    assert label.startswith(("Needs", "16×16"))
    if expected["n"] == 16:
        assert box_lines(shared) == expected_lines(16)
        shared.screenshot(path=str(artifacts_dir / "board-16x16-example.png"), full_page=True)


def test_a_phone_wide_page_has_no_sideways_scroll(shared: Page) -> None:
    show(shared, FIGURE_4_9)
    shared.set_viewport_size({"width": 390, "height": 844})
    try:
        assert shared.evaluate("document.documentElement.scrollWidth") <= 390
    finally:
        shared.set_viewport_size({"width": 1280, "height": 900})
