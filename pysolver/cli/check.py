"""``pysolver check PUZZLE``: is the puzzle a proper Sudoku, and if not, why.

Valid means well formed, no digit twice in a house, and exactly one solution. Bad input (format or
repeated digits) exits 2; a puzzle with no solution or several exits 1.
"""

from __future__ import annotations

import argparse
import sys

from ..errors import PuzzleError
from ..grid import ALPHABETS, Grid
from ..search import uniqueness
from .inputs import read_puzzles


def register(subparsers: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    """Add the ``check`` subcommand."""
    parser = subparsers.add_parser(
        "check", help="say whether a puzzle is valid (one solution), and why not")
    parser.add_argument("puzzle", help="a puzzle, a file of puzzles (one per line), or - for stdin")
    add_alphabet_option(parser)
    parser.set_defaults(run=run)


def add_alphabet_option(parser: argparse.ArgumentParser) -> None:
    """The ``--alphabet`` option every command that reads puzzles shares."""
    parser.add_argument("--alphabet", choices=sorted(ALPHABETS), default="digits",
                        help="how digits above 9 are spelt (default: 1-9 then A-P)")


def run(args: argparse.Namespace) -> int:
    """Print ``valid`` or ``invalid: <why>`` per puzzle; the exit code of the worst one."""
    code = 0
    puzzles = read_puzzles(args.puzzle)
    for puzzle in puzzles:
        prefix = puzzle.prefix() if len(puzzles) > 1 else ""
        try:
            grid = Grid.parse(puzzle.text, alphabet=args.alphabet)
        except PuzzleError as error:
            print(f"{prefix}invalid: {error}")
            code = 2
            continue
        n = grid.geometry.n
        kind = uniqueness(grid)
        if kind == "unique":
            print(f"{prefix}valid: {n}×{n}, {grid.clue_count} clues, one solution")
            continue
        print(f"{prefix}invalid: {'no solution' if kind == 'none' else 'more than one solution'}")
        code = max(code, 1)
    sys.stdout.flush()
    return code
