"""Wings: XY-Wing, XYZ-Wing, W-Wing and Remote Pairs, built from cells with few candidates.

An XY-Wing is a *pivot* cell {x,y} seeing two *pincers* {x,z} and {y,z}: whatever the pivot
holds, one pincer is z, so a cell seeing both pincers is not z. The XYZ-Wing's pivot holds {x,y,z}
as well, so only cells seeing all three lose z. A W-Wing joins two cells {x,y} that do not see each
other through a strong link on x (a house where x has two places, each seeing one of the cells):
one of them is y. Remote Pairs are a chain of cells all {x,y}, each seeing the next: the ends of
an odd link count hold x and y between them. As described in HoDoKu's technique pages ("Wings",
"Chains and Loops: Remote Pair") and on SudokuWiki ("Y-Wing", "XYZ-Wing").
"""

from __future__ import annotations

from collections import deque
from typing import Iterator

from ..board import Board
from ..geometry import Geometry, bits
from ..levels import Level
from ..step import Candidate, Proof, ProofNode, Step, describe_eliminations, digit_set, outcome
from . import Technique
from .patterns import alternating_chain, bivalue_cells, digit_cells, peer_sets, seen_by_all


def find_xy_wings(board: Board) -> Iterator[Step]:
    """A bivalue pivot {x,y} seeing pincers {x,z} and {y,z}: z leaves what sees both pincers."""
    geo = board.geometry
    peers = peer_sets(geo)
    cands = board.candidates
    pairs = bivalue_cells(board)
    for pivot in pairs:
        seen = [c for c in pairs if c in peers[pivot] and c != pivot]
        for i, first in enumerate(seen):
            for second in seen[i + 1:]:
                a, b = cands[first], cands[second]
                z = a & b
                if (z.bit_count() != 1 or (a | b) & ~z != cands[pivot]
                        or a == cands[pivot] or b == cands[pivot]):
                    continue
                digit = z.bit_length()
                removed = seen_by_all(board, (first, second), digit, exclude=(pivot,))
                if removed:
                    yield _wing_step(geo, XY_WING, board, pivot, (first, second), digit, removed)


def find_xyz_wings(board: Board) -> Iterator[Step]:
    """A pivot {x,y,z} seeing pincers {x,z} and {y,z}: z leaves what sees all three."""
    geo = board.geometry
    peers = peer_sets(geo)
    cands = board.candidates
    pairs = bivalue_cells(board)
    for pivot, mask in enumerate(cands):
        if mask.bit_count() != 3:
            continue
        seen = [c for c in pairs if c in peers[pivot] and cands[c] & ~mask == 0]
        for i, first in enumerate(seen):
            for second in seen[i + 1:]:
                a, b = cands[first], cands[second]
                z = a & b
                if z.bit_count() != 1 or a | b != mask:
                    continue
                digit = z.bit_length()
                removed = seen_by_all(board, (pivot, first, second), digit)
                if removed:
                    yield _wing_step(geo, XYZ_WING, board, pivot, (first, second), digit, removed)


def _wing_step(geo: Geometry, technique: Technique, board: Board, pivot: int,
               pincers: tuple[int, int], digit: int, removed: tuple[Candidate, ...]) -> Step:
    name = geo.cell_name
    cands = board.candidates
    first, second = pincers
    x = (cands[first] & ~(1 << (digit - 1))).bit_length()
    y = (cands[second] & ~(1 << (digit - 1))).bit_length()
    z, sym = geo.symbol(digit), geo.symbol
    pivot_set = digit_set(geo, bits(cands[pivot]))
    first_set, second_set = (digit_set(geo, bits(cands[c])) for c in pincers)
    seen = (f"the pivot {name(pivot)} {pivot_set} sees the pincers {name(first)} {first_set} and "
            f"{name(second)} {second_set}")
    if technique is XY_WING:
        why = (f"{seen}: if the pivot is {sym(x)}, {name(first)} is {z}; if it is {sym(y)}, "
               f"{name(second)} is {z}")
        killers: tuple[int, ...] = pincers
    else:
        why = (f"{seen}: if the pivot is {sym(x)}, {name(first)} is {z}; if {sym(y)}, "
               f"{name(second)} is {z}; else the pivot itself is {z}")
        killers = (pivot, *pincers)
    # "pincers", as the key names the outlined pair (HoDoKu's and SudokuWiki's word).
    whoever = (f"one of the pincers {name(first)} and {name(second)}" if technique is XY_WING
               else f"it or one of the pincers {name(first)} and {name(second)}")
    text = (f"Whichever digit the pivot {name(pivot)} {pivot_set} takes, {whoever} is {z}. "
            f"{outcome(geo, eliminations=removed)}")
    details = (f"{technique.title}: {why}; {z} leaves every cell that sees "
            f"{'both pincers' if technique is XY_WING else 'all three'}: removes "
            f"{describe_eliminations(geo, removed)}.")
    roles = (("pivot", (pivot,)), ("pincers", pincers))
    if technique is XY_WING:
        proof = alternating_chain(geo, [(first, digit), (first, x), (pivot, x), (pivot, y),
                                        (second, y), (second, digit)],
                                  ["strong", "weak", "strong", "weak", "strong"], removed, roles)
    else:  # the pivot has three candidates: no chain, the three z's are the proof
        proof = Proof(tuple(ProofNode((c,), digit) for c in killers), (), roles)
    cells = (pivot, first, second)
    return Step(technique, technique.title, text, size=len(cells), view="cell", digit=digit,
                cells=cells, digits=tuple(bits(cands[pivot] | 1 << (digit - 1))),
                pattern=tuple((c, d) for c in cells for d in bits(cands[c])), eliminations=removed,
                proof=proof, details=details)


def find_w_wings(board: Board) -> Iterator[Step]:
    """Two cells {x,y} that do not see each other, joined by a strong link on x: y leaves what
    sees both."""
    geo = board.geometry
    peers = peer_sets(geo)
    cands = board.candidates
    pairs = bivalue_cells(board)
    for i, first in enumerate(pairs):
        for second in pairs[i + 1:]:
            mask = cands[first]
            if cands[second] != mask or second in peers[first]:
                continue
            for x in bits(mask):
                y = (mask & ~(1 << (x - 1))).bit_length()
                removed = seen_by_all(board, (first, second), y)
                link = _joining_link(board, first, second, x) if removed else None
                if link is not None:
                    house, near, far = link
                    yield _w_wing_step(geo, first, second, x, y, house, near, far, removed)


def _joining_link(board: Board, first: int, second: int, x: int) -> tuple[int, int, int] | None:
    """A house where ``x`` has two places, one seeing ``first``, the other ``second``."""
    peers = peer_sets(board.geometry)
    for house in range(len(board.geometry.houses)):
        link = digit_cells(board, house, x)
        if len(link) != 2 or first in link or second in link:
            continue
        for near, far in (link, link[::-1]):
            if near in peers[first] and far in peers[second]:
                return house, near, far
    return None


def _w_wing_step(geo: Geometry, first: int, second: int, x: int, y: int, house: int, near: int,
                 far: int, removed: tuple[Candidate, ...]) -> Step:
    name, sym = geo.cell_name, geo.symbol
    low, high = sorted((x, y))
    # The key's words: the two cells {x,y} are the ends of the chain (as in Sudopedia's and
    # SudokuWiki's W-Wing, a chain from one to the other), the strong link joins them.
    text = (f"The ends {name(first)} and {name(second)} both hold only {sym(low)} and {sym(high)}; "
            f"the strong link on {sym(x)} in {geo.house_name(house)} keeps them from both being "
            f"{sym(x)}, so one is {sym(y)}. {outcome(geo, eliminations=removed)}")
    details = (f"W-Wing: {name(first)} and {name(second)}, the ends of the chain, both hold only "
            f"{digit_set(geo, (x, y))}. In {geo.house_name(house)}, the {sym(x)} goes in {name(near)} "
            f"or {name(far)}, a strong link; {name(near)} sees {name(first)} and {name(far)} sees "
            f"{name(second)}, so the ends are not both {sym(x)}: one of them is {sym(y)}, and "
            f"{sym(y)} leaves every cell that sees both ends: removes "
            f"{describe_eliminations(geo, removed)}.")
    cells = (first, second, near, far)
    # The house and digit of the strong link: a first hint points there ("in row 7 for digit 7"),
    # where the removed digit would send the learner looking for 9s that row does not hold.
    return Step(W_WING, W_WING.title, text, size=2, view="cell", houses=(house,), digit=x,
                cells=cells, digits=(x, y),
                pattern=((first, x), (first, y), (near, x), (far, x), (second, x), (second, y)),
                eliminations=removed,
                proof=alternating_chain(geo, [(first, y), (first, x), (near, x), (far, x),
                                              (second, x), (second, y)],
                                        ["strong", "weak", "strong", "weak", "strong"], removed,
                                        (("ends", (first, second)), ("link", (near, far)))),
                details=details)


def find_remote_pairs(board: Board) -> Iterator[Step]:
    """A chain of at least four cells {x,y}, each seeing the next: a cell seeing two of them an odd
    number of links apart is neither x nor y."""
    geo = board.geometry
    peers = peer_sets(geo)
    cands = board.candidates
    by_pair: dict[int, list[int]] = {}
    for cell in bivalue_cells(board):
        by_pair.setdefault(cands[cell], []).append(cell)
    for mask, cells in sorted(by_pair.items()):
        if len(cells) < 4:
            continue
        members = set(cells)
        for start in cells:
            paths = _paths_from(start, members, peers)
            for end, path in paths.items():
                if len(path) < 4 or len(path) % 2 or end < start:
                    continue
                digits = bits(mask)
                removed = tuple(sorted(c for d in digits
                                       for c in seen_by_all(board, (start, end), d)
                                       if c[0] not in members))
                if removed:
                    yield _remote_step(geo, path, digits, removed)


def _paths_from(start: int, members: set[int], peers: tuple[frozenset[int], ...]
                ) -> dict[int, list[int]]:
    """The shortest chain from ``start`` to each reachable cell of ``members`` (breadth first)."""
    parent = {start: start}
    queue = deque([start])
    while queue:
        cell = queue.popleft()
        for other in sorted(members & peers[cell]):
            if other not in parent:
                parent[other] = cell
                queue.append(other)
    paths = {}
    for end in parent:
        path = [end]
        while path[-1] != start:
            path.append(parent[path[-1]])
        paths[end] = path[::-1]
    return paths


def _remote_step(geo: Geometry, path: list[int], digits: list[int],
                 removed: tuple[Candidate, ...]) -> Step:
    name = geo.cell_name
    x, y = digits
    chain = " – ".join(name(c) for c in path)
    text = (f"The cells {name(path[0])} and {name(path[-1])} hold {geo.symbol(x)} and "
            f"{geo.symbol(y)} between them, at the ends of a chain of {digit_set(geo, digits)} "
            f"cells. {outcome(geo, eliminations=removed)}")
    details = (f"Remote Pairs: {chain} all hold only {digit_set(geo, digits)} and each sees the "
            f"next, so they alternate {geo.symbol(x)} and {geo.symbol(y)}; the ends "
            f"{name(path[0])} and {name(path[-1])} hold one each, and both leave every cell that "
            f"sees the two ends: removes {describe_eliminations(geo, removed)}.")
    candidates: list[Candidate] = []
    kinds: list[str] = []
    for index, cell in enumerate(path):
        first, second = (x, y) if index % 2 == 0 else (y, x)
        candidates += [(cell, first), (cell, second)]
        kinds += ["strong"] if index == len(path) - 1 else ["strong", "weak"]
    return Step(REMOTE_PAIRS, REMOTE_PAIRS.title, text, size=len(path), view="cell",
                cells=tuple(path), digits=(x, y),
                pattern=tuple((c, d) for c in path for d in digits), eliminations=removed,
                proof=alternating_chain(geo, candidates, kinds, removed,
                                        (("ends", (path[0], path[-1])),)),
                details=details)


REMOTE_PAIRS = Technique(
    "remote-pairs", "Remote Pairs", "wings", Level.EXPERT, 110, find_remote_pairs,
    summary="A chain of cells with the same two candidates: cells seeing both ends of an odd "
            "link count lose both digits.")
W_WING = Technique(
    "w-wing", "W-Wing", "wings", Level.EXPERT, 150, find_w_wings,
    summary="Two cells holding only {x,y}, the two ends of a strong link on x each seeing one of "
            "them: y leaves the cells seeing both.")
XY_WING = Technique(
    "xy-wing", "XY-Wing", "wings", Level.EXPERT, 160, find_xy_wings,
    summary="A pivot {x,y} and pincers {x,z}, {y,z}: z leaves the cells seeing both pincers.")
XYZ_WING = Technique(
    "xyz-wing", "XYZ-Wing", "wings", Level.EXPERT, 180, find_xyz_wings,
    summary="A pivot {x,y,z} and pincers {x,z}, {y,z}: z leaves the cells seeing all three.")
TECHNIQUES = (XY_WING, XYZ_WING, W_WING, REMOTE_PAIRS)
