"""Generation time per puzzle by size and level (CPython), and how many full grids each took.

Targets (issue 5): 9×9 median ≤ 0.5 s for Easy to Hard, ≤ 3 s for Expert; 16×16 Easy ≤ 10 s.
Each case runs seeds 0..K−1 so the figures are reproducible. Prints figures, asserts nothing.

    python bench/bench_generate.py [--seeds K] [--expert-seeds K] [--slow]

``--slow`` adds 16×16 Easy with minimality (minutes per puzzle; see the module docs of
``pysolver.generate``).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pysolver.generate import GenerationError, generate  # noqa: E402
from pysolver.grading import Level  # noqa: E402


def run_case(n: int, level: Level | None, seeds: int, minimal: bool = True) -> None:
    times, attempts, clues, failed = [], [], [], 0
    for seed in range(seeds):
        start = time.perf_counter()
        try:
            made = generate(n, level, random.Random(seed), minimal=minimal)
        except GenerationError:
            failed += 1
            continue
        finally:
            times.append(time.perf_counter() - start)
        attempts.append(made.attempts)
        clues.append(made.puzzle.clue_count)
    name = "unique" if level is None else level.slug
    label = f"{n}x{n} {name}{'' if minimal else ' (no-minimal)'}"
    fails = f"  gave up {failed}/{seeds}" if failed else ""
    print(f"{label:<26} seeds {seeds:>3}  median {statistics.median(times):7.3f} s  "
          f"mean {statistics.mean(times):7.3f} s  max {max(times):7.2f} s  "
          f"grids/puzzle {statistics.mean(attempts) if attempts else 0:6.1f}  "
          f"clues {statistics.mean(clues) if clues else 0:5.1f}{fails}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--expert-seeds", type=int, default=8)
    parser.add_argument("--slow", action="store_true", help="add 16×16 Easy with minimality")
    args = parser.parse_args()
    run_case(4, Level.EASY, args.seeds)
    run_case(6, Level.EASY, args.seeds)
    run_case(6, Level.MEDIUM, args.seeds)
    run_case(6, Level.GUESSING, args.seeds)
    for level in (Level.EASY, Level.MEDIUM, Level.HARD, None, Level.GUESSING):
        run_case(9, level, args.seeds)
    run_case(9, Level.EXPERT, args.expert_seeds)
    run_case(16, Level.EASY, max(3, args.seeds // 4), minimal=False)
    if args.slow:
        run_case(16, Level.EASY, 3)


if __name__ == "__main__":
    main()
