"""The solving state: values and pencil-mark candidates, as an immutable value.

A ``Board`` starts from a puzzle with every candidate its peers allow (the elementary elimination
every solver does silently) and changes only through ``apply``: a placement fills a cell and removes
its digit from the cell's peers; an elimination removes one candidate. Every technique's step goes
through that one function (finders never mutate, so a step can be shown before it is applied).

>>> from pysolver.grid import Grid
>>> b = Board.from_grid(Grid.parse("1.3." "34.." "...." "...2"))
>>> b.candidate_digits(1)
[2]
>>> b.apply(placements=((1, 2),)).values[:4]
(1, 2, 3, 0)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache, reduce
from operator import itemgetter, or_
from typing import Callable, Iterable

from .geometry import GEOMETRY_COUNT, Geometry, bits
from .grid import Grid
from .step import Candidate, GraphDrawing


@dataclass(frozen=True)
class Contradiction:
    """Why the board cannot be completed: an empty cell without candidates, or a house missing a digit."""

    message: str
    cell: int | None = None
    house: int | None = None
    cells: tuple[int, ...] = ()
    #: The lines of a Hall violation on one digit's rows × columns (no single house holds it).
    houses: tuple[int, ...] = ()
    #: For a Hall violation: the graph without a perfect matching, the violating set as its pattern.
    graph: GraphDrawing | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class Board:
    """Givens, current values (0 for empty) and candidate bitmasks (0 for filled cells)."""

    geometry: Geometry
    givens: tuple[int, ...]
    values: tuple[int, ...]
    candidates: tuple[int, ...]

    @classmethod
    def from_grid(cls, grid: Grid) -> Board:
        """The starting board: each empty cell holds every digit none of its peers holds."""
        return cls(grid.geometry, grid.values, grid.values, open_candidates(grid))

    def apply(self, placements: Iterable[Candidate] = (),
              eliminations: Iterable[Candidate] = ()) -> Board:
        """A new board with the digits placed (and removed from peers) and the candidates removed."""
        values = list(self.values)
        candidates = list(self.candidates)
        peers = self.geometry.peers
        for cell, digit in placements:
            values[cell] = digit
            candidates[cell] = 0
            clear = ~(1 << (digit - 1))
            for peer in peers[cell]:
                candidates[peer] &= clear
        for cell, digit in eliminations:
            candidates[cell] &= ~(1 << (digit - 1))
        return Board(self.geometry, self.givens, tuple(values), tuple(candidates))

    def grid(self) -> Grid:
        """The current values as a ``Grid``."""
        return Grid(self.geometry, self.values)

    def candidate_digits(self, cell: int) -> list[int]:
        """The digits still possible in ``cell`` (empty for a filled cell)."""
        return bits(self.candidates[cell])

    def empty_cells(self) -> list[int]:
        """Cells without a value."""
        return [c for c, v in enumerate(self.values) if not v]

    def is_solved(self) -> bool:
        """Every cell filled (placements never conflict, so a full board is a solution)."""
        return all(self.values)

    def basic_contradiction(self) -> Contradiction | None:
        """An empty cell with no candidate, or a house where a missing digit has no cell left."""
        geo = self.geometry
        if 0 in self.candidates:
            for cell, (value, mask) in enumerate(zip(self.values, self.candidates)):
                if not value and not mask:
                    return Contradiction(f"{geo.cell_name(cell)} has no candidate left", cell=cell)
        # What each cell still offers its houses: its candidates, or its placed digit.
        offers = [mask | (1 << value >> 1) for value, mask in zip(self.values, self.candidates)]
        for house, pick in enumerate(_house_pickers(geo)):
            missing = geo.all_digits & ~reduce(or_, pick(offers))
            if missing:
                return Contradiction(
                    f"{geo.house_name(house)} has no place left for {geo.symbol(bits(missing)[0])}",
                    house=house)
        return None


def open_candidates(grid: Grid) -> tuple[int, ...]:
    """For each empty cell, every digit none of its peers holds (0 for a filled cell).

    >>> open_candidates(Grid.parse("1..." "...." "...." "...."))[:4]
    (0, 14, 14, 14)
    """
    geo = grid.geometry
    values = grid.values
    # A cell's peers are its three houses less itself, so each house's digits are gathered once.
    placed = [0] * len(geo.houses)
    for cell, value in enumerate(values):
        if value:
            bit = 1 << (value - 1)
            for house in geo.houses_of[cell]:
                placed[house] |= bit
    all_digits = geo.all_digits
    return tuple(0 if value else all_digits & ~(placed[row] | placed[col] | placed[box])
                 for value, (row, col, box) in zip(values, geo.houses_of))


@lru_cache(maxsize=GEOMETRY_COUNT)
def _house_pickers(geometry: Geometry) -> tuple[Callable[[list[int]], tuple[int, ...]], ...]:
    """For each house, a function picking its cells' entries out of a per-cell list (fast in C)."""
    return tuple(itemgetter(*cells) for cells in geometry.houses)
