"""Where the CLI's puzzles come from: an argument that is a puzzle, a file, or ``-`` for stdin.

A file or stdin holds one puzzle per line, or multi-line puzzles (pictures, pencil-mark grids)
separated by blank lines; ``#`` starts a comment line. ``split_puzzles`` tells them apart, so that one
bad line in a file of puzzles is reported on its own instead of turning the file into one picture.
Each puzzle keeps a label (``line 3``, ``lines 14-26``) for messages, and a command reports a bad
one and goes on with the others (``Puzzles``).
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
from math import isqrt

from ..errors import PuzzleError, PuzzleFormatError
from ..frozen import Frozen
from ..geometry import BOX_SHAPES, size_for_cell_count, write_digits_with
from ..grid import ALPHABETS, SEPARATORS, Grid

TYPE_CHECKING = False  # typing.TYPE_CHECKING without loading typing: see pysolver.cli
if TYPE_CHECKING:
    import argparse
    from typing import Callable, Iterator

    from ..board import Board
    from .. import formats


class InputError(ValueError):
    """The puzzles cannot be read: ``no such file: 'puzzles.txt'``, ``is a directory: 'x'``..."""


class PuzzleText(Frozen):
    """One puzzle's text and where it came from ('' for an argument)."""

    text: str
    label: str

    def __init__(self, text: str, label: str = "") -> None:
        object.__setattr__(self, "text", text)
        object.__setattr__(self, "label", label)


_DROP_SEPARATORS = str.maketrans("", "", "".join(sorted(SEPARATORS)))

#: An argument ending like a file name (``.txt``, ``.sdk``) may be one (see ``_names_a_file``).
#: (A pattern, not a compiled one: only an argument that is neither a file nor a puzzle needs it,
#: and loading ``re`` and compiling it at import would cost every run.)
_EXTENSION = r"\.[A-Za-z][A-Za-z0-9]{0,5}$"

#: The fewest cells of a grid (4×4), and the most a picture's row holds (25×25): text shorter than
#: the first is no puzzle, a line longer than the second is no row of a picture.
_FEWEST_CELLS = min(n * n for n in BOX_SHAPES)
_LONGEST_ROW = max(BOX_SHAPES)
#: The fewest rows of a grid: a block of lines that many or more is taken for a grid of its own.
_FEWEST_ROWS = min(BOX_SHAPES)

#: Characters that stand for a blank cell in some alphabet.
_BLANKS = "".join(sorted({char for _, blanks in ALPHABETS.values() for char in blanks}))

#: stat() errors that only say "there is no such file" (a name longer than 255 bytes included).
_NOT_THERE = {errno.ENOENT, errno.ENOTDIR, errno.ENAMETOOLONG, errno.EINVAL}


def _cell_count(line: str) -> int:
    return len(line.translate(_DROP_SEPARATORS))


def _is_whole_puzzle(line: str) -> bool:
    """A line that is a puzzle on its own: a grid's line, a candidate string or a position line.

    The text formats are imported only for a line that is not a grid's line, so ``solve`` and
    ``count`` on a file of plain lines do not pay for loading them.
    """
    if size_for_cell_count(_cell_count(line)):
        return True
    from .. import formats
    return formats.detect(line) != "line"


def split_puzzles(text: str, source: str) -> list[PuzzleText]:
    """One puzzle per non-blank line, or the whole text when the lines are a picture of one, or
    one puzzle per grid when the text holds several pictures or pencil-mark grids.

    Lines starting with ``#`` are comments, read as blank lines (puzzle collections head their
    files with them). The lines are puzzles of their own when every one is a whole puzzle, or when
    some are and the others cannot be rows of a picture either: most lines are whole puzzles, or
    the rest are longer than a picture's row (25 cells), or one whole puzzle is. Then a line too
    short or too long is reported on its own, with its line number, and the other lines are read.
    The text stays one puzzle when it has a grid's cell count (a 16×16 picture, whose rows are 16
    cells like a 4×4 puzzle: see ``_is_picture_of_whole_rows``) or is a pencil-mark grid; when it
    holds several whole grids, each is a puzzle (``_grids``).

    >>> [p.label for p in split_puzzles("1234341221434321\\n\\n" + "." * 16, "f")]
    ['f line 1', 'f line 3']
    >>> len(split_puzzles("12|34\\n34|12\\n21|43\\n43|21", "f"))
    1
    >>> [p.label for p in split_puzzles("# four\\n" + "." * 81 + "\\n" + "." * 80, "f")]
    ['f line 2', 'f line 3']
    """
    lines = ["" if _is_comment(line) else line for line in text.splitlines()]
    numbered = [(i, line) for i, line in enumerate(lines, 1) if line.strip()]
    if not numbered:
        raise InputError(f"{source} holds only comment lines (starting with '#'): no puzzle to read")
    text = "\n".join(lines)
    # Several grids and nothing else (export's own pictures of 16×16 puzzles, whose rows are each
    # a 4×4 puzzle's cell count, included): one puzzle per grid before any line is read alone.
    grids = _grids(lines, source, only_grids=True)
    if grids:
        return grids
    if _is_picture_of_whole_rows([line for _, line in numbered]):
        return [PuzzleText(text, source)]
    whole = [_is_whole_puzzle(line) for _, line in numbered]
    if all(whole) or _lines_stand_alone(text, numbered, whole):
        return [PuzzleText(line.strip(), f"{source} line {i}") for i, line in numbered]
    return _grids(lines, source) or [PuzzleText(text, source)]


def _is_comment(line: str) -> bool:
    """A comment line: ``#`` first (no puzzle form starts a line with it; HoDoKu's ``#`` marks a
    cell inside a pencil-mark row, which starts with ``|``)."""
    return line.lstrip().startswith("#")


def _grids(lines: list[str], source: str, only_grids: bool = False) -> list[PuzzleText]:
    """Each grid of a text holding several pictures or pencil-mark grids, labelled with its lines
    (``f lines 14-26``); [] when it holds fewer than two whole grids (then it is one puzzle), or
    with ``only_grids`` when any block of it is not a whole grid.

    A grid is a block of lines between blank lines, or ended by HoDoKu's closing rule (``'---'``).
    A block too short for a grid (HoDoKu's text of a step after its grid, a stray line) goes with
    the grid before it, whose reader skips it or says what is wrong with it; a longer one is a
    puzzle of its own, reported with its lines. Each grid's text keeps the lines before it blank,
    so that messages name the line of the file. Without any whole grid (a picture whose bands are
    set apart by blank lines) the text is one puzzle.

    >>> [p.label for p in _grids(["1.3.", "34..", "....", "...2", "", "....", "....", "....",
    ...                            "...."], "f")]
    ['f lines 1-4', 'f lines 6-9']
    """
    from ..formats.pencilmarks import is_rule  # only for text that is no file of lines
    blocks: list[tuple[int, int]] = []  # (first, last) 0-based indices of non-blank runs
    start: int | None = None
    for index, line in enumerate(lines):
        if not line.strip():
            if start is not None:
                blocks.append((start, index - 1))
                start = None
            continue
        if start is None:
            start = index
        if is_rule(line) and line.strip().startswith("'"):
            blocks.append((start, index))
            start = None
    if start is not None:
        blocks.append((start, len(lines) - 1))
    whole = [_is_whole_grid(lines[first:last + 1]) for first, last in blocks]
    if only_grids and not all(whole):
        return []
    groups: list[list[int]] = []
    for (first, last), is_whole in zip(blocks, whole):
        if is_whole or not groups or last - first + 1 >= _FEWEST_ROWS:
            groups.append([first, last])
        else:
            groups[-1][1] = last
    if len(groups) < 2 or not any(whole):
        return []
    return [PuzzleText("\n" * first + "\n".join(lines[first:last + 1]),
                       f"{source} lines {first + 1}-{last + 1}") for first, last in groups]


def _is_whole_grid(block: list[str]) -> bool:
    """Whether lines are one whole grid: a pencil-mark grid, or a picture of n rows and n×n cells
    (a 12×12 picture's band is 36 cells, a 6×6 grid's count, but in 3 rows, not 6)."""
    from ..formats.pencilmarks import is_rule, looks_like_pencilmarks
    if looks_like_pencilmarks("\n".join(block)):
        return True
    rows = [line for line in block if not is_rule(line) and _cell_count(line)]
    return size_for_cell_count(sum(_cell_count(line) for line in rows)) == len(rows)


def _is_picture_of_whole_rows(lines: list[str]) -> bool:
    """Whether n lines of n cells each are one n×n picture although each line is a whole puzzle.

    Only sixteen lines of sixteen cells are both: a 16×16 picture without rule lines, or sixteen
    4×4 puzzles. The picture spells more than the four digits a 4×4 puzzle can (a 16×16 puzzle
    with one solution shows at least fifteen), so a fifth symbol decides it.

    >>> rows = ["123456789ABCDEFG"[i:] + "123456789ABCDEFG"[:i] for i in range(16)]
    >>> _is_picture_of_whole_rows(rows), _is_picture_of_whole_rows(["1234" * 4] * 16)
    (True, False)
    """
    counts = {_cell_count(line) for line in lines}
    if counts != {len(lines)} or not size_for_cell_count(len(lines)):
        return False
    symbols = set("".join(lines).translate(_DROP_SEPARATORS)) - set(_BLANKS)
    return len(symbols) > isqrt(len(lines))


def _lines_stand_alone(text: str, numbered: list[tuple[int, str]], whole: list[bool]) -> bool:
    """Whether lines that are not all whole puzzles are still one puzzle each (``split_puzzles``):
    when one of them is longer than any picture's row, or most of them are whole puzzles."""
    if not any(whole) or size_for_cell_count(_cell_count(text)):
        return False
    from ..formats.pencilmarks import looks_like_pencilmarks
    if looks_like_pencilmarks(text.strip()):
        return False
    if any(is_whole and _cell_count(line) > _LONGEST_ROW
           for (_, line), is_whole in zip(numbered, whole)):
        return True
    rest = [line for (_, line), is_whole in zip(numbered, whole) if not is_whole]
    return 2 * len(rest) < len(numbered) or all(_cell_count(line) > _LONGEST_ROW for line in rest)


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


def _read_stdin() -> str:
    """All of standard input, as bytes decoded like a file's."""
    stream = sys.stdin
    if stream is None:
        raise InputError("standard input is closed: give a puzzle or a file name instead of -")
    try:
        data = stream.buffer.read() if hasattr(stream, "buffer") else stream.read().encode()
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

    It is a missing file when it holds a path separator (``/`` is never part of a puzzle), or when
    it ends like a file name (``.txt``, ``.sdk``) and the rest does not look like a puzzle: fewer
    than 16 cells, or fewer than half of them digits and dots. A puzzle's or a candidate string's
    worth of cells is always a puzzle. So a mistyped puzzle ending in ``.x`` is read as one and
    gets a message naming what is wrong with it, and ``puzzles.txt`` is a file that is not there.

    >>> _names_a_file("puzzles.txt"), _names_a_file("." * 80 + ".x"), _names_a_file("a/b")
    (True, False, True)
    """
    if "/" in argument or os.sep in argument:
        return True
    cells = argument.translate(_DROP_SEPARATORS)
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
    puzzle_like = sum(char in "0123456789." for char in stem)
    return len(stem) < _FEWEST_CELLS or 2 * puzzle_like < len(stem)


def _not_blank(text: str, source: str) -> str:
    """``text``, unless it holds nothing but white space: then say so, rather than "found 0
    cells" with no word of where."""
    if not text.strip():
        raise InputError(f"{source} is empty: no puzzle to read")
    return text


def read_puzzles(argument: str) -> list[PuzzleText]:
    """The puzzles an argument names: stdin for ``-``, a file if one exists, else the text itself,
    unless it looks like a path (``_names_a_file``): then it is a missing file, not a puzzle with
    a bad character.
    """
    if argument == "-":
        return split_puzzles(_not_blank(_read_stdin(), "standard input"), "stdin")
    kind = _file_kind(argument)
    if kind == "directory":
        raise InputError(f"is a directory: {argument!r} (give a file of puzzles, or a puzzle)")
    if kind == "file":
        name = os.path.basename(argument)
        try:
            with open(argument, "rb") as file:
                data = file.read()
        except OSError as error:
            raise InputError(f"cannot read {argument!r}: {_reason(error)}") from None
        return split_puzzles(_not_blank(decode(data, name), repr(argument)), name)
    if _names_a_file(argument):
        raise InputError(f"no such file: {argument!r}")
    return [PuzzleText(argument)]


def add_puzzle_arguments(parser: argparse.ArgumentParser) -> None:
    """The ``PUZZLE`` argument and ``--alphabet`` option every command that reads puzzles shares."""
    parser.add_argument("puzzle", help="a puzzle, a file of puzzles (one per line), or - for stdin")
    parser.add_argument("--alphabet", choices=sorted(ALPHABETS), default="digits",
                        help="how digits above 9 are spelt (default: 1-9 then A-P)")


class ParsedPuzzle(Frozen):
    """One puzzle of the input: its label (only when the input holds several), and its grid or the
    error that says why it is not one."""

    label: str
    grid: Grid | None
    error: PuzzleError | None

    def __init__(self, label: str, grid: Grid | None, error: PuzzleError | None = None) -> None:
        object.__setattr__(self, "label", label)
        object.__setattr__(self, "grid", grid)
        object.__setattr__(self, "error", error)

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
        """Each puzzle as a grid, or the error that says why it is not one (kept, not reported)."""
        puzzles = read_puzzles(self.argument)
        for puzzle in puzzles:
            label = puzzle.label if len(puzzles) > 1 else ""
            try:
                yield ParsedPuzzle(label, _grid_of(puzzle.text, self.alphabet))
            except PuzzleError as error:
                yield ParsedPuzzle(label, None, error)

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
        puzzles = read_puzzles(self.argument)
        for puzzle in puzzles:
            label = puzzle.label if len(puzzles) > 1 else ""
            try:
                imported = formats.parse(puzzle.text, self.alphabet)
            except PuzzleError as error:
                self.report(f"{label}: " if label else "", error)
                continue
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


def _grid_of(text: str, alphabet: str) -> Grid:
    """The grid a puzzle's text shows: a line or picture (HoDoKu's ``.---.`` and Sudoku Explainer's
    ``*---*`` rules included); any other form (a pencil-mark grid, a candidate string, a position
    line) is refused by name, since its candidates would be lost in a grid (``steps``, ``export``,
    ``play``, ``solve`` and ``count`` read them)."""
    try:
        return Grid.parse(text, alphabet=alphabet)
    except PuzzleError as error:
        first = error
    from .. import formats
    name = formats.detect(text)
    if name == "line":
        raise first
    board = formats.parse(text, alphabet).board  # says what is wrong, naming the row or line
    if name == "picture":
        return Grid(board.geometry, board.givens)
    title = formats.format_named(name).title.split(" (")[0].lower()
    raise PuzzleFormatError(f"this is a {title}, whose candidates a grid would lose: read it "
                            f"with 'pysolver steps', 'play', 'solve', 'count' or 'export' "
                            f"(export --format line gives its digits alone)", form=name)


def each_text(argument: str) -> Iterator[tuple[str, str]]:
    """Each puzzle's message prefix and text, unparsed, for the commands whose fast path reads
    text directly (``solve``); ``report_bad`` reports their errors with the same prefix."""
    puzzles = read_puzzles(argument)
    for puzzle in puzzles:
        yield (f"{puzzle.label}: " if len(puzzles) > 1 and puzzle.label else ""), puzzle.text


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
