"""Fast complete search: bitmask candidates, naked and hidden singles, branch on the fewest candidates.

The idea is Norvig's constraint propagation plus depth-first search, and the "fewest degrees of
freedom" rule of the Dr. Dobb's article (seed 001): after propagation, guess in the cell with the
fewest candidates, trying its digits in ascending order, so the search is deterministic. Candidate
sets are bitmasks held in a flat list, one per cell; each branch copies that list (cheap for ≤ 625
ints) and propagates two rules to a fixpoint: a cell with one candidate removes it from its peers
(naked single), and a digit with one place left in a house goes there (hidden single, found for a
whole house at once by OR-accumulating "seen once" and "seen twice" masks). The public functions
take and return immutable ``Grid`` values; only the inner loop mutates private lists.

>>> puzzle = Grid.parse(".1..2.34.4..1..5....67.8....214..75.57..1..89.39..641....9.78....5..1..7.98.3..6.")
>>> str(solve(puzzle))
'917625348482193576356748291621489753574312689839576412163957824245861937798234165'
>>> uniqueness(puzzle)
'unique'
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import islice
from typing import Iterator, Literal

from .geometry import Geometry
from .grid import Grid

Uniqueness = Literal["none", "unique", "multiple"]


@dataclass(frozen=True)
class _Tables:
    """The geometry as plain tuples, the fastest form for CPython's inner loop."""

    cell_count: int
    all_digits: int
    peers: tuple[tuple[int, ...], ...]
    houses: tuple[tuple[int, ...], ...]


@cache
def _tables(geometry: Geometry) -> _Tables:
    return _Tables(geometry.cell_count, geometry.all_digits, geometry.peers, geometry.houses)


def _settle(cand: list[int], queue: list[int], tables: _Tables) -> bool:
    """Propagate naked and hidden singles in place until nothing changes; False on a contradiction.

    ``queue`` holds cells that just became single and whose digit is not yet removed from their
    peers. A contradiction is a cell with no candidate left or a house with no place for a digit.

    >>> from .geometry import bits, geometry_for_size
    >>> t = _tables(geometry_for_size(4))
    >>> cand = [0b1111] * 16
    >>> cand[0], cand[1], cand[2] = 0b0001, 0b0010, 0b0100
    >>> _settle(cand, [0, 1, 2], t), bits(cand[3]), bits(cand[4])
    (True, [4], [3, 4])
    """
    peers = tables.peers
    houses = tables.houses
    full = tables.all_digits
    while True:
        while queue:
            cell = queue.pop()
            bit = cand[cell]
            for peer in peers[cell]:
                mask = cand[peer]
                if mask & bit:
                    mask ^= bit
                    if not mask:
                        return False
                    cand[peer] = mask
                    if not mask & (mask - 1):
                        queue.append(peer)
        for house in houses:
            once = twice = solved = 0
            for cell in house:
                mask = cand[cell]
                if mask & (mask - 1):
                    twice |= once & mask
                    once |= mask
                else:
                    solved |= mask
            if once | solved != full:
                return False
            hidden = once & ~twice & ~solved
            if hidden:
                for cell in house:
                    mask = cand[cell] & hidden
                    if mask:
                        if mask & (mask - 1):
                            return False
                        cand[cell] = mask
                        queue.append(cell)
        if not queue:
            return True


def _fewest(cand: list[int], cells: list[int]) -> int:
    """The first cell of ``cells`` with the fewest candidates (all have two or more)."""
    best_cell = cells[0]
    best = cand[best_cell].bit_count()
    if best == 2:
        return best_cell
    for cell in cells:
        count = cand[cell].bit_count()
        if count < best:
            best, best_cell = count, cell
            if count == 2:
                break
    return best_cell


def _start(grid: Grid) -> tuple[list[int], list[int]] | None:
    """The candidate list with every clue placed, or None if a digit repeats in a house."""
    if grid.conflicts():
        return None
    geo = grid.geometry
    full = geo.all_digits
    cand = [1 << (v - 1) if v else full for v in grid.values]
    queue = [cell for cell, v in enumerate(grid.values) if v]
    return cand, queue


def _search(grid: Grid) -> Iterator[list[int]]:
    """Every solution as a candidate list of single bits, in digit order of the guesses."""
    start = _start(grid)
    if start is None:
        return
    tables = _tables(grid.geometry)
    cand, queue = start
    # Each entry: a candidate list to copy, a cell to fix and its bit (0: use the list as it is).
    stack: list[tuple[list[int], int, int]] = [(cand, -1, 0)]
    while stack:
        parent, cell, bit = stack.pop()
        if bit:
            cand = parent[:]
            cand[cell] = bit
            queue = [cell]
        if not _settle(cand, queue, tables):
            continue
        open_cells = [c for c, m in enumerate(cand) if m & (m - 1)]
        if not open_cells:
            yield cand
            continue
        cell = _fewest(cand, open_cells)
        mask = cand[cell]
        bits = []
        while mask:
            low = mask & -mask
            bits.append(low)
            mask ^= low
        for low in reversed(bits):
            stack.append((cand, cell, low))


def _to_grid(geometry: Geometry, cand: list[int]) -> Grid:
    return Grid(geometry, tuple(m.bit_length() for m in cand))


def iter_solutions(grid: Grid, limit: int | None = None) -> Iterator[Grid]:
    """The distinct solutions of ``grid`` (at most ``limit``), in a fixed order.

    >>> [str(g) for g in iter_solutions(Grid.parse("12.." "34.." "...." "...."), limit=2)]
    ['1234341221434321', '1234341223414123']
    """
    for cand in islice(_search(grid), limit):
        yield _to_grid(grid.geometry, cand)


def solve(grid: Grid) -> Grid | None:
    """The first solution, or None when there is none (also for a grid with a repeated digit).

    >>> solve(Grid.parse("11" + "." * 14, check=False) ) is None
    True
    """
    for cand in _search(grid):
        return _to_grid(grid.geometry, cand)
    return None


def count_solutions(grid: Grid, limit: int | None = None) -> int:
    """How many solutions ``grid`` has, counting no further than ``limit``.

    >>> count_solutions(Grid.empty(4)), count_solutions(Grid.empty(9), limit=5)
    (288, 5)
    """
    return sum(1 for _ in islice(_search(grid), limit))


def uniqueness(grid: Grid) -> Uniqueness:
    """'none', 'unique' or 'multiple': whether the puzzle is proper, from its first two solutions.

    >>> uniqueness(Grid.empty(4))
    'multiple'
    """
    found = count_solutions(grid, limit=2)
    return "none" if found == 0 else "unique" if found == 1 else "multiple"
