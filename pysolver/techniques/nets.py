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
from typing import Iterator, Mapping, TypeVar

from ..bitsets import unions
from ..board import Board
from ..geometry import Geometry
from ..links import intersections as _intersections
from ..levels import Level
from ..proof import Chain, branched_proof, confined, eliminated, placed
from ..step import LinkKind, ProofLink, ProofNode, Step, cases, claim, describe_eliminations, outcome
from . import Technique
from .forcing import branched_step

Literal = tuple[int, int, bool]  # (cell, digit, on)
#: A branch of a forcing net or of a nested one.
B = TypeVar("B")


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

    #: Literals the branch took as known from an outer branch (a net nested inside another):
    #: its proofs stop at them.
    given: frozenset[Literal] = frozenset()

    def proof_of(self, literal: Literal) -> tuple[Literal, ...]:
        """The literals ``literal`` rests on, back to the premise, in the order they were derived."""
        return self.proof_of_all((literal,))

    def _needed(self, targets: tuple[Literal, ...]) -> set[Literal]:
        needed: set[Literal] = set()
        stack = list(targets)
        while stack:
            item = stack.pop()
            if item not in needed:
                needed.add(item)
                if item not in self.given:
                    stack.extend(self.reasons.get(item, ()))
        return needed

    def proof_of_all(self, targets: tuple[Literal, ...]) -> tuple[Literal, ...]:
        """The literals every one of ``targets`` rests on, in the order they were derived."""
        order = {lit: i for i, lit in enumerate(self.reasons)}
        return tuple(sorted(self._needed(targets),
                            key=lambda lit: (lit != self.premise, order.get(lit, -1))))

    def size(self, targets: tuple[Literal, ...]) -> int:
        """How many literals the proof of ``targets`` takes, the premise included."""
        return len(self._needed(targets))

    def chain(self, targets: tuple[Literal, ...], nested: Mapping[Literal, int] = {},
              board: Board | None = None) -> Chain:
        """The drawable implications from the premise to every literal of ``targets``.

        A literal of ``nested`` was proved by a net nested in the branch (the value: the index of
        its sub-proof): it is reached by one ``nested`` link, from the last-derived literal of the
        branch that net used (the premise when it used none); the net's sub-proof shows them all.
        With the ``board`` the branch started from, a removal by pointing or claiming is drawn as
        its notation writes it: the removals that confine the digit strongly linked to the box–line
        cells it is confined to (a group node, true), and that group weakly linked to the removal.
        """
        literals = self.proof_of_all(targets)
        nodes: list[ProofNode] = []
        position: dict[Literal, int] = {}
        groups: dict[ProofNode, int] = {}
        links: list[ProofLink] = []
        for lit in literals:
            parents = [position[p] for p in self.reasons.get(lit, ()) if p in position]
            node = ProofNode((lit[0],), lit[1], lit[2])
            if board is not None and lit not in self.given and lit not in nested and not lit[2] \
                    and parents and all(not nodes[p].on for p in parents):
                group = confined(board.geometry, [nodes[p] for p in parents], node, board.candidates)
                if group not in groups:
                    groups[group] = len(nodes)
                    nodes.append(group)
                    links.extend(ProofLink(parent, groups[group], "strong") for parent in parents)
                parents = [groups[group]]
            position[lit] = len(nodes)
            nodes.append(node)
            if lit in self.given:
                continue
            if lit in nested:
                links.append(ProofLink(max(parents, default=0), position[lit], "nested", nested[lit]))
            else:
                kind: LinkKind = "strong" if lit[2] else "weak"
                links.extend(ProofLink(parent, position[lit], kind) for parent in parents)
        return tuple(nodes), tuple(links)


def propagate(board: Board, premise: Literal) -> Branch:
    """Assume ``premise`` and apply singles until nothing changes or a rule breaks."""
    state = Propagation(board)
    state.assume(premise, ())
    return state.run()


class Propagation:
    """One branch's position as it grows: the candidates left, the cells placed, and why.

    ``assume`` adds a literal with the literals it rests on; ``run`` applies naked and hidden
    singles and pointing and claiming until nothing changes or a rule breaks. More literals can be
    assumed after a run (a nested net adds what it proved inside the branch) and the run resumed:
    every rule only ever removes or places, so what was derived stays derived.
    """

    def __init__(self, board: Board) -> None:
        self.board = board
        self.geo = board.geometry
        self.candidates = list(board.candidates)
        self.values = list(board.values)
        self.reasons: dict[Literal, tuple[Literal, ...]] = {}
        self.premise: Literal | None = None
        # (cell, -1) a cell to check; (house, digit) a house to check for that digit.
        self.queue: deque[tuple[int, int]] = deque()
        self.broken: list[tuple[tuple[Literal, ...], str]] = []
        #: Literals derived, over every run: the deterministic measure of the work done.
        self.work = 0
        #: Houses that lost a candidate since pointing and claiming last looked (all, at first).
        self.touched: set[int] = set(range(len(self.geo.houses)))

    def copy(self) -> Propagation:
        """An independent copy to grow further (the nested net extends a finished branch)."""
        other = Propagation.__new__(Propagation)
        other.board, other.geo = self.board, self.geo
        other.candidates, other.values = list(self.candidates), list(self.values)
        other.reasons, other.premise = dict(self.reasons), self.premise
        other.queue, other.broken, other.work = deque(self.queue), list(self.broken), 0
        other.touched = set(self.touched)
        return other

    def assume(self, literal: Literal, because: tuple[Literal, ...]) -> None:
        """Make ``literal`` hold in this branch, resting on ``because`` (empty for the premise)."""
        if self.premise is None:
            self.premise = literal
        cell, digit, on = literal
        if on:
            self._place(cell, digit, because)
        else:
            self._remove(cell, digit, because)

    def run(self) -> Branch:
        """Apply the rules until nothing changes or a rule breaks; the branch so far."""
        while not self.broken:
            while self.queue and not self.broken:
                where, digit = self.queue.popleft()
                if digit < 0:
                    self._check_cell(where)
                else:
                    self._check_house(where, digit)
            if self.broken or not self._locked_candidates():
                break
        assert self.premise is not None
        contradiction, text = self.broken[0] if self.broken else ((), "")
        return Branch(self.premise, self.reasons, contradiction, text)

    def _remove(self, cell: int, digit: int, because: tuple[Literal, ...]) -> None:
        bit = 1 << (digit - 1)
        if not self.candidates[cell] & bit:
            return
        self.candidates[cell] &= ~bit
        self.work += 1
        self.reasons.setdefault((cell, digit, False), because)
        self.queue.append((cell, -1))
        for house in self.geo.houses_of[cell]:
            self.queue.append((house, digit))
            self.touched.add(house)

    def _place(self, cell: int, digit: int, because: tuple[Literal, ...]) -> None:
        if self.values[cell]:
            if self.values[cell] != digit:
                held = (cell, self.values[cell], True)
                self.broken.append((because + (held,),
                                    f"{self.geo.cell_name(cell)} would hold two digits"))
            return
        bit = 1 << (digit - 1)
        if not self.candidates[cell] & bit:
            gone = because + ((cell, digit, False),)
            self.broken.append((gone, f"{self.geo.cell_name(cell)} would hold "
                                      f"{self.geo.symbol(digit)} and not hold it"))
            return
        self.values[cell] = digit
        self.work += 1
        literal = (cell, digit, True)
        self.reasons.setdefault(literal, because)
        rest = self.candidates[cell] & ~bit
        self.candidates[cell] = 0
        for other in _digits(rest):
            self.reasons.setdefault((cell, other, False), (literal,))
            for house in self.geo.houses_of[cell]:
                self.queue.append((house, other))
        self.touched.update(self.geo.houses_of[cell])
        for peer in self.geo.peers[cell]:
            if self.candidates[peer] & bit:
                self._remove(peer, digit, (literal,))

    def _check_cell(self, cell: int) -> None:
        if self.values[cell]:
            return
        mask = self.candidates[cell]
        gone = tuple((cell, d, False) for d in _digits(self.board.candidates[cell] & ~mask))
        if not mask:
            self.broken.append((gone, f"{self.geo.cell_name(cell)} has no candidate left"))
        elif not mask & (mask - 1):
            self._place(cell, mask.bit_length(), gone)

    def _check_house(self, house: int, digit: int) -> None:
        bit = 1 << (digit - 1)
        candidates = self.candidates
        place = -1
        for cell in self.geo.houses[house]:
            if candidates[cell] & bit:
                if place >= 0:
                    return  # two places at least: nothing to do yet
                place = cell
            elif self.values[cell] == digit:
                return
        gone = tuple((c, digit, False) for c in self.geo.houses[house]
                     if self.board.candidates[c] & bit and c != place)
        if place < 0:
            self.broken.append((gone, f"{self.geo.house_name(house)} has no place left for "
                                      f"{self.geo.symbol(digit)}"))
        else:
            self._place(place, digit, gone)

    def _locked_candidates(self) -> bool:
        """Pointing and claiming on the branch's position; True when something was removed.

        A digit whose places in a house all lie where it meets another house leaves the rest of
        the other house; the removal rests on the removals that confined the digit.

        A house's segments cut it into pieces (a box by its rows and by its columns, a line by
        its boxes), so what lies outside one segment is what the other pieces hold: each piece's
        candidates are gathered once per house, not once per segment, as the house's own cells
        do not change while its segments are looked at (a removal is in another house's rest).
        A forcing net runs this after every wave of its propagation: on a 25×25 board it was most
        of the time a step took.
        """
        candidates = self.candidates
        changed = False
        layouts = _segment_layouts(self.geo)
        touched, self.touched = sorted(self.touched), set()
        for house in touched:
            segments, pieces = layouts[house]
            held = unions(candidates, (cells for cells, _, _ in segments))
            for index, (_, outside, rest) in enumerate(segments):
                confined = held[index]
                if not confined:
                    continue
                for other in pieces[index]:
                    confined &= ~held[other]
                if not confined:
                    continue
                reached = 0
                for cell in rest:
                    reached |= candidates[cell]
                for digit in _digits(confined & reached):
                    bit = 1 << (digit - 1)
                    victims = [c for c in rest if candidates[c] & bit]
                    because = tuple((c, digit, False) for c in outside
                                    if self.board.candidates[c] & bit)
                    for victim in victims:
                        self._remove(victim, digit, because)
                    changed = True
        return changed


Segment = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]


#: A house's segments, and for each the indices of the other segments of the same cut.
SegmentLayout = tuple[tuple[Segment, ...], tuple[tuple[int, ...], ...]]


@cache
def _segment_layouts(geo: Geometry) -> tuple[SegmentLayout, ...]:
    """For each house, where it meets another: each segment as (the cells of both, the rest of
    this source house, the rest of the target house); and for each segment the other segments of
    the same cut of the house (those meeting houses of its target's kind: a box's other rows, or
    other columns; a line's other boxes), which together hold the rest of the house."""
    segments: list[list[Segment]] = [[] for _ in geo.houses]
    kinds: list[list[int]] = [[] for _ in geo.houses]
    for box, line, cells in _intersections(geo):
        for source, target in ((box, line), (line, box)):
            segments[source].append((cells, tuple(c for c in geo.houses[source] if c not in cells),
                                     tuple(c for c in geo.houses[target] if c not in cells)))
            kinds[source].append(target // geo.n)  # rows, columns and boxes are n houses each
    return tuple((tuple(found), tuple(tuple(other for other in range(len(found))
                                            if other != index and kind[other] == kind[index])
                                      for index in range(len(found))))
                 for found, kind in zip(segments, kinds))


@cache
def _digits(mask: int) -> tuple[int, ...]:
    return tuple(bit + 1 for bit in range(mask.bit_length()) if mask >> bit & 1)


class Nets:
    """Each premise's branch on one board, propagated when first asked for.

    The finished position of each branch is kept too: a nested net grows it further.
    """

    def __init__(self, board: Board) -> None:
        self.board = board
        self._done: dict[Literal, tuple[Branch, Propagation]] = {}

    def of(self, premise: Literal) -> Branch:
        """The propagated branch of ``premise``."""
        return self.state(premise)[0]

    def state(self, premise: Literal) -> tuple[Branch, Propagation]:
        """The branch of ``premise`` and the position it leaves."""
        done = self._done.get(premise)
        if done is None:
            position = Propagation(self.board)
            position.assume(premise, ())
            done = self._done[premise] = (position.run(), position)
        return done


#: The nets of the last position: the plain and the nested forcing nets both read them.
_LAST: list[Nets] = []


def nets_of(board: Board) -> Nets:
    """The (lazily propagated) nets of ``board``, shared while the board's candidates are."""
    if _LAST and (_LAST[0].board.candidates == board.candidates
                  and _LAST[0].board.values == board.values
                  and _LAST[0].board.geometry is board.geometry):
        return _LAST[0]
    _LAST[:] = [Nets(board)]
    return _LAST[0]


def find_forcing_nets(board: Board) -> Iterator[Step]:
    """Contradiction nets first, then cell, house and digit nets whose branches agree.

    Among conclusions of one kind the one whose branches need the fewest implications comes first;
    a step is built only when it is asked for.
    """
    nets = nets_of(board)
    broken: list[tuple[int, Branch]] = []
    for cell, mask in enumerate(board.candidates):
        for digit in _digits(mask):
            for on in (True, False):
                branch = nets.of((cell, digit, on))
                if branch.contradiction:
                    broken.append((branch.size(branch.contradiction), branch))
    broken.sort(key=lambda item: item[0])
    for _, branch in broken:
        yield _contradiction_step(board, branch)
    if broken:
        return
    found: list[tuple[int, list[Branch], Literal, str]] = []
    for premises, where in premise_groups(board):
        found.extend(_agreements(nets, premises, where))
    for branches, literal, where in cheapest_per_literal(found):
        yield _agreement_step(board, branches, literal, where)


def cheapest_per_literal(found: list[tuple[int, list[B], Literal, str]]
                         ) -> Iterator[tuple[list[B], Literal, str]]:
    """Each concluded literal once, from its cheapest (cost, branches, literal, where) entry: the
    shortest proof is the one shown."""
    seen: set[Literal] = set()
    for _, branches, literal, where in sorted(found, key=lambda item: item[0]):
        if literal not in seen:
            seen.add(literal)
            yield branches, literal, where


def premise_groups(board: Board) -> list[tuple[list[Literal], str]]:
    """Each set of premises one of which holds: the candidates of a cell, the places of a digit in
    a house (with the house's name, ``""`` otherwise), a candidate true or false."""
    geo = board.geometry
    groups: list[tuple[list[Literal], str]] = []
    for cell, mask in enumerate(board.candidates):
        if mask.bit_count() >= 2:
            groups.append(([(cell, d, True) for d in _digits(mask)], ""))
    for house, cells in enumerate(geo.houses):
        for digit in geo.digits:
            bit = 1 << (digit - 1)
            places = [(c, digit, True) for c in cells if board.candidates[c] & bit]
            if len(places) >= 2:
                groups.append((places, geo.house_name(house)))
    for cell, mask in enumerate(board.candidates):
        for digit in _digits(mask):
            groups.append(([(cell, digit, True), (cell, digit, False)], ""))
    return groups


def literal_outcome(geo: Geometry, literal: Literal) -> tuple[tuple[tuple[int, int], ...],
                                                     tuple[tuple[int, int], ...], str, str]:
    """What a literal that holds does: its placements, its eliminations, the conclusion in Eureka
    notation and in words."""
    cell, digit, on = literal
    placements = ((cell, digit),) if on else ()
    eliminations = () if on else ((cell, digit),)
    result = placed(geo, placements) if on else eliminated(geo, eliminations)
    effect = (f"places {geo.symbol(digit)} in {geo.cell_name(cell)}" if on
              else f"removes {describe_eliminations(geo, eliminations)}")
    return placements, eliminations, result, effect


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


def _agreement_step(board: Board, branches: list[Branch], literal: Literal, house: str) -> Step:
    geo = board.geometry
    placements, eliminations, result, effect = literal_outcome(geo, literal)
    premises = tuple(_name(geo, b.premise) for b in branches)
    proof = branched_proof(geo, [(name, b.chain((literal,), board=board))
                                 for name, b in zip(premises, branches)],
                           (result, claim(geo, *literal)), candidates=board.candidates)
    setup = cases(geo, [b.premise for b in branches], house)
    text = (f"{setup[:1].upper()}{setup[1:]}, what follows reaches the same result. "
            f"{outcome(geo, placements, eliminations)}")
    details = (f"Forcing Net: {setup}, what follows from it leads to the same result (each branch "
               f"drawn from its premise). So {claim(geo, *literal)}: {effect}.")
    return branched_step(FORCING_NET, "Forcing Net", (text, details), proof, placements,
                         eliminations)


def _contradiction_step(board: Board, branch: Branch) -> Step:
    geo = board.geometry
    assumption = _name(geo, branch.premise)
    cell, digit, on = branch.premise
    placements, eliminations, result, effect = literal_outcome(geo, (cell, digit, not on))
    proof = branched_proof(geo, [(assumption, branch.chain(branch.contradiction, board=board))],
                           (result, claim(geo, cell, digit, not on)), contradiction=branch.broken,
                           candidates=board.candidates)
    supposed = claim(geo, *branch.premise)
    text = (f"If {supposed}, what follows breaks a rule: {branch.broken}. "
            f"{outcome(geo, placements, eliminations)}")
    details = (f"Forcing Net (contradiction): if {supposed}, what follows breaks a rule "
               f"({branch.broken}), so {claim(geo, cell, digit, not on)}: {effect}.")
    return branched_step(FORCING_NET, "Forcing Net", (text, details), proof, placements,
                         eliminations)



FORCING_NET = Technique(
    "forcing-net", "Forcing Net", "forcing chains", Level.EXTREME, 700, find_forcing_nets,
    summary="Dynamic forcing chains: what a premise forces, each step resting on everything forced "
            "so far, reaching a contradiction or the conclusion every case shares.")
TECHNIQUES = (FORCING_NET,)
