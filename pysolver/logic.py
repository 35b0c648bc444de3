"""The step finder: the ordered techniques, one deduction at a time, simplest first.

As in HoDoKu, an ordered registry of finders is walked and the first step found is returned; finding
never applies. The engine is *stuck* only at the common fixpoint of every technique: no single, no
intersection, and no chain or pile in any house or digit view (``find_exclusions`` sees them all).

>>> from pysolver.grid import Grid
>>> board = Board.from_grid(Grid.parse(FIGURE_4_2))
>>> next_step(board).name
'Naked Single'
>>> final, steps = solve_by_logic(board)
>>> final.is_solved(), len(steps)
(True, 46)
"""

from __future__ import annotations

from typing import Callable, Iterator

from .board import Board, Contradiction
from .step import Step
from .techniques.exclusion import find_exclusions, hall_contradiction
from .techniques.intersections import find_claiming, find_pointing
from .techniques.singles import find_hidden_singles, find_naked_singles

Finder = Callable[[Board], Iterator[Step]]

#: The techniques in the order they are tried.
FINDERS: tuple[Finder, ...] = (
    find_naked_singles,
    find_hidden_singles,
    find_pointing,
    find_claiming,
    find_exclusions,
)

#: Figure 4.2 of the GTSPS thesis chapter, its worked example (used in doctests).
FIGURE_4_2 = ".1..2.34.4..1..5....67.8....214..75.57..1..89.39..641....9.78....5..1..7.98.3..6."


def find_contradiction(board: Board) -> Contradiction | None:
    """Why the board cannot be completed, if it cannot by the rules we know; None otherwise."""
    return board.basic_contradiction() or hall_contradiction(board)


def next_step(board: Board) -> Step | None:
    """The simplest deduction available, or None when solved, stuck or contradictory."""
    if board.basic_contradiction():
        return None
    for finder in FINDERS:
        step = next(finder(board), None)
        if step is not None:
            return step
    return None


def apply_step(board: Board, step: Step) -> Board:
    """The board after a logic step (placements, then eliminations)."""
    return board.apply(step.placements, step.eliminations)


def solve_by_logic(board: Board) -> tuple[Board, list[Step]]:
    """Apply steps until none is found; return the final board and the steps taken."""
    steps: list[Step] = []
    while True:
        step = next_step(board)
        if step is None:
            return board, steps
        board = apply_step(board, step)
        steps.append(step)
