"""``pysolver steps PUZZLE [--json] [--no-guess]``: the deduction log, one step per line.

Text mode numbers the reasons; ``--json`` prints one step object per line (the schema in the README)
and closes each puzzle's log with a status object ``{"status": "solved" | "stuck" | "contradiction"}``.
Without ``--no-guess`` the log goes on with guesses and backtracks to the solution.
"""

from __future__ import annotations

import argparse
import json

from ..grid import Grid
from ..session import Session
from .check import add_alphabet_option
from .inputs import read_puzzles


def register(subparsers: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    """Add the ``steps`` subcommand."""
    parser = subparsers.add_parser("steps", help="print the deductions that solve a puzzle")
    parser.add_argument("puzzle", help="a puzzle, a file of puzzles (one per line), or - for stdin")
    parser.add_argument("--json", action="store_true", help="one JSON object per line")
    parser.add_argument("--no-guess", action="store_true",
                        help="logic only: stop when no deduction is left instead of guessing")
    add_alphabet_option(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Print each puzzle's log and status; exit 0 (a stuck or contradictory puzzle is a result)."""
    puzzles = read_puzzles(args.puzzle)
    grids = [Grid.parse(p.text, alphabet=args.alphabet) for p in puzzles]  # all errors before output
    for puzzle, grid in zip(puzzles, grids):
        session = Session(grid)
        steps = session.solve_logic() if args.no_guess else session.solve()
        status = session.status()
        if args.json:
            for step in steps:
                print(json.dumps(step.to_json(), separators=(",", ":")))
            print(json.dumps({**status.to_json(), "steps": len(steps),
                              "grid": session.board.grid().line(args.alphabet),
                              **({"label": puzzle.label} if len(puzzles) > 1 else {})},
                             separators=(",", ":")))
            continue
        if len(puzzles) > 1:
            print(f"{puzzle.label}:")
        for number, step in enumerate(steps, 1):
            print(f"{number:4}. {step.text}")
        print(f"{status.state}: {status.message}")
        print(session.board.grid().picture(args.alphabet))
    return 0
