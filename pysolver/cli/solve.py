"""``pysolver solve PUZZLE [--all]``: print the solution (or every solution) found by the search.

The search reads a plain one-line puzzle straight into its integers and writes the solution line
straight from them (``search.iter_solution_lines``): no ``Grid`` is built when only the line is
printed, so a file of puzzles costs little beyond the search itself.
"""

from __future__ import annotations

import argparse
import sys

from ..errors import PuzzleError
from ..search import iter_solution_lines
from .inputs import add_puzzle_arguments, each_text, labelled


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
    write = sys.stdout.write
    for prefix, text in each_text(args):
        found = False
        try:
            for line in iter_solution_lines(text, args.alphabet, None if args.all else 1):
                found = True
                write(f"{prefix}{line}\n")
        except PuzzleError as error:
            raise labelled(error, prefix) from None
        if not found:
            sys.stdout.flush()
            print(f"{prefix}no solution", file=sys.stderr)
            code = 1
    sys.stdout.flush()
    return code
