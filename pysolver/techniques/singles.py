"""Singles: cell exclusion (naked single) and candidate exclusion (hidden single).

The names are those of farhiongit/sudoku-solver.

They are the chains and piles of size one: a cell with one candidate left, a digit with one place
left in a house. Hidden singles are looked for in boxes first, where people find them most easily.
"""

from __future__ import annotations

from typing import Iterator

from ..board import Board
from ..step import Step, Technique


def find_naked_singles(board: Board) -> Iterator[Step]:
    """Cells whose candidates are down to one digit."""
    geo = board.geometry
    for cell, mask in enumerate(board.candidates):
        if mask and not mask & (mask - 1):
            digit = mask.bit_length()
            name = geo.cell_name(cell)
            yield Step(
                Technique.NAKED_SINGLE, "Naked Single",
                f"Naked single (cell exclusion): {name} can only be {geo.symbol(digit)}; every "
                f"other digit already stands in its row, column or box.",
                houses=geo.houses_of[cell], cells=(cell,), digits=(digit,),
                pattern=((cell, digit),), placements=((cell, digit),))


def find_hidden_singles(board: Board) -> Iterator[Step]:
    """Digits with a single place left in a box, then a row, then a column."""
    geo = board.geometry
    n = geo.n
    for house in [*range(2 * n, 3 * n), *range(2 * n)]:
        once = twice = 0
        for cell in geo.houses[house]:
            mask = board.candidates[cell]
            twice |= once & mask
            once |= mask
        for digit_bit in _bits_of(once & ~twice):
            digit = digit_bit.bit_length()
            cell = next(c for c in geo.houses[house] if board.candidates[c] & digit_bit)
            yield Step(
                Technique.HIDDEN_SINGLE, "Hidden Single",
                f"Hidden single (candidate exclusion): in {geo.house_name(house)}, "
                f"{geo.symbol(digit)} fits only in {geo.cell_name(cell)}.",
                view="house", houses=(house,), cells=(cell,), digits=(digit,),
                pattern=((cell, digit),), placements=((cell, digit),))


def _bits_of(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low
        mask ^= low
