"""Text in and out of the page (web/js/export-panel.js and the worker's format-aware load): a
pencil-mark grid pasted onto the board loads with its candidates and survives a reload; "Export this
board" shows the puzzle, the board in every form and the solution path exactly as Python writes
them; a position line pasted back gives the same board. Written from the keyboard, the path puts focus
on the panel's own Cancel, says its progress in the status line alone, and hands focus back (to the
button after Cancel, to the path's Copy once written). Expectations come from the same
``pysolver.web.handle`` the worker runs."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page

from pysolver import formats
from pysolver.board import Board
from pysolver.grid import Grid
from tests.e2e.test_app import IDLE, READ_BOARD, STATE, paste, py, wait_for
from tests.e2e.test_installed import axe_violations
from tests.helpers import FIGURE_4_2, FIGURE_4_2_SOLUTION, NESTED_NET_EXAMPLE as NESTED_NET

SOLUTION = Grid.parse(FIGURE_4_2_SOLUTION).values

pytestmark = pytest.mark.e2e

PANEL = "#export-panel"


def marked_board() -> Board:
    """Figure 4.2 with its first digit placed and a wrong candidate struck out in two cells."""
    board = Board.from_grid(Grid.parse(FIGURE_4_2)).apply(placements=((0, SOLUTION[0]),))
    removed = [(cell, next(d for d in board.candidate_digits(cell) if d != SOLUTION[cell]))
               for cell in [c for c in range(81) if len(board.candidate_digits(c)) >= 3][:2]]
    return board.apply(eliminations=removed)


@pytest.fixture(scope="module")
def page(shared: Page) -> Page:
    """Every test here on the file's one booted page (conftest.py's ``shared``)."""
    return shared


def drawn_candidates(page: Page) -> list[list[int]]:
    cells: list[dict[str, Any]] = page.evaluate(READ_BOARD)
    return [cell["cands"] for cell in cells]


def wait_start(page: Page, start: str) -> None:
    wait_for(page, f"(s) => {IDLE} && {STATE}.view && {STATE}.view.start === s && !{STATE}.error",
             start)


def test_a_pasted_pencil_mark_grid_loads_with_its_candidates_and_survives_a_reload(
        page: Page, wait_ready: Callable[[Page], None]) -> None:
    board = marked_board()
    text = formats.write(board, "pencilmarks")
    expected = py("load", puzzle=text)["view"]
    paste(page, text)
    wait_start(page, expected["start"])
    assert drawn_candidates(page) == expected["candidates"]
    assert expected["candidates"] == [board.candidate_digits(c) for c in range(81)]
    page.reload()
    wait_ready(page)
    wait_start(page, expected["start"])
    assert drawn_candidates(page) == expected["candidates"]


def test_export_shows_every_form_and_the_path(page: Page) -> None:
    board = marked_board()
    start = formats.write(board, "position")
    paste(page, start)
    wait_start(page, start)
    page.click(".controls button[data-intent='step']")
    wait_for(page, f"{IDLE} && {STATE}.view.position === 1")
    py("load", puzzle=start)
    py("step")
    expected = py("export")
    expected_path = py("export_path")["path"]

    panel = page.locator(PANEL)
    panel.locator("summary").click()
    panel.locator("button[data-intent='export']").click()
    page.wait_for_function(f"document.querySelector('{PANEL}').dataset.state === 'done'")
    # The texts of the board come without a solve; the path waits for its own button.
    path = panel.locator("[data-export='path']")
    assert path.get_attribute("data-path-state") == "idle" and path.locator("textarea").count() == 0
    page.evaluate("""() => {
      window.pathWords = [];
      new MutationObserver(() => {
        const note = document.querySelector('#export-panel .export-path-note');
        if (note) pathWords.push(note.textContent);
      }).observe(document.querySelector('#export-panel .result'), { childList: true, subtree: true, characterData: true });
    }""")
    path.locator("button[data-intent='export-path']").click()
    page.wait_for_function(f"document.querySelector(\"{PANEL} [data-export='path']\").dataset.pathState === 'done'")
    heard = page.evaluate("pathWords")
    assert any(words.startswith("Writing the solution path: ") for words in heard), heard
    texts = {name: panel.locator(f"[data-export='{name}'] textarea").input_value()
             for name in ["givens", *formats.FORMAT_NAMES, "path"]}
    assert texts["givens"] == expected["puzzle"] == FIGURE_4_2
    for entry in expected["formats"]:
        assert texts[entry["format"]] == entry["text"]
    assert texts["path"] == expected_path and texts["path"].endswith("solved: Solved in 45 steps.")

    copy = panel.locator("[data-export='pencilmarks'] button[data-intent='export-copy']")
    copy.click()
    page.wait_for_function("(el) => el.textContent !== 'Copy'", arg=copy.element_handle())

    # A step taken hides the export of the board before it.
    page.click(".controls button[data-intent='step']")
    wait_for(page, f"{IDLE} && {STATE}.view.position === 2")
    assert panel.get_attribute("data-state") == "idle"
    assert panel.locator(".result textarea").count() == 0

    # The exported position line and SudokuWiki string, pasted back, give the board they came from.
    # (A step between the two pastes makes the second one's board a change to wait for.)
    for name in ("position", "sudokuwiki"):
        expected_view = py("load", puzzle=texts[name])["view"]
        paste(page, texts[name])
        wait_start(page, expected_view["start"])
        wait_for(page, f"{IDLE} && {STATE}.view.position === 0 && {STATE}.view.steps.length === 0")
        assert drawn_candidates(page) == expected_view["candidates"]
        assert expected_view["start"] == texts["position"]
        page.click(".controls button[data-intent='step']")
        wait_for(page, f"{IDLE} && {STATE}.view.position === 1")


def test_a_bad_pencil_mark_grid_is_named_and_kept(page: Page) -> None:
    text = formats.write(marked_board(), "pencilmarks").replace("|", "x", 3)
    error = py("load", puzzle=text)["error"]
    paste(page, text)
    wait_for(page, f"(m) => {IDLE} && {STATE}.error && {STATE}.error.message === m", error["message"])
    assert page.locator("#message").text_content() == error["message"]
    assert page.locator("#puzzle-text").input_value() == text


def test_a_repeated_digit_of_the_players_is_left_out_and_said_so(page: Page) -> None:
    paste(page, FIGURE_4_2)
    wait_start(page, FIGURE_4_2)
    page.click("#board .cell[data-cell='0']")
    page.keyboard.press("2")  # r1c5 holds a given 2
    wait_for(page, f"{IDLE} && {STATE}.view.values[0] === 2")
    py("load", puzzle=FIGURE_4_2)
    py("place", cell=0, digit=2)
    expected = py("export")
    panel = page.locator(PANEL)
    if panel.get_attribute("open") is None:
        panel.locator("summary").click()
    panel.locator("button[data-intent='export']").click()
    page.wait_for_function(f"document.querySelector('{PANEL}').dataset.state === 'done'")
    assert panel.locator(".export-remarks li").all_inner_texts() == expected["remarks"]
    assert "repeats the 2 in r1c5" in expected["remarks"][0]
    position = panel.locator("[data-export='position'] textarea").input_value()
    copy = panel.locator("[data-export='position'] button[data-intent='export-copy']")
    copy.click()
    page.wait_for_function("(el) => el.textContent !== 'Copy'", arg=copy.element_handle())
    page.wait_for_function("(el) => el.textContent === 'Copy'", arg=copy.element_handle(), timeout=10_000)
    paste(page, position)  # it reads back: the board it gives has no repeated digit
    wait_for(page, f"(s) => {IDLE} && {STATE}.view && {STATE}.view.start === s && !{STATE}.error",
             py("load", puzzle=position)["view"]["start"])


def test_a_sixteen_by_sixteen_puzzle_written_with_0_to_f_loads_as_written_and_says_so(page: Page) -> None:
    line = py("generate", size=16, level="easy", seed=5)["puzzle"]
    hex_line = line.translate(str.maketrans("123456789ABCDEFG", "0123456789ABCDEF"))
    paste(page, hex_line)
    wait_for(page, f"(p) => {IDLE} && {STATE}.view && {STATE}.view.puzzle === p", line)
    page.wait_for_function("document.querySelector('#message').textContent.startsWith('Read as written with 0–F')")
    assert page.locator("#message").is_visible()


PATH = f"{PANEL} [data-export='path']"
WRITE = f"{PATH} button[data-intent='export-path']"
PATH_CANCEL = f"{PATH} button[data-intent='cancel']"
#: The live regions (any element whose changes are announced) whose text holds the given words.
LIVE_SAYING = """(words) => [...document.querySelectorAll(
  '[aria-live]:not([aria-live=off]), [role=status], [role=alert], [role=log]')]
  .filter((el) => el.textContent.includes(words)).map((el) => el.id || el.className)"""


def export_board(page: Page) -> None:
    panel = page.locator(PANEL)
    if panel.get_attribute("open") is None:
        panel.locator("summary").click()
    panel.locator("button[data-intent='export']").click()
    page.wait_for_function(f"document.querySelector('{PANEL}').dataset.state === 'done'")


def is_focused(selector: str) -> str:
    return f"document.activeElement === document.querySelector(\"{selector}\")"


def test_the_path_written_from_the_keyboard_has_its_own_cancel_and_one_live_region(page: Page) -> None:
    """Write the solution path with Enter: focus goes to the panel's own Cancel beside it while
    Python solves; the progress is in the status line alone of the live regions, in its part that
    is not live (a screen reader hears the run start and end, not each step; the panel's words are
    no live region, nor are the texts); Cancel, pressed there, gives focus back to the button."""
    paste(page, NESTED_NET)
    wait_start(page, NESTED_NET)
    export_board(page)
    assert page.evaluate(LIVE_SAYING, page.locator(f"{PANEL} [data-export='givens'] textarea").input_value()) == []
    assert page.locator(PATH_CANCEL).count() == 1 and page.locator(PATH_CANCEL).is_hidden()
    page.focus(WRITE)
    page.keyboard.press("Enter")
    wait_for(page, f"{is_focused(PATH_CANCEL)} && {STATE}.busy && {STATE}.busy.cmd === 'export_path'", None, 30_000)
    assert page.locator(PATH).get_attribute("data-path-state") == "running"
    # Python's progress, once the status line says it too (a run slower than a moment)
    wait_for(page, f"""() => {{ const note = document.querySelector("{PATH} .export-path-note").textContent;
      return note.startsWith('Writing the solution path: ') && document.querySelector('#status .progress').textContent === note; }}""",
             None, 60_000)
    words = page.evaluate("document.querySelector('#status .progress').textContent")
    assert page.evaluate(LIVE_SAYING, words) == ["status"], words
    assert page.evaluate(is_focused(PATH_CANCEL))  # still there, as the progress comes
    page.keyboard.press("Enter")
    wait_for(page, f"{IDLE} && {STATE}.notice === 'Cancelled.'", None, 180_000)
    assert page.locator(PATH).get_attribute("data-path-state") == "idle"
    assert page.evaluate(is_focused(WRITE)), page.evaluate("document.activeElement.outerHTML.slice(0, 120)")


def test_the_path_written_from_the_keyboard_hands_focus_to_its_copy(page: Page) -> None:
    """Once written, the path's button is gone: focus goes to the path's Copy, and the panel's status
    says so in a short sentence (never the path itself)."""
    paste(page, FIGURE_4_2)
    wait_start(page, FIGURE_4_2)
    export_board(page)
    page.focus(WRITE)
    page.keyboard.press("Enter")
    wait_for(page, f"{IDLE} && document.querySelector(\"{PATH}\").dataset.pathState === 'done'", None, 120_000)
    assert page.evaluate(is_focused(f"{PATH} button[data-intent='export-copy']")), \
        page.evaluate("document.activeElement.outerHTML.slice(0, 120)")
    path = page.locator(f"{PATH} textarea").input_value()
    assert page.evaluate(LIVE_SAYING, path.splitlines()[0]) == []
    assert page.inner_text(f"{PANEL} .export-said") == "The solution path is written below, with its Copy button."


def test_every_copy_button_names_what_it_copies(page: Page) -> None:
    """The panel has a Copy button per text: each one's accessible name says which text (a screen
    reader's list of buttons would otherwise read "Copy" eight times), and follows its words."""
    paste(page, FIGURE_4_2)
    wait_start(page, FIGURE_4_2)
    py("load", puzzle=FIGURE_4_2)
    titles = [entry["title"] for entry in py("export")["formats"]]
    panel = page.locator(PANEL)
    if panel.get_attribute("open") is None:
        panel.locator("summary").click()
    panel.locator("button[data-intent='export']").click()
    page.wait_for_function(f"document.querySelector('{PANEL}').dataset.state === 'done'")
    panel.locator("button[data-intent='export-path']").click()
    page.wait_for_function(f"document.querySelector(\"{PATH}\").dataset.pathState === 'done'")
    names = ["Copy the puzzle (givens)", *(f"Copy the board as {title}" for title in titles),
             "Copy the solution path"]
    assert len(set(names)) == len(names) == 2 + len(titles)
    for name in names:
        assert page.get_by_role("button", name=name, exact=True).count() == 1, name
    assert page.get_by_role("button", name="Copy", exact=True).count() == 0
    # every button in view that copies has a name of its own (the load form's is "Copy link")
    copying = page.get_by_role("button", name=re.compile(r"^Copy\b"))
    link = ["Copy link"] if page.is_visible("button[data-intent='copy-link']") else []
    assert sorted(copying.evaluate_all("(els) => els.map((el) => el.getAttribute('aria-label') || el.textContent)")) \
        == sorted([*names, *link])
    picture = page.get_by_role("button", name="Copy the board as Picture", exact=True).element_handle()
    picture.click()
    page.wait_for_function("(el) => el.textContent !== 'Copy'", arg=picture)
    assert page.get_by_role("button", name=re.compile(
        r"^(Copied|Selected: press Ctrl\+C) \(the board as Picture\)$")).count() == 1
    assert axe_violations(page) == []
