"""Chain and pile exclusion on single houses: the reference examples, step by step and at the fixpoint."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pysolver.bipartite import analyse, maximum_matching
from pysolver.bitsets import bit_indices

ALL9 = 0b111111111

# Dr. Dobb's "Sudoku & Graph Theory", the chain exclusion example, as candidate sets per cell.
CHAIN_HOUSE = [{1, 2, 3, 7}, {3, 6}, {3, 4}, {1, 4}, {5, 6, 7}, {4, 6}, {2, 7}, {8, 9}, {8, 9}]
CHAIN_AFTER_346 = [{1, 2, 7}, {3, 6}, {3, 4}, {1}, {5, 7}, {4, 6}, {2, 7}, {8, 9}, {8, 9}]
CHAIN_AFTER_1 = [{2, 7}, {3, 6}, {3, 4}, {1}, {5, 7}, {4, 6}, {2, 7}, {8, 9}, {8, 9}]
CHAIN_FIXPOINT = [{2, 7}, {3, 6}, {3, 4}, {1}, {5}, {4, 6}, {2, 7}, {8, 9}, {8, 9}]

# Dr. Dobb's "Sudoku & Graph Theory", the pile exclusion example; the article lists ten sets for
# nine cells (a typo), so this is its corrected nine-cell version.
PILE_HOUSE = [{1, 2, 3, 5}, {3, 6}, {3, 4}, {5, 6}, {1, 7, 8, 9}, {5, 7, 8, 9}, {4, 6},
              {6, 7, 8, 9}, {1, 4}]
PILE_AFTER_789 = [{1, 2, 3, 5}, {3, 6}, {3, 4}, {5, 6}, {7, 8, 9}, {7, 8, 9}, {4, 6}, {7, 8, 9},
                  {1, 4}]
PILE_FIXPOINT = [{2}, {3, 6}, {3, 4}, {5}, {7, 8, 9}, {7, 8, 9}, {4, 6}, {7, 8, 9}, {1}]


def masks(house: list[set[int]]) -> tuple[int, ...]:
    return tuple(sum(1 << (d - 1) for d in cell) for cell in house)


def sets(adjacency: tuple[int, ...]) -> list[set[int]]:
    return [{j + 1 for j in bit_indices(m)} for m in adjacency]


def remove(adjacency: tuple[int, ...], removed: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
    out = list(adjacency)
    for i, j in removed:
        out[i] &= ~(1 << j)
    return tuple(out)


def smallest(adjacency: tuple[int, ...], kinds: tuple[str, ...]):  # type: ignore[no-untyped-def]
    everything = (1 << len(adjacency)) - 1
    patterns = [p for p in analyse(adjacency, everything).patterns if p.kind in kinds]
    return min(patterns, key=lambda p: (p.size, kinds.index(p.kind)), default=None)


def fixpoint(adjacency: tuple[int, ...], kinds: tuple[str, ...] = ("chain", "pile")) -> tuple[int, ...]:
    while (pattern := smallest(adjacency, kinds)) is not None:
        adjacency = remove(adjacency, pattern.removed)
    return adjacency


def test_chain_example_step_by_step() -> None:
    house = masks(CHAIN_HOUSE)
    first = smallest(house, ("chain",))
    assert (bit_indices(first.left), bit_indices(first.right)) == ([1, 2, 5], [2, 3, 5])
    house = remove(house, first.removed)
    assert sets(house) == CHAIN_AFTER_346
    second = smallest(house, ("chain",))
    assert (bit_indices(second.left), bit_indices(second.right)) == ([3], [0])
    house = remove(house, second.removed)
    assert sets(house) == CHAIN_AFTER_1
    third = smallest(house, ("chain",))
    assert bit_indices(third.left) == [0, 6] and third.size == 2
    assert sets(remove(house, third.removed)) == CHAIN_FIXPOINT


def test_chain_example_fixpoint() -> None:
    assert sets(fixpoint(masks(CHAIN_HOUSE), ("chain",))) == CHAIN_FIXPOINT
    assert sets(fixpoint(masks(CHAIN_HOUSE))) == CHAIN_FIXPOINT


def test_chain_89_removes_nothing_so_is_not_listed() -> None:
    listed = [bit_indices(p.left) for p in analyse(masks(CHAIN_AFTER_1), ALL9).patterns]
    assert [7, 8] not in listed


def test_pile_example_789() -> None:
    house = masks(PILE_HOUSE)
    piles = {tuple(bit_indices(p.right)): p for p in analyse(house, ALL9).patterns if p.kind == "pile"}
    pile = piles[(6, 7, 8)]
    assert bit_indices(pile.left) == [4, 5, 7]
    assert sets(remove(house, pile.removed)) == PILE_AFTER_789


def test_pile_example_fixpoint() -> None:
    assert sets(fixpoint(masks(PILE_HOUSE))) == PILE_FIXPOINT


def is_hall_violation(adjacency: tuple[int, ...], violation) -> bool:  # type: ignore[no-untyped-def]
    left, right = bit_indices(violation.left), bit_indices(violation.right)
    if violation.side == "left":
        return all(adjacency[i] & ~violation.right == 0 for i in left) and len(left) > len(right)
    holders = [i for i, m in enumerate(adjacency) if m & violation.right]
    return set(holders) <= set(left) and len(right) > len(left)


@pytest.mark.parametrize("house", [
    [{1, 2}, {1, 2}, {1, 2}, {3}, {4}, {5}, {6}, {7}, {8, 9}],
    [{1, 2, 3}, {1, 2, 3}, {4, 5}, {4, 5}, {4, 5}, {6, 7, 8, 9}, {6, 7, 8, 9}, {6, 7, 8, 9},
     {6, 7, 8, 9}],
], ids=["three-cells-two-digits", "hidden-shortage"])
def test_violation_is_a_genuine_hall_set(house: list[set[int]]) -> None:
    adjacency = masks(house)
    analysis = analyse(adjacency, ALL9)
    assert analysis.violation is not None and analysis.patterns == ()
    assert is_hall_violation(adjacency, analysis.violation)


def test_violation_when_a_digit_has_no_cell() -> None:
    house = masks([{1, 2}] + [{1, 2, 3, 4, 5, 6, 7, 8}] * 8)
    violation = analyse(house, ALL9).violation
    assert violation is not None and violation.side == "right"
    assert bit_indices(violation.right) == [8]


def brute_force_removals(adjacency: tuple[int, ...]) -> set[tuple[int, int]]:
    """Every edge in no perfect matching, by trying every assignment (the definition)."""
    n = len(adjacency)
    used: set[tuple[int, int]] = set()
    for perm in itertools.permutations(range(n)):
        if all(adjacency[i] >> perm[i] & 1 for i in range(n)):
            used.update((i, perm[i]) for i in range(n))
    return {(i, j) for i in range(n) for j in bit_indices(adjacency[i])} - used


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(1, 63), min_size=6, max_size=6), st.permutations(range(6)))
def test_fixpoint_is_exactly_the_edges_in_some_perfect_matching(rows: list[int],
                                                                 perm: list[int]) -> None:
    """Chains and piles of all sizes remove exactly the edges no solution uses (Regin's filter)."""
    adjacency = tuple(rows[i] | 1 << perm[i] for i in range(6))  # a perfect matching exists
    expected = brute_force_removals(adjacency)
    final = fixpoint(adjacency)
    removed = {(i, j) for i in range(6) for j in bit_indices(adjacency[i] & ~final[i])}
    assert removed == expected


@pytest.mark.parametrize("adjacency", [(0b1, 0b1), (0b11, 0b11, 0b100), (0b110, 0b011, 0b101)])
def test_maximum_matching_is_a_matching(adjacency: tuple[int, ...]) -> None:
    left, right = maximum_matching(adjacency, 3)
    for u, v in enumerate(left):
        if v >= 0:
            assert adjacency[u] >> v & 1 and right[v] == u
