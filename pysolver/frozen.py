"""Immutable values without ``dataclasses``: a base class that refuses attribute assignment.

The grid, its geometry and the search's tables are on the path of every ``pysolver solve``;
importing ``dataclasses`` (which imports ``inspect``, ``ast``, ``dis`` and ``tokenize``) and
generating their methods would cost a short run more than solving a dozen puzzles. Subclasses set
their fields once in ``__init__`` with ``object.__setattr__``, as a frozen dataclass does; after
that, assigning or deleting an attribute raises ``AttributeError`` (a frozen dataclass raises its
subclass ``FrozenInstanceError``, with the same message).
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing.TYPE_CHECKING without loading typing: see pysolver.cli
if TYPE_CHECKING:
    from typing import NoReturn


class Frozen:
    """Instances whose attributes cannot be assigned or deleted after ``__init__``.

    >>> Frozen().size = 3
    Traceback (most recent call last):
    ...
    AttributeError: cannot assign to field 'size'
    """

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError(f"cannot delete field {name!r}")
