"""The vocabulary of a Sudoku grid: cells, digits, houses and peers, for every common size.

A cell is a plain ``int`` from 0 to n²−1, row-major; a digit is an ``int`` from 1 to n; a candidate set
is a bitmask with bit d−1 for digit d. Houses are numbered rows first (0..n−1), then columns
(n..2n−1), then boxes (2n..3n−1). Names such as ``r3c5`` or "box 7" exist only in text. The tables
are built once per size (in the spirit of Norvig's units and peers) and shared by every module.

>>> g = geometry_for_size(9)
>>> len(g.houses), len(g.peers[0])
(27, 20)
>>> g.cell_name(13), g.house_name(g.box(g.box_of[80]))
('r2c5', 'box 9')
"""

from __future__ import annotations

from functools import lru_cache

from .bitsets import bit_indices
from .frozen import Frozen

#: Box shapes (rows × columns) of the grid sizes we support: 4×4, 6×6, 9×9, 12×12, 16×16, 25×25.
BOX_SHAPES: dict[int, tuple[int, int]] = {
    4: (2, 2),
    6: (2, 3),
    9: (3, 3),
    12: (3, 4),
    16: (4, 4),
    25: (5, 5),
}

HOUSE_KINDS = ("row", "column", "box")

#: How many ``Geometry`` values can exist (one per size): the bound of every cache keyed by one.
GEOMETRY_COUNT = len(BOX_SHAPES)

#: The default spelling of digits 1..25 (the grid module offers other alphabets for input).
SYMBOLS = "123456789ABCDEFGHIJKLMNOP"

#: How texts spell digits (``Geometry.symbol``, ``written_symbols``): ``SYMBOLS``, unless a program
#: that writes and reads every digit in another alphabet sets that alphabet for its run
#: (``write_digits_with``: the CLI's ``--alphabet``, so that its step texts, moves and boards spell
#: digits alike). The page never sets it. One entry, in a list so that no ``global`` is needed.
_WRITTEN = [SYMBOLS]


def write_digits_with(symbols: str) -> str:
    """Spell digits 1, 2, ... in texts as ``symbols`` from now on; return the spelling before, for
    the caller to put back when its run ends."""
    before = _WRITTEN[0]
    _WRITTEN[0] = symbols
    return before


def written_symbols(n: int) -> str:
    """The n symbols texts spell digits 1..n with (``SYMBOLS`` unless ``write_digits_with``)."""
    return _WRITTEN[0][:n]


def plural(symbol: str) -> str:
    """A written digit's plural: ``8s``, but ``A's``, since "two As" and "the As" read as the word.

    >>> plural("8"), plural("A")
    ('8s', "A's")
    """
    return f"{symbol}'s" if symbol.isalpha() else f"{symbol}s"


class Geometry(Frozen):
    """Every table that depends only on the grid size n (and its box shape).

    One shared instance per size (``geometry_for_size``), compared and hashed by identity: hashing
    its large tables field by field would cost more than the lookups it keys.
    """

    n: int
    box_rows: int
    box_cols: int
    cell_count: int
    all_digits: int
    houses: tuple[tuple[int, ...], ...]
    row_of: tuple[int, ...]
    col_of: tuple[int, ...]
    box_of: tuple[int, ...]
    houses_of: tuple[tuple[int, int, int], ...]
    peers: tuple[tuple[int, ...], ...]

    def __init__(self, n: int, box_rows: int, box_cols: int) -> None:
        br, bc = box_rows, box_cols
        cells = range(n * n)
        rows = tuple(c // n for c in cells)
        cols = tuple(c % n for c in cells)
        boxes = tuple((r // br) * (n // bc) + c // bc for r, c in zip(rows, cols))
        houses = (
            [tuple(r * n + c for c in range(n)) for r in range(n)]
            + [tuple(r * n + c for r in range(n)) for c in range(n)]
            + [tuple(c for c in cells if boxes[c] == b) for b in range(n)]
        )
        houses_of = tuple((rows[c], n + cols[c], 2 * n + boxes[c]) for c in cells)
        peers = tuple(
            tuple(sorted({p for h in houses_of[c] for p in houses[h]} - {c})) for c in cells
        )
        set_ = object.__setattr__
        set_(self, "n", n)
        set_(self, "box_rows", box_rows)
        set_(self, "box_cols", box_cols)
        set_(self, "cell_count", n * n)
        set_(self, "all_digits", (1 << n) - 1)
        set_(self, "houses", tuple(houses))
        set_(self, "row_of", rows)
        set_(self, "col_of", cols)
        set_(self, "box_of", boxes)
        set_(self, "houses_of", houses_of)
        set_(self, "peers", peers)

    def __repr__(self) -> str:
        return (f"Geometry(n={self.n}, box_rows={self.box_rows}, box_cols={self.box_cols}, "
                f"cell_count={self.cell_count}, all_digits={self.all_digits})")

    @property
    def digits(self) -> range:
        """The digits 1..n."""
        return range(1, self.n + 1)

    def cell_name(self, cell: int) -> str:
        """``r3c5`` notation, 1-based."""
        return f"r{self.row_of[cell] + 1}c{self.col_of[cell] + 1}"

    def house_kind(self, house: int) -> str:
        """'row', 'column' or 'box'."""
        return HOUSE_KINDS[house // self.n]

    def house_name(self, house: int) -> str:
        """'row 3', 'column 5' or 'box 7', 1-based."""
        return f"{self.house_kind(house)} {house % self.n + 1}"

    def symbol(self, digit: int) -> str:
        """How a digit is written: 1-9, then A-P above 9 (so text matches the board).

        >>> geometry_for_size(16).symbol(10)
        'A'
        """
        return _WRITTEN[0][digit - 1]

    def row(self, index: int) -> int:
        """The house number of row ``index`` (0-based)."""
        return index

    def column(self, index: int) -> int:
        """The house number of column ``index`` (0-based)."""
        return self.n + index

    def box(self, index: int) -> int:
        """The house number of box ``index`` (0-based)."""
        return 2 * self.n + index

    def cell_at(self, row: int, col: int) -> int:
        """The cell in row ``row`` and column ``col`` (both 0-based)."""
        return row * self.n + col


@lru_cache(maxsize=GEOMETRY_COUNT)
def geometry_for_size(n: int) -> Geometry:
    """The shared tables for an n×n grid; raises ``ValueError`` for an unsupported size.

    >>> geometry_for_size(6).box_rows, geometry_for_size(6).box_cols
    (2, 3)
    """
    if n not in BOX_SHAPES:
        sizes = ", ".join(str(s) for s in BOX_SHAPES)
        raise ValueError(f"unsupported grid size {n}: supported sizes are {sizes}")
    box_rows, box_cols = BOX_SHAPES[n]
    return Geometry(n, box_rows, box_cols)


def size_for_cell_count(count: int) -> int | None:
    """The grid size whose cell count is ``count``, or None.

    >>> size_for_cell_count(81), size_for_cell_count(80)
    (9, None)
    """
    for n in BOX_SHAPES:
        if n * n == count:
            return n
    return None


def bits(mask: int) -> list[int]:
    """The digits of a candidate bitmask, ascending.

    >>> bits(0b101001)
    [1, 4, 6]
    """
    return [i + 1 for i in bit_indices(mask)]
