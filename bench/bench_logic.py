"""Speed of the logic engine (prints figures; never asserts).

- one ``next_step`` on a 9×9: every position met while solving the top95 puzzles by logic;
- the whole logic pass (until solved or stuck) of each top95 puzzle;
- 16×16 and 25×25: the logic pass and the search on shuffled, thinned pattern grids.

Run: ``python bench/bench_logic.py``. Times are wall-clock on this machine (CPython).
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from pysolver.bipartite import analyse  # noqa: E402
from pysolver.board import Board  # noqa: E402
from pysolver.geometry import geometry_for_size  # noqa: E402
from pysolver.grid import Grid  # noqa: E402
from pysolver.logic import apply_step, next_step, solve_by_logic  # noqa: E402
from pysolver.search import solve  # noqa: E402
from puzzle_sets import PUZZLES  # noqa: E402



def ms(seconds: float) -> str:
    return f"{seconds * 1000:8.2f} ms"


def summary(label: str, times: list[float]) -> None:
    times = sorted(times)
    p95 = times[int(len(times) * 0.95)]
    print(f"{label:44} median {ms(statistics.median(times))}  p95 {ms(p95)}  "
          f"max {ms(times[-1])}  (n={len(times)})")


def big_puzzle(n: int, keep: float, rng: random.Random) -> Grid:
    """A pattern solution shuffled (digits, rows within bands, bands) and thinned to ``keep``."""
    geo = geometry_for_size(n)
    br, bc = geo.box_rows, geo.box_cols
    names = list(range(1, n + 1))
    rng.shuffle(names)
    bands = list(range(n // br))
    rng.shuffle(bands)
    rows = [band * br + r for band in bands for r in rng.sample(range(br), br)]
    values = [names[(bc * (r % br) + r // br + c) % n] for r in rows for c in range(n)]
    cells = list(range(n * n))
    rng.shuffle(cells)
    for cell in cells[:int(n * n * (1 - keep))]:
        values[cell] = 0
    return Grid(geo, tuple(values))


def main() -> None:
    top95 = (PUZZLES / "norvig_top95.txt").read_text().split()
    step_times, pass_times = [], []
    for cold in (True, False):
        for line in top95:
            if cold:
                analyse.cache_clear()
            board = Board.from_grid(Grid.parse(line))
            started = time.perf_counter()
            while True:
                t = time.perf_counter()
                step = next_step(board)
                if cold:
                    step_times.append(time.perf_counter() - t)
                if step is None:
                    break
                board = apply_step(board, step)
            if cold:
                pass_times.append(time.perf_counter() - started)
    print("Logic engine, CPython", sys.version.split()[0])
    summary("next_step, 9×9 (all positions of top95)", step_times)
    summary("whole logic pass, top95 puzzle", pass_times)
    rng = random.Random(2026)
    for n, keep, count in ((16, 0.45, 5), (25, 0.55, 3)):
        logic, search, solved = [], [], 0
        for _ in range(count):
            grid = big_puzzle(n, keep, rng)
            t = time.perf_counter()
            final, _ = solve_by_logic(Board.from_grid(grid))
            logic.append(time.perf_counter() - t)
            solved += final.is_solved()
            t = time.perf_counter()
            solve(grid)
            search.append(time.perf_counter() - t)
        summary(f"{n}×{n} logic pass ({solved}/{count} solved by logic)", logic)
        summary(f"{n}×{n} search solve", search)


if __name__ == "__main__":
    main()
