"""Chains (X-Chain, XY-Chain, AIC, grouped AIC, nice loops continuous and discontinuous, plain
and grouped) and colouring on HoDoKu's published examples, the proof data every chain step carries, and positions where nothing fires."""

from __future__ import annotations

from typing import Callable, Iterator

import pytest

from pysolver.board import Board
from pysolver.grid import Grid
from pysolver.links import LinkOptions, build_graph
from pysolver.logic import FIGURE_4_2, solve_by_logic
from pysolver.step import Step
from pysolver.techniques.chains import (find_aics, find_continuous_nice_loops, find_grouped_aics,
                                        find_grouped_continuous_nice_loops,
                                        find_grouped_nice_loops, find_nice_loops, find_x_chains,
                                        find_xy_chains)
from pysolver.techniques.colouring import find_multi_colouring, find_simple_colouring
from tests.hodoku_library import LibraryCase, position

Finder = Callable[[Board], Iterator[Step]]

#: Lines of HoDoKu's regression test library (reglib-1.3): technique code, position, and what
#: HoDoKu eliminates there with that technique.
LIBRARY: dict[str, tuple[Finder, str]] = {
    "x-chain": (find_x_chains, ":0701:7:3.4+52..8...6.+9.....5..7.3.....68+9.2+3...+734....6+315+27...1.+9"
                               "+6......9.+4..6.+6.8217..5::742::5"),
    "x-chain-2": (find_x_chains, ":0701:6:.+421+7+8..+9..+8+4+2..+7+1.1+7+3.928+44..+83+1+7+2673+65+4"
                                 "+2+1+9+8+2+8+1+69745+3.2.+9..+8.787+32.49.+5...+78...+2::697 698::5"),
    "xy-chain": (find_xy_chains, ":0702:6:4+7+2+35+698153+1..+8.+2.+86+91.+2.53+158.2+7+34.+2+9+64+13"
                                 "+8+7+57+4+38.+5....+8...9....2..+8+1...+91..+3+4.68::675::7"),
    "xy-chain-2": (find_xy_chains, ":0702:8:....1+74.+6..4....+17....+48329+4987+56+13+2.7.+182...+25"
                                   "+1+4396+7+85...9...1..2.............6.::818 877 887 897::7"),
    "aic": (find_aics, ":0708-1:3:...6..5.447.5.91....+5.+4...+97+18+2+63+94+5+3..+9+75+8..+59+2+4186.."
                       "+6317+5+429+8.5......62....+6.+5.::328 329::9"),
    "aic-two-digits": (find_aics, ":0708-2:38:..+2....5...+4+52.1..+5.38..+2..+3+9+86+5+7+4+122+5+74"
                                  "+18+6934+61.+9.+7851+3+9...+5..+8+26+1359+47745.....+1::397 817::7"),
    "grouped-aic": (find_grouped_aics, ":0711-1:9:+8..1...7....8.76..+7.3.5......+7..9...4...7+8.9668"
                                       "+9...+7....+4+78+52+6+15+2+83..+94717+69+42.5.::912 922 932 971::15"),
    "continuous-nice-loop": (find_continuous_nice_loops,
                             ":0706:124579:548..+3...+63....8..1+2.+8....3+972.+386..+4.....3..+3..."
                             "47..9+71+43+8+5+92+62569+7..+3+8+8+9+3.6.7..::114 118 124 214 224 496 524 "
                             "538 718 925 926 936 955::13"),
    "continuous-nice-loop-2": (find_continuous_nice_loops,
                               ":0706:38:6+4.15.7.8.7.....4+1..14....97+1+36+25+9+8+4+59+4+3812+7+6+28+6..."
                               "+3+1+5.+6.....934...9.1+6+2.....6.+57::395 873 874 876::7"),
    "grouped-continuous-nice-loop": (find_grouped_continuous_nice_loops,
                                     ":0709-1:1238:.+5243+19+6..3+67...1519.....2.2.......694.......+5+6....74+93.9."
                                     ".....6.+5.1.....8.5..69.:825 826 833 837 839 254 255 256 779 789 495 496 499 7"
                                     "99:143 153 275 276 286 364 399 864::7"),
    "grouped-continuous-nice-loop-2": (find_grouped_continuous_nice_loops,
                                       ":0709-1:2356:.3..+1.4....7..8+1..15+8+4.9+62..+74+98.2...1..4.+97...9.6.5...6."
                                       "1...95...8.+67....1....6.:369 388 389 391 399 899:224 253 371 375 395 524 611:"
                                       ":9"),
    "grouped-discontinuous-nice-loop-deleting": (find_grouped_aics,
                                                 ":0710-2:2:86.9.+1+3..+4.+9+3.+6...+3.1478.+6.7+38.+1+9..6542+6+83.1.+1+9+6.+4+"
                                                 "7.3.+983+165.7.+6.4.+32.+9.+2+1..+946.3:227 527:237::7"),
    "simple-colouring-trap": (find_simple_colouring,
                              ":0500:1:+23.7.+68+955972+8...+6+6..+9+3+5.+7.+3.+6.9.5.7+7+5.+36...+9+4.+9"
                              "+5+7.+683+872.+5396.+94+5+6.7..+8+1638.+9+7+5.:439:127 128 132 133::"),
    "simple-colouring-wrap": (find_simple_colouring,
                              ":0501:1:+548..+3....+674.+9+8359..8+5+7+6...+9..+382+5+73..57.4..+8+7+52+9"
                              "+4163689+7+4+5+31+2...+9..+5...+513.2...::114 119 125 132 141 156 185::"),
    "multi-colouring-1": (find_multi_colouring,
                          ":0502:2:.9..4187678.3..15441.8..329..91...6.1...6.9..674..851.967485231.4.."
                          "12.95521......::245::"),
    "multi-colouring-2": (find_multi_colouring,
                          ":0503:8:......58779..52..15.41..932.......2.2.6.3.1.5.5.......947.182.....76.."
                          "1961.......::824 832::"),
}


def _all_steps(finder: Finder, case: LibraryCase) -> list[Step]:
    steps = list(finder(case.board))
    for step in steps:
        wrong = [(c, d) for c, d in step.eliminations if case.solution[c] == d]
        wrong += [(c, d) for c, d in step.placements if case.solution[c] != d]
        assert not wrong, f"{step.text} is wrong about {wrong}"
    return steps


@pytest.mark.parametrize("finder, line", LIBRARY.values(), ids=LIBRARY.keys())
def test_hodoku_library_eliminations_are_found(finder: Finder, line: str) -> None:
    case = position(line)
    steps = _all_steps(finder, case)
    found = {candidate for step in steps for candidate in step.eliminations}
    assert case.eliminations <= found


def test_discontinuous_nice_loop_places_hodokus_candidate() -> None:
    # 0707-1: HoDoKu's nice loop sets r6c4, deleting its candidates 2, 3, 4 and 8.
    case = position(":0707-1:2348:.+4..6.1.+2.275..+4+96.....43.84+1...798+5....5.2.1......+6.+7..4...."
                    "+1+3.619...24.3...1.+6+9::264 364 464 864::7")
    steps = _all_steps(find_nice_loops, case)
    cell = 5 * 9 + 3
    assert (cell, case.solution[cell]) in {p for step in steps for p in step.placements}


#: HoDoKu's grouped discontinuous nice loops that set a value (0710-1): the library lists the
#: candidates the placement deletes from its cell.
GROUPED_PLACING = {
    "three-digit-cell": ":0710-1:689:4....3.....8....+4.16..94......+4.....7...519645+412+6+9..8.5....4"
                        "....+4..2.9531..4.6..:119 219 719 129 229 329 729 241 242 243 347 747 348 748 "
                        "349 749:671 871 971::11",
    "two-digit-cell": ":0710-1:12:8+1+9+7+23+564+63.85....+25.+69.8...+2.+48+7..9..12+364..4..+51+9.."
                      "..+45.6..7.....75.4.76.1+4...5:763 977 381 187 987 297:128 228::9",
}


@pytest.mark.parametrize("line", GROUPED_PLACING.values(), ids=GROUPED_PLACING.keys())
def test_grouped_discontinuous_nice_loop_places_hodokus_cell(line: str) -> None:
    case = position(line)
    wanted = {(cell, case.solution[cell]) for cell, _ in case.eliminations}
    steps = _all_steps(find_grouped_nice_loops, case)
    assert wanted <= {p for step in steps for p in step.placements}
    # Only grouped nodes prove it: the plain nice loop does not reach the cell.
    assert not wanted & {p for step in find_nice_loops(case.board) for p in step.placements}


@pytest.mark.parametrize("key", ["grouped-continuous-nice-loop", "grouped-continuous-nice-loop-2"])
def test_grouped_continuous_loop_needs_its_groups(key: str) -> None:
    case = position(LIBRARY[key][1])
    plain = {c for step in find_continuous_nice_loops(case.board) for c in step.eliminations}
    assert not case.eliminations <= plain
    step = next(s for s in find_grouped_continuous_nice_loops(case.board)
                if set(s.eliminations) & case.eliminations)
    assert step.technique.slug == "grouped-continuous-nice-loop" and step.proof is not None
    assert any(len(node.cells) > 1 for node in step.proof.nodes)
    assert step.proof.nodes[0] == step.proof.nodes[-1]  # the loop closes on its first node
    kinds = [link.kind for link in step.proof.links]
    assert all(a != b for a, b in zip(kinds, kinds[1:]))


def test_an_x_chain_step_carries_its_alternating_chain_and_eureka_text() -> None:
    case = position(LIBRARY["x-chain"][1])
    step = next(s for s in find_x_chains(case.board) if (28, 7) in s.eliminations)
    proof = step.proof
    assert proof is not None and proof.nodes and not proof.branches
    kinds = [link.kind for link in proof.links]
    assert kinds[0] == kinds[-1] == "strong"
    assert all(a != b for a, b in zip(kinds, kinds[1:]))
    assert [node.on for node in proof.nodes] == [i % 2 == 1 for i in range(len(proof.nodes))]
    assert {node.digit for node in proof.nodes} == {7}
    assert proof.notation.startswith("(7)r") and proof.notation.endswith("=> r4c2<>7")
    assert step.to_json()["proof"]["links"][0] == {"from": 0, "to": 1, "kind": "strong"}
    assert step.technique.slug == "x-chain" and "X-Chain" in step.details


def test_a_grouped_node_is_the_cells_of_one_box_line_intersection() -> None:
    case = position(LIBRARY["grouped-aic"][1])
    graph = build_graph(case.board, LinkOptions(groups=True))
    groups = [node for node in graph.nodes if len(node.cells) > 1]
    assert groups
    geo = case.board.geometry
    for node in groups:
        assert len({geo.box_of[c] for c in node.cells}) == 1
        lines = ({geo.row_of[c] for c in node.cells}, {geo.col_of[c] for c in node.cells})
        assert min(len(lines[0]), len(lines[1])) == 1


EVERY_FINDER = [find_x_chains, find_xy_chains, find_aics, find_grouped_aics, find_nice_loops,
                find_continuous_nice_loops, find_grouped_nice_loops,
                find_grouped_continuous_nice_loops, find_simple_colouring, find_multi_colouring]


@pytest.mark.parametrize("finder", EVERY_FINDER, ids=lambda f: f.__name__)
def test_nothing_fires_without_links(finder: Finder) -> None:
    # An empty grid has no strong link (every house offers 9 places, every cell 9 digits) and a
    # solved grid has no candidates at all.
    empty = Board.from_grid(Grid.parse("." * 81))
    solved, _ = solve_by_logic(Board.from_grid(Grid.parse(FIGURE_4_2)))
    assert next(finder(empty), None) is None
    assert next(finder(solved), None) is None


def test_xy_chain_must_not_fire_where_only_an_x_chain_holds() -> None:
    # HoDoKu's X-Chain example eliminates 7 from r4c2; no chain of bivalue cells proves that.
    case = position(LIBRARY["x-chain"][1])
    assert all((28, 7) not in step.eliminations for step in find_xy_chains(case.board))
