"""The step finder: the registry's techniques, one deduction at a time, simplest first.

As in HoDoKu, an ordered list of finders (``techniques.registry.TECHNIQUES``) is walked and the
first step found is returned; finding never applies. ``Settings`` say which techniques are switched
off and whether the puzzle is known to have one solution (the uniqueness techniques are used only
then). With every technique on, the engine is *stuck* only at the common fixpoint of them all.

>>> from pysolver.grid import Grid
>>> board = Board.from_grid(Grid.parse(FIGURE_4_2))
>>> next_step(board).name
'Naked Single'
>>> final, steps = solve_by_logic(board)
>>> final.is_solved(), len(steps)
(True, 46)
>>> next_step(board, Settings(disabled=frozenset({"naked-single"}))).name
'Hidden Single'
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Callable, Iterator

from .board import Board, Contradiction
from .step import Step
from .techniques import Finder, Technique
from .techniques.exclusion import hall_contradiction
from .techniques.registry import BASIC_MODULES, TECHNIQUES
from .witnesses import is_open

#: Figure 4.2 of the GTSPS thesis chapter, its worked example (used in doctests).
FIGURE_4_2 = ".1..2.34.4..1..5....67.8....214..75.57..1..89.39..641....9.78....5..1..7.98.3..6."


@dataclass(frozen=True)
class Settings:
    """Which techniques the engine may use.

    ``disabled`` holds slugs switched off (a teacher restricting the tutor to what the class
    knows); ``unique`` says the puzzle was proved to have exactly one solution, without which the
    techniques that assume it (unique rectangles, BUG+1), and the nested forcing nets, whose
    search is worth its cost only where the logic can finish, are never used.
    """

    disabled: frozenset[str] = frozenset()
    unique: bool = False

    def __post_init__(self) -> None:
        """Refuse what would switch nothing off without a word: a slug the registry does not
        know (a typo), or one string (its letters would be read as the set)."""
        if isinstance(self.disabled, str):
            raise TypeError(f"disabled is a set of technique slugs, not the string {self.disabled!r}")
        disabled = frozenset(self.disabled)
        unknown = sorted(disabled - _SLUGS)
        if unknown:
            raise ValueError(f"unknown technique {', '.join(map(repr, unknown))}: "
                             f"see `pysolver techniques` for the slugs")
        object.__setattr__(self, "disabled", disabled)

    def allows(self, record: Technique) -> bool:
        """Whether the engine may use ``record``."""
        return record.slug not in self.disabled and (
            self.unique or not (record.assumes_uniqueness or record.unique_puzzles_only))

    def finders(self) -> tuple[tuple[Finder, frozenset[Technique]], ...]:
        """Each finder in the engine's order once, with the allowed techniques it may report."""
        return _finders(self)


#: The basic techniques: cheap at any size, so tried before asking whether the board is open.
_BASIC = frozenset(record for module in BASIC_MODULES for record in module.TECHNIQUES)
#: Every slug the registry knows.
_SLUGS = frozenset(record.slug for record in TECHNIQUES)
#: Every technique on; uniqueness techniques off (nothing proved the puzzle unique).
DEFAULT = Settings()
#: Hears what the engine does while it looks for a step, in words ("trying XY-Wing"): a step of a
#: 25×25 board can take a minute, and a command line shows what it is spent on.
Trying = Callable[[str], None]
#: What the engine does before the techniques past the basic ones, in ``Trying``'s words.
ASKING_OPEN = "checking whether the board is open"
_FINDERS: dict[Settings, tuple[tuple[Finder, frozenset[Technique]], ...]] = {}


def _finders(settings: Settings) -> tuple[tuple[Finder, frozenset[Technique]], ...]:
    cached = _FINDERS.get(settings)
    if cached is None:
        order: dict[Finder, set[Technique]] = {}
        for record in TECHNIQUES:
            if record.finder is not None and settings.allows(record):
                order.setdefault(record.finder, set()).add(record)
        cached = tuple((finder, frozenset(records)) for finder, records in order.items())
        if len(_FINDERS) < 64:
            _FINDERS[settings] = cached
    return cached


def find_contradiction(board: Board) -> Contradiction | None:
    """Why the board cannot be completed, if it cannot by the rules we know; None otherwise."""
    return board.basic_contradiction() or hall_contradiction(board)


@lru_cache(maxsize=64)
def trying_words(allowed: frozenset[Technique]) -> str:
    """What ``Trying`` hears before a finder runs: the titles of the techniques it may report, in
    the engine's order and without their explanations, short enough for one line of a terminal.

    >>> from pysolver.techniques.registry import BY_SLUG
    >>> trying_words(frozenset(BY_SLUG[slug] for slug in ("fish", "chain-exclusion")))
    'trying Chain exclusion, Fish'
    """
    order = {record: index for index, record in enumerate(TECHNIQUES)}
    titles = [record.title.split(" (")[0] for record in sorted(allowed, key=order.__getitem__)]
    return "trying " + ", ".join(titles)


def steps_available(board: Board, settings: Settings = DEFAULT,
                    trying: Trying | None = None) -> Iterator[Step]:
    """Every step the allowed techniques find, in the engine's order (simplest first).

    Past the basic techniques, where the chains and forcing chains can search for a minute on a
    nearly empty board, a board not known to have one solution is asked whether it is open
    (``witnesses.is_open``: every candidate lies in some solution). An open board has no sound
    step at all, so nothing is lost by stopping there; the question costs a few bounded searches.
    ``trying`` hears each of these stages before it starts."""
    asked = settings.unique  # a board of a unique puzzle has at most one solution: never open
    for finder, allowed in settings.finders():
        if not asked and not allowed <= _BASIC:
            asked = True
            if trying is not None:
                trying(ASKING_OPEN)
            if is_open(board):
                return
        if trying is not None:
            trying(trying_words(allowed))
        for step in finder(board):
            if step.technique in allowed:
                yield step


def next_step(board: Board, settings: Settings = DEFAULT,
              trying: Trying | None = None) -> Step | None:
    """The simplest deduction available, or None when solved, stuck or contradictory; ``trying``
    hears what the engine looks at (``steps_available``)."""
    if board.basic_contradiction():
        return None
    return next(steps_available(board, settings, trying), None)


def apply_step(board: Board, step: Step) -> Board:
    """The board after a logic step (placements, then eliminations)."""
    return board.apply(step.placements, step.eliminations)


def solve_by_logic(board: Board, settings: Settings = DEFAULT) -> tuple[Board, list[Step]]:
    """Apply steps until none is found; return the final board and the steps taken."""
    steps: list[Step] = []
    while True:
        step = next_step(board, settings)
        if step is None:
            return board, steps
        board = apply_step(board, step)
        steps.append(step)
