"""The text forms Sudoku players paste and save, read and written for every grid size.

A position is a ``Board``: the givens, the digits placed since, and each empty cell's candidates.
Six forms carry it, each with a reader and a writer, and ``parse`` tells them apart:

- ``line``: one character per cell, ``.`` or ``0`` for a blank (the 81-character line);
- ``picture``: the same, one row per line, with ``|``, ``-`` and ``+`` (or HoDoKu's and Sudoku
  Explainer's ``.``/``:``/``'``/``*`` rules) between boxes;
- ``pencilmarks``: every cell's candidates in HoDoKu's boxed layout (``pencilmarks`` module);
- ``candidates``: one character per cell and digit, 729 for a 9×9 grid (``candidates`` module);
- ``position``: HoDoKu's library line, givens with ``+`` before placed digits and the removed
  candidates (``position`` module);
- ``sudokuwiki``: SudokuWiki's board string, ``S9B`` and two base-36 characters a cell, 9×9 only
  (``sudokuwiki`` module).

Line and picture carry digits only: read back, every digit is a given and the candidates are what
the digits allow. Pencil marks and candidate strings carry digits and candidates but cannot tell a
given from a placed digit. The position line and SudokuWiki's string carry everything.

>>> imported = parse("1.3." "34.." "...." "...2")
>>> imported.format, imported.board.candidates[1]
('line', 2)
>>> parse(write(imported.board, "pencilmarks")).board == imported.board
True
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Callable

from ..board import Board
from ..errors import PuzzleError, PuzzleFormatError
from ..geometry import BOX_SHAPES, Geometry
from ..grid import SEPARATORS, Grid, symbols_rule
from .candidates import CANDIDATE_LENGTHS, is_candidate_string, parse_candidates, write_candidates
from .invisible import first_invisible, invisible_name, without_byte_order_mark, without_invisible
from .marks import alphabet_symbols, lone_candidates_notice
from .pencilmarks import (cell_spans, is_rule, looks_like_pencilmarks, parse_pencilmarks,
                          write_pencilmarks)
from .position import is_position, parse_position, write_position
from .sudokuwiki import is_sudokuwiki, parse_sudokuwiki, write_sudokuwiki

Reader = Callable[[str, str], Board]
Writer = Callable[[Board, str], str]

_DROP_SEPARATORS = str.maketrans("", "", "".join(sorted(SEPARATORS)))
_DROP_SPACE = {ord(char): None for char in " \t\r\n\v\f"}

#: The most cells a grid has (25×25): a longer line can only be meant as a candidate string.
_MOST_CELLS = max(n * n for n in BOX_SHAPES)


@dataclass(frozen=True)
class TextFormat:
    """One text form: its name (the CLI's ``--format``), a title for people, its reader and writer."""

    name: str
    title: str
    read: Reader
    write: Writer
    carries_candidates: bool
    only_size: int | None = None

    def fits(self, n: int) -> bool:
        """Can this form write an n×n grid?"""
        return self.only_size is None or self.only_size == n


def _parse_line(text: str, alphabet: str) -> Board:
    """A line, or a picture; a line too long for any grid is named as neither a grid's line nor a
    candidate string."""
    try:
        return Board.from_grid(Grid.parse(text, alphabet=alphabet))
    except PuzzleFormatError as error:
        if "\n" in text.strip() or error.details.get("found", 0) <= _MOST_CELLS:
            raise
        raise PuzzleFormatError(
            f"{error.message}; nor is it a candidate string (one character per cell and digit: "
            f"{CANDIDATE_LENGTHS} characters)", **error.details) from None


def _parse_picture(text: str, alphabet: str) -> Board:
    """A picture, its rule lines (HoDoKu's ``.---.``, Sudoku Explainer's ``*---*``) read as blank
    rules so their dots and corners are not taken for cells, and every line number kept (blank
    lines before the picture, which ``Grid.parse`` would strip, are read as rules too). A picture
    of the wrong cell count is named by its row that is off (``_picture_rows``)."""
    lines = text.splitlines()
    lead = next((i for i, line in enumerate(lines) if line.strip()), 0)
    lines = ["-" if i < lead else "-" * len(line) if is_rule(line) else line
             for i, line in enumerate(lines)]
    try:
        return _parse_line("\n".join(lines), alphabet)
    except PuzzleFormatError as error:
        if "found" not in error.details:
            raise
        raise _picture_rows(lines, error) from None


def _picture_rows(lines: list[str], error: PuzzleFormatError) -> PuzzleFormatError:
    """Which row of a picture is off, when most rows have n cells for a size n, or ``error``.

    >>> print(_picture_rows(["1.3.", "34..", "....", "...2."], PuzzleFormatError("x")))
    line 4 has 5 cells: every row of a 4×4 picture has 4
    >>> print(_picture_rows(["1.3.", "34..", "....", "...2", "...."], PuzzleFormatError("x")))
    a 4×4 picture has 4 rows of cells, found 5 (lines 1 to 5)
    """
    rows = [(number, len(line.translate(_DROP_SEPARATORS)))
            for number, line in enumerate(lines, 1) if line.translate(_DROP_SEPARATORS)]
    width, count = Counter(cells for _, cells in rows).most_common(1)[0]
    if width not in BOX_SHAPES or 2 * count <= len(rows):
        return error
    for number, cells in rows:
        if cells != width:
            return PuzzleFormatError(f"line {number} has {cells} cells: every row of a "
                                     f"{width}×{width} picture has {width}",
                                     line=number, found=cells)
    return PuzzleFormatError(f"a {width}×{width} picture has {width} rows of cells, found "
                             f"{len(rows)} (lines {rows[0][0]} to {rows[-1][0]})", found=len(rows))


def _write_line(board: Board, alphabet: str) -> str:
    return Grid(board.geometry, board.values).line(alphabet)


def _write_picture(board: Board, alphabet: str) -> str:
    return Grid(board.geometry, board.values).picture(alphabet)


#: Every form, in the order the CLI and the page list them.
FORMATS: tuple[TextFormat, ...] = (
    TextFormat("line", "Line (one character per cell)", _parse_line, _write_line, False),
    TextFormat("picture", "Picture", _parse_picture, _write_picture, False),
    TextFormat("pencilmarks", "Pencil-mark grid", parse_pencilmarks, write_pencilmarks, True),
    TextFormat("candidates", "Candidate string (one character per cell and digit)",
               parse_candidates, write_candidates, True),
    TextFormat("position", "Position (HoDoKu library line: givens, +placed, removed candidates)",
               parse_position, write_position, True),
    TextFormat("sudokuwiki", "SudokuWiki board string (S9B)", parse_sudokuwiki, write_sudokuwiki,
               True, only_size=9),
)
FORMAT_NAMES = tuple(f.name for f in FORMATS)
_BY_NAME = {f.name: f for f in FORMATS}


def format_named(name: str) -> TextFormat:
    """The form called ``name``; ``ValueError`` lists the choices."""
    if name not in _BY_NAME:
        raise ValueError(f"unknown format {name!r}: choose one of {', '.join(FORMAT_NAMES)}")
    return _BY_NAME[name]


@dataclass(frozen=True)
class Imported:
    """A position read from text, the form it was written in, and what the reading decided that
    the text leaves open, in words to show beside the board (``notices``: a pencil-mark grid's lone
    digit read as a candidate, not a given; see ``marks.lone_candidates_notice``)."""

    board: Board
    format: str
    notices: tuple[str, ...] = ()

    @property
    def puzzle(self) -> Grid:
        """The givens."""
        return Grid(self.board.geometry, self.board.givens)


def detect(text: str) -> str:
    """The name of the form ``text`` is written in (the reader then says what is wrong, if anything).

    >>> detect(":0000:x:1...::"), detect("1" * 729), detect("12 3 | 4 12\\n" * 4), detect("1.3.")
    ('position', 'candidates', 'pencilmarks', 'line')
    >>> detect("S9B" + "0" * 162)
    'sudokuwiki'
    """
    stripped = text.strip()
    if is_position(stripped):
        return "position"
    if is_sudokuwiki(stripped):
        return "sudokuwiki"
    if "\n" not in stripped:
        return "candidates" if is_candidate_string(stripped) else "line"
    return "pencilmarks" if looks_like_pencilmarks(stripped) else "picture"


def written_in_hex(text: str) -> bool:
    """Whether a 16×16 line or picture is written with 0–F (the hex alphabet) rather than 1–G.

    Read with 1–G, a hex puzzle loses its 0s to blanks and every other digit is one off: a
    different puzzle, silently. It shows as '0' digits beside '.' blanks (the default alphabet
    writes a blank one way or the other, not both) and no 'G' (a digit only 1–G has).

    >>> written_in_hex("0123456789ABCDEF" + "." * 240), written_in_hex("123456789ABCDEFG" + "0" * 240)
    (True, False)
    """
    if "0" not in text or "." not in text or detect(text) not in ("line", "picture"):
        return False
    cells = text.translate(_DROP_SEPARATORS).upper()
    return (len(cells) == 256 and "0" in cells and "." in cells and "G" not in cells
            and set(cells) <= set("0123456789ABCDEF."))


#: What a reader says when it read a 16×16 text as written with 0–F (``written_in_hex``): the page
#: shows it beside the board, the CLI as ``pysolver: note: ...``.
HEX_NOTICE = ("Read as written with 0–F (it has 0s besides '.' blanks, and no G): the board shows "
              "its digits as 1–G, 0 as 1 and F as G.")


def reading_alphabet(text: str, alphabet: str = "digits") -> tuple[str, tuple[str, ...]]:
    """The alphabet to read ``text`` with, and the notice that says so when it is not the one
    asked: the default alphabet gives way to hex for a 16×16 text written with 0–F
    (``written_in_hex``), which it would read silently as a different puzzle; an alphabet asked
    by name is kept.

    >>> reading_alphabet("0123456789ABCDEF" + "." * 240)[0], reading_alphabet("1.3.")
    ('hex', ('digits', ()))
    """
    if alphabet == "digits" and written_in_hex(text):
        return "hex", (HEX_NOTICE,)
    return alphabet, ()


#: The forms whose givens are told from last candidates by the lone-digit rule alone (``marks``).
_LONE_DIGIT_FORMS = ("pencilmarks", "candidates")


def parse(text: str, alphabet: str = "digits") -> Imported:
    """Read a position in any form; ``PuzzleFormatError`` or ``ConflictError`` say what is wrong.

    A byte-order mark at the start (a file saved on Windows) is skipped; any other character that
    shows as nothing is refused by name (``invisible``), with the cell it stands in or after.

    >>> print(parse("1.3.34.....\u200b....2").board.values[:2])
    Traceback (most recent call last):
    ...
    pysolver.errors.PuzzleFormatError: unexpected character at position 12 (after r3c3): an \
invisible zero-width space (U+200B), which shows as nothing: delete it (a 4×4 puzzle uses 1-4, and \
'.' or '0' for a blank)
    """
    text = without_byte_order_mark(text)
    at = first_invisible(text)
    if at is not None:
        raise invisible_refusal(text, at, alphabet)
    alphabet, read_as = reading_alphabet(text, alphabet)
    name = detect(text)
    board = _BY_NAME[name].read(text, alphabet)
    notice = lone_candidates_notice(board) if name in _LONE_DIGIT_FORMS else None
    return Imported(board, name, read_as + ((notice,) if notice else ()))


def _line_column(text: str, at: int) -> tuple[int, int]:
    """The 1-based line and column of offset ``at``, lines as ``str.splitlines`` cuts them."""
    start = 0
    for number, line in enumerate(text.splitlines(keepends=True), 1):
        if at < start + len(line):
            return number, at - start + 1
        start += len(line)
    return text.count("\n") + 1, at - start + 1


def invisible_refusal(text: str, at: int, alphabet: str) -> PuzzleFormatError:
    """The refusal of the invisible character at offset ``at``: in words, where it stands (the
    position in a line, as the line's other messages count it, else line and column) and, when the
    text reads as a grid without its invisible characters, the cell it stands in or after and the
    characters the form uses."""
    visible = without_invisible(text)
    name = detect(visible)
    multiline = "\n" in text.strip()
    line, column = _line_column(text, at)
    where = (f"line {line}, column {column}" if multiline
             else f"position {at - (len(text) - len(text.lstrip())) + 1}")
    place, rule, cell = "", "", None
    try:
        geometry = _BY_NAME[name].read(visible, alphabet).geometry
    except PuzzleError:
        pass
    else:
        cell, inside = _cell_at(name, text, at, geometry, (line, column))
        if cell is not None:
            place = (f" (before {geometry.cell_name(0)})" if cell < 0 else
                     f" ({'in' if inside else 'after'} {geometry.cell_name(cell)})")
        rule = _characters(name, geometry, alphabet)
    return PuzzleFormatError(
        f"unexpected character at {where}{place}: {invisible_name(text[at])}, which shows as "
        f"nothing: delete it{f' ({rule})' if rule else ''}",
        character=text[at], position=at, cell=None if cell is None or cell < 0 else cell)


def _cell_at(name: str, text: str, at: int, geometry: Geometry,
             line_column: tuple[int, int]) -> tuple[int | None, bool]:
    """The cell the first invisible character of ``text`` (at offset ``at``, on ``line_column``)
    stands in, or after (-1 before the first), and whether in, read as form ``name``; (None,
    False) where no cell is (a position line's removed candidates)."""
    if name in ("line", "picture", "candidates"):
        lines = [text[:at]]
        if name == "picture":  # the rule lines' dots and corners are no cells
            head, _, partial = text[:at].rpartition("\n")
            current = without_invisible(text.splitlines()[line_column[0] - 1])
            lines = [line for line in head.splitlines() if not is_rule(line)]
            lines += [] if is_rule(current) else [partial]
        count = len("".join(lines).translate(_DROP_SEPARATORS if name != "candidates"
                                             else _DROP_SPACE))
        per_cell = geometry.n if name == "candidates" else 1
        return (count - 1) // per_cell, count % per_cell != 0
    if name == "pencilmarks":
        spans = [span for span in cell_spans(without_invisible(text)) if span[:2] < line_column]
        if not spans:
            return -1, False
        line, column, length = spans[-1]
        return len(spans) - 1, line == line_column[0] and column + length > line_column[1]
    before = text[:at].lstrip()
    if name == "sudokuwiki":
        count = len(before.removeprefix("S9B"))
        return (count - 1) // 2, count % 2 != 0
    fields = before.split(":")
    if name == "position" and len(fields) == 4:  # in the cells field
        return len(fields[3]) - fields[3].count("+") - 1, False
    return None, False


def _characters(name: str, geometry: Geometry, alphabet: str) -> str:
    """The characters a grid of form ``name`` is written with, as its other messages say them."""
    n = geometry.n
    if name in ("line", "picture"):
        return symbols_rule(n, alphabet)
    if name == "pencilmarks":
        symbols = alphabet_symbols(n, alphabet)[0]
        return (f"a {n}×{n} grid's candidates are {symbols[0]}-{symbols[-1]}, and '.' alone "
                f"marks a cell without any")
    return ""


def write(board: Board, name: str, alphabet: str = "digits") -> str:
    """``board`` in the form called ``name``."""
    return format_named(name).write(board, alphabet)


def start_text(board: Board) -> str:
    """The shortest text that gives ``board`` back when parsed: the givens' line when the board is
    the puzzle's start, else the position line."""
    line = Grid(board.geometry, board.givens)
    return line.line() if Board.from_grid(line) == board else write_position(board)


__all__ = ["FORMATS", "FORMAT_NAMES", "Imported", "TextFormat", "detect", "format_named", "parse",
           "start_text", "write", "written_in_hex", "HEX_NOTICE", "reading_alphabet"]
