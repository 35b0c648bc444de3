"""SudokuWiki's board string: two base-36 characters per cell of a 9×9 grid, after ``S9B``.

SudokuWiki's solver loads and links a board in progress as ``S9B`` and 162 characters, each cell's
code written as two base-36 digits: 1–9 for a given, 10–18 for a placed digit (9 + the digit),
18 + the bitmask of its candidates for an empty cell (bit d−1 for digit d), and 0 for an empty cell
without any. Its earlier form, still found in links, has no prefix and two base-32 digits per cell:
bit 0 flags a given and bits 1–9 are the cell's digits (its digit when filled), so a placed digit
reads like a last candidate and is read as the pencil-mark grid reads one. We write the ``S9B`` form.

>>> from pysolver.board import Board
>>> from pysolver.grid import Grid
>>> board = Board.from_grid(Grid.parse("5" + "." * 80)).apply(((1, 1),))
>>> write_sudokuwiki(board)[:9]
'S9B050ae8'
>>> parse_sudokuwiki(write_sudokuwiki(board)) == board
True
"""

from __future__ import annotations

from ..board import Board
from ..errors import PuzzleFormatError
from ..geometry import geometry_for_size
from .marks import board_from_marks, checked

PREFIX = "S9B"
_LENGTH = 162
_BASE36 = "0123456789abcdefghijklmnopqrstuvwxyz"
_PLACED = 9
_MARKED = 18
_LARGEST = _MARKED + 511


def is_sudokuwiki(text: str) -> bool:
    """One line that starts with ``S9B``, or 162 characters without it.

    >>> is_sudokuwiki("S9B" + "0" * 162), is_sudokuwiki("0" * 162), is_sudokuwiki("0" * 81)
    (True, True, False)
    """
    line = text.strip()
    return "\n" not in line and (line.startswith(PREFIX) or len(line) == _LENGTH)


def parse_sudokuwiki(text: str, alphabet: str = "digits") -> Board:
    """The board a SudokuWiki string shows; errors name the position and the cell."""
    line = text.strip()
    base = 36 if line.startswith(PREFIX) else 32
    body = line.removeprefix(PREFIX)
    start = text.index(line[0]) + len(line) - len(body) if line else 0
    if len(body) != _LENGTH:
        raise PuzzleFormatError(f"a SudokuWiki board string has {_LENGTH} characters after "
                                f"{PREFIX!r}, found {len(body)}", found=len(body))
    geo = geometry_for_size(9)
    codes = []
    for cell in range(geo.cell_count):
        pair = body[2 * cell:2 * cell + 2]
        digits = [_BASE36[:base].find(char.lower()) for char in pair]
        code = digits[0] * base + digits[1]
        if -1 in digits or code > (_LARGEST if base == 36 else 1023):
            form = "base-36 code up to 'ep'" if base == 36 else "base-32 code up to 'vv'"
            raise PuzzleFormatError(
                f"{pair!r} at position {start + 2 * cell + 1} ({geo.cell_name(cell)}) is not a "
                f"SudokuWiki cell code: each cell is a {form}", cell=cell, character=pair,
                position=start + 2 * cell)
        codes.append(code)
    if base == 32:
        return board_from_marks(geo, [code >> 1 for code in codes], [bool(c & 1) for c in codes])
    givens = tuple(c if c <= _PLACED else 0 for c in codes)
    values = tuple(c if c <= _PLACED else c - _PLACED if c <= _MARKED else 0 for c in codes)
    candidates = tuple(c - _MARKED if c > _MARKED else 0 for c in codes)
    return checked(Board(geo, givens, values, candidates))


def write_sudokuwiki(board: Board, alphabet: str = "digits") -> str:
    """``S9B`` and each cell's code in two base-36 digits (9×9 grids only)."""
    n = board.geometry.n
    if n != 9:
        raise ValueError(f"SudokuWiki's board string is for 9×9 grids, not {n}×{n}")
    codes = [value if given else value + _PLACED if value else mask + _MARKED if mask else 0
             for given, value, mask in zip(board.givens, board.values, board.candidates)]
    return PREFIX + "".join(_BASE36[code // 36] + _BASE36[code % 36] for code in codes)
