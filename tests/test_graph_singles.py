"""The singles and the finned fish draw their graph, as the chains, piles and fish do.

A naked single is a chain of one (a cell vertex with one edge), a hidden single a pile of one (a
digit vertex with one edge), each in its house's graph (Dr. Dobb's "Sudoku & Graph Theory"); a
finned or sashimi fish is a chain or pile of one digit's rows × columns but for its fins, the edges
leaving it. The puzzles are the page's examples (web/js/examples.js): the thesis's Figure 4.2, the
"Needs a Finned X-Wing" (tdoku unbiased no. 415), "Needs a Sashimi X-Wing" (top1465 no. 548) and
the 4×4 one.
"""

from __future__ import annotations

import re
from typing import Any, Iterator

import pytest

from pysolver.board import Board
from pysolver.explain import graph_json, hint_json
from pysolver.geometry import geometry_for_size
from pysolver.graph_layout import layout
from pysolver.graph_stages import shown, stages
from pysolver.grid import Grid
from pysolver.logic import FIGURE_4_2, Settings, apply_step, next_step
from pysolver.step import GraphDrawing, Step, join_names
from pysolver.techniques.finned_fish import FINNED_FISH, SASHIMI_FISH
from pysolver.techniques.singles import HIDDEN_SINGLE, NAKED_SINGLE
from pysolver.views import house_view

FINNED_X_WING = "...4.6.58....983.........4.36..17..98..3..1..2.....5...3.7....4.4....7.59.26....."
SASHIMI_X_WING = "1.25..6..8.5....2.......5...1.....68..817..4..4.6.3......43..7......94...9..1...."
NINE = geometry_for_size(9)


def solve_steps(puzzle: str, settings: Settings = Settings()) -> Iterator[tuple[Board, Step]]:
    """Each step of the logic solve, with the board it was found on."""
    board = Board.from_grid(Grid.parse(puzzle))
    while (step := next_step(board, settings)) is not None:
        yield board, step
        board = apply_step(board, step)


def first(puzzle: str, technique: object, settings: Settings = Settings()) -> tuple[Board, Step]:
    return next((b, s) for b, s in solve_steps(puzzle, settings) if s.technique is technique)


def drawn(step: Step) -> tuple[GraphDrawing, dict[str, Any]]:
    assert step.graph is not None, step.name
    return step.graph, graph_json(NINE, step.graph)


def one_edge(graph: GraphDrawing, side: int, vertex: int) -> list[tuple[int, int]]:
    return [e for e in graph.edges if e[side] == vertex]


def test_a_naked_single_is_a_chain_of_one_in_the_house_that_loses_most() -> None:
    """Figure 4.2's first step: the cell vertex has one edge, matched; the digit's other edges in
    the house are removed, and no house of the cell would remove more."""
    board, step = first(FIGURE_4_2, NAKED_SINGLE)
    (cell, digit), = step.placements
    graph, data = drawn(step)
    (i,), (j,) = graph.pattern_left, graph.pattern_right
    assert graph.kind == "house" and graph.pattern_kind == "chain"
    assert graph.left[i].id == cell and graph.right[j].id == digit
    assert one_edge(graph, 0, i) == [(i, j)] and (i, j) in graph.matching
    others = [k for k, v in enumerate(graph.left) if k != i and board.candidates[v.id] >> (digit - 1) & 1]
    assert graph.removed == tuple((k, j) for k in others) and graph.removed
    best = max(sum(1 for c in house_view(board, h).left if c != cell and board.candidates[c] >> (digit - 1) & 1)
               for h in NINE.houses_of[cell])
    assert len(graph.removed) == best
    stages = data["stages"]
    assert [s["name"] for s in stages] == ["edges", "matching", "pattern", "removed"]
    assert "chain exclusion with k = 1" in stages[2]["text"] and "naked single" in stages[2]["text"]
    assert stages[3]["text"].startswith(f"So {digit} leaves every other cell of ")
    assert all(len(re.findall(r"[.!?](?=\s|$)", s["text"])) <= 2 for s in stages)
    assert data["fins"] == []


#: The page's 4×4 example (web/js/examples.js): its first step, r1c4 = 3, takes 3 from two other
#: cells of column 4 and from none of box 2.
FOUR_BY_FOUR = ".42...1......3.."


@pytest.mark.parametrize("puzzle", [FOUR_BY_FOUR, FIGURE_4_2], ids=["4x4", "figure-4.2"])
def test_a_naked_singles_first_hint_points_at_the_house_its_graph_is_drawn_for(puzzle: str) -> None:
    """The hint ladder and the drawing teach the single in one house: the first hint names it
    and outlines it alone, not the cell's three houses, which would name the cell."""
    checked = 0
    for board, step in solve_steps(puzzle):
        if step.technique is not NAKED_SINGLE:
            continue
        geo, graph = board.geometry, step.graph
        assert graph is not None
        hint = hint_json(geo, step, 1)
        assert hint["houses"] == [step.houses[0]] and graph.title == geo.house_name(step.houses[0])
        assert hint["text"] == f"Look for a Naked Single in {graph.title}."
        assert sorted(step.houses) == sorted(geo.houses_of[step.cells[0]])
        checked += 1
    assert checked


def test_the_4x4_examples_first_single_is_taught_in_column_4() -> None:
    board = Board.from_grid(Grid.parse(FOUR_BY_FOUR))
    step = next_step(board)
    assert step is not None and step.placements == ((3, 3),)
    assert hint_json(board.geometry, step, 1)["text"] == "Look for a Naked Single in column 4."
    assert step.graph is not None and step.graph.title == "column 4"


def test_a_hidden_single_is_a_pile_of_one_whose_cell_loses_its_other_digits() -> None:
    board, step = first(FIGURE_4_2, HIDDEN_SINGLE, Settings(disabled=frozenset({"naked-single"})))
    (cell, digit), = step.placements
    graph, data = drawn(step)
    (i,), (j,) = graph.pattern_left, graph.pattern_right
    assert graph.kind == "house" and graph.pattern_kind == "pile" and graph.title == NINE.house_name(step.houses[0])
    assert graph.left[i].id == cell and graph.right[j].id == digit
    assert one_edge(graph, 1, j) == [(i, j)] and (i, j) in graph.matching
    assert sorted(graph.right[jj].id for _, jj in graph.removed) == [
        d for d in range(1, 10) if d != digit and board.candidates[cell] >> (d - 1) & 1]
    assert all(ii == i for ii, _ in graph.removed)
    names = [s["name"] for s in data["stages"]]
    assert names == ["edges", "matching", "pattern", "removed"]
    assert "pile exclusion with k = 1" in data["stages"][2]["text"]


def test_every_single_of_a_solve_draws_its_vertex_with_one_edge_on_top() -> None:
    """Along whole solves: each single has a graph, its one-edge vertex on the top slot."""
    count = 0
    for puzzle in (FIGURE_4_2, FINNED_X_WING, SASHIMI_X_WING):
        for _, step in solve_steps(puzzle):
            if step.technique not in (NAKED_SINGLE, HIDDEN_SINGLE):
                continue
            graph, _ = drawn(step)
            (i,), (j,) = graph.pattern_left, graph.pattern_right
            side, vertex = (0, i) if graph.pattern_kind == "chain" else (1, j)
            assert one_edge(graph, side, vertex) == [(i, j)]
            placed = layout(graph)
            assert placed.left[i] == placed.right[j] == 0
            count += 1
    assert count > 100


@pytest.mark.parametrize("puzzle, technique", [(FINNED_X_WING, FINNED_FISH), (SASHIMI_X_WING, SASHIMI_FISH)],
                         ids=["finned", "sashimi"])
def test_a_finned_fish_draws_its_fins_as_the_edges_leaving_the_fish(puzzle: str, technique: object) -> None:
    board, step = first(puzzle, technique)
    graph, data = drawn(step)
    assert graph.kind == "digit" and step.digit is not None and step.proof is not None
    roles = dict(step.proof.roles)

    def cell(edge: list[int] | tuple[int, int]) -> int:
        return NINE.cell_at(graph.left[edge[0]].id, graph.right[edge[1]].id)

    assert sorted(cell(e) for e in data["fins"]) == sorted(roles["fins"])
    assert sorted(cell(e) for e in graph.removed) == [c for c, _ in step.eliminations]
    pattern = {cell((i, j)) for i, j in graph.edges if i in graph.pattern_left and j in graph.pattern_right}
    assert pattern == set(roles["base"])
    base_houses = {NINE.house_name(h) for h in step.houses[:step.size]}
    base_side = graph.left if graph.pattern_kind == "chain" else graph.right
    base_indices = graph.pattern_left if graph.pattern_kind == "chain" else graph.pattern_right
    assert {base_side[k].label for k in base_indices} == base_houses
    # The matching keeps the fish's lines together where it can: no fin is matched.
    assert not {tuple(e) for e in data["fins"]} & set(graph.matching)
    stages = data["stages"]
    assert [s["name"] for s in stages] == ["edges", "matching", "pattern", "fins", "removed"]
    assert "an X-Wing" in stages[2]["text"] and "without the fin" in stages[2]["text"]
    assert ("It is sashimi" in stages[2]["text"]) == (technique is SASHIMI_FISH)
    assert "see every fin" in stages[3]["text"]
    # As every stage's sentence: at most two sentences (as test_step_texts counts them).
    assert all(len(re.findall(r"[.!?](?=\s|$)", s["text"])) <= 2 for s in stages)
    assert all("fins" in s["layers"] for s in stages[2:]) and "removed" in stages[4]["layers"]
    placed = layout(graph)
    k = len(graph.pattern_left)
    assert sorted(placed.left[i] for i in graph.pattern_left) == list(range(k))


def test_a_plain_chain_has_no_fins_and_five_stages() -> None:
    """Fins are only the edges leaving a pattern: a chain or pile proper, or a fish, has none."""
    checked = 0
    for puzzle in (FINNED_X_WING, SASHIMI_X_WING):
        for _, step in solve_steps(puzzle):
            if step.graph is not None and step.size >= 2 and step.technique not in (FINNED_FISH, SASHIMI_FISH):
                data = graph_json(NINE, step.graph)
                assert data["fins"] == [] and len(data["stages"]) == 5
                checked += 1
    assert checked


#: The 25×25 bench puzzle's solution (bench/data/unique25x25_seed15.txt, line 1) with row 1 and
#: about a quarter of the other cells blanked (one solution): its first step is a naked single in
#: row 1, whose house graph has 25 cells and 25 digits.
EMPTY_ROW_25 = (
    "........................."
    ".M6ON72C..1DE.G3.PJ..5KL."
    "C..GK...4J.6OP.L5.8N3M1AF"
    "82AL1K..3G.F5MC94D6O7..HI"
    "F9.B5LMN.8AJIH3K.1E2GPD46"
    ".IC.EO19PH45...N8LDBJAG.."
    ".F..3D..B.CGH8J.E9..I2.6K"
    "...M.3AJ.2KB.NI76F.G4EC9O"
    "GJN6.4.MKI.72LOCA.HP..B85"
    "O4B..FG6C.9E13A2JI.5..N.M"
    "I6D5GBK42.L...EP3A918F..H"
    "3KMHCI7.J..N..95...8.GPOA"
    "P19.8..HLM3I.A5D..O4KN6EB"
    "L..N2581E3HKJBPMG6CF....4"
    "..F74AO.96.2.GDJN.IK1C.5."
    "K82DBC5.7.JHA.LEFMP6N34.1"
    "65.9..48NPE..I7GBKA.ML.FD"
    "7LHE..JA.OF492B81N3C6K.G."
    "NC.APHB.F.5MG61I.O2L978JE"
    "JG.F.6L.I1.P.D..7.59O.AC2"
    "DPGCHE9O142AN.F.K8L35.MBJ"
    "MOJ.LNDKGCP16..B957HA4F23"
    "97.46J.2HAILB5MFPCNDE8O1G"
    "1B83APF5M.OCD.H4I2G.L69KN"
    "E..2F.IL6BG.3K41O.M.PH7.C"
)


def test_a_single_on_a_25x25_board_draws_only_the_part_it_turns_on() -> None:
    """Row 1's 25 rows of vertices would fill 800 px for one edge that matters: the drawing keeps
    the cell, its digit, the cells that lose that digit and their matching partners, level, with
    the single on top; the sentences say how many vertices are left out and that they are
    matched among themselves."""
    board = Board.from_grid(Grid.parse(EMPTY_ROW_25))
    step = next_step(board)
    assert step is not None and step.technique is NAKED_SINGLE and step.graph is not None
    graph = step.graph
    data = graph_json(board.geometry, graph)
    assert graph.title == "row 1" and len(graph.left) == len(graph.right) == 25
    left, right = data["layout"]["left"], data["layout"]["right"]
    drawn_left = [i for i, slot in enumerate(left) if slot >= 0]
    drawn_right = [j for j, slot in enumerate(right) if slot >= 0]
    assert sorted(left[i] for i in drawn_left) == list(range(len(drawn_left)))
    assert sorted(right[j] for j in drawn_right) == list(range(len(drawn_right)))
    assert len(drawn_left) <= 5  # rather than 25
    (i,), (j,) = graph.pattern_left, graph.pattern_right
    assert left[i] == right[j] == 0
    assert graph.removed and all(left[a] >= 0 and right[b] >= 0 for a, b in graph.removed)
    for a, b in graph.matching:  # the part drawn is closed under the matching, pairs level
        assert (left[a] >= 0) == (right[b] >= 0) and left[a] == right[b]
    out = 25 - len(drawn_left)
    edges, matching, pattern, removed = (s["text"] for s in data["stages"])
    assert (f"Row 1 has 25 empty cells and 25 digits they need; only the {len(drawn_left)} "
            f"cells and {len(drawn_right)} digits this step turns on are drawn") in edges
    assert f"The other {out} cells and {out} digits are left out" in edges
    assert matching.endswith(f"The matching pairs the {out} cells left out with the {out} "
                             f"digits left out.")
    assert "a chain of one cell with one digit" in pattern
    cells = join_names(board.geometry.cell_name(graph.left[i].id) for i, _ in sorted(graph.removed))
    assert f"({len(graph.removed)} candidates: {graph.right[j].label} from {cells})" in removed


def test_a_9x9_graph_is_drawn_whole() -> None:
    """A 9×9 house or digit never has more than nine vertices a side: every drawing is whole, its
    sentences unchanged."""
    for board, step in solve_steps(FINNED_X_WING):
        if step.graph is not None:
            assert shown(step.graph) is None
            assert all("left out" not in s.text for s in stages(step.graph))
