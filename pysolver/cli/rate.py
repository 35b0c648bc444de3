"""``pysolver rate PUZZLE|FILE``: each puzzle's level, score and hardest technique (``grading``)."""

from __future__ import annotations

import argparse
import json
import sys

from ..errors import PuzzleError
from ..grading import rate
from ..grid import Grid
from .check import add_alphabet_option
from .inputs import read_puzzles


def register(subparsers: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    """Add the ``rate`` subcommand."""
    parser = subparsers.add_parser(
        "rate", help="grade puzzles: level, HoDoKu-style score, hardest technique")
    parser.add_argument("puzzle", help="a puzzle, a file of puzzles (one per line), or - for stdin")
    parser.add_argument("--json", action="store_true",
                        help="one JSON object per line, with the count of every technique")
    add_alphabet_option(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """One line per puzzle: ``Medium  score 1234  hardest Pointing``; exit 2 if any is invalid."""
    code = 0
    for puzzle in read_puzzles(args.puzzle):
        try:
            rating = rate(Grid.parse(puzzle.text, alphabet=args.alphabet))
        except PuzzleError as error:
            print(f"{puzzle.prefix()}invalid: {error}")
            code = 2
            continue
        if args.json:
            print(json.dumps({"label": puzzle.label or None, **rating.to_json()}))
            continue
        extra = f" ({rating.guesses} guesses)" if rating.guesses else ""
        unique = "" if rating.unique else "  (several solutions)"
        print(f"{puzzle.prefix()}{rating.level.display:<14}  score {rating.score:>6}  "
              f"hardest {rating.hardest or '-'}{extra}{unique}")
    sys.stdout.flush()
    return code
