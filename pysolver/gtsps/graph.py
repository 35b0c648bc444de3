"""The graph G of GTSPS and its pruning rules: Steps 3–5 of the GTSPS thesis (Version 4.1).

A vertex is a valid permutation of a box; an edge joins compatible permutations of two boxes of the
same band or stack (no digit twice in a row, resp. a column). A permutation of one box can be part of
a solution only if it has a neighbour in every other box of its band and stack, so

* the degree rule (Step 5) deletes vertices of degree below 2(k−1) — four for 9×9 — repeatedly;
* the structural-adjacency rule deletes a vertex lacking a neighbour in some box of its band or
  stack, repeatedly (the thesis's "structural non-adjacency", section 4.1).

Neighbourhoods are ints over the peer box's permutation indices. Whether two permutations of a band
are compatible depends only on their row keys (digits per box row), so neighbourhoods are computed
once per distinct key, as the complement of the peer permutations that put one of the key's digits
into the same row; degrees are popcounts.
"""

from __future__ import annotations

from collections import Counter
from typing import Callable, Sequence

from ..geometry import Geometry, bits
from ..bitsets import bitset_of, large_bit_indices
from .permutations import BoxPermutations

#: Per box, the indices of the permutations a pass deleted (empty lists where none went).
Deletions = list[list[int]]

_Rule = Callable[[], Deletions]


class _Side:
    """One direction (rows for bands, columns for stacks) of one box's compatibility tables."""

    def __init__(self, keys: tuple[tuple[int, ...], ...], lines: int) -> None:
        groups: dict[tuple[int, ...], list[int]] = {}
        for index, key in enumerate(keys):
            groups.setdefault(key, []).append(index)
        self.has: list[dict[int, int]] = [{} for _ in range(lines)]
        for key, members in groups.items():
            member_bits = bitset_of(members)
            for line, mask in enumerate(key):
                has = self.has[line]
                for digit in bits(mask):
                    has[digit] = has.get(digit, 0) | member_bits
        self._forbid: dict[tuple[int, int], int] = {}

    def forbidden(self, line: int, mask: int) -> int:
        """The permutations that write one of ``mask``'s digits into box line ``line``."""
        found = self._forbid.get((line, mask))
        if found is None:
            found = 0
            has = self.has[line]
            for digit in bits(mask):
                found |= has.get(digit, 0)
            self._forbid[(line, mask)] = found
        return found


class PermutationGraph:
    """G for one puzzle: the boxes' permutations, which are still alive, and their neighbourhoods."""

    def __init__(self, geometry: Geometry, boxes: Sequence[BoxPermutations]) -> None:
        self.geometry = geometry
        self.boxes = tuple(boxes)
        per_band = geometry.n // geometry.box_cols
        self.band_of = tuple(b // per_band for b in range(geometry.n))
        self.stack_of = tuple(b % per_band for b in range(geometry.n))
        self.band_peers = tuple(
            tuple(o for o in range(geometry.n) if o != b and self.band_of[o] == self.band_of[b])
            for b in range(geometry.n))
        self.stack_peers = tuple(
            tuple(o for o in range(geometry.n) if o != b and self.stack_of[o] == self.stack_of[b])
            for b in range(geometry.n))
        #: Step 5's bound: a solution's permutation has a neighbour in each of these many boxes.
        self.threshold = len(self.band_peers[0]) + len(self.stack_peers[0])
        self.full = tuple((1 << len(box)) - 1 for box in self.boxes)
        self.alive = list(self.full)
        self._rows = [_Side(box.row_keys, geometry.box_rows) for box in self.boxes]
        self._cols = [_Side(box.col_keys, geometry.box_cols) for box in self.boxes]
        self._row_nbr: list[dict[tuple[int, ...], tuple[int, ...]]] = [{} for _ in self.boxes]
        self._col_nbr: list[dict[tuple[int, ...], tuple[int, ...]]] = [{} for _ in self.boxes]

    # -- neighbourhoods (static: they ignore which vertices are alive) ---------------------------

    def band_neighbours(self, box: int, index: int) -> tuple[int, ...]:
        """Per box of ``band_peers[box]``, the permutations compatible with this one row-wise."""
        key = self.boxes[box].row_keys[index]
        found = self._row_nbr[box].get(key)
        if found is None:
            found = self._row_nbr[box][key] = self._compatible(key, self.band_peers[box], self._rows)
        return found

    def stack_neighbours(self, box: int, index: int) -> tuple[int, ...]:
        """Per box of ``stack_peers[box]``, the permutations compatible with this one column-wise."""
        key = self.boxes[box].col_keys[index]
        found = self._col_nbr[box].get(key)
        if found is None:
            found = self._col_nbr[box][key] = self._compatible(key, self.stack_peers[box], self._cols)
        return found

    def neighbours(self, box: int, index: int, peer: int) -> int:
        """The permutations of ``peer`` (same band or stack as ``box``) adjacent to this vertex."""
        if peer in self.band_peers[box]:
            return self.band_neighbours(box, index)[self.band_peers[box].index(peer)]
        if peer in self.stack_peers[box]:
            return self.stack_neighbours(box, index)[self.stack_peers[box].index(peer)]
        raise ValueError(f"box {peer + 1} shares no band or stack with box {box + 1}")

    def _compatible(self, key: tuple[int, ...], peers: tuple[int, ...],
                    sides: list[_Side]) -> tuple[int, ...]:
        out = []
        for peer in peers:
            side = sides[peer]
            clash = 0
            for line, mask in enumerate(key):
                if mask:
                    clash |= side.forbidden(line, mask)
            out.append(self.full[peer] & ~clash)
        return tuple(out)

    # -- figures --------------------------------------------------------------------------------

    def vertex_count(self) -> int:
        """Vertices still alive."""
        return sum(a.bit_count() for a in self.alive)

    def box_counts(self) -> list[int]:
        """Alive vertices per box."""
        return [a.bit_count() for a in self.alive]

    def degree(self, box: int, index: int) -> int:
        """The vertex's degree among alive vertices."""
        alive = self.alive
        band = zip(self.band_neighbours(box, index), self.band_peers[box])
        stack = zip(self.stack_neighbours(box, index), self.stack_peers[box])
        return (sum((nbr & alive[p]).bit_count() for nbr, p in band)
                + sum((nbr & alive[p]).bit_count() for nbr, p in stack))

    def edge_count(self) -> int:
        """Edges among alive vertices (each counted once)."""
        total = 0
        alive = self.alive
        for box in range(len(self.boxes)):
            indices = large_bit_indices(alive[box])
            row_keys, col_keys = self.boxes[box].row_keys, self.boxes[box].col_keys
            rows = Counter(row_keys[i] for i in indices)
            cols = Counter(col_keys[i] for i in indices)
            first_row = {row_keys[i]: i for i in indices}
            first_col = {col_keys[i]: i for i in indices}
            for key, count in rows.items():
                nbrs = self.band_neighbours(box, first_row[key])
                total += count * sum((nbr & alive[p]).bit_count()
                                     for nbr, p in zip(nbrs, self.band_peers[box]) if p > box)
            for key, count in cols.items():
                nbrs = self.stack_neighbours(box, first_col[key])
                total += count * sum((nbr & alive[p]).bit_count()
                                     for nbr, p in zip(nbrs, self.stack_peers[box]) if p > box)
        return total

    # -- pruning --------------------------------------------------------------------------------

    def remove(self, deletions: Deletions) -> None:
        """Delete vertices (with their edges) from G."""
        for box, indices in enumerate(deletions):
            if indices:
                self.alive[box] &= ~bitset_of(indices)

    def low_degree_vertices(self) -> Deletions:
        """One pass of Step 5: the alive vertices whose degree is below ``threshold``."""
        alive, threshold = self.alive, self.threshold
        out: Deletions = []
        for box in range(len(self.boxes)):
            row_deg: dict[tuple[int, ...], int] = {}
            col_deg: dict[tuple[int, ...], int] = {}
            row_keys, col_keys = self.boxes[box].row_keys, self.boxes[box].col_keys
            band_peers, stack_peers = self.band_peers[box], self.stack_peers[box]
            dead = []
            for i in large_bit_indices(alive[box]):
                rd = row_deg.get(row_keys[i])
                if rd is None:
                    rd = row_deg[row_keys[i]] = sum(
                        (nbr & alive[p]).bit_count()
                        for nbr, p in zip(self.band_neighbours(box, i), band_peers))
                cd = col_deg.get(col_keys[i])
                if cd is None:
                    cd = col_deg[col_keys[i]] = sum(
                        (nbr & alive[p]).bit_count()
                        for nbr, p in zip(self.stack_neighbours(box, i), stack_peers))
                if rd + cd < threshold:
                    dead.append(i)
            out.append(dead)
        return out

    def non_adjacent_vertices(self) -> Deletions:
        """One pass of the structural-adjacency rule: alive vertices lacking a neighbour in some
        box of their band or stack."""
        alive = self.alive
        out: Deletions = []
        for box in range(len(self.boxes)):
            row_ok: dict[tuple[int, ...], bool] = {}
            col_ok: dict[tuple[int, ...], bool] = {}
            row_keys, col_keys = self.boxes[box].row_keys, self.boxes[box].col_keys
            band_peers, stack_peers = self.band_peers[box], self.stack_peers[box]
            dead = []
            for i in large_bit_indices(alive[box]):
                ok = row_ok.get(row_keys[i])
                if ok is None:
                    ok = row_ok[row_keys[i]] = all(
                        nbr & alive[p] for nbr, p in zip(self.band_neighbours(box, i), band_peers))
                if ok:
                    ok = col_ok.get(col_keys[i])
                    if ok is None:
                        ok = col_ok[col_keys[i]] = all(
                            nbr & alive[p]
                            for nbr, p in zip(self.stack_neighbours(box, i), stack_peers))
                if not ok:
                    dead.append(i)
            out.append(dead)
        return out

    def apply_degree_rule(self) -> list[Deletions]:
        """Step 5 to its fixpoint; returns each pass's deletions (the last pass deleted some)."""
        return self._repeat(self.low_degree_vertices)

    def apply_adjacency_rule(self) -> list[Deletions]:
        """The structural-adjacency rule to its fixpoint; returns each pass's deletions."""
        return self._repeat(self.non_adjacent_vertices)

    def _repeat(self, rule: _Rule) -> list[Deletions]:
        passes: list[Deletions] = []
        while True:
            deletions = rule()
            if not any(deletions):
                return passes
            self.remove(deletions)
            passes.append(deletions)
