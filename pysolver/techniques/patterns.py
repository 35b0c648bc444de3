"""Small shared vocabulary of the pattern techniques: who sees whom, where a digit may go.

Every technique past the basic fixpoint reasons about one digit's places in a house (a *strong
link* when there are exactly two: one of them holds the digit) and about candidates that *see* each
other (share a house: at most one of them holds the digit, a *weak link*). These helpers compute
both from a board, once per call, with the geometry's tables; they never mutate.
"""

from __future__ import annotations

from functools import cache
from typing import Iterable

from ..bitsets import bit_indices
from ..board import Board
from ..geometry import Geometry
from ..proof import chain_proof, eliminated
from ..step import Candidate, Proof, ProofLink, ProofNode


@cache
def peer_sets(geometry: Geometry) -> tuple[frozenset[int], ...]:
    """Each cell's peers as a set, for fast 'sees' tests."""
    return tuple(frozenset(peers) for peers in geometry.peers)


def sees(geometry: Geometry, a: int, b: int) -> bool:
    """Whether two different cells share a house."""
    return b in peer_sets(geometry)[a]


def seen_by_all(board: Board, cells: Iterable[int], digit: int,
                exclude: Iterable[int] = ()) -> tuple[Candidate, ...]:
    """The candidates of ``digit`` in cells that see every one of ``cells`` (and are none of them
    or of ``exclude``), ascending: what a pattern that puts ``digit`` in one of ``cells`` removes."""
    geo = board.geometry
    peers = peer_sets(geo)
    members = list(cells)
    common = set(peers[members[0]])
    for cell in members[1:]:
        common &= peers[cell]
    common.difference_update(members, exclude)
    bit = 1 << (digit - 1)
    return tuple((cell, digit) for cell in sorted(common) if board.candidates[cell] & bit)


def digit_cells(board: Board, house: int, digit: int) -> tuple[int, ...]:
    """The cells of ``house`` where ``digit`` is still a candidate."""
    bit = 1 << (digit - 1)
    return tuple(c for c in board.geometry.houses[house] if board.candidates[c] & bit)


def strong_links(board: Board, digit: int) -> list[tuple[int, int, int]]:
    """(house, cell, cell) for every house where ``digit`` has exactly two places, rows first."""
    return list(_strong_links(board)[digit - 1])


#: The strong links of the last few positions: several techniques read them on one board.
_RECENT: dict[tuple[tuple[int, ...], int, int], tuple[list[tuple[int, int, int]], ...]] = {}


def _strong_links(board: Board) -> tuple[list[tuple[int, int, int]], ...]:
    """Every digit's strong links (index digit - 1), found in one pass over the houses."""
    geo = board.geometry
    key = (board.candidates, geo.box_rows, geo.box_cols)
    found = _RECENT.get(key)
    if found is not None:
        return found
    candidates = board.candidates
    found = tuple([] for _ in geo.digits)
    for house, cells in enumerate(geo.houses):
        once = twice = thrice = 0
        for cell in cells:
            mask = candidates[cell]
            thrice |= twice & mask
            twice |= once & mask
            once |= mask
        for index in bit_indices(twice & ~thrice):
            bit = 1 << index
            first, second = (c for c in cells if candidates[c] & bit)
            found[index].append((house, first, second))
    if len(_RECENT) >= 4:
        del _RECENT[next(iter(_RECENT))]
    _RECENT[key] = found
    return found


def bivalue_cells(board: Board) -> list[int]:
    """The empty cells with exactly two candidates."""
    return [c for c, mask in enumerate(board.candidates) if mask.bit_count() == 2]


def alternating_chain(geometry: Geometry, candidates: list[Candidate], kinds: list[str],
                      removed: tuple[Candidate, ...],
                      roles: tuple[tuple[str, tuple[int, ...]], ...]) -> Proof:
    """The proof of a pattern read as an alternating chain of single candidates.

    The chain starts with a strong link: its first node is *off* and the values alternate, so one
    end is on whatever happens, and ``removed`` are the candidates that see both ends. The proof
    carries the chain in Eureka notation.

    >>> from pysolver.geometry import geometry_for_size
    >>> alternating_chain(geometry_for_size(9), [(0, 1), (8, 1)], ["strong"], ((4, 1),), ()).notation
    '(1)r1c1=r1c9 => r1c5<>1'
    """
    nodes = tuple(ProofNode((cell,), digit, index % 2 == 1)
                  for index, (cell, digit) in enumerate(candidates))
    links = tuple(ProofLink(i, i + 1, "strong" if kind == "strong" else "weak")
                  for i, kind in enumerate(kinds))
    return chain_proof(geometry, (nodes, links), eliminated(geometry, removed), roles)
