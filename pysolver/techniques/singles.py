"""Singles: cell exclusion (naked single) and candidate exclusion (hidden single).

The names are those of farhiongit/sudoku-solver.

They are the chains and piles of size one: a cell with one candidate left, a digit with one place
left in a house. Hidden singles are looked for in boxes first, where people find them most easily.
Each step carries its house's graph (Dr. Dobb's "Sudoku & Graph Theory"), where the single is a
vertex with one edge: the cell's, a chain of one; the digit's, a pile of one.
"""

from __future__ import annotations

from functools import partial
from typing import Iterator

from ..bitsets import bit_indices
from ..board import Board
from ..levels import Level
from ..drawings import view_drawing
from ..geometry import bits
from ..step import GraphDrawing, Step, join_names
from ..views import house_view
from . import Technique


def find_naked_singles(board: Board) -> Iterator[Step]:
    """Cells whose candidates are down to one digit."""
    geo = board.geometry
    for cell, mask in enumerate(board.candidates):
        if mask and not mask & (mask - 1):
            digit = mask.bit_length()
            name = geo.cell_name(cell)
            row, column, box = (geo.house_name(h) for h in geo.houses_of[cell])
            house = naked_single_house(board, cell, digit)
            yield Step(
                NAKED_SINGLE, "Naked Single",
                f"{name} can only be {geo.symbol(digit)}: it is the cell's last candidate.",
                houses=(house, *(h for h in geo.houses_of[cell] if h != house)),
                cells=(cell,), digits=(digit,), pattern=((cell, digit),), placements=((cell, digit),),
                graph_source=partial(naked_single_graph, board, house, cell, digit),
                details=f"Naked single (cell exclusion): every digit other than "
                        f"{geo.symbol(digit)} already stands in {row}, {column} or {box} (a digit "
                        f"appears once in a house){_removed_before(board, cell)}, so {name} "
                        f"has {geo.symbol(digit)} as its only candidate.")


def naked_single_house(board: Board, cell: int, digit: int) -> int:
    """The one house a naked single is taught in: the first hint points at it (the step lists it
    first, ``Step.houses``) and its graph is drawn for it. Of the cell's row, column and box, the
    house where the digit has the most other places, all of which the single takes away; the one
    with fewer empty cells on a tie, a smaller search and a smaller drawing.

    Any one house keeps the hint from naming the cell (only the three together would). This one
    teaches best because there the single is seen only as a naked single: the drawing shows the
    cell's lone edge and the digit's edges it removes, whereas in a house where the digit has no
    other place the drawing removes nothing and the player, pointed there, would find the same
    digit as a hidden single instead."""
    geo = board.geometry
    bit = 1 << (digit - 1)

    def rank(house: int) -> tuple[int, int]:
        cells = [c for c in geo.houses[house] if not board.values[c]]
        return -sum(1 for c in cells if c != cell and board.candidates[c] & bit), len(cells)

    return min(geo.houses_of[cell], key=rank)


def naked_single_graph(board: Board, house: int, cell: int, digit: int) -> GraphDrawing | None:
    """The graph of the single's house (``naked_single_house``), where the cell has a single edge
    (a chain of one) and the edges of ``digit`` from the house's other cells are removed; None
    when the house has no perfect matching (a broken board)."""
    view = house_view(board, house)
    at = view.left.index(cell)
    bit = 1 << (digit - 1)
    removed = [(i, digit - 1) for i, mask in enumerate(view.adjacency) if i != at and mask & bit]
    return view_drawing(board.geometry, view, "chain", (at,), (digit - 1,), removed)


def hidden_single_graph(board: Board, house: int, cell: int, digit: int) -> GraphDrawing | None:
    """The house's graph, where the digit has a single edge (a pile of one) and the cell's other
    candidates are removed; None when the house has no perfect matching."""
    view = house_view(board, house)
    at = view.left.index(cell)
    removed = [(at, j) for j in bit_indices(view.adjacency[at]) if j != digit - 1]
    return view_drawing(board.geometry, view, "pile", (at,), (digit - 1,), removed)


def _removed_before(board: Board, cell: int) -> str:
    """The digits the cell lost to earlier steps rather than to a digit placed in a peer, in
    words (empty when there are none: the placed digits alone explain the single)."""
    geo = board.geometry
    placed = 0
    for peer in geo.peers[cell]:
        if board.values[peer]:
            placed |= 1 << (board.values[peer] - 1)
    removed = geo.all_digits & ~placed & ~board.candidates[cell]
    if not removed:
        return ""
    names = join_names(geo.symbol(d) for d in bits(removed))
    return f", except {names}, which the steps before removed"


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
            where, symbol = geo.house_name(house), geo.symbol(digit)
            yield Step(
                HIDDEN_SINGLE, "Hidden Single",
                f"In {where}, {symbol} fits only in {geo.cell_name(cell)}.",
                view="house", houses=(house,), cells=(cell,), digits=(digit,),
                pattern=((cell, digit),), placements=((cell, digit),),
                graph_source=partial(hidden_single_graph, board, house, cell, digit),
                details=f"Hidden single (candidate exclusion): {where} needs one {symbol}, and every "
                        f"other cell of {where} is filled or has lost {symbol} as a candidate (it "
                        f"sees {symbol} placed in a peer{_or_removed(board, house, cell, digit)}), "
                        f"so the {symbol} goes in {geo.cell_name(cell)}.")


def _or_removed(board: Board, house: int, cell: int, digit: int) -> str:
    """``, or an earlier step removed it`` when some other empty cell of the house lost the digit
    to a step, not to a peer holding it; empty when placed digits alone explain the single."""
    geo = board.geometry
    for other in geo.houses[house]:
        if other == cell or board.values[other]:
            continue
        if not any(board.values[peer] == digit for peer in geo.peers[other]):
            return ", or an earlier step removed it"
    return ""


def _bits_of(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low
        mask ^= low


NAKED_SINGLE = Technique(
    "naked-single", "Naked Single", "singles", Level.EASY, 4, find_naked_singles,
    summary="A cell with one candidate left takes it (cell exclusion).")
HIDDEN_SINGLE = Technique(
    "hidden-single", "Hidden Single", "singles", Level.EASY, 14, find_hidden_singles,
    summary="A digit with one place left in a house goes there (candidate exclusion).")
TECHNIQUES = (NAKED_SINGLE, HIDDEN_SINGLE)
