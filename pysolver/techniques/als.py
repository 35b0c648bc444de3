"""Almost locked sets: ALS-XZ (singly and doubly linked) and ALS-XY-Wing.

An almost locked set (ALS) is N cells of one house holding N + 1 digits between them — in the
house's bipartite graph of cells and digits, a set of cells one digit short of a chain
(``bipartite.almost_locked``). Lose one of its digits and the rest lock into its cells. The rules
are those HoDoKu and SudokuWiki teach:

- ALS-XZ: two ALS A and B share a *restricted common* digit X (every X of A sees every X of B, so
  X is in at most one of them) and another common digit Z. One of A and B loses X and locks, so Z
  lands in A or in B: a Z seeing every Z of both goes. With two restricted commons (doubly linked)
  both sets lock: every digit leaves the cells that see all its places in A (or in B), and each
  restricted common leaves the cells that see all its places in A and B.
- ALS-XY-Wing: a pivot ALS C shares restricted commons X with A and Y with B (X ≠ Y). If A lacks
  X it locks; if not, C lacks X and locks, so B lacks Y and locks... either way Z, common to A and
  B, is in A or in B: a Z seeing every Z of both goes.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Iterator

from ..bipartite import almost_locked
from ..bitsets import bit_indices
from ..board import Board
from ..geometry import Geometry, bits
from ..levels import Level
from ..proof import eliminated, eureka
from ..step import (Proof, ProofLink, ProofNode, Step, describe_eliminations, digit_set, join_names,
                    outcome)
from ..views import house_view
from . import Technique

#: The largest ALS looked for (cells); larger sets are rare in teaching examples and slow to pair.
MAX_SIZE = 5


@dataclass(frozen=True)
class Als:
    """An almost locked set: its house, cells (bitmask over the board), digits, and per digit the
    cells holding it and the cells that see all of those."""

    house: int
    cells: tuple[int, ...]
    cell_mask: int
    digits: int
    places: dict[int, int]  # digit -> cell mask
    seen_by_all: dict[int, int]  # digit -> cells (outside the set) seeing every place of the digit

    def name(self, geometry: Geometry) -> str:
        """``r1c2 and r1c3 {1,4,7}``."""
        cells = join_names(geometry.cell_name(c) for c in self.cells)
        return f"{cells} {digit_set(geometry, bits(self.digits))}"


@cache
def _peer_masks(geometry: Geometry) -> tuple[int, ...]:
    return tuple(sum(1 << p for p in peers) for peers in geometry.peers)


def find_sets(board: Board) -> list[Als]:
    """Every ALS of up to ``MAX_SIZE`` cells in every house (a set lying in a box and a line once)."""
    geo = board.geometry
    peers = _peer_masks(geo)
    found: dict[int, Als] = {}
    for house in range(len(geo.houses)):
        view = house_view(board, house)
        for subset, union in almost_locked(view.adjacency, MAX_SIZE):
            cells = tuple(view.left[i] for i in bit_indices(subset))
            mask = sum(1 << c for c in cells)
            if mask in found:
                continue
            places = {}
            seen = {}
            for digit in bits(union):
                bit = 1 << (digit - 1)
                where = [c for c in cells if board.candidates[c] & bit]
                places[digit] = sum(1 << c for c in where)
                common = -1
                for c in where:
                    common &= peers[c]
                seen[digit] = common & ~mask
            found[mask] = Als(house, cells, mask, union, places, seen)
    return list(found.values())


@dataclass(frozen=True)
class _Links:
    """The sets of one position, smallest first, and which pairs share restricted commons.

    ``partners[i]`` maps the index of every set disjoint from set ``i`` that shares a restricted
    common digit with it to those digits, ascending. Both ALS finders read it, so a position's sets
    are found and paired once.
    """

    geometry: Geometry
    sets: list[Als]
    partners: list[dict[int, list[int]]]


#: The pairings of the last few positions (the ALS finders run one after the other on a board).
_RECENT: dict[tuple[tuple[int, ...], tuple[int, ...]], _Links] = {}


def _links(board: Board) -> _Links:
    key = (board.values, board.candidates)
    found = _RECENT.get(key)
    if found is None or found.geometry is not board.geometry:
        if len(_RECENT) >= 4:
            del _RECENT[next(iter(_RECENT))]
        sets = sorted(find_sets(board), key=lambda s: len(s.cells))
        found = _RECENT[key] = _pair(board.geometry, sets)
    return found


def _pair(geometry: Geometry, sets: list[Als]) -> _Links:
    """Every disjoint pair's restricted commons: digits X whose every place in one set sees every
    place in the other, so X is in at most one of them.

    Sets are indexed per digit by their places of it, grouped by the first of those places; a set
    is compared only with the place masks that start in a cell seeing all its own places, not with
    every set.
    """
    by_places: dict[int, dict[int, list[int]]] = {}
    for index, als in enumerate(sets):
        for digit, where in als.places.items():
            by_places.setdefault(digit, {}).setdefault(where, []).append(index)
    by_first: dict[int, dict[int, list[tuple[int, list[int]]]]] = {}
    for digit, groups in by_places.items():
        starts = by_first[digit] = {}
        for where, indices in groups.items():
            starts.setdefault((where & -where).bit_length() - 1, []).append((where, indices))
    partners: list[dict[int, list[int]]] = []
    for als in sets:
        linked: dict[int, list[int]] = {}
        for digit in sorted(als.places):
            seen = als.seen_by_all[digit]
            starts = by_first[digit]
            for cell in bit_indices(seen):
                for where, indices in starts.get(cell, ()):
                    if where & ~seen:
                        continue
                    for other in indices:
                        if not sets[other].cell_mask & als.cell_mask:
                            linked.setdefault(other, []).append(digit)
        partners.append({other: linked[other] for other in sorted(linked)})
    return _Links(geometry, sets, partners)


def _with_digit(board: Board, digit: int, cells: int) -> list[int]:
    bit = 1 << (digit - 1)
    return [c for c in bit_indices(cells) if board.candidates[c] & bit]


def _common_eliminations(board: Board, a: Als, b: Als, digits: int,
                         into: set[tuple[int, int]]) -> None:
    """Add each digit Z of ``digits`` (a mask) in the cells seeing all the Zs of both sets."""
    outside = ~a.cell_mask & ~b.cell_mask
    for z in bits(digits):
        both = a.seen_by_all[z] & b.seen_by_all[z] & outside
        if both:
            into.update((c, z) for c in _with_digit(board, z, both))


def find_als_xz(board: Board) -> Iterator[Step]:
    """Two sets joined by a restricted common digit (or two: doubly linked), smallest sets first."""
    links = _links(board)
    sets = links.sets
    for i, a in enumerate(sets):
        for j, restricted in links.partners[i].items():
            b = sets[j]
            common = a.digits & b.digits
            if j <= i or common.bit_count() < 2:
                continue
            eliminations: set[tuple[int, int]] = set()
            if len(restricted) >= 2:
                for als in (a, b):
                    for digit in bits(als.digits):
                        if digit not in restricted:
                            eliminations.update((c, digit) for c in
                                                _with_digit(board, digit, als.seen_by_all[digit]))
                for digit in restricted:
                    both = a.seen_by_all[digit] & b.seen_by_all[digit] & ~b.cell_mask & ~a.cell_mask
                    eliminations.update((c, digit) for c in _with_digit(board, digit, both))
            for digit in restricted:
                common &= ~(1 << (digit - 1))
            _common_eliminations(board, a, b, common, eliminations)
            if eliminations:
                yield _xz_step(board.geometry, a, b, restricted, tuple(sorted(eliminations)))


def find_als_xy_wings(board: Board) -> Iterator[Step]:
    """A pivot set joined to two others by different restricted commons."""
    links = _links(board)
    sets = links.sets
    for pivot, c in enumerate(sets):
        linked = [(sets[j], r) for j, restricted in links.partners[pivot].items()
                  for r in restricted]
        for i, (a, x) in enumerate(linked):
            for b, y in linked[i + 1:]:
                if x == y or a is b or a.cell_mask & b.cell_mask:
                    continue
                common = a.digits & b.digits & ~(1 << (x - 1)) & ~(1 << (y - 1))
                if not common:
                    continue
                eliminations: set[tuple[int, int]] = set()
                _common_eliminations(board, a, b, common, eliminations)
                if eliminations:
                    yield _xy_wing_step(board.geometry, (a, b, c), (x, y),
                                        tuple(sorted(eliminations)))


def _group(als: Als, digit: int, on: bool) -> ProofNode:
    return ProofNode(tuple(bit_indices(als.places[digit])), digit, on)


def _z_chains(geo: Geometry, a: Als, b: Als, middle: tuple[ProofNode, ...], zs: list[int],
              eliminations: tuple[tuple[int, int], ...]) -> tuple[tuple[ProofNode, ...],
                                                                  tuple[ProofLink, ...], str]:
    """One chain per digit Z, all through the same ``middle`` (from A's restricted common, on, to
    B's, off, alternating weak and strong links): Z off in A, so A locks with its middle digit on;
    ... so B locks with Z on. Drawn as one graph (the Z nodes of A first, those of B last); written
    as one chain per Z, each concluding its own eliminations."""
    starts = tuple(_group(a, z, False) for z in zs)
    ends = tuple(_group(b, z, True) for z in zs)
    nodes = starts + middle + ends
    first, last = len(zs), len(zs) + len(middle) - 1
    inner = tuple(ProofLink(first + i, first + i + 1, "weak" if i % 2 == 0 else "strong")
                  for i in range(len(middle) - 1))
    links = (tuple(ProofLink(i, first, "strong") for i in range(len(zs))) + inner
             + tuple(ProofLink(last, last + 1 + i, "strong") for i in range(len(zs))))
    chains = []
    for start, end in zip(starts, ends):
        path = (start,) + middle + (end,)
        steps = tuple(ProofLink(i, i + 1, "weak" if i % 2 else "strong") for i in range(len(path) - 1))
        removed = tuple(e for e in eliminations if e[1] == start.digit)
        chains.append(f"{eureka(geo, path, steps)} => {eliminated(geo, removed)}")
    return nodes, links, "; ".join(chains)


#: A chain to draw and write: its nodes (from a digit off to the same digit on, strong and weak
#: links alternating from a strong one) and the eliminations it concludes.
_Chain = tuple[tuple[ProofNode, ...], tuple[tuple[int, int], ...]]


def _doubly_chains(a: Als, b: Als, restricted: list[int],
                   eliminations: tuple[tuple[int, int], ...]) -> list[_Chain]:
    """One chain per reason a doubly linked pair removes a digit, each concluding the eliminations
    it proves (together all of them).

    With restricted commons X and Y, each set lacks one of them and so is locked ((X)A = (Y)A -
    (Y)B = (X)B: a set without X holds Y, so the other set has no Y and holds X). A restricted common
    X goes from the cells that see its places in both sets: X off in A, on in B. Every other digit
    D of a set stays in it: were D off in A, A would be locked with X on, so B has no X and is
    locked with Y on, so A has no Y and, locked without it, holds D after all: (D)A = (X)A - (X)B =
    (Y)B - (Y)A = (D)A. B's digits likewise, for the eliminations no chain through A proves.
    """
    x, y = restricted[0], restricted[1]
    chains: list[_Chain] = []
    placed: set[tuple[int, int]] = set()
    for first, second in ((x, y), (y, x)):
        removed = tuple(e for e in eliminations if e[1] == first
                        and 1 << e[0] & a.seen_by_all[first] & b.seen_by_all[first])
        if removed:
            chains.append(((_group(a, first, False), _group(a, second, True),
                            _group(b, second, False), _group(b, first, True)), removed))
            placed.update(removed)
    for own, other in ((a, b), (b, a)):
        for digit in bits(own.digits & ~(1 << (x - 1)) & ~(1 << (y - 1))):
            removed = tuple(e for e in eliminations if e[1] == digit and e not in placed
                            and 1 << e[0] & own.seen_by_all[digit])
            if removed:
                chains.append(((_group(own, digit, False), _group(own, x, True),
                                _group(other, x, False), _group(other, y, True),
                                _group(own, y, False), _group(own, digit, True)), removed))
                placed.update(removed)
    return chains


def _merged_chains(geo: Geometry, chains: list[_Chain]) -> tuple[tuple[ProofNode, ...],
                                                                 tuple[ProofLink, ...], str]:
    """The chains drawn as one graph (a node or link they share drawn once) and written one by one,
    each concluding its own eliminations."""
    index: dict[ProofNode, int] = {}
    links: dict[ProofLink, None] = {}
    written = []
    for path, removed in chains:
        for node in path:
            index.setdefault(node, len(index))
        steps = tuple(ProofLink(i, i + 1, "weak" if i % 2 else "strong") for i in range(len(path) - 1))
        for step in steps:
            links.setdefault(ProofLink(index[path[step.start]], index[path[step.end]], step.kind))
        written.append(f"{eureka(geo, path, steps)} => {eliminated(geo, removed)}")
    return tuple(index), tuple(links), "; ".join(written)


def _each(geo: Geometry, zs: list[int]) -> str:
    """``4`` or ``each of 4 and 7``."""
    return geo.symbol(zs[0]) if len(zs) == 1 else f"each of {join_names(geo.symbol(z) for z in zs)}"


#: What a locked set is, said once where a step leans on it.
LOCKED = "as many digits as cells, so each of its digits fills one of them"


def _xz_step(geo: Geometry, a: Als, b: Als, restricted: list[int],
             eliminations: tuple[tuple[int, int], ...]) -> Step:
    x = restricted[0]
    # Every restricted common's places: a doubly linked pair's second one is half of its proof.
    linking = 0
    for digit in restricted:
        linking |= a.places[digit] | b.places[digit]
    roles = (("als-a", a.cells), ("als-b", b.cells), ("restricted", tuple(bit_indices(linking))))
    a_, b_, _ = set_names(geo)
    common = join_digits(geo, restricted)
    doubly = len(restricted) >= 2
    labels = (("als-a", f"set {a_}"), ("als-b", f"set {b_}"),
              ("restricted", f"restricted common digit{'s' if doubly else ''} {common}"))
    zs = sorted({d for _, d in eliminations})
    if doubly:
        nodes, links, notation = _merged_chains(geo, _doubly_chains(a, b, restricted, eliminations))
    else:
        nodes, links, notation = _z_chains(geo, a, b, (_group(a, x, True), _group(b, x, False)), zs,
                                           eliminations)
    proof = Proof(nodes, links, roles, notation=notation, labels=labels)
    name = "ALS-XZ (doubly linked)" if doubly else "ALS-XZ"
    if doubly:
        reason = (f"{common} are both restricted common digits (each place of either in one set "
                  f"sees each place in the other), so both sets are locked ({LOCKED}): every "
                  f"digit stays in its set and leaves the cells that see all its places there")
    else:
        reason = (f"{common} is a restricted common digit (each {common} of one sees each {common} "
                  f"of the other), so it is in at most one of them and the other is locked "
                  f"({LOCKED}): {_each(geo, zs)}, common to both, lies in one of them and leaves "
                  f"the cells that see all of its places")
    where = f"in {geo.house_name(a.house)} and {geo.house_name(b.house)}"
    if doubly:
        text = (f"Almost locked sets {a_} and {b_} ({where}) share the restricted common digits "
                f"{common}, so both are locked. {outcome(geo, eliminations=eliminations)}")
    else:
        text = (f"Almost locked sets {a_} and {b_} ({where}) share the restricted common digit "
                f"{common}, so at least one of them is locked. "
                f"{outcome(geo, eliminations=eliminations)}")
    details = (f"{name}: almost locked sets {a_} = {a.name(geo)} and {b_} = {b.name(geo)} (each holds one "
            f"digit more than it has cells); {reason}: removes "
            f"{describe_eliminations(geo, eliminations)}.")
    return _step(ALS_XZ, name, (text, details), (a, b), proof, eliminations)


def _xy_wing_step(geo: Geometry, sets: tuple[Als, Als, Als], commons: tuple[int, int],
                  eliminations: tuple[tuple[int, int], ...]) -> Step:
    a, b, c = sets
    x, y = commons
    zs = sorted({d for _, d in eliminations})
    middle = (_group(a, x, True), _group(c, x, False), _group(c, y, True), _group(b, y, False))
    nodes, links, notation = _z_chains(geo, a, b, middle, zs, eliminations)
    roles = (("als-a", a.cells), ("als-b", b.cells), ("pivot", c.cells))
    a_, b_, c_ = set_names(geo)
    labels = (("als-a", f"set {a_}"), ("als-b", f"set {b_}"), ("pivot", f"pivot {c_}"))
    proof = Proof(nodes, links, roles, notation=notation, labels=labels)
    sym = geo.symbol
    each = _each(geo, zs)
    text = (f"Almost locked sets {a_}, {b_} and the pivot {c_} (in {geo.house_name(a.house)}, "
            f"{geo.house_name(b.house)} and {geo.house_name(c.house)}) chain through "
            f"{sym(x)} and {sym(y)}, so {each} is in {a_} or in {b_}. "
            f"{outcome(geo, eliminations=eliminations)}")
    z = sym(zs[0])
    likewise = "" if len(zs) == 1 else f" (likewise {join_names((sym(d) for d in zs[1:]), 'and')})"
    details = (f"ALS-XY-Wing: pivot set {c_} = {c.name(geo)} shares restricted common "
            f"{sym(x)} with {a_} = {a.name(geo)} and {sym(y)} with {b_} = {b.name(geo)} "
            f"(all three hold one digit more than they have cells; a restricted common is in at most "
            f"one of the two sets it joins). If {a_} has no {z}{likewise}, {a_} is locked ({LOCKED}), "
            f"so {a_} holds {sym(x)}; then {c_} cannot hold {sym(x)}, so {c_} is locked and holds "
            f"{sym(y)}; then {b_} cannot hold {sym(y)}, so {b_} is locked and holds {z}. So {each} is "
            f"in {a_} or in {b_} "
            f"and leaves the cells that see all its places in both: removes "
            f"{describe_eliminations(geo, eliminations)}.")
    return _step(ALS_XY_WING, "ALS-XY-Wing", (text, details), (a, b, c), proof, eliminations)


def set_names(geo: Geometry) -> tuple[str, str, str]:
    """The sets' names in the words: A, B and the pivot C, as HoDoKu and SudokuWiki call them, up to
    9×9; from 12×12 on A, B and C are digits, so S1, S2 and S3 (no grid writes S as a digit).

    >>> from pysolver.geometry import geometry_for_size
    >>> set_names(geometry_for_size(9)), set_names(geometry_for_size(16))
    (('A', 'B', 'C'), ('S1', 'S2', 'S3'))
    """
    return ("A", "B", "C") if geo.n <= 9 else ("S1", "S2", "S3")


def join_digits(geo: Geometry, digits: list[int]) -> str:
    """``4`` or ``4 and 7``."""
    return " and ".join(geo.symbol(d) for d in digits)


def _step(technique: Technique, name: str, texts: tuple[str, str], sets: tuple[Als, ...],
          proof: Proof, eliminations: tuple[tuple[int, int], ...]) -> Step:
    """The step, ``texts`` being its short text and its details."""
    text, details = texts
    cells = tuple(dict.fromkeys(c for s in sets for c in s.cells))
    pattern = tuple((c, d) for s in sets for d in bits(s.digits) for c in bit_indices(s.places[d]))
    return Step(technique, name, text, size=len(cells), view="cell",
                houses=tuple(s.house for s in sets), cells=cells,
                digits=tuple(sorted({d for _, d in pattern})), pattern=pattern,
                eliminations=eliminations, proof=proof, details=details)


ALS_XZ = Technique(
    "als-xz", "ALS-XZ", "almost locked sets", Level.EXTREME, 300, find_als_xz,
    summary="Two almost locked sets with a restricted common digit: a digit common to both "
            "leaves the cells that see all its places in both (doubly linked: both sets are locked, "
            "each with as many digits as cells).")
ALS_XY_WING = Technique(
    "als-xy-wing", "ALS-XY-Wing", "almost locked sets", Level.EXTREME, 320, find_als_xy_wings,
    summary="Three almost locked sets linked by two restricted common digits: a digit common to "
            "the outer two leaves the cells that see all its places in both.")
TECHNIQUES = (ALS_XZ, ALS_XY_WING)
