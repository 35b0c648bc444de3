"""The graph panel as a newcomer uses it: the house graph laid out as Python says (matched pairs
level, the chain on top), the stage player reading the argument one stage and one sentence at a
time, and a vertex lighting its cell or digit on the board (and a cell its vertex).

Expectations come from ``pysolver.web.handle`` on the same puzzle and position. Screenshots of the
graph at each stage are left in test-artifacts/graph-stage-*.png, of a single's graph on a phone in
graph-single-*.png (on a 25×25 board, drawn in part, in graph-single-25x25.png) and of the finned and sashimi X-Wings' in graph-finned-x-wing-*.png and
graph-sashimi-x-wing-*.png.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

from pysolver.logic import FIGURE_4_2
from tests.e2e.test_app import click, py_view, wait_position
from tests.e2e.test_app_chains import first_step, goto
from tests.e2e.test_app_examples import EXAMPLES
from tests.e2e.test_app_steps import CHAIN_AT, TOP95_13, edge_keys, open_puzzle
from tests.test_graph_singles import EMPTY_ROW_25

pytestmark = pytest.mark.e2e

GRAPH = "#graph svg.bipartite"
READ_DRAWING = """() => {
  const svg = document.querySelector('#graph svg.bipartite');
  const nodeY = (el) => Number(el.querySelector('rect').getAttribute('y'));
  const nodes = (side) => [...svg.querySelectorAll(`g.node[data-side='${side}']`)];
  return {
    layers: svg.dataset.layers,
    matchingLevel: [...svg.querySelectorAll('line.edge.matching')].every((el) => el.getAttribute('y1') === el.getAttribute('y2')),
    leftY: nodes('left').map(nodeY), rightY: nodes('right').map(nodeY),
    path: [...svg.querySelectorAll('line.edge.path')].map((el) => el.dataset.edge).sort(),
    reached: [...svg.querySelectorAll('g.node.reached')].map((el) => `${el.dataset.side}-${el.dataset.index}`).sort(),
    crossesShown: [...svg.querySelectorAll('path.cross')].filter((el) => getComputedStyle(el).display !== 'none').length,
    matchingWidth: Math.max(0, ...[...svg.querySelectorAll('line.edge.matching:not(.path)')].map((el) => parseFloat(getComputedStyle(el).strokeWidth))),
    thinnest: Object.fromEntries(['matching', 'pattern'].map((kind) => [kind, Math.min(
      ...[...svg.querySelectorAll(`line.edge.${kind}`)].map((el) => parseFloat(getComputedStyle(el).strokeWidth)))])),
    text: document.querySelector('#graph .stage-text').textContent,
    pressed: [...document.querySelectorAll('#graph .stage-buttons button[aria-pressed=true]')].map((el) => el.textContent),
  };
}"""


def at_chain(page: Page, url: str) -> dict[str, Any]:
    """The page and Python's step at the naked pair of Norvig's top95 line 13."""
    open_puzzle(page, url, TOP95_13)
    for position in range(1, CHAIN_AT + 1):
        click(page, "step")
        wait_position(page, position)
    step: dict[str, Any] = py_view(TOP95_13, ["logic"] * CHAIN_AT)["steps"][CHAIN_AT - 1]
    assert step["graph"] and step["graph"]["stages"]
    return step


def stage_button(page: Page, label: str) -> None:
    page.locator("#graph .stage-buttons button", has_text=label).first.click()


def test_the_layout_is_pythons_and_the_stage_player_tells_the_argument(
    page: Page, site_url: str, artifacts_dir: Path
) -> None:
    step = at_chain(page, site_url)
    graph = step["graph"]
    drawn = page.evaluate(READ_DRAWING)
    assert drawn["matchingLevel"]
    slots_left = sorted(range(len(graph["left"])), key=lambda i: drawn["leftY"][i])
    assert [graph["layout"]["left"][i] for i in slots_left] == list(range(len(graph["left"])))
    top = {graph["layout"]["left"][i] for i in graph["pattern"]["left"]}
    assert top == set(range(len(graph["pattern"]["left"])))
    assert drawn["layers"] == "edges matching pattern removed" and drawn["pressed"] == ["All"]

    stages = graph["stages"]
    stage_button(page, "1 ")
    for index, stage in enumerate(stages):
        drawn = page.evaluate(READ_DRAWING)
        assert drawn["text"] == stage["text"], stage["name"]
        assert drawn["layers"] == " ".join(stage["layers"])
        assert drawn["pressed"][0].startswith(f"{index + 1} ")
        assert drawn["path"] == edge_keys(stage["path"])
        assert drawn["reached"] == sorted([f"left-{i}" for i in stage["reached"]["left"]]
                                          + [f"right-{j}" for j in stage["reached"]["right"]])
        assert (drawn["crossesShown"] > 0) == ("removed" in stage["layers"])
        assert (drawn["matchingWidth"] > 2) == ("matching" in stage["layers"])
        for kind in ("matching", "pattern"):  # each edge of a layer shown is thick, in two layers too
            assert kind not in stage["layers"] or drawn["thinnest"][kind] > 2, (stage["name"], kind, drawn)
        page.locator(GRAPH).screenshot(path=str(artifacts_dir / f"graph-stage-{index + 1}.png"))
        page.get_by_role("button", name="Next stage").click()
    assert page.evaluate(READ_DRAWING)["pressed"] == ["All"]
    assert stages[2]["name"] == "paths" and stages[2]["path"]
    assert "chain" in stages[3]["text"]


def test_a_vertex_lights_its_cell_or_digit_and_a_cell_its_vertex(page: Page, site_url: str) -> None:
    step = at_chain(page, site_url)
    graph = step["graph"]
    cell = graph["left"][graph["pattern"]["left"][0]]["id"]
    page.hover(f"{GRAPH} g.node[data-side='left'][data-index='{graph['pattern']['left'][0]}']")
    assert page.locator("#board .cell.linked").evaluate_all("(els) => els.map((el) => Number(el.dataset.cell))") == [cell]

    digit_index = graph["pattern"]["right"][0]
    digit = graph["right"][digit_index]
    page.hover(f"{GRAPH} g.node[data-side='right'][data-index='{digit_index}']")
    lit = page.locator("#board .cand.linked").evaluate_all(
        "(els) => els.map((el) => [Number(el.closest('.cell').dataset.cell), Number(el.dataset.digit)])")
    assert sorted(map(tuple, lit)) == [(c, digit["id"]) for c in digit["cells"]]

    other = graph["left"][-1]["id"]
    page.hover(f"#board .cell[data-cell='{other}']")
    assert page.locator(f"{GRAPH} g.node.linked").evaluate_all(
        "(els) => els.map((el) => el.dataset.side + el.dataset.index)") == [f"left{len(graph['left']) - 1}"]

    page.mouse.move(0, 0)
    page.focus(f"{GRAPH} g.node[data-side='left'][data-index='0']")
    assert page.locator("#board .cell.linked").evaluate_all(
        "(els) => els.map((el) => Number(el.dataset.cell))") == [graph["left"][0]["id"]]


#: What has keyboard focus, as a selector-like name; and the stroke of a focused vertex.
FOCUSED = """() => { const el = document.activeElement;
  return el === document.body ? 'body' : `${el.tagName.toLowerCase()}:${el.dataset.intent || ''}:${el.getAttribute('aria-label') || el.textContent.trim()}`; }"""


def test_the_keyboard_keeps_its_place_and_screen_readers_hear_only_the_words(page: Page, site_url: str) -> None:
    """Enter on ▶, a stage or a history entry leaves focus on it (the views redraw them as new
    elements); a focused vertex shows its ring at every stage; the live regions of the step panel
    are its words and the stage's sentence, not the graph."""
    at_chain(page, site_url)
    live = page.evaluate("""() => [document.getElementById('step-panel').getAttribute('aria-live'),
      ...[...document.querySelectorAll('#step-panel [aria-live]')].map((el) => el.className)]""")
    assert live == [None, "step-words", "stage-text"]
    pressed = "document.querySelector('#graph .stage-buttons button[aria-pressed=true]').dataset.stage === "
    page.locator("#graph .stage-buttons button[data-stage='0']:not([aria-label])").focus()
    page.keyboard.press("Enter")
    page.wait_for_function(pressed + "'0'")
    assert page.evaluate(FOCUSED) == "button:graph-stage:1 Candidates"
    page.locator("#graph button[aria-label='Next stage']").focus()
    page.keyboard.press("Enter")
    page.wait_for_function(pressed + "'1'")
    page.keyboard.press("Enter")  # still on ▶: the next stage
    page.wait_for_function(pressed + "'2'")
    assert page.evaluate(FOCUSED) == "button:graph-stage:Next stage"
    page.locator("#graph .stage-buttons button[data-stage='0']:not([aria-label])").click()  # stage 1 again
    page.wait_for_function(pressed + "'0'")
    vertex = page.locator("#graph g.node[data-side='left']").first
    assert vertex.get_attribute("role") == "img"  # focus lights it on the board; Enter does nothing
    spots = page.eval_on_selector_all("#graph path.cross", "(els) => els.map((el) => el.getAttribute('d'))")
    assert len(set(spots)) == len(spots) > 1  # each removed edge's ✕ on a spot of its own
    # ... far enough apart to be counted (they were stacked in a zig-zag over the matching lines).
    centres = [tuple(float(v) + 5 for v in d[1:].split("L")[0].split(" ")) for d in spots]
    assert min(((ax - bx) ** 2 + (ay - by) ** 2) ** 0.5 for k, (ax, ay) in enumerate(centres)
               for bx, by in centres[k + 1:]) >= 12, centres
    vertex.focus()
    page.keyboard.press("Tab")
    page.keyboard.press("Shift+Tab")  # focus-visible comes from the keyboard
    assert vertex.locator("rect").evaluate("(el) => getComputedStyle(el).stroke") == "rgb(232, 161, 0)"
    entry = page.locator(f"#step-list button[data-intent='goto'][data-position='{CHAIN_AT - 1}']")
    entry.focus()
    page.keyboard.press("Enter")
    wait_position(page, CHAIN_AT - 1)
    assert page.evaluate("() => document.activeElement.dataset.position") == str(CHAIN_AT - 1), page.evaluate(FOCUSED)


#: The element of the stage's sentence, marked, and whether it is the one marked before.
MARK_SENTENCE = "() => { window.__stageText = document.querySelector('#graph .stage-text'); }"
SAME_SENTENCE = "() => document.querySelector('#graph .stage-text') === window.__stageText"


def test_the_stage_sentence_stays_one_live_region_and_changes_only_its_words(page: Page, site_url: str) -> None:
    """A live region drawn anew with its words already in it is not read out: from stage to stage,
    and back to the whole picture, the sentence is the same polite region with new words."""
    step = at_chain(page, site_url)
    stages = step["graph"]["stages"]
    page.evaluate(MARK_SENTENCE)
    stage_button(page, "1 ")
    sentence = page.locator("#graph .stage-text")
    assert sentence.text_content() == stages[0]["text"] and page.evaluate(SAME_SENTENCE)
    for stage in stages[1:]:
        page.get_by_role("button", name="Next stage").click()
        assert sentence.text_content() == stage["text"] and page.evaluate(SAME_SENTENCE), stage["name"]
    page.get_by_role("button", name="Next stage").click()  # past the last: the whole picture
    assert page.evaluate(READ_DRAWING)["pressed"] == ["All"] and page.evaluate(SAME_SENTENCE)
    assert sentence.get_attribute("aria-live") == "polite"


#: Each drawn vertex's accessible name, by "side-index".
READ_NAMES = """() => Object.fromEntries([...document.querySelectorAll('#graph svg.bipartite g.node')].map(
  (el) => [`${el.dataset.side}-${el.dataset.index}`, el.getAttribute('aria-label')]))"""
LIT = "; lit on the board while focused"


def test_the_graph_reads_as_text_its_edges_matching_pattern_and_removals(page: Page, site_url: str) -> None:
    """A screen reader learns the drawing from the vertices' names: each says its neighbours and
    what the stage shows of it (its partner in the matching, the paths reaching it, the chain, its
    removed edges), and that focus lights it on the board; the removed stage's sentence names the
    candidates; the legend is a list saying what each line looks like and means. The Naked Pair
    of column 1: r2c1 and r3c1 hold only 8 and 9."""
    step = at_chain(page, site_url)
    graph = step["graph"]
    assert [v["label"] for v in graph["left"]] == ["r2c1", "r3c1", "r5c1", "r8c1", "r9c1"]
    assert [v["label"] for v in graph["right"]] == ["4", "5", "7", "8", "9"]
    names = page.evaluate(READ_NAMES)
    assert names["left-0"] == "r2c1: digits 8 and 9; matched to digit 8; in the chain" + LIT
    assert names["left-4"] == "r9c1: digits 4, 7, 8 and 9; matched to digit 7; edges to digits 8 and 9 removed" + LIT
    assert names["right-3"] == ("digit 8: r2c1, r3c1, r5c1, r8c1 and r9c1; matched to r2c1; in the chain; "
                                "edges to r5c1, r8c1 and r9c1 removed" + LIT)
    assert names["right-1"] == "digit 5: r5c1 and r8c1; matched to r8c1" + LIT
    stage_button(page, "1 Candidates")
    assert page.evaluate(READ_NAMES)["left-4"] == "r9c1: digits 4, 7, 8 and 9" + LIT
    stage_button(page, "3 Paths")
    assert page.evaluate(READ_NAMES)["left-0"] == "r2c1: digits 8 and 9; matched to digit 8; reached by the paths" + LIT
    stage_button(page, "5 Removed")
    assert page.evaluate(READ_DRAWING)["text"] == graph["stages"][4]["text"]
    assert graph["stages"][4]["text"].endswith("(4 candidates: 8 from r5c1, r8c1 and r9c1; 9 from r9c1).")
    assert page.locator("#graph .legend").aria_snapshot() == "\n".join([
        '- list "Key to the drawing":',
        '  - listitem: "thin grey line: candidate"',
        '  - listitem: "thick line: matching"',
        '  - listitem: "green line: chain"',
        '  - listitem: "dashed red line with a cross: removed"'])


#: The stage buttons' labels (◀ and ▶ carry an aria-label, All an empty data-stage).
STAGE_LABELS = "(els) => els.map((el) => el.textContent)"
STAGE_BUTTONS = "#graph .stage-buttons button[data-stage]:not([aria-label])"
#: The fin edges drawn, and how each looks.
READ_FINS = """() => [...document.querySelectorAll('#graph svg.bipartite line.edge.fin')].map((el) => ({
  edge: el.dataset.edge, dash: getComputedStyle(el).strokeDasharray, stroke: getComputedStyle(el).stroke }))"""


def test_a_naked_single_is_a_cell_vertex_with_one_edge_on_a_phone(page: Page, site_url: str,
                                                                   artifacts_dir: Path) -> None:
    """Figure 4.2's first step, a naked single, at 390×844: its house graph with four stages, the
    cell's one edge, and the removed edges; the drawing fits the screen's width."""
    page.set_viewport_size({"width": 390, "height": 844})
    open_puzzle(page, site_url, FIGURE_4_2)
    click(page, "step")
    wait_position(page, 1)
    step: dict[str, Any] = py_view(FIGURE_4_2, ["logic"])["steps"][0]
    graph = step["graph"]
    assert step["technique"] == "naked-single" and graph["kind"] == "house"
    assert page.eval_on_selector_all(STAGE_BUTTONS, STAGE_LABELS) == [
        "1 Candidates", "2 Matching", "3 Chain", "4 Removed", "All"]
    (cell,) = graph["pattern"]["left"]
    assert page.locator(f"{GRAPH} line.edge[data-edge^='{cell}-']").count() == 1
    stage_button(page, "3 Chain")
    drawn = page.evaluate(READ_DRAWING)
    assert drawn["text"] == graph["stages"][2]["text"] and "chain exclusion with k = 1" in drawn["text"]
    page.locator(GRAPH).screenshot(path=str(artifacts_dir / "graph-single-chain.png"))
    stage_button(page, "4 Removed")
    assert page.evaluate(READ_DRAWING)["crossesShown"] == len(graph["removed"]) > 0
    box = page.locator(GRAPH).bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    page.locator("#graph").screenshot(path=str(artifacts_dir / "graph-single-removed.png"))


@pytest.mark.parametrize("example", ["finned-x-wing", "sashimi-x-wing"])
def test_a_finned_fish_draws_its_fins_apart_and_tells_why_they_limit_the_removals(
    page: Page, site_url: str, artifacts_dir: Path, example: str
) -> None:
    """The examples' first finned (or sashimi) X-Wing: its fins dotted once the fish is shown
    without them, plain before; a Fins stage with its sentence and legend; the removed edges."""
    puzzle = next(e["puzzle"] for e in EXAMPLES if e["id"] == example)
    position, _ = first_step(puzzle, {"finned-fish", "sashimi-fish"})
    step: dict[str, Any] = py_view(puzzle, ["logic"] * position)["steps"][position - 1]
    graph = step["graph"]
    assert graph["kind"] == "digit" and graph["fins"] and len(graph["left"]) <= 9
    open_puzzle(page, site_url, puzzle)
    goto(page, position)
    fins = page.evaluate(READ_FINS)
    assert sorted(f["edge"] for f in fins) == edge_keys(graph["fins"])
    assert all(f["dash"] != "none" and f["stroke"] == "rgb(180, 83, 9)" for f in fins)  # All shows them
    pattern = "Chain" if graph["pattern"]["kind"] == "chain" else "Pile"
    assert page.eval_on_selector_all(STAGE_BUTTONS, STAGE_LABELS) == [
        "1 Candidates", "2 Matching", f"3 {pattern}", "4 Fins", "5 Removed", "All"]
    stage_button(page, "2 Matching")
    assert all(f["dash"] == "none" for f in page.evaluate(READ_FINS))  # not yet told apart
    stage_button(page, f"3 {pattern}")
    drawn = page.evaluate(READ_DRAWING)
    assert drawn["text"] == graph["stages"][2]["text"] and "an X-Wing" in drawn["text"]
    assert ("It is sashimi" in drawn["text"]) == (example == "sashimi-x-wing")
    stage_button(page, "4 Fins")
    drawn = page.evaluate(READ_DRAWING)
    assert drawn["text"] == graph["stages"][3]["text"] and "see every fin" in drawn["text"]
    assert page.locator("#graph .legend .legend-item[data-key='fin']").count() == 1
    page.locator("#graph").screenshot(path=str(artifacts_dir / f"graph-{example}-fins.png"))
    stage_button(page, "5 Removed")
    assert page.evaluate(READ_DRAWING)["crossesShown"] == len(graph["removed"]) == len(step["eliminations"])


#: Each drawn vertex's "+n" (its lines to vertices left out), as "side-index:+n".
READ_MORE = """() => [...document.querySelectorAll('#graph svg.bipartite text.more')].map(
  (el) => `${el.dataset.side}-${el.dataset.index}:${el.textContent}`).sort()"""


def test_a_single_on_a_25x25_board_draws_only_its_part_and_fits_the_panel(
    page: Page, site_url: str, artifacts_dir: Path
) -> None:
    """A naked single in an empty row of a 25×25 board, at 1280×800: the row's graph has 25 cells
    and 25 digits (806 px tall drawn whole); Python's layout keeps the few the single turns on,
    the page draws only those, "+n" beside a vertex counting its lines to the others, and the
    candidates stage says what is left out. The drawing is a few rows tall."""
    page.set_viewport_size({"width": 1280, "height": 800})
    open_puzzle(page, site_url, EMPTY_ROW_25)
    click(page, "step")
    wait_position(page, 1)
    step: dict[str, Any] = py_view(EMPTY_ROW_25, ["logic"])["steps"][0]
    graph = step["graph"]
    assert step["technique"] == "naked-single" and len(graph["left"]) == 25
    drawn = {side: [k for k, slot in enumerate(graph["layout"][side]) if slot >= 0]
             for side in ("left", "right")}
    assert 0 < len(drawn["left"]) < 25
    for side in ("left", "right"):
        assert sorted(page.locator(f"{GRAPH} g.node[data-side='{side}']").evaluate_all(
            "(els) => els.map((el) => Number(el.dataset.index))")) == drawn[side]
    kept = [(i, j) for i, j in graph["edges"] if i in drawn["left"] and j in drawn["right"]]
    assert page.locator(f"{GRAPH} line.edge").count() == len(kept)
    more = {f"left-{i}": 0 for i in drawn["left"]} | {f"right-{j}": 0 for j in drawn["right"]}
    for i, j in graph["edges"]:
        if (i in drawn["left"]) != (j in drawn["right"]):
            more[f"left-{i}" if i in drawn["left"] else f"right-{j}"] += 1
    assert page.evaluate(READ_MORE) == sorted(f"{v}:+{n}" for v, n in more.items() if n)
    # a screen reader hears Python's words for the drawing, with how many vertices it leaves out
    hidden = 50 - len(drawn["left"]) - len(drawn["right"])
    assert page.get_attribute(GRAPH, "aria-label") == graph["described"]
    assert graph["described"].endswith(f"; {hidden} other vertices not drawn")
    assert page.locator("#graph .legend .legend-item[data-key='more']").count() == 1
    stage_button(page, "1 Candidates")
    text = page.evaluate(READ_DRAWING)["text"]
    assert text == graph["stages"][0]["text"] and "are left out" in text
    stage_button(page, "All")
    box = page.locator(GRAPH).bounding_box()
    assert box is not None and box["height"] <= 48 + 5 * 30 + 8, box
    page.locator("#graph").screenshot(path=str(artifacts_dir / "graph-single-25x25.png"))
