"""GTSPS (the thesis chapter): exact figures of Figures 4.2–4.9, and the same solutions as
the search engine on public puzzle sets."""

from __future__ import annotations

import itertools
import json
import random

import pytest

from pysolver.grid import Grid
from pysolver.gtsps import (GtspsLimitError, PermutationGraph, all_supervertices, box_permutations,
                            errors, gtsps_report, gtsps_solutions, permutation_label,
                            permutation_text, solve_gtsps)
from pysolver.gtsps import run
from pysolver.gtsps.lazy import count_cliques
from pysolver.gtsps.run import STAGES
from pysolver.gtsps.supervertices import Direction, line_boxes
from pysolver.search import count_solutions, iter_solutions
from tests.helpers import (FIGURE_4_2, FIGURE_4_2_SOLUTION, FIGURE_4_9, FIGURE_4_9_SOLUTIONS,
                           full_set_lines, puzzle_lines)

DIRECTIONS: tuple[Direction, ...] = ("band", "stack")

FIGURE_4_2_PERMUTATIONS = {
    1: "978235 978325",
    2: "59634 65934",
    3: "678192 678291 678921 876192 876291 876921",
    4: "648",
    5: "892357 893257",
    6: "362",
    7: "142367 143267 162347 163247",
    8: "46825 46852 48625 48652 56824 58624 62854 68425 68452",
    9: "249315 259314 342915 349215 352914 359214",
}
FIGURE_4_2_VERTICES = 33
FIGURE_4_2_EDGES = 104
# The 104 edges of Figure 4.3 as the thesis lists them, except that its list writes 9c for 9e in
# six edges: 8a-9c clashes (both put a 4 into row 7), while the thesis's own three-tuples
# (7c-8a-9e, 7a-8h-9e, …) use 8a-9e, 8h-9e. Corrected here: 8a/8b/8c/8d/8h/8i-9e.
FIGURE_4_3_EDGES = (
    "1a-2b 1a-3d 1a-3e 1a-3f 1a-4a 1b-4a 1a-7b 1a-7d 1b-7a 1b-7c 2a-3a 2a-3b 2a-3c 2b-3d 2b-3e "
    "2b-3f 2b-5b 2a-8e 2b-8f 2b-8g 3b-6a 3c-6a 3e-6a 3f-6a 3b-9a 3b-9b 3b-9d 3b-9f 3c-9c 3c-9e "
    "3e-9a 3e-9b 3e-9d 3e-9f 3f-9c 3f-9e 4a-5a 4a-5b 4a-6a 4a-7a 4a-7b 4a-7c 4a-7d 5a-6a 5b-6a "
    "5b-8c 5b-8f 5b-8h 6a-9a 6a-9b 6a-9c 6a-9d 6a-9e 6a-9f 7a-8g 7a-8h 7a-8i 7b-8h 7b-8i 7c-8a "
    "7c-8b 7c-8c 7c-8d 7c-8e 7c-8f 7d-8a 7d-8b 7d-8c 7d-8d 7d-8e 7d-8f 7a-9e 7a-9f 7b-9b 7c-9c "
    "7c-9d 7c-9e 7c-9f 7d-9a 7d-9b 8a-9b 8a-9e 8a-9f 8b-9b 8b-9e 8b-9f 8c-9b 8c-9e 8c-9f 8d-9b "
    "8d-9e 8d-9f 8e-9a 8e-9c 8e-9d 8f-9a 8f-9c 8f-9d 8h-9b 8h-9e 8h-9f 8i-9b 8i-9e 8i-9f").split()
FIRST_PASS_DEGREES = {"1b": 3, "3a": 1, "3d": 2, "5a": 2, "8g": 2}
AFTER_DEGREE_RULE = 26
ALSO_DELETED = {"2a", "3c"}
SOLUTION_VERTICES = "1a 2b 3e 4a 5b 6a 7d 8f 9a".split()
# The 35 three-tuples the thesis lists for Figure 4.5 (Version 4.2). Its list misses five triangles
# of its own graph: 3b survives Step 5 (only 1b 3a 3d 5a 8g 2a 3c go), and 3b-6a, 3b-9a/b/d/f,
# 3e-9f, 6a-9a/b/d/f are all edges of Figure 4.3, so the complete count is 40.
FIGURE_4_5_MISSED_TUPLES = "3b-6a-9a 3b-6a-9b 3b-6a-9d 3b-6a-9f 3e-6a-9f".split()
FIGURE_4_5_TUPLES = (
    "1a-2b-3e 1a-2b-3f 4a-5b-6a 7a-8h-9e 7a-8h-9f 7a-8i-9e 7a-8i-9f 7b-8h-9b 7b-8i-9b 7c-8a-9e "
    "7c-8a-9f 7c-8b-9e 7c-8b-9f 7c-8c-9e 7c-8c-9f 7c-8d-9e 7c-8d-9f 7c-8e-9c 7c-8e-9d 7c-8f-9c "
    "7c-8f-9d 7d-8a-9b 7d-8b-9b 7d-8c-9b 7d-8d-9b 7d-8e-9a 7d-8f-9a 1a-4a-7b 1a-4a-7d 2b-5b-8f "
    "3e-6a-9a 3e-6a-9b 3e-6a-9d 3f-6a-9c 3f-6a-9e").split()


# No solution, every box has permutations, but the adjacency rule empties box 1.
NO_SOLUTION_ADJACENCY = (
    ".1.625.4.48.1..5..3.6.4..91..14....357.3.268.8.4.7........5.82......1..7......1..")


def _grid(text: str) -> Grid:
    return Grid.parse(text)


def _graph(text: str) -> PermutationGraph:
    grid = _grid(text)
    return PermutationGraph(grid.geometry, [box_permutations(grid, b) for b in range(grid.geometry.n)])


def _labels(graph: PermutationGraph) -> set[str]:
    return {permutation_label(box, i) for box, alive in enumerate(graph.alive)
            for i in range(len(graph.boxes[box])) if alive >> i & 1}


def _vertex(label: str) -> tuple[int, int]:
    return int(label[0]) - 1, ord(label[1]) - ord("a")


# -- Figure 4.2, exactly ----------------------------------------------------------------------

@pytest.mark.parametrize("box", sorted(FIGURE_4_2_PERMUTATIONS), ids=lambda b: f"box{b}")
def test_figure_4_2_permutations_per_box(box: int) -> None:
    perms = box_permutations(_grid(FIGURE_4_2), box - 1)
    assert [permutation_text(perms, i) for i in range(len(perms))] == \
        FIGURE_4_2_PERMUTATIONS[box].split()


def test_figure_4_3_vertices_and_edges() -> None:
    graph = _graph(FIGURE_4_2)
    assert graph.vertex_count() == FIGURE_4_2_VERTICES
    assert graph.edge_count() == FIGURE_4_2_EDGES
    found = set()
    for box in range(9):
        for i in range(len(graph.boxes[box])):
            for peer in graph.band_peers[box] + graph.stack_peers[box]:
                for j in range(len(graph.boxes[peer])):
                    if graph.neighbours(box, i, peer) >> j & 1:
                        found.add(frozenset((permutation_label(box, i), permutation_label(peer, j))))
    assert found == {frozenset(edge.split("-")) for edge in FIGURE_4_3_EDGES}


def test_step_5_first_pass_deletes_the_thesis_vertices_with_their_degrees() -> None:
    graph = _graph(FIGURE_4_2)
    first = graph.low_degree_vertices()
    deleted = {permutation_label(box, i) for box, indices in enumerate(first) for i in indices}
    assert deleted == set(FIRST_PASS_DEGREES)
    assert {label: graph.degree(*_vertex(label)) for label in deleted} == FIRST_PASS_DEGREES


def test_step_5_fixpoint_leaves_26_vertices() -> None:
    graph = _graph(FIGURE_4_2)
    graph.apply_degree_rule()
    assert graph.vertex_count() == AFTER_DEGREE_RULE
    everything = {permutation_label(b, i) for b in range(9) for i in range(len(graph.boxes[b]))}
    assert everything - _labels(graph) == set(FIRST_PASS_DEGREES) | ALSO_DELETED


def test_figure_4_5_three_tuples_are_the_thesis_list_and_the_five_it_missed() -> None:
    graph = _graph(FIGURE_4_2)
    graph.apply_degree_rule()
    tuples = []
    for direction in DIRECTIONS:
        for boxes, line in zip(line_boxes(graph, direction), all_supervertices(graph, direction)):
            tuples += ["-".join(permutation_label(b, i) for b, i in zip(boxes, sv)) for sv in line]
    assert sorted(tuples) == sorted(FIGURE_4_5_TUPLES + FIGURE_4_5_MISSED_TUPLES)


def test_adjacency_rule_leaves_the_solution_graph_of_figure_4_6() -> None:
    graph = _graph(FIGURE_4_2)
    graph.apply_degree_rule()
    graph.apply_adjacency_rule()
    assert _labels(graph) == set(SOLUTION_VERTICES)


def test_figure_4_2_has_the_single_solution_of_figure_4_7() -> None:
    result = solve_gtsps(_grid(FIGURE_4_2))
    assert [str(s) for s in result.solutions] == [FIGURE_4_2_SOLUTION]
    assert result.cliques == {"band": 1, "stack": 1}
    assert result.reason is None


def test_figure_4_9_has_127_solutions_each_found_along_bands_and_stacks() -> None:
    grid = _grid(FIGURE_4_9)
    result = solve_gtsps(grid)
    assert len(result.solutions) == FIGURE_4_9_SOLUTIONS
    assert result.cliques == {"band": FIGURE_4_9_SOLUTIONS, "stack": FIGURE_4_9_SOLUTIONS}
    assert {str(s) for s in result.solutions} == {str(s) for s in iter_solutions(grid)}


# -- no solution, with its reason ---------------------------------------------------------------

NO_SOLUTION_CASES = {
    "box-without-permutation": ("1.3.34.........4", "box 2 has no valid permutation"),
    "adjacency-empties-a-box": (NO_SOLUTION_ADJACENCY,
                                "the adjacency rule deleted every permutation of box 1"),
}


@pytest.mark.parametrize("puzzle, reason", NO_SOLUTION_CASES.values(), ids=NO_SOLUTION_CASES)
def test_no_solution_names_its_reason(puzzle: str, reason: str) -> None:
    grid = _grid(puzzle)
    result = solve_gtsps(grid)
    assert result.solutions == [] and result.reason == reason
    assert count_solutions(grid) == 0


# -- limits ---------------------------------------------------------------------------------------

def test_an_open_16x16_box_stops_at_the_permutation_limit_and_points_to_search() -> None:
    with pytest.raises(GtspsLimitError, match=r"box 1 has more than .* use `pysolver count`"):
        solve_gtsps(Grid.empty(16))


def test_too_many_supervertices_stop_with_the_search_hint(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(errors, "SUPERVERTEX_LIMIT", 100)
    with pytest.raises(GtspsLimitError, match=r"more than 100 super-vertices.*pysolver count"):
        solve_gtsps(_grid(FIGURE_4_9))


def test_an_empty_6x6_grid_stops_at_the_solution_limit() -> None:
    """28,200,960 solutions: without the limit the clique search lists them for hours."""
    with pytest.raises(GtspsLimitError, match=r"more than 10,000 solutions.*pysolver count"):
        solve_gtsps(Grid.empty(6))


def _pruned_graph(grid: Grid) -> PermutationGraph:
    """G as the super-vertex stage receives it: after the degree and adjacency rules."""
    graph = PermutationGraph(grid.geometry,
                             [box_permutations(grid, b) for b in range(grid.geometry.n)])
    graph.apply_degree_rule()
    graph.apply_adjacency_rule()
    return graph


OPEN_6X6 = {"empty": "." * 36, "one-clue": "1" + "." * 35, "first-row": "123456" + "." * 30}


@pytest.mark.parametrize("puzzle", OPEN_6X6.values(), ids=OPEN_6X6)
def test_an_open_6x6_board_stops_before_building_every_super_vertex(
        puzzle: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The empty 6×6 grid has 921,600 super-vertices; the lazy count passes 10,000 solutions after
    fewer than 2% of them, and the full build is never reached."""
    counted = count_cliques(_pruned_graph(_grid(puzzle)), errors.SOLUTION_LIMIT)
    assert counted.cliques > errors.SOLUTION_LIMIT
    assert counted.supervertices < 15_000

    def full_build(*args: object) -> None:
        raise AssertionError("every super-vertex built before the solution limit stopped the run")

    monkeypatch.setattr(run, "all_supervertices", full_build)
    with pytest.raises(GtspsLimitError, match=r"more than 10,000 solutions.*pysolver count"):
        solve_gtsps(_grid(puzzle))


LAZY_COUNTS = {"figure-4-2": (FIGURE_4_2, 1), "figure-4-9": (FIGURE_4_9, FIGURE_4_9_SOLUTIONS),
               "empty-4x4": ("." * 16, 288),
               "no-solution": (NO_SOLUTION_ADJACENCY, 0)}


@pytest.mark.parametrize("puzzle, expected", LAZY_COUNTS.values(), ids=LAZY_COUNTS)
def test_the_lazy_count_below_the_limit_is_the_number_of_solutions(puzzle: str,
                                                                   expected: int) -> None:
    grid = _grid(puzzle)
    assert count_cliques(_pruned_graph(grid), errors.SOLUTION_LIMIT).cliques == expected
    assert count_solutions(grid) == expected


@pytest.mark.parametrize("limit, stops", [(126, True), (127, False)])
def test_the_solution_limit_is_exact(limit: int, stops: bool,
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Figure 4.9's 127 solutions pass a limit of 126 and not one of 127."""
    monkeypatch.setattr(errors, "SOLUTION_LIMIT", limit)
    if stops:
        with pytest.raises(GtspsLimitError, match=r"more than 126 solutions"):
            solve_gtsps(_grid(FIGURE_4_9))
    else:
        assert len(solve_gtsps(_grid(FIGURE_4_9)).solutions) == FIGURE_4_9_SOLUTIONS


def test_the_limit_error_is_a_value_error_with_json() -> None:
    with pytest.raises(ValueError) as caught:
        box_permutations(Grid.empty(9), 0, limit=10)
    assert isinstance(caught.value, GtspsLimitError)
    assert caught.value.to_json()["kind"] == "gtsps-limit"


# -- 4×4 against a brute force, 16×16 against the search engine ---------------------------------

def _brute_force_4x4(grid: Grid) -> set[str]:
    """Every 4×4 completion: each row one of the 4! orders that keeps its clues, rows stacked
    while no column or box repeats a digit."""
    geo = grid.geometry
    found: set[str] = set()

    def extend(values: tuple[int, ...]) -> None:
        r = len(values) // 4
        if r == 4:
            found.add(str(Grid(geo, values)))
            return
        clues = grid.values[4 * r:4 * r + 4]
        for row in itertools.permutations(range(1, 5)):
            if all(v in (0, d) for v, d in zip(clues, row)):
                candidate = Grid(geo, values + row + (0,) * (12 - 4 * r))
                if not candidate.conflicts():
                    extend(values + row)

    extend(())
    return found


@pytest.mark.parametrize("seed", range(40), ids=lambda s: f"seed{s}")
def test_4x4_solutions_equal_a_brute_force(seed: int) -> None:
    rng = random.Random(seed)
    solution = rng.choice(sorted(_brute_force_4x4(Grid.empty(4))))
    values = [int(ch) if rng.random() < 0.35 else 0 for ch in solution]
    if seed % 4 == 0:  # a wrong clue now and then, for puzzles without solution
        cell = rng.randrange(16)
        values[cell] = rng.randint(1, 4)
        if Grid(Grid.empty(4).geometry, tuple(values)).conflicts():
            values[cell] = 0
    grid = Grid(Grid.empty(4).geometry, tuple(values))
    assert {str(s) for s in gtsps_solutions(grid)} == _brute_force_4x4(grid)


def _sixteen(seed: int, blanks_per_box: int) -> Grid:
    """A 16×16 puzzle: a pattern solution with ``blanks_per_box`` cells of each box cleared."""
    geo = Grid.empty(16).geometry
    values = [(4 * (r % 4) + r // 4 + c) % 16 + 1 for r in range(16) for c in range(16)]
    rng = random.Random(seed)
    for house in range(32, 48):
        for cell in rng.sample(geo.houses[house], blanks_per_box):
            values[cell] = 0
    return Grid(geo, tuple(values))


@pytest.mark.parametrize("seed", range(3), ids=lambda s: f"seed{s}")
def test_a_16x16_puzzle_matches_the_search_engine(seed: int) -> None:
    grid = _sixteen(seed, blanks_per_box=8)
    assert {str(s) for s in gtsps_solutions(grid)} == {str(s) for s in iter_solutions(grid)}


# -- the same solutions as the search engine on public sets ----------------------------------

CROSS_CHECK = (
    [pytest.param(p, id=f"easy50-{i}") for i, p in
     enumerate(puzzle_lines("norvig_easy50.txt", 8, 6))]
    + [pytest.param(p, id=f"top95-{i}") for i, p in
       enumerate(puzzle_lines("norvig_top95.txt", 6, 15))]
    + [pytest.param(p, id=f"serg-{i}") for i, p in
       enumerate(puzzle_lines("tdoku_puzzles7_serg_benchmark_every20.txt", 10, 50))]
    + [pytest.param(p, id=f"17clue-{i}") for i, p in
       enumerate(puzzle_lines("tdoku_puzzles2_17_clue_every33.txt", 2, 302))]
)


@pytest.mark.parametrize("puzzle", CROSS_CHECK)
def test_solutions_equal_the_search_engines(puzzle: str) -> None:
    grid = _grid(puzzle)
    result = solve_gtsps(grid)
    expected = {str(s) for s in iter_solutions(grid)}
    assert {str(s) for s in result.solutions} == expected
    assert result.cliques == {"band": len(expected), "stack": len(expected)}


@pytest.mark.slow
@pytest.mark.parametrize("name, count, step", [("tdoku_puzzles7_serg_benchmark.txt", 60, 163),
                                               ("tdoku_puzzles2_17_clue.txt", 20, 2441)])
def test_solutions_equal_the_search_engines_on_larger_samples(name: str, count: int,
                                                              step: int) -> None:
    for puzzle in full_set_lines(name, count, step):
        grid = _grid(puzzle)
        expected = {str(s) for s in iter_solutions(grid)}
        assert {str(s) for s in gtsps_solutions(grid)} == expected, puzzle


# -- the report the app's panel reads -------------------------------------------------------------

def test_report_gives_every_stage_per_box_and_progress() -> None:
    heard: list[tuple[str, float]] = []
    report = gtsps_report(_grid(FIGURE_4_2), progress=lambda stage, f: heard.append((stage, f)))
    assert (report["vertices"], report["edges"]) == (FIGURE_4_2_VERTICES, FIGURE_4_2_EDGES)
    assert report["after_degree"]["vertices"] == AFTER_DEGREE_RULE  # type: ignore[index, call-overload]
    assert report["after_adjacency"]["vertices"] == len(SOLUTION_VERTICES)  # type: ignore[index, call-overload]
    assert report["boxes"][2] == {"box": 3, "initial": 6, "after_degree": 3,  # type: ignore[index]
                                  "after_adjacency": 1, "after_supervertices": 1}
    assert report["supervertices"] == {"band": 3, "stack": 3}
    assert report["solutions"] == [FIGURE_4_2_SOLUTION] and report["reason"] is None
    assert [stage for stage, _ in heard] == list(STAGES)
    assert [f for _, f in heard] == sorted(f for _, f in heard)
    json.dumps(report)


def test_report_of_a_puzzle_without_solution_skips_the_later_stages() -> None:
    report = gtsps_report(_grid("1.3.34.........4"))
    assert report["solutions"] == [] and report["after_degree"] is None
    assert report["reason"] == "box 2 has no valid permutation"
