"""The position line: givens, placed digits and removed candidates, in HoDoKu's library form.

``:0000:x:<cells>:<removed>::`` — HoDoKu writes a position so (its "library" format, whose first two
fields name a technique; ``0000:x`` is "no technique"). ``<cells>`` is the grid's line with ``+``
before each digit the player placed; ``<removed>`` lists, separated by spaces, the candidates removed
beyond what the placed digits rule out, each as digit, row and column (``523`` is 5 in r2c3). Rows and
columns above 9 are written A–P, as digits are, so the form serves every size; for 9×9 grids it is
exactly HoDoKu's.

A line of HoDoKu's library files goes on to a step: ``:<technique>:<digits>:<cells>:<removed>:
<eliminations>:<placements>:<extra>``, the technique's code (``0100``, ``03111`` for a siamese fish,
``0110-1`` for a library case's variant), its digits, the candidates it eliminates and the digits it
places, and a chain's length. The tutor finds its own steps, so these fields are not read; each is
still held to HoDoKu's form, and text after the last one is refused, so that a line that is not
what it seems (a stray number for a code, words pasted after the line) is named where it goes wrong
rather than read as a position without a word.

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
#: The fields after the leading ':', as messages name them.
FIELDS = ("technique", "digits", "cells", "removed", "eliminations", "placements", "extra")
#: What HoDoKu writes in the technique field, for messages.
_TECHNIQUE_FORM = ("HoDoKu writes a technique's code there, four digits (or x's) as '0000' for none "
                   "or '0100', a siamese fish's with a fifth '1', a library case's variant after "
                   "'-', as '0110-1' or '0606-x'")


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
    # Each field's offset in ``text``: after the leading ':' and a ':' after each field before it.
    at = [start + len(":".join(fields[:index])) + 1 for index in range(len(fields))]
    if len(fields) > len(FIELDS) + 1:
        after = at[len(FIELDS) + 1] - 1  # the ':' that ends the last field
        raise PuzzleFormatError(
            f"text after the last field of a position line, at position {after + 1}: "
            f"{stripped[after - start:]!r} (HoDoKu's library line has {len(FIELDS)} ':'-separated "
            f"fields: {', '.join(FIELDS[:-1])} and {FIELDS[-1]})", position=after)
    _check_technique(fields[1], at[1])
    givens, values = _read_cells(fields[3], at[3], alphabet)
    geometry = geometry_for_size(size_for_cell_count(len(values)) or 0)
    Grid(geometry, values).validate()
    _check_digits(geometry.n, fields[2], at[2], alphabet)
    board = Board(geometry, givens, values, open_candidates(Grid(geometry, values)))
    removed = _read_candidates(geometry.n, fields[4], at[4], alphabet, "removed")
    symbols, _ = alphabet_symbols(geometry.n, alphabet)
    for item, where, (cell, _) in removed:
        if board.values[cell]:
            raise ConflictError(
                f"removed candidate {item!r} at position {where + 1}: {geometry.cell_name(cell)} "
                f"holds {symbols[board.values[cell] - 1]}, so it has no candidates", cell=cell)
    for name, field, field_at in zip(FIELDS[4:], fields[5:], at[5:]):
        if name == "extra":
            _check_extra(field, field_at)
        else:
            _read_candidates(geometry.n, field, field_at, alphabet, name)
    return board.apply(eliminations=[candidate for _, _, candidate in removed])


def _check_technique(code: str, at: int) -> None:
    """Refuse a technique field that is not HoDoKu's code, naming the character where it goes wrong
    (or where it ends too soon)."""
    fault = _technique_fault(code)
    if fault is None:
        return
    if fault < len(code):
        raise PuzzleFormatError(
            f"unexpected character {code[fault]!r} at position {at + fault + 1} in the technique "
            f"field of a position line: {_TECHNIQUE_FORM}", character=code[fault], position=at + fault)
    said = f"ends after {code!r}" if code else "is empty"
    raise PuzzleFormatError(f"the technique field of a position line {said} at position "
                            f"{at + len(code) + 1}: {_TECHNIQUE_FORM}", position=at + len(code))


def _technique_fault(code: str) -> int | None:
    """Where ``code`` stops being HoDoKu's technique code: the offset of the first character that
    cannot go on it, ``len(code)`` when it ends too soon, None when it is one.

    >>> codes = ("0100", "03111", "0110-1", "0606-x", "010x", "12", "99999", "0a00", "0100-")
    >>> [_technique_fault(code) for code in codes]
    [None, None, None, None, None, 2, 4, 1, 5]
    """
    head = next((i for i, char in enumerate(code[:4]) if char not in "0123456789x"), None)
    if head is not None:
        return head
    if len(code) < 4:
        return len(code)
    rest_at = 5 if code[4:5] == "1" else 4
    if rest_at == len(code):
        return None
    if code[rest_at] != "-":
        return rest_at
    variant = code[rest_at + 1:]
    if not variant:
        return len(code)
    if variant[0] == "x":
        return None if variant == "x" else rest_at + 2
    bad = next((i for i, char in enumerate(variant) if char not in "0123456789"), None)
    return None if bad is None else rest_at + 1 + bad


def _check_digits(n: int, text: str, at: int, alphabet: str) -> None:
    """Refuse a digits field that holds anything but the grid's digits, or 'x' for none."""
    if text == "x":
        return
    symbols, _ = alphabet_symbols(n, alphabet)
    for offset, char in enumerate(text):
        if char.upper() not in symbols:
            raise PuzzleFormatError(
                f"unexpected character {char!r} at position {at + offset + 1} in the digits field "
                f"of a position line: HoDoKu writes the technique's digits there "
                f"({symbols[0]}-{symbols[-1]}), or 'x' for none", character=char,
                position=at + offset)


def _check_extra(text: str, at: int) -> None:
    """Refuse an extra field that is not a chain's length (or empty)."""
    for offset, char in enumerate(text):
        if char not in "0123456789":
            raise PuzzleFormatError(
                f"unexpected character {char!r} at position {at + offset + 1} in the extra field "
                "of a position line: HoDoKu writes a chain's length there, in the digits 0-9, or "
                "nothing", character=char, position=at + offset)


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


def _read_candidates(n: int, text: str, at: int, alphabet: str, field: str
                     ) -> list[tuple[str, int, tuple[int, int]]]:
    """Each candidate of a field that lists them as digit, row and column, separated by spaces:
    the item, its offset in the text, and its (cell, digit)."""
    geo = geometry_for_size(n)
    symbols, _ = alphabet_symbols(n, alphabet)
    lines = SYMBOLS[:n]
    candidates = []
    offset = 0
    for item in text.split(" "):
        where = at + offset
        offset += len(item) + 1
        if not item:
            continue
        digit = symbols.find(item[0].upper()) + 1
        row = lines.find(item[1:2].upper()) + 1
        col = lines.find(item[2:3].upper()) + 1
        if len(item) != 3 or not (digit and row and col):
            said = (f"removed candidate {item!r} at position {where + 1}: write" if field == "removed"
                    else f"{item!r} at position {where + 1} in the {field} field of a position "
                         "line: HoDoKu writes each candidate as")
            raise PuzzleFormatError(
                f"{said} digit, row and column, as '523' for 5 in r2c3 (digits "
                f"{symbols[0]}-{symbols[-1]}, rows and columns {lines[0]}-{lines[-1]})",
                character=item, position=where)
        candidates.append((item, where, (geo.cell_at(row - 1, col - 1), digit)))
    return candidates


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
