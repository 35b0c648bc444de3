"""``pysolver check PUZZLE``: is the puzzle a proper Sudoku, and if not, why.

Valid means well formed, no digit twice in a house, and exactly one solution. Bad input (format or
repeated digits) exits 2; a puzzle with no solution or several exits 1.
"""

from __future__ import annotations

import argparse
import sys

from ..search import uniqueness
from .inputs import Puzzles, add_puzzle_arguments


def register(subparsers: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    """Add the ``check`` subcommand."""
    parser = subparsers.add_parser(
        "check", help="say whether a puzzle is valid (one solution), and why not")
    add_puzzle_arguments(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Print ``valid`` or ``invalid: <why>`` per puzzle; the exit code of the worst one."""
    code = 0
    for parsed in Puzzles(args).parsed():
        prefix, grid = parsed.prefix, parsed.grid
        if grid is None:
            print(f"{prefix}invalid: {parsed.error}")
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
