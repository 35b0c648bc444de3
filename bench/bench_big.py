"""16×16 and 25×25: pysolver's search beside Norvig's method generalised to n×n, on the seeded
sets of bench/data/ (made by make_big_set.py), or with ``--file`` on any one set there, such as the
public ones (gecode_janko16x16.txt, gecode_frisch25x25.txt: see its README). Prints figures,
asserts nothing.

Per size: median, 95th percentile, worst and worst ÷ median CPU milliseconds per puzzle for
each solver, from the puzzle's line to its solution line. Either solver is stopped after ``--cap``
CPU seconds on a puzzle (then counted at the cap, so its figures are lower bounds). ``--slowest k``
also lists pysolver's k slowest puzzles (line number and both solvers' times), the ones to look
at when working on the tail. ``--by-clues W`` also splits each set into bands of W clue counts,
with both solvers' median, worst and worst ÷ median in each: the seeded loose sets span 48–55% of
the cells given, and how hard a puzzle is depends mostly on where in that span it falls.

    python bench/bench_big.py [--cap 20] [--sizes 16,25 | --file PATH] [--slowest 5] [--by-clues 10]
"""

from __future__ import annotations

import argparse
import signal
import statistics
import sys
import time
from math import isqrt
from pathlib import Path
from types import FrameType
from typing import Callable, TypeVar

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from norvig_n import NorvigN  # noqa: E402

from pysolver.search import solve_line  # noqa: E402


T = TypeVar("T")


class _OverCap(Exception):
    pass


def _stop(signum: int, frame: FrameType | None) -> None:
    raise _OverCap


def capped(func: Callable[[], T], cap: float) -> tuple[float, T | None, bool]:
    """CPU seconds of ``func()``, its result, and whether it was stopped after ``cap`` seconds.

    Timed by the thread's CPU clock: while the profiling timer that enforces the cap is armed,
    the process's CPU clock can advance in whole scheduler ticks (4 ms steps were seen here, so
    a 2 ms solve read 0 or 4 ms and medians and worst/median ratios were meaningless), while the
    thread's stays exact. Both solvers run in this one thread.
    """
    signal.signal(signal.SIGPROF, _stop)
    start = time.thread_time()
    signal.setitimer(signal.ITIMER_PROF, cap)
    try:
        result = func()
        return time.thread_time() - start, result, False
    except _OverCap:
        return time.thread_time() - start, None, True
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)


def summary(name: str, times: list[float], capped: int = 0) -> str:
    median, worst = statistics.median(times), max(times)
    p95 = statistics.quantiles(times, n=20, method="inclusive")[-1]
    over = f"  ({capped} stopped at the cap)" if capped else ""
    return (f"  {name:<10} median {median * 1e3:9.1f} ms  p95 {p95 * 1e3:9.1f} ms  "
            f"worst {worst * 1e3:9.1f} ms  worst/median {worst / median:6.1f}{over}")


def slowest(ours: list[float], theirs: list[float], count: int) -> str:
    """pysolver's ``count`` slowest puzzles, slowest first: line number (from 1) and both times."""
    order = sorted(range(len(ours)), key=lambda i: ours[i], reverse=True)[:count]
    return "\n".join(f"  line {i + 1:>4}: pysolver {ours[i] * 1e3:9.1f} ms  "
                     f"norvig-n {theirs[i] * 1e3:9.1f} ms" for i in order)


def by_clues(lines: list[str], ours: list[float], theirs: list[float], width: int) -> str:
    """Both solvers' figures over each band of ``width`` clue counts (a clue: any cell not '.')."""
    bands: dict[int, list[int]] = {}
    for i, line in enumerate(lines):
        bands.setdefault(sum(ch != "." for ch in line) // width * width, []).append(i)
    rows = []
    for low, members in sorted(bands.items()):
        figures = []
        for name, times in (("pysolver", ours), ("norvig-n", theirs)):
            band = [times[i] for i in members]
            median, worst = statistics.median(band), max(band)
            figures.append(f"{name} median {median * 1e3:8.1f} worst {worst * 1e3:8.1f} "
                           f"(x{worst / median:5.1f})")
        rows.append(f"  clues {low}-{low + width - 1}: {len(members):3} puzzles  " + "  ".join(figures))
    return "\n".join(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cap", type=float, default=20.0,
                        help="CPU seconds per solve, either solver")
    parser.add_argument("--sizes", default="16,25")
    parser.add_argument("--file", type=Path,
                        help="time this puzzle file instead (one size, read from its lines; "
                             "e.g. bench/data/random25x25_seed14.txt)")
    parser.add_argument("--slowest", type=int, default=0, metavar="K",
                        help="also list pysolver's K slowest puzzles of each set")
    parser.add_argument("--by-clues", type=int, default=0, metavar="W",
                        help="also give both solvers' figures per band of W clue counts")
    args = parser.parse_args()
    print(f"CPU ms per puzzle, Python {sys.version.split()[0]}")
    if args.file:
        files = {isqrt(len((ROOT / args.file).read_text().split()[0])): args.file}
    else:
        files = {n: Path("bench", "data", f"random{n}x{n}.txt")
                 for n in map(int, args.sizes.split(","))}
    for n, path in files.items():
        lines = (ROOT / path).read_text().split()
        reference = NorvigN(n)
        solve_line("." * n * n)  # build the tables before any timing (an empty grid is quick)
        ours, theirs, capped_count, disagree = [], [], 0, 0
        our_capped = 0
        for line in lines:
            seconds, mine, stopped = capped(lambda: solve_line(line), args.cap)
            ours.append(seconds)
            our_capped += stopped
            seconds, values, their_stop = capped(lambda: reference.solve(line), args.cap)
            theirs.append(seconds)
            capped_count += their_stop
            theirs_line = None if values is None else reference.solution_line(values)
            stopped = stopped or their_stop
            # Both find a first solution; with several solutions they may find different ones.
            disagree += not stopped and (mine is None) != (theirs_line is None)
        print(f"\n{n}×{n}: {len(lines)} puzzles ({path})"
              + (f", {disagree} where one finds no solution!" if disagree else ""))
        print(summary("pysolver", ours, our_capped))
        print(summary("norvig-n", theirs, capped_count))
        print(f"  speed-up  median {statistics.median(theirs) / statistics.median(ours):5.1f}x  "
              f"total {sum(theirs) / sum(ours):5.1f}x", flush=True)
        if args.slowest:
            print(slowest(ours, theirs, args.slowest))
        if args.by_clues:
            print(by_clues(lines, ours, theirs, args.by_clues))


if __name__ == "__main__":
    main()
