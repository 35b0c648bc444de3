"""The puzzle generator: a random full grid, clues removed while the solution stays unique, graded.

The classic recipe (Dr. Dobb's "Sudoku & Graph Theory" and HoDoKu): fill a grid at
random, then blank its cells in random order, keeping a blank only if the puzzle keeps exactly one
solution. One pass over every cell leaves a *minimal* puzzle:
a clue kept once because its removal let a second solution in still does so after more blanks.
The grader then says which level the puzzle is; a puzzle of the wrong level is thrown away and a
new grid tried. With a symmetry, cells are blanked by orbits (a cell and its mirror image), and
minimal means no orbit can be blanked.

How often each level comes out decides the method (measured on 300 random minimal 9×9 puzzles
graded by the full logic: Easy 44%, Medium 10%, Hard 9%, Expert 16%, Extreme 21%, Needs guessing
none; of 20,000 6×6 ones 18,950 Easy, 93 Medium, 4 Hard, 897 Expert, 56 Extreme, none needing a
guess; the first six of the forum's hardest 9×9 puzzles all grade Extreme):

* **Easy** is *steered*: a blank is kept only if singles still solve the puzzle, which also proves
  uniqueness without a search, then the remaining clues are checked for minimality. A clue that
  singles need but uniqueness does not is *repaired*: swapped for an empty cell that keeps the
  puzzle Easy, or else its peers filled in again and the blanking repeated, rather than the grid
  thrown away (at 16×16 only about one steered puzzle in a hundred is minimal).
* The levels that random minimal puzzles rarely reach at a size are steered the same way, with
  the logic limited to the techniques up to the level as the test: Medium, Hard and ``unique``
  at 16×16 (a random minimal 16×16 puzzle takes a minute of searching and needs chains or
  guessing anyway). Above Medium the grid is steered to Medium first and every clue's need
  for uniqueness learned (see ``_learn_needed``), so that the engine then runs only for the
  few clues uniqueness does not need.
* **Expert and Extreme at 16×16** are *steered past*: steered to Medium, then every clue
  that uniqueness does not need is blanked, each blank taking the puzzle past Medium for good;
  the minimal puzzle that results is graded (Expert puzzles keep under their level as
  they are blanked, and a clue whose blank would take one past Expert, but that uniqueness
  never comes to need, is swapped for an empty cell near it rather than the grid thrown away).
  Levels that do not occur at a size (a 4×4 puzzle is always Easy; the forcing nets finish
  random 6×6, 9×9 and 12×12 puzzles, and even the hardest known 9×9 ones, without a guess) are
  refused at once, and so is 25×25, where one grid's blanking and grading takes minutes.
* **Medium, Hard, Needs guessing** and **unique** (any level below guessing, the Dr. Dobb's
  "Unique" option) are otherwise *sampled*: random minimal puzzles until one has the level.
* **Expert** at the other sizes is sampled too, and a Hard puzzle met on the way *walks*: it
  visits the puzzles one swap away (a clue orbit blanked, an empty orbit filled
  from the solution) that keep a unique solution. A swap neighbour is found without trying each
  pair: the solutions of the puzzle without one clue orbit are listed once, and an empty orbit pins
  the solution down exactly when every other solution differs from it there. An Expert neighbour is
  made minimal and graded again.

12×12 needs nothing of its own: random minimal 12×12 puzzles come out at every level below
guessing often enough. CPU seconds per puzzle, median and worst of seeds 0-5 and of seeds 6-17
(``python3 bench/bench_generate.py --sizes 12 --big-seeds 12 --first-seed 6``): Easy 0.04, 0.07
and 0.04, 0.06; Medium 0.28, 3.4 and 1.1, 2.8; Hard 0.26, 1.0 and 0.33, 1.1; Expert 0.34, 0.53
and 0.46, 3.9; Extreme 0.25, 6.8 and 0.18, 10; unique 0.10, 0.20 and 0.06, 0.28. None of 120
needed a guess (40 grids each for seeds 0-2, about 70 s per seed).

Every puzzle is graded by the full logic (``grading.rate``; the puzzles steered past a level
without the forcing chains, which gives the same rating, see ``_steer_past``) and checked unique
before it is returned, however it was made.

Blanking a clue of a unique puzzle keeps it unique exactly when the puzzle without the clue has
no solution with another digit there, so each test is one search with the clue's digit banned
from its cell: it never walks the known solution's branch, and it works on the search's candidate
integers (``search.raw_solutions``) without building a ``Grid`` per answer. Most clues are
proved needed without any search, by an unavoidable set (``unavoidables``) whose only clues they
are: the sets come from two-digit swaps of the solution and from every second solution found.

Every random choice comes from the ``random.Random`` passed in, so a seed gives the same puzzles.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable, Iterator, Literal, Sequence

from .geometry import BOX_SHAPES, Geometry, geometry_for_size
from .board import Board
from .grading import Level, Rating, fill_basics, level_within, rate, rate_without_guessing
from .logic import Settings
from .step import join_names
from .grid import Grid
from .techniques import Technique
from .techniques.registry import ON_REQUEST, TECHNIQUES
from .unavoidables import Unavoidables
from .search import (Layout, SearchBudgetExceeded, candidate_bit, clue_bits, count_solutions,
                     layout, raw_solutions, solve, solved_by_singles)

Symmetry = Literal["none", "rotational", "mirror"]
SYMMETRIES: tuple[Symmetry, ...] = ("none", "rotational", "mirror")
#: The sizes the generator makes.
SIZES = (4, 6, 9, 12, 16)
#: Sizes the geometry knows but the generator does not make, and why (the page says it).
NOT_GENERATED = {
    25: "the generator takes more than two and a half minutes per 25×25 grid tried, even for "
        "an Easy puzzle (several times that in the browser)",
}
#: Called with a stage label and the fraction of the current attempt done (0..1).
Progress = Callable[[str, float], None]
#: Full grids tried before giving up on a level; 6×6 grids take a millisecond each, and a 6×6
#: Medium puzzle turns up about once in 200 of them, a Hard one once in a few thousand (4 in
#: 20,000; ten seeded runs took 165 to 4,638 grids, an eleventh ran past 5,000).
MAX_ATTEMPTS = 500
MAX_ATTEMPTS_BY_SIZE = {6: 20000}
#: Swap walks from one Hard puzzle before a new grid is drawn, and neighbours listed per clue orbit.
WALK_STEPS = 4
SWAP_SOLUTION_LIMIT = 64
#: Times a steered puzzle with a needless clue is re-blanked around it before a new grid is drawn.
REPAIRS = 40
#: The same above Medium, where each repair runs the engine on dozens of puzzles (a 16×16
#: Hard repair costs about as much as a new grid steered to the point of repairs).
REPAIRS_ABOVE_MEDIUM = 8
#: Empty orbits tried as the replacement of a needless clue before its neighbourhood is refilled.
SWAP_TRIES = 48
#: Swaps (see ``_swap_past``) that a puzzle steered past a level may take to be rid of clues it
#: does not need but cannot lose without passing its level, and empty orbits tried per swap.
PAST_REPAIRS = 8
PAST_SWAP_TRIES = 8
#: More such clues than this and the grid is given up: a swap seldom settles more than one.
PAST_UNNEEDED = 4
#: Put-off clues (see ``_minimize``) past which one blanking pass stops: nearly all of them stay
#: unneeded (in 12 16×16 Expert runs, passes putting off 8, 9, 15 and 28 ended with 8, 6, 8
#: and 28), and more than ``PAST_UNNEEDED`` left unneeded give the grid up, so it would be
#: given up anyway, after the rest of the pass.
PUT_OFF_LIMIT = PAST_UNNEEDED
#: The levels above Easy steered at each size (see ``_steered``); the others are sampled. (At 6×6
#: steering loses: steered to Medium nearly all come out Easy, and sampling finds an Expert one
#: in a few dozen grids where steering needs hundreds.)
STEERED = {16: (Level.MEDIUM, Level.HARD)}
#: The levels made at a size by steering to an easier level and then blanking every clue that
#: uniqueness does not need (see ``_steer_past``), with that easier level.
STEERED_PAST = {16: {Level.EXPERT: Level.MEDIUM, Level.EXTREME: Level.MEDIUM}}
#: Levels the generator refuses at a size at once, and why (rather than trying for minutes).
UNAVAILABLE = {
    4: ("every 4×4 puzzle is solved by singles, so all are Easy",
        (Level.MEDIUM, Level.HARD, Level.EXPERT, Level.EXTREME, Level.GUESSING)),
    6: ("the tutor's logic solves random 6×6 puzzles without guessing", (Level.GUESSING,)),
    9: ("the tutor's logic (forcing nets included) solves random 9×9 puzzles, and even the "
        "hardest known ones, without guessing", (Level.GUESSING,)),
    12: ("the tutor's logic solves random 12×12 puzzles without guessing (none of 120 tried "
         "needed a guess)", (Level.GUESSING,)),
}
#: What to know before asking for a level that can take long at a size (the page shows it).
SLOW = {
    6: {Level.HARD: "Few random 6×6 puzzles are Hard (about one in a thousand): finding one can "
                    "take half a minute; Cancel stops it."},
    16: dict.fromkeys((Level.EXPERT, Level.EXTREME, Level.GUESSING),
                      "A 16×16 puzzle above Hard can take many minutes; Cancel stops it."),
}
#: Every puzzle graded here has one solution, so the uniqueness techniques may grade it.
UNIQUE = Settings(unique=True)
#: Search nodes spent looking for a second solution of a steered puzzle without one clue orbit
#: before that orbit's neighbourhood is changed instead (16×16: a few hundredths of a second).
SEARCH_BUDGET = 20000
#: The same for the blanking of a puzzle steered past a level (see ``_steer_past``), where a
#: search that runs past it gives the grid up. Few get there, and finishing them costs about
#: as much as a new grid: in 12 16×16 Expert runs, 14 of 1,595 searches (7 ms on average) ran
#: past 7,000 nodes; 12 ended within 20,000 nodes at about 0.3 s each, 6 of them finding a
#: second solution (the clue was needed after all), the other 2 took up to 100,000.
PAST_SEARCH_BUDGET = 7000
#: The smallest size whose second-solution searches first try near the blanked orbit (see
#: ``_Work.another``): at 9×9 the nearby bands and stacks are nearly the whole grid.
LOCAL_FROM = 16
#: Search nodes a search near the orbit may take before the whole grid is searched instead.
LOCAL_BUDGET = 2000


class GenerationError(ValueError):
    """No puzzle of the requested kind was found within the attempt budget."""


@dataclass(frozen=True)
class Generated:
    """A generated puzzle, its solution, its rating, and how many full grids it took."""

    puzzle: Grid
    solution: Grid
    rating: Rating
    attempts: int
    symmetry: Symmetry
    minimal: bool

    def to_json(self) -> dict[str, object]:
        """Plain data for ``generate --json`` and the worker: the rating's fields beside the puzzle."""
        return {"puzzle": self.puzzle.line(), "solution": self.solution.line(),
                "n": self.puzzle.geometry.n, "clues": self.puzzle.clue_count,
                **self.rating.to_json(), "attempts": self.attempts, "symmetry": self.symmetry,
                "minimal": self.minimal}


def parse_level_choice(text: str) -> Level | None:
    """A level, or None for ``unique``: any level below Needs guessing.

    >>> parse_level_choice("expert"), parse_level_choice("Unique")
    (<Level.EXPERT: 3>, None)
    """
    if text.strip().lower() == "unique":
        return None
    return Level.parse(text)


def orbits(geometry: Geometry, symmetry: Symmetry) -> tuple[tuple[int, ...], ...]:
    """The groups of cells blanked and filled together: single cells, or a cell and its image.

    ``rotational`` pairs a cell with its image under a half turn, ``mirror`` with its image in the
    vertical centre line; a cell on the centre is its own image.

    >>> orbits(geometry_for_size(4), "rotational")[:3]
    ((0, 15), (1, 14), (2, 13))
    >>> orbits(geometry_for_size(4), "mirror")[:2]
    ((0, 3), (1, 2))
    """
    n, count = geometry.n, geometry.cell_count
    seen: set[int] = set()
    groups = []
    for cell in range(count):
        if cell in seen:
            continue
        if symmetry == "rotational":
            image = count - 1 - cell
        elif symmetry == "mirror":
            image = geometry.cell_at(geometry.row_of[cell], n - 1 - geometry.col_of[cell])
        else:
            image = cell
        group = tuple(sorted({cell, image}))
        seen.update(group)
        groups.append(group)
    return tuple(groups)


def random_solution(n: int, rng: random.Random) -> Grid:
    """A random full grid: a few random clues solved by the search, then shuffled.

    The search fills in ascending digit order, so its grids look alike; relabelling the digits and
    permuting rows within bands, bands, columns within stacks and stacks (all of which keep a grid
    valid) spreads them out.
    """
    geo = geometry_for_size(n)
    while True:
        values = [0] * geo.cell_count
        for cell in rng.sample(range(geo.cell_count), n):
            used = {values[peer] for peer in geo.peers[cell]}
            options = [d for d in geo.digits if d not in used]
            if options:
                values[cell] = rng.choice(options)
        solution = solve(Grid(geo, tuple(values)))
        if solution is not None:
            return _shuffle(solution, rng)


def _shuffle(grid: Grid, rng: random.Random) -> Grid:
    geo = grid.geometry
    n, br, bc = geo.n, geo.box_rows, geo.box_cols

    def lines(block: int, blocks: int) -> list[int]:
        order = rng.sample(range(blocks), blocks)
        return [b * block + i for b in order for i in rng.sample(range(block), block)]

    rows = lines(br, n // br)
    cols = lines(bc, n // bc)
    relabel = [0, *rng.sample(range(1, n + 1), n)]
    return Grid(geo, tuple(relabel[grid.values[geo.cell_at(r, c)]] for r in rows for c in cols))


def _blank(values: Sequence[int], orbit: tuple[int, ...]) -> list[int]:
    """``values`` with the orbit's cells blank."""
    out = list(values)
    for cell in orbit:
        out[cell] = 0
    return out


def _others(t: Layout, clues: int, solution: Sequence[int], orbit: tuple[int, ...],
            budget: int | None = None) -> Iterator[int]:
    """Solutions from ``clues`` (a unique puzzle with ``orbit`` blanked) other than ``solution``.

    Such a solution has another digit in some cell of the orbit, so one search per orbit cell
    with the solution's digit banned there finds them all, and never walks the solution's own
    branch (a solution differing in two cells is found twice). From ``LOCAL_FROM`` on, the
    searches guess the solution's digits first, which finds a nearby other solution soonest.
    """
    prefer = clue_bits(t, solution) if t.n >= LOCAL_FROM else 0
    for cell in orbit:
        yield from raw_solutions(t, clues, candidate_bit(t, cell, solution[cell]), budget, prefer)


def _puzzle_of(solution: Grid, clues: int) -> Grid:
    """The puzzle whose clues are the cells of ``solution`` that ``clues`` (search bits) holds."""
    t = layout(solution.geometry)
    return Grid(solution.geometry, tuple(v if clues & candidate_bit(t, c, v) else 0
                                         for c, v in enumerate(solution.values)))


def _cells_of(values: Sequence[int]) -> int:
    """The cell mask (bit ``c`` for cell ``c``) of the clues of ``values``."""
    return sum(1 << cell for cell, value in enumerate(values) if value)


class _Work:
    """What the generator keeps about one solution grid while it blanks and refills its cells:
    the search's layout, each orbit's candidate bits and cell mask, and the unavoidable sets
    known so far (the work one attempt's searches share)."""

    def __init__(self, solution: Grid, symmetry: Symmetry) -> None:
        self.solution = solution
        self.t = t = layout(solution.geometry)
        self.target = clue_bits(t, solution.values)
        groups = orbits(solution.geometry, symmetry)
        self.bits = {orbit: sum(candidate_bit(t, cell, solution[cell]) for cell in orbit)
                     for orbit in groups}
        self.masks = {orbit: sum(1 << cell for cell in orbit) for orbit in groups}
        self.orbit_of = {cell: self.masks[orbit] for orbit in groups for cell in orbit}
        self.unavoidables = Unavoidables(solution.geometry, solution.values)
        geo = solution.geometry
        self.local = geo.n >= LOCAL_FROM
        bands, stacks = geo.n // geo.box_rows, geo.n // geo.box_cols
        self.band_bits = [0] * bands
        self.stack_bits = [0] * stacks
        for cell, value in enumerate(solution.values):
            bit = candidate_bit(t, cell, value)
            self.band_bits[geo.row_of[cell] // geo.box_rows] |= bit
            self.stack_bits[geo.col_of[cell] // geo.box_cols] |= bit

    def another(self, clues: int, orbit: tuple[int, ...], budget: int | None = None) -> int | None:
        """A solution from ``clues`` (the puzzle with ``orbit`` blanked) other than the
        solution, or None; a search that runs past ``budget`` raises ``SearchBudgetExceeded``.

        At 16×16 a second solution mostly differs from the solution near the orbit, and the
        search for it wanders the whole grid: with the solution's digits given outside the
        bands and stacks of the orbit (then those and their neighbours) the search is a small
        one, and any solution it finds is one of the puzzle's. Most second solutions are
        found so, at a fraction of the cost; the whole grid is searched only when these fail.
        """
        if self.local:
            geo = self.solution.geometry
            for reach in (0, 1):
                far_bands = far_stacks = 0
                for band, bits in enumerate(self.band_bits):
                    if all(abs(band - geo.row_of[c] // geo.box_rows) > reach for c in orbit):
                        far_bands |= bits
                for stack, bits in enumerate(self.stack_bits):
                    if all(abs(stack - geo.col_of[c] // geo.box_cols) > reach for c in orbit):
                        far_stacks |= bits
                fixed = far_bands & far_stacks
                if not fixed:
                    break
                try:
                    found = next(_others(self.t, clues | fixed, self.solution.values, orbit,
                                         LOCAL_BUDGET), None)
                except SearchBudgetExceeded:
                    continue
                if found is not None:
                    return found
        return next(_others(self.t, clues, self.solution.values, orbit, budget), None)

    def learn(self, other: int) -> None:
        """Remember where another solution (candidate bits) differs from the solution."""
        moved = _differences(self.t, other, self.target)
        cells = 0
        while moved:
            low = moved & -moved
            moved ^= low
            row, col = divmod(low.bit_length() - 1, self.t.field)
            cells |= 1 << row * self.t.n + col
        self.unavoidables.add(cells)


def minimize(puzzle: Grid, rng: random.Random, symmetry: Symmetry = "none",
             progress: Progress | None = None) -> Grid:
    """Blank clue orbits in random order while the solution stays unique: a minimal puzzle.

    ``puzzle`` must have one solution. An orbit that a known unavoidable set needs is kept
    without a search; every second solution found adds its set to those known.
    """
    solution = solve(puzzle)
    if solution is None:
        raise ValueError("cannot minimize a puzzle without a solution")
    work = _Work(solution, symmetry)
    clues, _ = _minimize(work, clue_bits(work.t, puzzle.values), rng, progress)
    return _puzzle_of(solution, clues)


def blank_while_unique(solution: Grid, rng: random.Random, budget: int | None = None,
                       floor: float = 0) -> tuple[Grid, int]:
    """A puzzle with ``solution`` as its one solution: cells blanked in random order, a blank
    kept only if the puzzle stays unique, until at most ``floor`` clues are left or every cell
    has been tried; and how many clues were kept unproven because the search for a second
    solution without them ran past ``budget`` nodes.

    The generator's uniqueness test, for tools that make puzzle sets (``bench/make_big_set.py``):
    an unavoidable set that needs the clue, else a search with the solution's digit banned from
    the cell (at 16×16 and up first near it). Every blank kept was proved by a complete search,
    so the puzzle has exactly one solution, and with ``floor`` 0 and no clue kept unproven it is
    minimal.

    >>> puzzle, unproven = blank_while_unique(Grid.parse("1234" "3412" "2143" "4321"),
    ...                                       random.Random(1))
    >>> unproven, is_minimal(puzzle), solve(puzzle) == Grid.parse("1234341221434321")
    (0, True, True)
    """
    work = _Work(solution, "none")
    clues, cells = work.target, (1 << solution.geometry.cell_count) - 1
    order = list(work.bits)
    rng.shuffle(order)
    left, unproven = solution.geometry.cell_count, 0
    for orbit in order:
        if left <= floor:
            break
        if work.unavoidables.needed(cells, work.masks[orbit]):
            continue
        trial = clues & ~work.bits[orbit]
        try:
            other = work.another(trial, orbit, budget)
        except SearchBudgetExceeded:
            unproven += 1
            continue
        if other is not None:
            work.learn(other)
        else:
            clues, cells, left = trial, cells & ~work.masks[orbit], left - 1
    return _puzzle_of(solution, clues), unproven


def _minimize(work: _Work, clues: int, rng: random.Random, progress: Progress | None = None,
              budget: int | None = None, ceiling: Callable[[int], bool] | None = None
              ) -> tuple[int, list[tuple[int, ...]]]:
    """The clues (search bits of a unique puzzle) with orbits blanked in random order while the
    solution stays unique: a minimal puzzle, and the orbits it keeps without needing them
    (none without a ``ceiling``). With a ``budget``, a search for a second solution that runs
    past it raises ``SearchBudgetExceeded``: the caller gives the puzzle up.

    With a ``ceiling`` (whether a puzzle is still easy enough), an orbit whose blank keeps
    the puzzle unique but not under the ceiling is put off: blanking others may make it
    needed. The put-off orbits still not needed at the end are returned: the puzzle cannot be
    both minimal and under the ceiling with them (``_steer_past`` swaps them out). A put-off
    orbit is searched again only if clues were blanked after it. A pass that puts off more
    than ``PUT_OFF_LIMIT`` stops there and returns those.
    """
    cells = _cells_of_clues(work, clues)
    clued = [o for o in work.bits if clues & work.bits[o]]
    rng.shuffle(clued)
    put_off: list[tuple[tuple[int, ...], int]] = []  # with the clues it was searched among
    for index, orbit in enumerate(clued):
        if progress and index % 8 == 0:
            progress("removing clues", index / len(clued))
        if work.unavoidables.needed(cells, work.masks[orbit]):
            continue
        trial = clues & ~work.bits[orbit]
        other = work.another(trial, orbit, budget)
        if other is not None:
            work.learn(other)
        elif ceiling is not None and not ceiling(trial):
            put_off.append((orbit, clues))
            if len(put_off) > PUT_OFF_LIMIT:
                return clues, [orbit for orbit, _ in put_off]
        else:
            clues = trial
            cells &= ~work.masks[orbit]
    unneeded = []
    for orbit, searched in put_off:
        if searched == clues:  # nothing blanked since: the search would repeat itself
            unneeded.append(orbit)
            continue
        if work.unavoidables.needed(cells, work.masks[orbit]):
            continue
        other = work.another(clues & ~work.bits[orbit], orbit, budget)
        if other is None:
            unneeded.append(orbit)
        else:
            work.learn(other)
    return clues, unneeded


def _needless(work: _Work, clues: int, budget: int | None = None) -> tuple[int, ...] | None:
    """A clue orbit a unique puzzle may not need, or None: the puzzle is minimal.

    The orbit returned is one the puzzle stays unique without, or (with a ``budget``) one for
    which the search found no second solution within ``budget`` nodes: searches for a second
    solution have a heavy tail, and a generator can change the puzzle instead of waiting.
    Orbits that a known unavoidable set needs are not searched, and every second solution found
    is remembered as a set: a puzzle changed in a few places so needs searches only for the
    clues it affects.
    """
    cells = _cells_of_clues(work, clues)
    proven = work.unavoidables.needed_orbits(cells, work.orbit_of)
    for orbit, own in work.bits.items():
        if not clues & own or work.masks[orbit] in proven:
            continue
        if work.unavoidables.needed(cells, work.masks[orbit]):
            continue
        try:
            found = work.another(clues & ~own, orbit, budget)
        except SearchBudgetExceeded:
            return orbit
        if found is None:
            return orbit
        work.learn(found)
    return None


def _learn_needed(work: _Work, clues: int, budget: int) -> None:
    """Search a second solution without each clue orbit of the unique puzzle ``clues`` that no
    known unavoidable set proves needed, and remember every one found.

    Steering above Medium runs the engine (about ten milliseconds a puzzle at 16×16) for
    every orbit that singles and intersections cannot put back; after this, nearly every
    orbit that uniqueness needs is proved so by a known set instead (see ``_fits``), and the
    engine runs only for the few that uniqueness does not need. A search that runs past
    ``budget`` nodes is left: the engine settles that orbit.
    """
    cells = _cells_of_clues(work, clues)
    proven = work.unavoidables.needed_orbits(cells, work.orbit_of)
    for orbit, own in work.bits.items():
        if clues & own and work.masks[orbit] not in proven:
            try:
                other = work.another(clues & ~own, orbit, budget)
            except SearchBudgetExceeded:
                continue
            if other is not None:
                work.learn(other)


def _cells_of_clues(work: _Work, clues: int) -> int:
    """The cell mask of the clue orbits that ``clues`` (search bits) holds."""
    return sum(mask for orbit, mask in work.masks.items() if clues & work.bits[orbit])


def is_minimal(puzzle: Grid, symmetry: Symmetry = "none") -> bool:
    """Unique, and blanking any clue orbit lets in a second solution.

    >>> is_minimal(Grid.parse("1..." "..2." ".3.." "...4"))
    True
    >>> is_minimal(Grid.parse("12.." "..2." ".3.." "...4"))
    False
    """
    solution = solve(puzzle)
    if solution is None or count_solutions(puzzle, 2) != 1:
        return False
    work = _Work(solution, symmetry)
    return _needless(work, clue_bits(work.t, puzzle.values)) is None


def _forced(geo: Geometry, values: Sequence[int], seen: Sequence[int], cell: int,
            digit: int) -> bool:
    """Whether the clues alone force ``digit`` into the blank ``cell`` (a naked or hidden single).

    ``seen[house]`` is the mask of the digits the house's clues hold. Blanking such a cell keeps
    a puzzle singles can solve solvable (singles put the digit straight back), so the steering
    needs no propagation for it: most blanks of a nearly full grid are settled here.

    >>> geo = geometry_for_size(4)
    >>> values = Grid.parse("..34" "3..." "2..." "....").values
    >>> seen = [sum(1 << values[c] >> 1 for c in house) for house in geo.houses]
    >>> _forced(geo, values, seen, 0, 1), _forced(geo, values, seen, 5, 4)  # naked, hidden in box 1
    (True, True)
    >>> _forced(geo, values, seen, 5, 1)
    False
    """
    houses_of = geo.houses_of
    row, col, box = houses_of[cell]
    if (seen[row] | seen[col] | seen[box]).bit_count() == geo.n - 1:
        return True
    bit = 1 << (digit - 1)
    for house in (row, col, box):
        if all(values[other] or (seen[r] | seen[c] | seen[b]) & bit
               for other in geo.houses[house] if other != cell
               for r, c, b in (houses_of[other],)):
            return True
    return False


#: The steering's test: whether the puzzle with these clues (as search bits and as values)
#: is solved by the logic within the level being steered to; the third argument is the orbit
#: just blanked (for a swap, the clue swapped out), the fourth whether the puzzle is known to
#: have one solution (a swap's is: the puzzle without the new clue had).
Fits = Callable[[int, Sequence[int], tuple[int, ...], bool], bool]


def _fits(work: _Work, level: Level) -> Fits:
    """The steering's test for ``level``: singles for Easy, singles and intersections for
    Medium, above that the engine with only the techniques up to ``level`` switched on, so it
    gives up as soon as a harder one would be needed. None of these assumes the puzzle is
    unique, so a puzzle that passes has one solution.

    Above Medium the engine runs only when singles and intersections cannot put the blanked
    orbit's digits back: when they can, the puzzle without the orbit reaches a position at
    least as far on as the puzzle with it, which the logic solved within the level (these
    rules and the patterns of every level up to Extreme only ever remove candidates, and
    stay true as others go), so it still fits. Most blanks that the clues alone do not settle
    are settled here, at a few milliseconds each instead of a run of the engine. Nor does it
    run for a puzzle with a second solution, which no logic solves: a known unavoidable set
    without other clues shows one for nothing, and a short search (``LOCAL_BUDGET`` nodes,
    a few milliseconds against the engine's tens at 16×16) finds most of the others.

    The orbit is the one just blanked, or (for a swap) the needless clue swapped out, which
    the puzzle without the new clue was unique without: the same reasoning holds for it.
    """
    t, geo = work.t, work.solution.geometry
    if level is Level.EASY:
        return lambda clues, values, orbit, unique: solved_by_singles(t, clues)
    if level is Level.MEDIUM:
        return lambda clues, values, orbit, unique: (solved_by_singles(t, clues) or fill_basics(
            Board.from_grid(Grid(geo, tuple(values))))[0].is_solved())
    settings = Settings(disabled=frozenset(record.slug for record in TECHNIQUES
                                           if _easiest_level(record) > level))

    def fits(clues: int, values: Sequence[int], orbit: tuple[int, ...], unique: bool) -> bool:
        if solved_by_singles(t, clues):
            return True
        mask = work.orbit_of[orbit[0]]
        if not unique and work.unavoidables.needed(_cells_of(values) | mask, mask):
            return False
        grid = Grid(geo, tuple(values))
        board = fill_basics(Board.from_grid(grid))[0]
        if all(board.values[cell] for cell in orbit):
            return True
        if unique:
            return level_within(grid, level, settings) is not None
        try:
            other = work.another(clues, orbit, LOCAL_BUDGET)
        except SearchBudgetExceeded:
            other = None
        if other is not None:
            work.learn(other)
            return False
        return level_within(grid, level, settings) is not None

    return fits


def _easiest_level(record: Technique) -> Level:
    """The lowest level a technique grades at (a chain exclusion of one cell is a single)."""
    return min((grade.level for grade in record.grades), default=record.level)


def _steer(work: _Work, clues: int, order: Sequence[tuple[int, ...]], fits: Fits) -> int:
    """Blank the orbits in order while the puzzle still ``fits``; the clues as search bits."""
    solution = work.solution
    geo = solution.geometry
    values = [v if clues & candidate_bit(work.t, c, v) else 0
              for c, v in enumerate(solution.values)]
    seen = [sum(1 << values[c] >> 1 for c in house) for house in geo.houses]

    def set_orbit(orbit: tuple[int, ...], on: bool) -> None:
        for cell in orbit:
            digit = solution[cell]
            values[cell] = digit if on else 0
            for house in geo.houses_of[cell]:
                seen[house] ^= 1 << (digit - 1)

    for orbit in order:
        own = work.bits[orbit]
        if not clues & own:
            continue
        set_orbit(orbit, False)
        if (all(_forced(geo, values, seen, cell, solution[cell]) for cell in orbit)
                or fits(clues & ~own, values, orbit, False)):
            clues &= ~own
        else:
            set_orbit(orbit, True)
    return clues


def _steer_grid(work: _Work, order: Sequence[tuple[int, ...]], level: Level, fits: Fits) -> int:
    """The full grid's orbits blanked in ``order`` while the puzzle ``fits`` ``level``.

    Above Medium the grid is steered to Medium first, which costs little, and every clue's
    need for uniqueness is learned (``_learn_needed``), so that the steering above runs the
    engine only for the few clues uniqueness does not need.
    """
    clues = work.target
    if level > Level.MEDIUM:
        clues = _steer(work, clues, order, _fits(work, Level.MEDIUM))
        _learn_needed(work, clues, SEARCH_BUDGET)
    return _steer(work, clues, order, fits)


def _steer_to(solution: Grid, level: Level, rng: random.Random, symmetry: Symmetry,
              minimal: bool, progress: Progress | None) -> Grid | None:
    """A puzzle the logic solves within ``level``: orbits blanked in random order while it
    still does (which also proves it unique, without a search).

    A clue the logic needs may be one uniqueness does not need. Then the puzzle without it is
    above the level, as is (nearly always) any puzzle inside that one, so the clue's
    neighbourhood must change: its orbit's peers are filled in again from the solution and the
    blanking repeated, that orbit first. After ``REPAIRS`` such repairs (``REPAIRS_ABOVE_MEDIUM``
    above Medium) the grid is given up.
    The puzzle may come out below ``level``; the caller grades it.
    """
    if progress:
        progress("removing clues", 0.0)
    geo = solution.geometry
    work = _Work(solution, symmetry)
    fits = _fits(work, level)
    order = list(work.bits)
    rng.shuffle(order)
    clues = _steer_grid(work, order, level, fits)
    dropped: set[tuple[int, ...]] = set()  # needless orbits swapped out, never swapped back in
    repairs = REPAIRS if level <= Level.MEDIUM else REPAIRS_ABOVE_MEDIUM
    for repair in range(repairs + 1):
        if not minimal:
            break
        if progress:
            progress("checking every clue is needed", repair / (repairs + 1))
        needless = _needless(work, clues, SEARCH_BUDGET)
        if needless is None:
            break
        if repair == repairs:
            return None
        rng.shuffle(order)
        dropped.add(needless)
        swapped = _swap_for(work, clues, needless, [o for o in order if o not in dropped], fits)
        if swapped is not None:
            clues = _steer(work, swapped, order, fits)
            continue
        near = {peer for cell in needless for peer in geo.peers[cell]}
        clues |= sum(own for o, own in work.bits.items() if o[0] in near or o[-1] in near)
        clues = _steer(work, clues, [needless, *order], fits)
    return _puzzle_of(solution, clues)


def _steer_past(solution: Grid, easier: Level, level: Level, rng: random.Random,
                symmetry: Symmetry, progress: Progress | None) -> tuple[Grid, Rating] | None:
    """A minimal puzzle at ``level`` and its rating, or None: steered to the ``easier`` level,
    then made minimal.

    The steering leaves clues that the logic within the easier level needs but uniqueness
    does not. Every one of them blanked takes the puzzle past the easier level for good (with
    fewer clues the logic gets no further), so the minimal puzzle comes out harder; where it
    lands is graded. At 16×16 this is the quick way to the levels that random minimal puzzles
    overshoot: steering to Medium costs a few hundred milliseconds, and the blanking that
    follows searches only the hundred-odd clues left. A search for a second solution that runs
    past ``PAST_SEARCH_BUDGET`` nodes gives the grid up: a new grid is cheaper than finishing
    such searches (16×16 Expert, seeds 0–11 and 12–35, median 3.90 and 3.41 s CPU before,
    2.31 and 2.06 s with this; total 43.9 → 37.0 and 132.9 → 64.2 s; the worst of the 36 seeds
    22.7 → 8.4 s, against a budget of 20,000 nodes with up to two slow searches tried again
    with 100,000 at the end of the pass, and ``PUT_OFF_LIMIT`` twice what it is).

    Below Extreme, a clue whose blank would take the puzzle past ``level`` is put off (see
    ``_minimize``): Expert is a narrow band at 16×16, which most blanks jump over,
    and the engine up to Expert is cheap. Chains are not, so Extreme puzzles are blanked freely and
    graded once. A clue put off that uniqueness never comes to need is swapped out
    (``_swap_past``) and the puzzle made minimal again, up to ``PAST_REPAIRS`` times: many
    grids that would be given up so come out Expert after a swap or two.

    The grading here leaves out the forcing chains and nets, the costliest techniques at this
    size (a 16×16 puzzle that needs them can take a minute to grade): the engine tries them
    last, so a puzzle solved without them gets the rating ``rate`` gives it with everything
    on, and one that needs them is not made. That rating is the one returned, so the puzzle
    is graded once (at 16×16 Extreme grading costs as much as the blanking).
    """
    work = _Work(solution, symmetry)
    within = Settings(disabled=ON_REQUEST | frozenset(
        record.slug for record in TECHNIQUES if _easiest_level(record) > level), unique=True)

    def under(trial: int) -> bool:
        return level_within(_puzzle_of(solution, trial), level, within) is not None

    order = list(work.bits)
    rng.shuffle(order)
    if progress:
        progress("removing clues", 0.0)
    clues = _steer_grid(work, order, easier, _fits(work, easier))
    ceiling = under if level < Level.EXTREME else None
    try:
        clues, unneeded = _minimize(work, clues, rng, progress, PAST_SEARCH_BUDGET, ceiling)
        for _ in range(PAST_REPAIRS):
            if not unneeded or len(unneeded) > PAST_UNNEEDED:
                break
            swapped = _swap_past(work, clues, unneeded[0], rng, under)
            if swapped is None:
                return None
            clues, unneeded = _minimize(work, swapped, rng, progress, PAST_SEARCH_BUDGET, ceiling)
    except SearchBudgetExceeded:
        return None
    if unneeded:
        return None
    puzzle = _puzzle_of(solution, clues)
    if progress:
        progress("grading", 1.0)
    rating = rate_without_guessing(puzzle, ON_REQUEST)
    return None if rating is None or rating.level is not level else (puzzle, rating)


def _swap_past(work: _Work, clues: int, needless: tuple[int, ...], rng: random.Random,
               under: Callable[[int], bool]) -> int | None:
    """The clues with ``needless`` (a clue orbit the unique puzzle ``clues`` does not need, but
    whose blank takes it past the ceiling) blanked and an empty orbit near it filled so that
    the puzzle is ``under`` the ceiling again, or None (``PAST_SWAP_TRIES`` orbits tried).

    Only orbits that singles and intersections leave open in the puzzle without ``needless``
    are tried: one they fill in gives the logic nothing it does not reach anyway, so the
    puzzle stays past the ceiling. The puzzle without ``needless`` is unique, so the swapped
    one is too; the new clue may make others needless, which the caller blanks.
    """
    solution = work.solution
    without = clues & ~work.bits[needless]
    board = fill_basics(Board.from_grid(_puzzle_of(solution, without)))[0]
    order = [o for o in work.bits if not all(board.values[cell] for cell in o)]
    rng.shuffle(order)
    return _swap_for(work, clues, needless, order,
                     lambda trial, values, orbit, unique: under(trial), PAST_SWAP_TRIES)


def _swap_for(work: _Work, clues: int, needless: tuple[int, ...],
              order: Sequence[tuple[int, ...]], fits: Fits, tries: int = SWAP_TRIES
              ) -> int | None:
    """The clues with ``needless`` blanked and one empty orbit of ``order`` filled so that the
    puzzle still fits, trying the orbits near ``needless`` first (at most ``tries``);
    None if none does.

    A swap changes the puzzle in two places only, so nearly all that is known about which
    clues are needed stays true, where refilling a whole neighbourhood would unsettle dozens.
    """
    solution, geo = work.solution, work.solution.geometry
    near = {peer for cell in needless for peer in geo.peers[cell]}
    empty = [o for o in order if o != needless and not clues & work.bits[o]]
    empty.sort(key=lambda o: not near.intersection(o))
    without = clues & ~work.bits[needless]
    values = [v if without & candidate_bit(work.t, c, v) else 0
              for c, v in enumerate(solution.values)]
    for orbit in empty[:tries]:
        for cell in orbit:
            values[cell] = solution[cell]
        if fits(without | work.bits[orbit], values, needless, True):
            return without | work.bits[orbit]
        for cell in orbit:
            values[cell] = 0
    return None


def _accepts(level: Level | None, found: Level | None) -> bool:
    if found is None:
        return False
    return found < Level.GUESSING if level is None else found is level


def _cells_mask(t: Layout, cells: Sequence[int]) -> int:
    """The cells as a mask of the search's plane 0."""
    return sum(1 << cell // t.n * t.field + cell % t.n for cell in cells)


def _differences(t: Layout, first: int, second: int) -> int:
    """The plane-0 mask of the cells where two solutions (as search bits) differ."""
    moved = first & ~second
    for shift in t.plane_shifts:
        moved |= moved >> shift
    return moved & t.cells


def _swap_neighbours(puzzle: Grid, solution: Grid, symmetry: Symmetry,
                     rng: random.Random) -> Iterator[Grid]:
    """Unique puzzles one orbit swap away (a clue orbit blanked, an empty one filled), shuffled."""
    geo = puzzle.geometry
    t = layout(geo)
    target = clue_bits(t, solution.values)
    groups = orbits(geo, symmetry)
    clued = [o for o in groups if puzzle[o[0]]]
    empty = [(o, _cells_mask(t, o)) for o in groups if not puzzle[o[0]]]
    rng.shuffle(clued)
    for removed in clued:
        without = _blank(puzzle.values, removed)
        differences = _difference_masks(t, clue_bits(t, without), solution.values, removed,
                                        target)
        if differences is None:
            continue  # so loose that no single orbit is likely to pin it down
        fixes = [o for o, mask in empty if all(mask & d for d in differences)]
        rng.shuffle(fixes)
        for added in fixes:
            values = list(without)
            for cell in added:
                values[cell] = solution[cell]
            yield Grid(geo, tuple(values))


def _difference_masks(t: Layout, clues: int, solution: Sequence[int], orbit: tuple[int, ...],
                      target: int) -> set[int] | None:
    """Where each other solution from ``clues`` differs from ``target`` (plane-0 masks), or None
    when there are ``SWAP_SOLUTION_LIMIT`` different masks or more."""
    found = set()
    for other in _others(t, clues, solution, orbit):
        found.add(_differences(t, other, target))
        if len(found) >= SWAP_SOLUTION_LIMIT:
            return None
    return found


def _walk_to_expert(start: Grid, solution: Grid, rng: random.Random, symmetry: Symmetry,
                    minimal: bool, progress: Progress | None) -> Grid | None:
    """Walk from a Hard puzzle through unique swap neighbours until one is (minimal and) Expert."""
    current = start
    for walk in range(WALK_STEPS):
        if progress:
            progress("looking at neighbouring puzzles", walk / WALK_STEPS)
        hard = []
        for neighbour in _swap_neighbours(current, solution, symmetry, rng):
            found = level_within(neighbour, Level.EXPERT, UNIQUE)
            if found is Level.EXPERT:
                candidate = minimize(neighbour, rng, symmetry) if minimal else neighbour
                if level_within(candidate, Level.EXPERT, UNIQUE) is Level.EXPERT:
                    return candidate
            elif found is Level.HARD:
                hard.append(neighbour)
        if not hard:
            return None
        current = rng.choice(hard)
    return None


def _steered(n: int, level: Level | None) -> Level | None:
    """The level to steer to, or None to sample random minimal puzzles instead.

    Easy is always steered, other levels where ``STEERED`` says so: at 16×16 a random minimal
    puzzle takes a minute of searching and nearly always needs Extreme techniques or guessing,
    and ``unique`` is steered to Hard there.
    """
    if level is Level.EASY:
        return level
    if level is None:
        return Level.HARD if n > 9 else None
    return level if level in STEERED.get(n, ()) else None


def unavailable(n: int, level: Level) -> str | None:
    """Why the generator does not make ``n``×``n`` puzzles at ``level``, or None when it does.

    >>> unavailable(4, Level.HARD)
    'every 4×4 puzzle is solved by singles, so all are Easy'
    >>> unavailable(9, Level.EXPERT) is None
    True
    """
    reason, levels = UNAVAILABLE.get(n, ("", ()))
    return reason if level in levels else None


def not_generated(n: int) -> str | None:
    """Why the generator does not make ``n``×``n`` puzzles at all, or None when it does.

    >>> not_generated(12) is None, not_generated(5)
    (True, 'the grid sizes are 4×4, 6×6, 9×9, 12×12, 16×16 and 25×25')
    """
    if n in SIZES:
        return None
    if n in NOT_GENERATED:
        return NOT_GENERATED[n]
    return "the grid sizes are " + join_names(f"{size}×{size}" for size in BOX_SHAPES)


@dataclass(frozen=True)
class LevelChoice:
    """One level as the page offers it at a size: ``level`` None is ``unique``; ``refused`` says
    why no puzzle of it is made at the size (None when one is), ``note`` what to know first."""

    level: Level | None
    refused: str | None
    note: str | None

    @property
    def slug(self) -> str:
        return "unique" if self.level is None else self.level.slug

    @property
    def name(self) -> str:
        return "Any unique" if self.level is None else self.level.display


def level_choices(n: int) -> tuple[LevelChoice, ...]:
    """Every level the generator takes, easiest first and ``unique`` last, as offered at ``n``.

    >>> [(c.slug, c.refused is None) for c in level_choices(4)][:2]
    [('easy', True), ('medium', False)]
    """
    whole = None if not_generated(n) is None else refused_note(n)
    choices = []
    for level in (*Level, None):
        why = None if level is None else unavailable(n, level)
        refused = whole or (None if why is None else f"No {n}×{n} {level.display} puzzles: {why}.")
        note = None if level is None or refused else SLOW.get(n, {}).get(level)
        choices.append(LevelChoice(level, refused, note))
    return tuple(choices)


def refused_note(n: int) -> str | None:
    """One sentence on every level not made at ``n``×``n`` and why, or None when all are made.

    >>> print(refused_note(6))
    No 6×6 Needs guessing puzzles: the tutor's logic solves random 6×6 puzzles without guessing.
    >>> refused_note(16) is None
    True
    """
    whole = not_generated(n)
    if whole is not None:
        return f"No {n}×{n} puzzles are made here: {whole}."
    reason, levels = UNAVAILABLE.get(n, ("", ()))
    if not levels:
        return None
    return f"No {n}×{n} {join_names((level.display for level in levels), 'or')} puzzles: {reason}."


def _attempt(n: int, level: Level | None, rng: random.Random, symmetry: Symmetry,
             minimal: bool, progress: Progress | None
             ) -> tuple[Grid, Grid, Rating | None] | None:
    """One full grid's try at a puzzle of ``level``: (puzzle, solution, rating) or None.

    Puzzles steered past a level come with their rating; other steered puzzles are rated by the
    caller. Sampled ones are graded here (with an early exit above the level), then rated by
    the caller, and a Hard one is walked towards Expert when Expert is asked.
    """
    solution = random_solution(n, rng)
    easier = STEERED_PAST.get(n, {}).get(level) if level is not None else None
    if level is not None and easier is not None:
        past = _steer_past(solution, easier, level, rng, symmetry, progress)
        return None if past is None else (past[0], solution, past[1])
    steer = _steered(n, level)
    if steer is not None:
        steered = _steer_to(solution, steer, rng, symmetry,
                            minimal or steer is not Level.EASY, progress)
        return None if steered is None else (steered, solution, None)
    puzzle = minimize(solution, rng, symmetry, progress)
    if progress:
        progress("grading", 1.0)
    if level is Level.EXPERT:
        found = level_within(puzzle, Level.EXPERT, UNIQUE)
        if found is Level.EXPERT:
            return puzzle, solution, None
        if found is not Level.HARD:
            return None
        walked = _walk_to_expert(puzzle, solution, rng, symmetry, minimal, progress)
        return None if walked is None else (walked, solution, None)
    ceiling = Level.EXTREME if level is None else level
    found = level_within(puzzle, ceiling, UNIQUE)
    return (puzzle, solution, None) if _accepts(level, found) else None


def _labelled(progress: Progress, prefix: str) -> Progress:
    """``progress`` with every stage name prefixed (the attempt number)."""
    return lambda stage, fraction: progress(prefix + stage, fraction)


def generate(n: int = 9, level: Level | None = Level.EASY, rng: random.Random | None = None, *,
             symmetry: Symmetry = "none", minimal: bool = True,
             max_attempts: int | None = None, progress: Progress | None = None) -> Generated:
    """A puzzle with one solution at ``level`` (None: any level below Needs guessing).

    ``minimal=False`` lets Easy puzzles keep clues whose removal would make them harder; other
    levels come out minimal either way. Raises ``GenerationError`` at once for a level that does
    not occur at the size, and after ``max_attempts`` grids (default ``MAX_ATTEMPTS``, more at
    6×6).

    >>> made = generate(4, Level.EASY, random.Random(1))
    >>> made.rating.level.display, made.rating.unique, is_minimal(made.puzzle)
    ('Easy', True, True)
    """
    whole = not_generated(n)
    if whole is not None:
        raise ValueError(f"cannot generate {n}×{n} puzzles: {whole}")
    if symmetry not in SYMMETRIES:
        raise ValueError(f"unknown symmetry {symmetry!r}: choose one of {', '.join(SYMMETRIES)}")
    wanted = "unique" if level is None else level.display
    why = None if level is None else unavailable(n, level)
    if why is not None:
        raise GenerationError(f"no {n}×{n} {wanted} puzzles: {why}")
    rng = rng or random.Random()
    if max_attempts is None:
        max_attempts = MAX_ATTEMPTS_BY_SIZE.get(n, MAX_ATTEMPTS)
    for attempt in range(1, max_attempts + 1):
        report = _labelled(progress, f"attempt {attempt}: ") if progress else None
        made = _attempt(n, level, rng, symmetry, minimal, report)
        if made is None:
            continue
        puzzle, solution, rating = made
        if rating is None:
            if report:
                report("grading", 1.0)
            rating = rate(puzzle)
        if rating.unique and _accepts(level, rating.level):
            return Generated(puzzle, solution, rating, attempt, symmetry, minimal)
    raise GenerationError(f"no {n}×{n} {wanted} puzzle found in {max_attempts} attempts"
                          + (f" with {symmetry} symmetry" if symmetry != "none" else ""))
