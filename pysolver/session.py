"""A solving session for the UI and the CLI: a log of steps with undo, redo, guesses and backtracking.

The log holds every step taken; ``position`` says how many of them are applied, so Back and Forward
move along it and a new step drops the steps ahead. Backtracking on demand (Dr. Dobb's "fewest
degrees of freedom", farhiongit/sudoku-solver's last resort): a guess places a candidate of a cell
with the fewest candidates; when a contradiction follows, a backtrack step returns to the board
before the last open guess and removes the guessed digit there. Guesses and backtracks are steps
like any other, so the whole search is visible and replayable from the list of ``actions``.

>>> from pysolver.grid import Grid
>>> s = Session(Grid.parse(".51..9483.9...8.6..6..1.7.26.5..12.....2.4.....27....5.....2.7..2.1...5.4785...2."))
>>> steps = s.solve()
>>> s.status().state, s.board.grid().is_solved()
('solved', True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from .board import Board, Contradiction
from .grid import Grid
from .logic import Settings, apply_step, find_contradiction, next_step
from .search import count_solutions, solve
from .step import Step, digit_set
from .techniques.guessing import BACKTRACK, GUESS, SEARCH

State = Literal["solving", "solved", "stuck", "contradiction"]
Action = Literal["logic", "guess", "backtrack", "search"]

_ACTION_OF = {GUESS: "guess", BACKTRACK: "backtrack", SEARCH: "search"}


@dataclass(frozen=True)
class Status:
    """Where the solve stands, in words, with the cell or house a contradiction concerns."""

    state: State
    message: str
    cell: int | None = None
    house: int | None = None
    cells: tuple[int, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """Plain data for the page and the CLI's closing status line."""
        return {"status": self.state, "message": self.message, "cell": self.cell,
                "house": self.house, "cells": list(self.cells)}


@dataclass(frozen=True)
class _Point:
    """The board after some steps, and the log indices of the guesses still open there."""

    board: Board
    guesses: tuple[int, ...]


class Session:
    """One puzzle being solved step by step."""

    def __init__(self, puzzle: Grid, start: Board | None = None,
                 disabled: frozenset[str] = frozenset()) -> None:
        """A session on ``puzzle`` (its givens), from ``start`` when the player had already placed
        digits or removed candidates (an imported position), else from the puzzle's own board;
        the techniques in ``disabled`` are switched off."""
        self.puzzle = puzzle
        self.start = start if start is not None else Board.from_grid(puzzle)
        self._disabled = disabled
        self._unique: bool | None = None
        self.steps: list[Step] = []
        self._points = [_Point(self.start, ())]
        self.position = 0
        self._next: dict[int, Step | None] = {}
        self._contradiction: dict[int, Contradiction | None] = {}

    # --- where we are -------------------------------------------------------------------------
    @property
    def board(self) -> Board:
        """The board after ``position`` steps."""
        return self._points[self.position].board

    @property
    def actions(self) -> list[Action]:
        """How to replay the log: one action per step."""
        return [_ACTION_OF.get(step.technique, "logic") for step in self.steps]  # type: ignore[misc]

    def contradiction(self) -> Contradiction | None:
        """The contradiction at the current position, if any (cached per position)."""
        if self.position not in self._contradiction:
            self._contradiction[self.position] = find_contradiction(self.board)
        return self._contradiction[self.position]

    @property
    def disabled(self) -> frozenset[str]:
        """The slugs of the techniques switched off."""
        return self._disabled

    def switch_off(self, disabled: frozenset[str]) -> None:
        """Use every technique but ``disabled`` from now on (the log already taken stays)."""
        if disabled != self._disabled:
            self._disabled = disabled
            self._next.clear()

    @property
    def unique(self) -> bool:
        """Whether the puzzle has exactly one solution (proved once, on first need)."""
        if self._unique is None:
            self._unique = count_solutions(self.puzzle, 2) == 1
        return self._unique

    @property
    def settings(self) -> Settings:
        """What the engine may use: the techniques left on, and uniqueness once proved."""
        return Settings(self._disabled, self.unique)

    def next_step(self) -> Step | None:
        """The next logic step (not applied), or None when solved, stuck or contradictory."""
        if self.position not in self._next:
            self._next[self.position] = (None if self.contradiction()
                                         else next_step(self.board, self.settings))
        return self._next[self.position]

    def status(self) -> Status:
        """Solved, contradiction, stuck, or still solving."""
        board = self.board
        if board.is_solved():
            return Status("solved", f"Solved in {self.position} steps.")
        contradiction = self.contradiction()
        if contradiction:
            follow = ("Backtrack to the last guess." if self.can_backtrack()
                      else "The puzzle has no solution.")
            return Status("contradiction", f"Contradiction: {contradiction.message}. {follow}",
                          contradiction.cell, contradiction.house, contradiction.cells)
        left = len(board.empty_cells())
        if self.next_step() is None:
            off = (f" ({len(self._disabled)} technique{'s' if len(self._disabled) > 1 else ''}"
                   " switched off)") if self._disabled else ""
            return Status("stuck", f"Stuck with {left} cells to go: no technique the tutor knows"
                                   f"{off} finds a step. Guess to go on, or Solve.")
        return Status("solving", f"{left} cells to go.")

    def can_guess(self) -> bool:
        """A guess makes sense while the board is neither solved nor contradictory."""
        return not self.board.is_solved() and self.contradiction() is None

    def can_backtrack(self) -> bool:
        """At a contradiction with a guess to return to."""
        return bool(self._points[self.position].guesses) and self.contradiction() is not None

    # --- moving along the log -----------------------------------------------------------------
    def apply(self, step: Step) -> None:
        """Apply a step at the current position, dropping any steps ahead of it."""
        point = self._points[self.position]
        if step.technique is BACKTRACK:
            guess = self._points[point.guesses[-1]]
            new = _Point(guess.board.apply(eliminations=step.eliminations), guess.guesses)
        elif step.technique is GUESS:
            new = _Point(point.board.apply(step.placements), point.guesses + (self.position,))
        else:
            new = _Point(apply_step(point.board, step), point.guesses)
        del self.steps[self.position:]
        del self._points[self.position + 1:]
        self._forget_ahead()
        self.steps.append(step)
        self._points.append(new)
        self.position += 1

    def step(self) -> Step | None:
        """Apply the next logic step; None if there is none."""
        step = self.next_step()
        if step is not None:
            self.apply(step)
        return step

    def undo(self) -> bool:
        """Back one step; False at the start."""
        if self.position == 0:
            return False
        self.position -= 1
        return True

    def redo(self) -> bool:
        """Forward one step along the log; False at its end."""
        if self.position >= len(self.steps):
            return False
        self.position += 1
        return True

    def goto(self, position: int) -> None:
        """Show the board after ``position`` steps of the log."""
        if not 0 <= position <= len(self.steps):
            raise ValueError(f"step {position} is outside the log (0 to {len(self.steps)})")
        self.position = position

    # --- guessing -----------------------------------------------------------------------------
    def guess(self) -> Step:
        """Place the smallest candidate of the first cell with the fewest candidates."""
        if not self.can_guess():
            raise ValueError("nothing to guess: the board is solved or contradictory")
        board = self.board
        geo = board.geometry
        cell = min(board.empty_cells(), key=lambda c: board.candidates[c].bit_count())
        options = board.candidate_digits(cell)
        digit = options[0]
        name = geo.cell_name(cell)
        text = (f"Guess: {name} has the fewest candidates, {digit_set(geo, options)}; try "
                f"{geo.symbol(digit)}. If a contradiction follows, backtracking returns here and "
                f"removes {geo.symbol(digit)} from {name}.")
        step = Step(GUESS, "Guess", text, size=len(options), view="cell",
                    houses=geo.houses_of[cell], cells=(cell,), digits=tuple(options),
                    pattern=tuple((cell, d) for d in options), placements=((cell, digit),))
        self.apply(step)
        return step

    def backtrack(self) -> Step:
        """Return to the last open guess and remove its digit there."""
        contradiction = self.contradiction()
        if contradiction is None or not self.can_backtrack():
            raise ValueError("nothing to backtrack: no contradiction after a guess")
        point = self._points[self.position]
        guess_step = self.steps[point.guesses[-1]]
        cell, digit = guess_step.placements[0]
        geo = self.board.geometry
        name = geo.cell_name(cell)
        text = (f"Backtrack: the guess {name} = {geo.symbol(digit)} led to a contradiction "
                f"({contradiction.message}), so {name} is not {geo.symbol(digit)}.")
        step = Step(BACKTRACK, "Backtrack", text, size=0, view="cell",
                    houses=geo.houses_of[cell], cells=(cell,), digits=(digit,),
                    eliminations=((cell, digit),))
        self.apply(step)
        return step

    # --- whole solves -------------------------------------------------------------------------
    def solve_logic(self) -> list[Step]:
        """Apply logic steps until solved, stuck or contradictory."""
        taken = []
        while (step := self.step()) is not None:
            taken.append(step)
        return taken

    def solve(self) -> list[Step]:
        """Finish the solve with logic, guesses and backtracks; stop solved or without a solution."""
        taken = []
        while not self.board.is_solved():
            if self.contradiction() is not None:
                if not self.can_backtrack():
                    break
                taken.append(self.backtrack())
                continue
            step = self.step()
            taken.append(step if step is not None else self.guess())
        return taken

    def finish_by_search(self) -> Step:
        """One step placing every remaining digit, from the search engine's solution."""
        board = self.board
        if board.is_solved():
            raise ValueError("the board is already solved")
        solution = solve(board.grid())
        if solution is None:
            raise ValueError("no solution from this board: "
                             + ("backtrack or go back" if self._points[self.position].guesses
                                else "the puzzle has none"))
        placements = tuple((c, solution[c]) for c in board.empty_cells())
        text = (f"Search: the remaining {len(placements)} cells are filled by the search engine "
                f"(constraint propagation and fewest-candidates branching).")
        step = Step(SEARCH, "Search", text, size=len(placements), view="search",
                    cells=tuple(c for c, _ in placements), placements=placements)
        self.apply(step)
        return step

    def replay(self, actions: list[str]) -> None:
        """Redo a log from its actions (as saved by the page), checking each can be taken."""
        for index, action in enumerate(actions):
            if action == "logic":
                if self.step() is None:
                    raise ValueError(f"cannot replay step {index + 1}: no logic step is available")
            elif action == "guess":
                self.guess()
            elif action == "backtrack":
                self.backtrack()
            elif action == "search":
                self.finish_by_search()
            else:
                raise ValueError(f"unknown action {action!r} at step {index + 1}")

    def _forget_ahead(self) -> None:
        for cache in (self._next, self._contradiction):
            for key in [k for k in cache if k > self.position]:
                del cache[key]
