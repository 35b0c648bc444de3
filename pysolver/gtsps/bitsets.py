"""Sets of permutation indices as Python ints, the representation every GTSPS stage works on.

Bit i of an int stands for permutation i of a box, so intersecting neighbourhoods is ``&`` and a
degree is ``int.bit_count()``; these two helpers convert between ints and index lists in linear time
(walking an int bit by bit with ``x & -x`` would be quadratic for the thousands of permutations of a
17-clue puzzle's emptiest box).
"""

from __future__ import annotations

from typing import Iterable


def bit_indices(bits: int) -> list[int]:
    """The indices of the set bits, ascending.

    >>> bit_indices(0b101001)
    [0, 3, 5]
    """
    text = bin(bits)[:1:-1]
    return [i for i, char in enumerate(text) if char == "1"]


def bitset_of(indices: Iterable[int]) -> int:
    """The int whose set bits are ``indices``.

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
