"""The board that "Export as text" writes: the position as the player sees it, in a form that reads
back.

Two things on the player's board have no place in the text formats as they are. A player's digit
that repeats one in its row, column or box makes every format unreadable (a text with a repeated
digit is refused, rightly), so such digits are left out, their cells given back the digits their
peers allow, and a remark says which. The player's notes are what they see in a cell, so a cell
with notes is written with them, less any digit the tutor has ruled out (those are never in the
solution); a cell without notes, or whose notes the tutor has all ruled out, keeps the tutor's
candidates. A cell left with one candidate that no peer lists reads back from pencil marks as a
given; the remarks name such cells too.
"""

from __future__ import annotations

from .board import Board, open_candidates
from .formats.marks import lone_candidates_read_as_digits
from .frozen import Frozen
from .grid import Grid


class ExportedBoard(Frozen):
    """The board to write, and the remarks that say how it differs from the one on the page."""

    board: Board
    remarks: tuple[str, ...]

    def __init__(self, board: Board, remarks: tuple[str, ...]) -> None:
        object.__setattr__(self, "board", board)
        object.__setattr__(self, "remarks", remarks)


def exported_board(board: Board, notes: tuple[int, ...]) -> ExportedBoard:
    """``board`` with its repeated non-given digits left out and ``notes`` (a bitmask per cell,
    0 where none are written) narrowing the candidates of their cells.

    >>> from pysolver.grid import Grid
    >>> board = Board.from_grid(Grid.parse("1..." "...." "...." "...."))
    >>> board = board.apply([(2, 1)])  # a player's 1 in r1c3 repeats the given in r1c1
    >>> out = exported_board(board, (0, 0b0110) + (0,) * 14)
    >>> out.board.values[:4], out.board.candidate_digits(1), out.board.candidate_digits(2)
    ((1, 0, 0, 0), [2, 3], [2, 3, 4])
    >>> out.remarks[0]
    'The 1 in r1c3 repeats the 1 in r1c1, and a text with a repeated digit cannot be read back: it is left out.'
    """
    geo = board.geometry
    values = list(board.values)
    remarks: list[str] = []
    dropped: set[int] = set()
    while conflicts := Grid(geo, tuple(values)).conflicts():
        first, second = conflicts[0].cells  # givens never repeat, so one is the player's
        cell, other = (second, first) if not board.givens[second] else (first, second)
        dropped.add(cell)
        values[cell] = 0
        symbol = geo.symbol(conflicts[0].digit)
        remarks.append(f"The {symbol} in {geo.cell_name(cell)} repeats the {symbol} in "
                       f"{geo.cell_name(other)}, and a text with a repeated digit cannot be read "
                       f"back: it is left out.")
    candidates = list(board.candidates)
    if dropped:
        # The dropped digits had cleared their peers; those cells get back what their peers allow.
        reopened = open_candidates(Grid(geo, tuple(values)))
        for cell in dropped | {peer for cell in dropped for peer in geo.peers[cell]}:
            if not values[cell]:
                candidates[cell] = reopened[cell]
    written = [cell for cell, mask in enumerate(notes) if mask and not values[cell]]
    for cell in written:
        candidates[cell] = candidates[cell] & notes[cell] or candidates[cell]
    if written:
        remarks.append("Cells with your notes are written with them, less any digit the tutor has "
                       "ruled out; the other empty cells with the tutor's candidates.")
    exported = Board(geo, board.givens, tuple(values), tuple(candidates))
    lone = lone_candidates_read_as_digits(exported)
    return ExportedBoard(exported, (*remarks, lone) if lone else tuple(remarks))
