"""The search engine: exact solutions from the GTSPS thesis, counts, uniqueness, every grid size,
samples of public puzzle sets, and soundness properties."""

from __future__ import annotations

import random
from itertools import islice
from pathlib import Path
from typing import Any
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pysolver import search
from pysolver.classify import classify
from pysolver.geometry import BOX_SHAPES
from pysolver.grid import Grid
from pysolver.search import (SearchBudgetExceeded, _locked_eliminations, _locks, candidate_bit,
                             clue_bits, count_line, count_solutions, iter_solutions, layout,
                             raw_solutions, solve, uniqueness)
from tests.helpers import (FIGURE_4_2, FIGURE_4_2_SOLUTION, FIGURE_4_9, FIGURE_4_9_SOLUTIONS,
                           puzzle_lines)

#: A 4×4 puzzle without repeated digits but with no solution: r1c1 can only be 1, and column 1
#: already holds a 1.
NO_SOLUTION = ".23.4...1......."
#: Every tests/data file, and how many of its first puzzles to solve (a few hundred in all).
SAMPLES = {
    "norvig_top95.txt": 40,
    "norvig_hardest.txt": 11,
    "norvig_easy50.txt": 50,
    "norvig_sudoku10k_first100.txt": 30,
    "tdoku_puzzles1_unbiased_first1000.txt": 40,
    "tdoku_puzzles2_17_clue_every33.txt": 40,
    "tdoku_puzzles3_magictour_top1465.txt": 30,
    "tdoku_puzzles5_forum_hardest_1905_11plus_every33.txt": 20,
    "tdoku_puzzles6_forum_hardest_1106.txt": 20,
    "kaggle_radcliffe3m_sample_every7.txt": 30,
    "kaggle_bryanpark1m_first.txt": 30,
}
SERG = "tdoku_puzzles7_serg_benchmark_every20.txt"


def pattern_grid(n: int) -> Grid:
    """A full valid n×n grid made by shifting rows: the classic base pattern."""
    grid = Grid.empty(n)
    br, bc = grid.geometry.box_rows, grid.geometry.box_cols
    values = tuple((bc * (r % br) + r // br + c) % n + 1 for r in range(n) for c in range(n))
    return Grid(grid.geometry, values)


def blanked(grid: Grid, rng: random.Random, keep: float) -> Grid:
    """``grid`` with each cell kept as a clue with probability ``keep``."""
    return Grid(grid.geometry, tuple(v if rng.random() < keep else 0 for v in grid.values))


def extends(solution: Grid, puzzle: Grid) -> bool:
    """Every clue of ``puzzle`` stands in ``solution``."""
    return all(p in (0, s) for p, s in zip(puzzle.values, solution.values))


def test_figure_4_2_solution_is_the_thesis_one() -> None:
    solution = solve(Grid.parse(FIGURE_4_2))
    assert solution is not None and str(solution) == FIGURE_4_2_SOLUTION


def test_figure_4_2_is_unique() -> None:
    assert [str(g) for g in iter_solutions(Grid.parse(FIGURE_4_2))] == [FIGURE_4_2_SOLUTION]


def test_figure_4_9_has_127_distinct_valid_solutions() -> None:
    puzzle = Grid.parse(FIGURE_4_9)
    solutions = list(iter_solutions(puzzle))
    assert len(solutions) == FIGURE_4_9_SOLUTIONS
    assert len({s.values for s in solutions}) == FIGURE_4_9_SOLUTIONS
    assert all(s.is_solved() and extends(s, puzzle) for s in solutions)
    assert count_solutions(puzzle) == FIGURE_4_9_SOLUTIONS


@pytest.mark.parametrize("limit", [0, 1, 10, 126, 127, 1000])
def test_limits_cap_the_count(limit: int) -> None:
    puzzle = Grid.parse(FIGURE_4_9)
    expected = min(limit, FIGURE_4_9_SOLUTIONS)
    assert count_solutions(puzzle, limit=limit) == expected
    assert len(list(iter_solutions(puzzle, limit=limit))) == expected


def test_first_of_iter_solutions_is_solve() -> None:
    puzzle = Grid.parse(FIGURE_4_9)
    assert next(iter_solutions(puzzle)) == solve(puzzle)


def test_no_solution() -> None:
    puzzle = Grid.parse(NO_SOLUTION)
    assert solve(puzzle) is None
    assert list(iter_solutions(puzzle)) == []
    assert count_solutions(puzzle) == 0


def test_repeated_digits_mean_no_solution_not_an_error() -> None:
    puzzle = Grid.parse("5" + FIGURE_4_2_SOLUTION[1:9] + "5" + "." * 71, check=False)
    assert solve(puzzle) is None
    assert uniqueness(puzzle) == "none"


@pytest.mark.parametrize("n", sorted(BOX_SHAPES), ids=lambda n: f"{n}x{n}")
@pytest.mark.parametrize("kind", ["row", "column", "box"])
def test_a_digit_twice_in_any_house_means_no_solution(n: int, kind: str) -> None:
    geometry = Grid.empty(n).geometry
    house = geometry.houses[("row", "column", "box").index(kind) * n]
    values = [0] * geometry.cell_count
    values[house[0]] = values[house[-1]] = n
    puzzle = Grid(geometry, tuple(values))
    assert solve(puzzle) is None
    assert count_solutions(puzzle) == 0


def _locks_by_definition(section: int, n: int, box_rows: int, box_cols: int,
                         bit: dict[tuple[int, int, int], int]) -> bool:
    """Whether some digit has a place in a segment (a row's piece of a box) that is alone in its
    box but not in its row, or alone in its row but not in its box, cell by cell."""
    for digit in range(1, n + 1):
        occupied = {(r, c // box_cols) for r in range(n) for c in range(n)
                    if section & bit[r, c, digit]}
        for r, stack in occupied:
            alone_in_row = not any((r, other) in occupied for other in range(n // box_cols)
                                   if other != stack)
            band = r - r % box_rows
            alone_in_box = not any((other, stack) in occupied
                                   for other in range(band, band + box_rows) if other != r)
            if alone_in_row != alone_in_box:
                return True
    return False


@pytest.mark.parametrize("n", sorted(BOX_SHAPES), ids=lambda n: f"{n}x{n}")
def test_the_locked_candidates_test_keeps_to_its_definition(n: int) -> None:
    """The search's quick test for locked candidates (a multiplication per count) says what the
    definition says, on solved grids with random extra candidates, and never misses what
    ``_locked_eliminations`` removes."""
    geometry = Grid.empty(n).geometry
    t = layout(geometry)
    box_rows, box_cols = geometry.box_rows, geometry.box_cols
    bit = {(cell // n, cell % n, digit): candidate_bit(t, cell, digit)
           for cell in range(n * n) for digit in range(1, n + 1)}
    rng = random.Random(n)
    solved = solve(Grid.empty(n))
    assert solved is not None
    grid = sum(bit[cell // n, cell % n, value] for cell, value in enumerate(solved.values))
    others = [b for b in bit.values() if not grid & b]
    found = {True: 0, False: 0}
    for trial in range(160):
        if trial % 2:
            section = grid | sum(rng.sample(others, rng.choice([0, 1, 2, 3, 5, 8, 13, 40])))
        else:  # each digit in one or several rows of every band and stacks (one digit may mix)
            section = 0
            mixed = rng.randint(1, 3 * n)
            for digit in range(1, n + 1):
                several = [rng.random() < 0.5] * 2
                if digit == mixed:
                    several[rng.randint(0, 1)] ^= True
                stacks = rng.sample(range(n // box_cols),
                                    rng.randint(2, n // box_cols) if several[0] else 1)
                rows = [r for band in range(0, n, box_rows) for r in rng.sample(
                    range(band, band + box_rows), rng.randint(2, box_rows) if several[1] else 1)]
                section |= sum(bit[r, c, digit] for r in rows for c in range(n)
                               if c // box_cols in stacks)
        says = _locks(section, t)
        assert says == _locks_by_definition(section, n, box_rows, box_cols, bit)
        assert says or not section & _locked_eliminations(section, t)
        found[says] += 1
    assert found[True] and found[False]


@pytest.mark.parametrize("text, expected", [
    pytest.param(FIGURE_4_2, "unique", id="figure-4.2"),
    pytest.param(FIGURE_4_9, "multiple", id="figure-4.9"),
    pytest.param(NO_SOLUTION, "none", id="contradiction"),
    pytest.param("." * 16, "multiple", id="empty-4x4"),
    pytest.param(FIGURE_4_2_SOLUTION, "unique", id="solved"),
])
def test_uniqueness(text: str, expected: str) -> None:
    assert uniqueness(Grid.parse(text)) == expected


def test_empty_4x4_has_288_solutions() -> None:
    # The number of 4×4 Sudoku grids (Shidoku) is 288.
    assert count_solutions(Grid.empty(4)) == 288


@pytest.mark.parametrize("text", [FIGURE_4_9, "." * 16], ids=["figure-4.9", "empty-4x4"])
def test_a_preferred_solution_comes_first_and_the_rest_all_the_same(text: str) -> None:
    puzzle = Grid.parse(text)
    t = layout(puzzle.geometry)
    clues = clue_bits(t, puzzle.values)
    plain = list(raw_solutions(t, clues))
    for preferred in (plain[-1], plain[len(plain) // 2]):
        found = list(raw_solutions(t, clues, prefer=preferred))
        assert found[0] == preferred
        assert sorted(found) == sorted(plain)
        # Banning one of its digits (the generator's search for another solution).
        banned = preferred & -preferred
        others = list(raw_solutions(t, clues, banned, prefer=preferred))
        assert sorted(others) == sorted(s for s in plain if not s & banned)


def test_search_is_deterministic() -> None:
    puzzle = Grid.parse(FIGURE_4_9)
    assert list(iter_solutions(puzzle)) == list(iter_solutions(puzzle))


@pytest.mark.parametrize("n", sorted(BOX_SHAPES), ids=lambda n: f"{n}x{n}")
def test_every_size_solves_a_blanked_pattern_grid(n: int) -> None:
    full = pattern_grid(n)
    assert full.is_solved()
    puzzle = blanked(full, random.Random(n), keep=0.5 if n <= 16 else 0.6)
    solution = solve(puzzle)
    assert solution is not None
    assert solution.is_solved() and extends(solution, puzzle)


@pytest.mark.parametrize("n", sorted(BOX_SHAPES), ids=lambda n: f"{n}x{n}")
def test_every_size_empty_grid_has_a_solution(n: int) -> None:
    solution = solve(Grid.empty(n))
    assert solution is not None and solution.is_solved()


@pytest.mark.parametrize("name, count", list(SAMPLES.items()), ids=list(SAMPLES))
def test_puzzle_set_samples_solve(name: str, count: int) -> None:
    for line in puzzle_lines(name, limit=count):
        puzzle = Grid.parse(line)
        solution = solve(puzzle)
        assert solution is not None, line
        assert solution.is_solved() and extends(solution, puzzle), line


def test_serg_benchmark_puzzles_have_several_solutions() -> None:
    for line in puzzle_lines(SERG, limit=30):
        assert uniqueness(Grid.parse(line)) == "multiple", line


def test_unique_puzzles_are_unique() -> None:
    for line in puzzle_lines("norvig_top95.txt", limit=20):
        assert uniqueness(Grid.parse(line)) == "unique", line


@st.composite
def solved_grids(draw: st.DrawFn) -> Grid:
    """A full valid grid: the pattern grid with its digits relabelled and rows swapped in bands."""
    n = draw(st.sampled_from([4, 6, 9]))
    base = pattern_grid(n)
    relabel = draw(st.permutations(range(1, n + 1)))
    br = base.geometry.box_rows
    bands = [draw(st.permutations(range(b * br, (b + 1) * br))) for b in range(n // br)]
    rows = [r for band in bands for r in band]
    values = tuple(relabel[base.values[r * n + c] - 1] for r in rows for c in range(n))
    return Grid(base.geometry, values)


@settings(max_examples=60, deadline=None)
@given(solved_grids(), st.randoms(use_true_random=False), st.floats(0.2, 0.9))
def test_a_solution_of_a_blanked_solved_grid_extends_it(
        full: Grid, rng: random.Random, keep: float) -> None:
    assert full.is_solved()
    puzzle = blanked(full, rng, keep)
    solutions = list(iter_solutions(puzzle, limit=3))
    assert solutions, "a blanked solved grid always has a solution"
    assert len({s.values for s in solutions}) == len(solutions)
    for solution in solutions:
        assert solution.is_solved() and extends(solution, puzzle)
    assert uniqueness(puzzle) == ("unique" if len(solutions) == 1 else "multiple")


@settings(max_examples=40, deadline=None)
@given(solved_grids())
def test_a_solved_grid_is_its_own_unique_solution(full: Grid) -> None:
    assert list(iter_solutions(full)) == [full]


@pytest.mark.parametrize("limit", [-1, "3", 2.0, True])
def test_a_limit_that_is_no_count_is_refused_by_name(limit: object) -> None:
    grid = Grid.empty(4)
    for call in (lambda: count_solutions(grid, limit),  # type: ignore[arg-type]
                 lambda: list(iter_solutions(grid, limit)),  # type: ignore[arg-type]
                 lambda: count_line("." * 16, limit=limit)):  # type: ignore[arg-type]
        with pytest.raises(ValueError, match=f"0 or more .*not {re.escape(repr(limit))}$"):
            call()


#: A 9×9 puzzle without a solution (no two equal digits share a house) whose refutation took plain
#: guessing 4.7 million nodes (20 s); ``tests/test_cli_generate.py`` rates it.
HARD_NO_SOLUTION = ".....5.8....6.1.43..........1.5........1.6...3.......553.....61........4........."


def test_a_small_grid_that_plain_search_cannot_refute_soon_is_refuted_by_the_lookahead(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """After ``_SMALL_PLAIN_NODES`` plain nodes without a solution the search starts again with the
    lookahead, which refutes this puzzle at once: counted in plain nodes, not in seconds."""
    plain_nodes = 0
    settle = search._settle_cover

    def counted(*args: Any, **kwargs: Any) -> Any:
        nonlocal plain_nodes
        plain_nodes += 1
        assert plain_nodes <= 2 * search._SMALL_PLAIN_NODES, "plain search went on"
        return settle(*args, **kwargs)

    monkeypatch.setattr(search, "_settle_cover", counted)
    assert count_line(HARD_NO_SOLUTION) == 0
    assert plain_nodes == search._SMALL_PLAIN_NODES


#: Line 3 of bench/data/unique16x16_seed15.txt with 25 more clues removed and one digit changed
#: (r6c15 A instead of its solution's digit): several solutions, which the lookahead finds at once
#: and a plain search did not find within the classification's 200,000 nodes (6 s).
SEVERAL_16X16 = ("........E.....1A4.8.C.......6D....FE..1..6..92G.3.........1..75.....7....D..8A..."
                 "89...4......B....56DB..4.............C.2..........4.6E.......7..C....F..7.E.1.D."
                 "7..8.3B..2.AC6..F1..C.........G.4.F.8..5....6D......4D1.A..C9F.G..A........5...."
                 ".D......2...E..")


def test_a_budgeted_search_told_to_restart_looks_ahead_within_its_budget() -> None:
    """The classification's question must be answered: with ``restart`` a 16×16 search within a
    budget starts again with the lookahead after ``_PLAIN_NODES`` plain nodes, as an unbudgeted
    one does, where without it the same budget runs out; the plain nodes count in the budget."""
    t = search.layout(Grid.parse(SEVERAL_16X16).geometry)
    clues = clue_bits(t, Grid.parse(SEVERAL_16X16).values)
    with pytest.raises(SearchBudgetExceeded):
        list(islice(raw_solutions(t, clues, budget=200_000), 2))
    assert len(list(islice(raw_solutions(t, clues, budget=200_000, restart=True), 2))) == 2
    # Restarted, the search has only what the plain nodes left of its budget.
    with pytest.raises(SearchBudgetExceeded):
        list(islice(raw_solutions(t, clues, budget=search._PLAIN_NODES + 1, restart=True), 2))
    assert classify(Grid.parse(SEVERAL_16X16)).kind == "several"


def test_a_restarted_budgeted_search_keeps_only_the_rest_of_its_budget_after_a_solution() -> None:
    """Past its first solution a search never starts again: a restartable one then counts what is
    left of its budget, not nothing (an empty grid's solutions would come for ever)."""
    budget = 2 * search._SMALL_PLAIN_NODES
    t = search.layout(Grid.empty(9).geometry)
    found = raw_solutions(t, clue_bits(t, Grid.empty(9).values), budget=budget, restart=True)
    with pytest.raises(SearchBudgetExceeded):
        list(islice(found, 10 * budget))


def test_the_lookahead_skips_placements_that_cannot_fail_and_keeps_its_tree(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A candidate that a successful probe placed cannot fail, and its choice is probed only if it
    might be a dilemma or the best: on line 6 of bench/data/random25x25.txt the search still
    looks ahead at 9 nodes, as when it probed every choice, but tries 258 placements, not 674."""
    nodes, tried = 0, 0
    lookahead = search._lookahead

    def counted(*args: Any) -> Any:
        nonlocal nodes, tried
        guesses, placements, probes = lookahead(*args)
        nodes, tried = nodes + 1, tried + placements
        return guesses, placements, probes

    monkeypatch.setattr(search, "_lookahead", counted)
    data = Path(__file__).resolve().parents[1] / "bench" / "data" / "random25x25.txt"
    puzzle = Grid.parse(data.read_text(encoding="utf-8").split()[5])
    solution = solve(puzzle)
    assert solution is not None and solution.is_solved()
    assert all(solution.values[i] == v for i, v in enumerate(puzzle.values) if v)
    assert nodes == 9
    assert tried <= 300, f"{tried} placements tried"
