"""Positions from HoDoKu's regression test library (``reglib-1.3.txt``, distributed with HoDoKu).

The library is HoDoKu's published set of examples, one line per technique instance:
``:<technique>:<candidates>:<givens>:<deleted candidates>:<eliminations>:<placements>:<extra>``.
``<givens>`` is 81 characters, ``+`` marking a placed (not given) digit; ``<deleted candidates>``
lists candidates already removed as ``<digit><row><column>`` (``742`` is 7 in r4c2), and so do the
expected eliminations. ``position`` turns a line into our ``Board``.
"""

from __future__ import annotations

from dataclasses import dataclass

from pysolver.board import Board
from pysolver.geometry import geometry_for_size
from pysolver.grid import Grid
from pysolver.search import solve

Candidate = tuple[int, int]


@dataclass(frozen=True)
class LibraryCase:
    """One line of the library: the position, what it must eliminate or place, and the solution."""

    code: str
    board: Board
    eliminations: frozenset[Candidate]
    placements: frozenset[Candidate]
    solution: tuple[int, ...]


def _candidates(text: str) -> frozenset[Candidate]:
    geo = geometry_for_size(9)
    return frozenset((geo.cell_at(int(item[1]) - 1, int(item[2]) - 1), int(item[0]))
                     for item in text.split())


def position(line: str) -> LibraryCase:
    """The board a library line describes (givens and placed digits set, deleted candidates gone)."""
    fields = line.split(":")
    code, givens, deleted, eliminations, placements = (fields[1], fields[3], fields[4], fields[5],
                                                       fields[6])
    digits = givens.replace("+", "")
    assert len(digits) == 81, line
    grid = Grid.parse(digits)
    board = Board.from_grid(grid).apply(eliminations=_candidates(deleted))
    solution = solve(grid)
    assert solution is not None
    return LibraryCase(code, board, _candidates(eliminations), _candidates(placements),
                       solution.values)
