"""Whether a board is open: every candidate of it lies in some solution, so no deduction exists.

A sound deduction removes only candidates that lie in no solution, and places a digit only where
every solution has it. When each candidate of every empty cell lies in some solution (each has a
*witness*, a solution holding it) and no empty cell is down to one candidate, there is nothing
left to deduce: every sound technique finds nothing, however long it looks. A nearly empty board
is such a board, and there the forcing nets would search for seconds (most of a minute at 25×25)
only to say so; a few solutions show it at once.

Solutions come from the search engine and, far more cheaply, from the solutions it found: moving
a Sudoku grid's rows cyclically within every band and its bands cyclically (and the same for
columns) gives another grid, and renaming its digits so that the board's digits come back where
they are gives another solution of the board whenever the new digits are candidates of their
cells. On a board with a few digits, one search and its n² moves witness nearly every candidate.
Each further search goes through the first candidate still without a witness, so a candidate
without any solution ends the question at once (something is to be deduced), as does a board with
one solution, after two searches. On a nearly empty board (where the moves are tried) it first
tries to go through up to n of them at once, one per cell and none at odds with the others,
within a small budget: where the moves fit no longer (a row and two digits placed on an
empty 25×25 grid), one search then witnesses n candidates instead of a few, and a dozen searches
show such a board open where the forcing nets took half a minute to find nothing. When none goes
through them all, the first one's own search answers as before. A puzzle's board has too many
digits for it: there the search through many mostly fails, after its budget, before the one
that refutes a candidate (on 16×16 puzzles it doubled the time the question took).

A board whose digits leave whole rows, bands, columns or stacks empty (a puzzle typed row by
row, or the tutor's guesses filling the first rows of an empty grid) has moves of its own, on any
number of digits: shifting the empty rows of a band cyclically among themselves, and the empty
bands cyclically (turning their rows too), and the same for columns, keeps every digit where it is
and each cell in its houses. One solution so moved gives each cell of an empty band the digits
that its column holds across all the empty bands: with 30 digits typed into the first rows of a
25×25 grid, the first search leaves 2,625 of the 13,398 candidates without a witness, where it
left 12,803.

The last few solutions found, of earlier boards, are tried the same way before any search: after
a Guess the board before it was open, and one of its solutions, moved and renamed, usually fits.

A candidate whose search finds no solution is kept with its board: a later board whose
solutions are among that board's (a step or a digit placed since) and that still has the
candidate is not open either, and is answered at once. Without this each step of a 25×25 puzzle
not known to be unique searched again, for over a second, through the same candidate.

The work is bounded by counts (nodes per search, searches, filled cells for the moves), never by
the clock, so the answer is the same on every machine: ``False`` when the work runs out, and the
techniques then look as before. A kept solution may turn such a ``False`` into ``True``, but the
engine's answer does not change either way: an open board has no step to find.

>>> from pysolver.grid import Grid
>>> is_open(Board.from_grid(Grid.parse("1" + "." * 80)))
True
>>> is_open(Board.from_grid(Grid.parse(".1..2.34.4..1..5....67.8....214..75.57..1..89.39..641....9.78....5..1..7.98.3..6.")))
False
"""

from __future__ import annotations

from collections import deque
from functools import lru_cache
from typing import Sequence

from .board import Board
from .geometry import Geometry
from .search import (Layout, SearchBudgetExceeded, candidate_bit, layout, placeable,
                     position_bits, raw_solutions, solution_values)

#: Nodes one search may visit before the question is given up (on an open board a search finds
#: a solution in about one node per empty cell, the 25×25 ones in a few thousand).
SEARCH_NODES = 20_000
#: The last solutions found (of any board), with their grid's shape: tried first, before a search.
_recent: deque[tuple[Geometry, list[int]]] = deque(maxlen=4)
#: Boards shown not open, each with a candidate in none of its solutions (None: it has none).
_refuted: deque[tuple[Board, tuple[int, int] | None]] = deque(maxlen=4)
#: Searches before the question is given up: this over n, at least 4 (a small board needs more
#: of them, its moves being few, and a large board's searches cost the most).
SEARCHES_TIMES_N = 96
#: Nodes a search through several candidates at once may visit (``_through_many``): on an open
#: 25×25 board one through 25 of them takes a few thousand; one that runs out of them costs a
#: fourth of a search's budget before the search through one candidate alone.
MANY_NODES = 5_000
#: The moves of a solution, and searches through many candidates, are tried while the board has at
#: most this many digits times n: each move costs a look at every digit of the board.
FILLED_PER_DIGIT = 2


@lru_cache(maxsize=4)
def is_open(board: Board, exhaustive: bool = False) -> bool:
    """Whether every candidate of ``board`` lies in some solution and no empty cell has only one
    (then no sound step exists); False too when the bounded work could not show it. The last few
    answers are kept: a view asks before Step or Hint asks again about the same board.

    ``exhaustive``: search once through every candidate still without a witness, not a few times
    only (each search witnesses at least the candidate it goes through), so that only a search's
    node budget can leave the answer unknown. For a board where every technique has already found
    nothing: there the answer says why, and the work is small beside the techniques'. A nearly
    empty board (at most ``FILLED_PER_DIGIT`` digits times n) up to 16×16 is always asked so: its
    searches take milliseconds, and after the bounded question gives up the forcing nets search
    for seconds only to find nothing (20 digits typed into the first band of a 16×16 grid: a Hint
    took 3.3 s, 0.4 s asked so). A 25×25 search through many candidates that finds none costs a
    third of a second, so there the bounded question stays."""
    empty = board.empty_cells()
    candidates = board.candidates
    if not empty or any(candidates[c].bit_count() < 2 for c in empty):
        return False
    if _refuted_before(board):
        return False
    geo = board.geometry
    t = layout(geo)
    clues, banned = position_bits(t, board.values, candidates)
    unwitnessed = {c: candidates[c] for c in empty}
    filled = [(c, v) for c, v in enumerate(board.values) if v]
    sparse = len(filled) <= FILLED_PER_DIGIT * geo.n
    exhaustive = exhaustive or sparse and t.cover is not None
    moves = (_moves(geo) if sparse else ()) + _fixing_moves(
        geo, frozenset(c // geo.n for c, _ in filled), frozenset(c % geo.n for c, _ in filled))
    # The solutions found for earlier boards come first: after a Guess or a digit placed, the board
    # before it was open, and a solution of it with the new digit, moved and renamed, fits.
    for solution in [seen for shape, seen in _recent if shape == geo]:
        if _witness_moves(unwitnessed, solution, moves, filled, candidates, empty, geo.n):
            return True
    through = 0  # the candidate the next solution must hold (none for the first)
    target: tuple[int, int] | None = None  # that candidate as (cell, digit)
    left = _count(unwitnessed)
    searches = 1 + left if exhaustive else max(4, SEARCHES_TIMES_N // geo.n)
    done = 0
    while True:
        found = (None if target is None or not sparse
                 else _through_many(t, clues, banned, unwitnessed, geo))
        if found is None:  # none through them all: the one alone says whether it has any
            try:
                found = next(raw_solutions(t, clues | through, banned, budget=SEARCH_NODES,
                                           prefer=_preferred(t, unwitnessed, done)), None)
            except SearchBudgetExceeded:
                return False
        if found is None:
            _refuted.append((board, target))
            return False
        solution = solution_values(t, found)
        _recent.append((geo, solution))
        _witness(unwitnessed, solution)
        if _witness_moves(unwitnessed, solution, moves, filled, candidates, empty, geo.n):
            return True
        done += 1
        before, left = left, _count(unwitnessed)
        # Past its searches, a board goes on while each search witnesses half of what a search
        # through several candidates can (n of them, or all that are left), up to n searches:
        # such a board is most likely open, and the forcing nets would take far longer to
        # find nothing on it.
        if done >= searches and (done >= max(searches, geo.n)
                                 or 2 * (before - left) < min(geo.n, before)):
            return False
        cell = min(unwitnessed)
        low = unwitnessed[cell] & -unwitnessed[cell]
        target = (cell, low.bit_length())
        through = candidate_bit(t, cell, target[1])


def _through_many(t: Layout, clues: int, banned: int, unwitnessed: dict[int, int],
                  geo: Geometry) -> int | None:
    """A solution through several candidates without a witness at once, up to n of them (one per
    cell, from the first cell on); None when there are fewer than two or no solution is found
    within ``MANY_NODES``.

    Up to 16×16 each next one is the first of its cell whose digit is in none of the chosen ones'
    houses. At 25×25 each is placed and propagated in turn (``search.placeable``), and one that
    meets a contradiction is passed over: with a band's digits typed, the candidates so chosen
    were at odds at once in nearly every search, and each search alone (a third of a second)
    witnessed a few more (54 s and 122 searches to show a third of a 25×25 band typed open;
    12 s and 35 searches when chosen by propagation). Where the candidates so chosen still have
    no solution together, the search through them runs to its budget before the one alone: with
    30 digits typed into a 25×25 puzzle's first rows the question took 19 s instead of 12, but
    with 45 it now shows the board open (25 s) where it ran out of budget (4 s) and left the
    forcing nets to search. Up to 16×16 a search costs milliseconds, and propagating first made
    the question slower (a third of a 16×16 band: 0.11 → 0.41 s)."""
    if t.cover is None:
        tries = (candidate_bit(t, cell, digit) for cell in sorted(unwitnessed)
                 for digit in range(1, geo.n + 1) if unwitnessed[cell] >> digit - 1 & 1)
        through = placeable(t, clues, banned, tries, geo.n)
    else:
        through = _apart(t, unwitnessed, geo)
    if through.bit_count() < 2:
        return None
    try:
        return next(raw_solutions(t, clues | through, banned, budget=MANY_NODES), None)
    except SearchBudgetExceeded:
        return None


def _apart(t: Layout, unwitnessed: dict[int, int], geo: Geometry) -> int:
    """Up to n candidates without a witness, one per cell from the first cell on, each the first
    of its cell whose digit is in none of the chosen ones' houses (candidate bits)."""
    taken: set[tuple[int, int]] = set()  # (house, digit) of the candidates chosen
    through = 0
    chosen = 0
    for cell in sorted(unwitnessed):
        if chosen == geo.n:
            break
        mask = unwitnessed[cell]
        while mask:
            low = mask & -mask
            mask ^= low
            digit = low.bit_length()
            keys = [(house, digit) for house in geo.houses_of[cell]]
            if any(key in taken for key in keys):
                continue
            taken.update(keys)
            through |= candidate_bit(t, cell, digit)
            chosen += 1
            break
    return through


def _preferred(t: Layout, unwitnessed: dict[int, int], turn: int) -> int:
    """One candidate without a witness per cell, for the search to try first where it guesses
    (``raw_solutions``' ``prefer``; grids up to 16×16), the ``turn``-th of each cell's in turn: a
    search steered so tends to witness many at once, where one steered by nothing finds much the
    same solutions again and again (20 digits typed into the first band of a 16×16 grid: shown
    open after 54 searches instead of 99)."""
    preferred = 0
    for cell, mask in unwitnessed.items():
        digits = [digit for digit in range(1, mask.bit_length() + 1) if mask >> digit - 1 & 1]
        preferred |= candidate_bit(t, cell, digits[turn % len(digits)])
    return preferred


def _count(unwitnessed: dict[int, int]) -> int:
    """How many candidates are still without a witness."""
    return sum(mask.bit_count() for mask in unwitnessed.values())


def _refuted_before(board: Board) -> bool:
    """Whether an earlier board shown not open shows ``board`` is not either: ``board``'s solutions
    are among its solutions (each cell's digit or candidates among that board's), and the
    candidate in none of them is still a candidate here (or that board had no solution at all).
    An open board has a solution through each of its candidates, so the answer is the one a
    search would give."""
    for earlier, target in _refuted:
        if earlier.geometry is not board.geometry or not _within(board, earlier):
            continue
        if target is None or board.candidates[target[0]] >> target[1] - 1 & 1:
            return True
    return False


def _within(board: Board, earlier: Board) -> bool:
    """Whether every solution of ``board`` is one of ``earlier``'s: each cell allows (holds, or
    has as a candidate) no digit that it does not allow there."""
    return all(_allowed(value, mask) & ~_allowed(before, was) == 0
               for value, mask, before, was in zip(board.values, board.candidates,
                                                   earlier.values, earlier.candidates))


def _allowed(value: int, candidates: int) -> int:
    """The digits a cell allows, as a mask: its digit's bit, else its candidates."""
    return 1 << value - 1 if value else candidates


def _witness_moves(unwitnessed: dict[int, int], solution: list[int],
                   moves: Sequence[Sequence[int]], filled: list[tuple[int, int]],
                   candidates: tuple[int, ...], empty: list[int], n: int) -> bool:
    """Strike the candidates of every move of ``solution`` that fits the board; whether none is
    left (the moves stop there)."""
    for index, move in enumerate(moves):
        if not unwitnessed:
            break
        moved = _moved(solution, move, index, filled, candidates, empty, n)
        if moved is not None:
            _witness(unwitnessed, moved)
    return not unwitnessed


def _witness(unwitnessed: dict[int, int], solution: list[int]) -> None:
    """Strike the candidates ``solution`` holds from ``unwitnessed`` (cell: mask still to see)."""
    for cell in list(unwitnessed):
        left = unwitnessed[cell] & ~(1 << solution[cell] - 1)
        if left:
            unwitnessed[cell] = left
        else:
            del unwitnessed[cell]


def _moved(solution: list[int], move: Sequence[int], turn: int, filled: list[tuple[int, int]],
           candidates: tuple[int, ...], empty: list[int], n: int) -> list[int] | None:
    """``solution`` moved by ``move`` (the cell each cell's digit comes from), its digits renamed
    so that the board's digits are where they are and the others in order, turned by ``turn``
    places (each move turns them differently, so the moved solutions differ more); None when no
    renaming does, or a digit lands outside its cell's candidates."""
    rename = [0] * (n + 1)
    used = [False] * (n + 1)
    for cell, value in filled:
        digit = solution[move[cell]]
        if rename[digit] != value:
            if rename[digit] or used[value]:
                return None
            rename[digit] = value
            used[value] = True
    free = [d for d in range(1, n + 1) if not used[d]]
    for digit in range(1, n + 1):
        if not rename[digit]:
            rename[digit] = free[turn % len(free)]
            turn += 1
    moved = [rename[solution[i]] for i in move]
    if all(candidates[c] >> moved[c] - 1 & 1 for c in empty):
        return moved
    return None


@lru_cache(maxsize=4)
def _moves(geo: Geometry) -> tuple[tuple[int, ...], ...]:
    """The n² moves that shift rows cyclically within every band and bands cyclically (n row
    shifts), then columns the same way: each as the cell each cell's digit comes from; the
    first leaves every digit where it is."""
    return _line_moves(geo, frozenset(), frozenset())


@lru_cache(maxsize=4)
def _fixing_moves(geo: Geometry, used_rows: frozenset[int],
                  used_columns: frozenset[int]) -> tuple[tuple[int, ...], ...]:
    """The moves that keep every digit of the board where it is (its rows ``used_rows``, its
    columns ``used_columns``): rows without a digit shifted among the empty rows of their band,
    empty bands among the empty bands, and columns likewise; none when no line is empty, and not
    the move that moves nothing. Each keeps every cell in its row's band and its column's stack,
    so a Sudoku grid stays one."""
    return _line_moves(geo, used_rows, used_columns)[1:]


def _line_moves(geo: Geometry, used_rows: frozenset[int],
                used_columns: frozenset[int]) -> tuple[tuple[int, ...], ...]:
    """Each row map with each column map (``_line_maps``) as a move: the cell each cell's digit
    comes from."""
    n = geo.n
    return tuple(tuple(rows[r] * n + columns[c] for r in range(n) for c in range(n))
                 for rows in _line_maps(n, geo.box_rows, used_rows)
                 for columns in _line_maps(n, geo.box_cols, used_columns))


def _line_maps(size: int, block: int, used: frozenset[int]) -> list[tuple[int, ...]]:
    """Maps of the lines (rows or columns, ``block`` to a band or stack) that leave each used line
    in place, as the line each line's digits come from, the first leaving every line in place.

    The k-th map takes each empty block's lines from the empty block k // block places on, k
    places on within it, and the empty lines of every other block from the empty line k places
    on in it: over the maps, the digits of a line in an empty block come from every line of
    every empty block, and those of an empty line of another block from every empty line of its
    block. With no line used, these are the n cyclic shifts of ``_moves``."""
    blocks = [list(range(start, start + block)) for start in range(0, size, block)]
    empty_blocks = [lines for lines in blocks if used.isdisjoint(lines)]
    empty_lines = [[line for line in lines if line not in used]
                   for lines in blocks if not used.isdisjoint(lines)]
    count = max([1, len(empty_blocks) * block] + [len(lines) for lines in empty_lines])
    maps = []
    for k in range(count):
        source = list(range(size))
        for index, lines in enumerate(empty_blocks):
            origin = empty_blocks[(index + k // block) % len(empty_blocks)]
            for offset, line in enumerate(lines):
                source[line] = origin[(offset + k) % block]
        for lines in empty_lines:
            for index, line in enumerate(lines):
                source[line] = lines[(index + k) % len(lines)]
        maps.append(tuple(source))
    return list(dict.fromkeys(maps))
