"""Forcing chains: every way a cell, a house or one candidate can go leads to the same conclusion.

A cell forcing chain starts one chain from each candidate of a cell: one of them is true, so what
every chain implies is true. A house forcing chain does the same from each place a digit has in a
house. A digit forcing chain follows one candidate both ways, true and false; if one way leads to a
contradiction (some node made both on and off) the other way holds. These are the forcing chains of
HoDoKu and SudokuWiki: each branch is an ordinary chain over the link graph (``links``), so every
implication follows from the one before it alone; forcing nets (``nets``) go further.

The closure of a premise is one breadth-first search run to its end; each branch shown is the
shortest chain from its premise to the conclusion, and of all conclusions the one with the shortest
branches comes first.
"""

from __future__ import annotations

from typing import Iterator

from ..board import Board
from ..geometry import Geometry
from ..levels import Level
from ..links import LinkGraph, Search, build_graph
from ..proof import Chain, branched_proof, eliminated, placed
from ..step import Proof, Step, cases, claim, describe_eliminations, join_names, outcome
from . import Technique
from .chains import GROUPED_LINKS

Conclusion = tuple[int, bool]  # (node, value)


class Closures:
    """Each premise's closure over one link graph, computed when first asked for."""

    def __init__(self, graph: LinkGraph) -> None:
        self.graph = graph
        self._done: dict[tuple[int, bool], Search] = {}
        self.candidates = (1 << len(graph.index)) - 1

    def of(self, node: int, on: bool) -> Search:
        """The finished search from ``node`` set to ``on``."""
        key = (node, on)
        search = self._done.get(key)
        if search is None:
            search = Search(self.graph, node, on)
            search.run()
            self._done[key] = search
        return search


def find_cell_forcing_chains(board: Board) -> Iterator[Step]:
    """Chains from every candidate of one cell agreeing on a conclusion."""
    closures = Closures(build_graph(board, GROUPED_LINKS))
    graph = closures.graph
    found = []
    for cell, mask in enumerate(board.candidates):
        if mask.bit_count() < 2:
            continue
        premises = [graph.index[(cell, d)] for d in _digits(mask)]
        found.extend(_common(closures, premises, ""))
    yield from _steps(closures, found, CELL_FORCING_CHAIN, "Cell Forcing Chain")


def find_house_forcing_chains(board: Board) -> Iterator[Step]:
    """Chains from every place of a digit in one house agreeing on a conclusion."""
    closures = Closures(build_graph(board, GROUPED_LINKS))
    graph = closures.graph
    geo = board.geometry
    found = []
    for house, cells in enumerate(geo.houses):
        for digit in geo.digits:
            premises = [graph.index[(c, digit)] for c in cells if (c, digit) in graph.index]
            if len(premises) >= 2:
                found.extend(_common(closures, premises, geo.house_name(house)))
    yield from _steps(closures, found, HOUSE_FORCING_CHAIN, "House Forcing Chain")


def find_digit_forcing_chains(board: Board) -> Iterator[Step]:
    """One candidate followed both ways: a contradiction, or a conclusion both ways share."""
    closures = Closures(build_graph(board, GROUPED_LINKS))
    graph = closures.graph
    found: list[tuple[int, list[tuple[int, bool]], Conclusion, str]] = []
    for node in graph.candidate_nodes():
        for on in (True, False):
            search = closures.of(node, on)
            clash = search.on_seen & search.off_seen
            if clash:
                bad = (clash & -clash).bit_length() - 1
                cost = search.depth_of(bad, True) + search.depth_of(bad, False)
                found.append((cost, [(node, on), (node, on)], (node, not on), "contradiction"))
        premises = [(node, True), (node, False)]
        on_search, off_search = closures.of(node, True), closures.of(node, False)
        agree_on = on_search.on_seen & off_search.on_seen & closures.candidates
        agree_off = on_search.off_seen & off_search.off_seen & closures.candidates
        for value, agreed in ((True, agree_on), (False, agree_off)):
            while agreed:
                low = agreed & -agreed
                agreed ^= low
                target = low.bit_length() - 1
                cost = (on_search.depth_of(target, value) + off_search.depth_of(target, value))
                found.append((cost, premises, (target, value), "both"))
    found.sort(key=lambda item: item[0])
    seen: set[Conclusion] = set()
    for _, premises, conclusion, kind in found:
        if conclusion in seen:
            continue
        seen.add(conclusion)
        if kind == "contradiction":
            yield _contradiction_step(closures, premises[0], conclusion)
        else:
            yield _step(closures, premises, conclusion, DIGIT_FORCING_CHAIN,
                        "Digit Forcing Chain", "")


def _digits(mask: int) -> list[int]:
    return [bit + 1 for bit in range(mask.bit_length()) if mask >> bit & 1]


def _common(closures: Closures, premises: list[int],
            where: str) -> list[tuple[int, list[tuple[int, bool]], Conclusion, str]]:
    """The conclusions every premise's closure shares, each with the summed length of its branches."""
    searches = [closures.of(p, True) for p in premises]
    on_all = off_all = closures.candidates
    for search in searches:
        on_all &= search.on_seen
        off_all &= search.off_seen
    premise_mask = sum(1 << p for p in premises)
    on_all &= ~premise_mask
    off_all &= ~premise_mask
    out = []
    for value, agreed in ((True, on_all), (False, off_all)):
        while agreed:
            low = agreed & -agreed
            agreed ^= low
            target = low.bit_length() - 1
            cost = sum(s.depth_of(target, value) for s in searches)
            out.append((cost, [(p, True) for p in premises], (target, value), where))
    return out


def _steps(closures: Closures, found: list[tuple[int, list[tuple[int, bool]], Conclusion, str]],
           technique: Technique, name: str) -> Iterator[Step]:
    found.sort(key=lambda item: item[0])
    seen: set[Conclusion] = set()
    for _, premises, conclusion, where in found:
        if conclusion not in seen:
            seen.add(conclusion)
            yield _step(closures, premises, conclusion, technique, name, where)


def _branch(closures: Closures, premise: tuple[int, bool], target: tuple[int, bool]) -> Chain:
    search = closures.of(*premise)
    return search.trace(target[0], search.depth_of(*target)).chain(closures.graph)


def _literal(graph: LinkGraph, node: int, value: bool = True) -> str:
    item = graph.nodes[node]
    sign = "=" if value else "<>"
    return f"{graph.geometry.cell_name(item.cells[0])}{sign}{graph.geometry.symbol(item.digit)}"


def _effect(graph: LinkGraph, conclusion: Conclusion) -> tuple[tuple[tuple[int, int], ...],
                                                                 tuple[tuple[int, int], ...]]:
    node = graph.nodes[conclusion[0]]
    candidate = ((node.cells[0], node.digit),)
    return (candidate, ()) if conclusion[1] else ((), candidate)


def _step(closures: Closures, premises: list[tuple[int, bool]], conclusion: Conclusion,
          technique: Technique, name: str, house: str) -> Step:
    """The step of ``premises`` (one of which holds; ``house`` names where a digit's places lie)
    all reaching ``conclusion``."""
    graph = closures.graph
    geo = graph.geometry
    if all(node == conclusion[0] for node, _ in premises):
        # The conclusion is about the candidate followed both ways: the way that already is the
        # conclusion is no chain at all, and the other contradicts its own assumption.
        refuted = next(p for p in premises if p[1] != conclusion[1])
        return _refutation_step(closures, refuted, conclusion, _branch(closures, refuted, conclusion))
    placements, eliminations = _effect(graph, conclusion)
    result = placed(geo, placements) if placements else eliminated(geo, eliminations)
    names = [_literal(graph, node, on) for node, on in premises]
    (cell, digit), = placements or eliminations
    proof = branched_proof(geo, [(name, _branch(closures, p, conclusion))
                                 for name, p in zip(names, premises)],
                           (result, claim(geo, cell, digit, bool(placements))))
    setup = cases(geo, [(graph.nodes[node].cells[0], graph.nodes[node].digit, on)
                        for node, on in premises], house)
    text = (f"{setup[:1].upper()}{setup[1:]}, chains of implications reach the same result. "
            f"{outcome(geo, placements, eliminations)}")
    details = (f"{name}: {setup}, a chain of implications leads to the same result. So "
               f"{claim(geo, cell, digit, bool(placements))}: "
               f"{_effect_words(geo, placements, eliminations)}.")
    return _forcing_step(graph, technique, name, (text, details), proof, placements, eliminations)


def _effect_words(geo: Geometry, placements: tuple[tuple[int, int], ...],
                  eliminations: tuple[tuple[int, int], ...]) -> str:
    """``places 3 in r2c1`` or ``removes 3 from r1c7``."""
    return (f"places {describe_eliminations(geo, placements).replace(' from ', ' in ')}"
            if placements else f"removes {describe_eliminations(geo, eliminations)}")


def _refutation_step(closures: Closures, premise: tuple[int, bool], conclusion: Conclusion,
                     chain: Chain) -> Step:
    """A candidate's value that a chain turns into its opposite: "If r1c7 were 3, a chain of 7
    links would make it not 3, so it cannot be." The proof is that one chain."""
    graph = closures.graph
    geo = graph.geometry
    placements, eliminations = _effect(graph, conclusion)
    result = placed(geo, placements) if placements else eliminated(geo, eliminations)
    node = graph.nodes[premise[0]]
    cell, digit, on = node.cells[0], node.digit, premise[1]
    symbol = geo.symbol(digit)
    supposed = f"{geo.cell_name(cell)} were {'' if on else 'not '}{symbol}"
    made = f"{'not ' if on else ''}{symbol}"
    links = len(chain[1])
    text = (f"If {supposed}, a chain of {links} links would make it {made}, so it cannot be. "
            f"{outcome(geo, placements, eliminations)}")
    details = (f"Digit Forcing Chain (contradiction): if {supposed}, a chain of {links} "
               f"implications would make it {made}, so {claim(geo, cell, digit, not on)}: "
               f"{_effect_words(geo, placements, eliminations)}.")
    proof = branched_proof(geo, [(_literal(graph, *premise), chain)],
                           (result, claim(geo, cell, digit, not on)))
    return _forcing_step(graph, DIGIT_FORCING_CHAIN, "Digit Forcing Chain", (text, details),
                         proof, placements, eliminations)


def _contradiction_step(closures: Closures, premise: tuple[int, bool],
                        conclusion: Conclusion) -> Step:
    graph = closures.graph
    geo = graph.geometry
    search = closures.of(*premise)
    clash = search.on_seen & search.off_seen
    bad = (clash & -clash).bit_length() - 1
    branches = [_branch(closures, premise, (bad, True)), _branch(closures, premise, (bad, False))]
    # The clash may be the assumption itself: one "branch" is then the assumption alone, and the
    # other a chain that leads back to its opposite (a loop, told as one).
    looped = [branch for branch in branches if branch[1]]
    if len(looped) == 1:
        return _refutation_step(closures, premise, conclusion, looped[0])
    placements, eliminations = _effect(graph, conclusion)
    result = placed(geo, placements) if placements else eliminated(geo, eliminations)
    assumption = _literal(graph, *premise)
    node = graph.nodes[premise[0]]
    supposed = claim(geo, node.cells[0], node.digit, premise[1])
    opposite = claim(geo, node.cells[0], node.digit, not premise[1])
    victim = join_names((geo.cell_name(c) for c in graph.nodes[bad].cells), "or")
    text = (f"If {supposed}, chains would make {geo.symbol(graph.nodes[bad].digit)} in "
            f"{victim} both true and false. {outcome(geo, placements, eliminations)}")
    details = (f"Digit Forcing Chain (contradiction): if {supposed}, one chain makes "
               f"{geo.symbol(graph.nodes[bad].digit)} in {victim} true and another makes it "
               f"false, so {opposite}: {_effect_words(geo, placements, eliminations)}.")
    proof = branched_proof(geo, [(assumption, branch) for branch in branches], (result, opposite))
    return _forcing_step(graph, DIGIT_FORCING_CHAIN, "Digit Forcing Chain", (text, details),
                         proof, placements, eliminations)


def _forcing_step(graph: LinkGraph, technique: Technique, name: str, texts: tuple[str, str],
                  proof: Proof, placements: tuple[tuple[int, int], ...],
                  eliminations: tuple[tuple[int, int], ...]) -> Step:
    return branched_step(technique, name, texts, proof, placements, eliminations)


def branched_step(technique: Technique, name: str, texts: tuple[str, str], proof: Proof,
                  placements: tuple[tuple[int, int], ...],
                  eliminations: tuple[tuple[int, int], ...]) -> Step:
    """A step whose proof is branches (forcing chains and nets): its pattern is every branch node.

    ``texts`` are its short text and its details."""
    text, details = texts
    pattern = tuple(dict.fromkeys(
        (cell, node.digit) for branch in proof.branches for node in branch.nodes
        for cell in node.cells))
    cells = tuple(dict.fromkeys(c for c, _ in pattern))
    return Step(technique, name, text, size=sum(len(b.nodes) for b in proof.branches),
                view="cell", cells=cells, digits=tuple(sorted({d for _, d in pattern})),
                pattern=pattern, placements=placements, eliminations=eliminations, proof=proof,
                details=details)


CELL_FORCING_CHAIN = Technique(
    "cell-forcing-chain", "Cell Forcing Chain", "forcing chains", Level.EXTREME, 500,
    find_cell_forcing_chains,
    summary="A chain from each candidate of a cell reaches the same conclusion, so it holds.")
HOUSE_FORCING_CHAIN = Technique(
    "house-forcing-chain", "House Forcing Chain", "forcing chains", Level.EXTREME, 500,
    find_house_forcing_chains,
    summary="A chain from each place of a digit in a house reaches the same conclusion, so it "
            "holds.")
DIGIT_FORCING_CHAIN = Technique(
    "digit-forcing-chain", "Digit Forcing Chain", "forcing chains", Level.EXTREME, 520,
    find_digit_forcing_chains,
    summary="A candidate followed both ways, true and false: what both ways imply holds, and a "
            "way that contradicts itself is ruled out.")
TECHNIQUES = (CELL_FORCING_CHAIN, HOUSE_FORCING_CHAIN, DIGIT_FORCING_CHAIN)
