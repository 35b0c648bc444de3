"""A view's bipartite graph as the page draws it, for the steps that are chains or piles in it
without coming from chain and pile exclusion: the singles (a chain or a pile of one) and the
finned fish (a chain or pile of one digit's rows × columns, but for its fins).

>>> from pysolver.board import Board
>>> from pysolver.grid import Grid
>>> from pysolver.views import house_view
>>> board = Board.from_grid(Grid.parse("12345678." + "." * 72))
>>> drawing = view_drawing(board.geometry, house_view(board, 0), "chain", (0,), (8,), ())
>>> drawing.title, [v.label for v in drawing.left], [v.label for v in drawing.right], drawing.edges
('row 1', ['r1c9'], ['9'], ((0, 0),))
>>> drawing.matching, drawing.pattern_left, drawing.pattern_right
(((0, 0),), (0,), (0,))
"""

from __future__ import annotations

from typing import Iterable, Literal

from .bipartite import maximum_matching
from .bitsets import bit_indices
from .geometry import Geometry
from .step import GraphDrawing, GraphVertex
from .views import ViewGraph


def view_drawing(geo: Geometry, view: ViewGraph, kind: Literal["chain", "pile"],
                 left: Iterable[int], right: Iterable[int], removed: Iterable[tuple[int, int]],
                 avoid: Iterable[tuple[int, int]] = ()) -> GraphDrawing | None:
    """``view`` drawn with the pattern ``left`` (left indices) and ``right`` (right indices as the
    view numbers them: digit − 1, or the column) and its ``removed`` edges (same numbering).

    The matching is a maximum one that uses as few ``avoid`` edges (a finned fish's fins) as it
    can, so the pattern's vertices are matched with one another where they can be. None when the
    view has no perfect matching: the drawing would then read as a Hall violation.
    """
    right_ids = bit_indices(view.right_all)
    position = {j: k for k, j in enumerate(right_ids)}
    if len(view.left) != len(right_ids):
        return None
    match = _matching(view.adjacency, view.right_all.bit_length(), set(avoid))
    if -1 in match:
        return None
    return GraphDrawing(
        kind=view.kind,
        title=view.title(geo),
        left=tuple(GraphVertex(view.left[i], view.left_label(geo, i)) for i in range(len(view.left))),
        right=tuple(GraphVertex(j + 1 if view.kind == "house" else j, view.right_label(geo, j))
                    for j in right_ids),
        edges=tuple((i, position[j]) for i, mask in enumerate(view.adjacency)
                    for j in bit_indices(mask)),
        matching=tuple((i, position[j]) for i, j in enumerate(match)),
        pattern_kind=kind,
        pattern_left=tuple(sorted(left)),
        pattern_right=tuple(sorted(position[j] for j in right)),
        removed=tuple(sorted((i, position[j]) for i, j in removed)),
        symbol=geo.symbol(view.index) if view.kind == "digit" else "",
    )


def _matching(adjacency: tuple[int, ...], right_count: int,
              avoid: set[tuple[int, int]]) -> list[int]:
    """A maximum matching (the right index matched to each left vertex, −1 for none) with as few
    ``avoid`` edges as it can: one found without them, then grown through them."""
    without = tuple(mask & ~sum(1 << j for i2, j in avoid if i2 == i)
                    for i, mask in enumerate(adjacency))
    return maximum_matching(adjacency, right_count, start=maximum_matching(without, right_count))[0]
