"""``pysolver solve PUZZLE [--all]``: print the solution (or every solution) found by the search."""

from __future__ import annotations

import argparse
import sys

from ..search import iter_solutions
from .inputs import add_puzzle_arguments, each_grid


def register(subparsers: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    """Add the ``solve`` subcommand."""
    parser = subparsers.add_parser("solve", help="print a puzzle's solution (or all of them)")
    add_puzzle_arguments(parser)
    parser.add_argument("--all", action="store_true",
                        help="print every solution, one per line, not just the first")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Print one solution line per puzzle (every one with ``--all``); exit 1 if one has none."""
    code = 0
    for parsed, grid in each_grid(args):
        prefix = parsed.prefix
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
