"""Nested forcing nets: sound, drawn branch by branch with each nested net beside its branch, never
called a guess, bounded by a work budget, and silent where nothing is forced.

The published example is a puzzle Sudoku Explainer rates 11.0, "Dynamic Contradiction Forcing
Chains (+ Forcing Chains)" — its nested forcing chains — quoted in the SukakuExplainer issue
"Rating ranges" (github.com/SudokuMonster/SukakuExplainer/issues/97). Every other technique of the
engine, the plain forcing nets included, stalls on it after seven steps.
"""

from __future__ import annotations

import json
import re
from functools import cache

import pytest

from pysolver.board import Board
from pysolver.grading import rate
from pysolver.grid import Grid
from pysolver.levels import Level
from pysolver.logic import DEFAULT, Settings, next_step, solve_by_logic
from pysolver.search import solve
from pysolver.step import Step
from pysolver.techniques import forcing_nested
from pysolver.techniques.forcing_nested import NESTED_FORCING_NET, find_nested_forcing_nets
from pysolver.techniques.registry import TECHNIQUES
from tests.helpers import NESTED_NET_EXAMPLE as EXAMPLE

#: Sudoku Explainer 11.0, Dynamic Contradiction Forcing Chains (+ Forcing Chains).
SE_11_0 = "........1.....2.3...4.5.6....57......1...8...7..59.4....96..5...3........4.....82"
#: The first of the forum's hardest puzzles (SE 11+, the tdoku collection): forcing nets stall on it.
FORUM_HARDEST_FIRST = (
    "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6")
#: A premise written in Eureka notation: sentences say "r8c1 is 7", the notation stays in the proof.
NOTATION = re.compile(r"r\d+c\d+(=|<>)\d")
WITHOUT_NESTED = Settings(disabled=frozenset({"nested-forcing-net"}))
#: Every technique, on a puzzle proved to have one solution (the nested nets need that proof).
UNIQUE = Settings(unique=True)


@cache
def stalled(puzzle: str) -> tuple[Board, tuple[int, ...]]:
    """The position where every technique but the nested nets stalls, and the solution."""
    grid = Grid.parse(puzzle)
    board, _ = solve_by_logic(Board.from_grid(grid), WITHOUT_NESTED)
    solution = solve(grid)
    assert solution is not None and not board.is_solved()
    return board, solution.values


def _literal(name: str) -> tuple[int, int, bool]:
    """``r1c3<>2`` as (cell, digit, on)."""
    return (int(name[1]) - 1) * 9 + int(name[3]) - 1, int(name[-1]), "<>" not in name


def _check(step: Step, solution: tuple[int, ...]) -> None:
    """Sound, and drawn main branch first: each nested net one derived link, backed by its
    sub-proof, which starts at the net's own premise."""
    assert step.technique is NESTED_FORCING_NET
    assert all(solution[c] != d for c, d in step.eliminations), step.text
    assert all(solution[c] == d for c, d in step.placements), step.text
    assert "guess" not in step.text.lower() and "guess" not in step.details.lower()
    proof = step.proof
    assert proof is not None and proof.branches and proof.nets and not proof.nodes
    used: set[int] = set()
    for index, branch in enumerate(proof.branches):
        assert branch.nodes and branch.notation and " inside " not in branch.premise
        first = branch.nodes[0]
        assert (first.cells[0], first.digit, first.on) == _literal(branch.premise)
        for link in branch.links:
            assert link.start < link.end
            if link.kind == "nested":
                assert link.net is not None
                net = proof.nets[link.net]
                assert net.branch == index
                end = branch.nodes[link.end]
                assert (end.cells[0], end.digit, end.on) == _literal(net.shows)
                used.add(link.net)
            else:
                assert link.net is None
                # Each real link as the notation writes it: weak out of a true node (a box-line
                # group for a removal by pointing or claiming), strong into a true one.
                start, end = branch.nodes[link.start], branch.nodes[link.end]
                assert start.on != end.on and end.on == (link.kind == "strong"), branch.notation
    assert used == set(range(len(proof.nets))), "every nested net backs a link of its branch"
    # Each branch says what it concludes: the step's placement or elimination, or the rule it breaks.
    if "breaks a rule" in step.text:
        assert all(b.conclusion and b.conclusion in step.text for b in proof.branches), step.text
    else:
        (cell, digit), = step.placements or step.eliminations
        said = f"r{cell // 9 + 1}c{cell % 9 + 1} is {'' if step.placements else 'not '}{digit}"
        assert all(branch.conclusion == said for branch in proof.branches), step.details
    for net in proof.nets:
        cell, digit, on = _literal(net.premise)
        assert _literal(net.shows) == (cell, digit, not on), "a net rules its own premise out"
        assert net.nodes and net.notation
        assert net.summary == f"a nested net shows r{cell // 9 + 1}c{cell % 9 + 1} is " \
                              f"{'not ' if on else ''}{digit}"
        assert (net.nodes[0].cells[0], net.nodes[0].digit, net.nodes[0].on) == (cell, digit, on)
        assert "guess" not in net.reason.lower() and net.reason.endswith(
            net.summary.removeprefix("a nested net shows ") + ".")
        # Each net ends on the rule it breaks inside its branch, in its notation and its words.
        broken = re.search(r", contradiction: ([^,]+)$", net.notation)
        assert broken, net.notation
        assert f"breaks a rule: {broken[1]}. So where " in net.reason, net.reason
    assert " => " in proof.notation
    assert not NOTATION.search(step.text) and not NOTATION.search(step.details)


def test_the_published_example_stalls_without_nesting_and_a_nested_net_goes_on() -> None:
    board, solution = stalled(SE_11_0)
    step = next_step(board, UNIQUE)
    assert step is not None and step.name == "Nested Forcing Net"
    _check(step, solution)
    assert step.text.startswith("If ") and "with nets nested inside that branch" in step.text
    assert step.details.startswith("Nested Forcing Net (contradiction): if ")
    assert "inside that branch" in step.details


def test_every_step_found_on_the_published_position_is_sound() -> None:
    board, solution = stalled(SE_11_0)
    steps = list(find_nested_forcing_nets(board))
    assert steps
    for step in steps:
        _check(step, solution)


def test_the_work_budget_bounds_the_search_deterministically(
        monkeypatch: pytest.MonkeyPatch) -> None:
    board, _ = stalled(SE_11_0)
    first = [s.text for s in find_nested_forcing_nets(board)]
    assert first == [s.text for s in find_nested_forcing_nets(board)]
    monkeypatch.setattr(forcing_nested, "BUDGET", 0)
    assert next(find_nested_forcing_nets(board), None) is None
    assert next_step(board, UNIQUE) is None  # the logic stalls: guessing is offered as before


@pytest.mark.parametrize("size", [4, 9])
def test_nothing_is_forced_on_an_empty_grid(size: int) -> None:
    empty = Board.from_grid(Grid.parse("." * size * size))
    assert next(find_nested_forcing_nets(empty), None) is None


def test_a_plain_contradiction_is_left_to_the_forcing_net() -> None:
    from tests.test_forcing import STALLING, stalled as stalled_before_forcing
    board, _ = stalled_before_forcing(STALLING[0])
    assert next(find_nested_forcing_nets(board), None) is None
    step = next_step(board, UNIQUE)
    assert step is not None and step.technique.slug != "nested-forcing-net"


def test_nested_nets_come_last_before_a_guess_at_the_extreme_level() -> None:
    assert TECHNIQUES[-1] is NESTED_FORCING_NET
    assert NESTED_FORCING_NET.level is Level.EXTREME
    assert NESTED_FORCING_NET in {record for _, records in UNIQUE.finders() for record in records}
    # Only on a puzzle proved to have one solution: elsewhere the logic cannot finish anyway.
    assert NESTED_FORCING_NET not in {record for _, records in DEFAULT.finders() for record in records}


@pytest.mark.slow
def test_the_published_example_is_solved_by_logic_alone() -> None:
    board, solution = stalled(SE_11_0)
    final, steps = solve_by_logic(board, UNIQUE)
    assert final.is_solved() and final.values == solution
    for step in steps:
        if step.technique is NESTED_FORCING_NET:
            _check(step, solution)


@pytest.mark.slow
def test_the_first_forum_hardest_puzzle_grades_extreme_without_a_guess() -> None:
    rating = rate(Grid.parse(FORUM_HARDEST_FIRST))
    assert rating.level is Level.EXTREME and rating.guesses == 0
    assert rating.hardest == "Nested Forcing Net"


def test_the_board_draws_the_main_branch_small_and_each_nested_net_on_demand() -> None:
    """The page's example, first step: 283 nodes drawn at once before; now the main branch alone,
    each nested net a link, its sub-proof drawn on demand."""
    board = Board.from_grid(Grid.parse(EXAMPLE))
    solution = solve(Grid.parse(EXAMPLE))
    assert solution is not None
    step = next_step(board, UNIQUE)
    assert step is not None and step.technique is NESTED_FORCING_NET
    _check(step, solution.values)
    proof = step.proof
    assert proof is not None
    main = sum(len(branch.nodes) for branch in proof.branches)
    nested = [len(net.nodes) for net in proof.nets]
    assert main <= 60 and max(nested) <= 80
    assert main < (main + sum(nested)) / 4
    assert step.size == main and {c for c, _ in step.pattern} <= {
        cell for branch in proof.branches for node in branch.nodes for cell in node.cells}
    assert all(net.nodes and net.links and net.summary for net in proof.nets)


def test_a_net_found_by_a_clash_names_the_rule_it_breaks() -> None:
    """The page's example, first step: the net of r4c3 = 1 puts 1 in r7c7, which the branch of
    r9c5 = 7 takes out; with both, column 7 has no place left for 1, and the net ends there as the
    nets run on the branch's position end on theirs."""
    board = Board.from_grid(Grid.parse(EXAMPLE))
    step = next_step(board, UNIQUE)
    assert step is not None and step.proof is not None
    net = next(net for net in step.proof.nets if net.premise == "r4c3=1")
    assert net.reason == ("If r4c3 is 1, what follows puts 1 in r7c7, but if r9c5 is 7, what follows "
                          "takes 1 out of r7c7; with both, what follows breaks a rule: column 7 has "
                          "no place left for 1. So where r9c5 is 7, r4c3 is not 1.")
    assert net.notation.endswith(", contradiction: column 7 has no place left for 1")
    # The branch's literal it clashes with is drawn as given: r7c7 without 1.
    assert any((node.cells, node.digit, node.on) == ((60,), 1, False) for node in net.nodes)


def test_the_page_gets_the_proof_only_of_the_step_it_shows() -> None:
    """Every reply carries the whole history, and the page draws only the step it shows: the
    others come without their proof (15 to 20 KB each for this example's nested nets)."""
    from pysolver.web import handle

    def call(**request: object) -> dict[str, object]:
        reply = json.loads(handle(json.dumps(request)))
        assert reply["ok"], reply
        view: dict[str, object] = reply["view"]
        return view

    call(cmd="load", puzzle=EXAMPLE, techniques=[t.slug for t in TECHNIQUES])
    shown = call(cmd="step")["steps"]
    assert isinstance(shown, list) and shown[0]["technique"] == "nested-forcing-net"
    nets = shown[0]["proof"]["nets"]
    assert nets and all(net["nodes"] and net["links"] for net in nets)
    later = call(cmd="step")["steps"]
    assert isinstance(later, list) and later[0]["proof"] is None and later[1]["proof"] is not None
    assert len(json.dumps(later[0])) < 2_000 and later[0]["text"] == shown[0]["text"]
    again = call(cmd="goto", position=1)["steps"]
    assert isinstance(again, list) and again[0]["proof"] == shown[0]["proof"]


@pytest.mark.slow
def test_every_nested_net_of_the_page_example_is_drawn_small_and_backed() -> None:
    """The page's example solved by logic: every nested net step passes ``_check`` and its main
    drawing stays under 100 nodes."""
    grid = Grid.parse(EXAMPLE)
    solution = solve(grid)
    assert solution is not None
    final, steps = solve_by_logic(Board.from_grid(grid), UNIQUE)
    assert final.is_solved()
    nested = [step for step in steps if step.technique is NESTED_FORCING_NET]
    assert len(nested) >= 5
    for step in nested:
        _check(step, solution.values)
        assert step.proof is not None
        assert sum(len(branch.nodes) for branch in step.proof.branches) <= 100
