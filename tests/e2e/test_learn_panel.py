"""The Learn panel: Dr. Dobb's examples, live. Toggling a candidate asks the solver again, and the
stated exclusion, the graph and its stages change to what Python says for the edited house. The
first lesson opens at the matching; a Hall violation is drawn as Python flags it, whichever side
breaks the condition, with the matching's unmatched vertices and a legend of what is drawn; a ✕
for each removed edge on a spot of its own; each exclusion lesson links to a puzzle that needs it,
and Back returns. A screenshot of each lesson is left in test-artifacts/learn-*.png."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page

from pysolver.learn import lesson
from pysolver.lessons import LESSONS
from tests.e2e.test_app import IDLE, STATE, wait_for
from tests.e2e.test_app_examples import EXAMPLES
from tests.e2e.test_installed import axe_violations

pytestmark = pytest.mark.e2e

PANEL = "#learn-panel"
CHAIN = [[1, 2, 3, 7], [3, 6], [3, 4], [1, 4], [5, 6, 7], [4, 6], [2, 7], [8, 9], [8, 9]]
PERMUTATION = [[1, 2, 3, 5], [2, 3], [2, 3, 4], [3, 4], [4, 5]]
FISH = [[3, 7], [1, 3, 5, 7], [2, 4], [3, 7], [1, 2, 4, 5], [2, 5, 6, 8, 9], [6, 8], [6, 9], [8, 9]]
SVG = f"{PANEL} .learn-graph svg.bipartite"
#: Each legend entry: its name, and whether its key and its words share one line.
READ_LEGEND = """(sel) => [...document.querySelectorAll(sel + ' .legend-item')].map((item) => {
  const key = item.querySelector('.key').getBoundingClientRect();
  const range = document.createRange();
  range.selectNodeContents(item.lastChild);
  const words = range.getBoundingClientRect();
  return { name: item.dataset.key, together: key.top < words.bottom && words.top < key.bottom + 2
    && key.right <= words.left + 1 && words.left - key.right < 12 };
})"""
#: Where each ✕ is drawn: its centre, read from its path.
READ_CROSSES = """(sel) => [...document.querySelectorAll(sel + ' path.cross')].map((el) => {
  const [x, y] = el.getAttribute('d').slice(1).split('L')[0].split(' ').map(Number);
  return [x + 5, y + 5];
})"""


def verdict(page: Page) -> str:
    return page.inner_text(f"{PANEL} .learn-verdict")


def wait_verdict(page: Page, text: str) -> None:
    wait_for(page, f"(t) => {IDLE} && document.querySelector('{PANEL} .learn-verdict').textContent === t", text)


def open_lesson(page: Page, title: str) -> None:
    """Press the lesson's tab once Python has answered: a press while it answers is refused."""
    wait_for(page, f"{IDLE} && {STATE}.learn && {STATE}.learn.reply !== null")
    page.locator(f"{PANEL} .learn-tabs button", has_text=title).click()


def toggle(page: Page, row: int, value: int) -> None:
    page.click(f"{PANEL} button[data-intent='learn-toggle'][data-row='{row}'][data-value='{value}']")


def stage(page: Page, label: str) -> None:
    page.locator(f"{PANEL} .learn-graph .stage-buttons button", has_text=label).first.click()


def pressed_stage(page: Page) -> list[str]:
    return page.locator(f"{PANEL} .learn-graph .stage-buttons button[aria-pressed=true]").all_inner_texts()


def test_toggling_a_candidate_changes_the_stated_exclusion(app: Page, artifacts_dir: Path) -> None:
    page = app
    page.click(f"{PANEL} summary")
    first = lesson("house", PERMUTATION, teach="matching")
    wait_verdict(page, first["verdict"])  # the matching, no pile before piles are taught
    assert first["verdict"].startswith("A perfect matching") and "Pile" not in first["verdict"]
    assert pressed_stage(page) == ["2 Matching"]
    assert page.get_attribute(SVG, "data-layers") == "edges matching"
    assert page.locator(f"{PANEL} .learn-try-line").is_hidden()
    page.screenshot(path=str(artifacts_dir / "learn-graph.png"), full_page=False)

    open_lesson(page, "Chain exclusion")
    before = lesson("house", CHAIN)
    wait_verdict(page, before["verdict"])
    assert before["verdict"].startswith("Chain: cell 2, cell 3 and cell 6 hold only {3,4,6}")
    assert page.locator(f"{PANEL} .learn-also li").all_inner_texts() == before["also"]
    svg = SVG
    assert page.get_attribute(svg, "data-kind") == "chain"
    assert pressed_stage(page) == ["All"]
    crosses = page.evaluate(READ_CROSSES, SVG)
    assert len(crosses) == len(before["graph"]["removed"]) == 3
    apart = min(((ax - bx) ** 2 + (ay - by) ** 2) ** 0.5
                for k, (ax, ay) in enumerate(crosses) for bx, by in crosses[k + 1:])
    assert apart >= 12, crosses  # each ✕ on a spot of its own, to be counted
    pattern = page.locator(f"{svg} g.node.pattern[data-side='left']").evaluate_all(
        "(els) => els.map((el) => Number(el.dataset.index))")
    assert pattern == before["graph"]["pattern"]["left"] == [1, 2, 5]
    page.locator(f"{PANEL} .learn-graph .stage-buttons button", has_text="Paths").click()
    assert page.inner_text(f"{PANEL} .learn-graph .stage-text") == before["graph"]["stages"][2]["text"]
    page.locator(f"{PANEL} .learn-body").screenshot(path=str(artifacts_dir / "learn-chain.png"))

    toggle = f"{PANEL} button[data-intent='learn-toggle'][data-row='5'][data-value='7']"
    assert page.get_attribute(toggle, "aria-pressed") == "false"
    page.click(toggle)
    edited = [list(c) for c in CHAIN]
    edited[5] = [4, 6, 7]
    after = lesson("house", edited)
    wait_verdict(page, after["verdict"])
    assert after["verdict"] != before["verdict"] and "cell 2, cell 3 and cell 6" not in after["verdict"]
    assert page.get_attribute(toggle, "aria-pressed") == "true"
    assert page.evaluate("() => document.activeElement.dataset.value") == "7"
    drawn = page.locator(f"{svg} line.edge").evaluate_all("(els) => els.map((el) => el.dataset.edge).sort()")
    assert drawn == sorted(f"{i}-{j}" for i, j in after["graph"]["edges"])

    page.click(toggle)  # back as the article prints it
    wait_verdict(page, before["verdict"])


def test_the_lessons_vertices_say_their_edges_and_claim_no_light_on_the_board(app: Page) -> None:
    """The lesson's graph is no house of the board: focusing a vertex lights nothing there, and its
    name does not say it would. It says the vertex's edges and, at the matching stage the first
    lesson opens at, its partner; at the Hall stage, the unmatched one says so."""
    page = app
    page.click(f"{PANEL} summary")
    wait_verdict(page, lesson("house", PERMUTATION, teach="matching")["verdict"])
    assert pressed_stage(page) == ["2 Matching"]
    names = page.locator(f"{SVG} g.node").evaluate_all("(els) => els.map((el) => el.getAttribute('aria-label'))")
    assert names[0] == "cell 1: digits 1, 2, 3 and 5; matched to digit 1"
    assert names[-1] == "digit 5: cells 1 and 5; matched to cell 5"
    assert not [name for name in names if "board" in name], names
    page.focus(f"{SVG} g.node[data-side='left'][data-index='0']")
    assert page.locator("#board .linked").count() == 0
    open_lesson(page, "Hall's condition")
    wait_verdict(page, lesson("house", [[1, 2, 3, 5], [2, 3], [2, 3], [2, 3], [4, 5]])["verdict"])
    stage(page, "2 Matching")
    assert page.get_attribute(f"{SVG} g.node[data-side='left'][data-index='3']", "aria-label") \
        == "cell 4: digits 2 and 3; unmatched"


def test_a_hall_violation_is_drawn_as_python_flags_it_on_either_side(app: Page, artifacts_dir: Path) -> None:
    page = app
    page.click(f"{PANEL} summary")
    open_lesson(page, "Hall's condition")
    hall = lesson("house", [[1, 2, 3, 5], [2, 3], [2, 3], [2, 3], [4, 5]])
    wait_verdict(page, hall["verdict"])
    assert page.get_attribute(f"{PANEL} .learn-verdict", "data-solvable") == "false"
    assert "violation" in page.get_attribute(SVG, "class").split()
    stage(page, "2 Matching")  # the maximum matching and the vertices it leaves alone
    unmatched = page.locator(f"{SVG} g.node.unmatched").evaluate_all(
        "(els) => els.map((el) => `${el.dataset.side}-${el.dataset.index}`)")
    assert unmatched == ["left-3", "right-4"] and hall["graph"]["stages"][1]["unmatched"] == {"left": [3], "right": [4]}
    assert page.locator(f"{SVG} g.node.unmatched rect").first.evaluate(
        "(el) => getComputedStyle(el).strokeDasharray") != "none"
    assert [item["name"] for item in page.evaluate(READ_LEGEND, f"{PANEL} .learn-graph")] == ["edge", "matching", "unmatched"]
    stage(page, "3 Hall")
    assert [item["name"] for item in page.evaluate(READ_LEGEND, f"{PANEL} .learn-graph")] == ["edge", "matching", "violation"]
    page.locator(f"{PANEL} .learn-body").screenshot(path=str(artifacts_dir / "learn-hall.png"))
    toggle(page, 2, 4)
    wait_verdict(page, lesson("house", [[1, 2, 3, 5], [2, 3], [2, 3, 4], [2, 3], [4, 5]])["verdict"])
    assert page.get_attribute(f"{PANEL} .learn-verdict", "data-solvable") == "true"
    assert "violation" not in page.get_attribute(SVG, "class").split()

    # The audit's repro: on the digits' side (5 left in no cell) the vertex was drawn green.
    open_lesson(page, "A house is a graph")
    toggle(page, 0, 5)
    wait_verdict(page, lesson("house", [[1, 2, 3], *PERMUTATION[1:]], teach="matching")["verdict"])
    toggle(page, 4, 5)
    broken = lesson("house", [[1, 2, 3], [2, 3], [2, 3, 4], [3, 4], [4]], teach="matching")
    wait_verdict(page, broken["verdict"])
    assert broken["verdict"].startswith("Hall's condition fails: the digit 5 fits in no cell")
    stage(page, "All")
    assert "violation" in page.get_attribute(SVG, "class").split()
    vertex = page.locator(f"{SVG} g.node.pattern[data-side='right'][data-index='4'] rect")
    assert vertex.evaluate("(el) => getComputedStyle(el).stroke") == page.evaluate(
        "() => getComputedStyle(document.querySelector('.learn-verdict[data-solvable=false]')).color")
    assert page.get_attribute(SVG, "aria-label") == "the house: no perfect matching; Hall's condition fails for 5"


def test_the_fish_lesson_names_its_fish_and_leads_to_a_puzzle_and_back(app: Page, artifacts_dir: Path) -> None:
    page = app
    wait_for(page, f"{IDLE} && {STATE}.view !== null", None, 60_000)
    shown = page.evaluate(f"{STATE}.view.puzzle")
    page.set_viewport_size({"width": 390, "height": 844})
    page.click(f"{PANEL} summary")
    open_lesson(page, "Fish")
    fish = lesson("digit", FISH, 5)
    wait_verdict(page, fish["verdict"])
    assert fish["verdict"].startswith("X-Wing: in row 1 and row 4") and fish["also"][0].startswith("Swordfish:")
    assert "r2c3 and r2c7" in fish["verdict"]
    # The toggles show the digit where it is a candidate, under column headings that read as columns.
    heads = page.locator(f"{PANEL} .learn-toggles thead th").all_inner_texts()
    assert heads == ["row", *[f"c{c}" for c in range(1, 10)]]
    assert page.locator(f"{PANEL} button[data-row='0'][data-value='3']").inner_text() == "5"
    corner = page.locator(f"{PANEL} .learn-toggles thead th").first.evaluate(
        "(el) => el.getClientRects().length === 1 && el.getBoundingClientRect().height < 30")
    assert corner
    legend = page.evaluate(READ_LEGEND, f"{PANEL} .learn-graph")
    assert [item["name"] for item in legend] == ["edge", "matching", "pattern", "removed"]
    assert all(item["together"] for item in legend), legend
    page.locator(f"{PANEL} .learn-body").screenshot(path=str(artifacts_dir / "learn-fish.png"))

    link = page.locator(f"{PANEL} a.learn-try")
    example = next(e for e in EXAMPLES if e["shows"] == fish["shows"] == "X-Wing")
    assert link.get_attribute("data-example") == example["id"]
    link.click()
    wait_for(page, f"(p) => {IDLE} && {STATE}.view.puzzle === p", example["puzzle"], 60_000)
    page.go_back()
    wait_for(page, f"(p) => {IDLE} && {STATE}.view.puzzle === p", shown, 60_000)


def test_legend_keys_stay_with_their_words_on_a_wide_screen(app: Page) -> None:
    page = app
    page.set_viewport_size({"width": 1280, "height": 900})
    page.click(f"{PANEL} summary")
    open_lesson(page, "Chain exclusion")
    wait_verdict(page, lesson("house", CHAIN)["verdict"])
    legend = page.evaluate(READ_LEGEND, f"{PANEL} .learn-graph")
    assert [item["name"] for item in legend] == ["edge", "matching", "pattern", "removed"]
    assert all(item["together"] for item in legend), legend
    link = page.locator(f"{PANEL} a.learn-try")
    assert link.get_attribute("data-example") == "naked-triple"
    # Drawn as the Techniques panel's "Try it" links, not the browser's blue underlined link.
    look = link.evaluate("(a) => { const s = getComputedStyle(a); return [s.color, s.textDecorationLine, "
                         "s.borderTopLeftRadius, s.backgroundColor, a.getBoundingClientRect().height]; }")
    assert look[0] not in ("rgb(0, 0, 238)", "rgb(85, 26, 139)") and look[1] == "none", look
    assert look[2] == "9px" and look[3] != "rgba(0, 0, 0, 0)" and look[4] >= 24, look


def test_each_lesson_is_drawn_from_pythons_list_and_has_no_axe_violation(app: Page) -> None:
    """The tabs, texts and starting candidates are the worker's; with each lesson open, axe finds
    nothing: a toggle's name holds the digit it shows ("5 in row 1, column 3"), which a voice
    control user says to press it."""
    page = app
    page.click(f"{PANEL} summary")
    titles = page.locator(f"{PANEL} .learn-tabs button")
    titles.first.wait_for()
    assert titles.all_inner_texts() == [f"{k}. {item.title}" for k, item in enumerate(LESSONS, start=1)]
    found, texts, toggles = {}, {}, {}
    for item in LESSONS:
        open_lesson(page, item.title)
        wait_verdict(page, lesson(item.kind, [list(values) for values in item.candidates], item.digit or 1,
                                  item.prefer, item.teach)["verdict"])
        found[item.id] = axe_violations(page)
        texts[item.id] = page.inner_text(f"{PANEL} .learn-lesson")
        toggles[item.id] = page.locator(f"{PANEL} button[data-intent='learn-toggle'][aria-pressed=true]").evaluate_all(
            "(els) => els.map((el) => [Number(el.dataset.row), Number(el.dataset.value), el.textContent, "
            "el.getAttribute('aria-label')])")
    assert found == {item.id: [] for item in LESSONS}
    assert texts == {item.id: item.text for item in LESSONS}
    for item in LESSONS:
        house = item.kind == "house"
        assert toggles[item.id] == [[r, v, str(v if house else item.digit),
                                     f"{v} in cell {r + 1}" if house else f"{item.digit} in row {r + 1}, column {v}"]
                                    for r, values in enumerate(item.candidates) for v in values], item.id
