"""The step's words on the page as a newcomer reads them: two short sentences beside the board, the
whole argument behind a keyboard-operable "why?" disclosure (hidden while a hint has not reached its
last level), the key to the outlines in the words the step says (a Skyscraper's base and roof, a
2-String Kite's box and ends, a W-Wing's ends and strong link, an Empty Rectangle's box and strong
link, a Unique or Hidden Rectangle's floor and roof, BUG+1's extra candidate, a finned or sashimi
fish's base and fins, a Sue de Coq's crossing, line set and box set), and a contradiction outlined on the board and in its graph in every view: an empty cell, a
house (the house graph) and one digit's rows × columns (the digit view).

Every expected word comes from ``pysolver.web.handle`` on the same position. The tests share one
booted page (conftest.py's ``shared``), each loading its puzzle from the "Puzzle as text" box.
Screenshots: test-artifacts/why-open.png, key-<technique>.png and contradiction-<view>.png.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page

from tests.e2e.test_app import IDLE, STATE, click, py, py_view, show, wait_for, wait_position
from tests.e2e.test_app_examples import EXAMPLES
from tests.e2e.test_app_steps import CHAIN_AT, TOP95_13
from tests.e2e.test_guess_tree import assert_violation_drawn
from tests.helpers import FIGURE_4_2

pytestmark = pytest.mark.e2e

WHY = "#step-panel details.why"


def open_puzzle(page: Page, puzzle: str) -> None:
    """Load `puzzle` on the shared page and wait for its start (the test before may have left the
    same puzzle a few steps on)."""
    show(page, puzzle)
    wait_for(page, f"{IDLE} && {STATE}.view.position === 0 && {STATE}.view.steps.length === 0")


def test_a_step_reads_in_two_sentences_with_the_argument_behind_why(shared: Page, artifacts_dir: Path) -> None:
    page = shared
    open_puzzle(page, TOP95_13)
    for position in range(1, CHAIN_AT + 1):
        click(page, "step")
        wait_position(page, position)
    step = py_view(TOP95_13, ["logic"] * CHAIN_AT)["steps"][CHAIN_AT - 1]
    assert step["graph"] is not None and step["details"]
    assert page.text_content("#step-title") == step["name"]
    assert page.text_content("#step-text") == step["text"]
    assert page.locator(f"{WHY} p.details").is_hidden()
    summary = page.locator(f"{WHY} summary")
    assert summary.text_content() == "why?"
    summary.focus()
    page.keyboard.press("Enter")
    assert page.get_attribute(WHY, "open") is not None
    assert page.text_content(f"{WHY} p.details") == step["details"]
    page.locator("#step-panel").screenshot(path=str(artifacts_dir / "why-open.png"))
    page.keyboard.press("Enter")
    assert page.get_attribute(WHY, "open") is None

    # The hint ladder from the next position: no details until its last level, then the step's.
    coming = py_view(TOP95_13, ["logic"] * (CHAIN_AT + 1))["steps"][CHAIN_AT]
    py("load", puzzle=TOP95_13, actions=["logic"] * CHAIN_AT)
    for level in (1, 2, 3):
        hint = py("hint")["view"]["hint"]
        page.click("button[data-intent='hint']")
        wait_for(page, f"(l) => {IDLE} && {STATE}.view.hint && {STATE}.view.hint.level === l", level)
        assert page.text_content("#step-text") == hint["text"]
        if level < 3:
            assert hint["details"] == "" and page.locator(WHY).count() == 0
        else:
            assert (hint["text"], hint["details"]) == (coming["text"], coming["details"])
            page.locator(f"{WHY} summary").click()
            assert page.text_content(f"{WHY} p.details") == hint["details"]


#: The key's words for each technique's outlines (the words of HoDoKu's and SudokuWiki's pages).
KEYS = {"skyscraper": ["base", "roof"], "two-string-kite": ["box", "ends"],
        "w-wing": ["ends", "strong link"], "empty-rectangle": ["box", "strong link"],
        "unique-rectangle": ["floor", "roof"], "hidden-rectangle": ["floor", "roof"],
        "bug-plus-one": ["extra candidate"], "finned-fish": ["base", "fin"],
        "sashimi-fish": ["base", "fins"], "sue-de-coq": ["box set", "crossing", "line set"]}


@pytest.mark.parametrize("technique", KEYS)
def test_the_key_names_the_outlines_in_the_steps_own_words(shared: Page, artifacts_dir: Path, technique: str) -> None:
    page = shared
    puzzle = next(e["puzzle"] for e in EXAMPLES if e["technique"] == technique)
    py("load", puzzle=puzzle)
    expected = py("solve_logic")["view"]["steps"]
    index = next(i for i, s in enumerate(expected) if s["technique"] == technique)
    step = py("goto", position=index + 1)["view"]["steps"][index]  # its proof: the step shown
    assert sorted(step["proof"]["role_labels"].values()) == KEYS[technique]
    open_puzzle(page, puzzle)
    click(page, "solve_logic")
    wait_for(page, f"{IDLE} && {STATE}.view.steps.length === {len(expected)}")
    page.click(f".step-list button[data-position='{index + 1}']")
    wait_position(page, index + 1)
    key = page.locator("#step-panel ul.proof-key li[data-role]:visible")
    shown = sorted(key.all_text_contents())
    assert shown == KEYS[technique], shown
    text = page.text_content("#step-text") or ""
    assert text == step["text"]
    page.locator(f"{WHY} summary").click()
    details = page.text_content(f"{WHY} p.details") or ""
    assert details == step["details"]
    for label in shown:
        assert label in text and label in details, (label, text, details)
    page.locator("#step-panel").screenshot(path=str(artifacts_dir / f"key-{technique}.png"))


#: Steps whose words an audit found untrue, with what the page now says: (puzzle, step, a phrase of
#: the short text, of the "why?" details, of the proof; a phrase the details must not have).
AUDITED = {
    "sue-de-coq": ("963......1....8......2.5....4.8......1....7......3..257......3...9.2.4.7......9..", 32,
                   "at the crossing r9c8 and r9c9; with a 2-cell line set and a 1-cell box set, 5 cells",
                   "2 cells holding 5 digits, 3 more than their cells (an extended Sue de Coq",
                   "SdC r9c89{12568}", " holds "),
    "sashimi-x-wing": ("1.25..6..8.5....2.......5...1.....68..817..4..4.6.3......43..7......94...9..1....", 29,
                       "but for the fins r8c4 and r8c5", "row 8 would keep only r8c2 for 2", "",
                       "a single 2 in column 2 and column 6"),
    "forcing-net": ("6.2.5.........3.4..........43...8....1....2........7..5..27...........81...6.....", 22,
                    "row 8 has no place left for 7", "row 8 has no place left for 7",
                    "[r4c7<>9 & r4c9<>9]=(9)r456c8-(9=6)r7c8", "r4c9-(9=6)r7c8"),
    "naked-single": (FIGURE_4_2, 1, "it is the cell's last candidate", "(a digit appears once in a house), so",
                     "", "earlier step"),
}


@pytest.mark.parametrize("name", AUDITED)
def test_the_audited_steps_say_what_is_true(shared: Page, name: str) -> None:
    page = shared
    puzzle, number, text, details, notation, untrue = AUDITED[name]
    step = py_view(puzzle, ["logic"] * number)["steps"][number - 1]
    assert text in step["text"] and details in step["details"] and untrue not in step["details"]
    open_puzzle(page, puzzle)
    for position in range(1, number + 1):
        click(page, "step")
        wait_position(page, position)
    assert page.text_content("#step-text") == step["text"]
    page.locator(f"{WHY} summary").click()
    assert page.text_content(f"{WHY} p.details") == step["details"]
    shown = " ".join(page.locator(f"{WHY} code").all_text_contents())
    assert notation in shown and (not notation or untrue not in shown), shown


def candidate_string(keep: dict[int, str]) -> str:
    """A 9×9 candidate string: every digit open everywhere but in the cells ``keep`` narrows."""
    return "".join("".join(d if d in keep.get(cell, "123456789") else "." for d in "123456789")
                   for cell in range(81))


#: One contradiction per view: an empty cell, a house, one digit's rows × columns.
BROKEN = {
    # r1c1 has no candidate left.
    "cell": candidate_string({0: ""}),
    # r1c1, r1c2 and r1c3 hold only 1 and 2: three cells, two digits (row 1's graph).
    "house": candidate_string({0: "12", 1: "12", 2: "12"}),
    # 1 must go in row 1 and row 2, but only column 1 can take it (digit 1's rows × columns).
    "digit": candidate_string({**{c: "23456789" for c in range(1, 9)},
                               **{c: "23456789" for c in range(10, 18)}}),
}


@pytest.mark.parametrize("view", BROKEN)
def test_a_contradiction_is_outlined_in_every_view(shared: Page, artifacts_dir: Path, view: str) -> None:
    page = shared
    puzzle = BROKEN[view]
    status = py("load", puzzle=puzzle)["view"]["status"]
    assert status["status"] == "contradiction"
    details = page.locator("details.puzzle-text")
    if details.get_attribute("open") is None:
        details.locator("summary").click()
    page.fill("#puzzle-text", puzzle)
    page.click("#text-form button[type='submit']")
    # The message, not only the status: the test before left another contradiction on this page.
    wait_for(page, f"(message) => {IDLE} && {STATE}.view.status.status === 'contradiction'"
                   " && document.getElementById('status').textContent.includes(message)", status["message"])

    red = page.eval_on_selector_all("#board .cell.conflict", "(els) => els.map((el) => Number(el.dataset.cell))")
    outlined = page.eval_on_selector_all("#board .outline.conflict",
                                         "(els) => els.map((el) => Number(el.dataset.house)).sort((a, b) => a - b)")
    assert set(red) == set(status["cells"]) | ({status["cell"]} if status["cell"] is not None else set())
    assert outlined == sorted(status["houses"])
    if view == "cell":
        assert red == [0] and outlined == []
    else:
        assert outlined, "the house or lines of the contradiction are outlined on the board"
        graph = status["graph"]
        assert graph["kind"] == ("house" if view == "house" else "digit")
        assert_violation_drawn(page, graph)
        if view == "digit":
            assert outlined == [0, 1] and sorted(red) == [0, 9]
            assert [graph["left"][i]["label"] for i in graph["pattern"]["left"]] == ["row 1", "row 2"]
        else:
            assert outlined == [0] and sorted(red) == [0, 1, 2]
    page.screenshot(path=str(artifacts_dir / f"contradiction-{view}.png"), full_page=True)
