"""The public 16×16 and 25×25 benchmark sets of bench/data/ (from Gecode's Sudoku example; sources
in its README): they parse, hold what the README says, and a few janko.at puzzles solve."""

from __future__ import annotations

from pathlib import Path

import pytest

from pysolver.grid import Grid
from pysolver.search import solve

DATA = Path(__file__).resolve().parents[1] / "bench" / "data"
#: File → (grid size, puzzles, fewest clues, most clues), as bench/data/README.md records them.
SETS = {
    "gecode_janko16x16.txt": (16, 55, 98, 128),
    "gecode_frisch25x25.txt": (25, 16, 266, 275),
}


def _puzzles(name: str) -> list[Grid]:
    return [Grid.parse(line) for line in (DATA / name).read_text().splitlines()]


@pytest.mark.parametrize("name", sorted(SETS))
def test_sets_hold_what_the_readme_says(name: str) -> None:
    size, count, fewest, most = SETS[name]
    grids = _puzzles(name)  # Grid.parse raises on a bad line or a repeated digit
    assert len(grids) == count
    assert {grid.geometry.n for grid in grids} == {size}
    clues = [grid.clue_count for grid in grids]
    assert (min(clues), max(clues)) == (fewest, most)
    assert len({grid.values for grid in grids}) == count  # no puzzle twice


@pytest.mark.parametrize("line_number", [1, 29, 39, 55])
def test_janko_puzzles_solve_consistently_with_their_clues(line_number: int) -> None:
    # 29 and 39 are janko.at 509 and 519, which Gecode's file marks "problems".
    puzzle = _puzzles("gecode_janko16x16.txt")[line_number - 1]
    solution = solve(puzzle)
    assert solution is not None and solution.is_solved()
    assert all(clue in (0, value) for clue, value in zip(puzzle.values, solution.values))
