"""From pencil marks to a board: which marked cells are placed digits, and the board they make.

A pencil-mark grid or a candidate string lists each cell's digits and nothing more, so a cell showing
one digit is either filled or an empty cell with a single candidate left. We read it as HoDoKu does:
a lone digit is a placed digit when no peer still lists it, and a last candidate otherwise. The
digits read so are the givens (these formats cannot tell a given from a digit placed later).
A lone digit read as a candidate may be a slip (a peer listing a given's digit by mistake), so it is
never left unsaid: ``lone_candidates_notice`` names each one, the peers that list its digit, and
what to change to make it a given.

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
    flagged = given if given is not None else [False] * len(marks)
    values = [marks[cell].bit_length() if marks[cell].bit_count() == 1
              and (flagged[cell] or _reads_as_digit(geometry, marks, cell)) else 0
              for cell in range(len(marks))]
    givens = values if given is None else [v if g else 0 for v, g in zip(values, flagged)]
    candidates = tuple(0 if value else mask for value, mask in zip(values, marks))
    return checked(Board(geometry, tuple(givens), tuple(values), candidates))


def _reads_as_digit(geometry: Geometry, marks: Sequence[int], cell: int) -> bool:
    """Whether the cell's lone mark is read as a placed digit: no peer lists it."""
    return not any(marks[peer] & marks[cell] for peer in geometry.peers[cell])


def lone_candidates_read_as_digits(board: Board) -> str | None:
    """What writing ``board`` as pencil marks or a candidate string loses, in words, or None: an
    empty cell whose one candidate no peer lists reads back as holding that digit, a given.

    >>> from pysolver.grid import Grid
    >>> board = Board.from_grid(Grid.parse("1.3." "34.." "...." "...2")).apply(eliminations=[(9, 2)])
    >>> print(lone_candidates_read_as_digits(board))
    In the pencil-mark grid and the candidate string, an empty cell whose one candidate no peer \
lists reads back as a given: r1c2 (2) would come back filled in. The position line keeps it empty.
    """
    geo = board.geometry
    marks = cell_marks(board)
    lone = [f"{geo.cell_name(cell)} ({geo.symbol(mask.bit_length())})"
            for cell, mask in enumerate(board.candidates)
            if not board.values[cell] and mask.bit_count() == 1 and _reads_as_digit(geo, marks, cell)]
    if not lone:
        return None
    return ("In the pencil-mark grid and the candidate string, an empty cell whose one candidate no "
            f"peer lists reads back as a given: {_names(lone)} would come back filled in. The "
            f"position line keeps {'it' if len(lone) == 1 else 'them'} empty.")


#: How many lone digits, and how many peers of each, a notice names before counting the rest.
_NAMED = 3


def _names(names: Sequence[str]) -> str:
    """``r1c2``, ``r1c2 and r2c3``, ``r1c2, r2c3, r3c1 and 2 more``."""
    shown = list(names[:_NAMED])
    if len(names) > _NAMED:
        shown.append(f"{len(names) - _NAMED} more")
    return shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " and " + shown[-1]


def _also_list(peers: Sequence[str], digit: str) -> str:
    """``r1c2 also lists 1``, ``r1c2 and r2c3 also list 1``."""
    return f"{_names(peers)} also list{'s' if len(peers) == 1 else ''} {digit}"


def lone_candidates_notice(board: Board) -> str | None:
    """What was read as a last candidate rather than a given, in words, or None when nothing was.

    >>> from pysolver.geometry import geometry_for_size
    >>> print(lone_candidates_notice(board_from_marks(geometry_for_size(4),
    ...     [0b0001, 0b0011, 0b1100, 0b1100] + [0b1100, 0b1100, 0b0011, 0b0011]
    ...     + [0b1110, 0b1111, 0b1111, 0b1111] * 2)))
    r1c1's lone 1 was read as a candidate, not a given, because r1c2 also lists 1 (a given's digit \
is listed by none of its peers): if r1c1 is a given, take 1 out of r1c2.
    """
    geo = board.geometry
    lone = []
    for cell, mask in enumerate(board.candidates):
        if not board.values[cell] and mask.bit_count() == 1:
            peers = [geo.cell_name(p) for p in geo.peers[cell] if board.candidates[p] & mask]
            lone.append((geo.cell_name(cell), geo.symbol(mask.bit_length()), peers))
    if not lone:
        return None
    if len(lone) == 1:
        name, digit, peers = lone[0]
        return (f"{name}'s lone {digit} was read as a candidate, not a given, because "
                f"{_also_list(peers, digit)} (a given's digit is listed by none of its peers): if "
                f"{name} is a given, take {digit} out of "
                f"{_names(peers) if len(peers) <= _NAMED else 'those peers'}.")
    cells = _names([f"{name}'s lone {digit} ({_also_list(peers, digit)})"
                    for name, digit, peers in lone])
    return (f"{cells} were read as candidates, not givens, because a peer lists the same digit (a "
            f"given's digit is listed by none of its peers): to make one a given, take its digit "
            f"out of those peers.")


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
