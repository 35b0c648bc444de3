"""The steps that are not deductions: a guess, a backtrack, and finishing by search.

The session makes them on demand (no finder looks for them); they have records so that a step's
technique is always a record, and grading weighs a guess as HoDoKu weighs its "brute force" step.
"""

from __future__ import annotations

from ..levels import Level
from . import Technique

GUESS = Technique(
    "guess", "Guess", "guessing", Level.GUESSING, 10000,
    summary="Try a candidate of a cell with the fewest; backtracking undoes it on a contradiction.")
BACKTRACK = Technique(
    "backtrack", "Backtrack", "guessing", Level.GUESSING, 0,
    summary="Return to the last guess after a contradiction and remove the guessed digit.")
SEARCH = Technique(
    "search", "Search", "guessing", Level.GUESSING, 0,
    summary="Fill the remaining cells from the search engine's solution.")
TECHNIQUES = (GUESS, BACKTRACK, SEARCH)
