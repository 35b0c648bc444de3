"""Forcing chains (cell, house, digit) and forcing nets: sound, drawn branch by branch from each
premise to the common conclusion or the contradiction, and silent where nothing is forced.

HoDoKu's regression library has no forcing-chain examples (its sections 1301-1304 are empty), so
the positions are those where the engine's every simpler technique stalls on puzzles of Norvig's
top95 list, checked against the unique solution.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Callable, Iterator

import pytest

from pysolver.board import Board
from pysolver.grid import Grid
from pysolver.logic import Settings, solve_by_logic
from pysolver.search import solve
from pysolver.geometry import geometry_for_size
from pysolver.step import Step, claim
from pysolver.techniques.forcing import (find_cell_forcing_chains, find_digit_forcing_chains,
                                         find_house_forcing_chains)
from pysolver.techniques.nets import find_forcing_nets, propagate

Finder = Callable[[Board], Iterator[Step]]
FORCING = frozenset({"cell-forcing-chain", "house-forcing-chain", "digit-forcing-chain",
                     "forcing-net", "nested-forcing-net"})
GEO = geometry_for_size(9)
#: A candidate in Eureka notation (``r8c1=7``, ``r8c1<>7``).
NOTATION = re.compile(r"r\d+c\d+(=|<>)\d")
#: Puzzles of Norvig's top95 on which chains, colouring and the basics stall.
STALLING = ("6.2.5.........3.4..........43...8....1....2........7..5..27...........81...6.....",
            ".6.5.1.9.1...9..539....7....4.8...7.......5.8.817.5.3.....5.2............76..8...")


@cache
def stalled(puzzle: str) -> tuple[Board, tuple[int, ...]]:
    """The position where every technique but the forcing families stalls, and the solution."""
    grid = Grid.parse(puzzle)
    board, _ = solve_by_logic(Board.from_grid(grid), Settings(disabled=FORCING))
    solution = solve(grid)
    assert solution is not None and not board.is_solved()
    return board, solution.values


def _check(step: Step, solution: tuple[int, ...]) -> None:
    assert all(solution[c] != d for c, d in step.eliminations), step.text
    assert all(solution[c] == d for c, d in step.placements), step.text
    proof = step.proof
    assert proof is not None and proof.branches and not proof.nodes
    conclusion = (step.placements or step.eliminations)[0]
    on = bool(step.placements)
    for branch in proof.branches:
        assert branch.nodes and branch.links and branch.notation
        first, last = branch.nodes[0], branch.nodes[-1]
        assert branch.premise.startswith("r") and first.cells[0] >= 0
        premise_cell = int(branch.premise[1]) - 1, int(branch.premise[3]) - 1
        assert (first.cells[0] // 9, first.cells[0] % 9) == premise_cell
        if "contradiction" not in step.details:
            assert (last.cells, last.digit, last.on) == ((conclusion[0],), conclusion[1], on)
            # The branch's conclusion in words is the step's own placement or elimination.
            assert branch.conclusion == claim(GEO, conclusion[0], conclusion[1], on), step.details
        elif "breaks a rule" in step.text:
            assert branch.conclusion and branch.conclusion in step.text, step.text
        else:
            # A contradiction by chains: the branch ends where it makes a candidate true or false.
            assert branch.conclusion == claim(GEO, last.cells[0], last.digit, bool(last.on))
        if step.technique.slug == "forcing-net":
            # Drawn as written: a removal by pointing or claiming hangs from its box-line group
            # (strong links into it, a weak one out), never a weak link between two removals.
            for link in branch.links:
                start, end = branch.nodes[link.start], branch.nodes[link.end]
                assert start.on != end.on and end.on == (link.kind == "strong"), branch.notation
    if len(proof.branches) == 2 and "both true and false" in step.text:
        ends = {branch.conclusion for branch in proof.branches}
        assert len(ends) == 2 and {end.replace(" not ", " ") for end in ends} == {min(ends, key=len)}
    assert " => " in proof.notation
    assert "guess" not in step.text.lower()
    # Premises read as words ("if r8c1 is 7"); Eureka notation stays in the proof, under "why?".
    assert not NOTATION.search(step.text) and not NOTATION.search(step.details), step.details


FINDERS = [find_cell_forcing_chains, find_house_forcing_chains, find_digit_forcing_chains,
           find_forcing_nets]


@pytest.mark.parametrize("puzzle", STALLING, ids=["top95-7", "top95-12"])
@pytest.mark.parametrize("finder", FINDERS, ids=lambda f: f.__name__)
def test_forcing_steps_are_sound_and_drawn_branch_by_branch(finder: Finder, puzzle: str) -> None:
    board, solution = stalled(puzzle)
    steps = [step for _, step in zip(range(12), finder(board))]
    for step in steps:
        _check(step, solution)
    if finder is find_forcing_nets:
        assert steps


def test_a_forcing_net_finishes_what_the_chains_cannot() -> None:
    board, solution = stalled(STALLING[0])
    final, steps = solve_by_logic(board)
    assert final.is_solved() and final.values == solution
    assert "forcing-net" in {step.technique.slug for step in steps}


def test_a_contradiction_net_shows_the_broken_rule() -> None:
    board, solution = stalled(STALLING[0])
    wrong = next((c, d) for c, mask in enumerate(board.candidates)
                 for d in range(1, 10) if mask >> (d - 1) & 1 and solution[c] != d
                 and propagate(board, (c, d, True)).contradiction)
    branch = propagate(board, (*wrong, True))
    assert "no candidate left" in branch.broken or "no place left" in branch.broken
    nodes, links = branch.chain(branch.contradiction)
    assert (nodes[0].cells, nodes[0].digit, nodes[0].on) == ((wrong[0],), wrong[1], True)
    assert all(link.start < link.end for link in links)


@pytest.mark.parametrize("finder", FINDERS, ids=lambda f: f.__name__)
def test_nothing_is_forced_on_an_empty_grid(finder: Finder) -> None:
    empty = Board.from_grid(Grid.parse("." * 81))
    assert next(finder(empty), None) is None


def test_premises_read_as_words() -> None:
    board, _ = stalled(STALLING[0])
    texts = [step.text for finder in FINDERS for _, step in zip(range(3), finder(board))]
    assert any(text.startswith(("Whichever digit r", "Wherever ", "Whether r", "If r"))
               for text in texts), texts
    assert all(" is " in text for text in texts if text.startswith(("Whether", "If")))


def test_a_contradiction_that_returns_to_its_assumption_is_told_as_one_chain() -> None:
    """When the clash is the assumption itself, one "branch" would be the assumption alone
    ("chains would make 7 in r2c1 both true and false"): it is told as the one chain it is."""
    puzzle = "2..5..6...9.....3...1..9..44..9..7...5..4..8...7..1..6...1..3...2..7..9...8..3..5"
    off = frozenset({"aic", "grouped-aic", "als-xz", "als-xy-wing", "cell-forcing-chain",
                     "house-forcing-chain", "xy-wing", "w-wing", "two-string-kite", "skyscraper",
                     "turbot-fish", "empty-rectangle"})
    steps = solve_by_logic(Board.from_grid(Grid.parse(puzzle)), Settings(off))[1]
    looped = [s for s in steps if s.technique.slug == "digit-forcing-chain" and " would make it " in s.text]
    assert looped
    for step in looped:
        assert re.match(r"If (r\dc\d) were (not )?(\d), a chain of \d+ links would make it (not )?\3, so it "
                        r"cannot be\. ", step.text), step.text
        assert step.proof is not None and "; " not in step.proof.notation  # one chain, not two


def test_a_candidate_whose_one_way_contradicts_itself_is_not_told_as_two_ways_agreeing() -> None:
    """Followed both ways, r1c7=3 leads back to r1c7<>3, and r1c7<>3 is that conclusion already:
    not "whether r1c7 is 3 or not, chains reach the same result" but the one chain it is."""
    from itertools import islice

    from pysolver.session import Session
    off = frozenset({"aic", "grouped-aic", "x-chain", "xy-chain", "nice-loop", "grouped-nice-loop",
                     "continuous-nice-loop", "grouped-continuous-nice-loop", "als-xz", "als-xy-wing",
                     "cell-forcing-chain", "house-forcing-chain"})
    session = Session(Grid.parse("12..4......5.69.1...9...5.........7.7...52.9..3......2.9.6...5.4..9..8.1..3...9.4"),
                      disabled=off)
    steps = list(islice(session.steps_to_end(), 23))
    assert steps[13].text == ("If r1c7 were 3, a chain of 7 links would make it not 3, so it cannot be. "
                              "So 3 leaves r1c7.")
    assert steps[13].details.endswith("so r1c7 is not 3: removes 3 from r1c7.")
    assert steps[22].text.startswith("If r2c1 were not 3, a chain of ") and steps[22].text.endswith(
        " links would make it 3, so it cannot be. So r2c1 is 3.")
    for step in steps:
        if step.technique.slug == "digit-forcing-chain":
            assert step.proof is not None
            assert all(len(branch.nodes) > 1 for branch in step.proof.branches), step.proof.notation
            assert "that holds" not in step.details


def test_the_captions_under_the_board_are_worded_by_python() -> None:
    """The page writes a forcing chain's captions as the worker sends them: each branch's (its
    premise, what it concludes in words, its Eureka line) and, with every branch drawn, how many
    there are and what they conclude together, in the same words; never Eureka's "=>" in prose.
    Each branch's button is named from the worker's ``choice`` too, so the page words none."""
    board, _ = stalled(STALLING[1])
    step = next(find_cell_forcing_chains(board))
    assert step.proof is not None
    data = step.proof.to_json()
    assert data["caption"] == "3 branches, each in its colour, together ⇒ r4c5 is not 2"
    assert [branch["caption"].split("\n")[0] for branch in data["branches"]] == [
        "r6c5=2 ⇒ r4c5 is not 2", "r6c5=4 ⇒ r4c5 is not 2", "r6c5=6 ⇒ r4c5 is not 2"]
    assert data["branches"][0]["caption"] == "r6c5=2 ⇒ r4c5 is not 2\nr6c5=2: (2)r6c5-r4c5"
    # Each branch's button is named in the same words, in prose a screen reader speaks.
    assert [branch["choice"] for branch in data["branches"]] == [
        "r6c5=2, so r4c5 is not 2", "r6c5=4, so r4c5 is not 2", "r6c5=6, so r4c5 is not 2"]
    # The "why?" lines: each branch after its premise, then the conclusion, in Eureka notation;
    # each branch's button is titled with its own line.
    assert data["lines"] == [b["line"] for b in data["branches"]] + ["=> r4c5<>2"]
    assert data["branches"][0]["line"] == "r6c5=2: (2)r6c5-r4c5"
    # A proof of one branch offers no choice of branch, so it has no caption for "All".
    net = next(find_forcing_nets(board))
    assert net.proof is not None and len(net.proof.branches) == 1 and net.proof.to_json()["caption"] == ""
