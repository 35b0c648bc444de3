"""``pysolver rate PUZZLE|FILE``: each puzzle's level, score and hardest technique (``grading``)."""

from __future__ import annotations

import argparse
import json
import sys

from ..grading import rate
from .inputs import add_puzzle_arguments, each_puzzle
from .techniques import add_without_argument


def register(subparsers: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    """Add the ``rate`` subcommand."""
    parser = subparsers.add_parser(
        "rate", help="grade puzzles: level, HoDoKu-style score, hardest technique")
    add_puzzle_arguments(parser)
    parser.add_argument("--json", action="store_true",
                        help="one JSON object per line, with the count of every technique")
    add_without_argument(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """One line per puzzle: ``Medium  score 1234  hardest Pointing``; exit 2 if any is invalid."""
    code = 0
    for parsed in each_puzzle(args):
        if parsed.grid is None:
            print(f"{parsed.prefix}invalid: {parsed.error}")
            code = 2
            continue
        rating = rate(parsed.grid, args.without)
        if args.json:
            print(json.dumps({"label": parsed.label or None, **rating.to_json()}))
            continue
        extra = f" ({rating.guesses} guesses)" if rating.guesses else ""
        unique = "" if rating.unique else "  (several solutions)"
        print(f"{parsed.prefix}{rating.level.display:<14}  score {rating.score:>6}  "
              f"hardest {rating.hardest or '-'}{extra}{unique}")
    sys.stdout.flush()
    return code
