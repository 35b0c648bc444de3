"""Simple Colouring and Multi-Colouring: one digit's conjugate pairs coloured in two colours.

For one digit, join the two places of every house that has exactly two (a strong link, from the link
graph in ``links``). Each connected cluster can be coloured in two colours so that every link joins
different colours; one colour is true throughout the cluster, the other false (as HoDoKu and
SudokuWiki teach it). *Wrap*: two candidates of one colour see each other, so that colour is false.
*Trap*: a candidate seeing both colours is false. Multi-Colouring relates two clusters: when a colour
of one sees a colour of the other, they are not both true, so a candidate seeing both of their
opposite colours goes (type 1), and a colour that sees both colours of another cluster is false
(type 2).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator

from ..board import Board
from ..geometry import Geometry
from ..levels import Level
from ..links import LinkGraph, build_graph
from ..proof import Chain
from ..step import Proof, ProofLink, ProofNode, Step, describe_eliminations, outcome
from . import Technique
from .chains import X_LINKS


@dataclass(frozen=True)
class Cluster:
    """One connected set of conjugate pairs: its two colour classes and the tree that colours it."""

    digit: int
    colours: tuple[int, int]  # node bitsets
    tree: tuple[tuple[int, int], ...]  # (parent node, child node), in colouring order
    order: tuple[int, ...]  # nodes in colouring order

    @property
    def nodes(self) -> int:
        """Every node of the cluster as a bitset."""
        return self.colours[0] | self.colours[1]


def clusters(graph: LinkGraph) -> list[Cluster]:
    """Every cluster with at least one link, digit by digit."""
    out = []
    seen = 0
    for start in graph.candidate_nodes():
        if seen >> start & 1 or not graph.strong[start]:
            continue
        colours = [1 << start, 0]
        order = [start]
        tree = []
        colour_of = {start: 0}
        queue = [start]
        while queue:
            node = queue.pop(0)
            links = graph.strong[node]
            while links:
                low = links & -links
                links ^= low
                other = low.bit_length() - 1
                if other not in colour_of:
                    colour_of[other] = 1 - colour_of[node]
                    colours[colour_of[other]] |= low
                    order.append(other)
                    tree.append((node, other))
                    queue.append(other)
        seen |= colours[0] | colours[1]
        out.append(Cluster(graph.nodes[start].digit, (colours[0], colours[1]), tuple(tree),
                           tuple(order)))
    return out


def find_simple_colouring(board: Board) -> Iterator[Step]:
    """Colour wrap, then colour trap, cluster by cluster."""
    graph = build_graph(board, X_LINKS)
    every = clusters(graph)
    for cluster in every:
        for colour in (0, 1):
            members = cluster.colours[colour]
            if any(graph.weak[node] & members for node in _indices(members)):
                yield _wrap_step(graph, cluster, colour)
    for cluster in every:
        targets = _seeing(graph, cluster.colours[0]) & _seeing(graph, cluster.colours[1])
        targets &= ~cluster.nodes
        if targets:
            yield _trap_step(graph, cluster, targets)


def find_multi_colouring(board: Board) -> Iterator[Step]:
    """Two clusters of one digit joined by a weak link between colours."""
    graph = build_graph(board, X_LINKS)
    every = clusters(graph)
    for a in every:
        for b in every:
            if a is b or a.digit != b.digit:
                continue
            for ca in (0, 1):
                sees = _seeing(graph, a.colours[ca])
                if sees & b.colours[0] and sees & b.colours[1]:
                    yield _multi_step(graph, (a, b), (ca, -1), a.colours[ca])
                    continue
                for cb in (0, 1):
                    if a.order[0] > b.order[0] or not sees & b.colours[cb]:
                        continue
                    targets = (_seeing(graph, a.colours[1 - ca])
                               & _seeing(graph, b.colours[1 - cb]) & ~a.nodes & ~b.nodes)
                    if targets:
                        yield _multi_step(graph, (a, b), (ca, cb), targets)


def _indices(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        mask ^= low
        yield low.bit_length() - 1


def _seeing(graph: LinkGraph, nodes: int) -> int:
    """The nodes weakly linked to at least one of ``nodes``."""
    out = 0
    for node in _indices(nodes):
        out |= graph.weak[node]
    return out


def _chain(graph: LinkGraph, cluster: Cluster, true_colour: int) -> Chain:
    """The cluster drawn: its colouring tree, the ``true_colour`` class shown on."""
    position = {node: i for i, node in enumerate(cluster.order)}
    nodes = tuple(ProofNode(graph.nodes[node].cells, cluster.digit,
                            bool(cluster.colours[true_colour] >> node & 1))
                  for node in cluster.order)
    links = tuple(ProofLink(position[p], position[c], "strong") for p, c in cluster.tree)
    return nodes, links


def _proof(graph: LinkGraph, chains: list[Chain]) -> Proof:
    """The clusters drawn together (node indices of later clusters shifted past earlier ones).

    Roles name the cells of each colour: ``on`` the colour drawn on, ``off`` the other.
    """
    nodes: list[ProofNode] = []
    links: list[ProofLink] = []
    for cluster_nodes, cluster_links in chains:
        offset = len(nodes)
        nodes.extend(cluster_nodes)
        links.extend(ProofLink(link.start + offset, link.end + offset, link.kind)
                     for link in cluster_links)
    roles = (("on", tuple(n.cells[0] for n in nodes if n.on)),
             ("off", tuple(n.cells[0] for n in nodes if not n.on)))
    return Proof(tuple(nodes), tuple(links), roles)


def _eliminations(graph: LinkGraph, targets: int) -> tuple[tuple[int, int], ...]:
    return tuple(sorted((graph.nodes[z].cells[0], graph.nodes[z].digit)
                        for z in _indices(targets)))


def _names(graph: LinkGraph, nodes: int) -> str:
    return ", ".join(graph.geometry.cell_name(graph.nodes[z].cells[0]) for z in _indices(nodes))


def _conjugate(geo: Geometry, digit: int) -> str:
    """What a conjugate pair is, said where the words first use it."""
    return f"the only two places for {geo.symbol(digit)} in a house"


def _coloured(graph: LinkGraph, cluster: Cluster, first: int = 0) -> str:
    """The cluster's two colour classes, the class ``first`` first: "r1c1, r5c2 in one colour
    and r1c7 in the other" (a learner checks each class, not one list of every cell)."""
    return (f"{_names(graph, cluster.colours[first])} in one colour and "
            f"{_names(graph, cluster.colours[1 - first])} in the other")


def _wrap_step(graph: LinkGraph, cluster: Cluster, colour: int) -> Step:
    geo = graph.geometry
    eliminations = _eliminations(graph, cluster.colours[colour])
    proof = _proof(graph, [_chain(graph, cluster, 1 - colour)])
    symbol = geo.symbol(cluster.digit)
    text = (f"Two {symbol}s of one colour see each other, so that colour is false and the other "
            f"true. {outcome(geo, eliminations=eliminations)}")
    details = (f"Simple Colouring (colour wrap) on {symbol}: the conjugate pairs of {symbol} "
            f"({_conjugate(geo, cluster.digit)}) put {_coloured(graph, cluster, colour)}, "
            f"alternating along each pair; one colour is all true. Two cells of the first colour "
            f"see each other, so that colour is false: removes {describe_eliminations(geo, eliminations)}.")
    return _step(graph, SIMPLE_COLOURING, "Simple Colouring", (text, details), (cluster,), proof,
                 eliminations)


def _trap_step(graph: LinkGraph, cluster: Cluster, targets: int) -> Step:
    geo = graph.geometry
    eliminations = _eliminations(graph, targets)
    proof = _proof(graph, [_chain(graph, cluster, 0)])
    symbol = geo.symbol(cluster.digit)
    text = (f"Each {symbol} removed sees both colours of {symbol}'s conjugate pairs (its only two "
            f"places in a house), and one colour is true. {outcome(geo, eliminations=eliminations)}")
    details = (f"Simple Colouring (colour trap) on {symbol}: the conjugate pairs of {symbol} "
            f"({_conjugate(geo, cluster.digit)}) put {_coloured(graph, cluster)}, alternating "
            f"along each pair; one colour is all true. Candidate {symbol} in a cell that sees both "
            f"colours is false: "
            f"removes {describe_eliminations(geo, eliminations)}.")
    return _step(graph, SIMPLE_COLOURING, "Simple Colouring", (text, details), (cluster,), proof,
                 eliminations)


def _multi_step(graph: LinkGraph, pair: tuple[Cluster, Cluster], colours: tuple[int, int],
                targets: int) -> Step:
    geo = graph.geometry
    a, b = pair
    ca, cb = colours
    eliminations = _eliminations(graph, targets)
    symbol = geo.symbol(a.digit)
    chains = (_chain(graph, a, 1 - ca), _chain(graph, b, 1 - cb if cb >= 0 else 0))
    proof = _proof(graph, list(chains))
    first = _names(graph, a.colours[ca])
    if cb < 0:
        reason = (f"the colour of {first} in the first sees both colours of the second, one of "
                  f"which is true, so it is false")
        said = (f"In two clusters of the digit {symbol}, a colour of the first sees both colours "
                f"of the second, one of which is true, so that colour is false.")
    else:
        said = (f"In two clusters of the digit {symbol}, a colour of each sees the other, so one "
                f"of their opposite colours is true, and each {symbol} removed sees both.")
        reason = (f"the colour of {first} in the first sees the colour of "
                  f"{_names(graph, b.colours[cb])} in the second, so they are not both true and "
                  f"one of their opposite colours is: candidate {symbol} in a cell seeing both opposite colours is "
                  f"false")
    text = f"{said} {outcome(geo, eliminations=eliminations)}"
    details = (f"Multi-Colouring on {symbol}: two clusters of {symbol}'s conjugate pairs "
            f"({_conjugate(geo, a.digit)}), the first with {_coloured(graph, a, ca)}, the second with "
            f"{_coloured(graph, b, cb if cb >= 0 else 0)}; {reason}: removes "
            f"{describe_eliminations(geo, eliminations)}.")
    return _step(graph, MULTI_COLOURING, "Multi-Colouring", (text, details), pair, proof,
                 eliminations)


def _step(graph: LinkGraph, technique: Technique, name: str, texts: tuple[str, str],
          group: tuple[Cluster, ...], proof: Proof,
          eliminations: tuple[tuple[int, int], ...]) -> Step:
    """The step, ``texts`` being its short text and its details."""
    digit = group[0].digit
    pattern = tuple((graph.nodes[z].cells[0], digit) for c in group for z in c.order)
    text, details = texts
    return Step(technique, name, text, size=len(pattern), view="digit", digit=digit,
                cells=tuple(c for c, _ in pattern), digits=(digit,), pattern=pattern,
                eliminations=eliminations, proof=proof, details=details)


SIMPLE_COLOURING = Technique(
    "simple-colouring", "Simple Colouring", "single-digit patterns", Level.EXPERT, 150,
    find_simple_colouring,
    summary="One digit's conjugate pairs (its only two places in a house) in two alternating "
            "colours: a colour that sees itself is false (wrap); a candidate seeing both colours "
            "goes (trap).")
MULTI_COLOURING = Technique(
    "multi-colouring", "Multi-Colouring", "single-digit patterns", Level.EXPERT, 200,
    find_multi_colouring,
    summary="Two colour clusters of one digit joined by a weak link: a candidate seeing both "
            "opposite colours goes.")
TECHNIQUES = (SIMPLE_COLOURING, MULTI_COLOURING)
