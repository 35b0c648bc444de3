"""Every technique on whole puzzle files: each placement and elimination agrees with the unique
solution (0 wrong), and which techniques the logic used, so none goes untested on real puzzles.

The logic runs with uniqueness allowed (every puzzle here has one solution): by default every
technique but the forcing chains and nets (seconds per stalled position; their own tests cover
them), under ``slow`` every technique on whole files.
"""

from __future__ import annotations

from collections import Counter
from typing import Callable

import pytest

from pysolver.board import Board
from pysolver.grid import Grid
from pysolver.logic import Settings, apply_step, next_step
from pysolver.search import solve
from pysolver.techniques.registry import TECHNIQUES
from tests.helpers import full_set_lines, puzzle_lines

EVERYTHING = Settings(unique=True)
NO_FORCING = Settings(disabled=frozenset(t.slug for t in TECHNIQUES if t.family == "forcing chains"),
                      unique=True)


def check_file(puzzles: list[str], settings: Settings = EVERYTHING) -> tuple[int, Counter[str]]:
    """Solve each puzzle by logic; return how many finished, and how often each technique ran.

    Fails at the first step that places a wrong digit or removes the solution's digit.
    """
    used: Counter[str] = Counter()
    finished = 0
    for puzzle in puzzles:
        grid = Grid.parse(puzzle)
        solution = solve(grid)
        assert solution is not None
        board = Board.from_grid(grid)
        while (step := next_step(board, settings)) is not None:
            used[step.technique.slug] += 1
            wrong = [(c, d) for c, d in step.placements if solution[c] != d] + [
                (c, d) for c, d in step.eliminations if solution[c] == d]
            assert not wrong, f"{puzzle}: {step.text}"
            board = apply_step(board, step)
        finished += board.is_solved()
    return finished, used


def test_top95_is_sound_and_uses_the_new_families() -> None:
    finished, used = check_file(puzzle_lines("norvig_top95.txt"), NO_FORCING)
    assert finished >= 49  # the basic techniques finish 29 of the 95
    for slug in ("skyscraper", "two-string-kite", "empty-rectangle", "xy-wing", "w-wing",
                 "finned-fish", "unique-rectangle", "hidden-rectangle", "sue-de-coq"):
        assert used[slug] > 0, slug


#: Whole files with every technique on, the nested forcing nets included (seconds to a minute per
#: forum puzzle on a shared core: magictour's 1465 take about an hour, the forum's 375 some hours).
#: The forum's 11+ list is in tests/data every 33rd line: its first 100 here; the whole public
#: files feed the extended run.
@pytest.mark.slow
@pytest.mark.parametrize("name, limit, lines", [
    ("tdoku_puzzles3_magictour_top1465.txt", None, puzzle_lines),
    ("tdoku_puzzles6_forum_hardest_1106.txt", None, puzzle_lines),
    ("tdoku_puzzles5_forum_hardest_1905_11plus_every33.txt", 100, puzzle_lines),
    ("tdoku_puzzles2_17_clue.txt", 2000, full_set_lines),
    ("kaggle_radcliffe3m_sample.txt", 2000, full_set_lines),
    ("tdoku_puzzles5_forum_hardest_1905_11plus.txt", 200, full_set_lines),
], ids=["magictour", "forum-1106", "forum-11plus-sample", "17-clue", "kaggle", "forum-11plus"])
def test_whole_files_are_sound(name: str, limit: int | None,
                               lines: Callable[..., list[str]]) -> None:
    finished, used = check_file(lines(name, limit=limit))
    assert sum(used.values()) > 0 and finished > 0
    if "forum" in name:  # the forum's hardest need the nested nets: their every step is checked
        assert used["nested-forcing-net"] > 0
