"""Almost locked sets on HoDoKu's published examples (its regression library, reglib-1.3): ALS-XZ
singly and doubly linked, ALS-XY-Wing; the sets found as Hall-surplus-one sets of the house's
bipartite graph; nothing on positions without sets to pair."""

from __future__ import annotations

from typing import Callable, Iterator

import pytest

from pysolver.bipartite import almost_locked
from pysolver.board import Board
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
    """A, B and C are digits of a 12×12 grid: "so B leaves r12c2" next to a set B read as one."""
    puzzle = ("...3B72C.A...9A......CB.....9.5.3..4.......1A.58721...8B........463...2..6...4......B"
              "....5.84...1C3...B..869.8....65....6.5.....B2.A...1....9.3.")
    steps = [s for s in Session(Grid.parse(puzzle)).solve_logic()
             if s.technique.slug in ("als-xz", "als-xy-wing")]
    assert steps, "this 12×12 puzzle needs ALS-XZ and an ALS-XY-Wing"
    for step in steps:
        assert "S1" in step.text and "S2" in step.details
        assert " A " not in step.text + step.details and "sets A" not in step.text
