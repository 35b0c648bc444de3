"""Time pysolver's search engine against Norvig's classic solver; print figures, never assert.

Per file of /work/shared/puzzles/: median, mean and max CPU milliseconds per puzzle for
``pysolver.search.solve`` and for Norvig's solver (bench/norvig.py) on the same puzzles (the first
SAMPLE lines of large files), and the ratio of their medians and means. Then the time of
``count_solutions`` on the GTSPS thesis's Figure 4.9 (127 solutions), and solve times for 16×16
and 25×25 puzzles made by removing clues from a shuffled pattern grid with a fixed seed.
CPU time (``time.process_time``) is used so other programs on the machine disturb the figures less.

Run: ``python bench/bench_search.py [SAMPLE]`` (default 500).
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import norvig  # noqa: E402

from pysolver.grid import Grid  # noqa: E402
from pysolver.search import count_solutions, solve  # noqa: E402

PUZZLES = Path("/work/shared/puzzles")
FIGURE_4_9 = ".51..9483.9...8.6..6..1.7.26.5..12.....2.4.....27....5.....2.7..2.1...5.4785...2."
SEED = 20240611


def cpu_ms(func: Callable[[], object]) -> tuple[float, object]:
    start = time.process_time()
    result = func()
    return (time.process_time() - start) * 1e3, result


def summary(times: list[float]) -> str:
    return (f"median {statistics.median(times):8.3f}  mean {statistics.mean(times):8.3f}  "
            f"max {max(times):9.3f}")


def bench_file(path: Path, sample: int) -> None:
    with open(path, encoding="utf-8") as f:
        lines = [line.strip() for line in f if line.strip()]
    puzzles = lines[:sample]
    ours: list[float] = []
    theirs: list[float] = []
    disagreements = 0
    for line in puzzles:
        grid = Grid.parse(line)
        ms, solution = cpu_ms(lambda: solve(grid))
        ours.append(ms)
        start = time.process_time()
        values = norvig.solve(line)
        theirs.append((time.process_time() - start) * 1e3)
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
    sample = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    print(f"CPU ms per puzzle, Python {sys.version.split()[0]}; files over {sample} puzzles "
          f"are sampled (their first {sample} lines).")
    for path in sorted(PUZZLES.glob("*.txt")):
        bench_file(path, sample)

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
