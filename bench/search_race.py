"""One race of pysolver's search against Norvig's solver on the same puzzles, in this interpreter.

Shared by ``bench_search_pyodide.py`` (inside Pyodide, under Node) and runnable in CPython, so
that both columns time exactly the same code. Each puzzle is solved by both solvers in turn
(fastest of ``repeat`` runs each), from its text line to its solution line: for pysolver the
path ``pysolver solve`` takes. Wall-clock ``time.perf_counter``: CPU time is not reliable
inside WebAssembly.
"""

from __future__ import annotations

import json
import time
from typing import Callable

import norvig

from pysolver.search import solve_line


def _best(func: Callable[[], object], repeat: int) -> tuple[float, object]:
    best = float("inf")
    result: object = None
    for _ in range(repeat):
        start = time.perf_counter()
        result = func()
        best = min(best, time.perf_counter() - start)
    return best, result


def race(lines: list[str], repeat: int = 1) -> dict[str, object]:
    """Seconds per puzzle for each solver, and how many solutions disagree."""
    ours, theirs, disagree = [], [], 0
    solve_line(lines[0])  # build the tables before any timing
    for line in lines:
        seconds, mine = _best(lambda: solve_line(line), repeat)
        ours.append(seconds)
        seconds, values = _best(lambda: norvig.solve(line), repeat)
        theirs.append(seconds)
        disagree += mine != norvig.solution_line(values)  # type: ignore[arg-type]
    return {"ours": ours, "norvig": theirs, "disagree": disagree}


def race_json(request: str) -> str:
    """``race`` with JSON in and out: {"lines": [...], "repeat": k}."""
    asked = json.loads(request)
    return json.dumps(race(asked["lines"], asked.get("repeat", 1)))
