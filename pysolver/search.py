"""Fast complete search: bitmask candidates, naked and hidden singles, branch on the fewest candidates.

The idea is Norvig's constraint propagation plus depth-first search, and the "fewest degrees of
freedom" rule of the Dr. Dobb's article (seed 001): after propagation, guess in the cell with the
fewest candidates, trying its digits in ascending order, so the search is deterministic. Candidate
sets are bitmasks held in a flat list, one per cell; each branch copies that list (cheap for ≤ 625
ints) and propagates two rules to a fixpoint: a cell with one candidate removes it from its peers
(naked single), and a digit with one place left in a house goes there (hidden single). Hidden
singles are found for a whole house at once: each digit owns a field of a few bits in the mask, so
``sum`` over the house's masks counts every digit's places in one C-level call, and a SWAR test
picks the fields that hold exactly one (or zero: a contradiction). Only houses that lost a
candidate since their last scan are scanned again. The public functions take and return immutable
``Grid`` values; only the inner loop mutates private lists.

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
from operator import itemgetter
from typing import Callable, Iterator, Literal

from .geometry import Geometry
from .grid import Grid

Uniqueness = Literal["none", "unique", "multiple"]


@dataclass(frozen=True)
class _Tables:
    """The geometry in the form CPython's inner loop runs fastest on.

    Digit d is bit ``width * (d - 1)`` of a candidate mask, not bit d − 1: the ``width``-bit field
    of each digit leaves room to *add* masks, so ``sum`` over a house counts, per digit, the cells
    that can take it, in one C-level call. Singles and popcounts work as with plain bitmasks.
    """

    cell_count: int
    width: int
    ones: int  # the lowest bit of every field: "every digit"
    high: int  # the top bit of every field
    low: int  # the other bits of every field
    peers: tuple[tuple[int, ...], ...]
    houses: tuple[tuple[int, ...], ...]
    house_sums: tuple[Callable[[list[int]], tuple[int, ...]], ...]
    houses_of: tuple[tuple[int, ...], ...]  # indices into the candidate list's tail
    house_bits: tuple[int, ...]  # per cell: bit h set for each of its houses h


@cache
def _tables(geometry: Geometry) -> _Tables:
    n = geometry.n
    width = n.bit_length()  # a field holds counts 0..n
    ones = sum(1 << (width * d) for d in range(n))
    high = ones << (width - 1)
    # Houses are numbered after the cells: cand[cell_count + h] holds house h's placed digits.
    houses_of = tuple(tuple(geometry.cell_count + h for h in hs) for hs in geometry.houses_of)
    return _Tables(geometry.cell_count, width, ones, high, high - ones,
                   geometry.peers, geometry.houses,
                   tuple(itemgetter(*house) for house in geometry.houses), houses_of,
                   tuple(sum(1 << h for h in hs) for hs in geometry.houses_of))


def _settle(cand: list[int], queue: list[int], dirty: int, tables: _Tables) -> bool:
    """Propagate naked and hidden singles in place until nothing changes; False on a contradiction.

    ``cand`` holds one candidate mask per cell, then one mask per house of the digits already
    placed there (so full houses are skipped). ``queue`` holds cells that just became single and
    whose digit is not yet removed from their peers. ``dirty`` has bit h set for each house h that
    lost a candidate since it was last scanned for hidden singles; only those are scanned (an
    elimination marks the three houses of its cell), propagating right after each hidden single.
    A contradiction is a cell with no candidate left or a house with no place for a digit.

    >>> from .geometry import geometry_for_size
    >>> t = _tables(geometry_for_size(4))
    >>> digit = lambda mask: [d + 1 for d in range(4) if mask >> (t.width * d) & 1]
    >>> cand = [t.ones] * 16 + [0] * 12
    >>> cand[0], cand[1], cand[2] = 1, 1 << t.width, 1 << 2 * t.width
    >>> _settle(cand, [0, 1, 2], (1 << 12) - 1, t), digit(cand[3]), digit(cand[4])
    (True, [4], [3, 4])
    """
    peers = tables.peers
    houses = tables.houses
    house_sums = tables.house_sums
    houses_of = tables.houses_of
    full = tables.ones
    low = tables.low
    high = tables.high
    shift = tables.width - 1
    house_bits = tables.house_bits
    offset = tables.cell_count
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
                    dirty |= house_bits[peer]
                    if not mask & (mask - 1):
                        queue.append(peer)
            for house in houses_of[cell]:
                cand[house] |= bit
        while dirty:
            lowest = dirty & -dirty
            dirty ^= lowest
            index = lowest.bit_length() - 1
            placed = cand[offset + index]
            if placed == full:
                continue
            counts = sum(house_sums[index](cand))
            # Every digit needs a place: no field of ``counts`` may be zero. (SWAR: adding ``low``
            # carries into a field's top bit exactly when its lower bits are not all zero.)
            if (((counts & low) + low) | counts) & high != high:
                return False
            once = counts ^ full  # fields that counted exactly one are now zero
            hidden = ((high ^ ((((once & low) + low) | once) & high)) >> shift) & ~placed
            if hidden:
                for cell in houses[index]:
                    mask = cand[cell]
                    found = mask & hidden
                    if found and found != mask:
                        if found & (found - 1):
                            return False
                        cand[cell] = found
                        dirty |= house_bits[cell]
                        queue.append(cell)
                if queue:
                    break
        if not queue:
            return True


def _start(grid: Grid, tables: _Tables) -> tuple[list[int], list[int]] | None:
    """The candidate list and the clues to propagate, or None if a digit repeats in a house."""
    if grid.conflicts():
        return None
    width = tables.width
    cand = [1 << width * (v - 1) if v else tables.ones for v in grid.values]
    cand += [0] * len(tables.houses)
    queue = [cell for cell, v in enumerate(grid.values) if v]
    return cand, queue


def _search(grid: Grid) -> Iterator[list[int]]:
    """Every solution as a candidate list of single bits; guesses go in ascending digit order."""
    tables = _tables(grid.geometry)
    start = _start(grid, tables)
    if start is None:
        return
    cand, queue = start
    cells = tables.cell_count
    # Each entry: a candidate list to copy, a cell to fix and its bit (0: use the list as it is).
    stack: list[tuple[list[int], int, int]] = [(cand, -1, 0)]
    dirty = (1 << len(tables.houses)) - 1
    while stack:
        parent, cell, bit = stack.pop()
        if bit:
            cand = parent[:]
            cand[cell] = bit
            queue = [cell]
            dirty = tables.house_bits[cell]
        if not _settle(cand, queue, dirty, tables):
            continue
        counts = list(map(int.bit_count, cand))
        try:
            cell = counts.index(2, 0, cells)
        except ValueError:
            fewest = min((c for c in counts[:cells] if c > 1), default=0)
            if not fewest:
                yield cand
                continue
            cell = counts.index(fewest, 0, cells)
        mask = cand[cell]
        bits = []
        while mask:
            low = mask & -mask
            bits.append(low)
            mask ^= low
        for low in reversed(bits):
            stack.append((cand, cell, low))


def _to_grid(geometry: Geometry, cand: list[int]) -> Grid:
    width = _tables(geometry).width
    return Grid(geometry, tuple((m.bit_length() - 1) // width + 1
                                for m in cand[:geometry.cell_count]))


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
