"""The page's two panels (web/js/gtsps-panel.js, web/js/generate-panel.js), driven as a person would:
the graph method (GTSPS) on the thesis's figures, with its stage figures, its solutions shown on the
board and back, its limit message and Cancel; a new puzzle of a size and level, and Rate.

The figures come from the GTSPS thesis (Figure 4.2's 33 vertices, 104 edges and per-box counts;
Figure 4.9's 127 solutions) or from the same ``pysolver.web.handle`` the worker runs. All tests
share one booted page (``panels``); each loads its puzzle through the URL. Each panel leaves a
screenshot in test-artifacts/.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from pysolver.gtsps.run import STAGE_WORDS
from pysolver.web import handle
from tests.e2e.conftest import READY
from tests.e2e.test_installed import axe_violations
from tests.helpers import FIGURE_4_2, FIGURE_4_2_SOLUTION, FIGURE_4_9, FIGURE_4_9_SOLUTIONS

pytestmark = pytest.mark.e2e

STATE = "window.__pysolver.state"
IDLE = f"{STATE}.ready && !{STATE}.busy"
# Figure 4.2 of the GTSPS thesis chapter: valid permutations per box, vertices and edges of G.
FIGURE_4_2_BOXES = [2, 2, 6, 1, 2, 1, 4, 9, 6]
FIGURE_4_2_VERTICES = 33
FIGURE_4_2_EDGES = 104
FIGURE_4_2_AFTER_DEGREE = 26
FIGURE_4_2_SCORE = 184
# A 17-clue puzzle of tdoku's set with its first clue taken out and a 5 put into r2c5: 9,794
# solutions, just under the solution limit (which stops a puzzle past it in about a second), so
# GTSPS builds every super-vertex and lists the cliques: long enough to be cancelled.
SLOW_GTSPS = ".............5.........2.3......45.6..3.......17...8.....16......8....4..6.5..2.."
# A 6×6 board with one clue: millions of solutions, past the solution limit.
OPEN_6X6 = "1" + "." * 35
# Figure 4.2 with a 6 in r1c9: no repeated digit, but the degree rule empties box 1.
NO_SOLUTION = ".1..2.3464..1..5....67.8....214..75.57..1..89.39..641....9.78....5..1..7.98.3..6."
GTSPS = "#gtsps-panel"
GENERATE = "#generate-panel"


def py(cmd: str, **args: Any) -> dict[str, Any]:
    """The worker's answer, computed here by the same ``pysolver.web.handle``."""
    reply: dict[str, Any] = json.loads(handle(json.dumps({"cmd": cmd, **args})))
    return reply


def state(page: Page) -> dict[str, Any]:
    found: dict[str, Any] = page.evaluate(STATE)
    return found


def show(page: Page, puzzle: str) -> None:
    """Load `puzzle` through the URL and wait for Python's board of it."""
    page.evaluate("(p) => { location.hash = '#p=' + p; }", puzzle)
    page.wait_for_function(
        f"(p) => {IDLE} && {STATE}.view && {STATE}.view.puzzle === p && !{STATE}.error", arg=puzzle)


def board_values(page: Page) -> list[int]:
    values: list[int] = page.eval_on_selector_all(
        "#board .cell", "(cells) => cells.map((el) => Number(el.dataset.value))")
    return values


def line_values(line: str) -> list[int]:
    return [0 if char == "." else int(char) for char in line]


def is_valid_full_grid(values: list[int]) -> bool:
    """Every row, column and 3×3 box of a 9×9 grid holds 1..9 once."""
    rows = [values[r * 9:r * 9 + 9] for r in range(9)]
    cols = [values[c::9] for c in range(9)]
    boxes = [[values[(b // 3 * 3 + i // 3) * 9 + b % 3 * 3 + i % 3] for i in range(9)] for b in range(9)]
    return all(sorted(house) == list(range(1, 10)) for house in rows + cols + boxes)


def open_panel(page: Page, panel: str) -> None:
    if not page.eval_on_selector(panel, "(el) => el.open"):
        page.click(f"{panel} > summary")


def run_gtsps(page: Page, puzzle: str, outcome: str = "done") -> None:
    show(page, puzzle)
    open_panel(page, GTSPS)
    page.click(f"{GTSPS} [data-intent='gtsps']")
    page.wait_for_function(f"(s) => document.querySelector('{GTSPS}').dataset.state === s && {IDLE}",
                           arg=outcome, timeout=60_000)


def cell_text(page: Page, selector: str) -> str:
    return page.inner_text(selector).strip()


def screenshot(page: Page, directory: Path, panel: str, name: str) -> None:
    page.locator(panel).scroll_into_view_if_needed()
    page.screenshot(path=str(directory / name), full_page=True)


@pytest.fixture(scope="module")
def panels(browser: Browser, site_url: str, guarded: Callable[..., AbstractContextManager[Page]],
           ) -> Iterator[Page]:
    with guarded(browser) as page:
        page.goto(site_url)
        page.wait_for_function(READY, timeout=120_000)
        yield page


def test_gtsps_on_figure_4_2_shows_the_thesis_figures_and_its_solution(
        panels: Page, artifacts_dir: Path) -> None:
    run_gtsps(panels, FIGURE_4_2)
    total = f"{GTSPS} tr[data-total='graph']"
    assert cell_text(panels, f"{total} [data-figure='vertices']") == str(FIGURE_4_2_VERTICES)
    assert cell_text(panels, f"{total} [data-figure='edges']") == str(FIGURE_4_2_EDGES)
    degree = f"{GTSPS} tr[data-total='after_degree'] [data-figure='vertices']"
    assert cell_text(panels, degree) == str(FIGURE_4_2_AFTER_DEGREE)
    counts = panels.eval_on_selector_all(f"{GTSPS} tr[data-box] td[data-stage='initial']",
                                         "(cells) => cells.map((el) => Number(el.textContent))")
    assert counts == FIGURE_4_2_BOXES
    assert panels.eval_on_selector_all(f"{GTSPS} [data-intent='gtsps-show']", "(b) => b.length") == 1
    screenshot(panels, artifacts_dir, GTSPS, "panel-gtsps-figure-4-2.png")

    panels.click(f"{GTSPS} [data-intent='gtsps-show'][data-index='0']")
    panels.wait_for_selector("#preview:not([hidden])")
    assert board_values(panels) == line_values(FIGURE_4_2_SOLUTION)


def test_gtsps_on_figure_4_9_lists_127_solutions_and_shows_one_on_the_board(
        panels: Page, artifacts_dir: Path) -> None:
    run_gtsps(panels, FIGURE_4_9)
    listed = panels.eval_on_selector_all(f"{GTSPS} [data-intent='gtsps-show']", "(b) => b.length")
    assert listed == FIGURE_4_9_SOLUTIONS
    assert f"Solutions: {FIGURE_4_9_SOLUTIONS}" in panels.inner_text(GTSPS)
    before = board_values(panels)

    panels.click(f"{GTSPS} [data-intent='gtsps-show'][data-index='41']")
    panels.wait_for_selector("#preview[data-index='41']:not([hidden])")
    shown = board_values(panels)
    assert is_valid_full_grid(shown)
    assert all(value == given for value, given in zip(shown, line_values(FIGURE_4_9)) if given)
    assert "".join(map(str, shown)) in py("gtsps", puzzle=FIGURE_4_9)["solutions"]
    assert "solution 42 of 127" in panels.inner_text("#preview")
    screenshot(panels, artifacts_dir, "#preview", "panel-gtsps-preview.png")

    panels.click("#preview [data-intent='gtsps-back']")
    panels.wait_for_selector("#preview", state="hidden")
    assert board_values(panels) == before
    assert state(panels)["view"]["puzzle"] == FIGURE_4_9


#: The live regions of the preview banner (itself included): their words and whether they hold a control.
READ_BANNER_LIVE = """() => [...document.querySelectorAll('#preview, #preview *, #preview-said')]
  .filter((el) => el.matches('[role=status], [role=alert], [aria-live]:not([aria-live=off])'))
  .map((el) => ({ words: el.textContent, controls: el.querySelectorAll('button, a, input').length }))"""


def test_the_preview_banner_says_only_its_sentence_and_names_its_buttons(panels: Page) -> None:
    """A screen reader hears "Showing solution 3 of 127 (graph method)" as the preview moves, not
    the buttons' glyphs with it: the sentence is the banner's one live region (beside the banner, in
    the page before it shows), kept from solution to solution, and the buttons are named in words."""
    run_gtsps(panels, FIGURE_4_9)
    panels.click(f"{GTSPS} [data-intent='gtsps-show'][data-index='1']")
    panels.wait_for_selector("#preview[data-index='1']:not([hidden])")
    assert panels.evaluate(READ_BANNER_LIVE) == [{"words": "Showing solution 2 of 127 (graph method)", "controls": 0}]
    panels.evaluate("() => { window.__showing = document.querySelector('#preview-said[role=status]'); }")
    banner = panels.locator("#preview")
    for name in ("Previous solution", "Next solution", "Back to the puzzle"):
        assert banner.get_by_role("button", name=name, exact=True).count() == 1, name
    banner.get_by_role("button", name="Next solution", exact=True).click()
    panels.wait_for_selector("#preview[data-index='2']")
    assert panels.evaluate(READ_BANNER_LIVE) == [{"words": "Showing solution 3 of 127 (graph method)", "controls": 0}]
    assert panels.evaluate("() => document.querySelector('#preview-said[role=status]') === window.__showing")
    banner.get_by_role("button", name="Back to the puzzle", exact=True).click()
    panels.wait_for_selector("#preview", state="hidden")


def test_a_step_taken_while_a_solution_is_shown_ends_the_preview(panels: Page) -> None:
    """The preview is a picture over the game: a move must show the game it changed."""
    run_gtsps(panels, FIGURE_4_9)
    panels.click(f"{GTSPS} [data-intent='gtsps-show'][data-index='5']")
    panels.wait_for_selector("#preview[data-index='5']:not([hidden])")
    filled = panels.locator("#board .cell[data-origin='solution']")
    assert filled.count() == 81 - sum(1 for char in FIGURE_4_9 if char != ".")
    assert (filled.first.locator(".sr-only").text_content() or "").endswith(", in the solution shown")
    position = state(panels)["view"]["position"]
    panels.click("button[data-intent='step']")
    panels.wait_for_function(f"{STATE}.view.position === {position + 1}")
    panels.wait_for_selector("#preview", state="hidden")
    assert board_values(panels) == state(panels)["view"]["values"]
    assert panels.locator("#board .cell[data-origin='solution']").count() == 0


def test_gtsps_without_a_solution_names_the_stage_and_box(panels: Page, artifacts_dir: Path) -> None:
    run_gtsps(panels, NO_SOLUTION)
    outcome = panels.locator(f"{GTSPS} .panel-error")
    assert outcome.get_attribute("data-count") == "0"
    assert outcome.inner_text() == py("gtsps", puzzle=NO_SOLUTION)["message"]
    assert "degree rule deleted every permutation of box 1" in outcome.inner_text()
    assert cell_text(panels, f"{GTSPS} tr[data-total='after_adjacency'] [data-figure='vertices']") == "—"
    assert panels.locator(f"{GTSPS} [data-intent='gtsps-show']").count() == 0
    screenshot(panels, artifacts_dir, GTSPS, "panel-gtsps-no-solution.png")


def test_gtsps_on_an_empty_board_shows_the_limit_message(panels: Page, artifacts_dir: Path) -> None:
    run_gtsps(panels, "." * 81, outcome="error")
    message = panels.locator(f"{GTSPS} .panel-error")
    assert message.get_attribute("data-kind") == "gtsps-limit"
    assert "press Count solutions" in message.inner_text()
    assert "pysolver count" not in message.inner_text()  # the CLI's words are for the CLI
    screenshot(panels, artifacts_dir, GTSPS, "panel-gtsps-limit.png")


def test_gtsps_on_an_open_6x6_board_stops_at_the_solution_limit(panels: Page) -> None:
    run_gtsps(panels, OPEN_6X6, outcome="error")
    message = panels.locator(f"{GTSPS} .panel-error")
    assert message.get_attribute("data-kind") == "gtsps-limit"
    text = message.text_content() or ""  # Python's clause, standing alone as a sentence
    said = py("gtsps", puzzle=OPEN_6X6)["error"]["message"]
    assert said.startswith("more than 10,000 solutions, too many for GTSPS")
    assert text == "M" + said[1:]
    assert panels.locator(f"{GTSPS} .panel-said").text_content() == text  # what a screen reader hears


def test_cancel_during_gtsps_returns_to_a_ready_page_with_the_board_intact(
        panels: Page, artifacts_dir: Path) -> None:
    show(panels, SLOW_GTSPS)
    open_panel(panels, GTSPS)
    before = board_values(panels)
    panels.click(f"{GTSPS} [data-intent='gtsps']")
    panels.wait_for_function(f"{STATE}.busy && {STATE}.busy.progress !== null")
    assert panels.is_visible(f"{GTSPS} .run-progress")
    stage = panels.locator(f"{GTSPS} .run-progress span").text_content() or ""
    assert stage.removesuffix("…") in STAGE_WORDS.values(), stage  # Python's words for the stage
    screenshot(panels, artifacts_dir, GTSPS, "panel-gtsps-running.png")
    panels.click(f"{GTSPS} [data-intent='cancel']")
    panels.wait_for_function(f"{IDLE} && {STATE}.notice === 'Cancelled.'", timeout=120_000)
    assert state(panels)["view"]["puzzle"] == SLOW_GTSPS
    assert board_values(panels) == before
    assert panels.get_attribute(GTSPS, "data-state") == "idle"
    assert panels.is_hidden(f"{GTSPS} .run-progress")


def generate(page: Page, size: int, level: str) -> dict[str, Any]:
    """Pick size and level, press New puzzle, wait for its board; the page's rating of it."""
    open_panel(page, GENERATE)
    page.select_option(f"{GENERATE} select[name='size']", str(size))
    page.select_option(f"{GENERATE} select[name='level']", level)
    page.click(f"{GENERATE} button[type='submit']")
    page.wait_for_function(
        f"{IDLE} && {STATE}.rating && {STATE}.view && {STATE}.view.puzzle === {STATE}.rating.puzzle",
        timeout=120_000)
    rating: dict[str, Any] = state(page)["rating"]
    return rating


# 4×4 puzzles are all Easy. The page sends every size the same request, and a 16×16 one here took
# 5 to 65 s by the random seed drawn: 16×16 Easy and minimal is made in Python in test_generate.py.
@pytest.mark.parametrize(("size", "level"), [(9, "easy"), (4, "unique")], ids=["9x9-easy", "4x4-any"])
def test_new_puzzle_loads_a_unique_easy_puzzle(
        panels: Page, artifacts_dir: Path, size: int, level: str) -> None:
    rating = generate(panels, size, level)
    puzzle = rating["puzzle"]
    assert state(panels)["view"]["n"] == size
    assert py("count", puzzle=puzzle)["count"] == 1
    assert panels.inner_text(f"{GENERATE} .level-badge") == "Easy"
    assert panels.evaluate("location.hash") == f"#p={puzzle}"
    assert state(panels)["view"]["position"] == 0
    assert rating["minimal"] is True
    screenshot(panels, artifacts_dir, GENERATE, f"panel-new-puzzle-{size}x{size}.png")


def test_a_seed_makes_the_same_puzzle_again_and_a_bad_one_is_named(panels: Page) -> None:
    """The seed said under a made puzzle's grade, typed in the Seed box, makes the puzzle Python
    makes with it; a text that is no seed is refused in the panel, naming the field, and stays in
    the box, the board unchanged."""
    open_panel(panels, GENERATE)
    seed_box = panels.locator(f"{GENERATE} input[name='seed']")
    try:
        seed_box.fill(" 7 ")
        rating = generate(panels, 9, "easy")
        assert (rating["puzzle"], rating["seed"]) == (py("generate", size=9, level="easy", seed=7)["puzzle"], 7)
        assert panels.locator(f"{GENERATE} .hint-line[data-seed='7']").inner_text().endswith("seed 7")
        seed_box.fill("7a")
        panels.click(f"{GENERATE} button[type='submit']")
        error = panels.locator(f"{GENERATE} .panel-error")
        error.wait_for()
        assert error.inner_text() == 'Seed must be a whole number from 0 to 18,446,744,073,709,551,615, not "7a"'
        assert seed_box.input_value() == "7a" and state(panels)["view"]["puzzle"] == rating["puzzle"]
    finally:
        seed_box.fill("")  # the tests after this one make their puzzles from seeds drawn at random


@pytest.mark.parametrize(("size", "level", "words"), [
    (6, "hard", "about one in a thousand"), (16, "expert", "can take many minutes"),
    (9, "expert", "No 9×9 Needs guessing puzzles"), (16, "medium", None)])
def test_a_slow_choice_is_told_before_new_puzzle_is_pressed(panels: Page, size: int, level: str,
                                                            words: str | None) -> None:
    open_panel(panels, GENERATE)
    panels.select_option(f"{GENERATE} select[name='size']", str(size))
    panels.select_option(f"{GENERATE} select[name='level']", level)
    note = panels.locator(f"{GENERATE} .choice-note")
    if words is None:
        assert note.is_hidden()
    else:
        assert note.is_visible() and words in note.inner_text()


def test_cancel_during_generation_keeps_the_board(panels: Page, artifacts_dir: Path) -> None:
    show(panels, FIGURE_4_2)
    open_panel(panels, GENERATE)
    # A 16×16 Expert takes seconds to make (about two seconds of CPU at the median, about three
    # times that in the browser); a 9×9 one can come out before the click on a fast machine
    panels.select_option(f"{GENERATE} select[name='size']", "16")
    panels.select_option(f"{GENERATE} select[name='level']", "expert")
    panels.click(f"{GENERATE} button[type='submit']")
    panels.wait_for_function(f"{STATE}.busy && {STATE}.busy.progress !== null")
    assert panels.is_visible(f"{GENERATE} .run-progress")
    screenshot(panels, artifacts_dir, GENERATE, "panel-new-puzzle-running.png")
    panels.click(f"{GENERATE} [data-intent='cancel']")
    panels.wait_for_function(f"{IDLE} && {STATE}.notice === 'Cancelled.'", timeout=120_000)
    assert state(panels)["view"]["puzzle"] == FIGURE_4_2
    assert board_values(panels) == line_values(FIGURE_4_2)


def test_rate_on_figure_4_2_says_easy_with_its_score(panels: Page, artifacts_dir: Path) -> None:
    show(panels, FIGURE_4_2)
    open_panel(panels, GENERATE)
    panels.click(f"{GENERATE} [data-intent='rate']")
    panels.wait_for_selector(f"{GENERATE} .rating[data-level]")
    rating = panels.locator(f"{GENERATE} .rating")
    assert rating.get_attribute("data-level") == "easy"
    assert rating.get_attribute("data-score") == str(FIGURE_4_2_SCORE)
    assert panels.inner_text(f"{GENERATE} .level-badge") == "Easy"
    expected = {t["technique"]: t["count"] for t in py("rate", puzzle=FIGURE_4_2)["techniques"]}
    shown = panels.eval_on_selector_all(
        f"{GENERATE} tr[data-technique]",
        "(rows) => Object.fromEntries(rows.map((r) => [r.dataset.technique, "
        "Number(r.querySelector('[data-figure=count]').textContent)]))")
    assert shown == expected
    screenshot(panels, artifacts_dir, GENERATE, "panel-rate-figure-4-2.png")


def test_rate_on_figure_4_9_says_it_has_several_solutions(panels: Page) -> None:
    show(panels, FIGURE_4_9)
    open_panel(panels, GENERATE)
    panels.click(f"{GENERATE} [data-intent='rate']")
    panels.wait_for_selector(f"{GENERATE} .rating[data-level]")
    expected = py("rate", puzzle=FIGURE_4_9)
    assert panels.get_attribute(f"{GENERATE} .rating", "data-score") == str(expected["score"])
    assert panels.inner_text(f"{GENERATE} .level-badge") == expected["level_name"]
    assert "more than one solution" in panels.inner_text(f"{GENERATE} .result")


# A 6×6 can need a Skyscraper, but no 4×4 more than singles; no random 9×9 defeats the logic.
@pytest.mark.parametrize(("size", "level"), [(4, "expert"), (9, "guessing")],
                         ids=["4x4-expert", "9x9-guessing"])
def test_a_level_that_never_turns_up_is_off_and_says_why(panels: Page, size: int, level: str) -> None:
    """Python's reason (the one ``generate`` gives) is the option's title and in the note under the
    menus; a level chosen at a size that makes it, kept at one that does not, leaves New puzzle off."""
    show(panels, FIGURE_4_2)
    open_panel(panels, GENERATE)
    panels.select_option(f"{GENERATE} select[name='size']", "16")  # where every level is made
    panels.select_option(f"{GENERATE} select[name='level']", level)
    panels.select_option(f"{GENERATE} select[name='size']", str(size))
    option = panels.locator(f"{GENERATE} select[name='level'] option[value='{level}']")
    reason = py("generate", size=size, level=level, seed=1)["error"]["message"]
    assert option.is_disabled()
    assert option.get_attribute("title") == reason[0].upper() + reason[1:] + "."
    note = panels.locator(f"{GENERATE} .choice-note")
    assert note.is_visible() and reason.split(": ", 1)[1] in note.inner_text()
    assert panels.locator(f"{GENERATE} select[name='level']").input_value() == level
    assert panels.is_disabled(f"{GENERATE} button[type='submit']")
    assert state(panels)["view"]["puzzle"] == FIGURE_4_2
    assert board_values(panels) == line_values(FIGURE_4_2)


#: The live region (an element whose changes are announced) an element is in, or null.
LIVE_AROUND = """(el) => { const live = el.closest(
  '[aria-live]:not([aria-live=off]), [role=status], [role=alert], [role=log]');
  return live && (live.id || live.className); }"""


def test_the_panels_results_are_not_read_out_whole_their_status_says_a_summary(panels: Page) -> None:
    """A screen reader would read a live result out whole (127 solutions, a table of techniques):
    the results are no live region, and each panel's status region says Python's one sentence."""
    run_gtsps(panels, FIGURE_4_9)
    assert panels.get_attribute(f"{GTSPS} .result", "aria-live") is None
    assert panels.eval_on_selector(f"{GTSPS} .result", LIVE_AROUND) is None
    said = panels.locator(f"{GTSPS} .panel-said")
    assert said.get_attribute("role") == "status"
    assert said.text_content() == state(panels)["gtsps"]["reply"]["message"]
    assert (said.text_content() or "").startswith(f"{FIGURE_4_9_SOLUTIONS} solutions in ")

    show(panels, FIGURE_4_2)
    open_panel(panels, GENERATE)
    panels.click(f"{GENERATE} [data-intent='rate']")
    panels.wait_for_selector(f"{GENERATE} .rating[data-level]")
    assert panels.get_attribute(f"{GENERATE} .result", "aria-live") is None
    assert panels.eval_on_selector(f"{GENERATE} .result", LIVE_AROUND) is None
    said = panels.locator(f"{GENERATE} .panel-said")
    assert said.get_attribute("role") == "status"
    assert said.text_content() == py("rate", puzzle=FIGURE_4_2)["summary"] == (
        f"Rated Easy: score {FIGURE_4_2_SCORE}, hardest technique Naked Single.")
    rating = generate(panels, 4, "unique")
    assert said.text_content() == rating["summary"]
    assert rating["summary"].startswith(f"New 4×4 puzzle, {rating['clues']} clues, rated Easy: score ")
    assert axe_violations(panels) == []
