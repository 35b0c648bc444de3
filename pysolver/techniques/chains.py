"""Chains: X-Chains, XY-Chains, alternating inference chains (AIC) and nice loops, shortest first.

An alternating inference chain (the Sudoku forums' AIC, taught by HoDoKu and SudokuWiki) starts and
ends with a strong link, so one of its two ends is true: a candidate that sees both ends goes. An
X-Chain is an AIC on one digit with house links only; an XY-Chain takes its strong links in bivalue
cells and its weak links in houses; a grouped AIC may pass through the cells of a box–line
intersection as one node. A discontinuous nice loop that returns to its premise candidate with the
premise's opposite value decides that candidate: "if it is false, it is true" places it.

Every finder asks the link graph (``links``) for the shortest chain: one breadth-first search per
premise, all advanced in lock-step, so the first conclusion found is the shortest there is.
"""

from __future__ import annotations

from typing import Iterable, Iterator

from ..board import Board
from ..levels import Level
from ..links import Implication, LinkGraph, LinkOptions, Search, build_graph, shortest_first
from ..proof import chain_proof, eliminated, placed
from ..step import Proof, ProofLink, Step, describe_eliminations, join_names, outcome
from . import Technique

#: Longest chain searched (links); longer chains teach nothing a forcing chain would not.
MAX_DEPTH = 24

X_LINKS = LinkOptions(cell_links=False)
XY_LINKS = LinkOptions(house_strong=False, bivalue_only=True)
ALL_LINKS = LinkOptions()
GROUPED_LINKS = LinkOptions(groups=True)


def find_x_chains(board: Board) -> Iterator[Step]:
    """X-Chains: one digit, strong and weak links in houses only."""
    return _eliminating_chains(board, X_LINKS, X_CHAIN, "X-Chain")


def find_xy_chains(board: Board) -> Iterator[Step]:
    """XY-Chains: bivalue cells joined through houses."""
    return _eliminating_chains(board, XY_LINKS, XY_CHAIN, "XY-Chain")


def find_aics(board: Board) -> Iterator[Step]:
    """Alternating inference chains over single candidates."""
    return _eliminating_chains(board, ALL_LINKS, AIC, "AIC")


def find_grouped_aics(board: Board) -> Iterator[Step]:
    """Alternating inference chains that may use grouped nodes."""
    return _eliminating_chains(board, GROUPED_LINKS, GROUPED_AIC, "Grouped AIC")


def find_nice_loops(board: Board) -> Iterator[Step]:
    """Discontinuous nice loops that place their premise candidate (single candidates only)."""
    return _placing_loops(board, ALL_LINKS, NICE_LOOP, "Discontinuous Nice Loop")


def find_grouped_nice_loops(board: Board) -> Iterator[Step]:
    """Discontinuous nice loops through grouped nodes that place their premise candidate."""
    return _placing_loops(board, GROUPED_LINKS, GROUPED_NICE_LOOP,
                          "Grouped Discontinuous Nice Loop")


def _eliminating_chains(board: Board, options: LinkOptions, technique: Technique,
                        name: str) -> Iterator[Step]:
    """For each candidate T, search from "T on" until "T off": the chain between is an AIC.

    The chain's two ends are the nodes after and before T; every candidate that sees both goes.
    Chains of one length come out together, the one removing most first.
    """
    graph = build_graph(board, options)
    found: Iterable[tuple[int, Search]]
    if options is GROUPED_LINKS or options is ALL_LINKS:
        found = [(node, search) for node, search in _conclusions(board, options)
                 if len(search.layers) <= MAX_DEPTH + 1]
    else:
        premises = {node for node, _ in _conclusions(board, ALL_LINKS)}
        found = shortest_first(
            graph, [node for node in graph.candidate_nodes() if node in premises], True, MAX_DEPTH)
    pending: list[Step] = []
    depth_seen = -1
    seen_chains: set[tuple[int, ...]] = set()
    for target, search in found:
        depth = len(search.layers)
        if depth != depth_seen:
            yield from _best_first(pending)
            pending, depth_seen = [], depth
        implication = search.trace(target)
        ends = implication.path[1:-1]
        key = ends if ends[0] <= ends[-1] else ends[::-1]
        if key in seen_chains:
            continue
        seen_chains.add(key)
        pending.append(_chain_step(graph, implication, technique, name))
    yield from _best_first(pending)


#: The last position's AIC searches, by links (graph, conclusions), see ``_conclusions``.
_LAST_CONCLUSIONS: dict[LinkOptions, tuple[LinkGraph, list[tuple[int, Search]]]] = {}
#: How much further than ``MAX_DEPTH`` the AIC searches are run: a continuous nice loop found
#: by ``_continuous_loops`` has at most ``MAX_DEPTH`` + 2 links, and the AIC through it one more.
BEYOND_AIC = 3


def _conclusions(board: Board, options: LinkOptions) -> list[tuple[int, Search]]:
    """Every AIC search from a single candidate under ``options`` that concludes within
    ``MAX_DEPTH`` + ``BEYOND_AIC`` layers, in ``shortest_first`` order (the AIC finders take
    those within ``MAX_DEPTH``).

    X-Chains and XY-Chains are AICs in a part of the AIC's links, and a premise that concludes
    in a part concludes in the whole, no later. A continuous nice loop that removes a candidate
    X is an AIC from X too: X on, the weak link's end it sees off, round the loop the other way
    to the link's other end, on, and X off. So the AIC searches, run once to the end (at the
    AIC's turn they are the AIC's own), tell the X-Chains and XY-Chains the only premises worth
    searching from, and the continuous loops whether to search at all; on most positions there
    is nothing to search.
    """
    graph = build_graph(board, options)
    last = _LAST_CONCLUSIONS.get(options)
    if last is None or last[0] is not graph:
        # "T on" comes back to "T off" only through an "on" node weakly linked to T, and a node
        # is turned on only through a strong link: premises without such a neighbour are left out.
        weak, linked = graph.weak, graph.strongly_linked
        premises = [node for node in graph.candidate_nodes() if weak[node] & linked]
        last = _LAST_CONCLUSIONS[options] = (
            graph, list(shortest_first(graph, premises, True, MAX_DEPTH + BEYOND_AIC)))
    return last[1]


def _best_first(steps: list[Step]) -> Iterator[Step]:
    return iter(sorted(steps, key=lambda s: -len(s.eliminations)))


def _chain_step(graph: LinkGraph, implication: Implication, technique: Technique,
                name: str) -> Step:
    geo = graph.geometry
    inner = implication.path[1:-1]
    first, last = inner[0], inner[-1]
    in_chain = set(inner)
    targets = graph.weak[first] & graph.weak[last]
    eliminations = tuple(sorted(
        (graph.nodes[z].cells[0], graph.nodes[z].digit) for z in graph.candidate_nodes()
        if targets >> z & 1 and z not in in_chain))
    chain = implication.chain(graph, 1, len(implication.path) - 1)
    proof = chain_proof(geo, chain, eliminated(geo, eliminations))
    start, end = _node_text(graph, first), _node_text(graph, last)
    links = len(chain[1])
    if " or " in start + end:  # a group's "or" would blur "A and B": the ends are listed instead
        claim = f"At least one of these is true, by a chain of {links} links: {start}; {end}."
        ends = f"the two ends ({start}; {end})"
    else:
        claim = f"At least one of {start} and {end} is true, by a chain of {links} links."
        ends = f"{start} and {end}"
    text = f"{claim} {outcome(geo, eliminations=eliminations)}"
    details = (f"{name} of {links} links from {start} to {end}: each strong link says 'if this "
            f"is false, the next is true', each weak link 'if this is true, the next is false', so "
            f"{ends} are not both false, and a candidate that cannot be true beside either of them "
            f"(it sees both, or shares a cell with one and sees the other) goes: removes "
            f"{describe_eliminations(geo, eliminations)}.")
    return _step(graph, technique, name, (text, details), implication.path[1:-1], proof,
                 eliminations=eliminations)


def _placing_loops(board: Board, options: LinkOptions, technique: Technique,
                   name: str) -> Iterator[Step]:
    """For each candidate T, search from "T off" until "T on": T is true."""
    graph = build_graph(board, options)
    # "T off" leads anywhere, and back to "T on", only through a strong link of T.
    premises = [node for node in graph.candidate_nodes() if graph.strong[node]]
    for target, search in shortest_first(graph, premises, False, MAX_DEPTH):
        implication = search.trace(target)
        geo = graph.geometry
        node = graph.nodes[target]
        placement = ((node.cells[0], node.digit),)
        chain = implication.chain(graph)
        proof = chain_proof(geo, chain, placed(geo, placement))
        where = f"{geo.symbol(node.digit)} in {geo.cell_name(node.cells[0])}"
        text = (f"If {where} were false, a chain of {len(chain[1])} links would make it true. "
                f"{outcome(geo, placements=placement)}")
        details = (f"{name} of {len(chain[1])} links: if {where} were false, the chain of "
                   f"implications would make it true, so it is true: places {where}.")
        yield _step(graph, technique, name, (text, details), implication.path, proof,
                    placements=placement)


def find_continuous_nice_loops(board: Board) -> Iterator[Step]:
    """Continuous nice loops over single candidates."""
    return _continuous_loops(board, ALL_LINKS, CONTINUOUS_NICE_LOOP, "Continuous Nice Loop")


def find_grouped_continuous_nice_loops(board: Board) -> Iterator[Step]:
    """Continuous nice loops that may pass through grouped nodes (a box–line intersection)."""
    return _continuous_loops(board, GROUPED_LINKS, GROUPED_CONTINUOUS_NICE_LOOP,
                             "Grouped Continuous Nice Loop")


def _continuous_loops(board: Board, options: LinkOptions, technique: Technique,
                      name: str) -> Iterator[Step]:
    """Closed alternating loops: every weak link of the loop holds as a strong one too.

    From "A on" the search alternates weak and strong links; reaching a node Z strongly linked
    back to A closes a loop A - ... = Z = A in which strong and weak links alternate all the way
    round. Then along each weak link exactly one end is true (were both false, the strong links
    from one end would make the other true), so whatever sees both ends goes (the other digits
    of a cell, or the digit's other places in a house). Shortest loops first; a loop starts at a
    single candidate, and grouped nodes may lie anywhere else on it.
    """
    if not _conclusions(board, options):
        return
    graph = build_graph(board, options)
    searches = {}
    for node in graph.candidate_nodes():
        search = searches[node] = Search(graph, node, True)
        # The loop must come back to A through a strong partner, so the partners are kept out of
        # the first layer (where A's weak links would reach them at once).
        first = search.advance() & ~graph.strong[node]
        search.layers[-1] = (False, first)
        search.off_seen &= ~graph.strong[node]
    seen: set[frozenset[int]] = set()
    for _ in range(MAX_DEPTH):
        if not searches:
            return
        found = []
        for start, search in list(searches.items()):
            layer = search.advance()
            if not layer:
                del searches[start]
                continue
            on, _ = search.layers[-1]
            closing = layer & graph.strong[start] if not on else 0
            while closing:
                low = closing & -closing
                closing ^= low
                loop = search.trace(low.bit_length() - 1)
                if len(loop.path) >= 4 and len(set(loop.path)) == len(loop.path):
                    found.append(loop)
        steps = []
        for loop in found:
            key = frozenset(loop.path)
            if key not in seen:
                seen.add(key)
                step = _loop_step(graph, loop, technique, name)
                if step is not None:
                    steps.append(step)
        yield from _best_first(steps)


def _loop_step(graph: LinkGraph, loop: Implication, technique: Technique,
               name: str) -> Step | None:
    geo = graph.geometry
    path = loop.path
    members = sum(1 << n for n in path)
    targets = 0
    for k in range(len(path)):
        u, v = path[k], path[(k + 1) % len(path)]
        if k % 2 == 0:  # on -> off: the loop's weak links sit at even positions
            targets |= graph.weak[u] & graph.weak[v]
    targets &= ~members & ((1 << len(graph.index)) - 1)
    if not targets:
        return None
    eliminations = tuple(sorted((graph.nodes[z].cells[0], graph.nodes[z].digit)
                                for z in range(len(graph.index)) if targets >> z & 1))
    nodes, links = loop.chain(graph)
    closed = nodes + (graph.chain_node(path[0], True),)
    links = links + (ProofLink(len(nodes) - 1, len(nodes), "strong"),)
    proof = chain_proof(geo, (closed, links), eliminated(geo, eliminations))
    text = (f"A closed loop of {len(path)} alternating strong and weak links makes every weak "
            f"link strong. {outcome(geo, eliminations=eliminations)}")
    details = (f"{name} of {len(path)} links: strong and weak links alternate all the "
               f"way round, so along each weak link exactly one end is true, and a candidate that "
               f"cannot be true beside either end of a weak link (it sees both, shares a cell with "
               f"one and sees the other, or is another digit of a cell where a weak link became "
               f"strong) goes: removes {describe_eliminations(geo, eliminations)}.")
    return _step(graph, technique, name, (text, details), path, proof, eliminations=eliminations)


def _node_text(graph: LinkGraph, node: int) -> str:
    """'4 in r6c2'; a group (true when the digit is in one of its cells) '2 in r5c4 or r5c6'."""
    item = graph.nodes[node]
    geo = graph.geometry
    return f"{geo.symbol(item.digit)} in {join_names((geo.cell_name(c) for c in item.cells), 'or')}"


def _step(graph: LinkGraph, technique: Technique, name: str, texts: tuple[str, str],
          path: tuple[int, ...], proof: Proof, eliminations: tuple[tuple[int, int], ...] = (),
          placements: tuple[tuple[int, int], ...] = ()) -> Step:
    """The step, ``texts`` being its short text and its details."""
    text, details = texts
    pattern = tuple(dict.fromkeys(
        (cell, graph.nodes[n].digit) for n in path for cell in graph.nodes[n].cells))
    cells = tuple(dict.fromkeys(c for c, _ in pattern))
    digits = tuple(sorted({d for _, d in pattern}))
    return Step(technique, name, text, size=len(path), view="cell", cells=cells, digits=digits,
                digit=digits[0] if len(digits) == 1 else None, pattern=pattern,
                placements=placements, eliminations=eliminations, proof=proof, details=details)



X_CHAIN = Technique(
    "x-chain", "X-Chain", "chains", Level.EXTREME, 260, find_x_chains,
    summary="A chain of one digit's strong and weak links in houses: a candidate seeing both of "
            "its ends goes.")
XY_CHAIN = Technique(
    "xy-chain", "XY-Chain", "chains", Level.EXTREME, 260, find_xy_chains,
    summary="Bivalue cells chained through shared digits: a candidate seeing both ends' digit goes.")
AIC = Technique(
    "aic", "AIC", "chains", Level.EXTREME, 280, find_aics,
    summary="An alternating inference chain of strong and weak links in cells and houses: one of "
            "its ends is true, so a candidate seeing both goes.")
NICE_LOOP = Technique(
    "nice-loop", "Discontinuous Nice Loop", "chains", Level.EXTREME, 280, find_nice_loops,
    summary="A chain from a candidate back to itself: if it were false it would be true, so it is "
            "true.")
CONTINUOUS_NICE_LOOP = Technique(
    "continuous-nice-loop", "Continuous Nice Loop", "chains", Level.EXTREME, 280,
    find_continuous_nice_loops,
    summary="A closed loop of alternating strong and weak links: every weak link holds as a strong "
            "one, so a candidate that cannot be true beside either end of one goes.")
GROUPED_AIC = Technique(
    "grouped-aic", "Grouped AIC", "chains", Level.EXTREME, 300, find_grouped_aics,
    summary="An alternating inference chain that may pass through the cells of a box–line "
            "intersection as one node.")
GROUPED_NICE_LOOP = Technique(
    "grouped-nice-loop", "Grouped Discontinuous Nice Loop", "chains", Level.EXTREME, 300,
    find_grouped_nice_loops,
    summary="A discontinuous nice loop through grouped nodes that places its candidate.")
GROUPED_CONTINUOUS_NICE_LOOP = Technique(
    "grouped-continuous-nice-loop", "Grouped Continuous Nice Loop", "chains", Level.EXTREME, 300,
    find_grouped_continuous_nice_loops,
    summary="A continuous nice loop that may pass through the cells of a box–line intersection as "
            "one node: a candidate that cannot be true beside either end of a weak link goes.")
TECHNIQUES = (X_CHAIN, XY_CHAIN, AIC, NICE_LOOP, CONTINUOUS_NICE_LOOP, GROUPED_AIC,
              GROUPED_NICE_LOOP, GROUPED_CONTINUOUS_NICE_LOOP)
