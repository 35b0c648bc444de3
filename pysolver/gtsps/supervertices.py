"""Version 4.2 of GTSPS: super-vertices and the cliques of G* (the GTSPS thesis, 4.2).

A super-vertex is a k-tuple of pairwise compatible permutations along one band (or one stack): a
clique of G through that band's boxes. Vertices that lie in no band super-vertex or in no stack
super-vertex cannot be in a solution, and the thesis drops them ("the other parts of the graph …
are right away excluded"). G* joins two band super-vertices when their permutations agree column by
column, box by box down each stack. A solution is a clique of G* with one super-vertex per band — and
again one with one super-vertex per stack, so each solution appears twice (Step 8).

The clique search goes band by band: choosing a super-vertex narrows, for every box of the other
bands, the permutations still allowed (intersections of G's neighbourhoods), and a later band may
only use super-vertices made of allowed permutations.
"""

from __future__ import annotations

from typing import Iterator, Literal

from ..bitsets import bitset_of, large_bit_indices
from .errors import SUPERVERTEX_LIMIT, GtspsLimitError
from .graph import PermutationGraph

#: Along bands (rows of boxes) or stacks (columns of boxes).
Direction = Literal["band", "stack"]

#: One super-vertex: a permutation index per box of its band or stack, in box order.
SuperVertex = tuple[int, ...]


def line_boxes(graph: PermutationGraph, direction: Direction) -> list[tuple[int, ...]]:
    """The boxes of each band (or stack), in order.

    >>> from pysolver.grid import Grid
    >>> from pysolver.gtsps.permutations import box_permutations
    >>> grid = Grid.empty(4)
    >>> graph = PermutationGraph(grid.geometry, [box_permutations(grid, b) for b in range(4)])
    >>> line_boxes(graph, "band"), line_boxes(graph, "stack")
    ([(0, 1), (2, 3)], [(0, 2), (1, 3)])
    """
    key = graph.band_of if direction == "band" else graph.stack_of
    count = max(key) + 1
    return [tuple(b for b in range(len(key)) if key[b] == line) for line in range(count)]


def _along(graph: PermutationGraph, direction: Direction, box: int,
           index: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    if direction == "band":
        return graph.band_peers[box], graph.band_neighbours(box, index)
    return graph.stack_peers[box], graph.stack_neighbours(box, index)


def _across(graph: PermutationGraph, direction: Direction, box: int,
            index: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    return _along(graph, "stack" if direction == "band" else "band", box, index)


def line_supervertices(graph: PermutationGraph, direction: Direction, boxes: tuple[int, ...],
                       limit: int = SUPERVERTEX_LIMIT, already: int = 0) -> list[SuperVertex]:
    """Every k-tuple of pairwise compatible alive permutations of ``boxes`` (one band or stack),
    ascending; ``GtspsLimitError`` when these and the ``already`` built pass ``limit``."""
    found: list[SuperVertex] = []
    chosen = [0] * len(boxes)

    def extend(depth: int, allowed: dict[int, int]) -> None:
        box = boxes[depth]
        last = depth == len(boxes) - 1
        for index in large_bit_indices(allowed[box]):
            chosen[depth] = index
            if last:
                if already + len(found) >= limit:
                    raise GtspsLimitError(
                        f"more than {limit:,} super-vertices, too many for GTSPS", limit=limit)
                found.append(tuple(chosen))
                continue
            peers, nbrs = _along(graph, direction, box, index)
            narrowed = dict(allowed)
            for peer, nbr in zip(peers, nbrs):
                if peer in narrowed:
                    narrowed[peer] &= nbr
            if all(narrowed[b] for b in boxes[depth + 1:]):
                extend(depth + 1, narrowed)

    if boxes:
        extend(0, {b: graph.alive[b] for b in boxes})
    return found


def all_supervertices(graph: PermutationGraph, direction: Direction,
                      limit: int = SUPERVERTEX_LIMIT, already: int = 0) -> list[list[SuperVertex]]:
    """The super-vertices of every band (or stack), all counting towards one ``limit``."""
    out = []
    for boxes in line_boxes(graph, direction):
        found = line_supervertices(graph, direction, boxes, limit, already)
        already += len(found)
        out.append(found)
    return out


def prune_to_supervertices(graph: PermutationGraph, bands: list[list[SuperVertex]],
                           stacks: list[list[SuperVertex]]) -> int:
    """Delete from G every vertex in no band super-vertex or in no stack super-vertex, drop the
    super-vertices that used it, and repeat; return how many vertices went. Lists change in place."""
    removed = 0
    band_boxes, stack_boxes = line_boxes(graph, "band"), line_boxes(graph, "stack")
    while True:
        used_band = _used(band_boxes, bands, len(graph.boxes))
        used_stack = _used(stack_boxes, stacks, len(graph.boxes))
        keep = [a & ub & us for a, ub, us in zip(graph.alive, used_band, used_stack)]
        gone = sum(a.bit_count() - k.bit_count() for a, k in zip(graph.alive, keep))
        if not gone:
            return removed
        removed += gone
        graph.alive = keep
        for lines, boxes in ((bands, band_boxes), (stacks, stack_boxes)):
            for line, members in zip(lines, boxes):
                line[:] = [sv for sv in line
                           if all(keep[b] >> p & 1 for b, p in zip(members, sv))]


def _used(boxes: list[tuple[int, ...]], lines: list[list[SuperVertex]], count: int) -> list[int]:
    used = [0] * count
    for members, line in zip(boxes, lines):
        for position, box in enumerate(members):
            used[box] = bitset_of({sv[position] for sv in line})
    return used


def cliques(graph: PermutationGraph, direction: Direction,
            lines: list[list[SuperVertex]]) -> Iterator[list[SuperVertex]]:
    """The cliques of G* with one super-vertex per band (or stack), each as the list of its
    super-vertices in line order: the puzzle's solutions seen along that direction."""
    boxes_of = line_boxes(graph, direction)
    index: list[list[dict[int, list[SuperVertex]]]] = []
    for members, line in zip(boxes_of, lines):
        by_position: list[dict[int, list[SuperVertex]]] = [{} for _ in members]
        for sv in line:
            for position, perm in enumerate(sv):
                by_position[position].setdefault(perm, []).append(sv)
        index.append(by_position)
    order = sorted(range(len(lines)), key=lambda j: len(lines[j]))
    chosen: list[SuperVertex] = [() for _ in lines]

    def search(depth: int, allowed: list[int]) -> Iterator[list[SuperVertex]]:
        if depth == len(order):
            yield list(chosen)
            return
        j = order[depth]
        members = boxes_of[j]
        position = min(range(len(members)), key=lambda p: allowed[members[p]].bit_count())
        later = [b for o in order[depth + 1:] for b in boxes_of[o]]
        for perm in large_bit_indices(allowed[members[position]]):
            for sv in index[j][position].get(perm, ()):
                if not all(allowed[b] >> p & 1 for b, p in zip(members, sv)):
                    continue
                narrowed = list(allowed)
                for box, perm_index in zip(members, sv):
                    peers, nbrs = _across(graph, direction, box, perm_index)
                    for peer, nbr in zip(peers, nbrs):
                        narrowed[peer] &= nbr
                if all(narrowed[b] for b in later):
                    chosen[j] = sv
                    yield from search(depth + 1, narrowed)

    yield from search(0, list(graph.alive))
