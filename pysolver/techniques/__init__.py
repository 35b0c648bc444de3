"""The techniques: one record per technique, declared once, read by everything else.

Every fact about a technique lives in its ``Technique`` record: the stable ``slug`` used in JSON and
on the command line, the ``title`` people read, the ``family`` it belongs to, its ``level`` and its
HoDoKu-style ``weight`` (HoDoKu's ``StepConfig`` scores), whether it ``assumes_uniqueness`` of the
solution, and its ``finder``. The step order (``logic``), grading, ``pysolver techniques``, the
``--without`` option and the page's legend and settings panel all read ``registry.TECHNIQUES``;
``Step.technique`` is the record itself, so a step knows its slug, title, level and weight.

How to add a technique (or a family of them):

1. Write a module ``pysolver/techniques/<family>.py`` opening with a paragraph that names the idea
   and its published source. Give it finder functions ``find_...(board) -> Iterator[Step]`` that
   never mutate the board and yield the simplest steps first.
2. At the bottom of the module declare one record per technique, e.g.::

       SKYSCRAPER = Technique("skyscraper", "Skyscraper", "single-digit patterns", Level.EXPERT,
                              130, find_skyscrapers)

   and list them in a module-level ``TECHNIQUES`` tuple. A finder builds its steps with
   ``Step(SKYSCRAPER, ...)`` (the record, never a bare string). Several records may share one
   finder when one search finds them all (chain exclusion, pile exclusion and fish come from one
   matching of every view): the engine runs that finder once and keeps the steps of the
   techniques still switched on.
3. Add the module to ``MODULES`` in ``registry.py``. The order of the engine is the basic
   techniques first, as they always were, then every other record by weight (HoDoKu's default
   order), so adding a technique never changes the log of a puzzle the others already solve.
4. Test it on the published example that names it, and on a position where it must not fire.

Techniques whose step size changes their name and grade (a naked pair, triple, quad; an X-Wing,
Swordfish, Jellyfish) list ``grades`` per size; ``grade(size)`` reads them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable, Iterator

from ..levels import Level

if TYPE_CHECKING:
    from ..board import Board
    from ..step import Step

#: A finder yields the steps of its techniques on a board, simplest first, and never mutates it.
Finder = Callable[["Board"], Iterator["Step"]]


@dataclass(frozen=True)
class SizeGrade:
    """The level and weight of a technique at one size (HoDoKu scores a naked pair 60, a triple 80)."""

    size: int
    level: Level
    weight: int


@dataclass(frozen=True, eq=False)
class Technique:
    """One technique's record: everything the engine, grading, the CLI and the page know of it.

    Records compare and hash by identity: there is exactly one per technique.
    """

    slug: str
    title: str
    family: str
    level: Level
    weight: int
    finder: Finder | None = field(default=None, repr=False)
    assumes_uniqueness: bool = False
    #: Tried only once the puzzle is proved to have one solution, though nothing it concludes
    #: assumes that: on a puzzle with several solutions the logic can never finish, and so deep a
    #: search would spend its whole budget at every stall (a rating guesses through many).
    unique_puzzles_only: bool = field(default=False, repr=False)
    #: Per-size grades, ascending; sizes beyond the last add ``growth`` to its weight per size.
    grades: tuple[SizeGrade, ...] = field(default=(), repr=False)
    growth: int = field(default=0, repr=False)
    #: One sentence for the page's legend and ``pysolver techniques``.
    summary: str = field(default="", repr=False)

    def grade(self, size: int) -> tuple[Level, int]:
        """The level and weight of a step of this technique at ``size``.

        >>> t = Technique("x", "X", "f", Level.HARD, 60, grades=(SizeGrade(2, Level.HARD, 60),
        ...               SizeGrade(4, Level.EXPERT, 120)), growth=30)
        >>> t.grade(2), t.grade(3), t.grade(6)
        ((<Level.HARD: 2>, 60), (<Level.EXPERT: 3>, 120), (<Level.EXPERT: 3>, 180))
        """
        if not self.grades:
            return self.level, self.weight
        for grade in self.grades:
            if grade.size >= size:
                return grade.level, grade.weight
        last = self.grades[-1]
        return last.level, last.weight + self.growth * (size - last.size)

    def to_json(self) -> dict[str, object]:
        """Plain data for ``pysolver techniques --json`` and the page's legend and settings."""
        return {"slug": self.slug, "title": self.title, "family": self.family,
                "level": self.level.slug, "level_name": self.level.display,
                "weight": self.weight, "assumes_uniqueness": self.assumes_uniqueness,
                "summary": self.summary}
