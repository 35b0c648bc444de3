"""The two views in which a Sudoku is a set of permutation bipartite graphs.

Dr. Dobb's "Sudoku & Graph Theory": each house is a graph between its empty cells and its missing
digits. Berthier (as farhiongit/sudoku-solver applies him): swapping the roles of numbers, rows and
columns keeps a rule valid, so for one digit the rows that still need it and the columns that still
need it form a graph of the same kind, whose edges are the cells where the digit is a candidate.
``ViewGraph`` is that one abstraction; it knows how an edge maps back to a candidate (cell, digit)
and how to name its vertices, and nothing else.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator, Literal

from .board import Board
from .geometry import Geometry
from .step import Candidate


@dataclass(frozen=True)
class ViewGraph:
    """One bipartite graph: left vertex i has neighbour bitmask ``adjacency[i]`` over right indices.

    House view: left ids are cells, right index j is digit j+1. Digit view: left ids are rows, right
    index j is column j, and every edge is the candidate ``digit`` in that row and column.
    """

    kind: Literal["house", "digit"]
    index: int  # the house number, or the digit
    left: tuple[int, ...]
    right_all: int
    adjacency: tuple[int, ...]

    def candidate(self, geometry: Geometry, i: int, j: int) -> Candidate:
        """The candidate that edge (left i, right j) stands for."""
        if self.kind == "house":
            return self.left[i], j + 1
        return geometry.cell_at(self.left[i], j), self.index

    def left_label(self, geometry: Geometry, i: int) -> str:
        """``r3c1`` for a cell, ``row 3`` for a row."""
        if self.kind == "house":
            return geometry.cell_name(self.left[i])
        return f"row {self.left[i] + 1}"

    def right_label(self, geometry: Geometry, j: int) -> str:
        """The digit, or ``column 5``."""
        if self.kind == "house":
            return geometry.symbol(j + 1)
        return f"column {j + 1}"

    def title(self, geometry: Geometry) -> str:
        """What the graph is of: ``row 3`` or ``digit 5: rows × columns``."""
        if self.kind == "house":
            return geometry.house_name(self.index)
        return f"digit {geometry.symbol(self.index)}: rows × columns"


def house_view(board: Board, house: int) -> ViewGraph:
    """The house's empty cells against its missing digits."""
    geo = board.geometry
    left = []
    adjacency = []
    placed = 0
    for cell in geo.houses[house]:
        value = board.values[cell]
        if value:
            placed |= 1 << (value - 1)
        else:
            left.append(cell)
            adjacency.append(board.candidates[cell])
    return ViewGraph("house", house, tuple(left), geo.all_digits & ~placed, tuple(adjacency))


def digit_view(board: Board, digit: int) -> ViewGraph:
    """The rows still needing ``digit`` against the columns still needing it."""
    geo = board.geometry
    n = geo.n
    bit = 1 << (digit - 1)
    rows_done = cols_done = 0
    for cell, value in enumerate(board.values):
        if value == digit:
            rows_done |= 1 << geo.row_of[cell]
            cols_done |= 1 << geo.col_of[cell]
    left = []
    adjacency = []
    for row in range(n):
        if rows_done >> row & 1:
            continue
        mask = 0
        base = row * n
        for col in range(n):
            if board.candidates[base + col] & bit:
                mask |= 1 << col
        left.append(row)
        adjacency.append(mask)
    return ViewGraph("digit", digit, tuple(left), ((1 << n) - 1) & ~cols_done, tuple(adjacency))


def all_views(board: Board) -> Iterator[ViewGraph]:
    """Every house view (rows, columns, boxes), then every digit view."""
    geo = board.geometry
    for house in range(len(geo.houses)):
        yield house_view(board, house)
    for digit in geo.digits:
        yield digit_view(board, digit)
