"""The candidate string: one character per cell and digit, n³ in all (729 for a 9×9 grid).

Cell by cell in row order, digit by digit: the character for digit d of a cell is d's symbol when d
is a candidate there (or the cell's digit), and ``.`` or ``0`` when it is not; white space is
ignored. This is the 729-character form solvers and forum tools exchange (``..3.5....`` is a cell
with candidates 3 and 5); a lone digit is read as in the pencil-mark grid (a placed digit when no
peer lists it).

>>> from pysolver.board import Board
>>> from pysolver.grid import Grid
>>> text = write_candidates(Board.from_grid(Grid.parse("1.3." "34.." "...." "...2")))
>>> text[:16], len(text)
('1....2....3....4', 64)
>>> parse_candidates(text).candidates[4:8]
(0, 0, 3, 1)
"""

from __future__ import annotations

from ..board import Board
from ..errors import PuzzleFormatError
from ..geometry import BOX_SHAPES, geometry_for_size
from .marks import alphabet_symbols, board_from_marks, cell_marks

#: n³ → n for the sizes we support.
_SIZE_OF_LENGTH = {n ** 3: n for n in BOX_SHAPES}
#: The lengths, in words: "64, 216, 729, 1728, 4096 or 15625".
CANDIDATE_LENGTHS = " or ".join(", ".join(str(k) for k in _SIZE_OF_LENGTH).rsplit(", ", 1))


def is_candidate_string(text: str) -> bool:
    """One line whose non-blank characters number n³ for a supported n.

    >>> is_candidate_string("1" * 729), is_candidate_string("1" * 81)
    (True, False)
    """
    return "\n" not in text.strip() and sum(not c.isspace() for c in text) in _SIZE_OF_LENGTH


def parse_candidates(text: str, alphabet: str = "digits") -> Board:
    """The board a candidate string shows; ``PuzzleFormatError`` names the position, cell and digit."""
    chars = [(offset, char) for offset, char in enumerate(text) if not char.isspace()]
    n = _SIZE_OF_LENGTH.get(len(chars))
    if n is None:
        raise PuzzleFormatError(f"a candidate string has {CANDIDATE_LENGTHS} characters, found "
                                f"{len(chars)}",
                                found=len(chars))
    geometry = geometry_for_size(n)
    symbols, blanks = alphabet_symbols(n, alphabet)
    marks = [0] * geometry.cell_count
    for index, (offset, char) in enumerate(chars):
        cell, digit = divmod(index, n)
        if char.upper() == symbols[digit]:
            marks[cell] |= 1 << digit
        elif char not in blanks:
            raise PuzzleFormatError(
                f"unexpected character {char!r} at position {offset + 1} ({geometry.cell_name(cell)}, "
                f"digit {symbols[digit]}): expected {symbols[digit]!r} for a candidate or "
                f"{blanks[0]!r} for none", cell=cell, character=char, position=offset)
    return board_from_marks(geometry, marks)


def write_candidates(board: Board, alphabet: str = "digits") -> str:
    """n characters per cell: each digit's symbol where it is a candidate (or placed), else '.'."""
    n = board.geometry.n
    symbols, blanks = alphabet_symbols(n, alphabet)
    return "".join(symbols[i] if mask >> i & 1 else blanks[0]
                   for mask in cell_marks(board) for i in range(n))
