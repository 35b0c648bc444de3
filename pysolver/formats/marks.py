"""From pencil marks to a board: which marked cells are placed digits, and the board they make.

A pencil-mark grid or a candidate string lists each cell's digits and nothing more, so a cell showing
one digit is either filled or an empty cell with a single candidate left. We read it as HoDoKu does:
a lone digit is a placed digit when no peer still lists it, and a last candidate otherwise. The
digits read so are the givens (these formats cannot tell a given from a digit placed later).

>>> from pysolver.geometry import geometry_for_size
>>> board = board_from_marks(geometry_for_size(4), [0b0001, 0b0010, 0b1100, 0b1100] + [0b1111] * 12)
>>> board.values[:4], board.candidates[:4]
((0, 0, 0, 0), (1, 2, 12, 12))
"""

from __future__ import annotations

from typing import Sequence

from ..board import Board
from ..geometry import Geometry
from ..grid import ALPHABETS, symbols_for


def alphabet_symbols(n: int, alphabet: str) -> tuple[str, str]:
    """The symbols of digits 1..n and the blank characters of ``alphabet``.

    >>> alphabet_symbols(16, "hex")
    ('0123456789ABCDEF', '.')
    """
    return symbols_for(n, alphabet), ALPHABETS[alphabet][1]


def board_from_marks(geometry: Geometry, marks: Sequence[int]) -> Board:
    """The board whose cells list ``marks`` (one candidate bitmask per cell, 0 for none)."""
    peers = geometry.peers
    values = []
    for cell, mask in enumerate(marks):
        lone = mask.bit_count() == 1 and not any(marks[p] & mask for p in peers[cell])
        values.append(mask.bit_length() if lone else 0)
    candidates = tuple(0 if value else mask for value, mask in zip(values, marks))
    return Board(geometry, tuple(values), tuple(values), candidates)


def cell_marks(board: Board) -> list[int]:
    """Each cell's digits as a bitmask: its candidates, or its digit when filled."""
    return [mask | (1 << value >> 1) for value, mask in zip(board.values, board.candidates)]
