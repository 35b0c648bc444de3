"""Almost locked sets on HoDoKu's published examples (its regression library, reglib-1.3): ALS-XZ
singly and doubly linked, ALS-XY-Wing; the sets found as Hall-surplus-one sets of the house's
bipartite graph; nothing on positions without sets to pair."""

from __future__ import annotations

import re
from itertools import islice
from typing import Callable, Iterator

import pytest

from pysolver.bipartite import almost_locked
from pysolver.board import Board
from pysolver.geometry import geometry_for_size
from pysolver.grid import Grid
from pysolver.logic import FIGURE_4_2, solve_by_logic
from pysolver.session import Session
from pysolver.step import Step
from pysolver.techniques.als import find_als_xy_wings, find_als_xz, find_sets
from tests.hodoku_library import position

Finder = Callable[[Board], Iterator[Step]]

LIBRARY: dict[str, tuple[Finder, str]] = {
    "als-xz": (find_als_xz, ":0901-1:3:.24.6.+7..5.74.9.1.....+7......+5.9+4+87+14+7.+6.85.3..8..7.6.+7......"
                            "46.+46..3.+57.5.7+4+61..:314 819 225 134 237 937 238 938 239 839 269 372 "
                            "972 973 274 291 891 999:327::"),
    "als-xz-doubly-linked": (find_als_xz, ":0901-2:13679:....8.......4..+8.....12564.72......6..431...."
                                          "9......8.25.....3869...712........+6.:767 769 495 496 497 "
                                          "499:113 123 313 323 662 713 723 913 923 939::"),
    "als-xy-wing": (find_als_xy_wings, ":0902-1:7:+8...43..+1.+3+1.5+7..8.721......9+3+5+1......5....1.1"
                                       "8.3..........1.67..7..91..3+1+8+76592+4:441 247 451 254 454 "
                                       "854 255 257 265 267 471 274 875 481 284 885:768::"),
}


@pytest.mark.parametrize("finder, line", LIBRARY.values(), ids=LIBRARY.keys())
def test_hodoku_library_eliminations_are_found(finder: Finder, line: str) -> None:
    case = position(line)
    steps = list(finder(case.board))
    found = {candidate for step in steps for candidate in step.eliminations}
    assert case.eliminations <= found
    assert all(case.solution[c] != d for c, d in found)
    step = next(s for s in steps if case.eliminations & set(s.eliminations))
    assert step.proof is not None and " => " in step.proof.notation
    roles = step.proof.to_json()["roles"]
    assert {"als-a", "als-b"} <= set(roles)  # both sets survive into the JSON the page draws
    assert not set(roles["als-a"]) & set(roles["als-b"])


def test_every_set_holds_one_digit_more_than_its_cells() -> None:
    case = position(LIBRARY["als-xz"][1])
    sets = find_sets(case.board)
    assert sets
    geo = case.board.geometry
    for als in sets:
        union = 0
        for cell in als.cells:
            union |= case.board.candidates[cell]
        assert union == als.digits and union.bit_count() == len(als.cells) + 1
        assert any(all(c in geo.houses[h] for c in als.cells) for h in range(27))


def test_almost_locked_is_hall_with_a_surplus_of_one() -> None:
    # Cells {1,2}, {2,3}, {4}: each of the first two alone, the two together ({1,2,3}), each with
    # the third, and all three ({1,2,3,4}); the third alone holds one digit, a locked set.
    found = almost_locked((0b011, 0b110, 0b1000), 3)
    assert [(s, u.bit_count()) for s, u in found] == [
        (0b001, 2), (0b010, 2), (0b011, 3), (0b101, 3), (0b110, 3), (0b111, 4)]


@pytest.mark.parametrize("finder", [find_als_xz, find_als_xy_wings], ids=lambda f: f.__name__)
def test_nothing_fires_without_sets_to_pair(finder: Finder) -> None:
    empty = Board.from_grid(Grid.parse("." * 81))
    solved, _ = solve_by_logic(Board.from_grid(Grid.parse(FIGURE_4_2)))
    assert next(finder(empty), None) is None
    assert next(finder(solved), None) is None


def test_from_12x12_on_the_sets_are_not_named_like_digits() -> None:
    """A, B and C are digits of a 12×12 grid: "so B leaves r12c2" next to a set B read as one;
    the key under the board names the sets S1 and S2 too."""
    from tests.test_step_texts import check_role_labels  # it imports this module's library
    puzzle = ("...3B72C.A...9A......CB.....9.5.3..4.......1A.58721...8B........463...2..6...4......B"
              "....5.84...1C3...B..869.8....65....6.5.....B2.A...1....9.3.")
    steps = [s for s in Session(Grid.parse(puzzle)).solve_logic()
             if s.technique.slug in ("als-xz", "als-xy-wing")]
    assert steps, "this 12×12 puzzle needs ALS-XZ and an ALS-XY-Wing"
    for step in steps:
        assert "S1" in step.text and "S2" in step.details
        check_role_labels(step, ("S1", "S2", "S3"))
        assert " A " not in step.text + step.details and "sets A" not in step.text


#: magictour's top1465 no. 23 (tests/data): its logic solve's step 24 is a doubly linked ALS-XZ
#: (restricted commons 5 and 9) that removes 4 and 6 for each set being locked, and 5 for the
#: restricted common being in one of the two sets.
GEO = geometry_for_size(9)
DOUBLY_LINKED = ("....4...1.3.6.....8........1.9..5.........87....2......7....26.5...94.........3..", 24)


def drawn_chains_cover(step: Step) -> list[tuple[int, int]]:
    """The eliminations no drawn chain proves: (cell, D) is proved when the graph leads, along its
    links, from a node "D off" to a node "D on" and the cell sees every place of both (the chain
    says D is on in one of those places)."""
    assert step.proof is not None
    proof = step.proof
    after: dict[int, list[int]] = {}
    for link in proof.links:
        after.setdefault(link.start, []).append(link.end)
    ends: list[tuple[frozenset[int], int]] = []
    for start, node in enumerate(proof.nodes):
        if node.on is not False:
            continue
        seen, todo = {start}, [start]
        while todo:
            for nxt in after.get(todo.pop(), ()):
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        for k in seen:
            end = proof.nodes[k]
            if end.on and end.digit == node.digit:
                ends.append((frozenset(node.cells) | frozenset(end.cells), node.digit))
    return [(cell, digit) for cell, digit in step.eliminations
            if not any(d == digit and all(c in GEO.peers[cell] for c in cells) for cells, d in ends)]


def written_chains(step: Step) -> list[tuple[str, set[tuple[int, int]]]]:
    """The proof's chains in Eureka notation, each with the eliminations it concludes."""
    assert step.proof is not None
    chains = []
    for chain in step.proof.notation.split("; "):
        path, conclusion = chain.split(" => ")
        chains.append((path, {(GEO.cell_at(int(r) - 1, int(c) - 1), int(d))
                              for r, c, d in re.findall(r"r(\d+)c(\d+)<>(\d+)", conclusion)}))
    return chains


def doubly_linked_step() -> Step:
    puzzle, number = DOUBLY_LINKED
    return next(islice(Session(Grid.parse(puzzle)).steps_to_end(), number - 1, None))


def test_a_doubly_linked_als_xz_draws_and_writes_a_chain_for_every_digit_it_removes() -> None:
    """Each set of a doubly linked pair is locked and each restricted common lies in one of the
    two: three reasons, each its own chain. The page draws the graph (``proof.nodes``/``links``)
    and writes the notation: both must prove every elimination, not only the first digit's."""
    step = doubly_linked_step()
    assert step.name == "ALS-XZ (doubly linked)"
    assert {d for _, d in step.eliminations} == {4, 5, 6}
    assert drawn_chains_cover(step) == []
    proved: set[tuple[int, int]] = set()
    for path, removed in written_chains(step):
        digits = re.findall(r"\((\d)", path)
        assert {d for _, d in removed} == {int(digits[0])}, path  # one digit per chain...
        assert re.findall(r"(\d)\)", path)[-1] == digits[0], path  # ...from it off, to it on
        proved |= removed
    assert proved == set(step.eliminations)
    assert len(step.proof.notation.split("; ")) == 4  # 5 (in A or in B), 4 in A, 4 in B, 6 in B
    # Both restricted commons' places are tinted.
    roles = dict(step.proof.roles)
    assert {c for c, d in step.pattern if d in (5, 9)} <= set(roles["restricted"])


@pytest.mark.parametrize("finder, line", LIBRARY.values(), ids=LIBRARY.keys())
def test_every_drawn_als_chain_proves_its_eliminations(finder: Finder, line: str) -> None:
    for step in finder(position(line).board):
        assert drawn_chains_cover(step) == [], step.proof
        proved = set().union(*(removed for _, removed in written_chains(step)))
        assert proved == set(step.eliminations), step.proof
