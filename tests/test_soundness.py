"""Every technique is sound: on public puzzle files, the logic with every technique switched on makes
no placement and no elimination that contradicts the puzzle's unique solution.

The default run checks a few of Norvig's top95 (chains, colouring, forcing chains and nets all
fire on them); ``-m slow`` runs thousands: all of top95 and magictour top1465, 1000 17-clue
puzzles, and 200 of the forum's hardest (on which the forcing nets work hardest before stalling).
"""

from __future__ import annotations

import os
from collections import Counter
from pathlib import Path

import pytest

from pysolver.board import Board
from pysolver.grid import Grid
from pysolver.logic import apply_step, next_step
from pysolver.search import solve

ROOT = Path(__file__).resolve().parents[1]
#: The repository's test data first; $PYSOLVER_PUZZLES or ../shared/puzzles feed extended runs.
SOURCES = tuple(Path(p) for p in (os.environ.get("PYSOLVER_PUZZLES", ""),) if p) + (
    ROOT / "tests" / "data", ROOT.parent / "shared" / "puzzles")


def puzzles(name: str, limit: int | None = None) -> list[str]:
    """The file's puzzles (first ``limit``), from the test data or the shared folder."""
    for folder in SOURCES:
        path = folder / name
        if path.exists():
            lines = [line.strip()[:81] for line in path.read_text().splitlines()
                     if len(line.strip()) >= 81 and not line.startswith("#")]
            return lines[:limit]
    pytest.skip(f"{name} is in neither tests/data nor $PYSOLVER_PUZZLES nor ../shared/puzzles")


def check(puzzle: str, used: Counter[str]) -> bool:
    """Run the logic to its end; fail on any wrong deduction; return whether it solved the puzzle."""
    grid = Grid.parse(puzzle)
    solution = solve(grid)
    assert solution is not None
    board = Board.from_grid(grid)
    while (step := next_step(board)) is not None:
        wrong = [(c, d) for c, d in step.eliminations if solution.values[c] == d]
        wrong += [(c, d) for c, d in step.placements if solution.values[c] != d]
        assert not wrong, f"{puzzle}: {step.text} is wrong about {wrong}"
        used[step.technique.slug] += 1
        board = apply_step(board, step)
    return board.is_solved()


def test_a_few_top95_puzzles_with_every_technique() -> None:
    used: Counter[str] = Counter()
    solved = sum(check(p, used) for p in puzzles("norvig_top95.txt", 12))
    assert solved == 12
    assert {"aic", "forcing-net"} <= set(used)


SLOW_FILES = [("norvig_top95.txt", None), ("tdoku_puzzles3_magictour_top1465.txt", None),
              ("tdoku_puzzles2_17_clue.txt", 1000),
              ("tdoku_puzzles5_forum_hardest_1905_11plus.txt", 200)]


@pytest.mark.slow
@pytest.mark.parametrize("name, limit", SLOW_FILES, ids=[name for name, _ in SLOW_FILES])
def test_no_wrong_deduction_on_whole_files(name: str, limit: int | None) -> None:
    used: Counter[str] = Counter()
    for puzzle in puzzles(name, limit):
        check(puzzle, used)
    assert used
