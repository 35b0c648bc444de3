"""``pysolver solve PUZZLE [--all]``: print the solution (or every solution) found by the search."""

from __future__ import annotations

import argparse
import sys

from ..grid import Grid
from ..search import iter_solutions
from .check import add_alphabet_option
from .inputs import read_puzzles


def register(subparsers: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    """Add the ``solve`` subcommand."""
    parser = subparsers.add_parser("solve", help="print a puzzle's solution (or all of them)")
    parser.add_argument("puzzle", help="a puzzle, a file of puzzles (one per line), or - for stdin")
    parser.add_argument("--all", action="store_true",
                        help="print every solution, one per line, not just the first")
    add_alphabet_option(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Print one solution line per puzzle (every one with ``--all``); exit 1 if one has none."""
    puzzles = read_puzzles(args.puzzle)
    code = 0
    for puzzle in puzzles:
        prefix = puzzle.prefix() if len(puzzles) > 1 else ""
        grid = Grid.parse(puzzle.text, alphabet=args.alphabet)
        found = False
        for solution in iter_solutions(grid, limit=None if args.all else 1):
            found = True
            print(f"{prefix}{solution.line(args.alphabet)}")
        if not found:
            sys.stdout.flush()
            print(f"{prefix}no solution", file=sys.stderr)
            code = 1
    sys.stdout.flush()
    return code
