"""Nested forcing nets: forcing nets whose branches use forcing nets of their own, one level deep.

A forcing net (``nets``) follows a premise with singles and pointing and claiming, each implication
resting on everything forced so far. Where that stalls, Sudoku Explainer goes on with *nested*
forcing chains: inside a branch, a candidate whose own net clashes with what the branch has forced
is ruled out in that branch, and the branch carries on from there. This is what lets Sudoku
Explainer finish the forum's hardest puzzles, which HoDoKu's bounded forcing chains leave to a
guess.

Inside the branch of a premise P, a candidate q is ruled out when q's own net (on the position
before P) forces a literal the branch of P has already made false, or removes one it made true: if
q held too, every implication of q's net would still follow (each rule only removes or places, so
more removals never undo an implication, at worst they break a rule sooner), and the branch would
hold a candidate both true and false. The same way, the absence of q is ruled out when the net of
"not q" clashes with the branch, so q is placed inside it. Nothing is tried and undone: every
literal of every branch is proved from its premise, and the step reports only what holds in every
case — a premise ruled out by a contradiction, or a conclusion all of a cell's candidates, all of a
digit's places in a house, or a candidate true and false share.

Two searches grow the branches, the cheap one first. A *clash* needs no new propagation: the net of
every candidate on the position before any premise is known, so a candidate whose net contradicts
what a branch forced is a bitset test away. Where no branch breaks that way, each candidate's net is
run again on the branch's own position (Sudoku Explainer's nesting proper), the fullest branches
first, until one breaks.

Each step shows the branch from its premise to the contradiction or the conclusion, and beside it
each nested net the branch used, from its own premise (``r4c5=7 inside r1c1=5``) to the rule it
breaks inside the branch (a net found by a clash is run again with the branch's literal it clashes
with, so it names that rule too). The work is counted in literals derived and nets compared
(``BUDGET``), not by the clock, so the same position always gives the same step; when nothing is
found within it the logic stalls and guessing is offered as before.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Iterator

from ..board import Board
from ..geometry import Geometry
from ..levels import Level
from ..proof import eureka
from ..step import (Proof, ProofBranch, ProofNet, Step, cases, claim, describe_eliminations,
                    join_names, outcome)
from . import Technique
from .forcing import branched_step
from .nets import (Branch, Literal, Nets, Propagation, cheapest_per_literal, literal_outcome, nets_of,
                   premise_groups)

#: The most work (literals derived, nets compared) the nets and their nested nets may take on one
#: position: a search that finds nothing ends within about 3 s of CPython on a slow shared core (the
#: issue asks for at most 10 s a step); past it the search stops with what it found. The nested
#: steps of the forum's hardest puzzles are found well within it, in under half a second.
BUDGET = 600_000
#: Comparing two nets is a bitset test, far cheaper than deriving a literal: this many count as one.
CLASH_TESTS_PER_UNIT = 32

Bits = tuple[int, int]  # (bitset of literals made true, bitset of literals made false)


@dataclass(frozen=True)
class Inner:
    """A net nested inside a branch: its own branch, from its premise to ``targets`` — the literal
    that clashes with the outer branch, or the rule it breaks on the outer branch's position."""

    branch: Branch
    targets: tuple[Literal, ...]


@dataclass(frozen=True)
class Nested:
    """A premise's branch grown with nested nets: ``inner`` maps each literal a nested net proved
    inside it to that net."""

    branch: Branch
    inner: dict[Literal, Inner]

    def size(self, targets: tuple[Literal, ...]) -> int:
        """Literals in the proof of ``targets``, the nested nets' proofs included."""
        needed = self.branch.proof_of_all(targets)
        return len(needed) + sum(self.inner[lit].branch.size(self.inner[lit].targets)
                                 for lit in needed if lit in self.inner)


def find_nested_forcing_nets(board: Board) -> Iterator[Step]:
    """Contradictions first, then cell, house and digit nets whose nested branches agree.

    First every branch is grown by the nets of the position before any premise (cheap: a clash is
    a bitset test); if no branch breaks, the branches of each candidate are grown by nets run on
    their own position, the fullest branches first, until one breaks or the budget is spent.
    Among the steps of one search the one with the fewest literals in its proof comes first.
    """
    geo = board.geometry
    nets = nets_of(board)
    premises = [(cell, digit, on) for cell, mask in enumerate(board.candidates)
                for digit in _digits(mask) for on in (True, False)]
    work = 0
    bits: dict[Literal, Bits] = {}
    for premise in premises:
        branch = nets.of(premise)
        if branch.contradiction:
            return  # a contradiction without nesting is a plain forcing net's step
        work += len(branch.reasons)
        bits[premise] = _bits(geo, branch)
    grown: dict[Literal, tuple[Nested, Propagation]] = {}
    broken: list[tuple[int, Nested]] = []
    for premise in premises:
        done, cost = _grow_by_clashes(nets, premises, bits, premise)
        work += cost
        if done is not None:
            grown[premise] = done
            if done[0].branch.contradiction:
                broken.append((done[0].size(done[0].branch.contradiction), done[0]))
    if not broken:
        order = sorted((p for p in premises if p[2]),
                       key=lambda p: -len((grown[p][0].branch if p in grown
                                           else nets.of(p)).reasons))
        for premise in order:
            if work > BUDGET:
                break
            nested, cost = _grow_on_position(nets, grown.get(premise), premise, BUDGET - work)
            work += cost
            if nested is not None and nested.branch.contradiction:
                broken.append((nested.size(nested.branch.contradiction), nested))
                break
    broken.sort(key=lambda item: item[0])
    for _, nested in broken:
        yield _contradiction_step(board, nested)
    if not broken:
        yield from _agreement_steps(board, nets, {p: g[0] for p, g in grown.items()})


def _grow_by_clashes(nets: Nets, premises: list[Literal], bits: dict[Literal, Bits],
                     premise: Literal) -> tuple[tuple[Nested, Propagation] | None, int]:
    """The branch of ``premise`` grown by every net that clashes with it, round after round until
    none does or a rule breaks; None when no nested net adds anything. Also the work done."""
    geo = nets.board.geometry
    branch, finished = nets.state(premise)
    on_bits, off_bits = bits[premise]
    position: Propagation | None = None
    inner: dict[Literal, Inner] = {}
    work = 0
    while True:
        decided = on_bits | off_bits
        found = []
        for other in premises:
            bit = 1 << _index(geo, other)
            if decided & bit:
                continue
            other_on, other_off = bits[other]
            clash = other_on & off_bits or other_off & on_bits
            if clash:
                low = (clash & -clash).bit_length() - 1
                reason = _literal(geo, low, not other_on & off_bits)
                found.append((_negation(other), other, reason))
                decided |= bit
        work += len(premises) // CLASH_TESTS_PER_UNIT
        if not found:
            break
        if position is None:
            position = finished.copy()
        for literal, source, reason in found:
            if literal not in position.reasons:
                inner[literal] = Inner(nets.of(source), (_negation(reason),))
                position.assume(literal, (reason,))
        before = position.work
        branch = position.run()
        work += position.work - before
        if branch.contradiction:
            break
        on_bits, off_bits = _bits(geo, branch)
    if position is None or not inner:
        return None, work
    return (Nested(branch, inner), position), work


def _grow_on_position(nets: Nets, grown: tuple[Nested, Propagation] | None, premise: Literal,
                      budget: int) -> tuple[Nested | None, int]:
    """The branch of ``premise`` grown by nets run on its own position: a candidate whose net, on
    top of everything the branch holds, breaks a rule is ruled out in the branch; pass after pass
    until the branch breaks, nothing more is ruled out, or ``budget`` literals were derived."""
    if grown is None:
        branch, finished = nets.state(premise)
        inner: dict[Literal, Inner] = {}
        position = finished.copy()
    else:
        branch, inner = grown[0].branch, dict(grown[0].inner)
        position = grown[1].copy()
    work = 0
    while True:
        given = frozenset(position.reasons)
        found: list[tuple[Literal, Inner]] = []
        for cell, mask in enumerate(position.candidates):
            if position.values[cell]:
                continue
            for digit in _digits(mask):
                if work > budget:
                    return None, work
                trial = position.copy()
                trial.assume((cell, digit, True), ())
                outcome = trial.run()
                work += trial.work
                if outcome.contradiction:
                    sub = Branch((cell, digit, True), trial.reasons, outcome.contradiction,
                                 outcome.broken, given)
                    found.append(((cell, digit, False), Inner(sub, outcome.contradiction)))
        if not found:
            return (Nested(branch, inner) if inner else None), work
        for literal, net in found:
            if literal not in position.reasons:
                inner[literal] = net
                rests_on = tuple(lit for lit in net.branch.proof_of_all(net.targets)
                                 if lit in given)
                position.assume(literal, rests_on)
        before = position.work
        branch = position.run()
        work += position.work - before
        if branch.contradiction:
            return Nested(branch, inner), work


def _agreement_steps(board: Board, nets: Nets, grown: dict[Literal, Nested]) -> Iterator[Step]:
    """Cell, house and digit nets whose branches (one at least nested) share a conclusion."""
    groups = premise_groups(board)
    found: list[tuple[int, list[Nested], Literal, str]] = []
    for group, where in groups:
        if not any(p in grown for p in group):
            continue
        branches = [grown.get(p) or Nested(nets.of(p), {}) for p in group]
        common = set(branches[0].branch.reasons)
        for nested in branches[1:]:
            common &= set(nested.branch.reasons)
        common -= set(group)
        for literal in common:
            if any(n.inner.keys() & set(n.branch.proof_of(literal)) for n in branches):
                cost = sum(n.size((literal,)) for n in branches)
                found.append((cost, branches, literal, where))
    for branches, literal, where in cheapest_per_literal(found):
        yield _agreement_step(board, branches, literal, where)


def _proof(board: Board, branches: list[tuple[Nested, tuple[Literal, ...]]],
           conclusion: tuple[str, str]) -> Proof:
    """The main branches, each from its premise to its ``targets``, every literal a nested net
    proved reached by one ``nested`` link; beside them each nested net's sub-proof, drawn on demand.
    ``conclusion`` is what they prove, in Eureka notation and in words.

    Only the nets a main branch's proof uses are kept, in the order the branch derived them.
    """
    geo, candidates = board.geometry, board.candidates
    drawn: list[ProofBranch] = []
    nets: list[ProofNet] = []
    for index, (nested, targets) in enumerate(branches):
        outer = nested.branch.premise
        derived: dict[Literal, int] = {}
        for literal in nested.branch.proof_of_all(targets):
            inner = nested.inner.get(literal)
            if inner is not None:
                derived[literal] = len(nets)
                net = inner if inner.branch.broken else _clashed(board, inner)
                nodes, links = net.branch.chain(net.targets, board=board)
                nets.append(ProofNet(_name(geo, inner.branch.premise), index, _name(geo, literal),
                                     f"a nested net shows {claim(geo, *literal)}",
                                     _net_reason(geo, outer, inner, literal, net.branch.broken),
                                     nodes, links,
                                     eureka(geo, nodes, links, net.branch.broken, candidates)))
        nodes, links = nested.branch.chain(targets, derived, board)
        broken = _broken(nested.branch, targets)
        drawn.append(ProofBranch(_name(geo, outer), nodes, links,
                                 eureka(geo, nodes, links, broken, candidates),
                                 broken or join_names(claim(geo, *target) for target in targets)))
    lines = [b.line for b in drawn] + [
        f"{net.premise} inside {drawn[net.branch].premise}: {net.notation}" for net in nets]
    result, said = conclusion
    return Proof(branches=tuple(drawn), nets=tuple(nets), notation=f"{'; '.join(lines)} => {result}",
                 result=result, conclusion=said)


def _broken(branch: Branch, targets: tuple[Literal, ...]) -> str:
    """The rule a branch drawn to ``targets`` breaks, when they are its contradiction."""
    return branch.broken if branch.contradiction and targets == branch.contradiction else ""


def _clashed(board: Board, inner: Inner) -> Inner:
    """A net found by a clash (it makes its target hold, the outer branch its negation) run again
    on the board with the outer branch's literal given: the rule the two together break, so that
    this net ends by naming its contradiction as a net run on the outer branch's position does
    ("column 7 has no place left for 1" rather than only that the branch took 1 out of r7c7).

    Every implication of the net still follows with that literal given (each rule only removes or
    places), so the run breaks a rule at the latest where the net derived its target; it is made
    only for the proof a step shows, so the search keeps its cheap bitset test."""
    held = _negation(inner.targets[0])
    position = Propagation(board)
    position.assume(inner.branch.premise, ())
    position.assume(held, ())
    branch = position.run()
    assert branch.contradiction, "a net that clashes with the branch breaks a rule beside it"
    return Inner(replace(branch, given=frozenset({held})), branch.contradiction)


def _net_reason(geo: Geometry, outer: Literal, inner: Inner, literal: Literal, broken: str) -> str:
    """Why a nested net proves ``literal`` inside the branch of ``outer``, in words, naming the
    rule it breaks there (``broken``); a net found by a clash says first what clashes."""
    supposed = claim(geo, *inner.branch.premise)
    branch = claim(geo, *outer)
    so = f"So where {branch}, {claim(geo, *literal)}."
    if inner.branch.broken:
        return f"If {branch} and {supposed}, what follows breaks a rule: {broken}. {so}"
    target = inner.targets[0]
    return (f"If {supposed}, what follows {_does(geo, target)}, but if {branch}, what follows "
            f"{_does(geo, _negation(target))}; with both, what follows breaks a rule: {broken}. {so}")


def _does(geo: Geometry, literal: Literal) -> str:
    """What a branch does to a candidate: ``puts 1 in r7c7``, ``takes 1 out of r7c7``."""
    cell, digit, on = literal
    return (f"puts {geo.symbol(digit)} in" if on else f"takes {geo.symbol(digit)} out of") + \
        f" {geo.cell_name(cell)}"


def _nested_words(geo: Geometry, nested: Nested, targets: tuple[Literal, ...]) -> str:
    """``nets of their own removing 2 from r1c3 and r6c3 inside that branch``."""
    ruled = [lit for lit in nested.branch.proof_of_all(targets) if lit in nested.inner]
    removed = [(cell, digit) for cell, digit, on in ruled if not on]
    placed = [(cell, digit) for cell, digit, on in ruled if on]
    done = ([f"removing {describe_eliminations(geo, removed)}"] if removed else []) + (
        [f"placing {describe_eliminations(geo, placed).replace(' from ', ' in ')}"] if placed else [])
    how = "a net of its own" if len(ruled) == 1 else "nets of their own"
    return f"{how} {' and '.join(done)} inside that branch"


def _contradiction_step(board: Board, nested: Nested) -> Step:
    geo = board.geometry
    branch = nested.branch
    supposed = claim(geo, *branch.premise)
    placements, eliminations, result, effect = literal_outcome(geo, _negation(branch.premise))
    proof = _proof(board, [(nested, branch.contradiction)], (result, claim(geo, *_negation(branch.premise))))
    text = (f"If {supposed}, what follows, with nets nested inside that branch, breaks a rule: "
            f"{branch.broken}. {outcome(geo, placements, eliminations)}")
    details = (f"Nested Forcing Net (contradiction): if {supposed}, what follows — with "
               f"{_nested_words(geo, nested, branch.contradiction)} — breaks a rule: "
               f"{branch.broken}. So {claim(geo, *_negation(branch.premise))}: {effect}.")
    return branched_step(NESTED_FORCING_NET, "Nested Forcing Net", (text, details), proof,
                         placements, eliminations)


def _agreement_step(board: Board, branches: list[Nested], literal: Literal,
                    house: str) -> Step:
    geo = board.geometry
    placements, eliminations, result, effect = literal_outcome(geo, literal)
    proof = _proof(board, [(nested, (literal,)) for nested in branches], (result, claim(geo, *literal)))
    setup = cases(geo, [n.branch.premise for n in branches], house)
    text = (f"{setup[:1].upper()}{setup[1:]}, what follows, with nets nested inside the branches, "
            f"reaches the same result. {outcome(geo, placements, eliminations)}")
    details = (f"Nested Forcing Net: {setup}, what follows leads to the same result, a branch "
               f"using nets of its own inside it. So {claim(geo, *literal)}: {effect}.")
    return branched_step(NESTED_FORCING_NET, "Nested Forcing Net", (text, details), proof,
                         placements, eliminations)


def _index(geo: Geometry, literal: Literal) -> int:
    cell, digit, _ = literal
    return cell * geo.n + digit - 1


def _literal(geo: Geometry, index: int, on: bool) -> Literal:
    return index // geo.n, index % geo.n + 1, on


def _bits(geo: Geometry, branch: Branch) -> Bits:
    on_bits = off_bits = 0
    for cell, digit, on in branch.reasons:
        if on:
            on_bits |= 1 << (cell * geo.n + digit - 1)
        else:
            off_bits |= 1 << (cell * geo.n + digit - 1)
    return on_bits, off_bits


def _negation(literal: Literal) -> Literal:
    return literal[0], literal[1], not literal[2]


def _name(geo: Geometry, literal: Literal) -> str:
    cell, digit, on = literal
    return f"{geo.cell_name(cell)}{'=' if on else '<>'}{geo.symbol(digit)}"


def _digits(mask: int) -> list[int]:
    return [bit + 1 for bit in range(mask.bit_length()) if mask >> bit & 1]


NESTED_FORCING_NET = Technique(
    "nested-forcing-net", "Nested Forcing Net", "forcing chains", Level.EXTREME, 900,
    find_nested_forcing_nets, unique_puzzles_only=True,
    summary="A forcing net whose branches rule candidates in or out by nets of their own: what "
            "every case forces holds, and a premise whose branch breaks a rule is ruled out.")
TECHNIQUES = (NESTED_FORCING_NET,)
