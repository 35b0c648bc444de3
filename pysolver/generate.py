"""The puzzle generator: a random full grid, clues removed while the solution stays unique, graded.

The classic recipe (Dr. Dobb's "Sudoku & Graph Theory" and HoDoKu): fill a grid at
random, then blank its cells in random order, keeping a blank only if the puzzle keeps exactly one
solution. One pass over every cell leaves a *minimal* puzzle:
a clue kept once because its removal let a second solution in still does so after more blanks.
The grader then says which level the puzzle is; a puzzle of the wrong level is thrown away and a
new grid tried. With a symmetry, cells are blanked by orbits (a cell and its mirror image), and
minimal means no orbit can be blanked.

How often each level comes out decides the method (measured on 2,000 random minimal 9×9 puzzles:
Easy 43%, Medium 12%, Hard 6%, Expert 0.05%, Needs guessing 39%):

* **Easy** is *steered*: a blank is kept only if singles still solve the puzzle, which also proves
  uniqueness without a search, then the remaining clues are checked for minimality. A clue that
  singles need but uniqueness does not is *repaired* (its peers filled in again, the blanking
  repeated) rather than the grid thrown away: at 16×16 only about one steered puzzle in a hundred
  is minimal, while a few dozen repairs usually reach one. A random minimal 16×16 puzzle takes a
  minute of searching and needs guessing anyway.
* **Medium, Hard, Needs guessing** and **unique** (any level below guessing, the Dr. Dobb's
  "Unique" option) are *sampled*: random minimal puzzles until one has the level.
* **Expert** is too rare to sample, so it *walks*: from a Hard (or Expert) minimal puzzle it visits
  the puzzles one swap away (a clue orbit blanked, an empty orbit filled from the solution) that keep
  a unique solution. A swap neighbour is found without trying each pair: the solutions of the puzzle
  without one clue orbit are listed once, and an empty orbit pins the solution down exactly when
  every other solution differs from it there. An Expert neighbour is made minimal and graded again.

Blanking a clue of a unique puzzle keeps it unique exactly when the puzzle without the clue has
no solution with another digit there, so each test is one search with the clue's digit banned
from its cell: it never walks the known solution's branch, and it works on the search's candidate
integers (``search.raw_solutions``) without building a ``Grid`` per answer.

Every random choice comes from the ``random.Random`` passed in, so a seed gives the same puzzles.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable, Iterator, Literal, Sequence

from .geometry import Geometry, geometry_for_size
from .grading import Level, Rating, level_within, rate
from .grid import Grid
from .search import (Layout, SearchBudgetExceeded, candidate_bit, clue_bits, count_solutions,
                     layout, raw_solutions, solve, solved_by_singles)

Symmetry = Literal["none", "rotational", "mirror"]
SYMMETRIES: tuple[Symmetry, ...] = ("none", "rotational", "mirror")
#: The sizes the generator makes (the geometry knows 12×12 and 25×25 too, but they are untested).
SIZES = (4, 6, 9, 16)
#: Called with a stage label and the fraction of the current attempt done (0..1).
Progress = Callable[[str, float], None]
#: Full grids tried before giving up on a level (some never occur at some sizes: a 4×4 is Easy).
MAX_ATTEMPTS = 500
#: Swap walks from one Hard puzzle before a new grid is drawn, and neighbours listed per clue orbit.
WALK_STEPS = 4
SWAP_SOLUTION_LIMIT = 64
#: Times an Easy puzzle with a needless clue is re-blanked around it before a new grid is drawn.
EASY_REPAIRS = 40
#: Search nodes spent looking for a second solution of an Easy puzzle without one clue orbit
#: before that orbit's neighbourhood is changed instead (16×16: a few hundredths of a second).
EASY_SEARCH_BUDGET = 20000


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
    branch (a solution differing in two cells is found twice).
    """
    for cell in orbit:
        yield from raw_solutions(t, clues, candidate_bit(t, cell, solution[cell]), budget)


def _puzzle_of(solution: Grid, clues: int) -> Grid:
    """The puzzle whose clues are the cells of ``solution`` that ``clues`` (search bits) holds."""
    t = layout(solution.geometry)
    return Grid(solution.geometry, tuple(v if clues & candidate_bit(t, c, v) else 0
                                         for c, v in enumerate(solution.values)))


def _orbit_bits(solution: Grid, symmetry: Symmetry) -> dict[tuple[int, ...], int]:
    """Each orbit → the search bits of its cells' digits in ``solution``."""
    t = layout(solution.geometry)
    return {orbit: sum(candidate_bit(t, cell, solution[cell]) for cell in orbit)
            for orbit in orbits(solution.geometry, symmetry)}


def minimize(puzzle: Grid, rng: random.Random, symmetry: Symmetry = "none",
             progress: Progress | None = None) -> Grid:
    """Blank clue orbits in random order while the solution stays unique: a minimal puzzle.

    ``puzzle`` must have one solution.
    """
    geo = puzzle.geometry
    solution = solve(puzzle)
    if solution is None:
        raise ValueError("cannot minimize a puzzle without a solution")
    t = layout(geo)
    clues = clue_bits(t, puzzle.values)
    bits = _orbit_bits(solution, symmetry)
    clued = [o for o in bits if puzzle[o[0]]]
    rng.shuffle(clued)
    for index, orbit in enumerate(clued):
        if progress and index % 8 == 0:
            progress("removing clues", index / len(clued))
        trial = clues & ~bits[orbit]
        if next(_others(t, trial, solution.values, orbit), None) is None:
            clues = trial
    return _puzzle_of(solution, clues)


def _needless(t: Layout, clues: int, solution: Grid, bits: dict[tuple[int, ...], int],
              witnesses: dict[tuple[int, ...], int],
              budget: int | None = None) -> tuple[int, ...] | None:
    """A clue orbit a unique puzzle may not need, or None: the puzzle is minimal.

    The orbit returned is one the puzzle stays unique without, or (with a ``budget``) one for
    which the search found no second solution within ``budget`` nodes: searches for a second
    solution have a heavy tail, and a generator can change the puzzle instead of waiting.
    ``witnesses`` keeps, per orbit, a second solution found once its clues were blanked; while
    that solution still agrees with every other clue, the orbit is still needed and no search
    is run. A puzzle changed in a few places so needs a search only for the clues it affects.
    """
    unproven = []
    for orbit, own in bits.items():
        if clues & own:
            witness = witnesses.get(orbit)
            if witness is None or clues & ~own & ~witness:
                unproven.append(orbit)
    for orbit in unproven:
        try:
            found = next(_others(t, clues & ~bits[orbit], solution.values, orbit, budget), None)
        except SearchBudgetExceeded:
            return orbit
        if found is None:
            return orbit
        witnesses[orbit] = found
    return None


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
    t = layout(puzzle.geometry)
    return _needless(t, clue_bits(t, puzzle.values), solution, _orbit_bits(solution, symmetry),
                     {}) is None


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


def _steer(t: Layout, solution: Grid, clues: int, order: Sequence[tuple[int, ...]],
           bits: dict[tuple[int, ...], int]) -> int:
    """Blank the orbits in order while singles still solve; the clues as search bits."""
    geo = solution.geometry
    values = [v if clues & candidate_bit(t, c, v) else 0 for c, v in enumerate(solution.values)]
    seen = [sum(1 << values[c] >> 1 for c in house) for house in geo.houses]

    def set_orbit(orbit: tuple[int, ...], on: bool) -> None:
        for cell in orbit:
            digit = solution[cell]
            values[cell] = digit if on else 0
            for house in geo.houses_of[cell]:
                seen[house] ^= 1 << (digit - 1)

    for orbit in order:
        own = bits[orbit]
        if not clues & own:
            continue
        set_orbit(orbit, False)
        if (all(_forced(geo, values, seen, cell, solution[cell]) for cell in orbit)
                or solved_by_singles(t, clues & ~own)):
            clues &= ~own
        else:
            set_orbit(orbit, True)
    return clues


def _steer_easy(solution: Grid, rng: random.Random, symmetry: Symmetry, minimal: bool,
                progress: Progress | None) -> Grid | None:
    """An Easy puzzle: orbits blanked in random order while singles still solve it.

    Singles prove uniqueness, but a clue they need may be one uniqueness does not need. Then the
    puzzle without it is no longer Easy, nor is any puzzle inside that one, so the clue's
    neighbourhood must change: its orbit's peers are filled in again from the solution and the
    blanking repeated, that orbit first. After ``EASY_REPAIRS`` such repairs the grid is given up.
    """
    geo = solution.geometry
    t = layout(geo)
    bits = _orbit_bits(solution, symmetry)
    order = list(bits)
    rng.shuffle(order)
    clues = _steer(t, solution, clue_bits(t, solution.values), order, bits)
    witnesses: dict[tuple[int, ...], int] = {}
    for repair in range(EASY_REPAIRS + 1):
        if not minimal:
            break
        if progress:
            progress("checking every clue is needed", repair / (EASY_REPAIRS + 1))
        needless = _needless(t, clues, solution, bits, witnesses, EASY_SEARCH_BUDGET)
        if needless is None:
            break
        if repair == EASY_REPAIRS:
            return None
        near = {peer for cell in needless for peer in geo.peers[cell]}
        clues |= sum(own for o, own in bits.items() if o[0] in near or o[-1] in near)
        rng.shuffle(order)
        clues = _steer(t, solution, clues, [needless, *order], bits)
    return _puzzle_of(solution, clues)


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
            found = level_within(neighbour, Level.EXPERT)
            if found is Level.EXPERT:
                candidate = minimize(neighbour, rng, symmetry) if minimal else neighbour
                if level_within(candidate, Level.EXPERT) is Level.EXPERT:
                    return candidate
            elif found is Level.HARD:
                hard.append(neighbour)
        if not hard:
            return None
        current = rng.choice(hard)
    return None


def _attempt(n: int, level: Level | None, rng: random.Random, symmetry: Symmetry,
             minimal: bool, progress: Progress | None) -> tuple[Grid, Grid] | None:
    """One full grid's try at a puzzle of ``level``: (puzzle, solution) or None."""
    solution = random_solution(n, rng)
    if level is Level.EASY:
        easy = _steer_easy(solution, rng, symmetry, minimal, progress)
        return None if easy is None else (easy, solution)
    puzzle = minimize(solution, rng, symmetry, progress)
    if progress:
        progress("grading", 1.0)
    if level is Level.EXPERT:
        found = level_within(puzzle, Level.EXPERT)
        if found is Level.EXPERT:
            return puzzle, solution
        if found is not Level.HARD:
            return None
        walked = _walk_to_expert(puzzle, solution, rng, symmetry, minimal, progress)
        return None if walked is None else (walked, solution)
    ceiling = Level.EXPERT if level is None else level
    return (puzzle, solution) if _accepts(level, level_within(puzzle, ceiling)) else None


def _labelled(progress: Progress, prefix: str) -> Progress:
    """``progress`` with every stage name prefixed (the attempt number)."""
    return lambda stage, fraction: progress(prefix + stage, fraction)


def generate(n: int = 9, level: Level | None = Level.EASY, rng: random.Random | None = None, *,
             symmetry: Symmetry = "none", minimal: bool = True,
             max_attempts: int = MAX_ATTEMPTS, progress: Progress | None = None) -> Generated:
    """A puzzle with one solution at ``level`` (None: any level below Needs guessing).

    ``minimal=False`` lets Easy puzzles keep clues whose removal would make them harder; other
    levels come out minimal either way. Raises ``GenerationError`` after ``max_attempts`` grids.

    >>> made = generate(4, Level.EASY, random.Random(1))
    >>> made.rating.level.display, made.rating.unique, is_minimal(made.puzzle)
    ('Easy', True, True)
    """
    if n not in SIZES:
        raise ValueError(f"cannot generate {n}×{n} puzzles: sizes are "
                         + ", ".join(f"{s}×{s}" for s in SIZES))
    if symmetry not in SYMMETRIES:
        raise ValueError(f"unknown symmetry {symmetry!r}: choose one of {', '.join(SYMMETRIES)}")
    rng = rng or random.Random()
    for attempt in range(1, max_attempts + 1):
        report = _labelled(progress, f"attempt {attempt}: ") if progress else None
        made = _attempt(n, level, rng, symmetry, minimal, report)
        if made is not None:
            puzzle, solution = made
            return Generated(puzzle, solution, rate(puzzle), attempt, symmetry, minimal)
    wanted = "unique" if level is None else level.display
    raise GenerationError(f"no {n}×{n} {wanted} puzzle found in {max_attempts} attempts"
                          + (f" with {symmetry} symmetry" if symmetry != "none" else ""))
