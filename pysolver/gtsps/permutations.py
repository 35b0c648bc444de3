"""Valid permutations of a box (minigrid): Steps 1–2 of GTSPS, the thesis chapter's section 4.3.

A box's blank cells, taken row by row, are filled with the digits the box is missing so that no digit
repeats a clue of the same row or column. The permutations are found depth first, one blank at a time,
offering only digits not yet used in the box and not seen in the cell's row or column, so dead orders
are cut at their first bad digit instead of listing all k! orders. Trying digits in ascending order
yields the permutations in ascending order of their digit strings, which is how the thesis labels
them: 1a, 1b, … for box 1.

>>> from pysolver.grid import Grid
>>> grid = Grid.parse("1.3." "34.." "...." "...4")
>>> box = box_permutations(grid, 0)
>>> [permutation_text(box, i) for i in range(len(box))], permutation_label(0, 1)
(['2'], '1b')
"""

from __future__ import annotations

from dataclasses import dataclass

from ..geometry import Geometry
from ..grid import Grid, symbols_for
from . import errors
from .errors import GtspsLimitError


@dataclass(frozen=True)
class BoxPermutations:
    """Every valid permutation of one box, with each one's digits per box row and per box column.

    ``row_keys[i][r]`` is the bitmask of the digits permutation i writes into the box's row r (its
    blanks only); ``col_keys`` likewise per box column. Two boxes of a band are compatible exactly
    when their row keys are disjoint row by row, so the keys are all the graph needs.
    """

    size: int
    box: int
    cells: tuple[int, ...]
    perms: tuple[tuple[int, ...], ...]
    row_keys: tuple[tuple[int, ...], ...]
    col_keys: tuple[tuple[int, ...], ...]

    def __len__(self) -> int:
        return len(self.perms)


def permutation_label(box: int, index: int) -> str:
    """The thesis's name of permutation ``index`` (0-based) of ``box`` (0-based): 1a, 3e, …, 1aa.

    >>> permutation_label(2, 4), permutation_label(0, 26)
    ('3e', '1aa')
    """
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(ord("a") + rest) + letters
    return f"{box + 1}{letters}"


def permutation_text(box: BoxPermutations, index: int) -> str:
    """The digits permutation ``index`` writes into the blanks, as the thesis prints them (59634)."""
    symbols = symbols_for(box.size)
    return "".join(symbols[d - 1] for d in box.perms[index])


def box_permutations(grid: Grid, box: int, limit: int | None = None) -> BoxPermutations:
    """All valid permutations of ``box`` (0-based), ascending; ``GtspsLimitError`` past ``limit``
    (default ``PERMUTATION_LIMIT``)."""
    if limit is None:
        limit = errors.PERMUTATION_LIMIT
    geo = grid.geometry
    values = grid.values
    row_clues, col_clues = _line_clues(grid)
    cells = geo.houses[geo.box(box)]
    present = 0
    for cell in cells:
        if values[cell]:
            present |= 1 << (values[cell] - 1)
    blanks = tuple(cell for cell in cells if not values[cell])
    missing = geo.all_digits & ~present
    top, left = geo.row_of[cells[0]], geo.col_of[cells[0]]
    rows = [geo.row_of[cell] - top for cell in blanks]
    cols = [geo.col_of[cell] - left for cell in blanks]
    candidates = [missing & ~row_clues[geo.row_of[c]] & ~col_clues[geo.col_of[c]] for c in blanks]
    perms, row_keys, col_keys = _search(candidates, rows, cols, geo, box, limit)
    return BoxPermutations(geo.n, box, blanks, perms, row_keys, col_keys)


def _line_clues(grid: Grid) -> tuple[list[int], list[int]]:
    geo = grid.geometry
    rows, cols = [0] * geo.n, [0] * geo.n
    for cell, digit in enumerate(grid.values):
        if digit:
            rows[geo.row_of[cell]] |= 1 << (digit - 1)
            cols[geo.col_of[cell]] |= 1 << (digit - 1)
    return rows, cols


def _search(candidates: list[int], rows: list[int], cols: list[int], geo: Geometry, box: int,
            limit: int) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...],
                             tuple[tuple[int, ...], ...]]:
    """Depth-first over the blanks, keeping each box row's and column's digits as it goes."""
    depth = len(candidates)
    chosen = [0] * depth
    row_mask = [0] * geo.box_rows
    col_mask = [0] * geo.box_cols
    perms: list[tuple[int, ...]] = []
    row_keys: list[tuple[int, ...]] = []
    col_keys: list[tuple[int, ...]] = []

    def extend(i: int, used: int) -> None:
        if i == depth:
            if len(perms) >= limit:
                raise GtspsLimitError(
                    f"box {box + 1} has more than {limit:,} valid permutations, too many for "
                    f"GTSPS", box=box + 1, limit=limit)
            perms.append(tuple(chosen))
            row_keys.append(tuple(row_mask))
            col_keys.append(tuple(col_mask))
            return
        free = candidates[i] & ~used
        r, c = rows[i], cols[i]
        while free:
            low = free & -free
            free ^= low
            chosen[i] = low.bit_length()
            row_mask[r] |= low
            col_mask[c] |= low
            extend(i + 1, used | low)
            row_mask[r] ^= low
            col_mask[c] ^= low

    extend(0, 0)
    return tuple(perms), tuple(row_keys), tuple(col_keys)
