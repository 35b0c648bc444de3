"""Time GTSPS (the GTSPS thesis chapter's method) per data set and print it beside the thesis's published averages.

Run: ``python bench/bench_gtsps.py [--sample N]``. For each set: median and worst time, and median
vertices of G before pruning and after the adjacency rule; then the puzzles grouped by the thesis's
clue-count classes (easy 36–46, medium 32–35, hard 28–31, evil 17–27) with its average CPU times
(Intel Dual Core, Windows, as the thesis reports them). All solutions are found each time. Last, open
boards (empty and near-empty 4×4 and 6×6): how long GTSPS takes to list their solutions or to stop
at its solution limit (``SOLUTION_LIMIT``; an empty 6×6 grid has 28,200,960). ``--open`` runs only
those. Prints, never asserts.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from pysolver.grid import Grid  # noqa: E402
from pysolver.gtsps import GtspsLimitError, solve_gtsps  # noqa: E402
from puzzle_sets import puzzle_set  # noqa: E402

FIGURE_4_9 = ".51..9483.9...8.6..6..1.7.26.5..12.....2.4.....27....5.....2.7..2.1...5.4785...2."

#: Boards with many solutions: the empty 4×4 (288, under the limit) and 6×6 boards past it.
OPEN_BOARDS = {
    "empty 4×4": "." * 16,
    "empty 6×6": "." * 36,
    "6×6, one clue": "1" + "." * 35,
    "6×6, first row": "123456" + "." * 30,
    "6×6, six clues": "1.....2.....3.....4.....5.....6.....",
}

#: The thesis's average CPU time per puzzle (ms) by class, Tables 4.1–4.5.
THESIS_MS = {"easy": 23.04, "medium": 36.09, "hard": 61.97, "evil": 78.7, "several": 68.13}


def clue_class(clues: int) -> str:
    """The thesis's difficulty class by clue count."""
    if clues >= 36:
        return "easy"
    if clues >= 32:
        return "medium"
    if clues >= 28:
        return "hard"
    return "evil"


def load(stem: str, sample: int) -> list[str]:
    lines = puzzle_set(stem).read_text().split()
    step = max(1, len(lines) // sample)
    return lines[::step][:sample]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sample", type=int, default=200, help="puzzles per large set")
    parser.add_argument("--open", action="store_true", help="only the open boards")
    args = parser.parse_args()
    if not args.open:
        data_sets(args.sample)
    open_boards()


def open_boards(repeat: int = 3) -> None:
    """Best of ``repeat`` runs per open board, and what GTSPS answered."""
    print(f"{'open board':<22}{'best ms':>9}  outcome")
    for name, text in OPEN_BOARDS.items():
        best, outcome = float("inf"), ""
        for _ in range(repeat):
            start = time.perf_counter()
            try:
                outcome = f"{len(solve_gtsps(Grid.parse(text)).solutions):,} solutions"
            except GtspsLimitError as error:
                outcome = f"stopped: {error.reason}"
            best = min(best, (time.perf_counter() - start) * 1000)
        print(f"{name:<22}{best:>9.1f}  {outcome}", flush=True)


def data_sets(sample: int) -> None:
    """The published sets, then the thesis's clue-count classes."""
    sets = {
        "norvig_easy50": load("norvig_easy50", 50),
        "norvig_top95": load("norvig_top95", 95),
        "17-clue sample": load("tdoku_puzzles2_17_clue", sample),
        "serg (2+ solutions)": load("tdoku_puzzles7_serg_benchmark", sample),
        "Figure 4.9 (127)": [FIGURE_4_9],
    }
    by_class: dict[str, list[float]] = {}
    print(f"{'set':<22}{'n':>5}{'median ms':>11}{'worst ms':>10}{'V before':>10}{'V after':>9}"
          f"{'solutions':>10}{'limit':>7}")
    for name, puzzles in sets.items():
        times, before, after, solutions, limited = [], [], [], 0, 0
        for text in puzzles:
            grid = Grid.parse(text)
            start = time.perf_counter()
            try:
                result = solve_gtsps(grid)
            except GtspsLimitError:
                limited += 1
                continue
            ms = (time.perf_counter() - start) * 1000
            times.append(ms)
            before.append(result.stages["initial"].vertices)
            if "after_adjacency" in result.stages:
                after.append(result.stages["after_adjacency"].vertices)
            solutions += len(result.solutions)
            kind = "several" if len(result.solutions) > 1 else clue_class(grid.clue_count)
            by_class.setdefault(kind, []).append(ms)
        print(f"{name:<22}{len(puzzles):>5}{statistics.median(times):>11.1f}{max(times):>10.1f}"
              f"{statistics.median(before):>10.0f}{statistics.median(after):>9.0f}"
              f"{solutions:>10}{limited:>7}", flush=True)
    print()
    print(f"{'class':<10}{'n':>5}{'median ms':>11}{'mean ms':>9}{'worst ms':>10}{'thesis mean':>13}")
    for kind, thesis in THESIS_MS.items():
        times = by_class.get(kind, [])
        if times:
            print(f"{kind:<10}{len(times):>5}{statistics.median(times):>11.1f}"
                  f"{statistics.mean(times):>9.1f}{max(times):>10.1f}{thesis:>13.2f}")
    print()


if __name__ == "__main__":
    main()
