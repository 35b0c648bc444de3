"""Sets of integers as Python ints: bit i stands for member i (candidates, vertices, permutations).

Intersection is ``&`` and size is ``int.bit_count()``. Three ways to list members: ``bit_indices``
peels the lowest bit (fastest for the engine's sets of at most 25 members), ``large_bit_indices``
reads the binary text once, linear in the int's length, which matters for GTSPS's sets of thousands
of permutations (peeling would be quadratic there), and ``sparse_bit_indices`` searches that text
for each "1", for a few members in thousands of bits (the 25×25 search's choices), where
``large_bit_indices`` would look at every character in Python.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing.TYPE_CHECKING without loading typing: see pysolver.cli
if TYPE_CHECKING:
    from typing import Iterable, Sequence


def bit_indices(mask: int) -> list[int]:
    """The indices of the set bits, ascending (0-based).

    >>> bit_indices(0b10110)
    [1, 2, 4]
    """
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def large_bit_indices(bits: int) -> list[int]:
    """The indices of the set bits, ascending, in time linear in the int's length.

    >>> large_bit_indices(0b101001)
    [0, 3, 5]
    """
    text = bin(bits)[:1:-1]
    return [i for i, char in enumerate(text) if char == "1"]


def sparse_bit_indices(bits: int) -> list[int]:
    """The indices of the set bits, ascending, each found by ``str.find`` in the binary text.

    >>> sparse_bit_indices(1 << 900 | 1 << 3)
    [3, 900]
    """
    text = bin(bits)[:1:-1]
    found = []
    index = text.find("1")
    while index >= 0:
        found.append(index)
        index = text.find("1", index + 1)
    return found


def bitset_of(indices: Iterable[int]) -> int:
    """The int whose set bits are ``indices`` (built through bytes: linear, not quadratic).

    >>> bin(bitset_of([0, 3, 5]))
    '0b101001'
    """
    marks = list(indices)
    if not marks:
        return 0
    buffer = bytearray((max(marks) >> 3) + 1)
    for i in marks:
        buffer[i >> 3] |= 1 << (i & 7)
    return int.from_bytes(buffer, "little")


def unions(masks: Sequence[int], groups: Iterable[Sequence[int]]) -> list[int]:
    """Each group's members' masks joined: the digits a group of cells holds between them.

    >>> unions([0b001, 0b010, 0b100], [(0, 1), (2,), ()])
    [3, 4, 0]
    """
    out = []
    for group in groups:
        joined = 0
        for member in group:
            joined |= masks[member]
        out.append(joined)
    return out
