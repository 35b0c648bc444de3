"""The pencil-mark grid: every cell's candidates, in the boxed layout HoDoKu and forum posts print.

HoDoKu's "Copy pencil marks" writes one line per row, each cell's digits run together and padded to
its column's width, ``|`` between boxes, and rules of ``.``, ``:``, ``'``, ``-`` and ``+`` between
bands; Sudoku Explainer and Simple Sudoku posts use ``*`` corners and ``|---+---|`` rules instead. We
write HoDoKu's layout for every size and read any of them: rule lines (only rule characters, with a
``-`` or ``=``) are skipped, and each other line is a row whose cells are separated by spaces or
``|``. A cell lists its candidates (``1A`` is 1 and 10 on a 16×16 grid), its digit when filled, or
``.`` for an empty cell with no candidate left (a contradiction, as HoDoKu writes it). A lone digit
is read as a placed digit when no peer lists it (see ``marks``). HoDoKu's copy of a grid with its
step is read too: the marks it adds (``*``, ``#`` or ``@`` before a cell of the pattern, ``-``
before a candidate the step removes, which is still a candidate) are skipped, and so is the text
after its closing rule.

>>> from pysolver.board import Board
>>> from pysolver.grid import Grid
>>> print(write_pencilmarks(Board.from_grid(Grid.parse("1.3." "34.." "...." "...2"))))
.---------.---------.
| 1   2   | 3   4   |
| 3   4   | 12  1   |
:---------+---------:
| 24  123 | 14  134 |
| 4   13  | 14  2   |
'---------'---------'
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from ..board import Board
from ..errors import PuzzleFormatError
from ..geometry import BOX_SHAPES, geometry_for_size
from .marks import alphabet_symbols, board_from_marks, cell_marks

#: Characters of the rules and corners drawn between bands.
RULE_CHARACTERS = frozenset(" \t-=+|.:'*_")

_CELL_SPLIT = re.compile(r"[^\s|]+")
_SIZES = " or ".join(", ".join(str(n) for n in BOX_SHAPES).rsplit(", ", 1))


def is_rule(line: str) -> bool:
    """A line drawn between bands (``:---+---:``, ``*-----*``), not a row of cells.

    >>> is_rule(".-----.-----."), is_rule("| . . |"), is_rule("")
    (True, False, False)
    """
    return bool(line.strip()) and set(line) <= RULE_CHARACTERS and ("-" in line or "=" in line)


@dataclass(frozen=True)
class _Mark:
    """One cell's text in the grid and where it stands (1-based line and column)."""

    text: str
    line: int
    column: int


#: What HoDoKu puts before a cell of a step's pattern, and before a candidate the step removes.
_PATTERN_MARKS = "*#@"
_REMOVAL_MARK = "-"


def _rows(text: str) -> list[list[_Mark]]:
    """The rows of cells: every line that is neither blank nor a rule, split into cells, up to
    HoDoKu's closing rule (``'---'``), after which it writes a step's text."""
    rows: list[list[_Mark]] = []
    for number, line in enumerate(text.splitlines(), 1):
        if is_rule(line):
            if line.strip().startswith("'") and rows:
                break
        elif line.strip():
            rows.append([_Mark(m.group(), number, m.start() + 1) for m in _CELL_SPLIT.finditer(line)])
    return rows


def cell_spans(text: str) -> list[tuple[int, int, int]]:
    """Where each cell's text stands, in reading order: (line, column, length), 1-based."""
    return [(mark.line, mark.column, len(mark.text)) for row in _rows(text) for mark in row]


def looks_like_pencilmarks(text: str) -> bool:
    """Does multi-line text look like a pencil-mark grid rather than a picture of one digit a cell?

    Some cell of a row of the usual width shows more than one character, and most rows have about as many cells as there are
    rows (a picture's rows hold a few runs of digits between ``|``, at most one per box).

    >>> looks_like_pencilmarks("12 3 | 4 12\\n" * 4), looks_like_pencilmarks("1 . | 3 .\\n3 4 | . .")
    (True, False)
    >>> looks_like_pencilmarks("12|34\\n34|12\\n21|43\\n43|21")
    False
    """
    rows = _rows(text)
    if len(rows) < 2:
        return False
    widths = Counter(len(row) for row in rows)
    width, count = widths.most_common(1)[0]
    if all(len(mark.text) == 1 for row in rows if len(row) == width for mark in row):
        return False  # only a stray line (a title) shows longer marks: a picture
    return width in BOX_SHAPES and abs(width - len(rows)) <= 2 and 2 * count > len(rows)


def parse_pencilmarks(text: str, alphabet: str = "digits") -> Board:
    """The board a pencil-mark grid shows; ``PuzzleFormatError`` names the line, column and cell."""
    rows = _rows(text)
    n = len(rows)
    if n not in BOX_SHAPES:
        raise PuzzleFormatError(
            f"a pencil-mark grid has {_SIZES} rows of cells, found {n}",
            found=n)
    geometry = geometry_for_size(n)
    symbols = alphabet_symbols(n, alphabet)[0]
    marks: list[int] = []
    for row in rows:
        if len(row) != n:
            raise PuzzleFormatError(
                f"line {row[0].line} has {len(row)} cells: every row of a {n}×{n} pencil-mark grid "
                f"has {n}", found=len(row))
        for mark in row:
            marks.append(_read_mark(mark, len(marks), geometry.cell_name(len(marks)), symbols))
    return board_from_marks(geometry, marks)


def _read_mark(mark: _Mark, cell: int, name: str, symbols: str) -> int:
    """One cell's candidates as a bitmask (0 for '.', a cell without any).

    Only '.' marks such a cell: a '0', a blank in a puzzle line, would otherwise turn a typo
    into a contradiction far from it, so it is refused as any other character that is no digit.
    """
    if mark.text == ".":
        return 0
    mask = 0
    for offset, char in enumerate(mark.text):
        after = mark.text[offset + 1:offset + 2].upper()
        if offset == 0 and char in _PATTERN_MARKS or char == _REMOVAL_MARK and after and after in symbols:
            continue
        where = f"line {mark.line}, column {mark.column + offset} ({name})"
        digit = symbols.find(char.upper()) + 1
        if not digit:
            n = len(symbols)
            raise PuzzleFormatError(
                f"unexpected character {char!r} at {where}: a {n}×{n} grid's candidates are "
                f"{symbols[0]}-{symbols[-1]}, and '.' alone marks a cell without any", cell=cell,
                character=char, line=mark.line, column=mark.column + offset)
        if mask & (1 << (digit - 1)):
            raise PuzzleFormatError(f"{name} lists {char} twice (line {mark.line}, column "
                                    f"{mark.column + offset})", cell=cell,
                                    character=char, line=mark.line, column=mark.column + offset)
        mask |= 1 << (digit - 1)
    return mask


def write_pencilmarks(board: Board, alphabet: str = "digits") -> str:
    """HoDoKu's pencil-mark layout: columns padded to their widest cell, boxes ruled off."""
    geo = board.geometry
    n = geo.n
    symbols, blanks = alphabet_symbols(n, alphabet)
    texts = ["".join(symbols[i] for i in range(n) if mask >> i & 1) or blanks[0]
             for mask in cell_marks(board)]
    widths = [max(len(texts[r * n + c]) for r in range(n)) + 2 for c in range(n)]
    stacks = [range(s, s + geo.box_cols) for s in range(0, n, geo.box_cols)]

    def rule(edge: str, middle: str) -> str:
        return edge + middle.join("-" * sum(widths[c] for c in stack) for stack in stacks) + edge

    lines = [rule(".", ".")]
    for r in range(n):
        if r and r % geo.box_rows == 0:
            lines.append(rule(":", "+"))
        cells = [texts[r * n + c].ljust(widths[c] - 1) for c in range(n)]
        lines.append("".join("| " + " ".join(cells[c] for c in stack) for stack in stacks) + "|")
    lines.append(rule("'", "'"))
    return "\n".join(lines)
