"""How long the tutor takes to find the next step, with every technique on (prints; never asserts).

Every position met while solving a file by logic is timed once with ``next_step`` (every technique,
uniqueness allowed: these puzzles have one solution). Printed side by side: all positions, and the
positions where no single, intersection, subset or basic fish is left (where the families past the
basic fixpoint are searched), against the goal of a 50 ms median; then the share each file finishes
without guessing, with the basic techniques only and with every technique.

Run: ``python bench/bench_next_step.py [--limit N] [--puzzles DIR]``. Wall-clock on this machine (CPython).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pysolver.board import Board  # noqa: E402
from pysolver.grid import Grid  # noqa: E402
from pysolver.logic import Settings, apply_step, next_step  # noqa: E402
from pysolver.techniques.registry import BASIC_MODULES, TECHNIQUES  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
PUZZLES = ROOT / "tests" / "data"
FILES = (("norvig_top95.txt", 1), ("tdoku_puzzles3_magictour_top1465.txt", 5),
         ("tdoku_puzzles2_17_clue_every33.txt", 3), ("tdoku_puzzles6_forum_hardest_1106.txt", 11))
GOAL_MS = 50.0
BASIC = frozenset(t.slug for m in BASIC_MODULES for t in m.TECHNIQUES)
ADVANCED_OFF = Settings(disabled=frozenset(t.slug for t in TECHNIQUES) - BASIC)
EVERYTHING = Settings(unique=True)


def run(puzzles: list[str]) -> tuple[list[float], list[float], int, int]:
    every, advanced, basic_done, all_done = [], [], 0, 0
    for line in puzzles:
        board = Board.from_grid(Grid.parse(line))
        while True:
            start = time.perf_counter()
            step = next_step(board, EVERYTHING)
            elapsed = time.perf_counter() - start
            every.append(elapsed)
            if step is None or step.technique.slug not in BASIC:
                advanced.append(elapsed)
            if step is None:
                break
            board = apply_step(board, step)
        all_done += board.is_solved()
        basic = Board.from_grid(Grid.parse(line))
        while (step := next_step(basic, ADVANCED_OFF)) is not None:
            basic = apply_step(basic, step)
        basic_done += basic.is_solved()
    return every, advanced, basic_done, all_done


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=100, help="puzzles per file (default 100)")
    parser.add_argument("--puzzles", type=Path, default=PUZZLES, help=f"folder of the files ({PUZZLES})")
    args = parser.parse_args()
    print(f"{'file (sample)':40} {'positions':>9} {'median':>9} {'p95':>9} "
          f"{'past basics':>11} {'median':>9} {'p95':>9} {'goal':>7}  basic → all, no guess")
    for name, step in FILES:
        puzzles = (args.puzzles / name).read_text().split()[::step][:args.limit]
        every, advanced, basic_done, all_done = run(puzzles)
        def fmt(times: list[float], q: float) -> str:
            ordered = sorted(times)
            return f"{ordered[min(len(ordered) - 1, int(len(ordered) * q))] * 1000:7.2f}ms"
        print(f"{name + f' ({len(puzzles)})':40} {len(every):9} "
              f"{statistics.median(every) * 1000:7.2f}ms {fmt(every, .95):>9} {len(advanced):11} "
              f"{statistics.median(advanced) * 1000:7.2f}ms {fmt(advanced, .95):>9} "
              f"{GOAL_MS:5.0f}ms  {basic_done}/{len(puzzles)} → {all_done}/{len(puzzles)}")


if __name__ == "__main__":
    main()
