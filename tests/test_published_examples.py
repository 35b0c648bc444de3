"""Every technique of the registry on a published example that names it, and where it must not fire.

The examples are HoDoKu's: its regression test library (``reglib-1.3.txt``, distributed with HoDoKu
2.2, one line per technique instance, with the section that names the technique — "0402 Empty
Rectangle", "0601 Uniqueness Test Type 2"...) holds the same techniques its pages
(http://hodoku.sourceforge.net/en/techniques.php) teach. For each example the technique's finder
must make HoDoKu's eliminations (or placements) — in one step where HoDoKu's step is one of ours,
else across the finder's steps on that position — and every step it takes there must agree with
the puzzle's unique solution. Then the position is nudged off the pattern by one candidate (a
non-solution candidate removed from, or added to, a cell of the pattern) and the technique must no
longer make them; HoDoKu's own "fail cases" (positions that look like a BUG+1 or a Hidden
Rectangle but are not) must not fire at all. Finders whose sets HoDoKu tests elsewhere (chains,
colouring, almost locked sets, Sue de Coq) have their own test files.

HoDoKu's library has no forcing-chain examples; the forcing families meet the position published on
the Sudoku Players' Forum ("What's wrong with this chain?", fdh319, 26 March 2019,
http://forum.enjoysudoku.com/what-s-wrong-with-this-chain-t35876.html), where the chain
6r2c4 -> 8r2c5 -> 5r6c5 -> 4r8c5 -> 1r7c4 -> 6r5c4 -> 8r2c4 ends in a contradiction: r2c4 is not 6.
"""

from __future__ import annotations

import re
from typing import NamedTuple

import pytest

from pysolver.board import Board
from pysolver.grid import Grid
from pysolver.search import solve
from pysolver.step import Candidate, Step
from pysolver.techniques import Technique
from pysolver.techniques.registry import BY_SLUG, TECHNIQUES
from tests.hodoku_library import LibraryCase, position
from tests.test_pattern_techniques import board_from_marks


class Example(NamedTuple):
    """A library line, the technique (slug) and step name it shows, and a change that breaks it:
    ``("remove" | "add", cell, digit)``, or None where every one-candidate change leaves another
    instance of the technique making the same eliminations."""

    slug: str
    section: str
    name: str
    line: str
    breaking: tuple[str, str, int] | None


EXAMPLES: dict[str, Example] = {
    "naked-single": Example("naked-single", "0003 Naked Single", "Naked Single",
                     ":0003:8:6...+53+4.7....4+2+56.+254867+3+9+1.+4..+9+6.1.162+38+5749.3..+1+4.+"
                     "5....42193..1.+57...+44+2.6+3.+1+75:::829:",
                     None),
    "hidden-single": Example("hidden-single", "0002 Hidden Single", "Hidden Single",
                     ":0002:4:728+9.6..31....5.9.....3.1........8....14839....4........5.6.....4.8"
                     "....62..1..385:::431:",
                     None),
    "pointing": Example("pointing", "0100 Locked Candidates Type 1 (Pointing)", "Pointing",
                     ":0100:4:..+5.7..13.36...+7+527...5..9+8....6.5...+6.135.+7..+57.2.....2.+54."
                     "..75.....84.67+4.8...+5::457 467::",
                     ("remove", "r3c7", 4)),
    "claiming": Example("claiming", "0101 Locked Candidates Type 2 (Claiming)", "Claiming",
                     ":0101:6:9.2.4..+1....+915+2+381.+5..2.4.45..+2.1.3..+1..+4..+23+26+1...94.1."
                     "2..+4.62.+346+1.......7.3+21:852 657 882 892:612 632::",
                     ("remove", "r2c1", 6)),
    "naked-triple": Example("chain-exclusion", "0201 Naked Triple", "Naked Triple",
                     ":0201:258:.1.......3.45......76.9...47+2+14+8+9+563.3.627+41+946+9+3+15+8+27"
                     "6...3.94...+3..82.6.......3.:714 819 728 829 573 581 785 591 593 795 196 296"
                     ":211 216 511 518 811 818::",
                     ("add", "r1c4", 7)),
    "hidden-pair": Example("pile-exclusion", "0210 Hidden Pair", "Hidden Pair",
                     ":0210:29:.6...1..4.48....9+1....+4...+2+4..2.87+5+658+2967+143..65.4+9+2+8+6"
                     ".....+4+1.+85+4+1.+326.1..4.+6+38.:913 315 325 932 933:311 515 711 715 815::",
                     ("add", "r1c3", 9)),
    "swordfish": Example("fish", "0301 Swordfish", "Swordfish",
                     ":0301:9:+931+2+46+7+856+8+5+3+17..+4+4+7+259+8+1+3+68+5+31....27+1......3+24"
                     "...38..12763...+8+3.+4..1...+5.84..3..::956 957 958 968 987 988 996 998::",
                     None),
    "x-wing": Example("fish", "0300 X-Wing", "X-Wing",
                     ":0300:3:9.....+5+6+1..+6.+1.7+937+1..962486...2+147+9........5....4...642..+"
                     "586+1+75.71.+2..+4..1....+52::313 314 343 344 353 354 363 364 394::",
                     None),
    "finned-x-wing": Example("finned-fish", "0310 Finned X-Wing", "Finned X-Wing",
                     ":0310:3:1.........5.....61..8+1..2...7...9.......1.3..4...5...6.+6.+398+14+2"
                     "+9+42+5+71+6..+8+136+4279+5:962:315 335::",
                     None),
    "finned-swordfish": Example("finned-fish", "0311 Finned Swordfish", "Finned Swordfish",
                     ":0311:5:.+6.4+1+7.+83+3+1+4+98..+7.8+7..+6+39147+43.29..+8..+8+3+4+6.2+7..6."
                     "+7.34+96..+75+4+8+314+3+1.+9.7..58+7631+4+9+2::557::",
                     ("remove", "r1c3", 5)),
    "finned-jellyfish": Example("finned-fish", "0312 Finned Jellyfish", "Finned Jellyfish",
                     ":0312:8:+64+12+5.7.3+3826+7..+1+5....+31+6...9+3+1.+6..+74+1+6.27+3.......3."
                     "61.+2.+7+65+13.+765+31....+13...+2+576:934 938 939 979 986 993:879::",
                     ("remove", "r1c8", 8)),
    "sashimi-x-wing": Example("sashimi-fish", "0320 Sashimi X-Wing", "Sashimi X-Wing",
                     ":0320:8:4..5.769....+3....2.68+1...3.65.2.4..9...+73.4.....9.......+68......"
                     "..+6.3..73894+7....::859 869::",
                     ("remove", "r4c5", 8)),
    "sashimi-swordfish": Example("sashimi-fish", "0321 Sashimi Swordfish", "Sashimi Swordfish",
                     ":0321:6:.+489+127+3.2..6..14.....4....9.42..87....+49.+3...32..15+94....2.+4"
                     "..+471..9..3.+251.49..:331 373 678 679 699:638::",
                     ("add", "r9c9", 6)),
    "sashimi-jellyfish": Example("sashimi-fish", "0322 Sashimi Jellyfish", "Sashimi Jellyfish",
                     ":0322:8:..+34+16+2..2+6...+3+1.41.+4....36.463+7+15.+2.+2184......7+62.+41.."
                     ".5.3..41..+2+1.+4...+4+1.5+6732.:536 936 976:871 872 881 882::",
                     None),
    "empty-rectangle": Example("empty-rectangle", "0402 Empty Rectangle", "Empty Rectangle",
                     ":0402:9:7+2+4+956+1381+6842+3+5+9+7+9+3+5+7+1+8+6+2+45..3..+8+1..4..8+17+5.."
                     "+81.+7.24..+13....+7+2...1...+85.5...7.6+1::986::",
                     ("remove", "r4c5", 9)),
    "empty-rectangle-2": Example("empty-rectangle", "0402 Empty Rectangle", "Empty Rectangle",
                     ":0402:5:.+9...+83+1.8.193..+6.+4+3.+1.6+8+953+492.+16..7+1.4.9+2.3.+28..39+4"
                     "12..8..+1+3.+9+8+4+3175+26+1.3......:515 745 673 495:576::",
                     ("remove", "r2c6", 5)),
    "xyz-wing": Example("xyz-wing", "0801 XYZ-Wing", "XYZ-Wing",
                     ":0801:467:+673.+8.+2.9514.92..+3+9+82.....+5+167+359..28.+9.1.53+6..+5+8..+7"
                     "+9+1..+614.9+2+8..+1..835+4..+8...1+67::635 636::",
                     ("remove", "r3c4", 6)),
    "xyz-wing-2": Example("xyz-wing", "0801 XYZ-Wing", "XYZ-Wing",
                     ":0801:157:+4.+3.2+8+6.+9+2.8...+3.46.5..31+2+8.4+7..9+86+28+5..6+2+7.+3.2+68"
                     ".+7.1+5.+6.2+84537+53+47+912+8+6+7+8+2.....+1::524 526::",
                     ("remove", "r2c5", 5)),
    "unique-rectangle-2": Example("unique-rectangle", "0601 Uniqueness Test Type 2", "Unique Rectangle type 2",
                     ":0601-1:34:.9..+52+6+4.6..4+8..+53..5..628....8....4.1..+4......+4.27......."
                     ".341+8+1+865+743+92..9+21+8+576::711 713 722 723 734 739::",
                     ("remove", "r3c1", 3)),
    "unique-rectangle-3": Example("unique-rectangle", "0602 Uniqueness Test Type 3", "Unique Rectangle type 3",
                     ":0602-1:89:3.......7...98.+5.3.5.....2+6+2+31+4..+6+85+7968+512+3+4...+6237+"
                     "9+1..4...+1+79..+371.+45.......36.::212 222 293 722 793::",
                     ("remove", "r1c3", 8)),
    "unique-rectangle-4": Example("unique-rectangle", "0603 Uniqueness Test Type 4", "Unique Rectangle type 4",
                     ":0603-1:14:..+9+4.+6+3+8....3.9+5+6..+6.+8.7149...+2+9+4+631.2.+5+689+74+496"
                     "+17+3+2+58+9+58+7+3+2+4+1+6+7326+4+1+8+9+5+6..9+8+572+3::122 123::",
                     ("remove", "r2c2", 4)),
    "unique-rectangle-1": Example("unique-rectangle", "0600 Uniqueness Test Type 1", "Unique Rectangle type 1",
                     ":0600-1:23:+4+7.3..1.8+85.4...9.39.+86.+4.7+1342+8.+5.+9+2+8+5+1...+3+496+7+"
                     "53+4..1+6+2871+3+9+45+5+1+3+9+42..+6+74+96+58.+1.::227 327::",
                     ("remove", "r2c9", 2)),
    "hidden-rectangle": Example("hidden-rectangle", "0606 Hidden Rectangle", "Hidden Rectangle",
                     ":0606-1:39:+39+4+6+821+5+7+6+1+873+5+42+952+7+4..+3+681+53.47..+6+4+7.+56+8."
                     "3+18+6....+7+457+368.4..+29+4+5.....+3+2+81.....4::966::",
                     ("remove", "r6c4", 3)),
    "bug-plus-one": Example("bug-plus-one", "0610 Bivalue Universal Grave + 1", "BUG+1",
                     ":0610::.+9.+613.+8+4...2+5+7+1+393.184+92..968+5+7+1+42+3+4379+2+6+81+5+1..+"
                     "3+84......+1+9+2..8..9+435+67+1+51.+76+8..+2::373 673::",
                     None),
    "bug-plus-one-2": Example("bug-plus-one", "0610 Bivalue Universal Grave + 1", "BUG+1",
                     ":0610::+4+3+75+82+9+61..+9+41+7+28+38+1+2+6+9+34+7+5..+6+9+7+8+13+49413+2+68"
                     "+5778+3+15+46+2+9..+4+2.+5+7.+8.75+8.9+3.2..87.+1+5.+6::171 371::",
                     None),
    "xy-wing": Example("xy-wing", "0800 XY-Wing", "XY-Wing",
                     ":0800:169:+71+4.+6.5+38+8..4+53..+7+3567+1+8+4+2+9....2+4.8+54.....3.22+8+53"
                     "76+9+419+78+6+3+1254.....7..+6........3::942 943 954 955 956::",
                     ("remove", "r4c1", 6)),
    "w-wing": Example("w-wing", "0803 W-Wing", "W-Wing",
                     ":0803:14:6..+9+5..7...+9.2.....58.+31...+1+64+3+8+9+7+52...1+7+59+46597+24+6"
                     "..892+54+1+76+8+3...5+6+2.....68+93...::417 427 437 489 499::",
                     ("remove", "r1c9", 1)),
    "remote-pairs": Example("remote-pairs", "0703 Remote Pairs", "Remote Pairs",
                     ":0703:58:..+1.+4+9+2+636+3.21+7+9+4.942+63..+7.2634.+17.98.+4.+9..2...+9.+6+"
                     "2.+34..7..4.9.+4..9+7631..+9+6.+2.+4.7::577 579 594 596 877 879 894 896::7",
                     ("remove", "r7c5", 8)),
    "skyscraper": Example("skyscraper", "0400 Skyscraper", "Skyscraper",
                     ":0400:6:+1+6+328+9754+79.4.38.+1+4+8.+1.....+6397+1+428+584+7+5....3+25+1..+"
                     "8+47.+5+28.+41.9+7+9+7+4+8.5..23+16+9..+5+4+8::657 658 664 665::",
                     ("remove", "r3c6", 6)),
    "two-string-kite": Example("two-string-kite", "0401 2-String Kite", "2-String Kite",
                     ":0401:3:+156+87+49+3+2.4+762.+18+528....+4+7+6....8.+5+9.73....618+8.5...+32"
                     ".........+3.7.5...49....487.1::381::",
                     ("remove", "r2c6", 3)),
    "turbot-fish": Example("turbot-fish", "0403 Turbot Fish", "Turbot Fish",
                     ":0403:2:2+64+9+13587.3+1.+8+5..2.+58..6+3.+1+4+7+9+6+3..+5+8+12+6+8+54+739+3"
                     "+8+5.9...659+3+1.+8..+4+84.5+6.+91+361.3+49+8.5::277::",
                     ("remove", "r4c6", 2)),
}

#: HoDoKu's fail cases: positions on which the technique must find nothing.
FAIL_CASES: dict[str, tuple[str, str]] = {
    "hidden-rectangle-0": ("hidden-rectangle",
        ":0606-x:34:.51.+8..4+2....2.3...........3..8.+29.....5.4......1.+9+4.....7+5"
        "+6+214.6.+29....2........:432 732 832 932 433 633 733 833 933 334 335 635 73"
        "5 336 881 383 883 392 492 892 992 393 493 893 993 395:435::"),
    "bug-plus-one-1": ("bug-plus-one",
        ":0610-x::+5+4..9.8.1392..8.+5..+1.....2..3+46..5+926+2..4.+1.31+59..3.4..8+5"
        ".....+7.+7+18+3.4654+63.5.+2..:714 716 724 625 733 434 734 636 736 637 737 6"
        "39 745 754 756 765 174 274 175 276 976 994 196:176 276 476 676:"),
    "bug-plus-one-2": ("bug-plus-one",
        ":0610-x::+9+5+2..+17+3+6..8+5+76+249476+9+2+3+18+5+78..92+5+61+69+17.5+42.2."
        "+516.+97..2.+6.+981786+92+1+73+5+4..7...+6+9+2:391 392 494 395 495::"),
}


def steps_of(board: Board, technique: Technique) -> list[Step]:
    assert technique.finder is not None
    return [s for s in technique.finder(board) if s.technique is technique]


def wanted(case: LibraryCase, slug: str) -> tuple[str, set[Candidate]]:
    """What HoDoKu's step does: placements, or eliminations (a BUG+1 lists the other candidates
    of the cell it sets)."""
    if case.placements:
        return "placements", set(case.placements)
    if slug == "bug-plus-one":
        return "placements", {(cell, case.solution[cell]) for cell, _ in case.eliminations}
    return "eliminations", set(case.eliminations)


def made(steps: list[Step], kind: str) -> set[Candidate]:
    return {c for step in steps for c in getattr(step, kind)}


def changed(case: LibraryCase, how: str, cell_name: str, digit: int) -> Board:
    m = re.fullmatch(r"r(\d)c(\d)", cell_name)
    assert m is not None
    board = case.board
    cell = board.geometry.cell_at(int(m[1]) - 1, int(m[2]) - 1)
    assert case.solution[cell] != digit and not board.values[cell]
    candidates = list(board.candidates)
    candidates[cell] = (candidates[cell] | 1 << (digit - 1) if how == "add"
                        else candidates[cell] & ~(1 << (digit - 1)))
    return Board(board.geometry, board.givens, board.values, tuple(candidates))


@pytest.mark.parametrize("key", EXAMPLES)
def test_published_example_is_found(key: str) -> None:
    example = EXAMPLES[key]
    technique = BY_SLUG[example.slug]
    case = position(example.line)
    kind, target = wanted(case, example.slug)
    steps = steps_of(case.board, technique)
    for step in steps:
        assert all(case.solution[c] != d for c, d in step.eliminations), step.text
        assert all(case.solution[c] == d for c, d in step.placements), step.text
    assert target <= made(steps, kind)
    exact = [s for s in steps if set(getattr(s, kind)) >= target]
    named = exact or [s for s in steps if set(getattr(s, kind)) & target]
    assert any(s.name == example.name for s in named), [s.name for s in named]
    if technique.assumes_uniqueness:
        assert all("this relies on the puzzle having one solution" in s.details for s in named)


@pytest.mark.parametrize("key", [k for k, e in EXAMPLES.items() if e.breaking])
def test_off_the_pattern_it_does_not_fire(key: str) -> None:
    example = EXAMPLES[key]
    assert example.breaking is not None
    case = position(example.line)
    kind, target = wanted(case, example.slug)
    board = changed(case, *example.breaking)
    assert not target <= made(steps_of(board, BY_SLUG[example.slug]), kind)


@pytest.mark.parametrize("key", FAIL_CASES)
def test_hodoku_fail_cases_do_not_fire(key: str) -> None:
    slug, line = FAIL_CASES[key]
    assert steps_of(position(line).board, BY_SLUG[slug]) == []


def test_every_technique_has_a_published_example() -> None:
    elsewhere = {"x-chain", "xy-chain", "aic", "nice-loop", "continuous-nice-loop", "grouped-aic",
                 "grouped-nice-loop", "grouped-continuous-nice-loop", "simple-colouring",
                 "multi-colouring", "als-xz", "als-xy-wing", "sue-de-coq", "nested-forcing-net"}
    here = {example.slug for example in EXAMPLES.values()} | set(FORCING)
    assert {t.slug for t in TECHNIQUES} == here | elsewhere


@pytest.mark.parametrize("slug", sorted({e.slug for e in EXAMPLES.values()
                                         if e.breaking is None and e.slug != "bug-plus-one"}))
def test_nothing_fires_on_an_empty_grid(slug: str) -> None:
    assert steps_of(Board.from_grid(Grid.parse("." * 81)), BY_SLUG[slug]) == []


#: The forum's position (pencil marks as posted) and the techniques that must find r2c4<>6 there.
FORUM_MARKS = """
    8    2    6    | 9    1    7    | 4    3    5
    3    7    5    | 68   68   4    | 2    1    9
    4    1    9    | 5    2    3    | 7    8    6
    6    3    78   | 48   478  9    | 5    2    1
    5    4    17   | 16   67   2    | 3    9    8
    2    9    18   | 3    58   15   | 6    7    4
    9    5    2    | 14   3    16   | 8    46   7
    1    8    3    | 7    45   56   | 9    46   2
    7    6    4    | 2    9    8    | 1    5    3"""
FORCING = ("cell-forcing-chain", "house-forcing-chain", "digit-forcing-chain", "forcing-net")


@pytest.mark.parametrize("slug", FORCING)
def test_forcing_families_on_the_forums_chain(slug: str) -> None:
    board = board_from_marks(FORUM_MARKS)
    steps = steps_of(board, BY_SLUG[slug])
    r2c4 = board.geometry.cell_at(1, 3)
    step = next(s for s in steps if (r2c4, 6) in s.eliminations or (r2c4, 8) in s.placements)
    assert step.proof is not None and step.proof.branches and " => " in step.proof.notation
    solution = solve(board.grid())
    assert solution is not None
    assert all(solution[c] != d for s in steps for c, d in s.eliminations)
    assert all(solution[c] == d for s in steps for c, d in s.placements)


@pytest.mark.parametrize("slug", FORCING)
def test_forcing_families_find_nothing_on_an_empty_grid(slug: str) -> None:
    assert steps_of(Board.from_grid(Grid.parse("." * 81)), BY_SLUG[slug]) == []
