"""Coverage and speed of the logic with every technique (prints figures; never asserts).

For each public file — the issue's samples: top95 (all 95), magictour top1465 (300 at random),
17-clue (300 at random), forum hardest SE 11+ (100 at random) — it prints the share the logic
solves without guessing beside the goal and HoDoKu 2.2's figure, the time per puzzle of the whole
logic solve and of ``grading.rate``, the slowest single step and the median time of one
``next_step``. Every placement and elimination is checked against the unique solution: ``wrong``
must be 0.

Run: ``python bench/bench_coverage.py`` (``--quick`` for a tenth of each sample). Times are CPU
seconds on this machine (CPython), so they stay comparable while other work shares the cores.
Puzzles come from ``puzzle_sets``: the repository's samples in tests/data, or the whole public sets
where $PYSOLVER_SHARED_PUZZLES points.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pysolver.board import Board  # noqa: E402
from pysolver.grading import rate  # noqa: E402
from pysolver.grid import Grid  # noqa: E402
from pysolver.logic import Settings, apply_step, next_step  # noqa: E402
from pysolver.search import count_solutions, solve  # noqa: E402

from puzzle_sets import puzzle_set  # noqa: E402


#: (label, set, sample size or None for all, goal share, HoDoKu 2.2 default's share)
FILES = (
    ("top95", "norvig_top95", None, 93 / 95, 93 / 95),
    ("magictour top1465", "tdoku_puzzles3_magictour_top1465", 300, 0.98, 0.98),
    ("17-clue", "tdoku_puzzles2_17_clue", 300, 1.0, 1.0),
    ("forum hardest 11+", "tdoku_puzzles5_forum_hardest_1905_11plus", 100, 0.10, 0.0),
)


def sample(path: Path, size: int | None, rng: random.Random) -> list[str]:
    lines = [line.strip()[:81] for line in path.read_text().splitlines()
             if len(line.strip()) >= 81 and not line.startswith("#")]
    return lines if size is None or size >= len(lines) else rng.sample(lines, size)


def run_file(puzzles: list[str], with_rating: bool) -> dict[str, float]:
    solved = wrong = 0
    solve_times: list[float] = []
    step_times: list[float] = []
    rate_times: list[float] = []
    for text in puzzles:
        grid = Grid.parse(text)
        solution = solve(grid)
        assert solution is not None
        board = Board.from_grid(grid)
        # As a session does: the techniques that need one solution once it is proved.
        settings = Settings(unique=count_solutions(grid, 2) == 1)
        start = time.process_time()
        while True:
            before = time.process_time()
            step = next_step(board, settings)
            step_times.append(time.process_time() - before)
            if step is None:
                break
            wrong += sum(solution.values[c] == d for c, d in step.eliminations)
            wrong += sum(solution.values[c] != d for c, d in step.placements)
            board = apply_step(board, step)
        solve_times.append(time.process_time() - start)
        solved += board.is_solved()
        if with_rating:
            before = time.process_time()
            rate(grid)
            rate_times.append(time.process_time() - before)
    return {"share": solved / len(puzzles), "solved": solved, "count": len(puzzles),
            "wrong": wrong, "solve_ms": 1000 * statistics.mean(solve_times),
            "rate_ms": 1000 * statistics.mean(rate_times) if rate_times else float("nan"),
            "step_median_ms": 1000 * statistics.median(step_times),
            "step_max_ms": 1000 * max(step_times)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a tenth of each sample")
    parser.add_argument("--no-rate", action="store_true", help="skip the grading.rate timing")
    parser.add_argument("--seed", type=int, default=12, help="the samples' random seed")
    parser.add_argument("--only", choices=[label.split()[0] for label, *_ in FILES],
                        help="one file: top95, magictour, 17-clue or forum")
    args = parser.parse_args()
    print(f"{'file':20} {'solved':>10} {'share':>7} {'goal':>6} {'HoDoKu':>7} {'wrong':>5} "
          f"{'solve/puzzle':>13} {'rate/puzzle':>12} {'step median':>12} {'step max':>9}")
    for label, stem, size, goal, hodoku in FILES:
        if args.only and label.split()[0] != args.only:
            continue
        path = puzzle_set(stem)
        rng = random.Random(args.seed)
        count = None if size is None else (max(10, size // 10) if args.quick else size)
        puzzles = sample(path, count, rng)
        figures = run_file(puzzles, with_rating=not args.no_rate)
        print(f"{label:20} {figures['solved']:>4.0f}/{figures['count']:<5.0f} "
              f"{figures['share']:>7.1%} {goal:>6.0%} {hodoku:>7.0%} {figures['wrong']:>5.0f} "
              f"{figures['solve_ms']:>10.0f} ms {figures['rate_ms']:>9.0f} ms "
              f"{figures['step_median_ms']:>9.1f} ms {figures['step_max_ms'] / 1000:>7.2f} s",
              flush=True)
    print("Goals: top95 >= 93/95, magictour >= 98%, 17-clue 100%, forum hardest >= 10%; "
          "rate <= 300 ms on magictour; next step <= 50 ms median; a forcing step <= 10 s.")


if __name__ == "__main__":
    main()
