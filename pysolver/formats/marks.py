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
from ..errors import ConflictError
from ..geometry import Geometry
from ..grid import Grid, alphabet_of, symbols_for


def alphabet_symbols(n: int, alphabet: str) -> tuple[str, str]:
    """The symbols of digits 1..n and the blank characters of ``alphabet``.

    >>> alphabet_symbols(16, "hex")
    ('0123456789ABCDEF', '.')
    """
    return symbols_for(n, alphabet), alphabet_of(alphabet)[1]


def board_from_marks(geometry: Geometry, marks: Sequence[int],
                     given: Sequence[bool] | None = None) -> Board:
    """The board whose cells list ``marks`` (one candidate bitmask per cell, 0 for none).

    Without ``given`` every digit read is a given; with it, the cells it flags hold givens and the
    other lone digits read as placed ones.
    """
    peers = geometry.peers
    flagged = given if given is not None else [False] * len(marks)
    values = []
    for cell, mask in enumerate(marks):
        lone = mask.bit_count() == 1 and (
            flagged[cell] or not any(marks[p] & mask for p in peers[cell]))
        values.append(mask.bit_length() if lone else 0)
    givens = values if given is None else [v if g else 0 for v, g in zip(values, flagged)]
    candidates = tuple(0 if value else mask for value, mask in zip(values, marks))
    return checked(Board(geometry, tuple(givens), tuple(values), candidates))


def checked(board: Board) -> Board:
    """``board``, once no digit stands twice in a house and no cell lists a digit a peer holds;
    ``ConflictError`` names the cells otherwise."""
    geo = board.geometry
    Grid(geo, board.values).validate()
    for cell, mask in enumerate(board.candidates):
        for peer in geo.peers[cell]:
            if board.values[peer] and mask >> (board.values[peer] - 1) & 1:
                digit = geo.symbol(board.values[peer])
                raise ConflictError(f"{geo.cell_name(cell)} lists {digit} as a candidate, but "
                                    f"{geo.cell_name(peer)} holds {digit}", cell=cell,
                                    cells=(cell, peer))
    return board


def cell_marks(board: Board) -> list[int]:
    """Each cell's digits as a bitmask: its candidates, or its digit when filled."""
    return [mask | (1 << value >> 1) for value, mask in zip(board.values, board.candidates)]
