"""Test data: the GTSPS thesis's worked examples, and the public puzzle samples of tests/data.

The default run reads only tests/data (small samples, named with their sources in its README), so a
plain clone tests itself. The whole public sets feed the opt-in ``slow`` tests through
``full_set_lines``, from the directory ``PYSOLVER_SHARED_PUZZLES`` names or ``../shared/puzzles``
beside the clone.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from pysolver.techniques.registry import BASIC_MODULES, TECHNIQUES

DATA = Path(__file__).resolve().parent / "data"
SHARED_PUZZLES = Path(os.environ.get("PYSOLVER_SHARED_PUZZLES")
                      or Path(__file__).resolve().parents[2] / "shared" / "puzzles")

FIGURE_4_2 = ".1..2.34.4..1..5....67.8....214..75.57..1..89.39..641....9.78....5..1..7.98.3..6."
#: Figure 4.2's solution, Figure 4.7 of the same chapter.
FIGURE_4_2_SOLUTION = "917625348482193576356748291621489753574312689839576412163957824245861937798234165"
FIGURE_4_9 = ".51..9483.9...8.6..6..1.7.26.5..12.....2.4.....27....5.....2.7..2.1...5.4785...2."
FIGURE_4_9_SOLUTIONS = 127
#: The page's example "Needs a Nested Forcing Net" (web/js/examples.js), from the forum's hardest
#: list (SE 11+): its first step is a nested forcing net, and solving it by logic, or writing its
#: solution path, takes long.
NESTED_NET_EXAMPLE = "98.7..6..7.5....9..43.....78..2....6..7.1..2......48..3..9...6.....5.3.......1..9"

#: Norvig's top95, line 13: with only the basic techniques (singles, intersections, chain and pile
#: exclusion, fish) the logic stalls, and its guesses soon meet a contradiction.
TOP95_13 = "..5...987.4..5...1..7......2...48....9.1.....6..2.....3..6..2.......9.7.......5.."
#: The slugs of every technique beyond the basic ones: switched off, the engine is the basic one.
BEYOND_BASIC = frozenset(record.slug for record in TECHNIQUES) - frozenset(
    record.slug for module in BASIC_MODULES for record in module.TECHNIQUES)


def read_lines(path: Path, limit: int | None, step: int) -> list[str]:
    """Every ``step``-th puzzle of a file, at most ``limit`` of them."""
    return path.read_text(encoding="utf-8").split()[::step][:limit]


def puzzle_lines(name: str, limit: int | None = None, step: int = 1) -> list[str]:
    """Puzzles of a tests/data file: every ``step``-th line, at most ``limit`` of them."""
    return read_lines(DATA / name, limit, step)


def full_set_lines(name: str, limit: int | None = None, step: int = 1) -> list[str]:
    """Puzzles of a whole public set, for an extended (``slow``) run; skips the test without it."""
    path = SHARED_PUZZLES / name
    if not path.is_file():
        pytest.skip(f"{name}: the whole set is not at {SHARED_PUZZLES} "
                    "(set PYSOLVER_SHARED_PUZZLES to the folder of the public puzzle sets)")
    return read_lines(path, limit, step)


def node_json(script: Path, module: str, *args: str) -> dict[str, Any]:
    """What the Node ``script`` (a check of web/js/``module``.js) prints as JSON, given ``args``."""
    node = shutil.which("node")
    if node is None:
        pytest.fail(f"node not found: this test runs web/js/{module}.js under Node")
    out = subprocess.run([node, str(script), *args], capture_output=True, text=True, check=True,
                         timeout=60).stdout
    found: dict[str, Any] = json.loads(out)
    return found
