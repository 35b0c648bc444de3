"""``pysolver rate PUZZLE|FILE``: each puzzle's level, score and hardest technique (``grading``).

A puzzle that cannot be rated (not a puzzle, or one without a solution) is reported behind its
label and the others are still rated; the exit code is that of the worst, as the README's exit
codes say: 2 for bad input, 1 for no solution. In text these reports are lines of the output, like
``check``'s verdicts; with ``--json`` they go to stderr, so stdout holds only rating objects.

Rating a 25×25 puzzle can take minutes: stderr shows the steps and guesses so far and the
technique being tried (``progress``).
"""

from __future__ import annotations

import argparse
import json
import sys

from ..errors import PuzzleError
from ..grading import rate
from ..play import counted
from .inputs import Puzzles, add_puzzle_arguments
from .progress import Heartbeat, ProgressLine, guesses_so_far
from .techniques import add_without_argument


def register(subparsers: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    """Add the ``rate`` subcommand."""
    parser = subparsers.add_parser(
        "rate", help="grade puzzles: level, HoDoKu-style score, hardest technique",
        description="Grade puzzles. A puzzle that cannot be rated is reported with its line "
                    "(on stderr with --json); exit 2 if one is not a puzzle, else 1 if one has "
                    "no solution.")
    add_puzzle_arguments(parser)
    parser.add_argument("--json", action="store_true",
                        help="one JSON object per line, with the count of every technique")
    add_without_argument(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """One line per puzzle: ``Medium  score 1234  hardest Pointing``; exit 2 if any is invalid,
    else 1 if any has no solution."""
    code = 0
    reports = sys.stderr if args.json else sys.stdout
    for parsed in Puzzles(args).parsed():
        if parsed.grid is None:
            print(f"{parsed.prefix}invalid: {parsed.error}", file=reports)
            code = 2
            continue
        try:
            with ProgressLine() as line, Heartbeat(line) as progress:
                stage = f"{parsed.prefix}rating"
                rating = rate(parsed.grid, args.without, lambda steps, guesses, doing: progress(
                    stage, None, f"{counted(steps, 'step')}, {guesses_so_far(guesses)}, {doing}"))
        except PuzzleError as error:  # no solution: nothing to rate
            print(f"{parsed.prefix}{error}", file=reports)
            code = max(code, 1)
            continue
        if args.json:
            print(json.dumps({"label": parsed.label or None, **rating.to_json()}))
            continue
        extra = f" ({rating.guesses} guesses)" if rating.guesses else ""
        unique = "" if rating.unique else "  (several solutions)"
        print(f"{parsed.prefix}{rating.level.display:<14}  score {rating.score:>6}  "
              f"hardest {rating.hardest or '-'}{extra}{unique}")
    sys.stdout.flush()
    return code
