"""Region exclusion (seed 002): where a box meets a row or a column.

Pointing: a digit's candidates in a box all lie in one row (or column), so the digit leaves the rest
of that line. Claiming: a digit's candidates in a row (or column) all lie in one box, so it leaves the
rest of the box. Both are the locked candidates of HoDoKu.
"""

from __future__ import annotations

from typing import Iterator

from ..board import Board
from ..geometry import bits
from ..step import Step, Technique, describe_eliminations


def _locked(board: Board, house: int, digit: int, other_houses: tuple[int, ...]) -> Step | None:
    """A step if ``digit``'s cells in ``house`` all share one house of ``other_houses``' kind."""
    geo = board.geometry
    bit = 1 << (digit - 1)
    cells = tuple(c for c in geo.houses[house] if board.candidates[c] & bit)
    if len(cells) < 2:
        return None
    for target_kind in other_houses:
        targets = {geo.houses_of[c][target_kind] for c in cells}
        if len(targets) != 1:
            continue
        target = targets.pop()
        inside = set(geo.houses[house])
        eliminations = tuple((c, digit) for c in geo.houses[target]
                             if c not in inside and board.candidates[c] & bit)
        if not eliminations:
            continue
        pointing = geo.house_kind(house) == "box"
        technique = Technique.POINTING if pointing else Technique.CLAIMING
        symbol = geo.symbol(digit)
        verb = "Pointing" if pointing else "Claiming"
        text = (f"{verb} (region exclusion): in {geo.house_name(house)} the {symbol}s lie only in "
                f"{geo.house_name(target)}, so {symbol} leaves the rest of "
                f"{geo.house_name(target)}: removes {describe_eliminations(geo, eliminations)}.")
        return Step(technique, verb, text, size=len(cells), view="house", houses=(house, target),
                    digit=digit, cells=cells, digits=(digit,),
                    pattern=tuple((c, digit) for c in cells), eliminations=eliminations)
    return None


def find_pointing(board: Board) -> Iterator[Step]:
    """A box's candidates for a digit confined to one row or column."""
    geo = board.geometry
    for box in range(2 * geo.n, 3 * geo.n):
        for digit in _missing(board, box):
            step = _locked(board, box, digit, (0, 1))
            if step:
                yield step


def find_claiming(board: Board) -> Iterator[Step]:
    """A row's or column's candidates for a digit confined to one box."""
    geo = board.geometry
    for line in range(2 * geo.n):
        for digit in _missing(board, line):
            step = _locked(board, line, digit, (2,))
            if step:
                yield step


def _missing(board: Board, house: int) -> list[int]:
    mask = 0
    for cell in board.geometry.houses[house]:
        mask |= board.candidates[cell]
    return bits(mask)
