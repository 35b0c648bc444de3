"""Memory held by the worker's Python over a long session (prints figures; never asserts).

Plays ``--requests`` requests (default 2,000) through ``pysolver.web.handle`` as a page would:
load a puzzle, step, hint, back, solve by logic, rate, count — each load a different puzzle (a
top95 puzzle with its digits relabelled, so no two share cached analyses). Prints the memory that
``tracemalloc`` sees as live after each quarter and what every ``functools`` cache of the package
holds. Memory that keeps growing with the number of requests is a leak; a plateau is a bounded
cache.

Run: ``python bench/bench_memory.py [--requests N]``. Puzzles: top95, from ``puzzle_sets``.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import json
import pkgutil
import random
import sys
import tracemalloc
from pathlib import Path
from typing import Any, Iterator

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import pysolver  # noqa: E402
from puzzle_sets import puzzle_set  # noqa: E402
from pysolver.web import handle  # noqa: E402


def relabelled(puzzle: str, rng: random.Random) -> str:
    """The same puzzle with its digits permuted: a different position for every cache."""
    digits = list("123456789")
    rng.shuffle(digits)
    return "".join(digits[int(c) - 1] if c.isdigit() and c != "0" else "." for c in puzzle)


def requests(puzzles: list[str], rng: random.Random) -> Iterator[dict[str, Any]]:
    """An endless session: each round loads a new puzzle and works on it."""
    while True:
        puzzle = relabelled(rng.choice(puzzles), rng)
        yield {"cmd": "load", "puzzle": puzzle}
        yield from ({"cmd": cmd} for cmd in ("step", "step", "hint", "back", "solve_logic"))
        yield {"cmd": "goto", "position": 1}
        yield {"cmd": "rate"}
        yield {"cmd": "count", "puzzle": puzzle, "limit": 2}


def caches() -> dict[str, tuple[int, int | None]]:
    """Every lru_cache of the package: (entries held, maxsize)."""
    found = {}
    for info in pkgutil.walk_packages(pysolver.__path__, "pysolver."):
        if info.name.endswith("__main__"):
            continue
        module = importlib.import_module(info.name)
        for name, value in vars(module).items():
            if hasattr(value, "cache_info") and getattr(value, "__module__", "") == info.name:
                cache_info = value.cache_info()
                found[f"{info.name}.{name}"] = (cache_info.currsize, cache_info.maxsize)
    return found


def live_mb() -> float:
    gc.collect()
    return tracemalloc.get_traced_memory()[0] / 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--requests", type=int, default=2000)
    args = parser.parse_args()
    puzzles = puzzle_set("norvig_top95").read_text(encoding="utf-8").split()
    rng = random.Random(1)
    stream = requests(puzzles, rng)
    handle(json.dumps(next(stream)))  # imports and first-use tables before the first reading
    tracemalloc.start()
    start = live_mb()
    print(f"{'requests':>9} {'live MB':>9}")
    print(f"{0:>9} {start:>9.2f}")
    for done in range(1, args.requests + 1):
        handle(json.dumps(next(stream)))
        if done % (args.requests // 4) == 0:
            print(f"{done:>9} {live_mb():>9.2f}")
    end = live_mb()
    tracemalloc.stop()
    print(f"growth over {args.requests:,} requests: {end - start:+.2f} MB")
    for name, (held, maxsize) in sorted(caches().items()):
        print(f"  {name:<48} {held:>6} entries (max {maxsize})")


if __name__ == "__main__":
    main()
