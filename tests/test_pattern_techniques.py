"""The techniques past the basic fixpoint, each on the published example that names it.

Positions are pencil-mark grids as HoDoKu's "Solving Technique Index" prints them (a single digit is a
placed value, several digits are a cell's candidates); each example's page is cited, and the test
checks that our finder removes exactly what HoDoKu's step removes. Each technique also meets a
position where it must not fire: the same grid with its pattern broken by one extra candidate. The
positions met in the public puzzle files (``FROM_FILES``) add real-game instances, their eliminations
checked against the puzzle's unique solution; HoDoKu's library examples of those techniques are in
test_published_examples.py.
"""

from __future__ import annotations

import re
from typing import Iterator

import pytest

from pysolver.board import Board
from pysolver.geometry import geometry_for_size
from pysolver.grid import Grid
from pysolver.logic import DEFAULT, Settings, steps_available
from pysolver.search import solve
from pysolver.step import Candidate, Step
from pysolver.techniques import Technique
from pysolver.techniques.finned_fish import FINNED_FISH, SASHIMI_FISH
from pysolver.techniques.single_digit import (EMPTY_RECTANGLE, SKYSCRAPER, TURBOT_FISH,
                                              TWO_STRING_KITE)
from pysolver.techniques.uniqueness import BUG_PLUS_ONE, HIDDEN_RECTANGLE, UNIQUE_RECTANGLE
from pysolver.techniques.wings import REMOTE_PAIRS, W_WING, XY_WING, XYZ_WING

GEO = geometry_for_size(9)


def board_from_marks(text: str) -> Board:
    """A board from a pencil-mark grid: 81 groups of digits, frame characters ignored."""
    groups = re.findall(r"[1-9]+", re.sub(r"[-*#]", "", text))
    assert len(groups) == 81, len(groups)
    values = tuple(int(g) if len(g) == 1 else 0 for g in groups)
    candidates = tuple(0 if len(g) == 1 else sum(1 << (int(d) - 1) for d in g) for g in groups)
    return Board(GEO, values, values, candidates)


def cands(text: str) -> set[Candidate]:
    """``r1c78<>1`` style eliminations, as a set: ``"r1c7 r1c8:1"`` → {(6, 1), (7, 1)}."""
    cells, digit = text.split(":")
    return {(GEO.cell_at(int(m[1]) - 1, int(m[2]) - 1), int(digit))
            for m in re.finditer(r"r(\d)c(\d)", cells)}


def with_candidate(board: Board, cell: int, digit: int) -> Board:
    """The board with one more candidate (to break a pattern)."""
    candidates = list(board.candidates)
    candidates[cell] |= 1 << (digit - 1)
    return Board(board.geometry, board.givens, board.values, tuple(candidates))


def steps_of(board: Board, technique: Technique) -> Iterator[Step]:
    assert technique.finder is not None
    return (s for s in technique.finder(board) if s.technique is technique)


#: (technique, HoDoKu's page, pencil marks, eliminations "cells:digit", pattern-breaking candidate)
PUBLISHED = {
    "skyscraper": (SKYSCRAPER, "http://hodoku.sourceforge.net/en/show_example.php?file=sk01&tech=Skyscraper", """
        6    9    7 | 1345  13458  158 | 1458  148  2
        45   58   1 | 9     7      2   | 458   6    3
        245  258  3 | 145   1458   6   | 7     9    18
        9    1    2 | 345   3458   58  | 6     38   7
        3    7    4 | 2     6      18  | 9     5    18
        8    6    5 | 7     13     9   | 13    2    4
        1    4    8 | 6     9      3   | 2     7    5
        7    35   9 | 15    2      4   | 138   138  6
        25   235  6 | 8     15     7   | 134   134  9""",
        "r1c7 r1c8 r3c4 r3c5:1", ("r4c6", 1)),
    "two-string-kite": (TWO_STRING_KITE, "https://hodoku.sourceforge.net/en/show_example.php?file=d2sk01&tech=Dual+2-String+Kite", """
        3    2     18  | 5  4   7 | 9    18   6
        789  89    6   | 2  1   3 | 48   5    47
        17   4     5   | 6  9   8 | 2    3    17
        5    3689  189 | 4  7   2 | 38   168  19
        48   368   7   | 9  36  1 | 348  2    5
        149  369   2   | 8  36  5 | 7    16   149
        2    1     4   | 3  5   9 | 6    7    8
        6    7     3   | 1  8   4 | 5    9    2
        89   5     89  | 7  2   6 | 1    4    3""",
        "r6c8:1", ("r2c1", 1)),
    "turbot-fish": (TURBOT_FISH, "https://hodoku.sourceforge.net/en/show_example.php?file=tf04&tech=Turbot+Fish", """
        9     7    28   | 6      128    5  | 13    4      138
        5     3    1    | 4      9      78 | 2     78     6
        28    6    4    | 128    1278   3  | 5     1789   1789
        3     59   6    | 7      4      1  | 8     2      59
        178   4    5789 | 58     6      2  | 179   3      1579
        1278  15   2578 | 358    358    9  | 6     157    4
        17    2    3579 | 13589  13578  78 | 4     6      135789
        4     8    3579 | 12359  12357  6  | 1379  1579   13579
        6     159  3579 | 13589  13578  4  | 1379  15789  2""",
        "r2c8:8", ("r5c6", 8)),
    "w-wing": (W_WING, "http://hodoku.sourceforge.net/en/show_example.php?file=w02&tech=W-Wing", """
        6     134    123 | 9   5  48 | 12348  7    14
        347   1347   9   | 67  2  48 | 13458  136  145
        247   5      8   | 67  3  1  | 24     269  49
        1     6      4   | 3   8  9  | 7      5    2
        238   38     23  | 1   7  5  | 9      4    6
        5     9      7   | 2   4  6  | 13     13   8
        9     2      5   | 4   1  7  | 6      8    3
        3478  13478  13  | 5   6  2  | 14     19   1479
        47    147    6   | 8   9  3  | 1245   12   1457""",
        "r1c7 r2c7 r3c7 r8c9 r9c9:4", ("r5c3", 1)),
    "xy-wing": (XY_WING, "https://hodoku.sourceforge.net/en/show_example.php?file=xy01&tech=XY-Wing", """
        8 145 57 | 3 6 25 | 9 147 12
        27 45 9 | 47 1 25 | 8 6 3
        127 6 3 | 47 8 9 | 24 147 5
        9 2 4 | 6 7 3 | 1 5 8
        3 8 6 | 9 5 1 | 7 2 4
        5 7 1 | 8 2 4 | 3 9 6
        4 3 2 | 1 9 6 | 5 8 7
        6 9 8 | 5 3 7 | 24 14 12
        17 15 57 | 2 4 8 | 6 3 9""",
        "r2c6:2", ("r1c3", 2)),
    "remote-pairs": (REMOTE_PAIRS, "http://hodoku.sourceforge.net/en/show_example.php?file=rp01&tech=Remote+Pair", """
        7   9    8   | 4     5  2  | 3    1  6
        6   45   3   | 7     8  1  | 45   9  2
        45  1    2   | 69    3  69 | 8    7  45
        3   7    19  | 2     6  5  | 19   4  8
        8   2    59  | 1     4  3  | 7    6  59
        45  6    145 | 8     9  7  | 15   2  3
        9   8    56  | 56    1  4  | 2    3  7
        1   34   7   | 369   2  8  | 469  5  49
        2   345  456 | 3569  7  69 | 469  8  1""",
        "r6c7:5", ("r6c1", 9)),
    "unique-rectangle": (UNIQUE_RECTANGLE, "https://hodoku.sourceforge.net/en/show_example.php?file=u101&tech=Unique+Rectangle+Type+1", """
        5   34   2  | 134  134   8  | 9    6  7
        1   389  89 | 7    36    69 | 4    5  2
        49  6    7  | 5    24    29 | 3    8  1
        2   1    3  | 6    5     7  | 8    4  9
        6   5    4  | 8    9     1  | 2    7  3
        7   89   89 | 23   23    4  | 6    1  5
        8   2    1  | 9    67    56 | 57   3  4
        3   47   6  | 124  1247  25 | 157  9  8
        49  479  5  | 14   8     3  | 17   2  6""",
        "r2c2:8 r2c2:9", ("r6c3", 3)),
    "hidden-rectangle": (HIDDEN_RECTANGLE, "https://hodoku.sourceforge.net/en/show_example.php?file=hr02&tech=Hidden+Rectangle", """
        68 9 168 | 4 5 136 | 2 378 37
        3 145 2 | 7 8 16 | 56 9 45
        7 45 468 | 2 9 36 | 568 1 345
        9 3 5 | 1 2 8 | 7 4 6
        28 7 148 | 6 34 9 | 158 238 235
        268 14 1468 | 5 34 7 | 18 238 9
        1 2 9 | 3 7 5 | 4 6 8
        5 6 3 | 8 1 4 | 9 27 27
        4 8 7 | 9 6 2 | 3 5 1""",
        "r2c9:5", ("r2c7", 4)),
}


def eliminations(text: str) -> set[Candidate]:
    found: set[Candidate] = set()
    for chunk in re.finditer(r"((?:r\dc\d ?)+):(\d)", text):
        found |= cands(f"{chunk[1]}:{chunk[2]}")
    return found


@pytest.mark.parametrize("key", PUBLISHED)
def test_published_example(key: str) -> None:
    technique, _, marks, removed, _ = PUBLISHED[key]
    board = board_from_marks(marks)
    wanted = eliminations(removed)
    found = [set(s.eliminations) for s in steps_of(board, technique)]
    assert wanted in found or (key == "two-string-kite" and any(wanted <= f for f in found))
    step = next(s for s in steps_of(board, technique) if wanted <= set(s.eliminations))
    data = step.to_json()
    assert data["technique"] == technique.slug and data["proof"] is not None
    if technique.assumes_uniqueness:
        assert "this relies on the puzzle having one solution" in step.details


@pytest.mark.parametrize("key", PUBLISHED)
def test_broken_pattern_does_not_fire(key: str) -> None:
    technique, _, marks, removed, (cell_name, digit) = PUBLISHED[key]
    m = re.fullmatch(r"r(\d)c(\d)", cell_name)
    assert m is not None
    board = with_candidate(board_from_marks(marks), GEO.cell_at(int(m[1]) - 1, int(m[2]) - 1),
                           digit)
    wanted = eliminations(removed)
    assert all(not wanted <= set(s.eliminations) for s in steps_of(board, technique))


@pytest.mark.parametrize("key", ["unique-rectangle", "hidden-rectangle"])
def test_uniqueness_is_used_only_when_proved(key: str) -> None:
    technique, _, marks, _, _ = PUBLISHED[key]
    board = board_from_marks(marks)
    assert all(s.technique is not technique for s in steps_available(board, DEFAULT))
    assert any(s.technique is technique for s in steps_available(board, Settings(unique=True)))
    assert all(s.technique is not technique for s in steps_available(
        board, Settings(disabled=frozenset({technique.slug}), unique=True)))


#: Positions met in the public files (file, line, puzzle, pencil marks, step name, eliminations
#: or placements), each checked against the puzzle's unique solution.
FROM_FILES: dict[str, tuple[Technique, str, str, str, str | None, set[Candidate], bool]] = {
    "empty-rectangle": (EMPTY_RECTANGLE, "norvig_top95 no. 11",
        "6..3.2....5.....1..........7.26............543.........8.15........4.2........7..",
        "6 179 14789 3 1789 2 5 479 89 489 5 34789 4789 6789 46789 3489 1 2 1489 2 134789 5 1789 14789 3489 34679 3689 7 4 2 6 1389 5 1389 39 389 189 169 1689 279 12379 1379 1369 5 4 3 169 5 489 189 1489 1689 2 7 2 8 4679 1 5 3679 349 3469 369 59 13679 1679 789 4 36789 2 3689 15 459 1369 1469 289 23689 3689 7 34689 15",
        None, {(40, 1)}, False),
    "xyz-wing": (XYZ_WING, "norvig_top95 no. 72",
        "....7..8...6...5...2...3.61.1...7..2..8..534.2..9.......2......58...6.3.4...1....",
        "139 3459 1359 6 7 12 249 8 349 13789 3479 6 48 89 12 5 279 3479 789 2 79 458 589 3 479 6 1 369 1 4 38 368 7 689 5 2 679 679 8 1 2 5 3 4 679 2 3567 357 9 368 4 1678 17 678 13679 3679 2 357 35 89 468 179 4568 5 8 179 27 4 6 1279 3 79 4 3679 379 2357 1 89 68 279 568",
        None, {(79, 7)}, False),
    "finned-x-wing": (FINNED_FISH, "norvig_top95 no. 7",
        "6.2.5.........3.4..........43...8....1....2........7..5..27...........81...6.....",
        "6 4789 2 14789 5 479 1389 179 39 1789 5789 15789 1789 169 3 1689 4 2 13789 4789 134789 14789 1469 2 1689 15679 569 4 3 5679 1579 2 8 169 1569 569 789 1 56789 34579 349 45679 2 3569 48 289 25689 5689 13459 1349 4569 7 13569 48 5 4689 134689 2 7 149 3469 69 369 279 24679 4679 3459 349 459 4569 8 1 139 49 1349 6 8 1459 3459 2 7",
        "Finned X-Wing", {(20, 7)}, False),
    "finned-swordfish": (FINNED_FISH, "norvig_top95 no. 81",
        "15.3......7..4.2....4.72.....8.........9..1.8.1..8.79......38...........6....7423",
        "1 5 2 3 69 8 69 47 47 389 7 369 156 4 1569 2 13568 156 389 3689 4 156 7 2 3569 13568 156 2459 2469 8 7 12356 1456 356 3456 2456 2457 246 567 9 2356 456 1 3456 8 2345 1 356 2456 8 456 7 9 2456 24579 249 1579 12456 12569 3 8 1567 15679 234578 2348 13579 124568 12569 14569 56 1567 15679 6 89 159 158 159 7 4 2 3",
        "Finned Swordfish", {(54, 9), (55, 9)}, False),
    "sashimi-x-wing": (SASHIMI_FISH, "norvig_top95 no. 28",
        "6..3.2....4.....8..........7.26............543.........8.15........8.2........7..",
        "6 179 8 3 1479 2 5 479 19 159 4 13579 579 1679 15679 139 8 2 159 2 13579 45789 1479 14589 1349 34679 1369 7 159 2 6 1349 134589 1389 39 139 8 169 169 279 12379 1379 1369 5 4 3 1569 4 589 19 1589 1689 2 7 2 8 679 1 5 34679 349 3469 369 149 13679 1679 479 8 34679 2 13469 5 1459 1369 1569 249 23469 3469 7 13469 8",
        "Sashimi X-Wing", {(59, 4)}, False),
    "sashimi-swordfish": (SASHIMI_FISH, "magictour top1465 no. 311",
        "5.1.94....2.6.59................2.17.3..4..6.......5.........2.....3.8...6.8.93..",
        "5 78 1 27 9 4 67 378 2368 3478 2 3478 6 178 5 9 478 148 46789 4789 46789 127 1278 3 17 4578 12458 689 589 5689 3 56 2 4 1 7 17 3 57 1579 4 178 2 6 89 12467 147 2467 179 167 1678 5 389 389 134789 145789 345789 1457 567 167 167 2 14569 12479 14579 24579 12457 3 167 8 4579 14569 1247 6 2457 8 1257 9 3 457 145",
        "Sashimi Swordfish", {(49, 1)}, False),
    "unique-rectangle-2": (UNIQUE_RECTANGLE, "norvig_top95 no. 25",
        "1.....7.9.4...72..8.........7..1..6.3.......5.6..4..2.........8..53...7.7.2....46",
        "1 25 36 24568 23568 24568 7 358 9 69 4 369 568 3568 7 2 358 1 8 25 7 1259 2359 1259 6 35 4 2 7 489 589 1 589 489 6 3 3 19 48 267 267 26 48 19 5 5 6 189 89 4 3 189 2 7 469 139 169 1245679 25679 124569 35 19 8 469 189 5 3 689 14689 19 7 2 7 1389 2 1589 589 1589 35 4 6",
        "Unique Rectangle type 2", {(30, 9), (32, 9)}, False),
    "unique-rectangle-3": (UNIQUE_RECTANGLE, "norvig_top95 no. 14",
        "3.6.7...........518.........1.4.5...7.....6.....2......2.....4.....8.3.....5.....",
        "3 5 6 18 7 18 2 9 4 29 79 279 36 4 36 8 5 1 8 4 1 9 5 2 7 36 36 26 1 238 4 36 5 9 378 378 7 39 4 138 139 1389 6 2 5 569 3689 3589 2 369 7 4 1 38 169 2 3789 1367 139 1369 5 4 6789 14569 679 579 167 8 1469 3 67 2 469 36789 3789 5 2 3469 1 678 6789",
        "Unique Rectangle type 3", {(40, 3), (40, 9)}, False),
    "unique-rectangle-4": (UNIQUE_RECTANGLE, "norvig_top95 no. 11",
        "6..3.2....5.....1..........7.26............543.........8.15........4.2........7..",
        "6 179 14789 3 1789 2 5 479 89 489 5 34789 4789 6789 46789 3489 1 2 1489 2 134789 5 1789 14789 3489 34679 3689 7 4 2 6 1389 5 1389 39 389 189 169 1689 279 12379 1379 1369 5 4 3 169 5 489 189 1489 1689 2 7 2 8 4679 1 5 3679 349 3469 369 159 13679 1679 789 4 36789 2 3689 15 1459 1369 1469 289 23689 3689 7 34689 15",
        "Unique Rectangle type 4", {(63, 1), (72, 1)}, False),
    "bug-plus-one": (BUG_PLUS_ONE, "norvig_top95 no. 71",
        ".8...4.5....7..3............1..85...6.....2......4....3.26............417........",
        "9 8 67 3 26 4 1 5 27 1 2 4 7 5 9 3 6 8 5 37 367 8 26 1 4 27 9 4 1 37 2 8 5 9 37 6 6 9 5 1 7 3 2 8 4 2 37 8 9 4 6 5 1 37 3 4 2 6 1 7 8 9 5 8 6 9 5 3 2 7 4 1 7 5 1 4 9 8 6 23 23",
        None, {(20, 7)}, True),
}


@pytest.mark.parametrize("key", FROM_FILES)
def test_position_from_the_files(key: str) -> None:
    technique, _, puzzle, marks, name, wanted, places = FROM_FILES[key]
    board = board_from_marks(marks)
    solution = solve(Grid.parse(puzzle))
    assert solution is not None
    step = next(s for s in steps_of(board, technique) if name in (None, s.name))
    assert set(step.placements if places else step.eliminations) == wanted
    assert all(solution[c] == d for c, d in step.placements)
    assert all(solution[c] != d for c, d in step.eliminations)
    assert step.to_json()["proof"] is not None


def test_fins_are_named_and_lie_in_one_box() -> None:
    _, _, _, marks, name, _, _ = FROM_FILES["finned-swordfish"]
    step = next(s for s in steps_of(board_from_marks(marks), FINNED_FISH) if s.name == name)
    fins = dict(step.proof.roles)["fins"] if step.proof else ()
    assert fins and len({GEO.box_of[c] for c in fins}) == 1
    assert all(GEO.box_of[c] == GEO.box_of[fins[0]] for c, _ in step.eliminations)


def test_no_pattern_technique_fires_on_a_position_singles_solve() -> None:
    board = Board.from_grid(Grid.parse(
        ".1..2.34.4..1..5....67.8....214..75.57..1..89.39..641....9.78....5..1..7.98.3..6."))
    solution = solve(board.grid())
    assert solution is not None
    for technique in (SKYSCRAPER, TWO_STRING_KITE, TURBOT_FISH, EMPTY_RECTANGLE, XY_WING,
                      XYZ_WING, W_WING, REMOTE_PAIRS, FINNED_FISH, SASHIMI_FISH,
                      UNIQUE_RECTANGLE, HIDDEN_RECTANGLE, BUG_PLUS_ONE):
        for step in steps_of(board, technique):
            assert all(solution[c] != d for c, d in step.eliminations)
