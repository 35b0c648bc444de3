"""Solving on the page: a chain exclusion drawn exactly as Python's step says (board marks and the
bipartite graph), Back, Guess and Backtrack, Solve, Count, Cancel of a count that never ends, the
keyboard shortcuts, a reload landing on the same step, and all of it under a sub-path.

Expectations come from ``pysolver.web.handle`` run here on the same puzzle and position (helpers in
test_app.py). A screenshot of the chain exclusion is left in test-artifacts/chain-exclusion.png.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from pysolver.grid import Grid
from pysolver.techniques.registry import ON_REQUEST, TECHNIQUES
from tests.e2e.test_app import (IDLE, STATE, as_pairs, board, click, marked, py, py_view, state, wait_for,
                                wait_position)
from tests.helpers import FIGURE_4_2, FIGURE_4_9, FIGURE_4_9_SOLUTIONS
from tests.helpers import NESTED_NET_EXAMPLE as FORUM_HARDEST

pytestmark = pytest.mark.e2e

# Norvig's top95, line 13: its fourth step is a naked pair (a chain exclusion).
TOP95_13 = "..5...987.4..5...1..7......2...48....9.1.....6..2.....3..6..2.......9.7.......5.."
CHAIN_AT = 4
#: Forcing chains and nets take seconds on every stalled position; the guessing test leaves them
#: off, in the page's techniques panel as in Python.
FORCING = sorted(ON_REQUEST)


#: A 25×25 whose count runs for minutes: the second puzzle of bench/data/random25x25_seed14.txt
#: (random blanks at the phase transition, made by bench/make_big_set.py), whose first thousand
#: solutions take over 30 CPU seconds to count in CPython, several times that in Pyodide. (A 16×16
#: with no solution served here until the search's lookahead learnt to refute it in milliseconds.)
LONG_COUNT_25 = (
    "8..........4B.5MF3IKCL.1.D..6M....2....8L.15AF..I953B7I1L..MKO6CFJ2P....8.."
    "..C.9...N.AIM....O..26...LNO..FIK.J1.D..6...C.M..36..D3A4.HL..9.2K5EO..1N.M"
    "7GLK...9DNH..5A.M...O....A..4..F1ECN...32..J89G.7K..8.25G..K4MJ..1....LA..."
    "..9OJ..6.B...DE.A.NLI..H2.52..D6AK......E.....FI..I...4LJH5O.62..F...B73..."
    "..KJ7N..M8.E....1....4.LBB...NEC.1.M.H4.5.LPJ...A.P1M.......IA.9.4H6.N....5"
    "C...5..N..O.I.4H...G.8.E.M.....7...9...C...B65DO.A.7..6CD..H3N..M.O.E.JB.2."
    "O.1.K..5P.L.G.B...8..793I...B.2.LI..5AJ6.K.....C4.K..C8G5..A6..I..PJHO32BM1"
    ".6...9..J....M....A...K...9F.AO1B..C7.3K8D.L5G...H2...OHKM6.....GN........."
    "..H..3..F7..5P.B...28.A..")
READ_GRAPH = """() => {
  const svg = document.querySelector('#graph svg.bipartite');
  const all = (sel) => [...svg.querySelectorAll(sel)];
  const nodes = (side) => all(`g.node[data-side='${side}']`);
  const edges = (cls) => all(`line.edge${cls}`).map((el) => el.dataset.edge).sort();
  return { kind: svg.dataset.kind, title: svg.querySelector('text.title').textContent,
    left: nodes('left').map((el) => el.textContent), right: nodes('right').map((el) => el.textContent),
    patternLeft: nodes('left').filter((el) => el.classList.contains('pattern')).map((el) => Number(el.dataset.index)),
    patternRight: nodes('right').filter((el) => el.classList.contains('pattern')).map((el) => Number(el.dataset.index)),
    edges: edges(''), matching: edges('.matching'), removed: edges('.removed'),
    crosses: all('path.cross').length,
    removedDash: all('line.edge.removed').map((el) => getComputedStyle(el).strokeDasharray) };
}"""


def open_puzzle(page: Page, url: str, puzzle: str) -> None:
    page.goto(f"{url}#p={puzzle}")
    wait_for(page, f"(p) => {IDLE} && {STATE}.view && {STATE}.view.puzzle === p", puzzle, 120_000)


def edge_keys(pairs: list[list[int]]) -> list[str]:
    return sorted(f"{i}-{j}" for i, j in pairs)


def shown_candidates(view: dict[str, Any], step: dict[str, Any]) -> list[list[int]]:
    """The digits each cell shows just after `step`: its candidates, and those the step struck out."""
    struck = as_pairs(step["eliminations"])
    return [sorted(set(cands) | {d for (c, d) in struck if c == cell}) for cell, cands in enumerate(view["candidates"])]


def status(page: Page) -> tuple[str | None, str]:
    return page.get_attribute("#status", "data-state"), page.inner_text("#status .text")


@pytest.fixture(scope="module")
def fig49(
    browser: Browser, site_url: str, guarded: Callable[..., AbstractContextManager[Page]]
) -> Iterator[Page]:
    """One page on Figure 4.9 for Count and the shortcuts."""
    with guarded(browser) as page:
        open_puzzle(page, site_url, FIGURE_4_9)
        yield page


def test_chain_exclusion_is_drawn_exactly_as_python_says_and_back_restores(
    page: Page, site_url: str, artifacts_dir: Path
) -> None:
    open_puzzle(page, site_url, TOP95_13)
    for position in range(1, CHAIN_AT):
        click(page, "step")
        wait_position(page, position)
    before = board(page)
    click(page, "step")
    wait_position(page, CHAIN_AT)

    view = py_view(TOP95_13, ["logic"] * CHAIN_AT)
    step = view["steps"][CHAIN_AT - 1]
    assert step["technique"] == "chain-exclusion" and step["eliminations"]
    cells = board(page)
    assert marked(cells, "pattern") == as_pairs(step["pattern"])
    assert marked(cells, "elim") == as_pairs(step["eliminations"])
    assert {c["cell"] for c in cells if c["placed"]} == {cell for cell, _ in step["placements"]}
    assert {c["cell"] for c in cells if c["inStep"]} == set(step["cells"])
    outlined = page.locator(".outline.step").evaluate_all("(els) => els.map((el) => Number(el.dataset.house))")
    assert outlined == step["houses"]
    assert [c["cands"] for c in cells] == shown_candidates(view, step)
    assert [c["value"] for c in cells] == view["values"]
    elim_cell, elim_digit = step["eliminations"][0]
    look = page.locator(f".cell[data-cell='{elim_cell}'] .cand.elim[data-digit='{elim_digit}']").evaluate(
        "(el) => [getComputedStyle(el).textDecorationLine, getComputedStyle(el).color]")
    assert look == ["line-through", "rgb(155, 13, 13)"]
    struck = sorted(d for c, d in step["eliminations"] if c == elim_cell)
    name = page.locator(f".cell[data-cell='{elim_cell}'] .sr-only").inner_text()
    assert name.endswith(", the step removes " + " ".join(map(str, struck))), name  # said, not only drawn
    pattern_cell, pattern_digit = step["pattern"][0]
    assert page.locator(f".cell[data-cell='{pattern_cell}'] .cand.pattern[data-digit='{pattern_digit}']").evaluate(
        "(el) => getComputedStyle(el).backgroundColor") == "rgb(92, 196, 90)"
    assert page.inner_text("#step-title") == step["name"]
    assert page.inner_text("#step-text") == step["text"]
    page.locator("#settings-panel summary").click()
    page.uncheck("input[data-intent='show-candidates']")  # the player's notes (none): the step reads whole
    page.wait_for_function("document.getElementById('board').dataset.show === 'notes'")
    notes_shown = board(page)
    assert marked(notes_shown, "pattern") == as_pairs(step["pattern"])
    assert marked(notes_shown, "elim") == as_pairs(step["eliminations"])
    page.check("input[data-intent='show-candidates']")
    page.wait_for_function("document.getElementById('board').dataset.show === 'candidates'")
    page.locator("#settings-panel summary").click()

    graph = step["graph"]
    drawn = page.evaluate(READ_GRAPH)
    assert drawn["kind"] == graph["pattern"]["kind"] == "chain"
    assert drawn["title"] == graph["title"]
    assert drawn["left"] == [node["label"] for node in graph["left"]]
    assert drawn["right"] == [node["label"] for node in graph["right"]]
    assert drawn["patternLeft"] == sorted(graph["pattern"]["left"])
    assert drawn["patternRight"] == sorted(graph["pattern"]["right"])
    assert drawn["edges"] == edge_keys(graph["edges"])
    assert drawn["matching"] == edge_keys(graph["matching"])
    assert drawn["removed"] == edge_keys(graph["removed"]) and drawn["removed"]
    assert drawn["crosses"] == len(graph["removed"])
    assert all(dash != "none" for dash in drawn["removedDash"])
    page.screenshot(path=str(artifacts_dir / "chain-exclusion.png"), full_page=True)

    click(page, "undo")
    wait_position(page, CHAIN_AT - 1)
    assert board(page) == before
    earlier = py_view(TOP95_13, ["logic"] * CHAIN_AT, CHAIN_AT - 1)
    assert [c["value"] for c in before] == earlier["values"]
    assert [c["cands"] for c in before] == shown_candidates(earlier, earlier["steps"][CHAIN_AT - 2])


def guess_until_contradiction(page: Page, url: str) -> dict[str, Any]:
    """Open FORUM_HARDEST with the forcing chains switched off (seconds per stalled position in
    Pyodide), then Solve logic and Guess when stuck, on the page and in Python, until a
    contradiction; each turn's status as Python's. Returns Python's view there."""
    open_puzzle(page, url, FORUM_HARDEST)
    page.click("#technique-settings summary")
    for slug in FORCING:
        page.uncheck(f"#technique-settings input[data-slug='{slug}']")
    wait_for(page, f"(n) => {IDLE} && {STATE}.view.disabled.length === n", len(FORCING))
    switched_on = [t.slug for t in TECHNIQUES if t.slug not in FORCING]
    expected: dict[str, Any] = py("load", puzzle=FORUM_HARDEST, techniques=switched_on)["view"]
    for _ in range(40):
        cmd = "guess" if expected["status"]["status"] == "stuck" else "solve_logic"
        expected = py(cmd)["view"]
        click(page, cmd)
        wait_position(page, expected["position"])
        assert status(page) == (expected["status"]["status"], expected["status"]["message"])
        if expected["status"]["status"] == "contradiction":
            return expected
    pytest.fail("no contradiction turned up")


def test_a_switch_flipped_while_python_answers_is_asked_for_once_it_has(page: Page, site_url: str) -> None:
    """A technique switched off while a step runs (forcing chains on the forum's hardest: seconds in
    Pyodide): asked for then, the position was refused, and the board went on with the old set (the
    first of five switches flipped in a row could leave four in force, a stale status with them).
    It is asked for once the step's answer has come."""
    open_puzzle(page, site_url, FORUM_HARDEST)
    page.click("#technique-settings summary")
    click(page, "step")
    wait_for(page, f"{STATE}.busy !== null && {STATE}.busy.cmd === 'step'")
    page.uncheck("#technique-settings input[data-slug='skyscraper']")
    assert page.evaluate(f"{STATE}.busy !== null"), "the step ended before the switch was flipped"
    wait_for(page, f"{IDLE} && {STATE}.view.position === 1 && {STATE}.view.disabled.includes('skyscraper')",
             None, 120_000)


def test_guess_backtrack_and_solve(page: Page, site_url: str) -> None:
    guess_until_contradiction(page, site_url)
    assert page.text_content("#status .badge") == "Contradiction"
    assert page.is_disabled(".controls button[data-intent='guess']")

    expected = py("backtrack")["view"]
    click(page, "backtrack")
    wait_position(page, expected["position"])
    step = expected["steps"][-1]
    assert step["technique"] == "backtrack"
    assert status(page) == ("solving", expected["status"]["message"])
    assert page.inner_text("#step-title") == "Backtrack"
    assert page.inner_text("#step-text") == step["text"]
    [(cell, digit)] = step["eliminations"]
    assert f"r{cell // 9 + 1}c{cell % 9 + 1} is not {digit}" in step["text"]
    assert marked(board(page), "elim") == {(cell, digit)}
    assert digit not in state(page)["view"]["candidates"][cell]

    # An earlier guess is still wrong here, so search finds nothing and the page says so.
    refused = py("solve")["error"]["message"]
    click(page, "solve")
    wait_for(page, f"{IDLE} && {STATE}.error !== null")
    assert page.inner_text("#message") == refused
    assert state(page)["view"]["position"] == expected["position"]

    page.click(".step-list button[data-position='0']")
    wait_position(page, 0)
    click(page, "solve")
    wait_for(page, f"{IDLE} && {STATE}.view.status.status === 'solved'")
    values = [c["value"] for c in board(page)]
    solved = Grid.parse("".join(map(str, values)))
    assert solved.is_solved()
    assert all(given in (0, value) for given, value in zip(Grid.parse(FORUM_HARDEST).values, values))
    assert page.text_content("#status .badge") == "Solved"


def test_count_says_127_for_figure_4_9(fig49: Page) -> None:
    click(fig49, "count")
    wait_for(fig49, f"{IDLE} && {STATE}.count !== null")
    assert fig49.get_attribute("#status", "data-count") == str(FIGURE_4_9_SOLUTIONS)
    assert fig49.inner_text("#status .count") == py("count", puzzle=FIGURE_4_9)["message"]
    assert "127 solutions" in fig49.inner_text("#status .count")


def test_keyboard_shortcuts_step_back_forward_hint(fig49: Page) -> None:
    fig49.click("h1")  # keys typed outside the board
    for position in (1, 2, 3):
        fig49.keyboard.press("s")
        wait_position(fig49, position)
    fig49.keyboard.press("u")
    wait_position(fig49, 2)
    fig49.keyboard.press("r")
    wait_position(fig49, 3)
    assert fig49.get_attribute("#board", "data-mode") == "applied"
    for level in (1, 2, 3):  # the hint ladder, one level per press
        fig49.keyboard.press("h")
        wait_for(fig49, f"{IDLE} && {STATE}.view.hint && {STATE}.view.hint.level === {level}")
    hint = py_view(FIGURE_4_9, ["logic"] * 3)
    expected = [py("hint")["view"]["hint"] for _ in range(3)][-1]
    assert hint["position"] == 3
    assert fig49.inner_text("#step-title") == f"Hint 3 of 3: {expected['name']}"
    assert fig49.get_attribute("#board", "data-mode") == "hint"
    assert marked(board(fig49), "pattern") == as_pairs(expected["pattern"])
    assert state(fig49)["view"]["position"] == 3  # a hint applies nothing


def test_cancel_stops_a_long_count_and_restarts_the_worker(page: Page, site_url: str) -> None:
    open_puzzle(page, site_url, LONG_COUNT_25)
    assert page.get_attribute("#board", "data-shape") == "25:5x5"
    before = board(page)
    page.evaluate("""() => {
      window.bootLabels = [];
      new MutationObserver(() => bootLabels.push(document.getElementById('boot-label').textContent))
        .observe(document.getElementById('boot-label'), { childList: true, characterData: true, subtree: true });
    }""")
    click(page, "count")
    page.locator("#cancel").wait_for(state="visible")
    assert page.inner_text("#status .text") == "Counting solutions…"
    page.click("#cancel")
    page.locator("#boot").wait_for(state="visible")
    wait_for(page, f"{IDLE} && {STATE}.notice === 'Cancelled.'", None, 120_000)
    labels = page.evaluate("bootLabels")
    assert "Loading the Python runtime…" in labels and "Starting the solver…" in labels  # a new worker booted
    assert page.inner_text("#message") == "Cancelled."
    assert page.locator("#boot").is_hidden() and page.locator("#cancel").is_hidden()
    assert board(page) == before
    assert page.get_attribute("#status", "data-count") is None
    open_puzzle(page, site_url, FIGURE_4_9)  # the new worker answers
    click(page, "count")
    wait_for(page, f"{IDLE} && {STATE}.count !== null")
    assert page.get_attribute("#status", "data-count") == str(FIGURE_4_9_SOLUTIONS)


#: Polls the page's state for the progress Python reports while a run goes on (every stage heard).
HEAR_PROGRESS = """() => {
  window.heardProgress = [];
  window.progressPoll = setInterval(() => {
    const busy = window.__pysolver.state.busy;
    const stage = busy && busy.progress ? busy.progress.stage : null;
    if (stage && heardProgress[heardProgress.length - 1] !== stage) heardProgress.push(stage);
  }, 1);
}"""


def test_solve_by_logic_reports_its_progress_and_undo_takes_it_back_whole(page: Page, site_url: str) -> None:
    """A 16×16 Solve by logic ran for minutes with nothing to show; Python now reports each step.
    Undo after it gives back the board from before it (not its last step)."""
    open_puzzle(page, site_url, FIGURE_4_2)
    before = py("load", puzzle=FIGURE_4_2)["view"]
    page.evaluate(HEAR_PROGRESS)
    click(page, "solve_logic")
    wait_for(page, f"{IDLE} && {STATE}.view.status.status === 'solved'")
    heard: list[str] = page.evaluate("() => { clearInterval(progressPoll); return heardProgress; }")
    assert heard and all(stage.startswith("Solving by logic: ") and " to go (last: " in stage
                         for stage in heard), heard
    click(page, "undo")
    wait_position(page, 0)
    assert status(page) == ("solving", before["status"]["message"])
    click(page, "redo")
    wait_for(page, f"{IDLE} && {STATE}.view.status.status === 'solved'")


def test_a_slow_solve_by_logic_says_its_progress_in_the_status_line(page: Page, site_url: str) -> None:
    """Seconds of forcing nets: the status line shows Python's progress, not only "Solving by
    logic…", in a part that is not live (a screen reader hears the progress sparingly, in the
    line's live part, visually hidden then)."""
    from tests.e2e.test_app_examples import EXAMPLES
    nested = next(e for e in EXAMPLES if e["id"] == "nested-forcing-net")
    open_puzzle(page, site_url, nested["puzzle"])
    click(page, "solve_logic")
    wait_for(page, f"{STATE}.busy && {STATE}.busy.slow && {STATE}.busy.progress", None, 60_000)
    shown = page.evaluate(f"""() => [{STATE}.busy.progress.stage,
      document.querySelector("#status .progress").textContent, document.querySelector("#status .text").textContent,
      document.querySelector("#status .progress").getAttribute("aria-live")]""")
    assert shown[0].startswith("Solving by logic: ") and shown[1] == shown[0]
    assert shown[2].startswith("Solving by logic") and shown[3] == "off"
    click(page, "cancel")
    wait_for(page, f"{IDLE}", None, 60_000)


def test_reload_restores_the_puzzle_and_step_position(page: Page, site_url: str) -> None:
    open_puzzle(page, site_url, FIGURE_4_9)
    for position in range(1, 6):
        click(page, "step")
        wait_position(page, position)
    click(page, "undo")
    wait_position(page, 4)
    before = (board(page), state(page)["view"]["steps"], page.url)
    page.reload()
    wait_for(page, f"{IDLE} && {STATE}.view && {STATE}.view.position === 4", None, 120_000)
    assert (board(page), state(page)["view"]["steps"], page.url) == before
    assert page.is_enabled(".controls button[data-intent='redo']")
    page.click(".step-list button[data-position='5']")
    wait_position(page, 5)


def test_steps_and_count_under_a_sub_path(page: Page, page_log: Any, subpath_url: str) -> None:
    open_puzzle(page, subpath_url, FIGURE_4_9)
    click(page, "step")
    wait_position(page, 1)
    assert [c["value"] for c in board(page)] == py_view(FIGURE_4_9, ["logic"], 1)["values"]
    click(page, "count")
    wait_for(page, f"{IDLE} && {STATE}.count !== null")
    assert page.get_attribute("#status", "data-count") == str(FIGURE_4_9_SOLUTIONS)
    assert [url for url in page_log.requests if not url.startswith(subpath_url)] == []
