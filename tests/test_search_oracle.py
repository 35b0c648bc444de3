"""The search against an independent oracle: Knuth's Algorithm X (exact cover), as a brute-force
count of solutions, and the command line's text path against the ``Grid`` path.

The search propagates singles and locked candidates and branches on cells or on a digit's places
in a house; an elimination it got wrong would lose solutions, a missed contradiction would add
some. Algorithm X knows none of that: every (cell, digit) is a row covering four constraints
(the cell, the digit in its row, column and box), and a solution is an exact cover. The default
run checks random blanked grids of 4×4, 6×6 and 9×9 and the tests/data samples; the ``slow`` run
every puzzle of the whole public sets (``PYSOLVER_SHARED_PUZZLES``).
"""

from __future__ import annotations

import random
from itertools import islice
from typing import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pysolver.errors import PuzzleError
from pysolver.geometry import BOX_SHAPES
from pysolver.grid import Grid
from pysolver import search
from pysolver.search import count_line, count_solutions, iter_solution_lines, iter_solutions
from tests.helpers import full_set_lines, puzzle_lines

Cover = dict[tuple[str, int, int], set[tuple[int, int]]]


def exact_cover_count(puzzle: Grid, limit: int) -> int:
    """How many solutions ``puzzle`` has (at most ``limit``), by Algorithm X on dicts of sets
    (Ali Assaf's formulation of Knuth's dancing links)."""
    geo = puzzle.geometry
    n = geo.n
    rows = {(cell, digit): [("cell", cell, 0), ("row", geo.row_of[cell], digit),
                            ("col", geo.col_of[cell], digit), ("box", geo.box_of[cell], digit)]
            for cell in range(geo.cell_count) for digit in range(1, n + 1)}
    columns: Cover = {}
    for choice, covered in rows.items():
        for column in covered:
            columns.setdefault(column, set()).add(choice)

    def select(choice: tuple[int, int]) -> list[set[tuple[int, int]]]:
        removed = []
        for column in rows[choice]:
            for other in columns[column]:
                for other_column in rows[other]:
                    if other_column != column:
                        columns[other_column].remove(other)
            removed.append(columns.pop(column))
        return removed

    def deselect(choice: tuple[int, int], removed: list[set[tuple[int, int]]]) -> None:
        for column in reversed(rows[choice]):
            columns[column] = removed.pop()
            for other in columns[column]:
                for other_column in rows[other]:
                    if other_column != column:
                        columns[other_column].add(other)

    def covers() -> Iterator[None]:
        if not columns:
            yield None
            return
        column = min(columns, key=lambda c: len(columns[c]))
        for choice in list(columns[column]):
            removed = select(choice)
            yield from covers()
            deselect(choice, removed)

    for cell, digit in enumerate(puzzle.values):
        if digit:
            if any(c not in columns or (cell, digit) not in columns[c]
                   for c in rows[(cell, digit)]):
                return 0  # the clue clashes with an earlier one
            select((cell, digit))
    found = 0
    for _ in covers():
        found += 1
        if found >= limit:
            break
    return found


def pattern_grid(n: int, rng: random.Random) -> Grid:
    """A full valid n×n grid: the shifted-row pattern, digits relabelled, rows shuffled in bands."""
    br, bc = BOX_SHAPES[n]
    relabel = rng.sample(range(1, n + 1), n)
    rows = [band * br + r for band in rng.sample(range(n // br), n // br)
            for r in rng.sample(range(br), br)]
    empty = Grid.empty(n)
    return Grid(empty.geometry, tuple(relabel[(bc * (r % br) + r // br + c) % n]
                                      for r in rows for c in range(n)))


def blanked_pattern(n: int, rng: random.Random, share: float) -> Grid:
    """A pattern grid keeping about ``share`` of its cells (9×9: at least half, so that the
    brute force stays quick)."""
    keep = 0.5 + share / 2 if n == 9 else share
    full = pattern_grid(n, rng)
    return Grid(full.geometry, tuple(v if rng.random() < keep else 0 for v in full.values))


@settings(max_examples=80, deadline=None)
@given(st.sampled_from([4, 6, 9]), st.randoms(use_true_random=False), st.floats(0.0, 1.0))
def test_counts_agree_with_exact_cover(n: int, rng: random.Random, share: float) -> None:
    puzzle = blanked_pattern(n, rng, share)
    assert count_solutions(puzzle, 60) == exact_cover_count(puzzle, 60)


def row_section_solutions(puzzle: Grid, plain_nodes: int, limit: int) -> list[tuple[int, ...]]:
    """The solutions the 25×25 search finds for ``puzzle`` (at most ``limit``), looking ahead
    after ``plain_nodes`` plain nodes: the layout without the exact-cover state runs on the row
    section alone (``_settle_planes``, the lookahead once patience runs out), as from 25×25 on,
    where the brute force is out of reach."""
    t = search.Layout(puzzle.geometry, exact_cover=False)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(search, "_LOOKAHEAD_FROM", 4)
        patch.setattr(search, "_PLAIN_NODES", plain_nodes)
        return [tuple(search.solution_values(t, cand)) for cand in
                islice(search.raw_solutions(t, search.clue_bits(t, puzzle.values)), limit)]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from([4, 6, 9]), st.randoms(use_true_random=False), st.floats(0.0, 1.0),
       st.sampled_from([0, 1, 3, 10]))
def test_exact_cover_search_restarting_with_lookahead_agrees(n: int, rng: random.Random,
                                                             share: float,
                                                             plain_nodes: int) -> None:
    # As at 16×16: the exact-cover search that finds nothing within its patience starts again
    # on the row section with the lookahead; once a solution is out it never starts again.
    puzzle = blanked_pattern(n, rng, share)
    plain = [g.values for g in iter_solutions(puzzle, 60)]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(search, "_LOOKAHEAD_FROM", 4)
        patch.setattr(search, "_PLAIN_NODES", plain_nodes)
        found = [g.values for g in iter_solutions(puzzle, 60)]
    assert len(found) == len(set(found)) == exact_cover_count(puzzle, 60)
    if len(found) < 60:
        assert set(found) == set(plain)


@settings(max_examples=100, deadline=None)
@given(st.sampled_from([4, 6, 9]), st.randoms(use_true_random=False), st.floats(0.0, 1.0),
       st.sampled_from([0, 1, 3, 10, 1000]))
def test_row_section_search_counts_agree_with_exact_cover(n: int, rng: random.Random,
                                                          share: float, plain_nodes: int) -> None:
    # The 25×25 search (folds over the digit planes; the lookahead's forced candidates, dilemmas
    # and probes started from the probes of the states it came from; the restart into it) on
    # small grids: plain (1000 nodes), looking ahead from the top (0) or after a few plain nodes.
    puzzle = blanked_pattern(n, rng, share)
    plain = {g.values for g in iter_solutions(puzzle, 60)}
    found = row_section_solutions(puzzle, plain_nodes, 60)
    assert len(found) == len(set(found)) == exact_cover_count(puzzle, 60)
    if len(found) < 60:
        assert set(found) == plain


@pytest.mark.parametrize("plain_nodes", [0, 2, 50])
def test_lookahead_finds_every_solution_of_figure_4_9(plain_nodes: int) -> None:
    figure_4_9 = Grid.parse(
        ".51..9483.9...8.6..6..1.7.26.5..12.....2.4.....27....5.....2.7..2.1...5.4785...2.")
    plain = {g.values for g in iter_solutions(figure_4_9)}
    looked = row_section_solutions(figure_4_9, plain_nodes, 1000)
    assert len(plain) == len(looked) == 127 and set(looked) == plain


@settings(max_examples=40, deadline=None)
@given(st.sampled_from([4, 6]), st.randoms(use_true_random=False))
def test_counts_agree_with_exact_cover_on_clashing_clues(n: int, rng: random.Random) -> None:
    values = [rng.choice(range(n + 1)) if rng.random() < 0.3 else 0 for _ in range(n * n)]
    puzzle = Grid(Grid.empty(n).geometry, tuple(values))
    assert count_solutions(puzzle, 30) == exact_cover_count(puzzle, 30)


#: tests/data files and how many of their first puzzles the default run counts both ways
#: (Algorithm X takes about a second on one of the forum's hardest).
SAMPLES = {"norvig_top95.txt": 6, "tdoku_puzzles6_forum_hardest_1106.txt": 3,
           "tdoku_puzzles7_serg_benchmark_every20.txt": 12}


@pytest.mark.parametrize("name, count", list(SAMPLES.items()), ids=list(SAMPLES))
def test_sample_counts_agree_with_exact_cover(name: str, count: int) -> None:
    for line in puzzle_lines(name, limit=count):
        assert count_line(line, limit=3) == exact_cover_count(Grid.parse(line), 3), line


@pytest.mark.parametrize("name", list(SAMPLES))
def test_text_path_gives_the_grid_path_solutions(name: str) -> None:
    for line in puzzle_lines(name, limit=8):
        grid = Grid.parse(line)
        assert list(iter_solution_lines(line, limit=4)) == [
            g.line() for g in iter_solutions(grid, limit=4)], line
        assert count_line(line, limit=4) == count_solutions(grid, limit=4)


def test_text_path_reads_pictures_alphabets_and_sizes() -> None:
    picture = Grid.parse(puzzle_lines("norvig_top95.txt", limit=1)[0]).picture()
    assert list(iter_solution_lines(picture)) == [g.line() for g in iter_solutions(
        Grid.parse(picture))]
    rng = random.Random(7)
    for n in (4, 6, 12, 16, 25):
        full = pattern_grid(n, rng)
        puzzle = Grid(full.geometry, tuple(v if rng.random() < 0.7 else 0 for v in full.values))
        alphabets = ["digits", "letters"] + (["hex"] if n == 16 else [])
        for alphabet in alphabets:
            text = puzzle.line(alphabet)
            assert list(iter_solution_lines(text, alphabet, limit=2)) == [
                g.line(alphabet) for g in iter_solutions(puzzle, limit=2)], (n, alphabet)
            assert list(iter_solution_lines(text.lower(), alphabet, limit=1)) == [
                g.line(alphabet) for g in iter_solutions(puzzle, limit=1)], (n, alphabet)


@pytest.mark.parametrize("text", [
    "1..1" + "." * 12,  # a clash: no solution, so the Grid path names it
    "1x" + "." * 14,  # a bad character
    "." * 15,  # a bad length
    "Z" + "." * 255,  # beyond the 16×16 digits
])
def test_text_path_raises_what_grid_parse_raises(text: str) -> None:
    with pytest.raises(PuzzleError) as expected:
        Grid.parse(text)
    with pytest.raises(PuzzleError) as raised:
        list(iter_solution_lines(text))
    assert (type(raised.value), str(raised.value)) == (type(expected.value), str(expected.value))
    with pytest.raises(PuzzleError) as counted:
        count_line(text)
    assert str(counted.value) == str(expected.value)


#: Whole public sets and the step between the puzzles counted both ways (a few hundred each).
FULL_SETS = {
    "norvig_top95.txt": 1,
    "norvig_hardest.txt": 1,
    "tdoku_puzzles6_forum_hardest_1106.txt": 2,
    "tdoku_puzzles3_magictour_top1465.txt": 5,
    "tdoku_puzzles5_forum_hardest_1905_11plus.txt": 200,
    "tdoku_puzzles7_serg_benchmark.txt": 40,
}


@pytest.mark.slow
@pytest.mark.parametrize("name, step", list(FULL_SETS.items()), ids=list(FULL_SETS))
def test_whole_set_counts_agree_with_exact_cover(name: str, step: int) -> None:
    for line in full_set_lines(name, step=step):
        assert count_line(line, limit=2) == exact_cover_count(Grid.parse(line), 2), line
