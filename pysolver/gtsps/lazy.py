"""G*'s cliques counted lazily, up to a bound: how GTSPS's solution limit stops an open puzzle early.

Building every super-vertex before the first clique is what the thesis's Version 4.2 does, and it
is what costs on an open board: an empty 6×6 grid has 921,600 super-vertices, all built (seconds)
before the clique search could see that there are more solutions than ``SOLUTION_LIMIT``. Here a
band's super-vertices are built only under the permutations already chosen in the other bands:
every box is narrowed to the permutations compatible, row-wise and column-wise, with each one
chosen so far, so the first cliques come after a handful of super-vertices, and the count stops as
soon as it passes the bound.

A clique of G* along the bands is one permutation per box, compatible with the others of its band
and of its stack, which is one solution; the vertices the super-vertex stage would drop lie in no
solution, so counting on G as the adjacency rule leaves it gives the same number as the clique
stage.

>>> from pysolver.grid import Grid
>>> from pysolver.gtsps.permutations import box_permutations
>>> grid = Grid.empty(4)
>>> graph = PermutationGraph(grid.geometry, [box_permutations(grid, b) for b in range(4)])
>>> count_cliques(graph, 1000), count_cliques(graph, 10).cliques > 10
(LazyCount(cliques=288, supervertices=384), True)
"""

from __future__ import annotations

from dataclasses import dataclass

from ..bitsets import bit_indices
from .graph import PermutationGraph


@dataclass(frozen=True)
class LazyCount:
    """How many cliques of G* were found and how many band super-vertices were built to find them.

    Up to the bound ``cliques`` is their exact number; past it, the search stopped and it is only
    a lower bound.
    """

    cliques: int
    supervertices: int


def count_cliques(graph: PermutationGraph, bound: int) -> LazyCount:
    """Count the cliques of G* along the bands, stopping once the count passed ``bound``.

    The box with the fewest permutations left is chosen next, so a dead end shows at once; a band
    super-vertex is built when the last box of its band is chosen. With two boxes left, the cliques
    are counted without a further choice: per permutation of one, the compatible ones of the other.
    """
    line_of = graph.band_of
    open_in_line = [0] * (max(line_of) + 1)
    for line in line_of:
        open_in_line[line] += 1
    peers = [graph.band_peers[b] + graph.stack_peers[b] for b in range(len(graph.boxes))]
    cliques = supervertices = 0

    def neighbours(box: int, index: int) -> tuple[int, ...]:
        return graph.band_neighbours(box, index) + graph.stack_neighbours(box, index)

    def count_pairs(box: int, other: int, allowed: list[int]) -> None:
        """The last two boxes: each permutation of ``box`` with each compatible one of ``other``."""
        nonlocal cliques, supervertices
        closes_line = open_in_line[line_of[box]] == 1
        position = peers[box].index(other) if other in peers[box] else None
        for index in bit_indices(allowed[box]):
            left = allowed[other]
            if position is not None:
                left &= neighbours(box, index)[position]
            found = left.bit_count()
            if found:
                cliques += found
                supervertices += found + closes_line

    def search(left: list[int], allowed: list[int]) -> bool:
        """Choose a permutation for each box of ``left``; True once the count passed ``bound``."""
        nonlocal supervertices
        box = min(left, key=lambda b: allowed[b].bit_count())
        rest = [b for b in left if b != box]
        if len(rest) == 1:
            count_pairs(box, rest[0], allowed)
            return cliques > bound
        line = line_of[box]
        open_in_line[line] -= 1
        try:
            for index in bit_indices(allowed[box]):
                narrowed = list(allowed)
                for peer, nbr in zip(peers[box], neighbours(box, index)):
                    narrowed[peer] &= nbr
                if all(narrowed[b] for b in rest):
                    if not open_in_line[line]:
                        supervertices += 1
                    if search(rest, narrowed):
                        return True
            return False
        finally:
            open_in_line[line] += 1

    search(list(range(len(graph.boxes))), list(graph.alive))
    return LazyCount(cliques, supervertices)
