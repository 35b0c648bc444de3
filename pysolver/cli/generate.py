"""``pysolver generate``: new puzzles with one solution, minimal, at a level, reproducible by seed.

Generation can take minutes (a minimal 16×16 puzzle): its stages show on stderr (``progress``), and
Ctrl-C stops it, keeping the puzzles already printed.
"""

from __future__ import annotations

import argparse
import json
import random
import sys

from ..generate import NOT_GENERATED, SIZES, SYMMETRIES, generate, parse_level_choice
from ..grading import Level
from ..grid import symbols_for
from .options import one_of, whole_number
from .progress import ProgressLine

#: The most puzzles one run makes, and the largest seed (``random.Random`` takes any integer).
MAX_COUNT = 1_000_000
MAX_SEED = 2**64 - 1


def _size(text: str) -> int:
    """``--size``: one of ``SIZES``; a size the generator does not make says why (25×25).

    >>> _size("25")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: expected 4, 6, 9, 12 or 16, not '25': the generator takes more than two and a half minutes per 25×25 grid tried, even for an Easy puzzle (several times that in the browser)
    """
    try:
        return one_of(SIZES)(text)
    except argparse.ArgumentTypeError as error:
        reason = NOT_GENERATED.get(int(text)) if text.isascii() and text.isdigit() else None
        raise argparse.ArgumentTypeError(f"{error}: {reason}" if reason else str(error)) from None


def register(subparsers: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    """Add the ``generate`` subcommand."""
    parser = subparsers.add_parser(
        "generate", help="make puzzles with one solution at a difficulty level")
    parser.add_argument("--size", type=_size, choices=SIZES, default=9,
                        help="grid size (default 9)")
    levels = [level.slug for level in Level] + ["unique"]
    parser.add_argument("--level", choices=levels, default="unique",
                        help="difficulty; 'unique' (default) is any level below guessing")
    parser.add_argument("--count", type=whole_number(1, MAX_COUNT), default=1,
                        help="how many puzzles (default 1)")
    parser.add_argument("--seed", type=whole_number(0, MAX_SEED),
                        help="random seed: the same seed gives the same puzzles")
    parser.add_argument("--symmetry", choices=SYMMETRIES, default="none",
                        help="clue pattern symmetry (default none)")
    parser.add_argument("--no-minimal", dest="minimal", action="store_false",
                        help="allow clues that could be removed (only Easy puzzles keep any)")
    parser.add_argument("--json", action="store_true",
                        help="one JSON object per puzzle: puzzle, solution, level, score, ...")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Print one puzzle per line (``.`` for a blank), or JSON objects with ``--json``.

    Without ``--seed`` a random one is drawn and named on stderr (JSON carries it anyway), so
    that puzzles worth keeping can be made again."""
    level = parse_level_choice(args.level)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    if args.seed is None and not args.json:
        print(f"pysolver: seed {seed} (--seed {seed} makes the same puzzles again)", file=sys.stderr)
    rng = random.Random(seed)
    symbols_for(args.size)  # fail early on a size the alphabet cannot spell
    for index in range(args.count):
        with ProgressLine() as progress:
            prefix = f"puzzle {index + 1} of {args.count}, " if args.count > 1 else ""
            made = generate(args.size, level, rng, symmetry=args.symmetry, minimal=args.minimal,
                            progress=lambda stage, fraction: progress(prefix + stage, fraction))
        if args.json:
            print(json.dumps({"seed": seed, "index": index, **made.to_json()}))
        else:
            print(made.puzzle.line())
        sys.stdout.flush()
    return 0
