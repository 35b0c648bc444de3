"""Fast complete search: one big integer holds every candidate, singles are found by bit tricks.

The idea is Norvig's constraint propagation plus depth-first search, and the "fewest degrees of
freedom" rule of Dr. Dobb's "Sudoku & Graph Theory": propagate naked and hidden singles to a
fixpoint, then guess in the first cell with the fewest candidates, trying its digits in ascending
order, so the search is deterministic. From 16×16 on, where loose grids gave plain guessing a heavy
tail, a search that finds nothing soon starts again and looks one placement ahead in every
two-way choice (a cell's two candidates, a digit's two places in a house) before each guess
(``_lookahead``, on the row-section state below). The representation is the "bitboard per digit" of fast C solvers (tdoku,
JCZSolve), packed into one Python ``int``: digit d owns a *plane* of n row fields, and a row field
holds one bit per column plus a spare *guard* bit, so candidate (cell r,c; digit d) is bit
``d·plane + r·(n+1) + c``. CPython spends its time per operation more
than per bit (in WebAssembly even more so: an operation on a few thousand bits costs about twice
one on a few hundred), so the search works on every digit and every house at once with whole-grid
operations (SWAR, "SIMD within a register").

Up to 16×16 the state is the *exact cover* of Knuth's Algorithm X packed the same way: every
constraint (a digit in a row, in a column, in a box; a cell) is a field of n bits plus a guard
bit, one *section* of fields per kind, and each candidate has a copy in its four fields; a set
guard bit marks a constraint still open. The row section (the low bits) is the bitboard above, so
solutions, clues and banned candidates are given in it, and locked candidates read it; branching
reads the cell section, where each cell's candidates sit in one field. One round of propagation is
then about a dozen operations, whatever the number of houses:

* placing a candidate is one AND with a precomputed mask that clears, in all four sections, every
  candidate sharing a constraint with it, and the guard bits of its four constraints;
* subtracting 1 from every field (the guard bit stops the borrow) tells, for every constraint at
  once, which fields are empty (a contradiction) and which hold exactly one candidate: in the cell
  section a naked single, in the others a hidden single.

Two placements that clash (one digit twice in a house, or two digits in one cell) need no check of
their own: the second AND empties a field, and the next round reports it. A 25×25 exact cover
would be 65,000 bits wide, with 400 MB of masks; there the row section alone propagates, by
folds: shifting the rows of each band onto its first row, OR-ing (seen once) and AND-ing (seen
twice), folds each box into a few bits and then each column into row 0, and the same fold over the
digit planes finds the naked singles. The public functions take and return immutable ``Grid``
values; only the search juggles integers.

>>> puzzle = Grid.parse(".1..2.34.4..1..5....67.8....214..75.57..1..89.39..641....9.78....5..1..7.98.3..6.")
>>> str(solve(puzzle))
'917625348482193576356748291621489753574312689839576412163957824245861937798234165'
>>> uniqueness(puzzle)
'unique'
"""

from __future__ import annotations

import sys
from array import array
from functools import lru_cache
from itertools import islice

from .bitsets import sparse_bit_indices
from .frozen import Frozen
from .geometry import GEOMETRY_COUNT, Geometry, geometry_for_size, size_for_cell_count
from .grid import ALPHABETS, Grid, symbols_for

TYPE_CHECKING = False  # typing.TYPE_CHECKING without loading typing: see pysolver.cli
if TYPE_CHECKING:
    from typing import Generator, Iterable, Iterator, Literal, Sequence

    Uniqueness = Literal["none", "unique", "multiple"]

#: Grids up to this size search with the exact-cover state and keep every placing mask once made
#: (16×16: at most about 20 MB). A 25×25 state would be 65,000 bits and its masks 400 MB, so 25×25
#: searches the row section alone, which clears a placement's rivals without masks.
_COVER_UP_TO = 16

#: The four kinds of constraint, one section of the search's state each, in this order: digit in
#: a row, digit in a column, digit in a box, and cell.
_SECTIONS = 4


class _LockCounts:
    """The masks with which ``_locks`` counts, by one multiplication each, a digit's segments in
    every row and its rows in every box (see there).

    Multiplying the segment bits by ``row_count`` adds up each row's segments in its last
    segment's place, and by ``band_count`` each box's rows in its band's last row; adding
    2^k - 2 there (``*_carry``) carries into bit k (``*_twice``) where the count is two or
    more. A count never reaches the next segment, so the sums stay apart: the partial sums a
    row's product leaves in its lower segments and in the next row's field add up to less than
    the place of that row's last segment (on 25×25, 151,667 < 2^20).
    """

    __slots__ = ("row_count", "row_carry", "row_twice", "row_shift",
                 "band_count", "band_carry", "band_twice", "band_shift")

    def __init__(self, n: int, br: int, bc: int) -> None:
        field = n + 1
        stacks = n // bc
        digits = sum(1 << d * n * field for d in range(n))
        row_k, band_k = stacks.bit_length() - 1, br.bit_length() - 1
        row_last = digits * sum(1 << r * field + (stacks - 1) * bc for r in range(n))
        band_last = digits * sum(1 << (r + br - 1) * field + c
                                 for r in range(0, n, br) for c in range(0, n, bc))
        self.row_count = sum(1 << m * bc for m in range(stacks))
        self.row_carry = row_last * ((1 << row_k) - 2)
        self.row_twice = row_last << row_k
        self.row_shift = (stacks - 1) * bc + row_k
        self.band_count = sum(1 << j * field for j in range(br))
        self.band_carry = band_last * ((1 << band_k) - 2)
        self.band_twice = band_last << band_k
        self.band_shift = (br - 1) * field + band_k


class _CoverMasks:
    """What placing or removing each candidate of the exact-cover state does, by bit index.

    ``entries[index + 1]`` (``index``: the bit index of any of a candidate's four copies; one more,
    so that the search looks up a bit's ``bit_length()`` without subtracting 1 for each placement)
    is ``(keep, others)``: AND ``keep`` into the state to place the candidate (it clears every
    candidate that shares a constraint with the placed one, in all four sections, and the guard
    bits of its four constraints, which are no longer open; it keeps the placed one), and AND
    ``others`` into the candidates still to place, or into the state to remove the candidate (it
    clears the candidate's four copies). The four copies share one entry. A list rather than a dict
    because indexing a list is the cheapest lookup there is (in WebAssembly about a quarter of a
    dict's); an entry is made on first use (``entry``), so a 16×16 search holds only the masks it
    needs.
    """

    def __init__(self, n: int, box_rows: int, box_cols: int) -> None:
        self.n, self.box_rows, self.box_cols = n, box_rows, box_cols
        field = n + 1
        plane = n * field
        section = n * plane
        self.field, self.plane, self.section = field, plane, section
        fill = (1 << n) - 1
        #: Every candidate and every guard bit: the state of an empty grid, every constraint open.
        self.full = (1 << _SECTIONS * section) - 1
        self.all_digits = sum(1 << d * plane for d in range(n))
        #: Empty until made: unpacking it into two fails (see ``_settle_cover``).
        self.entries: list[tuple[int, ...]] = [()] * (_SECTIONS * section + 1)
        #: The cell section, moved down to bit 0 by ``cell_shift``: bit 0 and the guard bit of
        #: every cell's field.
        self.cell_shift = 3 * section
        self.cell_lows = sum(1 << f * field for f in range(n * n))
        self.cell_guards = self.cell_lows << n
        #: By the ``bit_length()`` of a cell's guard bit in the moved-down cell section: that
        #: cell in every plane of the row section (what branching on it tries).
        self.cell_planes: list[int] = [0] * (n * n * field + 1)
        for f in range(n * n):
            r, c = divmod(f, n)
            self.cell_planes[f * field + n + 1] = self.all_digits << r * field + c
        # Per row, column and box: the copies, in every section, of its digit-0 candidates (the
        # members of its digit-0 constraint), split into the first three sections, where digit d
        # is d planes further on, and the cell section, where it is d bits further on.
        rows_p, rows_x, cols_p, cols_x = [0] * n, [0] * n, [0] * n, [0] * n
        boxes_p, boxes_x = [0] * n, [0] * n
        for r in range(n):
            for c in range(n):
                b, _ = self._box(r, c)
                copies = self._copies(r, c)
                cell = 1 << 3 * section + (r * n + c) * field
                rows_p[r] |= copies
                rows_x[r] |= cell
                cols_p[c] |= copies
                cols_x[c] |= cell
                boxes_p[b] |= copies
                boxes_x[b] |= cell
        # Per cell, what every entry of its digits is made of (see ``entry``).
        self.cells: list[tuple[int, int, int, int, int]] = []
        for r in range(n):
            for c in range(n):
                b, _ = self._box(r, c)
                copies = self._copies(r, c)
                x_cell = 3 * section + (r * n + c) * field
                self.cells.append((
                    copies,
                    rows_p[r] | cols_p[c] | boxes_p[b],
                    rows_x[r] | cols_x[c] | boxes_x[b],
                    (copies * self.all_digits) | (fill << x_cell),
                    (1 << r * field + n) | (1 << section + c * field + n)
                    | (1 << 2 * section + b * field + n)))

    def _box(self, r: int, c: int) -> tuple[int, int]:
        """The box of cell (r, c) and the cell's place in it."""
        br, bc = self.box_rows, self.box_cols
        return (r // br) * (self.n // bc) + c // bc, (r % br) * bc + c % bc

    def _copies(self, r: int, c: int) -> int:
        """Digit 0 in cell (r, c): its copies in the row, column and box sections."""
        b, k = self._box(r, c)
        field, section = self.field, self.section
        return (1 << r * field + c) | (1 << section + c * field + r) | (
            1 << 2 * section + b * field + k)

    def candidate(self, index: int) -> tuple[int, int, int]:
        """The digit (from 0), row and column of the candidate at ``index`` in any section."""
        field, plane, n = self.field, self.plane, self.n
        kind, rest = divmod(index, self.section)
        if kind == 3:
            cell, digit = divmod(rest, field)
            return (digit, *divmod(cell, n))
        digit, rest = divmod(rest, plane)
        first, second = divmod(rest, field)
        if kind == 0:
            return digit, first, second
        if kind == 1:
            return digit, second, first
        br, bc = self.box_rows, self.box_cols
        stacks = n // bc
        return digit, first // stacks * br + second // bc, first % stacks * bc + second % bc

    def entry(self, position: int) -> tuple[int, int]:
        """Make, store under all four copies and return the entry of the candidate whose bit
        index is ``position - 1`` (its ``bit_length()``)."""
        digit, r, c = self.candidate(position - 1)
        cell = r * self.n + c
        copies, houses, houses_x, whole_cell, guards = self.cells[cell]
        shift = digit * self.plane
        x_cell = 3 * self.section + cell * self.field
        mine = (copies << shift) | (1 << x_cell + digit)
        rival = (houses << shift) | (houses_x << digit) | whole_cell
        closed = (guards << shift) | (1 << x_cell + self.n)
        entry = (self.full ^ (rival ^ mine) ^ closed, self.full ^ mine)
        while mine:
            low = mine & -mine
            mine ^= low
            self.entries[low.bit_length()] = entry
        return entry


class Layout:
    """Where each candidate lives in the search's integers, and the constant masks the bit tricks
    use.

    The *row section* (bits below ``section``) is the bitboard per digit: candidate (cell r,c;
    digit d) is bit ``d·plane + r·field + c``. Solutions, clues and banned candidates are given
    in it, and the branching and locked candidates work on it. "Plane 0" masks describe cells;
    multiplying one by ``planes`` repeats it in every plane. One shared instance per geometry
    (``layout``), read-only by convention: a plain class with slots, not a frozen dataclass, so
    that the search's many reads of it are plain slot reads and loading it does not import
    ``dataclasses``.
    """

    __slots__ = (
        "n", "field", "plane", "cells", "planes", "guards", "lows", "candidates", "section",
        "start", "field_guards", "field_lows", "box_starts", "box_spread", "column_starts",
        "band_shifts", "stack_shifts", "column_shifts", "plane_shifts", "plane_folds",
        "plane_copies", "column_copies", "stack_folds", "column_folds", "locks",
        "segment_folds",
        "segment_starts", "band_firsts", "band_spread", "row_segments", "segment_fill",
        "peers", "cell_planes", "cover")

    n: int
    field: int  # bits per row field: n columns and a guard bit
    plane: int  # bits per digit plane: n row fields
    cells: int  # plane 0: every cell
    planes: int  # bit 0 of every plane
    guards: int  # every plane: the guard bit of every row field
    lows: int  # every plane: bit 0 of every row field
    candidates: int  # the row section: every candidate
    section: int  # bits per section
    start: int  # the state of an empty grid: every candidate (exact cover: and constraint)
    field_guards: int  # all four sections: the guard bit of every field
    field_lows: int  # all four sections: bit 0 of every field
    box_starts: int  # every plane: the top-left cell of every box
    box_spread: int  # times a box start: that whole box
    column_starts: int  # every plane: row 0, whose fields end up holding the column folds
    band_shifts: tuple[int, ...]  # moving row j of a band onto the band's first row
    stack_shifts: tuple[int, ...]  # moving column j of a stack onto the stack's first column
    column_shifts: tuple[int, ...]  # moving band b's first row onto row 0
    plane_shifts: tuple[int, ...]  # 1, 2, 4, ... planes: a tree fold over the digits
    plane_folds: tuple[tuple[int, int], ...]  # ..., 4, 2, 1 planes and the planes below: see
    # ``_fold_planes``
    plane_copies: tuple[int, ...]  # shifts that copy plane 0 into every plane (see ``_copies``)
    column_copies: tuple[int, ...]  # shifts that copy row 0 into every row
    stack_folds: tuple[tuple[bool, int], ...]  # a stack's columns onto its first (``_fold_counts``)
    column_folds: tuple[tuple[bool, int], ...]  # the bands' first rows onto row 0
    locks: _LockCounts  # for ``_locks``
    segment_folds: tuple[int, ...]  # OR-ing in the cells of a segment, shifted by these
    segment_starts: int  # every plane: the first cell of every row's piece of a box (segment)
    band_firsts: int  # every plane: every row field of each band's first row
    band_spread: int  # times a bit of a band's first row: that bit in every row of the band
    row_segments: int  # times bit 0 of a row field: the start of every segment of that row
    segment_fill: int  # times a segment start: the whole segment
    peers: tuple[int, ...]  # by bit of plane 0: the cell's peers in plane 0
    cell_planes: tuple[int, ...]  # by bit of plane 0: that cell in every plane
    cover: _CoverMasks | None  # placing masks of the exact-cover state (up to 16×16)

    def __init__(self, geometry: Geometry, exact_cover: bool = True) -> None:
        """The layout of ``geometry``; with ``exact_cover`` off, a grid up to 16×16 is laid out
        as a 25×25 one is (the row section alone): the 16×16 lookahead runs on it, and tests run
        that search on grids small enough for an independent count."""
        n, br, bc = geometry.n, geometry.box_rows, geometry.box_cols
        field = n + 1
        plane = n * field
        planes = sum(1 << d * plane for d in range(n))
        cells = sum(1 << r * field + c for r in range(n) for c in range(n))
        lows = sum(1 << r * field for r in range(n)) * planes
        field_lows = sum(1 << f * field for f in range(_SECTIONS * n * n))
        plane_shifts = []
        span = 1
        while span < n:
            plane_shifts.append(span * plane)
            span *= 2
        box_starts = sum(1 << r * field + c for r in range(0, n, br) for c in range(0, n, bc))
        cover = _CoverMasks(n, br, bc) if exact_cover and n <= _COVER_UP_TO else None
        peers = [0] * plane
        cell_planes = [0] * plane
        bit_of_cell = [geometry.row_of[c] * field + geometry.col_of[c] for c in range(n * n)]
        for cell, b in enumerate(bit_of_cell):
            peers[b] = sum(1 << bit_of_cell[p] for p in geometry.peers[cell])
            cell_planes[b] = planes << b
        self.n, self.field, self.plane, self.cells, self.planes = n, field, plane, cells, planes
        self.guards = lows << n
        self.lows = lows
        self.candidates = cells * planes
        self.section = n * plane
        self.start = cells * planes if cover is None else cover.full
        self.field_guards = field_lows << n
        self.field_lows = field_lows
        self.box_starts = planes * box_starts
        self.box_spread = sum(1 << r * field + c for r in range(br) for c in range(bc))
        self.column_starts = planes * ((1 << n) - 1)
        self.band_shifts = tuple(j * field for j in range(1, br))
        self.stack_shifts = tuple(range(1, bc))
        self.column_shifts = tuple(b * br * field for b in range(1, n // br))
        self.plane_shifts = tuple(plane_shifts)
        self.plane_folds = tuple((shift, (1 << shift) - 1) for shift in reversed(plane_shifts))
        self.plane_copies = _copies(n, plane)
        self.column_copies = _copies(n, field)
        self.stack_folds = _fold_steps(bc, 1)
        self.column_folds = _fold_steps(n // br, br * field)
        self.locks = _LockCounts(n, br, bc)
        self.segment_folds = _copies(bc, 1)
        self.segment_starts = lows * sum(1 << c for c in range(0, n, bc))
        self.band_firsts = planes * sum(((1 << n) - 1) << r * field for r in range(0, n, br))
        self.band_spread = sum(1 << j * field for j in range(br))
        self.row_segments = sum(1 << c for c in range(0, n, bc))
        self.segment_fill = (1 << bc) - 1
        self.peers = tuple(peers)
        self.cell_planes = tuple(cell_planes)
        self.cover = cover


def _copies(count: int, stride: int) -> tuple[int, ...]:
    """The shifts that turn a pattern into ``count`` copies of it, ``stride`` bits apart, each
    shift OR-ed in: doubling (1, 2, 4, ... strides) and then the rest at once (25 copies: 1, 2,
    4, 8 and 9 strides).

    In CPython a multiplication by the integer with a bit at every copy's place costs about as
    much as a product of long integers; the five shifts of the copies cost a sixth of that on
    25×25 (a few hundred bits into 16,000).

    >>> pattern = 0b11
    >>> for shift in _copies(5, 3):
    ...     pattern |= pattern << shift
    >>> bin(pattern)
    '0b11011011011011'
    """
    shifts = []
    made = 1
    while 2 * made <= count:
        shifts.append(made * stride)
        made *= 2
    if made < count:
        shifts.append((count - made) * stride)
    return tuple(shifts)


def _fold_steps(count: int, unit: int) -> tuple[tuple[bool, int], ...]:
    """The steps with which ``_fold_counts`` folds ``count`` places, ``unit`` bits apart, onto
    the first: (False, shift) doubles the piece folded so far, (True, shift) adds it to the
    result, moved down past what the result already holds (shift 0: the result starts as it).

    A tree takes fewer steps than folding place after place: 5 places in 3 (1, 2, 4 places
    doubled into 4, plus the first alone), 4 in 2.

    >>> _fold_steps(5, 10)
    ((True, 0), (False, 10), (False, 20), (True, 10))
    """
    steps = []
    length, held = 1, 0
    while count:
        if count & 1:
            steps.append((True, held * unit))
            held += length
        count >>= 1
        if count:
            steps.append((False, length * unit))
            length *= 2
    return tuple(steps)


def _fold_counts(once: int, twice: int, steps: tuple[tuple[bool, int], ...]) -> tuple[int, int]:
    """Fold places onto the first by ``steps`` (``_fold_steps``), counting: where the
    candidates were seen at least once, and at least twice, given that for each place."""
    held_once = held_twice = -1  # no result yet: the first step's shift is 0
    for add, shift in steps:
        if add:
            if held_once < 0:
                held_once, held_twice = once, twice
            else:
                moved = once >> shift
                held_twice |= (twice >> shift) | (held_once & moved)
                held_once |= moved
        else:
            moved = once >> shift
            twice |= (twice >> shift) | (once & moved)
            once |= moved
    return held_once, held_twice


@lru_cache(maxsize=GEOMETRY_COUNT)
def layout(geometry: Geometry) -> Layout:
    """The shared ``Layout`` of a geometry."""
    return Layout(geometry)


def _remove(cand: int, gone: int, t: Layout) -> int:
    """``cand`` without the candidates of ``gone`` (row-section bits, all in ``cand``), in every
    section."""
    cover = t.cover
    assert cover is not None
    entries = cover.entries
    while gone:
        top = gone.bit_length()
        gone ^= 1 << top - 1
        cand &= (entries[top] or cover.entry(top))[1]
    return cand


def _settle_cover(cand: int, new: int, t: Layout, locked: bool = True) -> int | None:
    """Place the candidates of ``new`` and propagate singles (and, with ``locked``, locked
    candidates) to a fixpoint.

    ``cand`` is the state: the candidates, and in the guard bits the constraints still open (the
    grid is solved when none is). Returns the state at the fixpoint, or None on a contradiction:
    a constraint no candidate can satisfy (a cell with no candidate, or a digit with no place in
    a house). Each round places what the last one found and tests every field of every section
    at once: an empty field is a contradiction, an open field with one candidate is a single to
    place (in the cell section a naked single, in the others a hidden single). When no single is
    left, locked candidates (pointing and claiming) remove what they can, and a round starts
    again if they removed any.

    Placing closes a constraint by clearing its guard bit with the same AND that clears the
    rivals, rather than OR-ing it into a separate integer, and counts nothing; a mask not made yet
    is caught as the error of unpacking an empty entry rather than tested for, since a try costs
    nothing until it raises: in WebAssembly an operation on the 9×9 state costs most of a microsecond,
    every bytecode counts, and a hard puzzle's settles place about ten candidates each.

    >>> from .geometry import geometry_for_size
    >>> t = layout(geometry_for_size(4))
    >>> bit = lambda cell, digit: 1 << (digit - 1) * t.plane + cell // 4 * t.field + cell % 4
    >>> cand = _settle_cover(t.start, bit(0, 1) | bit(1, 2) | bit(2, 3), t)
    >>> [d for d in range(1, 5) if cand & bit(3, d)], [d for d in range(1, 5) if cand & bit(4, d)]
    ([4], [3, 4])
    """
    cover = t.cover
    assert cover is not None
    entries = cover.entries
    guards, lows, n = t.field_guards, t.field_lows, t.n
    while True:
        while new:
            try:
                keep, others = entries[new.bit_length()]
            except ValueError:  # not made yet (empty): the try costs nothing until it raises
                keep, others = cover.entry(new.bit_length())
            cand &= keep
            new &= others
        # Subtract 1 from every field with its guard bit set (so the borrow stays inside): the
        # guard bit stays set in a non-empty field. The guarded field AND its decrement holds its
        # candidates but the lowest under a set guard bit; subtracting 1 again clears the guard
        # bit where no candidate is left, so where that differs from the state's guard bit is an
        # open field with one candidate.
        guarded = cand | guards
        less = guarded - lows
        if less & guards != guards:
            return None
        one = (((guarded & less) - lows) ^ cand) & guards
        if one:
            new = (one - (one >> n)) & cand
            continue
        if not locked:
            return cand
        row_section = cand & t.candidates
        if not _locks(row_section, t):
            return cand
        gone = row_section & _locked_eliminations(row_section, t)
        if not gone:
            return cand
        cand = _remove(cand, gone, t)


def _locks(section: int, t: Layout) -> bool:
    """Whether locked candidates may remove anything from the row section ``section``: False means
    ``_locked_eliminations`` would remove none of its candidates.

    Where a digit has a place in a segment, it removes candidates when the segment is alone in
    its box (pointing) but not in its row, or alone in its row (claiming) but not in its box; so
    a segment alone in both or in neither removes nothing. Counting segments per row and per box
    (a multiplication each, with the masks of ``_LockCounts``) takes a third of the
    operations of finding what goes, and at most fixpoints of a search nothing does (on the
    forum's hardest, five times in six).

    >>> from .geometry import geometry_for_size
    >>> t = layout(geometry_for_size(4))
    >>> bit = lambda cell, digit: 1 << (digit - 1) * t.plane + cell // 4 * t.field + cell % 4
    >>> cand = t.cells * t.planes
    >>> _locks(cand, t), _locks(cand & ~(bit(4, 1) | bit(5, 1)), t)
    (False, True)
    """
    locks = t.locks
    segments = section
    for shift in t.segment_folds:
        segments |= segments >> shift
    segments &= t.segment_starts
    # A bit for every row whose digit has places in two segments or more, and for every box
    # whose digit has places in two rows or more, each spread over the row's or box's segments.
    rows = (segments * locks.row_count + locks.row_carry) & locks.row_twice
    boxes = (segments * locks.band_count + locks.band_carry) & locks.band_twice
    spread = (rows >> locks.row_shift) * t.row_segments ^ (
        boxes >> locks.band_shift) * t.band_spread
    return bool(segments & spread)


def _settle_planes(cand: int, placed: int, new: int, t: Layout,
                   locked: bool = True) -> tuple[int, int] | None:
    """Place the candidates of ``new`` and propagate singles (and, with ``locked``, locked
    candidates) to a fixpoint.

    The propagation of grids too large for the exact-cover state (``_settle_cover``): the same
    rules and fixpoint on the row section alone. Returns the candidates and the placed
    candidates (equal when the grid is solved), or None on a contradiction: a cell with no
    candidate, or a digit with no place in a house.
    Each round looks for singles, cheapest rule first: naked singles, then hidden singles in rows,
    in boxes, in columns; the first rule that finds any places all it found (every house and
    digit at once) and starts the next round. When no single is left, locked candidates
    (pointing and claiming) remove what they can, and a round starts again if they removed any.
    A round that finds and removes nothing is the fixpoint.

    >>> from .geometry import geometry_for_size
    >>> t = layout(geometry_for_size(4))
    >>> bit = lambda cell, digit: 1 << (digit - 1) * t.plane + cell // 4 * t.field + cell % 4
    >>> cand, placed = _settle_planes(t.cells * t.planes, 0, bit(0, 1) | bit(1, 2) | bit(2, 3), t)
    >>> [d for d in range(1, 5) if cand & bit(3, d)], [d for d in range(1, 5) if cand & bit(4, d)]
    ([4], [3, 4])
    """
    peers, cell_planes, plane = t.peers, t.cell_planes, t.plane
    cells, guards, lows, n = t.cells, t.guards, t.lows, t.n
    box_starts, box_spread = t.box_starts, t.box_spread
    column_starts, column_copies = t.column_starts, t.column_copies
    plane_folds, plane_copies, band_shifts = t.plane_folds, t.plane_copies, t.band_shifts
    stack_folds, column_folds = t.stack_folds, t.column_folds
    # ``a ^ (a & b)`` below is ``a & ~b`` without the negative integer ``~b``, which costs CPython
    # a two's-complement pass over every digit (and more in WebAssembly).
    while True:
        placed |= new
        while new:
            # Placing digit d in a cell keeps its bit and clears the cell's other digits and
            # the cell's peers in plane d (built here: a placing mask per candidate would take
            # 32 MB at 25×25, and clearing costs less than AND-ing with a complement).
            top = new.bit_length() - 1
            bit = 1 << top
            new ^= bit
            digit, cell = divmod(top, plane)
            cand ^= cand & (((peers[cell] << digit * plane) | cell_planes[cell]) ^ bit)
        unplaced = cand ^ (cand & placed)

        # Naked singles: fold the planes onto plane 0, noting cells seen once and twice (the
        # upper half onto the lower one, as in ``_fold_planes``).
        once = cand
        twice = 0
        for shift, below in plane_folds:
            moved = once >> shift
            once &= below
            twice = (twice & below) | (twice >> shift) | (once & moved)
            once |= moved
        if once & cells != cells:
            return None
        single = cells ^ (cells & twice)
        for shift in plane_copies:  # into every plane
            single |= single << shift
        new = single & unplaced
        if new:
            continue  # the cheapest rule: place these before looking further

        # Hidden singles in rows: subtract 1 from every row field; the guard bit stays set in a
        # non-empty field, and the field AND its decrement is zero when it holds one bit.
        less = (cand | guards) - lows
        if less & guards != guards:
            return None
        one = guards ^ ((((cand & less) | guards) - lows) & guards)
        new = (one - (one >> n)) & unplaced
        if new:
            continue

        # Fold the rows of each band onto its first row (seen once / twice per column).
        band_once = cand
        band_twice = 0
        for shift in band_shifts:
            moved = cand >> shift
            band_twice |= band_once & moved
            band_once |= moved

        # Boxes: fold the columns of each stack onto its first column.
        once, twice = _fold_counts(band_once, band_twice, stack_folds)
        if once & box_starts != box_starts:
            return None
        new = ((box_starts ^ (box_starts & twice)) * box_spread) & unplaced
        if new:
            continue

        # Columns: fold the bands' first rows onto row 0.
        once, twice = _fold_counts(band_once, band_twice, column_folds)
        if once & column_starts != column_starts:
            return None
        single = column_starts ^ (column_starts & twice)
        for shift in column_copies:  # down every column
            single |= single << shift
        new = single & unplaced
        if new:
            continue
        if not locked or not _locks(cand, t):
            return cand, placed
        gone = cand & _locked_eliminations(cand, t)
        if not gone:
            return cand, placed
        cand ^= gone


def _locked_eliminations(cand: int, t: Layout) -> int:
    """The candidates that locked candidates remove (pointing and claiming), every house at once.

    A *segment* is where a row meets a box. A digit whose candidates in a box lie in one segment
    leaves the rest of that row (pointing); a digit whose candidates in a row lie in one segment
    leaves the rest of that box (claiming). Each segment is folded onto its first cell, so one
    bit per (digit, row, box) says whether the digit has a place there.

    >>> from .geometry import geometry_for_size
    >>> t = layout(geometry_for_size(4))
    >>> bit = lambda cell, digit: 1 << (digit - 1) * t.plane + cell // 4 * t.field + cell % 4
    >>> # Digit 1 only in r1c1 or r1c2 of box 1: it leaves r1c3 and r1c4 (pointing).
    >>> cand = t.cells * t.planes & ~(bit(4, 1) | bit(5, 1))
    >>> gone = _locked_eliminations(cand, t)
    >>> [c for c in range(16) if gone & bit(c, 1)]
    [2, 3]
    """
    n = t.n
    segments = cand
    for shift in t.segment_folds:
        segments |= segments >> shift
    segments &= t.segment_starts

    # Pointing: boxes where the digit has a place in one segment only.
    once = segments
    twice = 0
    for shift in t.band_shifts:
        moved = segments >> shift
        twice |= once & moved
        once |= moved
    pointing = segments & (((once ^ (once & twice)) & t.band_firsts) * t.band_spread)
    rows = ((pointing + t.guards - t.lows) & t.guards) >> n
    spread = rows * t.row_segments
    gone = (spread ^ (spread & pointing)) * t.segment_fill

    # Claiming: rows where the digit has a place in one segment only.
    less = (segments | t.guards) - t.lows
    one = t.guards ^ ((((segments & less) | t.guards) - t.lows) & t.guards)
    claiming = (one - (one >> n)) & segments
    first = claiming
    for shift in t.band_shifts:
        first |= claiming >> shift
    first &= t.band_firsts
    spread = first * t.band_spread
    gone |= (spread ^ (spread & claiming)) * t.segment_fill
    return gone


def _fold_planes(cand: int, t: Layout) -> tuple[int, int]:
    """Fold the digit planes onto plane 0: the cells with at least two candidates, and with at
    least three.

    Each step folds the planes from a power of two on onto those below it, so the integers
    halve at every step (25 planes: 16, then 8, 4, 2, 1): less than half the work of folding the
    whole integer onto itself again and again.
    """
    once = cand
    twice = thrice = 0
    for shift, below in t.plane_folds:
        moved = once >> shift
        moved_twice = twice >> shift
        once &= below
        twice &= below
        thrice = (thrice & below) | (thrice >> shift) | (twice & moved) | (once & moved_twice)
        twice |= moved_twice | (once & moved)
        once |= moved
    return twice, thrice


def _branch(cand: int, t: Layout) -> int:
    """The candidates to branch on, one guess each: those of the first cell with the fewest.

    Cells with exactly two come from a once / twice / thrice fold over the planes; without one,
    a bit-sliced count of every cell's candidates (one binary digit per integer) finds the
    fewest. (Branching on a digit's two places in a house instead, when no cell has two, was
    measured: on the 16×16 and 25×25 sets a cell with two candidates always exists, and on the
    nearly empty grids the generator fills it made the full grids less varied.)

    >>> from .geometry import geometry_for_size
    >>> t = layout(geometry_for_size(4))
    >>> _branch(t.cells * t.planes, t) == t.planes & t.cells * t.planes
    True
    """
    twice, thrice = _fold_planes(cand, t)
    two = twice & ~thrice & t.cells
    if two:
        return ((two & -two) * t.planes) & cand
    digits: list[int] = [0] * t.n.bit_length()
    for offset in range(0, t.n * t.plane, t.plane):
        carry = cand >> offset & t.cells
        for j, digit in enumerate(digits):
            digits[j] = digit ^ carry
            carry &= digit
    fewest = thrice & t.cells
    for digit in reversed(digits):
        if fewest & ~digit:
            fewest &= ~digit
    return ((fewest & -fewest) * t.planes) & cand


def _branch_cover(cand: int, t: Layout) -> int:
    """``_branch`` on an exact-cover state at a fixpoint: the candidates of the first cell with the
    fewest, found in the cell section and returned as row-section bits (small integers to push
    and place).

    The cell section holds each cell's candidates in a field of its own, so counting them is
    field arithmetic on a quarter of the state: clearing every field's lowest candidate again and
    again (AND with the field minus 1) tells which cells have at least k+1 once they have k, and
    the first level with a cell that has exactly k is the fewest. At a fixpoint every open cell
    has two or more and a filled one exactly one, so the first level tried, two, nearly always
    answers. It costs a dozen operations on a quarter of the state, where folding the digit
    planes of the row section costs three dozen.

    >>> from .geometry import geometry_for_size
    >>> t = layout(geometry_for_size(4))
    >>> # An empty grid: every cell has four candidates, the first cell (r1c1) is chosen.
    >>> _branch_cover(t.start, t) == t.planes
    True
    """
    cover = t.cover
    assert cover is not None
    guards, lows = cover.cell_guards, cover.cell_lows
    cells = cand >> cover.cell_shift
    rest = cells & ((cells | guards) - lows)  # every cell's candidates but the lowest
    at_least = (rest | guards) - lows  # guard bits: the cells with at least two candidates
    while True:
        rest &= at_least
        more = (rest | guards) - lows  # guard bits: the cells with at least one more
        exactly = (at_least ^ more) & guards
        if exactly:
            # The lowest set bit (the first such cell's guard bit) is where subtracting 1 stops.
            return cover.cell_planes[(exactly ^ (exactly - 1)).bit_length()] & cand
        at_least = more


def _guesses(cand: int, placed: int, options: int) -> list[tuple[int, int, int]]:
    """One stack entry per candidate of ``options``, in the order to push them: the lowest
    candidate ends on top, so it is tried first."""
    guesses = []
    while options:
        top = 1 << options.bit_length() - 1
        guesses.append((cand, placed, top))
        options ^= top
    return guesses

#: From this grid size on, a search that has found no solution within ``_PLAIN_NODES`` nodes
#: starts again from the top and looks ahead before every guess (``_lookahead``). On the seeded
#: 25×25 sets plain guessing solves most puzzles within 20 nodes (a few milliseconds) and a few
#: within 500, but on the loosest ones it runs for minutes: there the lookahead takes about a
#: second. 300 plain nodes (some 60 ms) before it measured a little better than 100 or 1000.
#: Looking ahead from the start would make every easy puzzle several times dearer. On 16×16
#: the plain nodes are the exact-cover state's and the lookahead's the row section's: on the
#: seeded minimal 16×16 set that took the worst puzzle from 0.5 s to 0.1 s and halved the total.
#: A 16×16 search with a budget (the generator's uniqueness tests, whose budgets count plain
#: nodes) stays plain. Smaller grids (9×9 and the rest) start again so only after
#: ``_SMALL_PLAIN_NODES``: plain search is fast enough for every puzzle that has a solution there.
_LOOKAHEAD_FROM = 16
_PLAIN_NODES = 300
#: Plain nodes before a search of a grid under 16×16 that has found nothing starts again with the
#: lookahead, once. Counting up to two solutions of 3,436 hard 9×9 puzzles (top95, top1465, the
#: 17-clue sample, Norvig's hardest and the forum's hardest 2011) took at most 3,564 nodes, so none
#: of them starts again; a 9×9 puzzle without a solution that plain search took 4.7 million nodes
#: (20 s) to refute (``tests/test_search.py``) is refuted by the lookahead in a few milliseconds.
_SMALL_PLAIN_NODES = 20_000


@lru_cache(maxsize=GEOMETRY_COUNT)
def _row_layout(n: int) -> Layout:
    """The row-section layout of an n×n grid (square boxes) searched on the exact-cover state,
    for its lookahead."""
    return Layout(geometry_for_size(n), exact_cover=False)


#: What placing each candidate (by bit index) led to in one state: the settled state, or None.
Probes = dict[int, "tuple[int, int] | None"]


def _lookahead(cand: int, done: int, t: Layout,
               earlier: Probes) -> tuple[list[tuple[int, int, int]], int, Probes]:
    """The guesses to push (the last one is tried first) after looking one placement ahead in
    every choice between two candidates, how many placements that tried, and what they led to.

    The choices are a cell's two candidates and a digit's two places in a house
    (``_two_way_choices``). Placing each side of a choice and propagating shows what each guess
    would lead to; a candidate in several choices is placed once. A candidate that leads to a
    contradiction is a failed literal: the other side of its choice is forced. When both sides
    survive, a candidate that neither side leaves is in no solution (one side holds in each), so
    it goes too (a *dilemma*, as in Stålmarck's method; on the loosest seeded 25×25 puzzles it
    cut the worst time by about 40%). After either, the scan goes on from the new state over the
    choices not yet probed (starting over probed most choices again and again); that state is
    then the only guess pushed, and the search looks again from there. When no choice forces
    anything, the search branches on the choice whose weaker guess removes the most candidates
    (ties: whose stronger one does), the most constrained in what its guesses do rather than in
    how many options it has now; the guesses go on the stack already propagated. This is what
    cuts the heavy tail of large loose grids: a wrong early guess that plain propagation refutes
    only dozens of levels down is refuted, or never chosen, at once. Probing the digits' places
    as well as the cells finds more failed literals and better choices: on the loosest seeded
    25×25 puzzles the search tree shrank about twentyfold. Without any two-way choice it falls
    back to ``_branch``.

    Each probe starts from what the same placement led to in the states this one came from
    (``earlier``, see ``_probe``): the same outcomes, about 30% sooner. The probes made here are
    returned for the guesses' own lookahead. It works on the row-section state (``cand`` and
    ``done`` as ``_settle_planes`` returns them): 25×25 has no exact-cover state, and a 16×16
    search starts its lookahead afresh on the row section (``raw_solutions``).

    A candidate that a successful probe placed is *implied* by that probe's candidate (march's
    implied literals): propagation only removes candidates, so placing it alone cannot fail and
    keeps at least what that probe kept. About 60% of the probes placed such candidates. A choice
    with an implied side not yet probed is probed only where that could change the outcome:
    where what its sides keep at least (all of it for a probed side, else what its impliers kept
    between them) misses some candidate, so that it might be a dilemma; or where the gains that
    bound could still beat the best score. Those last are put off to the end of the scan (the
    best known and the bounds tighter by then) and probed in scan order, a tie going to the
    first, so the same choice wins and the search tree is the one of probing every choice. On
    the seeded 25×25 sets (random, random seed 14, unique) and the unique 16×16 set the probes
    fell from 17,348, 115,937, 121,731 and 18,756 to 11,121, 81,016, 94,588 and 14,888, and
    CPU time by 7 to 11% (2.36 → 2.14, 14.36 → 12.81 and 14.92 → 13.85 s; the 16×16 set's stayed
    1.07 s): nine in ten of the probes left out would have started from an earlier state's
    outcome (one in six costing nothing), and the bookkeeping costs some. Putting off every
    choice with an implied side instead, and dropping them once the scan forced something, made
    fewer probes but lost dilemmas: line 1 of bench/data/random25x25.txt took 66 lookahead nodes
    instead of 35 and the set 1.78 → 2.89 s.

    Measured against this and not kept, on Alain Frisch's 16 minimal 25×25 puzzles (it solves
    six of them within 30 CPU seconds, the first not within 300) and the seeded 25×25 sets:
    restarts with a varied choice order (scores and sides jittered per restart, budgets growing
    1.5× from 4,000 probes); a choice scored by the product of its two gains; the side that
    removes fewer, or more, candidates tried first; choices weighted by the failed literals met
    in their cells (after Gecode's accumulated-failure branching); a burst of plain guesses
    below each branching. On Frisch's puzzles the restarts and the product each solved six
    within 30 s, each a different six, and the weights the same four of the first eleven. On the
    seeded sets fewer first sent a puzzle of about a second to the 30 s cap, more first one of
    0.7 s to 12.6 s, and the bursts cost 15 to 28% more. Régin's matching filter for every house
    inside the probes made the trees 2 to 3.7 times smaller and the search 3 to 7 times slower.
    A clause-learning search on the candidates left (a prototype) took 8 s and 4,000 conflicts
    on the Frisch puzzle this solves in 3 s, and had not solved the first after 20,000 conflicts
    (53 s). Counting-based branching (Pesant, Quimper and Zanarini's maxSD: the candidate most
    likely in a solution by the Minc–Brègman bound on its houses' graphs, placed or removed)
    solved none of Frisch's first six in 30 s on its own (about 50,000 nodes each); as this
    lookahead's branching it solved one of the first seven (25 s), and choosing only which side
    goes first two, where this solves three.
    Two plain searches do not cure the slowest seeded loose puzzles either (lines 1 and 3 of
    bench/data/random25x25.txt, which this solves in 0.4 and 0.7 s): guessing with the
    two-candidate cell and the digit order drawn at random, 30 draws of up to 3,000 nodes each
    solved line 1 in none and line 3 in six (the fewest 1,329 nodes); guessing on full matching
    consistency (Régin's filter on every house to a fixpoint, fewest candidates first) solved
    neither within 3,000 nodes. Probing only the first 60, 100 or 200 choices of each scan moved
    single puzzles either way by the luck of the decisions (that set's line 3: 0.65 → 0.42 s with
    100, the seeded unique set's worst 1.1 → 1.6 s with 60), the 60-puzzle set's total by under 1%,
    and solved no more of Frisch's.

    >>> from .geometry import geometry_for_size
    >>> t = Layout(geometry_for_size(6), exact_cover=False)
    >>> bit = lambda cell, digit: 1 << (digit - 1) * t.plane + cell // 6 * t.field + cell % 6
    >>> # Row 1: r1c1, r1c2 and r1c3 hold only 1 and 2 (three cells, two digits).
    >>> gone = sum(bit(c, d) for c in range(3) for d in range(3, 7))
    >>> gone |= sum(bit(c, d) for c in range(3, 6) for d in (1, 2))
    >>> _lookahead(t.start ^ gone, 0, t, {})[:2]  # r1c1 = 1 and 2 both fail: a dead end
    ([], 2)
    """
    section = cand & t.candidates
    pending = _two_way_choices(section, t)
    if not pending:
        return _guesses(cand, done, _branch(section, t)), 0, earlier
    count = cand.bit_count()
    best = (-1, -1)
    best_at = 0  # the scan position of the choice that scored ``best``: the first one wins a tie
    chosen: list[tuple[int, int, int]] = []
    tried = 0
    forced = False
    probed: set[tuple[int, int]] = set()  # not probed again after a forced candidate
    seen: Probes = {}  # what placing each candidate (by bit index) led to
    # By bit index, for a candidate that a successful probe placed (so it is implied), what those
    # probes kept between them: its own probe cannot fail and keeps at least that.
    kept: dict[int, int] = {}
    put_off: list[tuple[int, tuple[int, int]]] = []  # choices to score after the scan, by position
    position = 0

    def probe(index: int) -> tuple[int, int] | None:
        """What placing the candidate at ``index`` leads to here, probed once; a placement that
        holds adds what it kept to every candidate it placed."""
        nonlocal tried
        if index in seen:
            return seen[index]
        tried += 1
        outcome = seen[index] = _probe(cand, done, index, earlier, t)
        if outcome is not None:
            left, placed = outcome
            new = placed ^ done  # a handful of bits: peeling them is cheapest
            while new:
                top = new.bit_length() - 1
                new ^= 1 << top
                kept[top] = kept.get(top, 0) | left
        return outcome

    def ceiling(options: tuple[int, int]) -> tuple[int, int] | None:
        """The score the choice would get at most, or None if it might be a dilemma, from what
        each side keeps at least (all of it if probed). Both sides hold: none is a failed
        literal."""
        covers = []
        for index in options:
            outcome = seen.get(index)
            covers.append(kept[index] if outcome is None else outcome[0])
        one, other = covers
        if section ^ (section & (one | other)):
            return None
        low, high = sorted((count - one.bit_count(), count - other.bit_count()))
        return low, high

    while pending:
        options = pending.pop()
        probed.add(options)
        position += 1
        first, second = options
        if (first in kept and first not in seen) or (second in kept and second not in seen):
            # A side is implied: probe it only if the choice might be a dilemma or the best.
            if all(probe(index) is not None for index in options if index not in kept):
                limit = ceiling(options)
                if limit is not None:
                    if not forced and limit > best:
                        put_off.append((position, options))
                    continue
        one, other = probe(first), probe(second)
        if one is not None and other is not None:
            # One side holds in every solution: what both sides remove is in none (a dilemma).
            gone = section ^ (section & (one[0] | other[0]))
            if not gone:
                if not forced:  # only a forced state is pushed: an earlier state's scores are moot
                    gains = sorted((count - one[0].bit_count(), count - other[0].bit_count()))
                    if (gains[0], gains[1]) > best:
                        best, best_at = (gains[0], gains[1]), position
                        chosen = [(other[0], other[1], 0), (one[0], one[1], 0)]
                continue
            tried += 1
            now = _settle_planes(cand ^ gone, done, 0, t)
        else:
            now = one or other  # a failed side forces the other
        if now is None:
            return [], tried, {}  # a dead end
        cand, done = now
        section = cand & t.candidates
        earlier, seen, kept = {**earlier, **seen}, {}, {}
        forced = True
        pending = [p for p in _two_way_choices(section, t) if p not in probed]
    if forced:
        return [(cand, done, 0)], tried, {**earlier, **seen}
    # The choices put off, probed in scan order if they can still win (the probes since may
    # have lowered their ceilings): the same choice wins as if every choice had been probed.
    for at, options in put_off:
        limit = ceiling(options)
        assert limit is not None  # what the sides keep at least has only grown since
        if limit < best or (limit == best and at > best_at):
            continue
        one, other = probe(options[0]), probe(options[1])
        assert one is not None and other is not None  # put off only with both sides holding
        gains = sorted((count - one[0].bit_count(), count - other[0].bit_count()))
        if (gains[0], gains[1]) > best or ((gains[0], gains[1]) == best and at < best_at):
            best, best_at = (gains[0], gains[1]), at
            chosen = [(other[0], other[1], 0), (one[0], one[1], 0)]
    return chosen, tried, {**earlier, **seen}


def _probe(cand: int, done: int, index: int, earlier: Probes,
           t: Layout) -> tuple[int, int] | None:
    """Place the candidate at bit ``index`` and settle, starting from what placing it led to in
    an earlier state (``earlier``: the probes of states that ``cand`` descends from) if any.

    Propagation only removes candidates, so from a state with fewer candidates the same
    placement leads to fewer still: settling ``cand`` AND the earlier outcome reaches the same
    fixpoint as placing the candidate afresh, without placing again what the earlier probe
    placed. A candidate that failed earlier fails again.
    """
    if index not in earlier:
        return _settle_planes(cand, done, 1 << index, t)
    before = earlier[index]
    if before is None:
        return None
    left = cand & before[0]
    if left == before[0]:  # nothing left it since: that probe was made in this very state
        return before
    return _settle_planes(left, done | before[1], 0, t)


def _two_way_choices(section: int, t: Layout) -> list[tuple[int, int]]:
    """Every choice between two candidates in the row section ``section``, as the pair of
    candidate bit indices, in the order to pop them: cells with two candidates, then digits with
    two places in a row, in a column, in a box (each from the first one on).

    Counting "once / twice / three times" while folding finds them every house at once, as the
    settle function's folds do: rows from each field's two lowest bits, boxes and columns from
    folding each band's rows and then the boxes' columns or the bands' first rows. The two
    places of each are then read from the section's binary text (a slice per cell or house, its
    first and last "1"): a few hundred choices cost a few hundred slices rather than as many
    operations on the whole section.

    >>> from .geometry import geometry_for_size
    >>> t = layout(geometry_for_size(4))
    >>> bit = lambda cell, digit: 1 << (digit - 1) * t.plane + cell // 4 * t.field + cell % 4
    >>> # Digit 1 only in r1c1 and r2c2: two places in box 1 (and r1c2 left with 2 and 3).
    >>> section = t.cells * t.planes & ~sum(bit(c, 1) for c in range(16) if c not in (0, 5))
    >>> section &= ~bit(1, 4)
    >>> [[(c, d) for c in range(16) for d in range(1, 5) if bit(c, d) in (1 << i, 1 << j)]
    ...  for i, j in reversed(_two_way_choices(section, t))]
    [[(1, 2), (1, 3)], [(0, 1), (5, 1)]]
    """
    guards, lows, n, field, plane = t.guards, t.lows, t.n, t.field, t.plane
    bits = format(section, f"0{t.section}b")[::-1]  # bits[i]: bit i of the section
    choices = []
    twice, thrice = _fold_planes(section, t)
    for cell in sparse_bit_indices((twice ^ (twice & thrice)) & t.cells):
        digits = bits[cell::plane]
        choices.append((cell + digits.find("1") * plane, cell + digits.rfind("1") * plane))

    # Rows: drop each field's lowest bit twice (subtract 1 under the guard bit, AND); a field
    # with two places is non-empty after the first drop and empty after the second.
    second = section & ((section | guards) - lows)
    third = second & ((second | guards) - lows)
    rows = ((second | guards) - lows) & guards
    rows ^= rows & ((third | guards) - lows)
    for guard in sparse_bit_indices(rows):
        first = guard - n
        places = bits[first:guard]
        choices.append((first + places.find("1"), first + places.rfind("1")))

    # Each band's rows onto its first row, counting.
    band_once, band_twice, band_thrice = section, 0, 0
    for shift in t.band_shifts:
        moved = section >> shift
        band_thrice |= band_twice & moved
        band_twice |= band_once & moved
        band_once |= moved
    # A column's places are every field-th character of the text from its row-0 bit; a box's
    # are its rows' slices of box_cols characters (offsets from its first cell, in order).
    box_cols = len(t.stack_shifts) + 1
    box_rows = (0, *t.band_shifts)
    box_cells = [j + k for j in box_rows for k in range(box_cols)]
    column_end = n * field
    for shifts, starts in ((t.column_shifts, t.column_starts), (t.stack_shifts, t.box_starts)):
        once, twice, thrice = band_once, band_twice, band_thrice
        for shift in shifts:
            moved_once, moved_twice = band_once >> shift, band_twice >> shift
            thrice |= (band_thrice >> shift) | (twice & moved_once) | (once & moved_twice)
            twice |= moved_twice | (once & moved_once)
            once |= moved_once
        pairs = sparse_bit_indices((twice ^ (twice & thrice)) & starts)
        if starts is t.column_starts:
            for start in pairs:
                places = bits[start:start + column_end:field]
                choices.append((start + places.find("1") * field,
                                start + places.rfind("1") * field))
        else:
            for start in pairs:
                places = "".join([bits[start + j:start + j + box_cols] for j in box_rows])
                choices.append((start + box_cells[places.find("1")],
                                start + box_cells[places.rfind("1")]))
    return list(dict.fromkeys(reversed(choices)))  # a row's pair may lie in a box too


class SearchBudgetExceeded(Exception):
    """``raw_solutions`` visited more nodes than its budget allowed."""


def candidate_bit(t: Layout, cell: int, digit: int) -> int:
    """The bit that stands for ``digit`` in ``cell`` in the search's candidate integers."""
    row, col = divmod(cell, t.n)
    return 1 << (digit - 1) * t.plane + row * t.field + col


def clue_bits(t: Layout, values: Sequence[int]) -> int:
    """Every clue of ``values`` (0 for a blank) as candidate bits."""
    found = 0
    for cell, value in enumerate(values):
        if value:
            found |= candidate_bit(t, cell, value)
    return found


@lru_cache(maxsize=GEOMETRY_COUNT)
def candidate_bits(t: Layout) -> tuple[tuple[int, ...], ...]:
    """Per cell, the bit of each digit 1..n (``candidate_bit``): made once per grid size, since a
    file of puzzles would otherwise make it once per puzzle."""
    return tuple(tuple(candidate_bit(t, cell, digit) for digit in range(1, t.n + 1))
                 for cell in range(t.n * t.n))


def position_bits(t: Layout, values: Sequence[int], candidates: Sequence[int]) -> tuple[int, int]:
    """A position (digits, and candidate masks of its empty cells) as the search takes it: its
    digits as clues, and as banned every candidate an empty cell no longer has."""
    bits = candidate_bits(t)
    banned = 0
    for cell, (value, mask) in enumerate(zip(values, candidates)):
        if not value:
            banned |= sum(bit for digit, bit in enumerate(bits[cell]) if not mask >> digit & 1)
    return clue_bits(t, values), banned


def raw_solutions(t: Layout, clues: int, banned: int = 0,
                  budget: int | None = None, prefer: int = 0, *,
                  restart: bool = False) -> Iterator[int]:
    """Every solution from ``clues`` that uses no candidate of ``banned``, as candidate integers.

    The search itself, on raw integers (one bit per cell in a solution), in a fixed order: the
    public functions build ``Grid``s from it, and the generator, which asks thousands of such
    questions, reads the integers directly. After ``budget`` nodes (each placement the lookahead
    tries counts as one) it raises ``SearchBudgetExceeded``.

    A guess on the exact-cover state tries the candidate of ``prefer`` (at most one per cell, a
    solution's) first, then the others in the usual order; grids without that state (25×25)
    ignore it. The generator, looking for a solution other than one it knows, prefers the
    known one: another solution mostly differs from it in a few cells, and guesses that keep
    the known digits reach it soonest (in four 16×16 Expert runs the searches that found one
    took half the nodes, the two slowest 375 nodes instead of 166,000). A search that finds
    none visits the same nodes either way.

    Large grids start with plain guesses; one that yields nothing within ``_PLAIN_NODES`` nodes
    starts again from the top with the lookahead, at 16×16 on the row-section state (see
    ``_LOOKAHEAD_FROM``); smaller ones likewise after ``_SMALL_PLAIN_NODES``. Once a solution is yielded the search never starts again, so no
    solution comes twice: it goes on with plain guesses, and looks ahead again (from the nodes
    still to visit) after ``_PLAIN_NODES`` nodes without another.

    With a budget, a search of 16×16 or smaller stays plain, as the generator's uniqueness tests
    need (their budgets count plain nodes, and a seed gives the puzzles it gave), unless
    ``restart``: then it starts again as an unbudgeted one does, the plain nodes counted in the
    budget. A question that must be answered, such as whether a typed puzzle has a solution,
    restarts: a 16×16 puzzle with several solutions that the lookahead finds in 0.1 s ran through
    the classification's 200,000 plain nodes (6 s) and was left unknown.
    """
    lookahead = False
    if t.cover is not None:
        patience = (None if budget is not None and not restart
                    else _PLAIN_NODES if t.n >= _LOOKAHEAD_FROM else _SMALL_PLAIN_NODES)
        if not (yield from _cover_solutions(t, clues, banned, budget, patience, prefer)):
            return
        if budget is not None and patience is not None:
            budget -= patience  # spent on the plain search before it started again
        t, lookahead = _row_layout(t.n), True
    # Each entry: the state, the candidates placed so far, candidates to place now. The state is
    # solved when every candidate left is placed.
    candidates = t.candidates
    start = (candidates ^ (candidates & banned), 0, clues)
    stack = [start]
    # With the lookahead: per stack entry, the probes of the state it came from.
    probes: list[Probes] = [{}] if lookahead else []
    armed = t.n >= _LOOKAHEAD_FROM
    patience = _PLAIN_NODES if armed and not lookahead else None
    found = False
    while stack:
        if budget is not None:
            budget -= 1
            if budget < 0:
                raise SearchBudgetExceeded
        if patience is not None:
            if patience == 0:
                if found:  # never start again: look ahead from here on
                    probes, lookahead, patience = [{}] * len(stack), True, None
                else:
                    stack, probes, lookahead, patience = [start], [{}], True, None
            else:
                patience -= 1
        settled = _settle_planes(*stack.pop(), t)
        earlier = probes.pop() if lookahead else {}
        if settled is None:
            continue
        cand, done = settled
        if done == cand:
            # Where solutions come one after another (counting them), plain guesses find the
            # next soonest: a lookahead node costs a hundred probes. A stretch of patience
            # without one turns the lookahead on again.
            found = True
            lookahead, probes = False, []
            patience = _PLAIN_NODES if armed else None
            yield cand & candidates
            continue
        if lookahead:
            guesses, tried, seen = _lookahead(cand, done, t, earlier)
            if budget is not None:
                budget -= tried
            stack += guesses
            probes += [seen] * len(guesses)
            continue
        stack += _guesses(cand, done, _branch(cand & candidates, t))


def _cover_solutions(t: Layout, clues: int, banned: int, budget: int | None,
                     patience: int | None = None,
                     prefer: int = 0) -> Generator[int, None, bool]:
    """``raw_solutions`` on the exact-cover state (up to 16×16): plain guesses, each stack entry
    a state and the candidates to place in it, the grid solved when no constraint is open; a
    guess tries the candidate of ``prefer`` first.

    A loop of its own, without the lookahead's bookkeeping, because a hard 9×9 puzzle visits a
    few hundred nodes of a few microseconds each. With ``patience`` (fewer nodes than the
    budget, if any), a search that has yielded nothing after that many nodes stops and returns
    True: the caller starts again with the lookahead. Both limits share one count and one test
    (the nearer limit's), so the 9×9 loop pays nothing for the second.
    """
    guards, candidates = t.field_guards, t.candidates
    stack = [(_remove(t.start, banned, t), clues)]
    if patience is not None and budget is not None and patience >= budget:
        patience = None  # the budget runs out first
    limit = budget if patience is None else patience
    left = limit
    while stack:
        if left is not None:
            left -= 1
            if left < 0:
                if patience is not None:
                    return True
                raise SearchBudgetExceeded
        state, new = stack.pop()  # a call with * would build a tuple and take the slow path
        cand = _settle_cover(state, new, t)
        if cand is None:
            continue
        if not cand & guards:
            if patience is not None:  # found: never start again, and only the budget is left
                assert limit is not None and left is not None
                left = None if budget is None else budget - (limit - left)
                patience = None
            yield cand & candidates
            continue
        options = _branch_cover(cand, t)
        first = options & prefer
        options ^= first
        while options:  # the lowest candidate ends on top, so it is tried first
            top = 1 << options.bit_length() - 1
            stack.append((cand, top))
            options ^= top
        if first:  # unless one is preferred
            stack.append((cand, first))
    return False


def placeable(t: Layout, clues: int, banned: int, tries: Iterable[int], most: int) -> int:
    """Of the candidates ``tries`` (row-section bits, tried in order), those placed one after
    another from ``clues`` without ``banned``, up to ``most`` of them: each is kept only if it is
    still a candidate and propagating it meets no contradiction, and stays placed for the next.
    0 when the clues themselves meet one. A search through all of them need not find a solution,
    but one through candidates chosen so mostly does. On the row-section state only (grids
    without the exact-cover state, and ``Layout(exact_cover=False)``).

    >>> from .geometry import geometry_for_size
    >>> t = Layout(geometry_for_size(4), exact_cover=False)
    >>> bit = lambda cell, digit: 1 << (digit - 1) * t.plane + cell // 4 * t.field + cell % 4
    >>> # r1c1 = 1 leaves r1c2 no 1; r1c2 = 2 goes with it; a third is one too many.
    >>> placeable(t, 0, 0, [bit(0, 1), bit(1, 1), bit(1, 2), bit(2, 3)], 2) == bit(0, 1) | bit(1, 2)
    True
    """
    assert t.cover is None
    state = _settle_planes(t.candidates ^ (t.candidates & banned), 0, clues, t)
    placed = 0
    for bit in tries:
        if state is None or most == 0:
            break
        if not state[0] & bit:
            continue
        trial = _settle_planes(state[0], state[1], bit, t)
        if trial is not None:
            state = trial
            placed |= bit
            most -= 1
    return placed


def solved_by_singles(t: Layout, clues: int) -> bool:
    """Whether naked and hidden singles alone fill the grid from ``clues`` (candidate bits).

    The search's propagation is exactly these two rules, on every house and digit at once.
    """
    if t.cover is None:
        planes = _settle_planes(t.start, 0, clues, t, locked=False)
        return planes is not None and planes[0] == planes[1]
    settled = _settle_cover(t.start, clues, t, locked=False)
    return settled is not None and not settled & t.field_guards


def fill_singles_fast(geometry: Geometry, values: list[int], candidates: list[int]) -> bool:
    """Place every naked and hidden single in a board's lists (``values``, and ``candidates`` as
    masks with bit d-1 for digit d, 0 where a value stands) by the search's propagation, or
    return False and leave them as they were.

    Grading fills singles on lists, cell by cell and house by house; the search's singles do
    the same on every house and digit at once (about a third of the time on 16×16). Both rules
    only ever remove candidates, so from a board that holds together they reach one fixpoint in
    any order, and this fills the lists with it. It returns False, for the caller's own loop,
    unless the board and the fixpoint hold together: a value among a cell's candidates or
    beside its own digit in a house, an empty cell, or a digit with no place in a house. There
    the outcome depends on the order in which the singles were placed.
    """
    t = layout(geometry)
    if t.cover is not None:
        t = _row_layout(t.n)
    width = 16 if t.n <= 16 else 32
    placed = _row_section_of(t, _packed_values(t, values, width), width)
    cand = _row_section_of(t, _packed_masks(t, candidates, width), width)
    if not _holds_together(t, placed, cand):
        return False
    settled = _settle_planes(cand | placed, placed, 0, t, locked=False)
    if settled is None:
        return False
    cand, done = settled
    candidates[:] = _cell_masks_of(t, cand ^ done, width)
    new = done ^ placed
    n, field, plane = t.n, t.field, t.plane
    while new:
        top = new.bit_length() - 1
        new ^= 1 << top
        digit, bit = divmod(top, plane)
        row, col = divmod(bit, field)
        values[row * n + col] = digit + 1
    return True


def _row_section_of(t: Layout, packed: bytes, width: int) -> int:
    """Per-cell digit masks, packed (``width`` bits each, little-endian, a guard cell after each
    row: ``_packed_masks``, ``_packed_values``) as row-section bits without a loop over the
    candidates: the binary text of the packed integer read every ``width``-th character from
    each digit's place."""
    text = format(int.from_bytes(packed, "little"), f"0{8 * len(packed)}b")
    return int("".join([text[width - 1 - digit::width]
                        for digit in range(t.n - 1, -1, -1)]), 2)


def _packed_masks(t: Layout, masks: list[int], width: int) -> bytes:
    """Candidate masks packed for ``_row_section_of``."""
    n = t.n
    padded: list[int] = []
    for start in range(0, n * n, n):
        padded += masks[start:start + n]
        padded.append(0)
    packed = array("H" if width == 16 else "I", padded)
    if sys.byteorder != "little":
        packed.byteswap()
    return packed.tobytes()


def _packed_values(t: Layout, values: list[int], width: int) -> bytes:
    """Values (0 for none) as one-digit masks packed for ``_row_section_of``: each byte of the
    masks is a translation of the values' bytes."""
    n, step = t.n, width // 8
    raw = bytes(values)
    padded = bytearray(n * t.field)
    for start in range(0, n * n, n):
        at = start + start // n
        padded[at:at + n] = raw[start:start + n]
    packed = bytearray(step * len(padded))
    for k in range(step):
        packed[k::step] = padded.translate(_ONE_HOT[k])
    return bytes(packed)


#: Byte k of the mask of the digit that is a byte's value (byte 0: none), for ``bytes.translate``.
_ONE_HOT = tuple(bytes((1 << value >> 1 >> 8 * k) & 255 for value in range(256))
                 for k in range(4))


def _cell_masks_of(t: Layout, section: int, width: int) -> list[int]:
    """The per-cell digit masks of row-section bits: ``_row_section_of`` backwards, each digit
    plane's binary text written into every ``width``-th character of the cells' text."""
    plane = t.plane
    text = format(section, f"0{width * plane}b").encode()
    cells = bytearray(len(text))
    for k in range(width):
        cells[k::width] = text[k * plane:(k + 1) * plane]
    packed = array("H" if width == 16 else "I", int(cells, 2).to_bytes(len(text) // 8, "little"))
    if sys.byteorder != "little":
        packed.byteswap()
    masks = packed.tolist()
    del masks[t.n::t.field]  # the rows' guard cells
    return masks


def _holds_together(t: Layout, placed: int, cand: int) -> bool:
    """Whether no cell holds both a value and candidates, and no digit placed in a house is
    there again (as a value or a candidate): the board on which any order of singles gives
    the same lists."""
    cells_placed, cells_open = placed, cand
    for shift, below in t.plane_folds:
        cells_placed = (cells_placed & below) | (cells_placed >> shift)
        cells_open = (cells_open & below) | (cells_open >> shift)
    if cells_placed & cells_open:
        return False
    both = cand | placed
    guards, lows = t.guards, t.lows
    rows_placed = ((placed | guards) - lows) & guards
    second = both & ((both | guards) - lows)
    if rows_placed & ((second | guards) - lows):
        return False
    band_once, band_twice, band_placed = both, 0, placed
    for shift in t.band_shifts:
        moved = both >> shift
        band_twice |= band_once & moved
        band_once |= moved
        band_placed |= placed >> shift
    for steps, starts in ((t.stack_folds, t.box_starts), (t.column_folds, t.column_starts)):
        _, twice = _fold_counts(band_once, band_twice, steps)
        seen, _ = _fold_counts(band_placed, 0, steps)
        if seen & twice & starts:
            return False
    return True


def _search(grid: Grid) -> Iterator[int]:
    """Every solution of ``grid`` as a candidate integer, in a fixed order."""
    t = layout(grid.geometry)
    return raw_solutions(t, clue_bits(t, grid.values))


def solution_values(t: Layout, cand: int) -> list[int]:
    """Each cell's digit in a solution given as candidate bits (0 where ``cand`` has none)."""
    values = [0] * (t.n * t.n)
    while cand:
        low = cand & -cand
        cand ^= low
        digit, bit = divmod(low.bit_length() - 1, t.plane)
        row, col = divmod(bit, t.field)
        values[row * t.n + col] = digit + 1
    return values


def _to_grid(geometry: Geometry, cand: int) -> Grid:
    return Grid(geometry, tuple(solution_values(layout(geometry), cand)))


def _limit(limit: int | None) -> int | None:
    """``limit`` once it is a count (or None): a clear error rather than ``islice``'s.

    >>> _limit(-1)
    Traceback (most recent call last):
    ...
    ValueError: limit is a number of solutions, 0 or more (or None for all), not -1
    """
    if limit is not None and (not isinstance(limit, int) or isinstance(limit, bool) or limit < 0):
        raise ValueError(f"limit is a number of solutions, 0 or more (or None for all), "
                         f"not {limit!r}")
    return limit


def iter_solutions(grid: Grid, limit: int | None = None) -> Iterator[Grid]:
    """The distinct solutions of ``grid`` (at most ``limit``), in a fixed order.

    >>> [str(g) for g in iter_solutions(Grid.parse("12.." "34.." "...." "...."), limit=2)]
    ['1234341221434321', '1234341223414123']
    """
    for cand in islice(_search(grid), _limit(limit)):
        yield _to_grid(grid.geometry, cand)


def solve(grid: Grid) -> Grid | None:
    """The first solution, or None when there is none (also for a grid with a repeated digit).

    >>> solve(Grid.parse("11" + "." * 14, check=False) ) is None
    True
    """
    for cand in _search(grid):
        return _to_grid(grid.geometry, cand)
    return None


class _Spelling(Frozen):
    """How one alphabet spells a grid size's digits, for reading and writing lines directly."""

    bits: dict[str, tuple[int, ...]]  # a digit's symbol (either case) → its bit in each cell
    blanks: str
    symbols: str
    hex_line: dict[int, int | None] | None  # str.translate table from hex digits (n ≤ 15) to symbols

    def __init__(self, bits: dict[str, tuple[int, ...]], blanks: str, symbols: str,
                 hex_line: dict[int, int | None] | None) -> None:
        object.__setattr__(self, "bits", bits)
        object.__setattr__(self, "blanks", blanks)
        object.__setattr__(self, "symbols", symbols)
        object.__setattr__(self, "hex_line", hex_line)


@lru_cache(maxsize=GEOMETRY_COUNT * len(ALPHABETS))
def _spelling(geometry: Geometry, alphabet: str) -> _Spelling:
    t = layout(geometry)
    symbols = symbols_for(geometry.n, alphabet)
    offsets = [r * t.field + c for r in range(t.n) for c in range(t.n)]  # as in candidate_bit
    bits: dict[str, tuple[int, ...]] = {}
    for digit, symbol in enumerate(symbols):
        row = tuple(1 << digit * t.plane + offset for offset in offsets)
        bits[symbol] = bits[symbol.lower()] = row
    hex_line = (str.maketrans("123456789abcdef"[:geometry.n], symbols, "0")
                if geometry.n < 16 else None)
    return _Spelling(bits, ALPHABETS[alphabet][1], symbols, hex_line)


def _plain_clues(text: str, alphabet: str) -> tuple[Layout, int] | None:
    """The layout and clue bits of a puzzle written as one plain line (n² symbols and blanks,
    nothing else), read without building a ``Grid``; None for any other text."""
    n = size_for_cell_count(len(text))
    if n is None:
        return None
    geometry = geometry_for_size(n)
    spelling = _spelling(geometry, alphabet)
    blanks, bits = spelling.blanks, spelling.bits
    clues = 0
    for cell, char in enumerate(text):
        if char not in blanks:
            row = bits.get(char)
            if row is None:
                return None
            clues |= row[cell]
    return layout(geometry), clues


def _line(t: Layout, solution: int, alphabet: str) -> str:
    """A solution (one candidate per cell) as one line of symbols.

    Up to 15×15, each digit plane's binary text read as hexadecimal turns every cell into one
    hex digit (the guard bits into zeros), so the line is a few whole-plane operations instead
    of a loop over the cells.
    """
    spelling = _spelling(geometry_for_size(t.n), alphabet)
    if spelling.hex_line is None:
        return "".join(spelling.symbols[v - 1] for v in solution_values(t, solution))
    total = 0
    for digit in range(1, t.n + 1):
        total += digit * int(bin(solution >> (digit - 1) * t.plane & t.cells)[2:], 16)
    return format(total, f"0{t.plane}x")[::-1].translate(spelling.hex_line)


def iter_solution_lines(text: str, alphabet: str = "digits",
                        limit: int | None = None) -> Iterator[str]:
    """The solutions of the puzzle ``text`` as lines (at most ``limit``), in the order of
    ``iter_solutions``: the command line's path, which builds no ``Grid`` for a plain line.

    Other text, and a plain line without a solution (which may repeat a digit in a house), go
    through ``Grid.parse``, so bad input raises its ``PuzzleFormatError`` or ``ConflictError``.

    >>> list(iter_solution_lines("12.." "34.." "...." "....", limit=2))
    ['1234341221434321', '1234341223414123']
    >>> list(iter_solution_lines("1..1" + "." * 12))
    Traceback (most recent call last):
    ...
    pysolver.errors.ConflictError: two 1s in row 1: r1c1 and r1c4
    """
    plain = _plain_clues(text, alphabet)
    if plain is None:
        grid = Grid.parse(text, alphabet=alphabet)
        t = layout(grid.geometry)
        plain = t, clue_bits(t, grid.values)
    t, clues = plain
    found = False
    for solution in islice(raw_solutions(t, clues), _limit(limit)):
        found = True
        yield _line(t, solution, alphabet)
    if not found:
        Grid.parse(text, alphabet=alphabet)


def solve_line(text: str, alphabet: str = "digits") -> str | None:
    """The first solution of the puzzle ``text`` as one line, or None when it has none.

    >>> solve_line("12.." "34.." "...." "....")
    '1234341221434321'
    """
    return next(iter_solution_lines(text, alphabet, 1), None)


def count_line(text: str, alphabet: str = "digits", limit: int | None = None) -> int:
    """How many solutions the puzzle ``text`` has, counting no further than ``limit``; bad input
    raises as ``iter_solution_lines`` says.

    >>> count_line("." * 16, limit=10)
    10
    """
    plain = _plain_clues(text, alphabet)
    if plain is None:
        return count_solutions(Grid.parse(text, alphabet=alphabet), limit)
    found = sum(1 for _ in islice(raw_solutions(*plain), _limit(limit)))
    if not found:
        Grid.parse(text, alphabet=alphabet)
    return found


def count_solutions(grid: Grid, limit: int | None = None) -> int:
    """How many solutions ``grid`` has, counting no further than ``limit``.

    >>> count_solutions(Grid.empty(4)), count_solutions(Grid.empty(9), limit=5)
    (288, 5)
    """
    return sum(1 for _ in islice(_search(grid), _limit(limit)))


def uniqueness(grid: Grid) -> Uniqueness:
    """'none', 'unique' or 'multiple': whether the puzzle is proper, from its first two solutions.

    >>> uniqueness(Grid.empty(4))
    'multiple'
    """
    found = count_solutions(grid, limit=2)
    return "none" if found == 0 else "unique" if found == 1 else "multiple"
