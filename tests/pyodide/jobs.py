"""The computations the Pyodide test runs twice, in CPython and in Pyodide under Node, from this file.

``run_jobs(jobs_json) -> results_json`` solves and counts puzzles with ``pysolver.search``, plays
request sequences through ``pysolver.web.handle`` (the worker's entry point) and runs the package's
doctests. The same source runs in both interpreters, so any difference in the results is a difference
between CPython and Python 3.14 on WebAssembly, not between two test drivers.
"""

from __future__ import annotations

import doctest
import importlib
import json
import pkgutil
import sys

import pysolver
from pysolver import web
from pysolver.grid import Grid
from pysolver.search import count_solutions, solve


def doctest_counts() -> dict[str, list[int]]:
    """``{module: [failed, attempted]}`` for every module of the package (``__main__`` runs the CLI)."""
    counts: dict[str, list[int]] = {}
    for info in pkgutil.walk_packages(pysolver.__path__, "pysolver."):
        if info.name.rsplit(".", 1)[-1] == "__main__":
            continue
        module = importlib.import_module(info.name)
        failed, attempted = doctest.testmod(module, report=False)
        counts[info.name] = [failed, attempted]
    return counts


def run_jobs(jobs_json: str) -> str:
    """Run ``{"solve": [puzzle], "count": [[puzzle, limit]], "sessions": [[request]]}``; a request is
    an object, or raw text sent as it is."""
    jobs = json.loads(jobs_json)
    solutions = [solve(Grid.parse(puzzle)) for puzzle in jobs["solve"]]
    results = {
        "python": sys.version.split()[0],
        "platform": sys.platform,
        "pysolver": pysolver.__version__,
        "solve": [str(grid) if grid else None for grid in solutions],
        "count": [count_solutions(Grid.parse(puzzle), limit) for puzzle, limit in jobs["count"]],
        "sessions": [[web.handle(request if isinstance(request, str) else json.dumps(request))
                      for request in session] for session in jobs["sessions"]],
        "doctests": doctest_counts(),
    }
    return json.dumps(results)
