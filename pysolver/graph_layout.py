"""Where each vertex of a drawn bipartite graph sits, so that the argument reads at a glance.

The pictures of Dr. Dobb's "Sudoku & Graph Theory" draw a house's cells in one column and its digits
in another. With the vertices in their natural order a chain or pile is scattered among the others
and matched pairs cross the whole picture. Here the drawing is laid out in *slots* (rows of the
picture): every matched pair shares a slot, so matching edges are horizontal and never cross; the
pattern's pairs (the chain or pile) fill the top slots as one block; the other slots are ordered by
the barycentre heuristic of layered graph drawing (Sugiyama et al., 1981) and improved by sifting
(each row moved to its best place), accepting a change only when it removes crossings. Given the order the same house was drawn
in at the previous step, the layout starts from it, so only what must move moves. A graph too big to
be drawn whole (``graph_stages.shown``) is laid out as its part drawn; the vertices left out get
slot −1.

>>> from pysolver.step import GraphDrawing, GraphVertex
>>> v = lambda k: GraphVertex(k, str(k))
>>> g = GraphDrawing("house", "row 1", (v(0), v(1), v(2)), (v(1), v(2), v(3)),
...                  ((0, 0), (0, 2), (1, 1), (2, 2), (2, 0)), ((0, 2), (1, 1), (2, 0)),
...                  "chain", (0, 2), (0, 2), ())
>>> layout(g)
Layout(left=(0, 2, 1), right=(1, 2, 0))
>>> crossings(g, layout(g))
1
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Sequence

from .graph_stages import restricted, shown
from .step import GraphDrawing

Row = tuple[int, int]  # (left index or -1, right index or -1): the vertices sharing one slot

#: How many crossings moving a pair of vertices out of the previous step's order must save.
STABILITY = 3


@dataclass(frozen=True)
class Layout:
    """The slot of each vertex: ``left[i]`` for left vertex i, ``right[j]`` for right vertex j;
    −1 for a vertex not drawn."""

    left: tuple[int, ...]
    right: tuple[int, ...]

    def order(self, side: str) -> list[int]:
        """The indices of one side's vertices drawn, top to bottom."""
        slots = self.left if side == "left" else self.right
        return sorted((k for k in range(len(slots)) if slots[k] >= 0), key=slots.__getitem__)


@dataclass(frozen=True)
class PreviousOrder:
    """The vertex ids of a graph of the same house as last drawn, top to bottom, per side."""

    left: tuple[int, ...]
    right: tuple[int, ...]


def crossings(graph: GraphDrawing, placed: Layout) -> int:
    """How many pairs of edges cross: left slots in one order, right slots in the other (a graph
    laid out whole: every slot at least 0).

    Counted as inversions with a Fenwick tree, so a 25×25 house with hundreds of edges stays cheap.
    """
    ends = sorted((placed.left[i], placed.right[j]) for i, j in graph.edges)
    size = max(len(placed.left), len(placed.right)) + 1
    tree = [0] * (size + 1)
    total = 0
    for seen, (_, right) in enumerate(ends):
        # Edges already seen lie at or above this one on the left; count those strictly below on
        # the right (a shared end point is not a crossing; a shared left slot sorts ascending).
        k = right + 1
        not_greater = 0
        while k > 0:
            not_greater += tree[k]
            k -= k & -k
        total += seen - not_greater
        k = right + 1
        while k <= size:
            tree[k] += 1
            k += k & -k
    return total


def _rows(graph: GraphDrawing) -> list[Row]:
    """One row per matched pair, then one per vertex the matching leaves alone."""
    rows: list[Row] = list(graph.matching)
    matched_left = {i for i, _ in graph.matching}
    matched_right = {j for _, j in graph.matching}
    rows += [(i, -1) for i in range(len(graph.left)) if i not in matched_left]
    rows += [(-1, j) for j in range(len(graph.right)) if j not in matched_right]
    return rows


def _placed(graph: GraphDrawing, rows: Sequence[Row]) -> Layout:
    """Slots from a top-to-bottom order of rows; each side is packed so no slot stays empty."""
    left = [0] * len(graph.left)
    right = [0] * len(graph.right)
    next_left = next_right = 0
    for i, j in rows:
        if i >= 0:
            left[i] = next_left
            next_left += 1
        if j >= 0:
            right[j] = next_right
            next_right += 1
        # A half row still takes a slot on both sides, so later pairs stay level.
        next_left = next_right = max(next_left, next_right)
    return Layout(tuple(left), tuple(right))


def _barycentres(graph: GraphDrawing, placed: Layout, rows: Sequence[Row]) -> list[float]:
    """The mean slot of each row's neighbours (its own slot when it has none)."""
    neighbour_slots: dict[Row, list[int]] = {row: [] for row in rows}
    row_of_left = {i: row for row in rows for i in row[:1] if i >= 0}
    row_of_right = {j: row for row in rows for j in row[1:] if j >= 0}
    for i, j in graph.edges:
        neighbour_slots[row_of_left[i]].append(placed.right[j])
        neighbour_slots[row_of_right[j]].append(placed.left[i])
    out = []
    for row in rows:
        slots = neighbour_slots[row]
        own = placed.left[row[0]] if row[0] >= 0 else placed.right[row[1]]
        out.append(sum(slots) / len(slots) if slots else float(own))
    return out


def _inversions(rows: Sequence[Row], rank: dict[Row, int]) -> int:
    """How many pairs of rows are in the opposite order to ``rank`` (rows it knows only)."""
    known = [rank[row] for row in rows if row in rank]
    return sum(1 for a in range(len(known)) for b in range(a + 1, len(known)) if known[a] > known[b])


def _improve(graph: GraphDrawing, block: list[Row], fixed_before: list[Row],
             fixed_after: list[Row], rank: dict[Row, int]) -> list[Row]:
    """Reorder ``block`` (the rows between two fixed groups) while its cost strictly drops.

    The cost is the crossings plus, weighted by ``STABILITY``, the pairs of rows that left the
    previous drawing's order (``rank``): a row moves only when that removes enough crossings.
    """
    def cost(rows: list[Row]) -> int:
        return (crossings(graph, _placed(graph, fixed_before + rows + fixed_after))
                + STABILITY * _inversions(rows, rank))

    best = list(block)
    best_cost = cost(best)
    improved = True
    while improved and best_cost:
        # Until neither pass helps, so a layout started from its own result stays as it is.
        improved = False
        placed = _placed(graph, fixed_before + best + fixed_after)
        centres = _barycentres(graph, placed, fixed_before + best + fixed_after)[len(fixed_before):]
        trial = [row for _, _, row in sorted(zip(centres, range(len(best)), best))]
        trial_cost = cost(trial)
        if trial_cost < best_cost:
            best, best_cost, improved = trial, trial_cost, True
        # Sifting: move each row to the place in the block where it crosses least.
        for row in list(best):
            rest = [r for r in best if r != row]
            for k in range(len(best)):
                trial = rest[:k] + [row] + rest[k:]
                trial_cost = cost(trial)
                if trial_cost < best_cost:
                    best, best_cost, improved = trial, trial_cost, True
    return best


@lru_cache(maxsize=4096)
def layout(graph: GraphDrawing, previous: PreviousOrder | None = None) -> Layout:
    """Slots for ``graph``: matched pairs level, the pattern on top, few crossings, stable.

    ``previous`` is the order a graph of the same house was drawn in at the step before; vertices
    keep that order unless moving them removes crossings or gathers the pattern. Cached: every
    reply lays out the shown step after the earlier drawings of its house, which rarely change.
    A big graph drawn in part is laid out as that part, the vertices left out at slot −1.
    """
    part = shown(graph)
    if part is None:
        return _layout_whole(graph, previous)
    placed = _layout_whole(restricted(graph, part), previous)
    left = [-1] * len(graph.left)
    right = [-1] * len(graph.right)
    for k, i in enumerate(part.left):
        left[i] = placed.left[k]
    for k, j in enumerate(part.right):
        right[j] = placed.right[k]
    return Layout(tuple(left), tuple(right))


def _layout_whole(graph: GraphDrawing, previous: PreviousOrder | None) -> Layout:
    """``layout`` of a graph drawn whole."""
    rows = _rows(graph)
    rank: dict[Row, int] = {}
    if previous is not None:
        left_rank = {vid: k for k, vid in enumerate(previous.left)}
        right_rank = {vid: k for k, vid in enumerate(previous.right)}
        unknown = len(rows) + 1

        def row_rank(row: Row) -> tuple[int, int]:
            i, j = row
            if i >= 0 and graph.left[i].id in left_rank:
                return left_rank[graph.left[i].id], 0
            if j >= 0 and graph.right[j].id in right_rank:
                return right_rank[graph.right[j].id], 1
            return unknown, 2

        rows.sort(key=row_rank)
        rank = {row: k for k, row in enumerate(rows) if row_rank(row)[1] < 2}
    pattern_left = set(graph.pattern_left)
    pattern_right = set(graph.pattern_right)
    in_pattern = [row for row in rows if row[0] in pattern_left or row[1] in pattern_right]
    others = [row for row in rows if row not in in_pattern]
    while True:
        # Each block is ordered with the other fixed, until neither moves (a fixpoint, so laying
        # out again from the result changes nothing).
        new_pattern = _improve(graph, in_pattern, [], others, rank)
        new_others = _improve(graph, others, new_pattern, [], rank)
        if (new_pattern, new_others) == (in_pattern, others):
            break
        in_pattern, others = new_pattern, new_others
    return _placed(graph, in_pattern + others)


def previous_order(graph: GraphDrawing, placed: Layout) -> PreviousOrder:
    """What the next step of the same house should start from: ids top to bottom."""
    return PreviousOrder(tuple(graph.left[i].id for i in placed.order("left")),
                         tuple(graph.right[j].id for j in placed.order("right")))
