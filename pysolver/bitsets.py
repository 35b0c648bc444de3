"""Sets of integers as Python ints: bit i stands for member i (candidates, vertices, permutations).

Intersection is ``&`` and size is ``int.bit_count()``. Two ways to list members: ``bit_indices``
peels the lowest bit (fastest for the engine's sets of at most 25 members), ``large_bit_indices``
reads the binary text once, linear in the int's length, which matters for GTSPS's sets of thousands
of permutations (peeling would be quadratic there).
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing.TYPE_CHECKING without loading typing: see pysolver.cli
if TYPE_CHECKING:
    from typing import Iterable


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
