"""The position line: givens, placed digits and removed candidates, in HoDoKu's library form.

``:0000:x:<cells>:<removed>::`` — HoDoKu writes a position so (its "library" format, whose first two
fields name a technique; ``0000:x`` is "no technique"). ``<cells>`` is the grid's line with ``+``
before each digit the player placed; ``<removed>`` lists, separated by spaces, the candidates removed
beyond what the placed digits rule out, each as digit, row and column (``523`` is 5 in r2c3). Rows and
columns above 9 are written A–P, as digits are, so the form serves every size; for 9×9 grids it is
exactly HoDoKu's. Further fields (a step, in HoDoKu's library files) are ignored.

>>> from pysolver.board import Board
>>> from pysolver.grid import Grid
>>> board = Board.from_grid(Grid.parse("1.3." "34.." "...." "...2")).apply(((1, 2),), ((8, 2),))
>>> write_position(board)
':0000:x:1+23.34.........2:231::'
>>> parse_position(write_position(board)) == board
True
"""

from __future__ import annotations

from ..board import Board, open_candidates
from ..errors import ConflictError, PuzzleFormatError
from ..geometry import SYMBOLS, geometry_for_size, size_for_cell_count
from ..grid import Grid
from .marks import alphabet_symbols

#: What a position line starts with when it names no technique.
PREFIX = ":0000:x:"


def is_position(text: str) -> bool:
    """Text in the position form starts with ``:``.

    >>> is_position(" :0000:x:1...::"), is_position("1...")
    (True, False)
    """
    return text.strip().startswith(":")


def parse_position(text: str, alphabet: str = "digits") -> Board:
    """The board a position line describes; errors name the field, position and cell."""
    stripped = text.strip()
    start = text.index(stripped[0]) if stripped else 0
    fields = stripped.split(":")
    if len(fields) < 5 or fields[0]:
        raise PuzzleFormatError(
            "a position line reads ':0000:x:<cells>:<removed candidates>::' (HoDoKu's library form), "
            f"found {len(fields) - 1} ':'-separated fields", found=len(fields) - 1)
    cells_at = start + len(":".join(fields[:3])) + 1
    givens, values = _read_cells(fields[3], cells_at, alphabet)
    geometry = geometry_for_size(size_for_cell_count(len(values)) or 0)
    Grid(geometry, values).validate()
    board = Board(geometry, givens, values, open_candidates(Grid(geometry, values)))
    removed_at = cells_at + len(fields[3]) + 1
    return board.apply(eliminations=_read_removed(board, fields[4], removed_at, alphabet))


def _read_cells(text: str, at: int, alphabet: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Givens and values from the cells field (``+`` marks a placed digit)."""
    count = sum(char != "+" for char in text)
    n = size_for_cell_count(count)
    if n is None:
        raise PuzzleFormatError(f"the cells field of a position line holds {count} cells, not a "
                                "square grid's 16, 36, 81, 144, 256 or 625", found=count)
    geometry = geometry_for_size(n)
    symbols, blanks = alphabet_symbols(n, alphabet)
    givens: list[int] = []
    values: list[int] = []
    placed = False
    for offset, char in enumerate(text):
        cell = len(values)
        if char == "+" and not placed:
            placed = True
            continue
        digit = symbols.find(char.upper()) + 1
        if char in blanks and not placed:
            digit = 0
        elif not digit:
            after = " after '+'" if placed else ""
            raise PuzzleFormatError(
                f"unexpected character {char!r}{after} at position {at + offset + 1} "
                f"({geometry.cell_name(cell)}): cells are {symbols[0]}-{symbols[-1]}, "
                f"'+' before a placed digit, and {blanks[0]!r} for a blank", cell=cell,
                character=char, position=at + offset)
        values.append(digit)
        givens.append(0 if placed else digit)
        placed = False
    if placed:
        raise PuzzleFormatError(f"'+' at the end of the cells field (position {at + len(text)}) "
                                "has no digit after it", position=at + len(text) - 1)
    return tuple(givens), tuple(values)


def _read_removed(board: Board, text: str, at: int, alphabet: str) -> list[tuple[int, int]]:
    """The (cell, digit) pairs of the removed-candidates field."""
    geo = board.geometry
    symbols, _ = alphabet_symbols(geo.n, alphabet)
    lines = SYMBOLS[:geo.n]
    removed = []
    offset = 0
    for item in text.split(" "):
        where = f"position {at + offset + 1}"
        offset += len(item) + 1
        if not item:
            continue
        digit = symbols.find(item[0].upper()) + 1
        row = lines.find(item[1:2].upper()) + 1
        col = lines.find(item[2:3].upper()) + 1
        if len(item) != 3 or not (digit and row and col):
            raise PuzzleFormatError(
                f"removed candidate {item!r} at {where}: write digit, row and column, as '523' for "
                f"5 in r2c3 (digits {symbols[0]}-{symbols[-1]}, rows and columns {lines[0]}-{lines[-1]})",
                character=item, position=at + offset - len(item) - 2)
        cell = geo.cell_at(row - 1, col - 1)
        if board.values[cell]:
            raise ConflictError(
                f"removed candidate {item!r} at {where}: {geo.cell_name(cell)} holds "
                f"{symbols[board.values[cell] - 1]}, so it has no candidates", cell=cell)
        removed.append((cell, digit))
    return removed


def write_position(board: Board, alphabet: str = "digits") -> str:
    """``:0000:x:<cells>:<removed>::`` for ``board`` (removed candidates in cell, then digit order)."""
    geo = board.geometry
    symbols, blanks = alphabet_symbols(geo.n, alphabet)
    lines = SYMBOLS[:geo.n]
    cells = "".join(("" if given else "+") + symbols[value - 1] if value else blanks[0]
                    for given, value in zip(board.givens, board.values))
    open_ = open_candidates(Grid(geo, board.values))
    removed = " ".join(f"{symbols[d]}{lines[geo.row_of[cell]]}{lines[geo.col_of[cell]]}"
                       for cell, (allowed, mask) in enumerate(zip(open_, board.candidates))
                       for d in range(geo.n) if (allowed & ~mask) >> d & 1)
    return f"{PREFIX}{cells}:{removed}::"
