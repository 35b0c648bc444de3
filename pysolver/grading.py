"""Difficulty grading: what the logic engine needs to finish a puzzle, and a HoDoKu-style score.

The level is the hardest family of technique the engine uses: *Easy* needs only naked and
hidden singles, *Medium* adds the intersections (pointing, claiming), *Hard* adds chain or pile
exclusion of size 2–3 in a house (naked and hidden pairs and triples), *Expert* adds larger chains
and piles or any fish, and *Needs guessing* means the logic stalls. Because the engine always takes
the simplest step available (``logic.next_step``), the hardest step of its solve path is the
simplest hardest step any solver with these techniques could use.

The score follows HoDoKu (``StepConfig``): every step adds the weight of its technique, singles 4
and 14, intersections 50, pairs 60/70, triples 80/100, quads 120/150, X-Wing 140, Swordfish 150,
Jellyfish 160, larger fish 470. When the logic stalls, HoDoKu's "brute force" step places the
solution's digit in a cell (weight 10000) and the logic goes on; we do the same in the cell with the
fewest candidates, so a rating never backtracks and always ends.

>>> from pysolver.logic import FIGURE_4_2
>>> rating = rate(Grid.parse(FIGURE_4_2))
>>> rating.level.display, rating.score, rating.hardest
('Easy', 184, 'Naked Single')
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable

from .bitsets import unions
from .board import Board
from .errors import PuzzleError
from .geometry import GEOMETRY_COUNT, Geometry
from .grid import Grid
from .levels import Level
from .logic import DEFAULT, Settings, apply_step, next_step
from .search import count_solutions, fill_singles_fast, solve
from .step import Step
from .techniques.guessing import GUESS
from .techniques.intersections import CLAIMING, POINTING
from .techniques.singles import HIDDEN_SINGLE, NAKED_SINGLE

__all__ = ["Level", "Rating", "TechniqueCount", "fill_basics", "fill_singles", "grade",
           "level_within", "rate", "rate_without_guessing", "step_level", "step_weight"]


#: Pointing (farhiongit/sudoku-solver's region exclusion) (norvig_easy50): solved by singles and
#: intersections, not singles alone.
POINTING_EXAMPLE = ("1..92....524.1...........7..5...81.2........."
                    "4.27...9..6...........3.945....71..6")
#: HoDoKu's weight for its "brute force" step, our guess that the solution confirms.
GUESS_WEIGHT = GUESS.weight
#: Hears a rating at work: the steps taken so far, the guesses among them, and what is being done
#: now in words ("trying XY-Wing"); rating a 25×25 puzzle can take minutes.
RateProgress = Callable[[int, int, str], None]
#: The techniques ``fill_basics`` applies without building steps.
_BASICS = (NAKED_SINGLE, HIDDEN_SINGLE, POINTING, CLAIMING)
_BASIC_SLUGS = frozenset(record.slug for record in _BASICS)


def step_level(step: Step) -> Level:
    """The level a step belongs to, from its technique's record.

    >>> from pysolver.techniques.exclusion import CHAIN_EXCLUSION, PILE_EXCLUSION
    >>> step_level(Step(PILE_EXCLUSION, "Hidden Triple", "", size=3)).display
    'Hard'
    >>> step_level(Step(CHAIN_EXCLUSION, "Naked Quad", "", size=4)).display
    'Expert'
    """
    return step.technique.grade(step.size)[0]


def step_weight(step: Step) -> int:
    """HoDoKu's weight of a step, from its technique's record.

    >>> from pysolver.techniques.exclusion import FISH, PILE_EXCLUSION
    >>> step_weight(Step(FISH, "X-Wing", "", size=2))
    140
    >>> step_weight(Step(PILE_EXCLUSION, "Hidden Subset of 6", "", size=6))
    210
    """
    return step.technique.grade(step.size)[1]


@dataclass(frozen=True)
class TechniqueCount:
    """How often one technique (by its display name, e.g. ``Naked Pair``) was used."""

    name: str
    technique: str  # the slug: naked-single, …, fish, guess
    level: Level
    weight: int
    count: int

    def to_json(self) -> dict[str, Any]:
        """Plain data for ``rate --json`` and the worker."""
        return {"name": self.name, "technique": self.technique, "level": self.level.slug,
                "weight": self.weight, "count": self.count}


@dataclass(frozen=True)
class Rating:
    """A puzzle's level, score, and the techniques its solve used (easiest first)."""

    level: Level
    score: int
    techniques: tuple[TechniqueCount, ...]
    unique: bool

    @property
    def hardest(self) -> str | None:
        """The display name of the hardest technique used (None for a puzzle given solved)."""
        if not self.techniques:
            return None
        return max(self.techniques, key=lambda t: (t.level, t.weight)).name

    @property
    def guesses(self) -> int:
        """How many cells had to be guessed (each from the solution, as HoDoKu's brute force)."""
        return sum(t.count for t in self.techniques if t.technique == GUESS.slug)

    def to_json(self) -> dict[str, Any]:
        """Plain data: level slug and display name, score, hardest, guesses, technique counts."""
        return {"level": self.level.slug, "level_name": self.level.display, "score": self.score,
                "hardest": self.hardest, "guesses": self.guesses, "unique": self.unique,
                "techniques": [t.to_json() for t in self.techniques]}


def rate(grid: Grid, disabled: frozenset[str] = frozenset(),
         progress: RateProgress | None = None) -> Rating:
    """Solve by logic, guessing from the solution where the logic stalls; count and weigh the steps.

    Techniques whose slugs are in ``disabled`` are not used; the uniqueness techniques only when
    the puzzle has one solution. A puzzle with several solutions is rated along its first solution
    (``unique`` is then False); one without a solution raises ``PuzzleError``. Steps are counted
    by technique slug and size (a naked pair and a naked triple are both chain exclusion, weighed
    apart), never by display text. ``progress`` hears the work as it goes.
    """
    rating = _rate(grid, disabled, guess=True, progress=progress)
    assert rating is not None  # with guessing the solve always ends
    return rating


def rate_without_guessing(grid: Grid, disabled: frozenset[str] = frozenset()) -> Rating | None:
    """``rate``, or None as soon as the logic stalls.

    With costly techniques in ``disabled`` that the engine tries last (the forcing chains), a
    puzzle the rest of the logic finishes gets exactly the rating ``rate`` gives it with
    everything on, since the engine never reaches them; one that would need them is given up at
    the stall instead of being guessed through. The generator grades its hardest 16×16 puzzles so,
    once each.
    """
    return _rate(grid, disabled, guess=False)


def _rate(grid: Grid, disabled: frozenset[str], guess: bool,
          progress: RateProgress | None = None) -> Rating | None:
    """The rating of ``rate``; at a stall None unless ``guess``."""
    taken = guesses = 0

    def trying(doing: str) -> None:
        if progress is not None:
            progress(taken, guesses, doing)

    trying("counting the solutions")
    solution = solve(grid)
    if solution is None:
        raise PuzzleError("the puzzle has no solution, so it cannot be rated")
    unique = count_solutions(grid, 2) == 1
    settings = Settings(disabled=disabled, unique=unique)
    counts: dict[tuple[str, int], TechniqueCount] = {}

    def count(step: Step) -> int:
        level, weight = step.technique.grade(step.size)
        key = (step.technique.slug, step.size if step.technique.grades else 0)
        previous = counts.get(key)
        counts[key] = TechniqueCount(step.name, step.technique.slug, level, weight,
                                     previous.count + 1 if previous else 1)
        return weight

    board = Board.from_grid(grid)
    score = 0
    while True:
        step = next_step(board, settings, None if progress is None else trying)
        if step is not None:
            board = apply_step(board, step)
            score += count(step)
            taken += 1
            continue
        if board.is_solved():
            break
        if not guess:
            return None
        cell = min(board.empty_cells(), key=lambda c: board.candidates[c].bit_count())
        board = board.apply(placements=((cell, solution[cell]),))
        score += count(Step(GUESS, GUESS.title, "", size=board.candidates[cell].bit_count()))
        taken += 1
        guesses += 1
    techniques = tuple(sorted(counts.values(), key=lambda t: (t.level, t.weight, t.name)))
    level = max((t.level for t in techniques), default=Level.EASY)
    return Rating(level, score, techniques, unique)


def fill_singles(board: Board) -> Board:
    """The board after every naked and hidden single, in one go (stops early at a contradiction).

    The engine takes singles first and singles never block one another, so its board after its
    last single is this one; skipping its ``Step`` objects (a private candidate list changed in
    place) makes grading several times faster, as the generator grades thousands of puzzles.

    >>> from pysolver.logic import FIGURE_4_2
    >>> fill_singles(Board.from_grid(Grid.parse(FIGURE_4_2))).is_solved()
    True
    """
    values, candidates = list(board.values), list(board.candidates)
    _place_singles(board.geometry, values, candidates)
    return Board(board.geometry, board.givens, tuple(values), tuple(candidates))


def fill_basics(board: Board) -> tuple[Board, bool]:
    """The board after singles and intersections (pointing, claiming), and whether any
    intersection removed a candidate.

    Both rules only ever remove candidates and stay true when others go, so they reach one
    fixpoint in any order: the engine's board when it first needs a harder step. The engine
    takes an intersection exactly when one applies at a singles fixpoint, which is when the
    first intersection here removes something; so the flag says whether its path is *Medium*.

    >>> board, used = fill_basics(Board.from_grid(Grid.parse(POINTING_EXAMPLE)))
    >>> board.is_solved(), used
    (True, True)
    """
    geo = board.geometry
    values, candidates = list(board.values), list(board.candidates)
    segments, cuts_of = _segments(geo), _cuts_of(geo)
    used = False
    while _place_singles(geo, values, candidates) and not all(values):
        if not _remove_locked(candidates, segments, cuts_of):
            break
        used = True
    return Board(geo, board.givens, tuple(values), tuple(candidates)), used


#: A box-line intersection: its cells, and (as indices into the list of intersections) the
#: others of its line and of its box that cut the box along the same kind of line. The others
#: cover the rest of the line and the rest of the box exactly, once each.
_Segment = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]


@lru_cache(maxsize=GEOMETRY_COUNT)
def _segments(geo: Geometry) -> tuple[_Segment, ...]:
    """Every box-line intersection of the grid, rows' first, each with its line's and its box's
    other intersections."""
    n = geo.n
    cuts = []  # (line, box, cells)
    for line in range(2 * n):
        cells = geo.houses[line]
        for box in sorted({geo.box_of[c] for c in cells}):
            cuts.append((line, box, tuple(c for c in cells if geo.box_of[c] == box)))
    return tuple(
        (inside,
         tuple(k for k, (other, _, _) in enumerate(cuts) if other == line and k != index),
         tuple(k for k, (other, in_box, _) in enumerate(cuts)
               if in_box == box and (other < n) == (line < n) and k != index))
        for index, (line, box, inside) in enumerate(cuts))


@lru_cache(maxsize=GEOMETRY_COUNT)
def _cuts_of(geo: Geometry) -> tuple[tuple[int, ...], ...]:
    """Per cell, the two intersections (row's, column's) that hold it, as indices."""
    cuts: list[list[int]] = [[] for _ in range(geo.cell_count)]
    for index, (inside, _, _) in enumerate(_segments(geo)):
        for cell in inside:
            cuts[cell].append(index)
    return tuple(tuple(held) for held in cuts)


def _remove_locked(candidates: list[int], segments: tuple[_Segment, ...],
                   cuts_of: tuple[tuple[int, ...], ...]) -> bool:
    """One sweep of pointing and claiming over every intersection; whether anything went.

    A digit of the intersection missing from the rest of the box leaves the rest of the line
    (pointing); one missing from the rest of the line leaves the rest of the box (claiming).
    Each intersection's digits are gathered once and the rests read from its neighbours' (those
    of the cells that lose a digit gathered again), a few reads where every cell of the line and
    box would be many.
    """
    removed = False
    held = unions(candidates, (inside for inside, _, _ in segments))
    for index, (inside, line_rest, box_rest) in enumerate(segments):
        here = held[index]
        if not here:
            continue
        line_other = box_other = 0
        for other in line_rest:
            line_other |= held[other]
        for other in box_rest:
            box_other |= held[other]
        pointing = here & ~box_other & line_other
        claiming = here & ~line_other & box_other
        if not pointing and not claiming:
            continue
        removed = True
        changed: set[int] = set()
        for others, gone in ((line_rest, pointing), (box_rest, claiming)):
            if gone:
                for other in others:
                    for cell in segments[other][0]:
                        candidates[cell] &= ~gone
                        changed.update(cuts_of[cell])
        for other in changed:
            here = 0
            for cell in segments[other][0]:
                here |= candidates[cell]
            held[other] = here
    return removed


def _place_singles(geo: Geometry, values: list[int], candidates: list[int]) -> bool:
    """Place naked and hidden singles in the lists until none is left; False at a contradiction
    (an empty cell without candidates).

    The search's propagation fills a board that holds together at once (``fill_singles_fast``,
    the same lists); the others go cell by cell (``_place_singles_in_order``), since what is
    left at a contradiction depends on the order.
    """
    return fill_singles_fast(geo, values, candidates) or _place_singles_in_order(
        geo, values, candidates)


def _place_singles_in_order(geo: Geometry, values: list[int], candidates: list[int]) -> bool:
    """``_place_singles`` cell by cell, then house by house, again while any is placed."""
    peers, houses = geo.peers, geo.houses

    def place(cell: int, bit: int) -> None:
        values[cell] = bit.bit_length()
        candidates[cell] = 0
        clear = ~bit
        for peer in peers[cell]:
            candidates[peer] &= clear

    placed = 1
    while placed:
        placed = 0
        for cell, mask in enumerate(candidates):
            if mask and not mask & (mask - 1):
                place(cell, mask)
                placed += 1
            elif not mask and not values[cell]:
                return False
        for house in houses:
            once = twice = 0
            for cell in house:
                mask = candidates[cell]
                twice |= once & mask
                once |= mask
            hidden = once & ~twice
            while hidden:
                bit = hidden & -hidden
                hidden ^= bit
                for cell in house:
                    if candidates[cell] & bit:
                        place(cell, bit)
                        placed += 1
                        break
    return True


def level_within(grid: Grid, ceiling: Level, settings: Settings = DEFAULT) -> Level | None:
    """The puzzle's level if it is at most ``ceiling``, else None; stops at the first harder step.

    The generator asks this for thousands of puzzles, so singles and intersections are filled
    in by ``fill_basics`` and only the harder steps go through the engine with ``settings`` (the
    generator's puzzles are unique, so it allows the uniqueness techniques); no rating is built.
    A puzzle whose logic stalls is ``GUESSING`` (it need not be unique).

    >>> from pysolver.logic import FIGURE_4_2
    >>> level_within(Grid.parse(FIGURE_4_2), Level.EASY)
    <Level.EASY: 0>
    >>> level_within(Grid.parse(POINTING_EXAMPLE), Level.EASY) is None
    True
    >>> level_within(Grid.empty(4), Level.EXPERT) is None
    True
    """
    board = Board.from_grid(grid)
    level = Level.EASY
    # The engine is only asked at a fixpoint of the basics, where they find nothing.
    beyond = Settings(disabled=settings.disabled | _BASIC_SLUGS, unique=settings.unique)
    while True:
        if ceiling is Level.EASY:
            board = fill_singles(board)
        else:
            board, used = fill_basics(board)
            if used:
                level = max(level, Level.MEDIUM)
        if level > ceiling:
            return None
        if board.is_solved():
            return level
        step = None if ceiling is Level.EASY else next_step(board, beyond)
        if step is None:
            return Level.GUESSING if ceiling is Level.GUESSING else None
        level = max(level, step_level(step))
        if level > ceiling:
            return None
        board = apply_step(board, step)


def grade(grid: Grid) -> Level:
    """The puzzle's level (``GUESSING`` when the logic stalls).

    >>> grade(Grid.parse("1.3." "34.." "...." "...2")).display
    'Easy'
    """
    level = level_within(grid, Level.GUESSING, Settings(unique=count_solutions(grid, 2) == 1))
    assert level is not None  # a GUESSING ceiling admits every puzzle
    return level
