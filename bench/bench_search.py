"""Time pysolver's search engine against Norvig's classic solver; print figures, never assert.

Per puzzle file (tests/data/, or the whole public sets in $PYSOLVER_SHARED_PUZZLES): median, mean and max CPU milliseconds per puzzle for
``pysolver.search.solve`` and for Norvig's solver (bench/norvig.py) on the same puzzles (the first
SAMPLE lines of large files), and the ratio of their medians and means. Then the time of
``count_solutions`` on the GTSPS thesis's Figure 4.9 (127 solutions), and solve times for 16×16
and 25×25 puzzles made by removing clues from a shuffled pattern grid with a fixed seed.
CPU time (``time.process_time``) is used so other programs on the machine disturb the figures less.

Run: ``python bench/bench_search.py [SAMPLE] [--files top95,1106] [--repeat 3]``: SAMPLE defaults
to 500; ``--files`` keeps the files whose names contain one of the given pieces; ``--repeat K``
times each puzzle K times and keeps the fastest, for both solvers (steadier on a busy machine).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Callable, TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import norvig  # noqa: E402
from puzzle_sets import PUZZLES  # noqa: E402

from pysolver.grid import Grid  # noqa: E402
from pysolver.search import count_solutions, solve  # noqa: E402

FIGURE_4_9 = ".51..9483.9...8.6..6..1.7.26.5..12.....2.4.....27....5.....2.7..2.1...5.4785...2."
SEED = 20240611

T = TypeVar("T")


def cpu_ms(func: Callable[[], T], repeat: int = 1) -> tuple[float, T]:
    """The fastest of ``repeat`` runs of ``func``, in CPU milliseconds, and its result."""
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        result = func()
        best = min(best, time.process_time() - start)
    return best * 1e3, result


def summary(times: list[float]) -> str:
    return (f"median {statistics.median(times):8.3f}  mean {statistics.mean(times):8.3f}  "
            f"max {max(times):9.3f}")


def bench_file(path: Path, sample: int, repeat: int) -> None:
    with open(path, encoding="utf-8") as f:
        lines = [line.strip() for line in f if line.strip()]
    puzzles = lines[:sample]
    ours: list[float] = []
    theirs: list[float] = []
    disagreements = 0
    for line in puzzles:
        grid = Grid.parse(line)
        ms, solution = cpu_ms(lambda: solve(grid), repeat)
        ours.append(ms)
        ms, values = cpu_ms(lambda: norvig.solve(line), repeat)
        theirs.append(ms)
        ok = isinstance(solution, Grid) and solution.is_solved()
        if ok != (norvig.solution_line(values) is not None):
            disagreements += 1
    label = f"{len(puzzles)} of {len(lines)}" if len(puzzles) < len(lines) else f"all {len(lines)}"
    print(f"\n{path.name} ({label} puzzles)")
    print(f"  pysolver  {summary(ours)}")
    print(f"  norvig    {summary(theirs)}")
    print(f"  speed-up  median {statistics.median(theirs) / statistics.median(ours):5.1f}x  "
          f"mean {statistics.mean(theirs) / statistics.mean(ours):5.1f}x"
          + (f"  ({disagreements} puzzles where the two disagree on solvability)"
             if disagreements else ""))


def shuffled_pattern(n: int, rng: random.Random) -> Grid:
    """A full valid grid: the shifted-row pattern with digits relabelled and rows shuffled in bands."""
    empty = Grid.empty(n)
    br, bc = empty.geometry.box_rows, empty.geometry.box_cols
    relabel = list(range(1, n + 1))
    rng.shuffle(relabel)
    rows: list[int] = []
    bands = list(range(n // br))
    rng.shuffle(bands)
    for band in bands:
        inside = list(range(band * br, (band + 1) * br))
        rng.shuffle(inside)
        rows += inside
    values = tuple(relabel[(bc * (r % br) + r // br + c) % n] for r in rows for c in range(n))
    return Grid(empty.geometry, values)


def bench_big(n: int, keep: float, count: int, rng: random.Random) -> None:
    times = []
    clues = []
    solved = 0
    for _ in range(count):
        full = shuffled_pattern(n, rng)
        puzzle = Grid(full.geometry, tuple(v if rng.random() < keep else 0 for v in full.values))
        clues.append(puzzle.clue_count)
        ms, solution = cpu_ms(lambda: solve(puzzle))
        times.append(ms)
        solved += isinstance(solution, Grid) and solution.is_solved()
    print(f"  {n}×{n}: {count} puzzles keeping {keep:.0%} of a full grid's cells "
          f"({min(clues)}-{max(clues)} clues), {solved} solved: {summary(times)} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("sample", nargs="?", type=int, default=500,
                        help="puzzles per file at most (default 500)")
    parser.add_argument("--files", default="",
                        help="comma-separated pieces of file names to keep (default: every file)")
    parser.add_argument("--repeat", type=int, default=1,
                        help="time each puzzle this many times and keep the fastest (default 1)")
    args = parser.parse_args()
    pieces = [p for p in args.files.split(",") if p]
    print(f"CPU ms per puzzle (fastest of {args.repeat}), Python {sys.version.split()[0]}; files "
          f"over {args.sample} puzzles are sampled (their first {args.sample} lines).")
    solve(Grid.empty(9))  # build the 9×9 tables before any timing
    for path in sorted(PUZZLES.glob("*.txt")):
        if not pieces or any(p in path.name for p in pieces):
            bench_file(path, args.sample, args.repeat)

    grid = Grid.parse(FIGURE_4_9)
    runs = [cpu_ms(lambda: count_solutions(grid)) for _ in range(20)]
    times = [ms for ms, _ in runs]
    print(f"\ncount_solutions(Figure 4.9) = {runs[0][1]} solutions: {summary(times)} ms "
          f"(20 runs)")

    print("\nLarger grids (seed %d):" % SEED)
    rng = random.Random(SEED)
    bench_big(16, 0.45, 10, rng)
    bench_big(25, 0.55, 5, rng)
    empty = [cpu_ms(lambda: solve(Grid.empty(n)))[0] for n in (16, 25)]
    print(f"  empty grids: 16×16 {empty[0]:.1f} ms, 25×25 {empty[1]:.1f} ms")


if __name__ == "__main__":
    main()
