"""Uniqueness: Unique Rectangle types 1–4, Hidden Rectangle and BUG+1.

They rest on the promise that the puzzle has exactly one solution, so the engine uses them only
when that was proved (``logic.Settings.unique``) and every reason says so. A *deadly pattern* is
four empty cells at the corners of a rectangle, in two rows, two columns and two boxes, that could
all hold the same two digits {a,b}: if they did, a and b could swap and give a second solution. So
some corner must hold another digit, and each type draws a different conclusion from that. BUG+1
(bivalue universal grave plus one): when every empty cell but one has two candidates and each
digit would appear twice in every house, the extra cell must take the digit that appears three
times, or the puzzle would not have exactly one solution (a BUG has none or several). As described
in HoDoKu's technique pages ("Uniqueness") and on SudokuWiki ("Unique Rectangles", "BUG").
"""

from __future__ import annotations

from itertools import combinations
from typing import Iterator

from ..bitsets import bit_indices
from ..board import Board
from ..geometry import Geometry, bits
from ..levels import Level
from ..step import (Candidate, Proof, ProofLink, ProofNode, Step, describe_eliminations, digit_set,
                    join_names, outcome)
from . import Technique
from .patterns import digit_cells, seen_by_all

RELIES = "this relies on the puzzle having one solution"

#: A rectangle's corners: (r1c1, r1c2, r2c1, r2c2).
Corners = tuple[int, int, int, int]


def rectangles(board: Board) -> Iterator[tuple[Corners, int]]:
    """Every rectangle of four empty cells in two boxes, with each pair {a,b} of digits all four
    share (as a mask)."""
    geo = board.geometry
    n = geo.n
    cands = board.candidates
    rows = [cands[r * n:(r + 1) * n] for r in range(n)]  # cell_at(r, c) is r * n + c
    for r1, r2 in combinations(range(n), 2):
        same_band = r1 // geo.box_rows == r2 // geo.box_rows
        # The columns where both rows' cells share two digits: only they can be corners.
        columns = [(col, both) for col, both in enumerate(map(int.__and__, rows[r1], rows[r2]))
                   if both & (both - 1)]
        for (c1, both1), (c2, both2) in combinations(columns, 2):
            if same_band == (c1 // geo.box_cols == c2 // geo.box_cols):
                continue  # four boxes, or one: not a deadly pattern
            common = both1 & both2
            if not common & (common - 1):
                continue
            corners = (r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2)
            for a, b in combinations(bit_indices(common), 2):
                yield corners, 1 << a | 1 << b


def _shared_houses(geo: Geometry, a: int, b: int) -> list[int]:
    return [h for h in geo.houses_of[a] if h in geo.houses_of[b]]


def find_unique_rectangles(board: Board) -> Iterator[Step]:
    """Types 1 to 4, each rectangle in turn; the simplest type found for a rectangle first."""
    geo = board.geometry
    cands = board.candidates
    for corners, pair in rectangles(board):
        floor = [c for c in corners if cands[c] == pair]
        roof = [c for c in corners if cands[c] != pair]
        if len(floor) == 3:
            target = roof[0]
            removed = tuple((target, d) for d in bits(pair))
            others = bits(cands[target] & ~pair)
            if len(others) == 1:
                must = f"its other digit, {geo.symbol(others[0])}"
            else:
                must = f"one of its other digits ({join_names((geo.symbol(d) for d in others), 'or')})"
            yield _ur_step(geo, 1, corners, pair, floor, roof, removed,
                           f"{geo.cell_name(target)} must hold {must}")
            continue
        if len(floor) != 2 or not _shared_houses(geo, roof[0], roof[1]):
            continue
        yield from _types_2_to_4(board, corners, pair, floor, roof)


def _types_2_to_4(board: Board, corners: Corners, pair: int, floor: list[int],
                  roof: list[int]) -> Iterator[Step]:
    geo = board.geometry
    cands = board.candidates
    name = geo.cell_name
    extras = (cands[roof[0]] | cands[roof[1]]) & ~pair
    roofs = join_names(name(c) for c in roof)
    if extras.bit_count() == 1 and cands[roof[0]] == cands[roof[1]]:
        digit = extras.bit_length()
        removed = seen_by_all(board, roof, digit)
        if removed:
            yield _ur_step(geo, 2, corners, pair, floor, roof, removed,
                           f"{roofs} hold {geo.symbol(digit)} between them")
    for house in _shared_houses(geo, roof[0], roof[1]):
        found = _type_3(board, house, roof, extras)
        if found is not None:
            subset, eliminated = found
            union = extras
            for c in subset:
                union |= cands[c]
            others = join_names(f"{name(c)} {digit_set(geo, bits(cands[c]))}" for c in subset)
            yield _ur_step(geo, 3, corners, pair, floor, roof, eliminated,
                           f"{roofs} act as one cell holding {digit_set(geo, bits(extras))}; with "
                           f"{others}, that makes {len(subset) + 1} places for exactly "
                           f"{digit_set(geo, bits(union))}, a naked subset in "
                           f"{geo.house_name(house)}, and those digits leave its other cells")
    for house in _shared_houses(geo, roof[0], roof[1]):
        for locked in bits(pair):
            if set(digit_cells(board, house, locked)) == set(roof):
                other = bits(pair & ~(1 << (locked - 1)))[0]
                removed = tuple((c, other) for c in roof)
                either = join_names((name(c) for c in roof), "or")
                yield _ur_step(geo, 4, corners, pair, floor, roof, removed,
                               f"in {geo.house_name(house)}, the {geo.symbol(locked)} must go in "
                               f"{either}; whichever takes it, the other holding "
                               f"{geo.symbol(other)} would complete the rectangle of "
                               f"{digit_set(geo, bits(pair))}, so neither can be "
                               f"{geo.symbol(other)}")


def _type_3(board: Board, house: int, roof: list[int], extras: int
            ) -> tuple[tuple[int, ...], tuple[Candidate, ...]] | None:
    """A naked subset in ``house`` of the roof's extra digits with 1-3 other cells, and what it
    removes (None if nothing)."""
    cands = board.candidates
    others = [c for c in board.geometry.houses[house] if cands[c] and c not in roof]
    for size in range(1, 4):
        for subset in combinations(others, size):
            union = extras
            for cell in subset:
                union |= cands[cell]
            if union.bit_count() != size + 1:
                continue
            removed = tuple(sorted((c, d) for c in others if c not in subset
                                   for d in bits(cands[c] & union)))
            if removed:
                return subset, removed
    return None


def _ur_step(geo: Geometry, kind: int, corners: Corners, pair: int, floor: list[int],
             roof: list[int], removed: tuple[Candidate, ...], because: str) -> Step:
    name = geo.cell_name
    digits = bits(pair)
    # The key names the corners by the words of HoDoKu's and SudokuWiki's pages: the floor holds
    # only the pair, the roof holds more; the words say both, with their cells.
    floors = join_names(name(c) for c in floor)
    roofs = join_names(name(c) for c in roof)
    deadly = f"the floor {floors} hold only {digit_set(geo, digits)}; if the roof {roofs} did too"
    text = (f"{deadly[:1].upper()}{deadly[1:]}, the puzzle would have two solutions, but it has "
            f"one. {outcome(geo, eliminations=removed)}")
    details = (f"Unique Rectangle type {kind}: {deadly}, the two digits could swap in "
            f"{join_names(name(c) for c in corners)} for a second solution; so {because}: removes "
            f"{describe_eliminations(geo, removed)} ({RELIES}).")
    return Step(UNIQUE_RECTANGLE, f"Unique Rectangle type {kind}", text, size=kind, view="cell",
                cells=corners, digits=tuple(digits),
                pattern=tuple((c, d) for c in corners for d in digits), eliminations=removed,
                proof=Proof(roles=(("floor", tuple(floor)), ("roof", tuple(roof)))),
                details=details)


def find_hidden_rectangles(board: Board) -> Iterator[Step]:
    """A rectangle with a corner holding only {a,b}; if a has only two places in both the row and
    the column of the opposite corner (the rectangle's), that corner cannot be b."""
    geo = board.geometry
    cands = board.candidates
    name = geo.cell_name
    for corners, pair in rectangles(board):
        for index, corner in enumerate(corners):
            if cands[corner] != pair:
                continue
            opposite = corners[3 - index]
            beside = [c for c in corners if c not in (corner, opposite)]
            row_mate = next(c for c in beside if geo.row_of[c] == geo.row_of[opposite])
            col_mate = next(c for c in beside if geo.col_of[c] == geo.col_of[opposite])
            for locked in bits(pair):
                other = bits(pair & ~(1 << (locked - 1)))[0]
                row_places = set(digit_cells(board, geo.row(geo.row_of[opposite]), locked))
                col_places = set(digit_cells(board, geo.column(geo.col_of[opposite]), locked))
                if row_places != {opposite, row_mate} or col_places != {opposite, col_mate}:
                    continue
                removed = ((opposite, other),)
                sym = geo.symbol
                # The floor (the corner with only the pair) and the roof (the corner opposite
                # it), as the key names them.
                text = (f"The floor {name(corner)} holds only {digit_set(geo, bits(pair))}; if the "
                        f"roof {name(opposite)} were {sym(other)}, "
                        f"the corners {join_names(name(c) for c in corners)} could swap "
                        f"{join_names(sym(d) for d in bits(pair))}: two solutions, but the puzzle "
                        f"has one. {outcome(geo, eliminations=removed)}")
                details = (f"Hidden Rectangle: {join_names(name(c) for c in corners)} all hold "
                        f"{digit_set(geo, bits(pair))} and the floor {name(corner)} holds nothing "
                        f"else. In the row and the column of the roof {name(opposite)}, "
                        f"{sym(locked)} lies only in the rectangle; if the roof were "
                        f"{sym(other)}, {sym(locked)} "
                        f"would fill {name(row_mate)} and {name(col_mate)}, {name(corner)} would "
                        f"be {sym(other)}, and the two digits could swap for a second solution: "
                        f"removes {describe_eliminations(geo, removed)} ({RELIES}).")
                nodes = (ProofNode((row_mate,), locked), ProofNode((opposite,), locked),
                         ProofNode((col_mate,), locked))
                links = (ProofLink(0, 1, "strong"), ProofLink(1, 2, "strong"))
                yield Step(HIDDEN_RECTANGLE, HIDDEN_RECTANGLE.title, text, size=4, view="cell",
                           cells=corners, digits=tuple(bits(pair)),
                           pattern=tuple((c, d) for c in corners for d in bits(pair)),
                           eliminations=removed,
                           proof=Proof(nodes, links, (("floor", (corner,)),
                                                      ("roof", (opposite,)))),
                           details=details)


def find_bug_plus_one(board: Board) -> Iterator[Step]:
    """Every empty cell bivalue but one with three candidates, and one of its digits seen three
    times in each of its houses: that digit goes there."""
    geo = board.geometry
    cands = board.candidates
    extra = [c for c, mask in enumerate(cands) if mask and mask.bit_count() != 2]
    if len(extra) != 1 or cands[extra[0]].bit_count() != 3:
        return
    cell = extra[0]
    mine = set(geo.houses_of[cell])
    winner = None
    for house, members in enumerate(geo.houses):
        for digit in geo.digits:
            count = sum(1 for c in members if cands[c] >> (digit - 1) & 1)
            if count == 3 and house in mine and cands[cell] >> (digit - 1) & 1:
                if winner not in (None, digit):
                    return
                winner = digit
            elif count not in (0, 2):
                return
    if winner is None or any(sum(1 for c in geo.houses[h] if cands[c] >> (winner - 1) & 1) != 3
                             for h in mine):
        return
    symbol = geo.symbol(winner)
    cell_name = geo.cell_name(cell)
    # The key calls the cell the extra candidate's: the one digit too many for a BUG.
    text = (f"Without the extra candidate {symbol} in {cell_name}, every empty cell would have two "
            f"candidates, a pattern that cannot have exactly one solution, but the puzzle has one. "
            f"So {cell_name} is {symbol}.")
    details = (f"BUG+1: every empty cell but {cell_name} has two candidates, and without the extra "
            f"candidate {symbol} in {cell_name} each digit would have exactly two places in every "
            f"house that still needs it: a pattern that cannot have exactly one solution (it has "
            f"none or several). So {cell_name} is {symbol} ({RELIES}).")
    yield Step(BUG_PLUS_ONE, BUG_PLUS_ONE.title, text, size=1, view="cell", cells=(cell,),
               digits=(winner,), pattern=((cell, winner),), placements=((cell, winner),),
               proof=Proof(roles=(("extra", (cell,)),)), details=details)


UNIQUE_RECTANGLE = Technique(
    "unique-rectangle", "Unique Rectangle (types 1–4)", "uniqueness", Level.EXPERT, 100,
    find_unique_rectangles, assumes_uniqueness=True,
    summary="Four corners that could swap two digits would give two solutions: some corner must "
            "hold another digit.")
HIDDEN_RECTANGLE = Technique(
    "hidden-rectangle", "Hidden Rectangle", "uniqueness", Level.EXPERT, 100,
    find_hidden_rectangles, assumes_uniqueness=True,
    summary="Strong links on a rectangle's digit keep the opposite corner from the other digit.")
BUG_PLUS_ONE = Technique(
    "bug-plus-one", "BUG+1", "uniqueness", Level.EXPERT, 100, find_bug_plus_one,
    assumes_uniqueness=True,
    summary="All cells bivalue but one: that cell takes the digit seen three times.")
TECHNIQUES = (UNIQUE_RECTANGLE, HIDDEN_RECTANGLE, BUG_PLUS_ONE)
