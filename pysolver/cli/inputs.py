"""Where the CLI's puzzles come from: an argument that is a puzzle, a file, or ``-`` for stdin.

A file or stdin holds one puzzle per line; if its lines are not puzzles on their own (a multi-line
picture), the whole text is one puzzle. Each puzzle keeps a label (``line 3``) for messages.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

from ..errors import PuzzleError
from ..geometry import size_for_cell_count
from ..grid import ALPHABETS, SEPARATORS, Grid


@dataclass(frozen=True)
class PuzzleText:
    """One puzzle's text and where it came from ('' for an argument)."""

    text: str
    label: str = ""


def _cell_count(line: str) -> int:
    return sum(1 for ch in line if ch not in SEPARATORS)


def split_puzzles(text: str, source: str) -> list[PuzzleText]:
    """One puzzle per non-blank line, or the whole text when the lines are a picture of one.

    >>> [p.label for p in split_puzzles("1234341221434321\\n\\n" + "." * 16, "f")]
    ['f line 1', 'f line 3']
    >>> len(split_puzzles("12|34\\n34|12\\n21|43\\n43|21", "f"))
    1
    """
    numbered = [(i, line) for i, line in enumerate(text.splitlines(), 1) if line.strip()]
    if numbered and all(size_for_cell_count(_cell_count(line)) for _, line in numbered):
        return [PuzzleText(line.strip(), f"{source} line {i}") for i, line in numbered]
    return [PuzzleText(text, source)]


def read_puzzles(argument: str) -> list[PuzzleText]:
    """The puzzles an argument names: stdin for ``-``, a file if one exists, else the text itself."""
    if argument == "-":
        return split_puzzles(sys.stdin.read(), "stdin")
    path = Path(argument)
    if len(argument) < 256 and path.is_file():
        return split_puzzles(path.read_text(encoding="utf-8"), path.name)
    return [PuzzleText(argument)]


def add_puzzle_arguments(parser: argparse.ArgumentParser) -> None:
    """The ``PUZZLE`` argument and ``--alphabet`` option every command that reads puzzles shares."""
    parser.add_argument("puzzle", help="a puzzle, a file of puzzles (one per line), or - for stdin")
    parser.add_argument("--alphabet", choices=sorted(ALPHABETS), default="digits",
                        help="how digits above 9 are spelt (default: 1-9 then A-P)")


@dataclass(frozen=True)
class ParsedPuzzle:
    """One puzzle of the input: its label (only when the input holds several), and its grid or the
    error that says why it is not one."""

    label: str
    grid: Grid | None
    error: PuzzleError | None = None

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


def each_grid(args: argparse.Namespace) -> Iterator[tuple[ParsedPuzzle, Grid]]:
    """Each puzzle with its grid; bad input raises, so the command stops with exit code 2."""
    for parsed in each_puzzle(args):
        if parsed.grid is None:
            assert parsed.error is not None
            raise type(parsed.error)(f"{parsed.prefix}{parsed.error.message}")
        yield parsed, parsed.grid
