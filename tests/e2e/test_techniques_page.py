"""The techniques on the page: the panel lists Python's registry and switches techniques off (kept
across a reload, sent with every logic request), and a step's proof is drawn on the candidates
(nodes ringed, strong links solid, weak links dashed, named cells tinted) exactly as the step's
JSON says; each technique with an example puzzle links to one of its technique (each example's
technique is checked against the solver in test_app_examples.py), and Back returns. A screenshot of
a Skyscraper is left in test-artifacts/skyscraper.png. An example that needs techniques off (a nice
loop's) switches them off for its puzzle only, and says so (test-artifacts/example-switches.png).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Page

from pysolver.techniques.registry import BY_SLUG, TECHNIQUES
from tests.e2e.test_app import IDLE, STATE, click, py, state, wait_for, wait_position
from tests.e2e.test_app_examples import EXAMPLES, logic_of

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
    step = py("goto", position=index + 1)["view"]["steps"][index]  # its proof: the step shown
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
    roles = py("goto", position=index + 1)["view"]["steps"][index]["proof"]["roles"]
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
    assert set(links) == {t.slug for t in TECHNIQUES}
    assert links["chain-exclusion"] == "naked-pair" and links["naked-single"] == "fig42"
    link = page.locator("#technique-settings li:has(input[data-slug='fish']) a.technique-example")
    assert link.get_attribute("data-example") == "x-wing"
    x_wing = by_id["x-wing"]
    assert link.inner_text() == f"Try it: {x_wing['label']}"
    link.click()
    wait_for(page, f"(p) => {IDLE} && {STATE}.view.puzzle === p", x_wing["puzzle"], 60_000)
    page.go_back()
    wait_for(page, f"(p) => {IDLE} && {STATE}.view.puzzle === p", SKYSCRAPER_PUZZLE, 60_000)


#: The browser's own link colours (Chromium's -webkit-link, light and dark; visited alike or purple).
UA_LINK_COLOURS = {"rgb(0, 0, 238)", "rgb(158, 158, 255)", "rgb(85, 26, 139)", "rgb(208, 173, 240)"}
#: Each Try-it link: its example, its colours and box, and the left edge of its technique's summary.
READ_TRY_LINKS = """() => [...document.querySelectorAll('#technique-settings li:has(a.technique-example)')].map((li) => {
  const a = li.querySelector('a.technique-example');
  const style = getComputedStyle(a);
  const box = a.getBoundingClientRect();
  return { slug: li.querySelector('input').dataset.slug, example: a.dataset.example, color: style.color,
    background: style.backgroundColor, decoration: style.textDecorationLine, left: box.left,
    height: box.height, summary: li.querySelector('.technique-summary').getBoundingClientRect().left };
})"""


def _luminance(rgb: str) -> float:
    channels = [int(c) / 255 for c in rgb[rgb.index("(") + 1:rgb.index(")")].split(",")[:3]]
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(ink: str, paper: str) -> float:
    light, dark = sorted((_luminance(ink), _luminance(paper)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_try_it_links_wear_the_pages_look_in_line_with_their_technique(page: Page, site_url: str,
                                                                        scheme: str) -> None:
    """Not the browser's blue underlined link (purple-blue in dark mode) at the panel's edge: the
    page's own ink on the card, 4.5:1 at least, starting where the technique's summary does; as
    tall as a button on a touch screen's width."""
    page.emulate_media(color_scheme=scheme)  # type: ignore[arg-type]
    page.set_viewport_size({"width": 1280, "height": 800})
    open_puzzle(page, site_url, SKYSCRAPER_PUZZLE)
    page.click("#technique-settings summary")
    links = page.evaluate(READ_TRY_LINKS)
    assert len(links) == len(TECHNIQUES)
    for link in links:
        assert link["color"] not in UA_LINK_COLOURS and link["decoration"] == "none", link
        assert link["background"] != "rgba(0, 0, 0, 0)", link
        assert contrast(link["color"], link["background"]) >= 4.5, link
        assert abs(link["left"] - link["summary"]) < 1, link
        assert link["height"] >= 24, link
    page.set_viewport_size({"width": 390, "height": 844})
    for link in page.evaluate(READ_TRY_LINKS):
        assert abs(link["left"] - link["summary"]) < 1 and link["height"] >= 44, link


def test_each_try_it_opens_a_9x9_example_and_hidden_single_its_own(page: Page, site_url: str) -> None:
    """The simplest fitting example: a 9×9 one for every technique, of that very technique
    (Hidden Single linked the 16×16 puzzle, a hard place to spot a first one); the hidden single's
    opens with one."""
    open_puzzle(page, site_url, SKYSCRAPER_PUZZLE)
    page.click("#technique-settings summary")
    by_id = {example["id"]: example for example in EXAMPLES}
    links = {link["slug"]: by_id[link["example"]] for link in page.evaluate(READ_TRY_LINKS)}
    assert all(len(example["puzzle"]) == 81 for example in links.values()), links
    hidden = links["hidden-single"]
    assert hidden["shows"] == "Hidden Single" and "group" not in hidden
    page.click("#technique-settings li:has(input[data-slug='hidden-single']) a.technique-example")
    wait_for(page, f"(p) => {IDLE} && {STATE}.view.puzzle === p", hidden["puzzle"], 60_000)
    assert state(page)["view"]["n"] == 9
    py("load", puzzle=hidden["puzzle"])
    assert [step["name"] for step in py("step")["view"]["steps"]] == ["Hidden Single"]


AIC_SWITCH = "#technique-settings input[data-slug='aic']"


def test_a_nice_loops_example_switches_aic_off_for_its_puzzle_only(page: Page, site_url: str,
                                                                  artifacts_dir: Path) -> None:
    """"Try it" on the Discontinuous Nice Loop opens its example with AIC switched off (the AIC
    finds a step first on every public puzzle): its requests leave AIC out, the panel shows it off
    and says why, the message line says so, and the logic solve reaches the nice loop, which the
    step panel names. The person's own switches are never changed: the next example opened (the
    AIC's, from the menu) has AIC on again, and the message line says that too."""
    by_id = {example["id"]: example for example in EXAMPLES}
    loop, aic = by_id["nice-loop"], by_id["aic"]
    open_puzzle(page, site_url, SKYSCRAPER_PUZZLE)
    page.click("#technique-settings summary")
    link = page.locator("#technique-settings li:has(input[data-slug='nice-loop']) a.technique-example")
    assert link.get_attribute("data-example") == "nice-loop"
    link.click()
    wait_for(page, f"(p) => {IDLE} && {STATE}.view.puzzle === p", loop["puzzle"], 60_000)
    assert state(page)["view"]["disabled"] == ["aic"]
    assert not page.is_checked(AIC_SWITCH) and page.get_attribute(AIC_SWITCH, "data-example-off") == ""
    assert page.inner_text("#technique-settings [data-off-count]") == "1 off"
    note = page.locator("#technique-settings .example-switches")
    assert note.is_visible() and note.inner_text().startswith("Off for the example shown: AIC.")
    assert page.inner_text("#message").startswith(
        "AIC is switched off for this example, so the Discontinuous Nice Loop shows.")
    page.screenshot(path=str(artifacts_dir / "example-switches.png"))

    expected = logic_of(loop)[0]
    index = next(i for i, step in enumerate(expected) if step["name"] == "Discontinuous Nice Loop")
    click(page, "solve_logic")
    wait_for(page, f"{IDLE} && {STATE}.view.steps.length === {len(expected)}", None, 120_000)
    page.click(f".step-list button[data-position='{index + 1}']")
    wait_position(page, index + 1)
    assert page.inner_text("#step-title") == "Discontinuous Nice Loop"
    assert state(page)["view"]["disabled"] == ["aic"]

    page.select_option("#examples", "aic")
    wait_for(page, f"(p) => {IDLE} && {STATE}.view.puzzle === p", aic["puzzle"], 60_000)
    assert state(page)["view"]["disabled"] == []
    assert page.is_checked(AIC_SWITCH) and page.get_attribute(AIC_SWITCH, "data-example-off") is None
    assert page.inner_text("#technique-settings [data-off-count]") == "all on"
    assert not note.is_visible()
    assert page.inner_text("#message") == "AIC is on again (switched off only for the example)."
    assert page.evaluate("localStorage.getItem('pysolver.techniques-off')") in (None, "[]")


def test_a_switch_an_example_holds_off_turned_back_on_is_on_for_good(page: Page, site_url: str) -> None:
    """The example's message says AIC can be switched on in Techniques: switched on there, the
    position is asked for again with AIC (the count says "all on"), and the next puzzle opened has
    nothing to put back."""
    loop = next(example for example in EXAMPLES if example["id"] == "nice-loop")
    open_puzzle(page, site_url, SKYSCRAPER_PUZZLE)
    page.select_option("#examples", "nice-loop")
    wait_for(page, f"(p) => {IDLE} && {STATE}.view.puzzle === p && {STATE}.view.disabled.length === 1",
             loop["puzzle"], 60_000)
    page.click("#technique-settings summary")
    page.check(AIC_SWITCH)
    wait_for(page, f"{IDLE} && {STATE}.view.disabled.length === 0")
    assert page.inner_text("#technique-settings [data-off-count]") == "all on"
    assert not page.locator("#technique-settings .example-switches").is_visible()
    page.select_option("#examples", "x-wing")
    wait_for(page, f"{IDLE} && {STATE}.view.puzzle !== {json.dumps(loop['puzzle'])}", None, 60_000)
    assert state(page)["view"]["disabled"] == [] and page.inner_text("#message") == ""


def test_an_examples_switches_hold_for_its_game_after_a_reload_and_back(page: Page, site_url: str) -> None:
    """Saved with the game: a reload replays the example's logic solve with AIC off (the nice loop
    still in it) and says so again; Back to the puzzle before has AIC on, Forward to the example
    off again."""
    loop = next(example for example in EXAMPLES if example["id"] == "nice-loop")
    expected = [step["name"] for step in logic_of(loop)[0]]
    open_puzzle(page, site_url, SKYSCRAPER_PUZZLE)
    page.select_option("#examples", "nice-loop")
    wait_for(page, f"(p) => {IDLE} && {STATE}.view.puzzle === p && {STATE}.view.disabled.length === 1",
             loop["puzzle"], 60_000)
    click(page, "solve_logic")
    wait_for(page, f"{IDLE} && {STATE}.view.steps.length === {len(expected)}", None, 120_000)
    page.reload()
    wait_for(page, f"(p) => {IDLE} && {STATE}.view && {STATE}.view.puzzle === p", loop["puzzle"], 120_000)
    view = state(page)["view"]
    assert view["disabled"] == ["aic"] and [step["name"] for step in view["steps"]] == expected
    assert page.inner_text("#message").startswith("AIC is switched off for this example")
    page.go_back()
    wait_for(page, f"(p) => {IDLE} && {STATE}.view.puzzle === p", SKYSCRAPER_PUZZLE, 60_000)
    assert state(page)["view"]["disabled"] == []
    assert page.inner_text("#message") == "AIC is on again (switched off only for the example)."
    page.go_forward()
    wait_for(page, f"(p) => {IDLE} && {STATE}.view.puzzle === p", loop["puzzle"], 60_000)
    view = state(page)["view"]
    assert view["disabled"] == ["aic"] and [step["name"] for step in view["steps"]] == expected


def test_an_example_leaves_a_switch_the_person_had_off_as_it_was(page: Page, site_url: str) -> None:
    """AIC switched off by the person: the nice loop's example changes nothing, so it says nothing
    of AIC, and the next example leaves AIC off (no "on again")."""
    loop = next(example for example in EXAMPLES if example["id"] == "nice-loop")
    open_puzzle(page, site_url, SKYSCRAPER_PUZZLE)
    page.click("#technique-settings summary")
    page.uncheck(AIC_SWITCH)
    wait_for(page, f"{IDLE} && {STATE}.view.disabled.includes('aic')")
    page.select_option("#examples", "nice-loop")
    wait_for(page, f"(p) => {IDLE} && {STATE}.view.puzzle === p", loop["puzzle"], 60_000)
    assert state(page)["view"]["disabled"] == ["aic"] and page.inner_text("#message") == ""
    assert page.get_attribute(AIC_SWITCH, "data-example-off") is None
    assert not page.locator("#technique-settings .example-switches").is_visible()
    page.select_option("#examples", "x-wing")
    wait_for(page, f"{IDLE} && {STATE}.view.puzzle !== {json.dumps(loop['puzzle'])}", None, 60_000)
    assert state(page)["view"]["disabled"] == ["aic"] and page.inner_text("#message") == ""
    assert not page.is_checked(AIC_SWITCH)
