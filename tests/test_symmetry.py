"""Berthier's symmetry principles (used by farhiongit/sudoku-solver) as logic engine properties.

Rows and columns may swap roles, digits may be renamed, rows may be permuted within a band and
bands among themselves: every rule we use is invariant under these, and the fixpoint of all of them
is unique, so the logic must place the same number of digits and leave the same number of
candidates on a puzzle and on its transformed copy.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from pysolver.board import Board
from pysolver.grid import Grid
from pysolver.logic import solve_by_logic
from tests.helpers import puzzle_lines

PUZZLES = puzzle_lines("norvig_top95.txt") + puzzle_lines("norvig_easy50.txt", limit=10)


def outcome(grid: Grid) -> tuple[int, int]:
    """(digits the logic places, candidates left) for a puzzle."""
    start = Board.from_grid(grid)
    final, _ = solve_by_logic(start)
    placed = sum(1 for v in final.values if v) - grid.clue_count
    return placed, sum(m.bit_count() for m in final.candidates)


def transpose(grid: Grid) -> Grid:
    n = grid.geometry.n
    return Grid(grid.geometry, tuple(grid[c * n + r] for r in range(n) for c in range(n)))


def relabel(grid: Grid, names: list[int]) -> Grid:
    return Grid(grid.geometry, tuple(names[v - 1] if v else 0 for v in grid.values))


def permute_rows(grid: Grid, order: list[int]) -> Grid:
    n = grid.geometry.n
    return Grid(grid.geometry, tuple(grid[order[r] * n + c] for r in range(n) for c in range(n)))


def band_preserving_order(bands: list[int], within: list[list[int]]) -> list[int]:
    """Rows reordered by a permutation of bands and of the rows inside each band."""
    return [3 * band + within[band][i] for band in bands for i in range(3)]


puzzles = st.sampled_from(PUZZLES).map(Grid.parse)
perm3 = st.permutations([0, 1, 2])


@settings(max_examples=25, deadline=None)
@given(puzzles)
def test_transpose(grid: Grid) -> None:
    assert outcome(transpose(grid)) == outcome(grid)


@settings(max_examples=25, deadline=None)
@given(puzzles, st.permutations(list(range(1, 10))))
def test_relabel_digits(grid: Grid, names: list[int]) -> None:
    assert outcome(relabel(grid, names)) == outcome(grid)


@settings(max_examples=25, deadline=None)
@given(puzzles, perm3, st.lists(perm3, min_size=3, max_size=3))
def test_permute_bands_and_rows_within_bands(grid: Grid, bands: list[int],
                                              within: list[list[int]]) -> None:
    order = band_preserving_order(bands, within)
    assert outcome(permute_rows(grid, order)) == outcome(grid)


@settings(max_examples=10, deadline=None)
@given(puzzles, perm3, st.lists(perm3, min_size=3, max_size=3), st.permutations(list(range(1, 10))))
def test_all_together(grid: Grid, bands: list[int], within: list[list[int]],
                      names: list[int]) -> None:
    changed = transpose(relabel(permute_rows(grid, band_preserving_order(bands, within)), names))
    assert outcome(changed) == outcome(grid)
