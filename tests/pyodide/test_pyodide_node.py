"""The wheel in Pyodide (Python 3.14 on WebAssembly, under Node) answers exactly as in CPython.

tests/pyodide/jobs.py runs in both interpreters: solutions and counts from ``pysolver.search``, whole
request sequences through ``pysolver.web.handle`` (the worker's entry point, compared reply by reply
as JSON text), and the package's doctests. The wheel is the one the site ships, installed the way
the worker installs it (loadPackage of packaging and micropip, then micropip.install).
"""

from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import (
    FIGURE_4_2,
    FIGURE_4_2_SOLUTION,
    FIGURE_4_9,
    FIGURE_4_9_SOLUTIONS,
    puzzle_lines,
)

pytestmark = pytest.mark.pyodide

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(ROOT))

import build_site  # noqa: E402  (the build script lives at the repository's root)

# A 6×6 grid (boxes 2×3) with every third cell blanked; the empty 4×4 grid has 288 solutions.
SIX_BY_SIX = "1.34.64.61.32.15.45.42.13.26.56.53.2"
EMPTY_4X4_SOLUTIONS = 288


def top95(count: int) -> list[str]:
    return puzzle_lines("norvig_top95.txt", limit=count)


def load_then(puzzle: str, *cmds: str) -> list[dict[str, Any]]:
    return [{"cmd": "load", "puzzle": puzzle}] + [{"cmd": cmd} for cmd in cmds]


SOLVE = {"figure-4.2": FIGURE_4_2, **{f"top95-{i + 1}": p for i, p in enumerate(top95(5))}}
COUNT = {
    "figure-4.9": (FIGURE_4_9, 1000),
    "top95-1": (top95(1)[0], 2),
    "6x6": (SIX_BY_SIX, 1000),
    "empty-4x4": ("." * 16, 1000),
}
SESSIONS = {
    "figure-4.2-walk": [
        *load_then(FIGURE_4_2, "hint", "step", "step", "back", "forward"),
        {"cmd": "goto", "position": 1},
        {"cmd": "solve_logic"},
    ],
    "figure-4.2-reload": [
        {"cmd": "load", "puzzle": FIGURE_4_2, "actions": ["logic"] * 6, "position": 4},
        {"cmd": "forward"},
    ],
    **{f"top95-{i + 1}": load_then(p, "solve_logic", "guess", "solve_logic", "backtrack", "solve")
       for i, p in enumerate(top95(5))},
    "6x6": load_then(SIX_BY_SIX, "solve_logic", "solve"),
    "errors": [
        {"cmd": "load", "puzzle": FIGURE_4_2[:40] + "x" + FIGURE_4_2[41:]},
        {"cmd": "check", "puzzle": "11" + FIGURE_4_2[2:]},
        {"cmd": "count", "puzzle": "." * 16},
        {"cmd": "no-such-command"},
        {"cmd": "step"},
    ],
    # Refused before json.loads, whose recursion 5,000 levels exhausted (fatally, in WebAssembly).
    "hostile": [
        "[" * 100_000 + "]" * 100_000,
        '{"cmd": "load", "puzzle": ' + '{"a": ' * 6000 + "1" + "}" * 6000 + "}",
        '{"cmd": "count", "puzzle": "' + FIGURE_4_9 + '", "limit": 1e999}',
        '{"cmd": "count", "puzzle": "' + FIGURE_4_9 + '", "limit": NaN}',
        {"cmd": "goto"},
        {"cmd": "load", "puzzle": FIGURE_4_2, "actions": 5},
        {"cmd": "load", "puzzle": "1" * 900_000},
        {"cmd": "load", "puzzle": FIGURE_4_2},
        {"cmd": "step"},
    ],
}
JOBS = {
    "solve": list(SOLVE.values()),
    "count": [list(job) for job in COUNT.values()],
    "sessions": list(SESSIONS.values()),
}


def run_jobs_in_cpython() -> dict[str, Any]:
    spec = importlib.util.spec_from_file_location("pysolver_jobs", HERE / "jobs.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    result: dict[str, Any] = json.loads(module.run_jobs(json.dumps(JOBS)))
    return result


@pytest.fixture(scope="module")
def site_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """$PYSOLVER_SITE_DIR (scripts/test.sh builds site/ once) or a fresh build."""
    return build_site.built_site(tmp_path_factory.mktemp("pyodide") / "site")


@pytest.fixture(scope="module")
def pyodide(site_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is not on PATH: the Pyodide tests need Node.js 18 or newer")
    if not (ROOT / "web" / "node_modules" / "pyodide").is_dir():
        pytest.fail("web/node_modules/pyodide is missing: run `python3 build_site.py` (it runs npm ci)")
    jobs = tmp_path_factory.mktemp("jobs") / "jobs.json"
    jobs.write_text(json.dumps(JOBS), encoding="utf-8")
    run = subprocess.run(
        [node, str(HERE / "run_in_pyodide.mjs"), str(site_dir), str(jobs)],
        capture_output=True, text=True, timeout=600,
    )
    if run.returncode != 0:
        pytest.fail(f"node exited with {run.returncode}:\n{run.stderr[-4000:]}")
    result: dict[str, Any] = json.loads(run.stdout)
    return result


@pytest.fixture(scope="module")
def cpython() -> dict[str, Any]:
    return run_jobs_in_cpython()


def test_runs_python_3_14_on_webassembly(pyodide: dict[str, Any], cpython: dict[str, Any]) -> None:
    assert pyodide["python"].startswith("3.14.")
    assert pyodide["platform"] == "emscripten"
    assert pyodide["pysolver"] == cpython["pysolver"]


@pytest.mark.parametrize("index", range(len(SOLVE)), ids=list(SOLVE))
def test_solution_matches_cpython(pyodide: dict[str, Any], cpython: dict[str, Any], index: int) -> None:
    assert pyodide["solve"][index] == cpython["solve"][index]
    assert pyodide["solve"][index] is not None


def test_figure_4_2_solution(pyodide: dict[str, Any]) -> None:
    assert pyodide["solve"][list(SOLVE).index("figure-4.2")] == FIGURE_4_2_SOLUTION


@pytest.mark.parametrize("index", range(len(COUNT)), ids=list(COUNT))
def test_count_matches_cpython(pyodide: dict[str, Any], cpython: dict[str, Any], index: int) -> None:
    assert pyodide["count"][index] == cpython["count"][index]


def test_reference_counts(pyodide: dict[str, Any]) -> None:
    counts = dict(zip(COUNT, pyodide["count"]))
    assert counts["figure-4.9"] == FIGURE_4_9_SOLUTIONS
    assert counts["empty-4x4"] == EMPTY_4X4_SOLUTIONS


@pytest.mark.parametrize("index", range(len(SESSIONS)), ids=list(SESSIONS))
def test_web_replies_match_cpython(pyodide: dict[str, Any], cpython: dict[str, Any], index: int) -> None:
    name = list(SESSIONS)[index]
    for request, ours, theirs in zip(SESSIONS[name], pyodide["sessions"][index], cpython["sessions"][index]):
        assert ours == theirs, f"{name}: reply to {request} differs"
    assert len(pyodide["sessions"][index]) == len(SESSIONS[name])


def test_figure_4_2_solves_by_logic(pyodide: dict[str, Any]) -> None:
    final = json.loads(pyodide["sessions"][list(SESSIONS).index("figure-4.2-walk")][-1])
    assert final["ok"] is True
    assert "".join(map(str, final["view"]["values"])) == FIGURE_4_2_SOLUTION


def test_hostile_requests_are_refused_and_the_session_goes_on(pyodide: dict[str, Any]) -> None:
    replies = [json.loads(r) for r in pyodide["sessions"][list(SESSIONS).index("hostile")]]
    *refused, loaded, stepped = replies
    assert [r["error"]["kind"] for r in refused] == ["invalid"] * 7
    assert "nests lists and objects 100,000 deep" in refused[0]["error"]["message"]
    assert [r["error"].get("field") for r in refused[2:]] == ["limit", None, "position", "actions",
                                                              "puzzle"]
    assert refused[6]["error"]["message"].startswith("the puzzle text is too long: 900,000 characters")
    assert loaded["ok"] and stepped["view"]["position"] == 1


def test_doctests_pass_in_pyodide(pyodide: dict[str, Any], cpython: dict[str, Any]) -> None:
    failed = {module: counts for module, counts in pyodide["doctests"].items() if counts[0]}
    assert failed == {}
    assert pyodide["doctests"] == cpython["doctests"]
