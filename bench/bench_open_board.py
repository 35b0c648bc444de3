"""How long Hint takes to say Stuck on a nearly empty board, with and without asking whether the
board is open (prints; never asserts).

Through the worker's entry point, as the page calls it: load a board with one digit (or none, or
a third of a solution's first band), ask for a hint, guess, ask again. "without" runs the engine
as it was before ``witnesses.is_open`` (the question answered "no" at once: every technique looks,
the forcing nets last); "with" is the engine as it is. Both run in one process, one after the
other, per size; the ratio is without / with for the four requests together (with the question,
the load's view has already asked it, so the hints that follow find the answer kept).

Run: ``nice python bench/bench_open_board.py [--sizes 6 9 16 25] [--empty] [--first-band]
[--only-with]``. Wall-clock on this machine (CPython); 25×25 without the question takes about two
minutes.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any, Callable

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pysolver import logic  # noqa: E402
from pysolver.board import Board  # noqa: E402
from pysolver.grid import Grid  # noqa: E402
from pysolver.search import solve  # noqa: E402
from pysolver.web import handle  # noqa: E402
from pysolver.witnesses import is_open  # noqa: E402

SYMBOLS = {4: "1234", 6: "123456", 9: "123456789", 16: "123456789ABCDEFG",
           25: "ABCDEFGHIJKLMNOPQRSTUVWXY"}


def call(request: str | dict[str, Any]) -> dict[str, Any]:
    """One request through the worker's entry point (a bare name: a command without fields)."""
    reply: dict[str, Any] = json.loads(handle(json.dumps(
        request if isinstance(request, dict) else {"cmd": request})))
    assert reply["ok"], reply
    return reply


def timed(line: str) -> tuple[float, float, float, float, str]:
    """Seconds for load, hint, guess, hint; the status after the last."""
    times = []
    requests: list[str | dict[str, Any]] = [{"cmd": "load", "puzzle": line}, "hint", "guess", "hint"]
    for request in requests:
        start = time.perf_counter()
        reply = call(request)
        times.append(time.perf_counter() - start)
    return times[0], times[1], times[2], times[3], reply["view"]["status"]["status"]


def run(line: str, question: Callable[[Board], bool]) -> tuple[float, float, float, float, str]:
    """``timed`` with ``question`` standing in for ``is_open`` in the engine."""
    setattr(logic, "is_open", question)
    is_open.cache_clear()
    try:
        return timed(line)
    finally:
        setattr(logic, "is_open", is_open)


def first_band(n: int) -> str:
    """Every third cell of the first band of a solution of the empty n×n grid, the rest blank."""
    solution = solve(Grid.parse("." * n * n))
    assert solution is not None
    band = n * solution.geometry.box_rows
    return str(Grid(solution.geometry, tuple(solution[cell] if cell < band and cell % 3 == 0 else 0
                                            for cell in range(n * n))))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[6, 9, 16, 25])
    parser.add_argument("--empty", action="store_true", help="also an empty board")
    parser.add_argument("--first-band", action="store_true",
                        help="also a board with every third cell of a solution's first band, as a "
                             "puzzle typed row by row is part way")
    parser.add_argument("--only-with", action="store_true",
                        help="skip the engine without the question (minutes at 25×25)")
    args = parser.parse_args()
    print(f"{'board':<16} {'':>8} {'load':>7} {'hint':>7} {'guess':>7} {'hint':>7}  status   ratio")
    for n in args.sizes:
        lines = [("one digit", SYMBOLS[n][0] + "." * (n * n - 1))]
        if args.empty:
            lines.append(("empty", "." * (n * n)))
        if args.first_band:
            lines.append(("first band", first_band(n)))
        for name, line in lines:
            before = None if args.only_with else run(line, lambda board: False)
            after = run(line, is_open)
            for label, figures in (("without", before), ("with", after)):
                if figures is None:
                    continue
                load, hint, guess, again, status = figures
                print(f"{n}×{n} {name:<11} {label:>8} {load:6.2f}s {hint:6.2f}s {guess:6.2f}s "
                      f"{again:6.2f}s  {status:<8}", end="")
                print(f" {sum(before[:4]) / sum(after[:4]):6.0f}×"
                      if label == "with" and before else "", flush=True)


if __name__ == "__main__":
    main()
