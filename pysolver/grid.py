"""The puzzle as an immutable value: parse it from text, format it back, find conflicting digits.

A ``Grid`` holds a geometry and one value per cell (0 for a blank). It parses a one-line puzzle or a
multi-line picture whose separators (``|``, ``-``, ``+``, white space) are ignored; the size follows
from the number of cells. Digits above 9 use an alphabet: by default 1–9 then A–P (so 10 is ``A``);
``letters`` spells every digit A, B, C, …; ``hex`` is the 0–F of many 16×16 puzzles. Errors name the
spot, as python-chess quotes a bad move.

>>> g = Grid.parse("1.3." "34.." "...." "...4")
>>> str(g)
'1.3.34.........4'
>>> g[1], g.geometry.n
(0, 4)
"""

from __future__ import annotations

from functools import lru_cache

from .errors import ConflictError, PuzzleFormatError
from .frozen import Frozen
from .geometry import BOX_SHAPES, Geometry, SYMBOLS, geometry_for_size, plural, size_for_cell_count

#: Characters skipped anywhere in a puzzle's text.
SEPARATORS = frozenset(" \t\r\n|-+")

_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXY"
_HEX = "0123456789ABCDEF"

#: Alphabet name → (symbols for digits 1.., blank characters accepted).
ALPHABETS: dict[str, tuple[str, str]] = {
    "digits": (SYMBOLS, ".0"),
    "letters": (_LETTERS, ".0"),
    "hex": (_HEX, "."),
}

_COUNTS = ", ".join(f"{n * n} ({n}×{n})" for n in BOX_SHAPES)


def alphabet_of(name: str) -> tuple[str, str]:
    """The symbols and blank characters of the alphabet called ``name``; a clear error (not a
    bare ``KeyError``) for a name that is none, since callers pass what a person typed.

    >>> alphabet_of("roman")
    Traceback (most recent call last):
    ...
    ValueError: unknown alphabet 'roman': choose one of digits, letters, hex
    """
    if name not in ALPHABETS:
        raise ValueError(f"unknown alphabet {name!r}: choose one of {', '.join(ALPHABETS)}")
    return ALPHABETS[name]


def symbols_for(n: int, alphabet: str = "digits") -> str:
    """The n characters that spell digits 1..n in ``alphabet``.

    >>> symbols_for(16), symbols_for(16, "hex")
    ('123456789ABCDEFG', '0123456789ABCDEF')
    """
    symbols = alphabet_of(alphabet)[0]
    if alphabet == "hex" and n != 16:
        raise PuzzleFormatError(f"the hex alphabet (0-F) is for 16×16 grids, not {n}×{n}")
    return symbols[:n]


def symbols_rule(n: int, alphabet: str = "digits") -> str:
    """The characters an n×n puzzle is written with, as the messages about a bad one say them (the
    page says it too for a key that is not a digit of the size).

    >>> symbols_rule(6)
    "a 6×6 puzzle uses 1-6, and '.' or '0' for a blank"
    """
    symbols = symbols_for(n, alphabet)
    blanks = " or ".join(f"'{b}'" for b in ALPHABETS[alphabet][1])
    return f"a {n}×{n} puzzle uses {symbols[0]}-{symbols[-1]}, and {blanks} for a blank"


#: ``str.translate`` table that deletes every separator, leaving one character per cell.
_DROP_SEPARATORS = str.maketrans("", "", "".join(sorted(SEPARATORS)))


@lru_cache(maxsize=32)  # a few alphabets × sizes
def _reading(symbols: str, blanks: str) -> dict[str, int]:
    """Each accepted character → its digit (0 for a blank): the symbols, their ASCII lower case, the
    blanks. Nothing else: ``'ı'.upper()`` is ``'I'``, but dotless i is not a digit of any alphabet."""
    table = {blank: 0 for blank in blanks}
    for digit, symbol in enumerate(symbols, 1):
        table[symbol] = table[symbol.lower()] = digit
    return table


def _refuse_if_invisible(text: str, offset: int, alphabet: str) -> None:
    """Refuse the character at ``offset`` in words if it shows as nothing (a zero-width space, a
    direction mark): quoted as ``'\\u200b'`` it would tell the user nothing. The formats' reader
    words it, with the cell it stands in or after; imported only on this error path, since the
    formats import this module."""
    from .formats import invisible_refusal
    from .formats.invisible import invisible_name
    if invisible_name(text[offset]) is not None:
        raise invisible_refusal(text, offset, alphabet)


def _first_outside(text: str, accepted: str) -> int | None:
    """The offset of the first character of ``text`` that is neither accepted nor a separator.

    One regular-expression scan, so a line of millions of characters answers in milliseconds.
    (``re`` is loaded only here, for bad input: a run with good input never needs it.)
    """
    import re
    allowed = re.escape(accepted + accepted.lower() + "".join(sorted(SEPARATORS)))
    match = re.search(f"[^{allowed}]", text)
    return None if match is None else match.start()


def _where(text: str, offset: int, multiline: bool) -> str:
    """``position 14``, or ``line 2, column 5`` in a picture."""
    if not multiline:
        return f"position {offset + 1}"
    line = text.count("\n", 0, offset) + 1
    line_start = text.rfind("\n", 0, offset)
    return f"line {line}, column {offset - line_start}"


class Conflict(Frozen):
    """A digit standing twice in one house."""

    digit: int
    house: int
    cells: tuple[int, int]

    def __init__(self, digit: int, house: int, cells: tuple[int, int]) -> None:
        object.__setattr__(self, "digit", digit)
        object.__setattr__(self, "house", house)
        object.__setattr__(self, "cells", cells)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Conflict):
            return NotImplemented
        return (self.digit, self.house, self.cells) == (other.digit, other.house, other.cells)

    def __hash__(self) -> int:
        return hash((self.digit, self.house, self.cells))

    def __repr__(self) -> str:
        return f"Conflict(digit={self.digit}, house={self.house}, cells={self.cells})"


class Grid(Frozen):
    """An immutable puzzle or solution: one value per cell, 0 for a blank.

    Equal, and hashed alike, when the geometry and the values are.
    """

    geometry: Geometry
    values: tuple[int, ...]

    def __init__(self, geometry: Geometry, values: tuple[int, ...]) -> None:
        object.__setattr__(self, "geometry", geometry)
        object.__setattr__(self, "values", values)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Grid):
            return NotImplemented
        return self.geometry is other.geometry and self.values == other.values

    def __hash__(self) -> int:
        return hash((self.geometry, self.values))

    @classmethod
    def parse(cls, text: str, *, alphabet: str = "digits", check: bool = True) -> Grid:
        """Read a puzzle; raise ``PuzzleFormatError`` or (with ``check``) ``ConflictError``.

        >>> Grid.parse("12")
        Traceback (most recent call last):
        ...
        pysolver.errors.PuzzleFormatError: expected a puzzle of 16 (4×4), 36 (6×6), 81 (9×9), \
144 (12×12), 256 (16×16) or 625 (25×25) cells, found 2
        """
        text = text.strip()
        multiline = "\n" in text
        cells = text.translate(_DROP_SEPARATORS)
        n = size_for_cell_count(len(cells))
        symbols, blanks = alphabet_of(alphabet)
        if n is None:
            offset = _first_outside(text, symbols + blanks)
            if offset is not None:
                _refuse_if_invisible(text, offset, alphabet)
                raise PuzzleFormatError(
                    f"unexpected character {text[offset]!r} at {_where(text, offset, multiline)}",
                    character=text[offset], position=offset)
            found = len(cells)
            last = _COUNTS.rsplit(", ", 1)
            raise PuzzleFormatError(
                f"expected a puzzle of {last[0]} or {last[1]} cells, found {found:,}", found=found)
        geometry = geometry_for_size(n)
        symbols = symbols_for(n, alphabet)
        reading = _reading(symbols, blanks)
        values = tuple(reading.get(char, -1) for char in cells)
        if -1 in values:
            cell = values.index(-1)
            offset = _first_outside(text, symbols + blanks)
            assert offset is not None
            _refuse_if_invisible(text, offset, alphabet)
            raise PuzzleFormatError(
                f"unexpected character {text[offset]!r} at {_where(text, offset, multiline)} "
                f"({geometry.cell_name(cell)}): {symbols_rule(n, alphabet)}",
                cell=cell, character=text[offset], position=offset)
        grid = cls(geometry, values)
        if check:
            grid.validate()
        return grid

    @classmethod
    def empty(cls, n: int) -> Grid:
        """A blank n×n grid."""
        geometry = geometry_for_size(n)
        return cls(geometry, (0,) * geometry.cell_count)

    def __getitem__(self, cell: int) -> int:
        return self.values[cell]

    def __str__(self) -> str:
        return self.line()

    def __repr__(self) -> str:
        return f"Grid.parse({self.line()!r})"

    def line(self, alphabet: str = "digits") -> str:
        """The one-line form, '.' for a blank."""
        symbols = symbols_for(self.geometry.n, alphabet)
        return "".join(symbols[v - 1] if v else "." for v in self.values)

    def picture(self, alphabet: str = "digits") -> str:
        """A boxed diagram, one row per line, boxes separated by ``|`` and ``-+-`` lines.

        >>> print(Grid.parse("1.3.34.........4").picture())
        1 . | 3 .
        3 4 | . .
        ----+----
        . . | . .
        . . | . 4
        """
        geo = self.geometry
        text = self.line(alphabet)
        lines = []
        for r in range(geo.n):
            if r and r % geo.box_rows == 0:
                lines.append("-+-".join("-" * (2 * geo.box_cols - 1)
                                        for _ in range(geo.n // geo.box_cols)))
            row = text[r * geo.n:(r + 1) * geo.n]
            lines.append(" | ".join(" ".join(row[c:c + geo.box_cols])
                                    for c in range(0, geo.n, geo.box_cols)))
        return "\n".join(lines)

    def with_value(self, cell: int, digit: int) -> Grid:
        """A copy with ``cell`` set to ``digit`` (0 clears it)."""
        values = list(self.values)
        values[cell] = digit
        return Grid(self.geometry, tuple(values))

    @property
    def clue_count(self) -> int:
        """How many cells hold a digit."""
        return sum(1 for v in self.values if v)

    def is_complete(self) -> bool:
        """Every cell holds a digit."""
        return all(self.values)

    def is_solved(self) -> bool:
        """Complete, and no digit twice in a house."""
        return self.is_complete() and not self.conflicts()

    def conflicts(self) -> list[Conflict]:
        """Every pair of equal digits sharing a house, in house order.

        >>> [(c.digit, c.house, c.cells) for c in Grid.parse("1..1" + "." * 12, check=False).conflicts()]
        [(1, 0, (0, 3))]
        """
        found = []
        for house, cells in enumerate(self.geometry.houses):
            first: dict[int, int] = {}
            for cell in cells:
                digit = self.values[cell]
                if not digit:
                    continue
                if digit in first:
                    found.append(Conflict(digit, house, (first[digit], cell)))
                else:
                    first[digit] = cell
        return found

    def validate(self) -> None:
        """Raise ``ConflictError`` naming the first digit that stands twice in a house.

        >>> Grid.parse("1..1" + "." * 12)
        Traceback (most recent call last):
        ...
        pysolver.errors.ConflictError: two 1s in row 1: r1c1 and r1c4
        """
        conflicts = self.conflicts()
        if conflicts:
            c = conflicts[0]
            geo = self.geometry
            raise ConflictError(
                f"two {plural(geo.symbol(c.digit))} in {geo.house_name(c.house)}: "
                f"{geo.cell_name(c.cells[0])} and {geo.cell_name(c.cells[1])}",
                cell=c.cells[1], house=c.house, cells=c.cells, digit=c.digit)
