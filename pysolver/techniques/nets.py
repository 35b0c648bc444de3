"""Forcing nets (dynamic forcing chains): what an assumption forces, with everything it forces since.

A forcing chain follows single links: each implication rests on the one before it. A net lets each
implication rest on the whole position the premise has made so far, the way Sudoku Explainer's
dynamic forcing chains do: assume a candidate true (or false), remove and place what follows, and a
cell left with one candidate, or a digit left with one place in a house, is placed because of *all*
the removals that emptied the rest. The premise is no guess: the net only reports what holds in
every case — a contradiction ruling the premise out, or a conclusion shared by every candidate of a
cell, every place of a digit in a house, or a candidate both true and false.

Each branch is drawn as what it is, the implications from its premise to the conclusion: nodes on
and off, a weak link where a true candidate removes another, a strong link from each removal that
left a single candidate or place to the placement it forced.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from functools import cache
from typing import Callable, Iterator

from ..board import Board
from ..geometry import Geometry
from ..links import intersections as _intersections
from ..levels import Level
from ..proof import Chain, branched_proof, eliminated, placed
from ..step import ProofLink, ProofNode, Step, describe_eliminations, join_names, outcome
from . import Technique
from .forcing import branched_step

Literal = tuple[int, int, bool]  # (cell, digit, on)
_Place = Callable[[int, int, tuple[Literal, ...]], None]
_Remove = _Place


@dataclass(frozen=True)
class Branch:
    """Everything one premise forces: each literal with the literals it follows from.

    ``contradiction`` is the list of literals that together break a rule (a cell or a house left
    without a candidate), empty when the premise is consistent so far.
    """

    premise: Literal
    reasons: dict[Literal, tuple[Literal, ...]]
    contradiction: tuple[Literal, ...]
    broken: str

    def proof_of(self, literal: Literal) -> tuple[Literal, ...]:
        """The literals ``literal`` rests on, back to the premise, in the order they were derived."""
        order = {lit: i for i, lit in enumerate(self.reasons)}
        needed: set[Literal] = set()
        stack = [literal]
        while stack:
            item = stack.pop()
            if item in needed:
                continue
            needed.add(item)
            stack.extend(self.reasons.get(item, ()))
        return tuple(sorted(needed, key=lambda lit: order.get(lit, -1)))

    def size(self, targets: tuple[Literal, ...]) -> int:
        """How many literals the proof of ``targets`` takes, the premise included."""
        needed: set[Literal] = set()
        stack = list(targets)
        while stack:
            item = stack.pop()
            if item not in needed:
                needed.add(item)
                stack.extend(self.reasons.get(item, ()))
        return len(needed)

    def chain(self, targets: tuple[Literal, ...]) -> Chain:
        """The drawable implications from the premise to every literal of ``targets``."""
        needed: dict[Literal, None] = {}
        for target in targets:
            for lit in self.proof_of(target):
                needed.setdefault(lit)
        order = {lit: i for i, lit in enumerate(self.reasons)}
        literals = sorted(needed, key=lambda lit: order.get(lit, -1))
        position = {lit: i for i, lit in enumerate(literals)}
        nodes = tuple(ProofNode((c,), d, on) for c, d, on in literals)
        links = tuple(ProofLink(position[parent], position[lit], "strong" if lit[2] else "weak")
                      for lit in literals for parent in self.reasons.get(lit, ())
                      if parent in position)
        return nodes, links


def propagate(board: Board, premise: Literal) -> Branch:
    """Assume ``premise`` and apply singles until nothing changes or a rule breaks."""
    geo = board.geometry
    candidates = list(board.candidates)
    values = list(board.values)
    reasons: dict[Literal, tuple[Literal, ...]] = {premise: ()}
    queue: deque[tuple[int, int]] = deque()  # (cell, -1) a cell to check; (house, digit) a house
    broken: list[tuple[tuple[Literal, ...], str]] = []

    def remove(cell: int, digit: int, because: tuple[Literal, ...]) -> None:
        bit = 1 << (digit - 1)
        if not candidates[cell] & bit:
            return
        candidates[cell] &= ~bit
        reasons.setdefault((cell, digit, False), because)
        queue.append((cell, -1))
        for house in geo.houses_of[cell]:
            queue.append((house, digit))

    def place(cell: int, digit: int, because: tuple[Literal, ...]) -> None:
        if values[cell]:
            return
        values[cell] = digit
        literal = (cell, digit, True)
        reasons.setdefault(literal, because)
        rest = candidates[cell] & ~(1 << (digit - 1))
        candidates[cell] = 0
        for other in _digits(rest):
            reasons.setdefault((cell, other, False), (literal,))
        bit = 1 << (digit - 1)
        for peer in geo.peers[cell]:
            if candidates[peer] & bit:
                remove(peer, digit, (literal,))

    cell, digit, on = premise
    if on:
        place(cell, digit, ())
    else:
        remove(cell, digit, ())
    while not broken:
        while queue and not broken:
            where, digit = queue.popleft()
            if digit < 0:
                _check_cell(geo, board, values, candidates, where, reasons, place, broken)
            else:
                _check_house(geo, board, values, candidates, where, digit, reasons, place, broken)
        if broken or not _locked_candidates(geo, board, candidates, remove):
            break
    contradiction, text = broken[0] if broken else ((), "")
    return Branch(premise, reasons, contradiction, text)


def _check_cell(geo: Geometry, board: Board, values: list[int], candidates: list[int], cell: int,
                reasons: dict[Literal, tuple[Literal, ...]], place: _Place,
                broken: list[tuple[tuple[Literal, ...], str]]) -> None:
    if values[cell]:
        return
    mask = candidates[cell]
    gone = tuple((cell, d, False) for d in _digits(board.candidates[cell] & ~mask))
    if not mask:
        broken.append((gone, f"{geo.cell_name(cell)} has no candidate left"))
    elif not mask & (mask - 1):
        place(cell, mask.bit_length(), gone)


def _check_house(geo: Geometry, board: Board, values: list[int], candidates: list[int], house: int,
                 digit: int, reasons: dict[Literal, tuple[Literal, ...]], place: _Place,
                 broken: list[tuple[tuple[Literal, ...], str]]) -> None:
    bit = 1 << (digit - 1)
    places = []
    for cell in geo.houses[house]:
        if values[cell] == digit:
            return
        if candidates[cell] & bit:
            places.append(cell)
    if len(places) > 1:
        return
    gone = tuple((c, digit, False) for c in geo.houses[house]
                 if board.candidates[c] & bit and c not in places)
    if not places:
        broken.append((gone, f"{geo.house_name(house)} has no place left for "
                             f"{geo.symbol(digit)}"))
    else:
        place(places[0], digit, gone)


@cache
def _segments(geo: Geometry) -> tuple[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]], ...]:
    """For each box–line intersection, both ways round: (its cells, the rest of the source house,
    the rest of the target house)."""
    out = []
    for box, line, cells in _intersections(geo):
        for source, target in ((box, line), (line, box)):
            out.append((cells, tuple(c for c in geo.houses[source] if c not in cells),
                        tuple(c for c in geo.houses[target] if c not in cells)))
    return tuple(out)


def _locked_candidates(geo: Geometry, board: Board, candidates: list[int],
                       remove: _Remove) -> bool:
    """Pointing and claiming on the branch's position; True when something was removed.

    A digit whose places in a house all lie where it meets another house leaves the rest of the
    other house; the removal rests on the removals that confined the digit.
    """
    changed = False
    for cells, outside, rest in _segments(geo):
        inside = 0
        for cell in cells:
            inside |= candidates[cell]
        if not inside:
            continue
        for cell in outside:
            inside &= ~candidates[cell]
        if not inside:
            continue
        for digit in _digits(inside):
            bit = 1 << (digit - 1)
            victims = [c for c in rest if candidates[c] & bit]
            if not victims:
                continue
            because = tuple((c, digit, False) for c in outside if board.candidates[c] & bit)
            for victim in victims:
                remove(victim, digit, because)
            changed = True
    return changed


def _digits(mask: int) -> list[int]:
    return [bit + 1 for bit in range(mask.bit_length()) if mask >> bit & 1]


class Nets:
    """Each premise's branch on one board, propagated when first asked for."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self._done: dict[Literal, Branch] = {}

    def of(self, premise: Literal) -> Branch:
        """The propagated branch of ``premise``."""
        branch = self._done.get(premise)
        if branch is None:
            branch = self._done[premise] = propagate(self.board, premise)
        return branch


def find_forcing_nets(board: Board) -> Iterator[Step]:
    """Contradiction nets first, then cell, house and digit nets whose branches agree.

    Among conclusions of one kind the one whose branches need the fewest implications comes first;
    a step is built only when it is asked for.
    """
    nets = Nets(board)
    geo = board.geometry
    broken: list[tuple[int, Branch]] = []
    for cell, mask in enumerate(board.candidates):
        for digit in _digits(mask):
            for on in (True, False):
                branch = nets.of((cell, digit, on))
                if branch.contradiction:
                    broken.append((branch.size(branch.contradiction), branch))
    broken.sort(key=lambda item: item[0])
    for _, branch in broken:
        yield _contradiction_step(geo, branch)
    if broken:
        return
    found: list[tuple[int, list[Branch], Literal, str]] = []
    for cell, mask in enumerate(board.candidates):
        if mask.bit_count() >= 2:
            premises = [(cell, d, True) for d in _digits(mask)]
            found.extend(_agreements(nets, premises, f"cell {geo.cell_name(cell)}"))
    for house, cells in enumerate(geo.houses):
        for digit in geo.digits:
            bit = 1 << (digit - 1)
            premises = [(c, digit, True) for c in cells if board.candidates[c] & bit]
            if len(premises) >= 2:
                where = f"{geo.symbol(digit)} in {geo.house_name(house)}"
                found.extend(_agreements(nets, premises, where))
    for cell, mask in enumerate(board.candidates):
        for digit in _digits(mask):
            found.extend(_agreements(nets, [(cell, digit, True), (cell, digit, False)], ""))
    found.sort(key=lambda item: item[0])
    seen: set[Literal] = set()
    for _, branches, literal, where in found:
        if literal not in seen:
            seen.add(literal)
            yield _agreement_step(geo, branches, literal, where)


def _agreements(nets: Nets, premises: list[Literal],
                where: str) -> list[tuple[int, list[Branch], Literal, str]]:
    """The literals every premise's branch forces (none already true or false on the board)."""
    branches = [nets.of(p) for p in premises]
    common = set(branches[0].reasons)
    for branch in branches[1:]:
        common &= set(branch.reasons)
    common -= set(premises)
    return [(sum(b.size((literal,)) for b in branches), branches, literal, where)
            for literal in common]


def _name(geo: Geometry, literal: Literal) -> str:
    cell, digit, on = literal
    return f"{geo.cell_name(cell)}{'=' if on else '<>'}{geo.symbol(digit)}"


def _agreement_step(geo: Geometry, branches: list[Branch], literal: Literal, where: str) -> Step:
    cell, digit, on = literal
    placements = ((cell, digit),) if on else ()
    eliminations = () if on else ((cell, digit),)
    result = placed(geo, placements) if on else eliminated(geo, eliminations)
    premises = tuple(_name(geo, b.premise) for b in branches)
    proof = branched_proof(geo, [(name, b.chain((literal,))) for name, b in zip(premises, branches)],
                           result)
    setup = (f"whether {premises[0]} is true or false" if not where
             else f"whichever of {join_names(premises, 'or')} is true ({where})")
    effect = (f"places {geo.symbol(digit)} in {geo.cell_name(cell)}" if on
              else f"removes {describe_eliminations(geo, eliminations)}")
    text = (f"{setup[:1].upper()}{setup[1:]}, what follows reaches the same result. "
            f"{outcome(geo, placements, eliminations)}")
    details = (f"Forcing Net: {setup}, what follows from it leads to {result} "
               f"(each branch drawn from its premise). So {result} holds: {effect}.")
    return branched_step(FORCING_NET, "Forcing Net", (text, details), proof, placements,
                         eliminations)


def _contradiction_step(geo: Geometry, branch: Branch) -> Step:
    cell, digit, on = branch.premise
    assumption = _name(geo, branch.premise)
    placements = () if on else ((cell, digit),)
    eliminations = ((cell, digit),) if on else ()
    result = placed(geo, placements) if placements else eliminated(geo, eliminations)
    proof = branched_proof(geo, [(assumption, branch.chain(branch.contradiction))], result)
    effect = (f"places {geo.symbol(digit)} in {geo.cell_name(cell)}" if placements
              else f"removes {describe_eliminations(geo, eliminations)}")
    text = f"If {assumption}, what follows breaks a rule: {branch.broken}. {outcome(geo, placements, eliminations)}"
    details = (f"Forcing Net (contradiction): if {assumption}, what follows breaks a rule "
               f"({branch.broken}), so {assumption} is impossible: {effect}.")
    return branched_step(FORCING_NET, "Forcing Net", (text, details), proof, placements,
                         eliminations)



FORCING_NET = Technique(
    "forcing-net", "Forcing Net", "forcing chains", Level.EXTREME, 700, find_forcing_nets,
    summary="Dynamic forcing chains: what a premise forces, each step resting on everything forced "
            "so far, reaching a contradiction or the conclusion every case shares.")
TECHNIQUES = (FORCING_NET,)
