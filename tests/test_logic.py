"""The basic techniques on real puzzles: every step sound, and *stuck* only at their true fixpoint.

The engine runs with the basic techniques only (singles, intersections, chain and pile exclusion,
fish), the ones the brute force below knows; every other technique is tested in its own file and
all together in test_techniques_soundness.

Soundness: each placement agrees with the puzzle's unique solution and no elimination removes a
solution digit. Completeness: when the engine stops short of a solution, an independent brute force
written here (every naked and hidden subset of every size, every fish, every intersection, every
single) finds nothing left. Thousands of puzzles run by default; whole hard sets under ``slow``.
"""

from __future__ import annotations

import itertools
from typing import Callable, Iterator

import pytest

from pysolver.board import Board
from pysolver.grid import Grid
from pysolver.logic import FIGURE_4_2, Settings, apply_step, next_step, solve_by_logic
from pysolver.techniques.registry import BASIC_MODULES, TECHNIQUES
from pysolver.search import solve
from pysolver.techniques.exclusion import CHAIN_EXCLUSION
from pysolver.techniques.singles import HIDDEN_SINGLE, NAKED_SINGLE
from tests.helpers import FIGURE_4_2_SOLUTION, full_set_lines, puzzle_lines

SAMPLES = {
    "norvig_easy50": puzzle_lines("norvig_easy50.txt"),
    "norvig_top95": puzzle_lines("norvig_top95.txt"),
    "norvig_hardest": puzzle_lines("norvig_hardest.txt"),
    "forum_hardest_1106": puzzle_lines("tdoku_puzzles6_forum_hardest_1106.txt"),
    "magictour_top1465_sample": puzzle_lines("tdoku_puzzles3_magictour_top1465.txt", step=5),
    "unbiased_sample": puzzle_lines("tdoku_puzzles1_unbiased_first1000.txt", limit=500),
    "kaggle_radcliffe_sample": puzzle_lines("kaggle_radcliffe3m_sample_every7.txt", limit=1000),
}
#: Whole hard sets, read when the slow test runs: top1465 is in tests/data whole; the forum's
#: hardest comes from the whole public set of an extended run (tests/helpers.py).
SLOW_SAMPLES: dict[str, Callable[[], list[str]]] = {
    "magictour_top1465": lambda: puzzle_lines("tdoku_puzzles3_magictour_top1465.txt"),
    "forum_hardest_11plus_first5000": lambda: full_set_lines(
        "tdoku_puzzles5_forum_hardest_1905_11plus.txt", limit=5000),
}


def subsets_with_small_union(masks: list[int]) -> Iterator[tuple[int, int]]:
    """Every proper subset (as an index bitmask) whose members' union has as many bits as members.

    Plain enumeration of all 2^m subsets with the union built incrementally: the test's own brute
    force, sharing nothing with the engine's matching-based search.
    """
    m = len(masks)
    union = [0] * (1 << m)
    for subset in range(1, (1 << m) - 1):
        low = subset & -subset
        union[subset] = union[subset ^ low] | masks[low.bit_length() - 1]
        if union[subset].bit_count() == subset.bit_count():
            yield subset, union[subset]


def brute_force_deductions(board: Board) -> Iterator[str]:
    """Every kind of deduction the engine knows, found by trying all combinations."""
    geo = board.geometry
    cand = board.candidates
    for cell in board.empty_cells():
        if cand[cell].bit_count() == 1:
            yield f"naked single {cell}"
    for house, cells in enumerate(geo.houses):
        empty = [c for c in cells if not board.values[c]]
        masks = [cand[c] for c in empty]
        for subset, digits in subsets_with_small_union(masks):
            if any(masks[i] & digits for i in range(len(empty)) if not subset >> i & 1):
                yield f"naked subset {tuple(c for i, c in enumerate(empty) if subset >> i & 1)}"
        missing = [d for d in geo.digits if any(m >> (d - 1) & 1 for m in masks)]
        places = [sum(1 << i for i, m in enumerate(masks) if m >> (d - 1) & 1) for d in missing]
        for subset, holders in subsets_with_small_union(places):
            digit_mask = sum(1 << (d - 1) for i, d in enumerate(missing) if subset >> i & 1)
            if any(masks[i] & ~digit_mask for i in range(len(empty)) if holders >> i & 1):
                yield f"hidden subset of digits {digit_mask:b} in house {house}"
    for digit in geo.digits:
        bit = 1 << (digit - 1)
        for base_of, cover_of in ((geo.row_of, geo.col_of), (geo.col_of, geo.row_of)):
            lines: dict[int, int] = {}
            for cell in range(geo.cell_count):
                if cand[cell] & bit:
                    lines[base_of[cell]] = lines.get(base_of[cell], 0) | 1 << cover_of[cell]
            order = sorted(lines)
            covers = [lines[b] for b in order]
            for subset, cover in subsets_with_small_union(covers):
                if any(covers[i] & cover for i in range(len(order)) if not subset >> i & 1):
                    yield f"fish on {digit}"
        for house, cells in enumerate(geo.houses):
            holders = [c for c in cells if cand[c] & bit]
            for kind in range(3):
                targets = {geo.houses_of[c][kind] for c in holders}
                if holders and len(targets) == 1:
                    target = targets.pop()
                    if target != house and any(cand[c] & bit for c in geo.houses[target]
                                               if c not in cells):
                        yield f"intersection {digit} house {house} → {target}"


#: The basic techniques only: every later one switched off.
BASIC_ONLY = Settings(disabled=frozenset(t.slug for t in TECHNIQUES)
                      - {t.slug for module in BASIC_MODULES for t in module.TECHNIQUES})


def check_sound_and_complete(puzzle: str) -> None:
    grid = Grid.parse(puzzle)
    solution = solve(grid)
    assert solution is not None
    board = Board.from_grid(grid)
    while (step := next_step(board, BASIC_ONLY)) is not None:
        for cell, digit in step.placements:
            assert solution[cell] == digit, f"{step.text} places a wrong digit"
        for cell, digit in step.eliminations:
            assert solution[cell] != digit, f"{step.text} removes the solution digit of {cell}"
        assert step.placements or step.eliminations, f"{step.text} does nothing"
        board = apply_step(board, step)
    if not board.is_solved():
        left = list(itertools.islice(brute_force_deductions(board), 1))
        assert not left, f"stuck, but {left[0]} remains"


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_sound_and_complete_on_samples(name: str) -> None:
    for puzzle in SAMPLES[name]:
        check_sound_and_complete(puzzle)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(SLOW_SAMPLES))
def test_sound_and_complete_on_whole_hard_sets(name: str) -> None:
    for puzzle in SLOW_SAMPLES[name]():
        check_sound_and_complete(puzzle)


def test_figure_4_2_is_solved_by_singles() -> None:
    final, steps = solve_by_logic(Board.from_grid(Grid.parse(FIGURE_4_2)))
    assert str(final.grid()) == FIGURE_4_2_SOLUTION
    assert {s.technique for s in steps} <= {NAKED_SINGLE, HIDDEN_SINGLE}


def test_brute_force_sees_a_known_naked_pair() -> None:
    """The independent checker is not blind: it finds what the engine found on a real step."""
    for puzzle in SAMPLES["norvig_top95"]:
        board = Board.from_grid(Grid.parse(puzzle))
        while (step := next_step(board, BASIC_ONLY)) is not None:
            if step.technique is CHAIN_EXCLUSION:
                found = list(brute_force_deductions(board))
                assert f"naked subset {step.cells}" in found
                return
            board = apply_step(board, step)
    pytest.fail("no chain exclusion in top95")


def test_settings_refuse_a_slug_nobody_knows_and_a_bare_string() -> None:
    with pytest.raises(ValueError, match="unknown technique 'fsh'"):
        Settings(frozenset({"fsh"}))
    with pytest.raises(TypeError, match="not the string 'finned-fish'"):
        Settings("finned-fish")  # type: ignore[arg-type]
    assert Settings({"fish"}).disabled == frozenset({"fish"})  # type: ignore[arg-type]
