"""Where the CLI's puzzles come from: an argument that is a puzzle, a file, or ``-`` for stdin.

A file or stdin holds one puzzle per line, or one multi-line puzzle (a picture, a pencil-mark grid);
``split_puzzles`` tells them apart, so that one bad line in a file of puzzles is reported on its own
instead of turning the file into one picture. Each puzzle keeps a label (``line 3``) for messages.
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

from ..errors import PuzzleError
from ..frozen import Frozen
from ..geometry import BOX_SHAPES, size_for_cell_count
from ..grid import ALPHABETS, SEPARATORS, Grid

TYPE_CHECKING = False  # typing.TYPE_CHECKING without loading typing: see pysolver.cli
if TYPE_CHECKING:
    import argparse
    from typing import Iterator

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
    """One puzzle per non-blank line, or the whole text when the lines are a picture of one.

    The lines are puzzles of their own when every one is a whole puzzle, or when some are and the
    others cannot be rows of a picture either: most lines are whole puzzles, or the rest are longer
    than a picture's row (25 cells), or one whole puzzle is. Then a line too short or too long is
    reported on its own, with its line number, and the other lines are read. The text stays one
    puzzle when it has a grid's cell count (a 16×16 picture, whose rows are 16 cells like a 4×4
    puzzle: see ``_is_picture_of_whole_rows``) or is a pencil-mark grid.

    >>> [p.label for p in split_puzzles("1234341221434321\\n\\n" + "." * 16, "f")]
    ['f line 1', 'f line 3']
    >>> len(split_puzzles("12|34\\n34|12\\n21|43\\n43|21", "f"))
    1
    >>> [p.label for p in split_puzzles("." * 81 + "\\n" + "." * 80, "f")]
    ['f line 1', 'f line 2']
    """
    numbered = [(i, line) for i, line in enumerate(text.splitlines(), 1) if line.strip()]
    if _is_picture_of_whole_rows([line for _, line in numbered]):
        return [PuzzleText(text, source)]
    whole = [_is_whole_puzzle(line) for _, line in numbered]
    if numbered and (all(whole) or _lines_stand_alone(text, numbered, whole)):
        return [PuzzleText(line.strip(), f"{source} line {i}") for i, line in numbered]
    return [PuzzleText(text, source)]


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


def each_puzzle(args: argparse.Namespace) -> Iterator[ParsedPuzzle]:
    """The puzzles ``args.puzzle`` names, parsed one at a time (errors kept, not raised)."""
    puzzles = read_puzzles(args.puzzle)
    for puzzle in puzzles:
        label = puzzle.label if len(puzzles) > 1 else ""
        try:
            yield ParsedPuzzle(label, Grid.parse(puzzle.text, alphabet=args.alphabet))
        except PuzzleError as error:
            yield ParsedPuzzle(label, None, error)


def each_text(argument: str) -> Iterator[tuple[str, str]]:
    """Each puzzle's message prefix and text, unparsed, for the commands whose fast path reads
    text directly (``solve``); ``labelled`` gives their errors the same prefix."""
    puzzles = read_puzzles(argument)
    for puzzle in puzzles:
        yield (f"{puzzle.label}: " if len(puzzles) > 1 and puzzle.label else ""), puzzle.text


def labelled(error: PuzzleError, prefix: str) -> PuzzleError:
    """``error`` with its message behind a puzzle's prefix (``f line 3: ``), as ``each_grid``
    raises it."""
    return type(error)(f"{prefix}{error.message}")


def each_position(args: argparse.Namespace) -> Iterator[tuple[str, formats.Imported]]:
    """Each input's label (only when the input holds several) and its position, read in any of
    the text forms of ``pysolver.formats``; bad input raises, so the command stops with code 2."""
    from .. import formats
    puzzles = read_puzzles(args.puzzle)
    for puzzle in puzzles:
        label = puzzle.label if len(puzzles) > 1 else ""
        try:
            imported = formats.parse(puzzle.text, args.alphabet)
        except PuzzleError as error:
            raise type(error)(f"{label}: {error.message}" if label else error.message) from None
        yield label, imported


def each_grid(args: argparse.Namespace) -> Iterator[tuple[ParsedPuzzle, Grid]]:
    """Each puzzle with its grid; bad input raises, so the command stops with exit code 2."""
    for parsed in each_puzzle(args):
        if parsed.grid is None:
            assert parsed.error is not None
            raise labelled(parsed.error, parsed.prefix)
        yield parsed, parsed.grid
