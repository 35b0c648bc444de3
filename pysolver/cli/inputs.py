"""Where the CLI's puzzles come from: an argument that is a puzzle, a file, or ``-`` for stdin.

A file or stdin holds puzzles of one line, multi-line puzzles (pictures, pencil-mark grids) and
headers naming them, in any mix; ``#`` starts a comment line. ``puzzle_file.split_puzzles`` cuts it
into its puzzles, so that one bad line in a file of puzzles is reported on its own instead of
turning the file into one picture. Each puzzle keeps a label (``line 3``, ``lines 14-26``,
``Grid 01``) for messages, and a command reports a bad one and goes on with the others
(``Puzzles``).
Whatever the argument names, reading it never ends in a traceback: a missing file, a directory, an
unreadable file, a closed stdin and bytes that are not UTF-8 each raise an ``InputError`` that says
so (a UTF-8 byte-order mark is skipped, as editors on Windows write one).
"""

from __future__ import annotations

import codecs
import errno
import os
import stat
import sys

from ..errors import PuzzleError, PuzzleFormatError
from ..frozen import Frozen
from ..geometry import BOX_SHAPES, size_for_cell_count, write_digits_with
from ..grid import ALPHABETS, SEPARATORS, Grid
from .puzzle_file import PuzzleText, split_puzzles

TYPE_CHECKING = False  # typing.TYPE_CHECKING without loading typing: see pysolver.cli
if TYPE_CHECKING:
    import argparse
    from typing import Callable, Iterable, Iterator

    from ..board import Board
    from .. import formats


class InputError(ValueError):
    """The puzzles cannot be read: ``no such file: 'puzzles.txt'``, ``is a directory: 'x'``..."""


#: An argument ending like a file name (``.txt``, ``.sdk``) may be one (see ``_names_a_file``).
#: (A pattern, not a compiled one: only an argument that is neither a file nor a puzzle needs it,
#: and loading ``re`` and compiling it at import would cost every run.)
_EXTENSION = r"\.[A-Za-z][A-Za-z0-9]{0,5}$"

_DROP_SEPARATORS = str.maketrans("", "", "".join(sorted(SEPARATORS)))

#: The fewest cells of a grid (4×4): text shorter than that is no puzzle.
_FEWEST_CELLS = min(n * n for n in BOX_SHAPES)

#: stat() errors that only say "there is no such file" (a name longer than 255 bytes included).
_NOT_THERE = {errno.ENOENT, errno.ENOTDIR, errno.ENAMETOOLONG, errno.EINVAL}


def _split(text: str, source: str, alphabet: str) -> list[PuzzleText]:
    """``split_puzzles``, or an ``InputError`` when the text holds only comments."""
    puzzles = split_puzzles(text, source, alphabet)
    if not puzzles:
        raise InputError(f"{source} holds only comment lines (starting with '#'): no puzzle to read")
    return puzzles


def decode(data: bytes, source: str) -> str:
    """UTF-8 text, without a leading byte-order mark; else say which byte, on which line.

    >>> decode(codecs.BOM_UTF8 + b"1.3.", "f")
    '1.3.'
    >>> decode(b"1234\\n12\\xff4", "f")
    Traceback (most recent call last):
    ...
    pysolver.cli.inputs.InputError: f: byte 0xff at line 2, column 3 is not UTF-8 text \
(save the file as UTF-8)
    """
    if data.startswith(codecs.BOM_UTF8):
        data = data[len(codecs.BOM_UTF8):]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        column = error.start - data.rfind(b"\n", 0, error.start)
        raise InputError(f"{source}: byte 0x{data[error.start]:02x} at line {line}, column "
                         f"{column} is not UTF-8 text (save the file as UTF-8)") from None


#: The most a file of puzzles or standard input may hold: 60 times the largest public set of
#: puzzles (tdoku's 49,158 puzzles of 17 clues, 4 MB). More is no file of puzzles but a device or an
#: endless stream (``/dev/zero``), read in pieces so that Ctrl-C stops it and refused at this size.
MAX_INPUT_BYTES = 256 * 1024 * 1024
_PIECE_BYTES = 1024 * 1024


def _read_all(read: Callable[[int], bytes], source: str) -> bytes:
    """Everything ``read`` gives, piece by piece, or an ``InputError`` past ``MAX_INPUT_BYTES``."""
    pieces = []
    total = 0
    while piece := read(_PIECE_BYTES):
        total += len(piece)
        if total > MAX_INPUT_BYTES:
            raise InputError(f"{source} holds more than {MAX_INPUT_BYTES // 1024 ** 2} MB: no file of "
                             f"puzzles is that large (is it a device or an endless stream?)")
        pieces.append(piece)
    return b"".join(pieces)


def _read_stdin() -> str:
    """All of standard input, as bytes decoded like a file's."""
    stream = sys.stdin
    if stream is None:
        raise InputError("standard input is closed: give a puzzle or a file name instead of -")
    try:
        data = _read_all(stream.buffer.read if hasattr(stream, "buffer")
                         else lambda size: stream.read(size).encode(), "standard input")
    except InputError:
        raise
    except (OSError, ValueError) as error:  # a closed descriptor: EBADF, or "I/O on closed file"
        raise InputError(f"cannot read standard input: {_reason(error)}") from None
    return decode(data, "stdin")


def _reason(error: BaseException) -> str:
    """``Permission denied``: the OS's words, without Python's ``[Errno 13]``."""
    return getattr(error, "strerror", None) or str(error)


def _file_kind(argument: str) -> str | None:
    """'file', 'directory', or None when nothing of that name exists (or it cannot be a name)."""
    try:
        mode = os.stat(argument).st_mode
    except ValueError:  # an embedded NUL character: not a file name
        return None
    except OSError as error:
        if error.errno in _NOT_THERE:
            return None
        raise InputError(f"cannot read {argument!r}: {_reason(error)}") from None
    return "directory" if stat.S_ISDIR(mode) else "file"


def _names_a_file(argument: str) -> bool:
    """Whether an argument that names nothing on disk is a missing file rather than a puzzle.

    It is a missing file when it holds a path separator (``/`` is never part of a puzzle), when it
    has fewer than 16 characters, a letter among them, and fewer than half of them digits and dots
    (``puzzles``, ``top95``, not ``12x``), or when it ends like a file name (``.txt``, ``.sdk``)
    and the rest does not look like a puzzle: fewer than 16 cells, or fewer than half of them
    digits and dots. A puzzle's or a candidate string's worth of cells is always a puzzle. So a
    mistyped puzzle ending in ``.x`` is read as one and gets a message naming what is wrong with
    it, and ``puzzles.txt`` is a file that is not there.

    >>> _names_a_file("puzzles.txt"), _names_a_file("." * 80 + ".x"), _names_a_file("a/b")
    (True, False, True)
    >>> _names_a_file("top95"), _names_a_file("1.3."), _names_a_file("12x"), _names_a_file("1.3.txt")
    (True, False, False, True)
    """
    if "/" in argument or os.sep in argument:
        return True
    cells = argument.translate(_DROP_SEPARATORS)
    # Letters are digits only from 16×16 on, in far more cells: a word, unless mostly a puzzle's.
    if len(cells) < _FEWEST_CELLS and any(char.isalpha() for char in cells) and not _puzzle_like(cells):
        return True
    if size_for_cell_count(len(cells)):
        return False
    import re  # only here: a puzzle's worth of cells never needs it
    extension = re.search(_EXTENSION, cells)
    if extension is None:
        return False
    from ..formats.candidates import is_candidate_string
    if is_candidate_string(argument):
        return False
    stem = cells[:extension.start()]
    return len(stem) < _FEWEST_CELLS or not _puzzle_like(stem)


def _puzzle_like(text: str) -> bool:
    """Whether at least half of ``text`` is digits and dots, as in a puzzle."""
    return 2 * sum(char in "0123456789." for char in text) >= len(text)


def _not_blank(text: str, source: str) -> str:
    """``text``, unless it holds nothing but white space: then say so, rather than "found 0
    cells" with no word of where."""
    if not text.strip():
        raise InputError(f"{source} is empty: no puzzle to read")
    return text


def read_puzzles(argument: str, alphabet: str) -> list[PuzzleText]:
    """The puzzles an argument names: stdin for ``-``, a file if one exists, else the text itself,
    unless it looks like a path (``_names_a_file``): then it is a missing file, not a puzzle with
    a bad character. A file's puzzles are written in ``alphabet`` (``split_puzzles``).
    """
    if argument == "-":
        return _split(_not_blank(_read_stdin(), "standard input"), "stdin", alphabet)
    kind = _file_kind(argument)
    if kind == "directory":
        raise InputError(f"is a directory: {argument!r} (give a file of puzzles, or a puzzle)")
    if kind == "file":
        name = os.path.basename(argument)
        try:
            with open(argument, "rb") as file:
                data = _read_all(file.read, repr(argument))
        except OSError as error:
            raise InputError(f"cannot read {argument!r}: {_reason(error)}") from None
        return _split(_not_blank(decode(data, name), repr(argument)), name, alphabet)
    if _names_a_file(argument):
        raise InputError(f"no such file: {argument!r}")
    return [PuzzleText(argument)]


def add_puzzle_arguments(parser: argparse.ArgumentParser) -> None:
    """The ``PUZZLE`` argument and ``--alphabet`` option every command that reads puzzles shares."""
    parser.add_argument("puzzle", help="a puzzle, a file of puzzles (one a line, pictures, pencil-mark "
                             "grids, in any mix), or - for stdin")
    parser.add_argument("--alphabet", choices=sorted(ALPHABETS), default="digits",
                        help="how digits are written, read and printed (default: 1-9 then "
                             "A-P); in JSON output the texts and grid lines follow it, and the "
                             "digit fields (digit, digits, pattern, placements, eliminations) "
                             "stay numbers")


class ParsedPuzzle(Frozen):
    """One puzzle of the input: its label (only when the input holds several), and its grid or the
    error that says why it is not one; ``notices`` say how its text was read where it reads two
    ways (a 16×16 text written with 0–F: ``formats.reading_alphabet``)."""

    label: str
    grid: Grid | None
    error: PuzzleError | None
    notices: tuple[str, ...]

    def __init__(self, label: str, grid: Grid | None, error: PuzzleError | None = None,
                 notices: tuple[str, ...] = ()) -> None:
        object.__setattr__(self, "label", label)
        object.__setattr__(self, "grid", grid)
        object.__setattr__(self, "error", error)
        object.__setattr__(self, "notices", notices)

    @property
    def prefix(self) -> str:
        """``f line 3: `` to put before a message, or nothing for a lone puzzle."""
        return f"{self.label}: " if self.label else ""


def report_bad(prefix: str, error: PuzzleError) -> None:
    """Say on stderr, as every error is said, why one puzzle of the input is not read:
    ``pysolver: error: f line 4: ...``. The output so far goes out first, so that on a terminal
    the message stands where the puzzle would have been."""
    sys.stdout.flush()
    print(f"pysolver: error: {prefix}{error.message}", file=sys.stderr)


def report_notices(prefix: str, notices: Iterable[str]) -> None:
    """Say on stderr how a puzzle's text was read where it could be read two ways (a pencil-mark
    grid's lone digit read as a candidate, not a given): ``pysolver: note: f line 4: ...``. The
    output goes on; the note keeps the reading from being silent."""
    for notice in notices:
        sys.stdout.flush()
        print(f"pysolver: note: {prefix}{notice}", file=sys.stderr)


class Puzzles:
    """The puzzles ``args.puzzle`` names, read one at a time for a command that goes on past a bad
    one: ``grids`` and ``positions`` yield the good ones and report each bad one (``report_bad``),
    and ``code`` is then 2, the exit status of bad input, for the command to return at the end."""

    def __init__(self, args: argparse.Namespace) -> None:
        self.argument: str = args.puzzle
        self.alphabet: str = args.alphabet
        self.bad = 0

    @property
    def code(self) -> int:
        """2 when a puzzle could not be read, else 0."""
        return 2 if self.bad else 0

    def report(self, prefix: str, error: PuzzleError) -> None:
        """Report one bad puzzle and count it."""
        report_bad(prefix, error)
        self.bad += 1

    def parsed(self) -> Iterator[ParsedPuzzle]:
        """Each puzzle as a grid, or the error that says why it is not one (kept, not reported);
        how a puzzle's text was read, where it reads two ways, is said as it is read
        (``report_notices``)."""
        puzzles = read_puzzles(self.argument, self.alphabet)
        for puzzle in puzzles:
            label = puzzle.label if len(puzzles) > 1 else ""
            if puzzle.problem is not None:
                yield ParsedPuzzle(label, None, puzzle.problem)
                continue
            try:
                grid, notices = _grid_of(puzzle.text, self.alphabet)
            except PuzzleError as error:
                yield ParsedPuzzle(label, None, error)
                continue
            parsed = ParsedPuzzle(label, grid, notices=notices)
            report_notices(parsed.prefix, notices)
            yield parsed

    def grids(self) -> Iterator[tuple[ParsedPuzzle, Grid]]:
        """Each puzzle that is one, with its grid; each other is reported."""
        for parsed in self.parsed():
            if parsed.grid is None:
                assert parsed.error is not None
                self.report(parsed.prefix, parsed.error)
                continue
            yield parsed, parsed.grid

    def positions(self) -> Iterator[tuple[str, formats.Imported]]:
        """Each input's label (only when the input holds several) and its position, read in any
        of the text forms of ``pysolver.formats``; each input that is none is reported."""
        from .. import formats
        puzzles = read_puzzles(self.argument, self.alphabet)
        for puzzle in puzzles:
            label = puzzle.label if len(puzzles) > 1 else ""
            try:
                if puzzle.problem is not None:
                    raise puzzle.problem
                imported = formats.parse(puzzle.text, self.alphabet)
            except PuzzleError as error:
                self.report(f"{label}: " if label else "", error)
                continue
            report_notices(f"{label}: " if label else "", imported.notices)
            yield label, imported


def position_solutions(board: Board, raw: bool = False) -> Iterator[Grid | int]:
    """The solutions of a position, in the search's order: its digits, and in each empty cell one
    of the candidates it still has (a pencil-mark grid's solutions are those its marks allow).
    Each is a ``Grid``, or with ``raw`` the search's candidate integer (for counting)."""
    from ..search import candidate_bits, layout, position_bits, raw_solutions
    geo = board.geometry
    t = layout(geo)
    bits = candidate_bits(t)
    for cand in raw_solutions(t, *position_bits(t, board.values, board.candidates)):
        yield cand if raw else Grid(geo, tuple(
            next(d for d, bit in enumerate(cell_bits, 1) if cand & bit) for cell_bits in bits))


def may_be_hex(text: str, alphabet: str) -> bool:
    """Whether ``text`` may be a 16×16 puzzle written with 0–F that the default alphabet would
    misread (``formats.written_in_hex`` tells): only one with both '0' and '.' can be, and any
    other is spared importing ``formats`` (a tenth of a second, on every ``check`` or ``solve``).

    >>> may_be_hex("0" * 255 + ".", "digits"), may_be_hex("1.3.", "digits"), may_be_hex("0.", "hex")
    (True, False, False)
    """
    return alphabet == "digits" and "0" in text and "." in text


def reading_alphabet(text: str, alphabet: str) -> tuple[str, tuple[str, ...]]:
    """``formats.reading_alphabet``: the alphabet to read ``text`` with, and the note that says so
    when it is not the one asked (importing ``formats`` only for a text that may need it)."""
    if not may_be_hex(text, alphabet):
        return alphabet, ()
    from ..formats import reading_alphabet as formats_reading_alphabet
    return formats_reading_alphabet(text, alphabet)


def wrong_digits_reason(board: Board) -> str | None:
    """Why a position's placed digits (an imported position's or a pencil-mark grid's, not its
    givens) leave it without a solution, in the page's words, when its givens have one solution
    and those digits disagree with it: ``r1c2: 9 is not this cell's digit (the givens alone have
    one solution)``, each wrong digit named; None otherwise (no digit is placed, the givens have
    none or several, or every placed digit is right). The solution is the session's
    (``Session.wrong_digits``), so the page's hint and the CLI name the same digits."""
    if all(not value or given for value, given in zip(board.values, board.givens)):
        return None
    from ..explain import wrong_text
    from ..session import Session
    geo = board.geometry
    wrong = Session(Grid(geo, board.givens), board).wrong_digits()
    if not wrong:
        return None
    named = "; ".join(wrong_text(geo, cell, digit) for cell, digit in wrong)
    return f"{named} (the givens alone have one solution)"


def _grid_of(text: str, alphabet: str) -> tuple[Grid, tuple[str, ...]]:
    """The grid a puzzle's text shows, and the notices of how it was read (a 16×16 text written
    with 0–F is read so: ``formats.reading_alphabet``): a line or picture (HoDoKu's ``.---.`` and
    Sudoku Explainer's ``*---*`` rules included); any other form (a pencil-mark grid, a candidate
    string, a position line) is refused by name, since its candidates would be lost in a grid
    (``steps``, ``export``, ``play``, ``solve`` and ``count`` read them), unless it holds nothing
    but its givens (a HoDoKu library line of a puzzle, say)."""
    alphabet, notices = reading_alphabet(text, alphabet)
    try:
        return Grid.parse(text, alphabet=alphabet), notices
    except PuzzleError as error:
        first = error
    from .. import formats
    from ..board import Board  # loaded only here, as formats is
    name = formats.detect(text)
    if name == "line":
        raise first
    board = formats.parse(text, alphabet).board  # says what is wrong, naming the row or line
    givens = Grid(board.geometry, board.givens)
    if name == "picture" or board == Board.from_grid(givens):  # nothing but the givens: none lost
        return givens, notices
    title = formats.format_named(name).title.split(" (")[0].lower()
    raise PuzzleFormatError(f"this is a {title}, whose candidates a grid would lose: read it "
                            f"with 'pysolver steps', 'play', 'solve', 'count' or 'export' "
                            f"(export --format line gives its digits alone)", form=name)


def each_text(argument: str, alphabet: str) -> Iterator[tuple[str, PuzzleText]]:
    """Each puzzle's message prefix and text, unparsed, for the commands whose fast path reads
    text directly (``solve``); ``report_bad`` reports their errors (a picture cut short's
    ``problem`` among them) with the same prefix."""
    puzzles = read_puzzles(argument, alphabet)
    for puzzle in puzzles:
        yield (f"{puzzle.label}: " if len(puzzles) > 1 and puzzle.label else ""), puzzle


def spelling_digits(alphabet: str, run: Callable[[], int]) -> int:
    """``run()`` with every text it makes (step texts, moves, hints, messages) spelling digits in
    ``alphabet``, as its boards do and its moves are read (``geometry.write_digits_with``); the
    default spelling is back when it returns."""
    if alphabet == "digits":
        return run()
    before = write_digits_with(ALPHABETS[alphabet][0])
    try:
        return run()
    finally:
        write_digits_with(before)
