"""``pysolver generate``: new puzzles with one solution, minimal, at a level, reproducible by seed."""

from __future__ import annotations

import argparse
import json
import random
import sys

from ..generate import SIZES, SYMMETRIES, generate, parse_level_choice
from ..grading import Level
from ..grid import symbols_for


def register(subparsers: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    """Add the ``generate`` subcommand."""
    parser = subparsers.add_parser(
        "generate", help="make puzzles with one solution at a difficulty level")
    parser.add_argument("--size", type=int, choices=SIZES, default=9, help="grid size (default 9)")
    levels = [level.slug for level in Level] + ["unique"]
    parser.add_argument("--level", choices=levels, default="unique",
                        help="difficulty; 'unique' (default) is any level below guessing")
    parser.add_argument("--count", type=int, default=1, help="how many puzzles (default 1)")
    parser.add_argument("--seed", type=int, help="random seed: the same seed gives the same puzzles")
    parser.add_argument("--symmetry", choices=SYMMETRIES, default="none",
                        help="clue pattern symmetry (default none)")
    parser.add_argument("--no-minimal", dest="minimal", action="store_false",
                        help="allow clues that could be removed (only Easy puzzles keep any)")
    parser.add_argument("--json", action="store_true",
                        help="one JSON object per puzzle: puzzle, solution, level, score, ...")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Print one puzzle per line (``.`` for a blank), or JSON objects with ``--json``."""
    if args.count < 1:
        raise ValueError(f"--count must be at least 1, not {args.count}")
    level = parse_level_choice(args.level)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    rng = random.Random(seed)
    symbols_for(args.size)  # fail early on a size the alphabet cannot spell
    for index in range(args.count):
        made = generate(args.size, level, rng, symmetry=args.symmetry, minimal=args.minimal)
        if args.json:
            print(json.dumps({"seed": seed, "index": index, **made.to_json()}))
        else:
            print(made.puzzle.line())
        sys.stdout.flush()
    return 0
