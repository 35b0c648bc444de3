"""The difficulty levels players read, easiest first, shared by the technique records and grading.

Each technique's record names the level it belongs to; a puzzle's level is the hardest level among
the steps its logic solve takes (``grading``). *Easy* is singles, *Medium* the intersections, *Hard*
naked and hidden pairs and triples, *Expert* larger subsets, fish, single-digit patterns, wings and
the uniqueness patterns, *Extreme* chains, almost locked sets and forcing chains, and *Needs
guessing* a puzzle whose logic stalls.
"""

from __future__ import annotations

from enum import IntEnum


class Level(IntEnum):
    """The difficulty levels, easiest first; ``slug`` is the name in JSON and on the command line."""

    EASY = 0
    MEDIUM = 1
    HARD = 2
    EXPERT = 3
    EXTREME = 4
    GUESSING = 5

    @property
    def slug(self) -> str:
        """``easy``, ``medium``, ``hard``, ``expert``, ``extreme`` or ``guessing``."""
        return self.name.lower()

    @property
    def display(self) -> str:
        """The name people read: ``Easy`` … ``Needs guessing``."""
        return "Needs guessing" if self is Level.GUESSING else self.name.capitalize()

    @classmethod
    def parse(cls, text: str) -> Level:
        """A level from its slug or display name, in any case.

        >>> Level.parse("Hard"), Level.parse("needs guessing")
        (<Level.HARD: 2>, <Level.GUESSING: 5>)
        """
        key = text.strip().lower()
        for level in cls:
            if key in (level.slug, level.display.lower()):
                return level
        raise ValueError(f"unknown level {text!r}: choose one of "
                         + ", ".join(level.slug for level in cls))
