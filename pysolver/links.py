"""The link graph over candidates, and the breadth-first search for the shortest chain.

Every chain technique reads one structure (the alternating inference chains of the Sudoku forums,
as HoDoKu and SudokuWiki teach them). A *node* is a digit in one cell, or — a grouped node — in the
cells of one box–line intersection, standing for "the digit is in one of these cells". Two nodes are
*weakly* linked when they cannot both be on (two digits of one cell; one digit twice in a house), and
*strongly* linked when they cannot both be off (the two digits of a bivalue cell; the only two places
of a digit in a house, either place possibly a group). A strong link is also weak.

In implication form a weak link takes ``X on`` to ``Y off`` and a strong link ``X off`` to ``Y on``,
so every chain alternates. The search is breadth-first over bitsets of node indices: a layer of
"on" nodes gives the next layer of "off" nodes by OR-ing their weak neighbour sets, and back through
the strong sets, so no path is ever enumerated and the first conclusion found is the shortest.

>>> from pysolver.grid import Grid
>>> from pysolver.board import Board
>>> board = Board.from_grid(Grid.parse("." * 81))
>>> graph = build_graph(board, LinkOptions())
>>> len(graph.nodes), graph.weak[graph.index[(0, 1)]].bit_count()
(729, 28)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, cached_property
from typing import Iterable, Iterator

from .bitsets import bit_indices
from .board import Board
from .geometry import Geometry
from .proof import Chain
from .step import ProofLink, ProofNode


@dataclass(frozen=True)
class Node:
    """A digit in one cell, or in every cell of a box–line intersection (a grouped node)."""

    digit: int
    cells: tuple[int, ...]
    cell_mask: int  # bit c for cell c


@dataclass(frozen=True)
class LinkOptions:
    """Which links a technique may use.

    X-Chains use house links of one digit only; XY-Chains use bivalue cells for their strong links
    and houses only for weak ones (every candidate is still a node, so any can be eliminated); an AIC uses all links, and a grouped AIC adds the grouped nodes.
    """

    cell_links: bool = True
    house_strong: bool = True
    bivalue_only: bool = False
    groups: bool = False


@dataclass(frozen=True)
class LinkGraph:
    """Nodes, and for each node index the bitset of its weakly and of its strongly linked nodes."""

    geometry: Geometry
    nodes: tuple[Node, ...]
    weak: tuple[int, ...]
    strong: tuple[int, ...]
    index: dict[tuple[int, int], int]  # (cell, digit) -> node of that single candidate

    @cached_property
    def strongly_linked(self) -> int:
        """The bitset of nodes with a strong link: the only ones an "off" node leads anywhere from."""
        return sum(1 << node for node, links in enumerate(self.strong) if links)

    @cached_property
    def weak_strong(self) -> tuple[int, ...]:
        """Per node, where a weak link then a strong link lead: two layers of a search at once."""
        return _two_links(self.weak, self.strong, self.strongly_linked)

    @cached_property
    def strong_weak(self) -> tuple[int, ...]:
        """Per node, where a strong link then a weak link lead."""
        return _two_links(self.strong, self.weak, (1 << len(self.nodes)) - 1)

    def candidate_nodes(self) -> range:
        """Indices of the single-candidate nodes (they come before the groups)."""
        return range(len(self.index))

    def chain_node(self, node: int, on: bool) -> ProofNode:
        """The drawable node for index ``node`` with the value the chain gives it."""
        item = self.nodes[node]
        return ProofNode(item.cells, item.digit, on)


def _two_links(first: tuple[int, ...], then: tuple[int, ...], via: int) -> tuple[int, ...]:
    """Per node, the union of ``then`` over its ``first`` neighbours in ``via`` (written out: it
    runs over every link of every graph searched)."""
    out = []
    for links in first:
        links &= via
        reach = 0
        while links:
            low = links & -links
            reach |= then[low.bit_length() - 1]
            links ^= low
        out.append(reach)
    return tuple(out)


def _union(table: tuple[int, ...], nodes: int) -> int:
    """The union of ``table``'s entries for the nodes in bitset ``nodes``."""
    out = 0
    while nodes:
        low = nodes & -nodes
        out |= table[low.bit_length() - 1]
        nodes ^= low
    return out


@cache
def intersections(geometry: Geometry) -> tuple[tuple[int, int, tuple[int, ...]], ...]:
    """Every box–line intersection: (box house, line house, cells)."""
    out: list[tuple[int, int, tuple[int, ...]]] = []
    for box in range(2 * geometry.n, 3 * geometry.n):
        lines: dict[int, list[int]] = {}
        for cell in geometry.houses[box]:
            row, col, _ = geometry.houses_of[cell]
            lines.setdefault(row, []).append(cell)
            lines.setdefault(col, []).append(cell)
        out.extend((box, line, tuple(cells)) for line, cells in lines.items())
    return tuple(out)


#: The graphs of the last few positions: every chain technique asks for one on the same board.
_RECENT: dict[tuple[tuple[int, ...], LinkOptions], LinkGraph] = {}


def build_graph(board: Board, options: LinkOptions) -> LinkGraph:
    """The link graph of the board's candidates under ``options`` (shared while the board is)."""
    key = (board.candidates, options)
    graph = _RECENT.get(key)
    if graph is None or graph.geometry is not board.geometry:
        if len(_RECENT) >= 8:
            del _RECENT[next(iter(_RECENT))]
        graph = _RECENT[key] = _build(board, options)
    return graph


def _build(board: Board, options: LinkOptions) -> LinkGraph:
    if options.groups:
        return _build_grouped(board, options)
    parts = _single_parts(board)
    weak, strong = _single_links(parts, options)
    return LinkGraph(board.geometry, parts.nodes, weak, strong, parts.index)


def _single_links(parts: _SingleParts,
                  options: LinkOptions) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The weak and strong links among single candidates that ``options`` take."""
    if options.cell_links:
        cell_weak = parts.bivalue if options.bivalue_only else parts.cell_weak
        weak = tuple(h | c for h, c in zip(parts.house_weak, cell_weak))
        strong = (tuple(h | c for h, c in zip(parts.house_strong, parts.bivalue))
                  if options.house_strong else parts.bivalue)
    else:
        weak = parts.house_weak
        strong = parts.house_strong if options.house_strong else (0,) * len(parts.nodes)
    return weak, strong


@dataclass(frozen=True)
class _SingleParts:
    """The single-candidate nodes of a position and their links by kind, from which every graph
    without groups is put together: house links (weak to the digit's other places in the house,
    strong where there is one other), cell links (weak to the cell's other digits), and the links
    of bivalue cells (weak and strong alike)."""

    geometry: Geometry
    candidates: tuple[int, ...]
    nodes: tuple[Node, ...]
    index: dict[tuple[int, int], int]
    house_weak: tuple[int, ...]
    house_strong: tuple[int, ...]
    cell_weak: tuple[int, ...]
    bivalue: tuple[int, ...]
    in_house: tuple[dict[int, int], ...]  # per house: digit bit -> bitset of its nodes there


_LAST_PARTS: list[_SingleParts] = []
#: Every single-candidate node made so far, by (cell, digit): they are the same in every position.
_SINGLE_NODES: dict[tuple[int, int], Node] = {}


def _single_parts(board: Board) -> _SingleParts:
    """The parts of the board's position (the last position's are kept: its graphs come together)."""
    candidates = board.candidates
    geo = board.geometry
    if _LAST_PARTS and _LAST_PARTS[0].geometry is geo and _LAST_PARTS[0].candidates == candidates:
        return _LAST_PARTS[0]
    nodes: list[Node] = []
    index: dict[tuple[int, int], int] = {}
    ids_of: list[list[tuple[int, int]]] = []  # per cell: (digit bit, node)
    cell_weak: list[int] = []
    bivalue: list[int] = []
    for cell, mask in enumerate(candidates):
        own = []
        first = len(nodes)
        while mask:
            low = mask & -mask
            mask ^= low
            digit = low.bit_length()
            key = (cell, digit)
            index[key] = len(nodes)
            own.append((low, len(nodes)))
            made = _SINGLE_NODES.get(key)
            if made is None:
                made = _SINGLE_NODES[key] = Node(digit, (cell,), 1 << cell)
            nodes.append(made)
        ids_of.append(own)
        together = ((1 << len(own)) - 1) << first
        for _, node in own:
            others = together & ~(1 << node)
            cell_weak.append(others)
            bivalue.append(others if len(own) == 2 else 0)
    house_weak = [0] * len(nodes)
    house_strong = [0] * len(nodes)
    in_house = []
    for house in geo.houses:
        by_digit: dict[int, int] = {}
        in_house.append(by_digit)
        for cell in house:
            for low, node in ids_of[cell]:
                by_digit[low] = by_digit.get(low, 0) | 1 << node
        for together in by_digit.values():
            pair = together.bit_count() == 2
            rest = together
            while rest:
                low = rest & -rest
                rest ^= low
                node = low.bit_length() - 1
                house_weak[node] |= together ^ low
                if pair:
                    house_strong[node] |= together ^ low
    parts = _SingleParts(geo, candidates, tuple(nodes), index, tuple(house_weak), tuple(house_strong),
                         tuple(cell_weak), tuple(bivalue), tuple(in_house))
    _LAST_PARTS[:] = [parts]
    return parts


def _build_grouped(board: Board, options: LinkOptions) -> LinkGraph:
    """The single candidates' graph with a node for each digit in two or more cells of a
    box–line intersection, linked in its box and its line."""
    geo = board.geometry
    candidates = board.candidates
    parts = _single_parts(board)
    single_weak, single_strong = _single_links(parts, options)
    nodes = list(parts.nodes)
    by_mask = {(node.digit, node.cell_mask): i for i, node in enumerate(nodes)}
    groups_in: dict[tuple[int, int], list[int]] = {}
    for box, line, cells in intersections(geo):
        for digit in geo.digits:
            bit = 1 << (digit - 1)
            inside = tuple(c for c in cells if candidates[c] & bit)
            if len(inside) < 2:
                continue
            cell_mask = sum(1 << c for c in inside)
            node_id = len(nodes)
            by_mask[(digit, cell_mask)] = node_id
            nodes.append(Node(digit, inside, cell_mask))
            groups_in.setdefault((box, digit), []).append(node_id)
            groups_in.setdefault((line, digit), []).append(node_id)
    extra = [0] * (len(nodes) - len(parts.nodes))
    weak = list(single_weak) + extra
    strong = list(single_strong) + extra
    # Houses without a group keep the single candidates' links; the others are linked again.
    for (house, digit), groups in groups_in.items():
        singles = parts.in_house[house].get(1 << (digit - 1), 0)
        _link_house(nodes, bit_indices(singles) + groups, weak, strong, by_mask, digit,
                    options.house_strong)
    return LinkGraph(geo, tuple(nodes), tuple(weak), tuple(strong), parts.index)


def _link_house(nodes: list[Node], ids: list[int], weak: list[int], strong: list[int],
                by_mask: dict[tuple[int, int], int], digit: int, house_strong: bool) -> None:
    """Weak links between disjoint nodes of one digit in one house; strong when they cover it.

    Single candidates of one house are pairwise disjoint, so each is weakly linked to all the
    others at once; only the few grouped nodes need their overlaps checked cell by cell.
    """
    together = 0
    everywhere = 0
    grouped = []
    for i in ids:
        together |= 1 << i
        if len(nodes[i].cells) == 1:
            everywhere |= nodes[i].cell_mask
        else:
            grouped.append(i)
    for i in ids:
        mask_i = nodes[i].cell_mask
        overlap = 1 << i
        for j in (ids if len(nodes[i].cells) > 1 else grouped):
            if nodes[j].cell_mask & mask_i:
                overlap |= 1 << j
        weak[i] |= together & ~overlap
        if house_strong:
            rest = everywhere & ~mask_i
            other = by_mask.get((digit, rest))
            if other is not None and rest and together >> other & 1:
                strong[i] |= 1 << other


@dataclass(frozen=True)
class Implication:
    """A found chain as the sequence of node indices it runs through, from the premise on.

    ``values[k]`` is the value (on/off) the chain gives ``path[k]``; consecutive entries are
    joined by a weak link when the earlier is on, by a strong link when it is off.
    """

    path: tuple[int, ...]
    values: tuple[bool, ...]

    def chain(self, graph: LinkGraph, start: int = 0, stop: int | None = None) -> Chain:
        """The drawable chain of ``path[start:stop]``."""
        end = len(self.path) if stop is None else stop
        nodes = tuple(graph.chain_node(self.path[k], self.values[k]) for k in range(start, end))
        links = tuple(ProofLink(k - 1, k, "weak" if self.values[start + k - 1] else "strong")
                      for k in range(1, len(nodes)))
        return nodes, links


class Search:
    """Breadth-first search from one premise (a node on or off), one layer at a time.

    Layers are bitsets of node indices. ``on_seen``/``off_seen`` hold every node the premise has
    turned on or off so far; ``layers`` keeps each layer so a chain can be traced back.
    """

    def __init__(self, graph: LinkGraph, node: int, on: bool) -> None:
        self.graph = graph
        self.on_seen = (1 << node) if on else 0
        self.off_seen = 0 if on else (1 << node)
        self.layers: list[tuple[bool, int]] = [(on, 1 << node)]

    def advance(self) -> int:
        """Add one layer; returns its bitset (0 when the search is exhausted)."""
        on, frontier = self.layers[-1]
        if on:
            table = self.graph.weak
        else:
            table = self.graph.strong
            frontier &= self.graph.strongly_linked
        reached = 0
        while frontier:
            low = frontier & -frontier
            reached |= table[low.bit_length() - 1]
            frontier ^= low
        if on:
            reached &= ~self.off_seen
            self.off_seen |= reached
        else:
            reached &= ~self.on_seen
            self.on_seen |= reached
        self.layers.append((not on, reached))
        return reached

    def run(self) -> None:
        """Advance until nothing new is reached: ``on_seen``/``off_seen`` then hold the closure."""
        while self.advance():
            pass

    def depth_of(self, node: int, on: bool) -> int:
        """The layer in which the premise first gave ``node`` the value ``on``."""
        for depth, (value, layer) in enumerate(self.layers):
            if value == on and layer >> node & 1:
                return depth
        raise ValueError(f"node {node} was never made {'on' if on else 'off'}")

    def trace(self, node: int, depth: int | None = None) -> Implication:
        """The chain from the premise to ``node`` in layer ``depth`` (default: the last layer)."""
        level = len(self.layers) - 1 if depth is None else depth
        path = [node]
        values = [self.layers[level][0]]
        for k in range(level - 1, -1, -1):
            on, layer = self.layers[k]
            table = self.graph.weak if on else self.graph.strong
            step = table[path[-1]] & layer
            path.append((step & -step).bit_length() - 1)
            values.append(on)
        return Implication(tuple(path[::-1]), tuple(values[::-1]))


def shortest_first(graph: LinkGraph, premises: Iterable[int], on: bool,
                   max_depth: int) -> Iterator[tuple[int, Search]]:
    """Search from each premise node (``on`` or off) in lock-step, one layer at a time, within
    ``max_depth`` layers; yield (premise, search) as each reaches a conclusion.

    A search concludes when its newest layer contains its own premise with the opposite value: the
    premise implies its own negation. Searches are advanced in lock-step, so conclusions come out
    shortest first, in the order of ``premises`` within one length; an exhausted search is dropped.

    The premise's negation can turn up only in the odd layers, so each round goes two layers at
    once, from one layer of the premise's value to the next through ``LinkGraph.weak_strong`` (or
    ``strong_weak``), and looks in between only at whether the premise is reached (the links are
    symmetric: a layer reaches the premise when it holds one of the premise's neighbours). Every
    node seen before a round has had its links followed already, so the two-link reach less what
    is seen is exactly the layer ``Search.advance`` would add two layers on. Only a concluding
    search is made a ``Search``, with every layer (see ``_fill``): chains and depths are the ones
    ``Search.advance`` gives. (The loop is written out: thousands of searches of a few layers each
    make any call in it the cost.)
    """
    # Per premise: what its layers of the premise's value have seen, then those layers.
    active = {node: [1 << node, 1 << node] for node in premises}
    if not active:
        return
    table = graph.weak_strong if on else graph.strong_weak
    closing = graph.weak if on else graph.strong
    for _ in range(1, max_depth + 1, 2):
        if not active:
            return
        done = []
        for key, kept in active.items():
            frontier = kept[-1]
            if frontier & closing[key]:
                done.append(key)
                yield key, _fill(graph, key, on, kept[1:])
                continue
            onward = 0
            while frontier:
                low = frontier & -frontier
                onward |= table[low.bit_length() - 1]
                frontier ^= low
            onward &= ~kept[0]
            if onward:
                kept.append(onward)
                kept[0] |= onward
            else:
                done.append(key)
        for key in done:
            del active[key]


def _fill(graph: LinkGraph, node: int, on: bool, kept: list[int]) -> Search:
    """The search from ``node`` as ``Search.advance`` leaves it one layer after the last of
    ``kept`` (its layers of the premise's value): each followed by the layer its links reach
    that was not reached before."""
    search = Search(graph, node, on)
    table = graph.weak if on else graph.strong
    same = other = 0
    layers: list[tuple[bool, int]] = []
    for layer in kept:
        layers.append((on, layer))
        same |= layer
        reached = _union(table, layer) & ~other
        other |= reached
        layers.append((not on, reached))
    search.layers[:] = layers
    search.on_seen, search.off_seen = (same, other) if on else (other, same)
    return search
