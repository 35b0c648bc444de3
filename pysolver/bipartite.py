"""Permutation bipartite graphs, their maximum matchings, and the chains and piles they hide.

Dr. Dobb's "Sudoku & Graph Theory" sees every house as a bipartite graph between its empty cells
(left) and its missing digits (right), with an edge where a digit is still a candidate. Every
solution matches the two sides perfectly, so:

- a **chain** is a set S of left vertices whose neighbours are exactly |S| right vertices (a naked
  subset); those right vertices cannot match anything outside S, so their other edges go;
- a **pile** is a set P of right vertices whose neighbours are exactly |P| left vertices (a hidden
  subset); those left vertices can match nothing else, so their other edges go.

Chains are found as that article says, from a maximum matching and alternating paths, never by
trying combinations: orient each edge from a left vertex to the left vertex matched with its right
end. A set closed under that relation is exactly a chain, so the closure of each vertex is a chain,
and the smallest chain that removes the edge (u, v) is the closure of the vertex matched with v.
Piles are the same on the right side. Berthier's symmetry (as farhiongit/sudoku-solver applies it)
lets the very same code run on one digit's rows × columns graph, where chains and piles are the fish
(X-Wing, Swordfish, Jellyfish).

Vertices are indices: left vertex i has the neighbour bitmask ``adjacency[i]`` over right vertices
0..m−1 (bit j for right vertex j).

>>> # Dr. Dobb's chain exclusion example: cells 1, 2 and 5 (0-based) hold only {3,4,6}.
>>> house = (0b1000111, 0b100100, 0b1100, 0b1001, 0b1110000, 0b101000, 0b1000010,
...          0b110000000, 0b110000000)
>>> a = analyse(house, 0b111111111)
>>> smallest = min((p for p in a.patterns if p.kind == "chain"), key=lambda p: p.size)
>>> bit_indices(smallest.left), [v + 1 for v in bit_indices(smallest.right)]
([1, 2, 5], [3, 4, 6])
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from .bitsets import bit_indices

PatternKind = Literal["chain", "pile"]


@dataclass(frozen=True)
class Pattern:
    """A chain (left set S with |N(S)| = |S|) or a pile (right set P with |N(P)| = |P|).

    ``left`` and ``right`` are bitmasks of the pattern's vertices on each side; ``removed`` lists the
    edges (left index, right index) that the exclusion deletes.
    """

    kind: PatternKind
    left: int
    right: int
    removed: tuple[tuple[int, int], ...]

    @property
    def size(self) -> int:
        """How many vertices on each side: 2 for a pair, 3 for a triple."""
        return self.left.bit_count()


@dataclass(frozen=True)
class HallViolation:
    """No perfect matching: ``left`` vertices that reach only ``right`` (fewer), or the reverse.

    ``side`` says which side is too large: 'left' means |left| > |right| and every left vertex of the
    set has neighbours only in ``right``; 'right' means the right vertices fit only in ``left``.
    """

    side: Literal["left", "right"]
    left: int
    right: int


@dataclass(frozen=True)
class Analysis:
    """Everything chain and pile exclusion can say about one graph."""

    match_left: tuple[int, ...]
    violation: HallViolation | None
    patterns: tuple[Pattern, ...]


def maximum_matching(adjacency: tuple[int, ...], right_count: int,
                     start: tuple[list[int], list[int]] | None = None) -> tuple[list[int], list[int]]:
    """A maximum matching by augmenting paths: (right matched to each left, left matched to each right).

    Unmatched vertices get −1. With ``start`` (a matching of some of these edges, as this returns
    it), the search grows that one: an augmenting path keeps every matched vertex matched, so a
    matching first found without some edges takes in as few of them as it needs (a finned fish's
    fins, drawn apart from the fish).

    >>> maximum_matching((0b011, 0b001, 0b110), 3)
    ([1, 0, 2], [1, 0, 2])
    >>> maximum_matching((0b011, 0b001), 2, start=([0, -1], [0, -1]))  # r0 moves over to 1
    ([1, 0], [1, 0])
    """
    if start is not None:
        match_left, match_right = list(start[0]), list(start[1])
    else:
        match_left = [-1] * len(adjacency)
        match_right = [-1] * right_count

    def augment(u: int, seen: int) -> int:
        """Try to match u; return the updated visited mask, with bit 30+ set on success."""
        candidates = adjacency[u] & ~seen
        while candidates:
            low = candidates & -candidates
            candidates ^= low
            v = low.bit_length() - 1
            seen |= low
            w = match_right[v]
            if w < 0:
                match_left[u], match_right[v] = v, u
                return seen | _FOUND
            seen = augment(w, seen)
            if seen & _FOUND:
                match_left[u], match_right[v] = v, u
                return seen
        return seen

    if start is None:
        taken = 0  # the right vertices matched so far
        for u in range(len(adjacency)):
            # Greedy first: most vertices match on a free neighbour without any search.
            free = adjacency[u] & ~taken
            if free:
                low = free & -free
                taken |= low
                v = low.bit_length() - 1
                match_left[u], match_right[v] = v, u
    for u in range(len(adjacency)):
        if match_left[u] < 0:
            augment(u, 0)
    return match_left, match_right


_FOUND = 1 << 40  # a flag bit above any right vertex (graphs have at most 25 per side)


def _closure(start: int, neighbours: list[int]) -> int:
    """Every vertex reachable from the set ``start`` through ``neighbours`` (bitmasks)."""
    reached = frontier = start
    while frontier:
        low = frontier & -frontier
        frontier ^= low
        new = neighbours[low.bit_length() - 1] & ~reached
        reached |= new
        frontier |= new
    return reached


def _violation(adjacency: tuple[int, ...], right_all: int, match_left: list[int],
               match_right: list[int]) -> HallViolation:
    """The smallest Hall set that blocks a perfect matching, grown from each unmatched vertex."""
    found = []
    for u, v in enumerate(match_left):
        if v < 0:
            # Alternating reach from u: left vertices whose neighbours are all matched inside.
            left, right, frontier = 1 << u, 0, 1 << u
            while frontier:
                low = frontier & -frontier
                frontier ^= low
                new_right = adjacency[low.bit_length() - 1] & ~right
                right |= new_right
                for r in bit_indices(new_right):
                    w = match_right[r]
                    if w >= 0 and not left >> w & 1:
                        left |= 1 << w
                        frontier |= 1 << w
            found.append(HallViolation("left", left, right))
    for v in bit_indices(right_all):
        if match_right[v] < 0:
            right, left, frontier = 1 << v, 0, 1 << v
            while frontier:
                low = frontier & -frontier
                frontier ^= low
                r = low.bit_length() - 1
                for u, mask in enumerate(adjacency):
                    if mask >> r & 1 and not left >> u & 1:
                        left |= 1 << u
                        w = match_left[u]
                        if w >= 0 and not right >> w & 1:
                            right |= 1 << w
                            frontier |= 1 << w
            found.append(HallViolation("right", left, right))
    return min(found, key=lambda h: (h.left | h.right << 32).bit_count())


#: How many analyses ``analyse`` keeps: a step looks at 4n graphs (every house, every digit), and
#: between two steps most are unchanged, so ten positions of a 25×25 board (100 graphs each) is
#: what a session needs. Hits come from neighbouring positions; a larger cache only grows (65,536
#: entries held 6 MB after 2,000 requests, for 2% more hits).
ANALYSIS_CACHE_SIZE = 1024


@lru_cache(maxsize=ANALYSIS_CACHE_SIZE)
def analyse(adjacency: tuple[int, ...], right_all: int) -> Analysis:
    """Match the graph, then list every chain and pile closure that removes at least one edge.

    ``right_all`` is the bitmask of all right vertices (a right vertex with no edge is a violation).
    Results are cached (``ANALYSIS_CACHE_SIZE``): between two steps most houses do not change.
    """
    left_count = len(adjacency)
    right_count = right_all.bit_length()
    match_left, match_right = maximum_matching(adjacency, right_count)
    if left_count != right_all.bit_count() or -1 in match_left:
        return Analysis(tuple(match_left), _violation(adjacency, right_all, match_left, match_right), ())
    # Alternating successors: a left vertex leads to the partners of its neighbours, and vice versa.
    left_next = [0] * left_count
    right_next = [0] * right_count
    for u, mask in enumerate(adjacency):
        for v in bit_indices(mask):
            left_next[u] |= 1 << match_right[v]
            right_next[v] |= 1 << u
    right_next = [_partners(cells, match_left) for cells in right_next]
    full_left = (1 << left_count) - 1
    patterns: dict[tuple[str, int], Pattern] = {}
    for u in range(left_count):
        chain = _closure(1 << u, left_next)
        if chain != full_left and ("chain", chain) not in patterns:
            digits = _partners(chain, match_left)
            removed = tuple((w, v) for w in bit_indices(full_left & ~chain)
                            for v in bit_indices(adjacency[w] & digits))
            patterns["chain", chain] = Pattern("chain", chain, digits, removed)
    for v in bit_indices(right_all):
        pile = _closure(1 << v, right_next)
        if pile != right_all and ("pile", pile) not in patterns:
            cells = _partners(pile, match_right)
            removed = tuple((w, d) for w in bit_indices(cells)
                            for d in bit_indices(adjacency[w] & ~pile))
            patterns["pile", pile] = Pattern("pile", cells, pile, removed)
    useful = tuple(p for p in patterns.values() if p.removed)
    return Analysis(tuple(match_left), None, useful)


def _partners(mask: int, match: list[int]) -> int:
    """The set of partners, under a matching, of the vertices in ``mask``."""
    out = 0
    for i in bit_indices(mask):
        out |= 1 << match[i]
    return out


def almost_locked(adjacency: tuple[int, ...], max_size: int) -> list[tuple[int, int]]:
    """Every set S of left vertices (at most ``max_size``) whose neighbours number exactly |S| + 1.

    One short of a chain (Hall's condition with a surplus of one): in a house, N cells holding
    N + 1 digits, the *almost locked set* of the Sudoku forums: remove any one of its right vertices
    and the rest is a chain. Listed as (left subset, neighbour union), smallest first; found by
    extending subsets one vertex at a time, dropping a subset once its union (which never shrinks)
    outgrows the largest allowed set.

    >>> [(bin(s), bin(u)) for s, u in almost_locked((0b011, 0b110, 0b1000), 2)]
    [('0b1', '0b11'), ('0b10', '0b110'), ('0b11', '0b111'), ('0b101', '0b1011'), ('0b110', '0b1110')]
    """
    found: list[tuple[int, int]] = []
    frontier = [(1 << u, mask, u) for u, mask in enumerate(adjacency)]
    for size in range(1, max_size + 1):
        found.extend((subset, union) for subset, union, _ in frontier
                     if union.bit_count() == size + 1)
        if size == max_size:
            break
        frontier = [(subset | 1 << v, union | adjacency[v], v)
                    for subset, union, last in frontier
                    for v in range(last + 1, len(adjacency))
                    if (union | adjacency[v]).bit_count() <= max_size + 1]
    return found


def neighbour_unions(adjacency: tuple[int, ...], left_mask: int,
                     max_size: int) -> list[tuple[int, int]]:
    """Every non-empty set S of the left vertices in ``left_mask`` (at most ``max_size`` of them),
    with the union of their neighbours: the candidate sets a house's cells can form.

    Almost locked sets are the sets whose union has exactly one more vertex; Sue de Coq pairs
    sets of any surplus, so it needs them all. Listed as (left subset, neighbour union), built one
    vertex at a time.

    >>> [(bin(s), bin(u)) for s, u in neighbour_unions((0b011, 0b110, 0b1000), 0b011, 2)]
    [('0b1', '0b11'), ('0b10', '0b110'), ('0b11', '0b111')]
    """
    found: list[tuple[int, int, int]] = [(0, 0, 0)]
    for vertex in bit_indices(left_mask):
        found += [(subset | 1 << vertex, union | adjacency[vertex], size + 1)
                  for subset, union, size in found if size < max_size]
    return [(subset, union) for subset, union, _ in found[1:]]
