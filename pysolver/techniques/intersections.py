"""Region exclusion (farhiongit/sudoku-solver's name): where a box meets a row or a column.

Pointing: a digit's candidates in a box all lie in one row (or column), so the digit leaves the rest
of that line. Claiming: a digit's candidates in a row (or column) all lie in one box, so it leaves the
rest of the box. Both are the locked candidates of HoDoKu.

A house is cut into segments by the houses crossing it (a box into its rows' and columns' pieces, a
line into its boxes' pieces). A digit confined to one segment is found for all digits at once from
the segments' candidate unions: the digits seen in exactly one segment.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Iterator

from ..board import Board
from ..geometry import BOX_SHAPES, Geometry
from ..levels import Level
from ..step import Step, describe_eliminations, join_names
from . import Technique

#: For one house: the kind of crossing house (0 row, 1 column, 2 box), then (crossing house, cells).
Segments = tuple[tuple[int, tuple[tuple[int, tuple[int, ...]], ...]], ...]


@lru_cache(maxsize=3 * max(BOX_SHAPES))  # every house of the largest grid
def _segments(geometry: Geometry, house: int) -> Segments:
    """The house's cells grouped by the rows and columns (for a box) or boxes (for a line) they lie in."""
    kinds = (0, 1) if geometry.house_kind(house) == "box" else (2,)
    grouped = []
    for kind in kinds:
        pieces: dict[int, list[int]] = {}
        for cell in geometry.houses[house]:
            pieces.setdefault(geometry.houses_of[cell][kind], []).append(cell)
        grouped.append((kind, tuple((h, tuple(cells)) for h, cells in pieces.items())))
    return tuple(grouped)


def _confined(board: Board, house: int) -> Iterator[tuple[int, int, tuple[int, ...]]]:
    """(digit, crossing house, cells) for each digit whose candidates in ``house`` lie in one segment.

    Digits ascending; for a box, the row before the column.
    """
    candidates = board.candidates
    found: dict[int, list[tuple[int, tuple[int, ...]]]] = {}
    for _, pieces in _segments(board.geometry, house):
        unions = []
        once = twice = 0
        for target, cells in pieces:
            union = 0
            for cell in cells:
                union |= candidates[cell]
            unions.append(union)
            twice |= once & union
            once |= union
        alone = once & ~twice
        while alone:
            bit = alone & -alone
            alone ^= bit
            for (target, cells), union in zip(pieces, unions):
                if union & bit:
                    found.setdefault(bit.bit_length(), []).append((target, cells))
                    break
    for digit in sorted(found):
        for target, cells in found[digit]:
            yield digit, target, cells


def _locked_steps(board: Board, houses: range) -> Iterator[Step]:
    geo = board.geometry
    for house in houses:
        inside = geo.houses[house]
        for digit, target, segment in _confined(board, house):
            bit = 1 << (digit - 1)
            cells = tuple(c for c in segment if board.candidates[c] & bit)
            eliminations = tuple((c, digit) for c in geo.houses[target]
                                 if board.candidates[c] & bit and c not in inside)
            if len(cells) >= 2 and eliminations:
                yield _step(geo, house, target, digit, cells, eliminations)


def _step(geo: Geometry, house: int, target: int, digit: int, cells: tuple[int, ...],
          eliminations: tuple[tuple[int, int], ...]) -> Step:
    pointing = geo.house_kind(house) == "box"
    technique = POINTING if pointing else CLAIMING
    symbol = geo.symbol(digit)
    verb = "Pointing" if pointing else "Claiming"
    where, target_name = geo.house_name(house), geo.house_name(target)
    text = (f"In {where}, the {symbol}s lie only in {target_name}. "
            f"So {symbol} leaves the rest of {target_name}.")
    details = (f"{verb} (region exclusion): the {symbol} of {where} must go in one of "
               f"{join_names(geo.cell_name(c) for c in cells)}, {'both' if len(cells) == 2 else 'all'} "
               f"in {target_name}; so "
               f"{target_name} gets its {symbol} there and no other cell of {target_name} can "
               f"hold it: removes {describe_eliminations(geo, eliminations)}.")
    return Step(technique, verb, text, size=len(cells), view="house", houses=(house, target),
                digit=digit, cells=cells, digits=(digit,), pattern=tuple((c, digit) for c in cells),
                eliminations=eliminations, details=details)


def find_pointing(board: Board) -> Iterator[Step]:
    """A box's candidates for a digit confined to one row or column."""
    n = board.geometry.n
    return _locked_steps(board, range(2 * n, 3 * n))


def find_claiming(board: Board) -> Iterator[Step]:
    """A row's or column's candidates for a digit confined to one box."""
    return _locked_steps(board, range(2 * board.geometry.n))


POINTING = Technique(
    "pointing", "Pointing", "intersections", Level.MEDIUM, 50, find_pointing,
    summary="A box's candidates for a digit lie in one line: the digit leaves the rest of the line.")
CLAIMING = Technique(
    "claiming", "Claiming", "intersections", Level.MEDIUM, 50, find_claiming,
    summary="A line's candidates for a digit lie in one box: the digit leaves the rest of the box.")
TECHNIQUES = (POINTING, CLAIMING)
