"""What a puzzle is, said once at load: no solution (and why), several solutions, or unique.

A learner should know before the first step whether logic can finish the puzzle: a puzzle with no
solution shows the cell or house where it breaks (the same contradiction finder the session uses),
or says the search finds none; one with several says logic can stall and guessing may be needed;
a unique one keeps its solution, which is how the tutor names a wrong digit. The search (constraint
propagation with fewest-candidates branching) looks for two solutions within a node budget, so a
pathological partial puzzle typed on a 16×16 board cannot hang the page.

>>> from pysolver.grid import Grid
>>> classify(Grid.parse("1.3.34.........2")).kind
'unique'
>>> classify(Grid.empty(4)).message
'At least 2 solutions: logic can stall and guessing may be needed.'
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import islice
from typing import Any, Literal

from .board import Board
from .grid import Grid
from .logic import find_contradiction
from .search import SearchBudgetExceeded, clue_bits, layout, raw_solutions, solution_values

Kind = Literal["none", "several", "unique", "unknown"]

#: Search nodes spent on telling none, one and several apart (milliseconds on any proper puzzle).
BUDGET = 200_000
#: The verdict when the budget runs out. As short as "At least 2 solutions: …": a phone shows the
#: verdict in three short lines.
UNKNOWN_MESSAGE = "Unknown whether it has a solution: the search ran out of budget."


@dataclass(frozen=True)
class Classification:
    """The puzzle's kind, a sentence for the page, the spot of a contradiction, the unique solution."""

    kind: Kind
    message: str
    solution: Grid | None = None
    cell: int | None = None
    house: int | None = None
    cells: tuple[int, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """Plain data for the page (the solution stays in Python: the page never needs it)."""
        return {"kind": self.kind, "message": self.message, "cell": self.cell, "house": self.house,
                "cells": list(self.cells)}


def classify(puzzle: Grid) -> Classification:
    """Count the solutions up to two, within ``BUDGET`` search nodes."""
    t = layout(puzzle.geometry)
    try:
        solutions = list(islice(raw_solutions(t, clue_bits(t, puzzle.values), budget=BUDGET,
                                                restart=True), 2))
    except SearchBudgetExceeded:
        return Classification("unknown", UNKNOWN_MESSAGE)
    found = len(solutions)
    if found == 2:
        return Classification("several", "At least 2 solutions: logic can stall and guessing may "
                                         "be needed.")
    if found == 1:
        # The count's own solution: a second search for it cost a fifth of a 25×25 load.
        solution = Grid(puzzle.geometry, tuple(solution_values(t, solutions[0])))
        return Classification("unique", "Exactly one solution.", solution=solution)
    contradiction = find_contradiction(Board.from_grid(puzzle))
    if contradiction is None:
        return Classification("none", "No solution: the search finds none.")
    return Classification("none", f"No solution: {contradiction.message}.", cell=contradiction.cell,
                          house=contradiction.house, cells=contradiction.cells)
