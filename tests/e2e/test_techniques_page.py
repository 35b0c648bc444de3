"""The techniques on the page: the panel lists Python's registry and switches techniques off (kept
across a reload, sent with every logic request), and a step's proof is drawn on the candidates
(nodes ringed, strong links solid, weak links dashed, named cells tinted) exactly as the step's
JSON says; each technique with an example puzzle links to one of its technique (each example's
technique is checked against the solver in test_app_examples.py), and Back returns. A screenshot of
a Skyscraper is left in test-artifacts/skyscraper.png.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page

from pysolver.techniques.registry import BY_SLUG, TECHNIQUES
from tests.e2e.test_app import IDLE, STATE, click, py, state, wait_for, wait_position
from tests.e2e.test_app_examples import ALLOWED_MISSING, EXAMPLES

pytestmark = pytest.mark.e2e

#: Norvig's top95, line 13: basic techniques stall, a Skyscraper goes on.
SKYSCRAPER_PUZZLE = "..5...987.4..5...1..7......2...48....9.1.....6..2.....3..6..2.......9.7.......5.."
READ_PROOF = """() => {
  const svg = document.querySelector('#board svg.proof');
  if (!svg) return null;
  const all = (sel) => [...svg.querySelectorAll(sel)];
  return { nodes: all('circle.node:not(.elim)').length, strong: all("line[data-kind='strong']").length,
    weak: all("line[data-kind='weak']").length, roles: all('rect[data-role]').map((r) => r.dataset.role),
    dash: all("line[data-kind='weak']").map((l) => getComputedStyle(l).strokeDasharray) };
}"""


def open_puzzle(page: Page, url: str, puzzle: str) -> None:
    page.goto(f"{url}#p={puzzle}")
    wait_for(page, f"(p) => {IDLE} && {STATE}.view && {STATE}.view.puzzle === p", puzzle, 120_000)


def test_panel_lists_the_registry_and_switches_persist(page: Page, site_url: str) -> None:
    open_puzzle(page, site_url, SKYSCRAPER_PUZZLE)
    page.click("#technique-settings summary")
    slugs = page.eval_on_selector_all("#technique-settings input[data-slug]",
                                      "(els) => els.map((el) => el.dataset.slug)")
    assert sorted(slugs) == sorted(t.slug for t in TECHNIQUES)  # grouped by family, engine order within
    assert page.is_checked("#technique-settings input[data-slug='skyscraper']")
    # Each shows its place in the tutor's order and its summary, in sight (no hover on a phone).
    places = page.eval_on_selector_all(
        "#technique-settings li", "(items) => items.map((li) => [li.querySelector('input').dataset.slug, "
        "Number(li.querySelector('[data-order]').dataset.order)])")
    assert dict(places) == {t.slug: i for i, t in enumerate(TECHNIQUES, 1)}
    summary = page.locator("#technique-summary-skyscraper")
    assert summary.is_visible() and summary.inner_text() == BY_SLUG["skyscraper"].summary
    assert page.get_attribute("#technique-settings input[data-slug='skyscraper']",
                              "aria-describedby") == "technique-summary-skyscraper"

    page.uncheck("#technique-settings input[data-slug='skyscraper']")
    wait_for(page, f"{IDLE} && {STATE}.view.disabled.includes('skyscraper')")
    assert page.inner_text("#technique-settings [data-off-count]") == "1 off"
    page.reload()
    wait_for(page, f"{IDLE} && {STATE}.view && {STATE}.view.disabled.includes('skyscraper')", None,
             120_000)
    assert not page.is_checked("#technique-settings input[data-slug='skyscraper']")
    click(page, "solve_logic")
    wait_for(page, f"{IDLE} && {STATE}.view.steps.length > 0")
    names = [s["technique"] for s in state(page)["view"]["steps"]]
    assert "skyscraper" not in names

    # A puzzle's grade does not depend on the switches: Rate gives New puzzle's and the CLI's grade.
    page.click("#generate-panel summary")
    page.click("#generate-panel [data-intent='rate']")
    page.wait_for_selector("#generate-panel .rating[data-score]")
    expected = py("rate", puzzle=SKYSCRAPER_PUZZLE)
    assert page.get_attribute("#generate-panel .rating", "data-score") == str(expected["score"])
    page.click("#generate-panel summary")

    page.click("#technique-settings summary")
    page.check("#technique-settings input[data-slug='skyscraper']")
    wait_for(page, f"{IDLE} && {STATE}.view.disabled.length === 0")


def test_a_skyscraper_is_drawn_as_its_proof_says(page: Page, site_url: str,
                                                 artifacts_dir: Path) -> None:
    open_puzzle(page, site_url, SKYSCRAPER_PUZZLE)
    py("load", puzzle=SKYSCRAPER_PUZZLE)
    expected = py("solve_logic")["view"]
    index = next(i for i, s in enumerate(expected["steps"]) if s["technique"] == "skyscraper")
    step = expected["steps"][index]
    click(page, "solve_logic")
    wait_for(page, f"{IDLE} && {STATE}.view.steps.length === {len(expected['steps'])}")
    page.click(f".step-list button[data-position='{index + 1}']")
    wait_position(page, index + 1)
    drawn = page.evaluate(READ_PROOF)
    proof = step["proof"]
    assert drawn is not None
    assert drawn["nodes"] == sum(len(node["cells"]) for node in proof["nodes"]) == 4
    assert (drawn["strong"], drawn["weak"]) == (2, 1)
    assert sorted(drawn["roles"]) == sorted(r for r, cells in proof["roles"].items() for _ in cells)
    assert all(dash not in ("none", "") for dash in drawn["dash"])
    page.locator("#board").screenshot(path=str(artifacts_dir / "skyscraper.png"))


#: Norvig's top95, line 22: its eleventh step is a Sue de Coq in row 4 and box 4.
SUE_DE_COQ_PUZZLE = "..247..58..............1.4.....2...9528.9.4....9...1.........3.3....75..685..2..."


def test_a_sue_de_coq_tints_its_three_sets(page: Page, site_url: str, artifacts_dir: Path) -> None:
    open_puzzle(page, site_url, SUE_DE_COQ_PUZZLE)
    py("load", puzzle=SUE_DE_COQ_PUZZLE)
    expected = py("solve_logic")["view"]
    index = next(i for i, s in enumerate(expected["steps"]) if s["technique"] == "sue-de-coq")
    roles = expected["steps"][index]["proof"]["roles"]
    assert set(roles) == {"intersection", "line-set", "box-set"}
    click(page, "solve_logic")
    wait_for(page, f"{IDLE} && {STATE}.view.steps.length === {len(expected['steps'])}")
    page.click(f".step-list button[data-position='{index + 1}']")
    wait_position(page, index + 1)
    drawn = page.evaluate(READ_PROOF)
    assert drawn is not None
    assert sorted(drawn["roles"]) == sorted(r for r, cells in roles.items() for _ in cells)
    strokes = page.eval_on_selector_all(
        "#board svg.proof rect[data-role]",
        "(els) => [...new Set(els.map((el) => getComputedStyle(el).stroke))]")
    assert len(strokes) == 3 and "none" not in strokes  # each set in its own colour
    page.locator("#board").screenshot(path=str(artifacts_dir / "sue-de-coq.png"))


def test_a_technique_links_to_its_example_and_back_returns(page: Page, site_url: str) -> None:
    open_puzzle(page, site_url, SKYSCRAPER_PUZZLE)
    page.click("#technique-settings summary")
    # Each links to an example of its technique (test_app_examples.py checks each example's
    # technique against the solver), a technique example before the thesis's figures.
    links = dict(page.eval_on_selector_all(
        "#technique-settings li:has(a.technique-example)", "(items) => items.map((li) => "
        "[li.querySelector('input').dataset.slug, li.querySelector('a').dataset.example])"))
    by_id = {example["id"]: example for example in EXAMPLES}
    assert all(by_id[example_id]["technique"] == slug for slug, example_id in links.items())
    assert set(links) == {t.slug for t in TECHNIQUES} - ALLOWED_MISSING
    assert links["chain-exclusion"] == "naked-pair" and links["naked-single"] == "fig42"
    link = page.locator("#technique-settings li:has(input[data-slug='fish']) a.technique-example")
    assert link.get_attribute("data-example") == "x-wing"
    x_wing = by_id["x-wing"]
    assert link.inner_text() == f"Try it: {x_wing['label']}"
    link.click()
    wait_for(page, f"(p) => {IDLE} && {STATE}.view.puzzle === p", x_wing["puzzle"], 60_000)
    page.go_back()
    wait_for(page, f"(p) => {IDLE} && {STATE}.view.puzzle === p", SKYSCRAPER_PUZZLE, 60_000)
