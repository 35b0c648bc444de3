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
from enum import IntEnum
from functools import lru_cache
from typing import Any

from .board import Board
from .errors import PuzzleError
from .geometry import GEOMETRY_COUNT, Geometry
from .grid import Grid
from .logic import apply_step, solve_by_logic
from .search import count_solutions, solve
from .step import Step, Technique
from .techniques.exclusion import find_exclusions


class Level(IntEnum):
    """The difficulty levels, easiest first; ``slug`` is the name in JSON and on the command line."""

    EASY = 0
    MEDIUM = 1
    HARD = 2
    EXPERT = 3
    GUESSING = 4

    @property
    def slug(self) -> str:
        """``easy``, ``medium``, ``hard``, ``expert`` or ``guessing``."""
        return self.name.lower()

    @property
    def display(self) -> str:
        """The name people read: ``Easy`` … ``Needs guessing``."""
        return "Needs guessing" if self is Level.GUESSING else self.name.capitalize()

    @classmethod
    def parse(cls, text: str) -> Level:
        """A level from its slug or display name, in any case.

        >>> Level.parse("Hard"), Level.parse("needs guessing")
        (<Level.HARD: 2>, <Level.GUESSING: 4>)
        """
        key = text.strip().lower()
        for level in cls:
            if key in (level.slug, level.display.lower()):
                return level
        raise ValueError(f"unknown level {text!r}: choose one of "
                         + ", ".join(level.slug for level in cls))


#: Pointing (farhiongit/sudoku-solver's region exclusion) (norvig_easy50): solved by singles and
#: intersections, not singles alone.
POINTING_EXAMPLE = ("1..92....524.1...........7..5...81.2........."
                    "4.27...9..6...........3.945....71..6")
#: HoDoKu's weight for its "brute force" step, our guess that the solution confirms.
GUESS_WEIGHT = 10000
_SINGLE_WEIGHTS = {Technique.NAKED_SINGLE: 4, Technique.HIDDEN_SINGLE: 14,
                   Technique.POINTING: 50, Technique.CLAIMING: 50}
#: Size → weight of naked (chain) and hidden (pile) subsets, as in HoDoKu up to quads.
_CHAIN_WEIGHTS = {1: 4, 2: 60, 3: 80, 4: 120}
_PILE_WEIGHTS = {1: 14, 2: 70, 3: 100, 4: 150}
_FISH_WEIGHTS = {2: 140, 3: 150, 4: 160}
_LARGE_FISH_WEIGHT = 470
_LARGE_SUBSET_STEP = 30  # per cell beyond a quad: HoDoKu stops at quads, 16×16 needs more


def step_level(step: Step) -> Level:
    """The level a step belongs to.

    >>> step_level(Step(Technique.PILE_EXCLUSION, "Hidden Triple", "", size=3)).display
    'Hard'
    >>> step_level(Step(Technique.CHAIN_EXCLUSION, "Naked Quad", "", size=4)).display
    'Expert'
    """
    technique = step.technique
    if technique in (Technique.NAKED_SINGLE, Technique.HIDDEN_SINGLE):
        return Level.EASY
    if technique in (Technique.POINTING, Technique.CLAIMING):
        return Level.MEDIUM
    if technique in (Technique.CHAIN_EXCLUSION, Technique.PILE_EXCLUSION):
        return Level.HARD if step.size <= 3 else Level.EXPERT
    if technique is Technique.FISH:
        return Level.EXPERT
    return Level.GUESSING


def step_weight(step: Step) -> int:
    """HoDoKu's weight of a step (sizes beyond HoDoKu's quads extrapolated by 30 a cell).

    >>> step_weight(Step(Technique.FISH, "X-Wing", "", size=2))
    140
    >>> step_weight(Step(Technique.PILE_EXCLUSION, "Hidden Subset of 6", "", size=6))
    210
    """
    technique, size = step.technique, step.size
    if technique in _SINGLE_WEIGHTS:
        return _SINGLE_WEIGHTS[technique]
    if technique in (Technique.CHAIN_EXCLUSION, Technique.PILE_EXCLUSION):
        table = _CHAIN_WEIGHTS if technique is Technique.CHAIN_EXCLUSION else _PILE_WEIGHTS
        return table.get(size, table[4] + _LARGE_SUBSET_STEP * (size - 4))
    if technique is Technique.FISH:
        return _FISH_WEIGHTS.get(size, _LARGE_FISH_WEIGHT)
    return GUESS_WEIGHT


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
        return sum(t.count for t in self.techniques if t.technique == Technique.GUESS.slug)

    def to_json(self) -> dict[str, Any]:
        """Plain data: level slug and display name, score, hardest, guesses, technique counts."""
        return {"level": self.level.slug, "level_name": self.level.display, "score": self.score,
                "hardest": self.hardest, "guesses": self.guesses, "unique": self.unique,
                "techniques": [t.to_json() for t in self.techniques]}


def rate(grid: Grid) -> Rating:
    """Solve by logic, guessing from the solution where the logic stalls; count and weigh the steps.

    A puzzle with several solutions is rated along its first solution (``unique`` is then False);
    one without a solution raises ``PuzzleError``.
    """
    solution = solve(grid)
    if solution is None:
        raise PuzzleError("the puzzle has no solution, so it cannot be rated")
    counts: dict[str, tuple[str, Level, int, int]] = {}

    def count(name: str, slug: str, level: Level, weight: int) -> None:
        previous = counts.get(name, (slug, level, weight, 0))
        counts[name] = (slug, level, max(weight, previous[2]), previous[3] + 1)

    board = Board.from_grid(grid)
    score = 0
    while True:
        board, steps = solve_by_logic(board)
        for step in steps:
            weight = step_weight(step)
            score += weight
            count(step.name, step.technique.slug, step_level(step), weight)
        if board.is_solved():
            break
        cell = min(board.empty_cells(), key=lambda c: board.candidates[c].bit_count())
        board = board.apply(placements=((cell, solution[cell]),))
        score += GUESS_WEIGHT
        count("Guess", Technique.GUESS.slug, Level.GUESSING, GUESS_WEIGHT)
    techniques = tuple(sorted(
        (TechniqueCount(name, slug, level, weight, n) for name, (slug, level, weight, n)
         in counts.items()), key=lambda t: (t.level, t.weight, t.name)))
    level = max((t.level for t in techniques), default=Level.EASY)
    return Rating(level, score, techniques, count_solutions(grid, 2) == 1)


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
    segments = _segments(geo)
    used = False
    while _place_singles(geo, values, candidates) and not all(values):
        if not _remove_locked(candidates, segments):
            break
        used = True
    return Board(geo, board.givens, tuple(values), tuple(candidates)), used


#: A box-line intersection: its cells, the rest of the line, the rest of the box.
_Segment = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]


@lru_cache(maxsize=GEOMETRY_COUNT)
def _segments(geo: Geometry) -> tuple[_Segment, ...]:
    """Every box-line intersection of the grid."""
    n = geo.n
    found = []
    for line in geo.houses[:2 * n]:
        for box in sorted({geo.box_of[c] for c in line}):
            box_cells = geo.houses[2 * n + box]
            inside = tuple(c for c in line if geo.box_of[c] == box)
            found.append((inside, tuple(c for c in line if c not in inside),
                          tuple(c for c in box_cells if c not in inside)))
    return tuple(found)


def _remove_locked(candidates: list[int], segments: tuple[_Segment, ...]) -> bool:
    """One sweep of pointing and claiming over every intersection; whether anything went.

    A digit of the intersection missing from the rest of the box leaves the rest of the line
    (pointing); one missing from the rest of the line leaves the rest of the box (claiming).
    """
    removed = False
    for inside, line_rest, box_rest in segments:
        here = 0
        for cell in inside:
            here |= candidates[cell]
        if not here:
            continue
        line_other = box_other = 0
        for cell in line_rest:
            line_other |= candidates[cell]
        for cell in box_rest:
            box_other |= candidates[cell]
        pointing = here & ~box_other & line_other
        if pointing:
            removed = True
            for cell in line_rest:
                candidates[cell] &= ~pointing
        claiming = here & ~line_other & box_other
        if claiming:
            removed = True
            for cell in box_rest:
                candidates[cell] &= ~claiming
    return removed


def _place_singles(geo: Geometry, values: list[int], candidates: list[int]) -> bool:
    """Place naked and hidden singles in the lists until none is left; False at a contradiction
    (an empty cell without candidates)."""
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


def level_within(grid: Grid, ceiling: Level) -> Level | None:
    """The puzzle's level if it is at most ``ceiling``, else None; stops at the first harder step.

    The generator asks this for thousands of puzzles, so singles and intersections are filled
    in by ``fill_basics`` and only the harder steps go through the engine; no rating is built. A
    puzzle whose logic stalls is ``GUESSING`` (it need not be unique).

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
        step = None if ceiling is Level.EASY else _harder_step(board)
        if step is None:
            return Level.GUESSING if ceiling is Level.GUESSING else None
        level = max(level, step_level(step))
        if level > ceiling:
            return None
        board = apply_step(board, step)


def _harder_step(board: Board) -> Step | None:
    """The engine's next step on a board where no single or intersection is left.

    ``next_step`` would first ask the singles and intersection finders, which find nothing here.
    """
    if board.basic_contradiction():
        return None
    return next(find_exclusions(board), None)


def grade(grid: Grid) -> Level:
    """The puzzle's level (``GUESSING`` when the logic stalls).

    >>> grade(Grid.parse("1.3." "34.." "...." "...2")).display
    'Easy'
    """
    level = level_within(grid, Level.GUESSING)
    assert level is not None  # a GUESSING ceiling admits every puzzle
    return level
