"""Generation time per puzzle by size and level (CPython), and how many full grids each took.

Targets: 9×9 at any level below guessing median ≤ 0.5 s, worst ≤ 3 s; 16×16 median ≤ 3 s.
Each case runs seeds S..S+K−1 (``--first-seed`` S, default 0) so the figures are reproducible
and a second, disjoint range can check a gain; times are CPU seconds (other work on the machine
does not count), and a seed still running after ``--cap`` CPU seconds is stopped and counted as
">cap". Each case prints the median, worst and total CPU seconds and the median and worst number
of full grids a puzzle took. A level the generator refuses at a size prints its message. Prints
figures, asserts nothing. For a before/after comparison run this script from a checkout of the
older commit and from this one.

    python bench/bench_generate.py [--seeds K] [--big-seeds K] [--first-seed S] [--cap S]
                                   [--sizes 4,6,9,16] [--levels easy,expert,...]
    python bench/bench_generate.py --classic [--seeds K] [--expert-seeds K] [--big-seeds K]
    python bench/bench_generate.py --pyodide SITE_DIR   # the target cases, CPython beside Pyodide

``--pyodide`` times the same seeds inside Pyodide under Node (``bench_generate_pyodide.mjs``,
the wheel of a site built by ``python3 build_site.py --out SITE_DIR``); that column is wall-clock
seconds (``time.perf_counter`` inside Pyodide).
"""

from __future__ import annotations

import argparse
import json
import random
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pysolver.generate import GenerationError, generate  # noqa: E402
from pysolver.grading import Level  # noqa: E402


def time_case(n: int, level: Level | None, seeds: int,
              minimal: bool = True) -> tuple[list[float], list[int], list[int], int]:
    """CPU seconds per seed, grids per puzzle, clues per puzzle, and how many seeds gave up."""
    times, attempts, clues, failed = [], [], [], 0
    for seed in range(seeds):
        start = time.process_time()
        try:
            made = generate(n, level, random.Random(seed), minimal=minimal)
        except GenerationError:
            failed += 1
            continue
        finally:
            times.append(time.process_time() - start)
        attempts.append(made.attempts)
        clues.append(made.puzzle.clue_count)
    return times, attempts, clues, failed


def run_case(n: int, level: Level | None, seeds: int, minimal: bool = True) -> None:
    times, attempts, clues, failed = time_case(n, level, seeds, minimal)
    name = "unique" if level is None else level.slug
    label = f"{n}x{n} {name}{'' if minimal else ' (no-minimal)'}"
    fails = f"  gave up {failed}/{seeds}" if failed else ""
    print(f"{label:<26} seeds {seeds:>3}  median {statistics.median(times):7.3f} s  "
          f"mean {statistics.mean(times):7.3f} s  max {max(times):7.2f} s  "
          f"grids/puzzle {statistics.mean(attempts) if attempts else 0:6.1f}  "
          f"clues {statistics.mean(clues) if clues else 0:5.1f}{fails}", flush=True)


def summary(times: list[float | None]) -> str:
    done = [t for t in times if t is not None]
    gave_up = f" ({len(times) - len(done)} gave up)" if len(done) < len(times) else ""
    return f"{statistics.median(done):7.2f} {max(done):7.2f}{gave_up}" if done else "  -"


def compare_with_pyodide(site: Path, seeds: int, expert_seeds: int, big_seeds: int) -> None:
    """The target cases in CPython and in Pyodide under Node: median and worst seconds."""
    cases = [(9, "easy", seeds), (9, "medium", seeds), (9, "hard", seeds),
             (9, "expert", expert_seeds), (16, "easy", big_seeds)]
    command = ["node", str(ROOT / "bench" / "bench_generate_pyodide.mjs"), str(site),
               json.dumps(cases)]
    pyodide = subprocess.run(command, check=True, capture_output=True, text=True)
    print(f"{'case':<14}{'seeds':>6}   {'CPython median worst':<22}{'Pyodide median worst'}")
    for (n, level, count), in_pyodide in zip(cases, json.loads(pyodide.stdout)):
        cpython: list[float | None] = list(time_case(n, Level.parse(level), count)[0])
        print(f"{n}x{n} {level:<10}{count:>6}   {summary(cpython):<22}{summary(in_pyodide)}",
              flush=True)


class _Capped(Exception):
    """A seed ran past the CPU-second cap."""


def _stop(signum: int, frame: object) -> None:
    raise _Capped


def grid_case(n: int, level: Level | None, seeds: range, cap: float) -> str:
    """One line: median, worst and total CPU seconds over the seeds (">cap" for a stopped seed),
    and the median and worst number of full grids per puzzle made."""
    times: list[float] = []
    grids: list[int] = []
    capped = 0
    refusals: list[str] = []
    signal.signal(signal.SIGVTALRM, _stop)
    for seed in seeds:
        start = time.process_time()
        signal.setitimer(signal.ITIMER_VIRTUAL, cap)
        try:
            grids.append(generate(n, level, random.Random(seed)).attempts)
        except _Capped:
            capped += 1
        except GenerationError as error:
            refusals.append(str(error))
        finally:
            signal.setitimer(signal.ITIMER_VIRTUAL, 0)
        times.append(time.process_time() - start)
    if len(refusals) == len(seeds):
        return f"{statistics.median(times):5.2f} s to say: {refusals[0]}"
    worst = f">{cap:.0f}" if capped else f"{max(times):.2f}"
    stopped = f"  ({capped} stopped at {cap:.0f} s)" if capped else ""
    failed = f"  ({len(refusals)} gave up: {refusals[0]})" if refusals else ""
    median = f">{cap:.0f}" if 2 * capped >= len(seeds) else f"{statistics.median(times):.2f}"
    total = f"{'>' if capped else ''}{sum(times):.1f}"
    made = (f"grids median {statistics.median(grids):g} worst {max(grids)}" if grids
            else "grids -")
    return (f"median {median:>7} s  worst {worst:>6} s  total {total:>7} s  {made}"
            f"{stopped}{failed}")


def grid(sizes: list[int], seeds: int, big_seeds: int, first_seed: int, cap: float,
         levels: list[Level | None]) -> None:
    """Every size and level asked: CPU seconds and full grids per puzzle."""
    print(f"{'case':<14}{'seeds':>6}   CPU seconds per puzzle (cap {cap:.0f} s), "
          f"seeds from {first_seed}", flush=True)
    for n in sizes:
        count = big_seeds if n > 9 else seeds
        for level in levels:
            name = "unique" if level is None else level.slug
            case = grid_case(n, level, range(first_seed, first_seed + count), cap)
            print(f"{n}x{n} {name:<10}{count:>6}   {case}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=10)
    parser.add_argument("--expert-seeds", type=int, default=10)
    parser.add_argument("--big-seeds", type=int, default=3, help="seeds for 16×16")
    parser.add_argument("--first-seed", type=int, default=0,
                        help="the first seed of each case (seeds S..S+K-1)")
    parser.add_argument("--cap", type=float, default=60.0, help="CPU seconds before a seed stops")
    parser.add_argument("--sizes", default="4,6,9,16")
    parser.add_argument("--levels", default="easy,medium,hard,expert,extreme,unique",
                        help="comma-separated level slugs, or unique")
    parser.add_argument("--classic", action="store_true",
                        help="the earlier table: mean, grids per puzzle and clues for chosen cases")
    parser.add_argument("--pyodide", type=Path, metavar="SITE_DIR",
                        help="time the target cases in CPython and in Pyodide (Node)")
    args = parser.parse_args()
    if args.pyodide:
        compare_with_pyodide(args.pyodide, args.seeds, args.expert_seeds, args.big_seeds)
        return
    if not args.classic:
        levels: list[Level | None] = [
            None if name.strip() == "unique" else Level.parse(name)
            for name in args.levels.split(",")]
        grid([int(n) for n in args.sizes.split(",")], args.seeds, args.big_seeds,
             args.first_seed, args.cap, levels)
        return
    run_case(4, Level.EASY, args.seeds)
    run_case(6, Level.EASY, args.seeds)
    run_case(6, Level.MEDIUM, args.seeds)
    run_case(6, Level.GUESSING, args.seeds)
    for level in (Level.EASY, Level.MEDIUM, Level.HARD, None, Level.GUESSING):
        run_case(9, level, args.seeds)
    run_case(9, Level.EXPERT, args.expert_seeds)
    run_case(16, Level.EASY, args.big_seeds, minimal=False)
    run_case(16, Level.EASY, args.big_seeds)


if __name__ == "__main__":
    main()
