"""A solving session for the UI and the CLI: one history of the player's moves and the tutor's steps.

The history holds every entry taken; ``position`` says how many of them are applied, so Undo and Redo
move along it and a new entry drops the ones ahead. An entry is a tutor's ``Step`` (a deduction, a
guess, a backtrack, a search finish) or a player's ``Move`` (a digit, an erase, a note, filled notes,
a restored position): both are actions of one history, replayable from the list of ``actions``.
Backtracking on demand (Dr. Dobb's "fewest degrees of freedom"; farhiongit/sudoku-solver's last resort): a guess
places a candidate of a cell with the fewest candidates; when a contradiction follows, a backtrack
step returns to the board before the last open guess and removes the guessed digit there.

The tutor reasons from the player's position: the player's digits are on the board, and the
candidates are the deduced ones (what the digits and the tutor's steps left). The player's notes
are the player's own: a note that leaves out a digit proves nothing, so a hint or a step never
stands on one (it would present the player's narrowing as logic, and its reason would credit
steps that never ran); as in HoDoKu and SudokuWiki, hints come from the real candidates. A wrong
digit, a note that lost the cell's digit, or (with several solutions) digits that leave none, is
named before any hint teaches from it.

>>> from pysolver.grid import Grid
>>> s = Session(Grid.parse(".51..9483.9...8.6..6..1.7.26.5..12.....2.4.....27....5.....2.7..2.1...5.4785...2."))
>>> steps = s.solve()
>>> s.status().state, s.board.grid().is_solved()
('solved', True)
>>> s = Session(Grid.parse("1.3.34.........2"))
>>> s.play(Move.parse("place r1c2 4", s.geometry))
>>> s.wrong_digits(), s.hint()["kind"]
([(1, 4)], 'mistake')
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any, Callable, Iterator, Literal, Union, get_args

from .board import Board, Contradiction
from .classify import BUDGET, Classification, classify
from .errors import PuzzleError
from .explain import (LEVELS, dead_end_json, dead_end_text, graph_json, hint_json,
                      lost_note_text, lost_notes_json, mistake_json, wrong_text)
from .geometry import Geometry, plural
from .grading import rate
from .grid import Grid
from .logic import Settings, Trying, apply_step, find_contradiction, next_step
from .play import TYPED_MOVES, Move, MoveKind, counted, listed
from .search import (SearchBudgetExceeded, clue_bits, count_solutions, layout, raw_solutions,
                     solve)
from .step import Step, digit_set, join_names, number_word
from .techniques.guessing import BACKTRACK, GUESS, SEARCH
from .techniques.registry import ON_REQUEST
from .witnesses import is_open

State = Literal["solving", "solved", "stuck", "contradiction", "wrong"]
#: How one history entry replays: "logic", "logic-run", "guess", "backtrack", "search", or a
#: move's text.
Action = str
Entry = Union[Step, Move]
#: Hears each step of a whole solve: the steps taken so far, the empty cells left, the technique.
SolveProgress = Callable[[int, int, str], None]

_ACTION_OF = {GUESS: "guess", BACKTRACK: "backtrack", SEARCH: "search"}

#: The action of a logic step that goes on the Solve by logic before it: replayed as "logic",
#: and kept in that run's batch, so that Undo takes the run back whole after a reload too.
LOGIC_RUN = "logic-run"
#: The actions of a saved history, as the message for an unknown one lists them: the moves a
#: person types, then the tutor's steps.
ACTIONS = (*TYPED_MOVES, "logic", LOGIC_RUN, "guess", "backtrack", "search")
#: What a person types to ``pysolver play``: the actions, then Undo and Redo, which move along the
#: history as the page's buttons do rather than add to it. A saved history is its entries, one
#: action each, so ``replay`` reads these two only as ``commands``.
TYPED_ACTIONS = (*ACTIONS, "undo", "redo")
#: The tutor's actions that build on the board, refused while a digit of the player's is wrong
#: (the page's Step, Solve by logic, Guess and Solve); Backtrack only takes a guess back.
_BUILDING = frozenset({"logic", LOGIC_RUN, "guess", "search"})


@dataclass(frozen=True)
class Status:
    """Where the solve stands, in words, with the cell or house a contradiction concerns."""

    state: State
    message: str
    cell: int | None = None
    house: int | None = None
    cells: tuple[int, ...] = ()
    graph: dict[str, Any] | None = None
    #: Every house a contradiction concerns: its house, or the lines of one digit's rows × columns.
    houses: tuple[int, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """Plain data for the page and the CLI's closing status line; a Hall violation's graph
        (the house, or the digit's rows × columns, without a perfect matching) as ``graph``."""
        return {"status": self.state, "message": self.message, "cell": self.cell,
                "house": self.house, "houses": list(self.houses), "cells": list(self.cells),
                "graph": self.graph}


def contradiction_houses(contradiction: Contradiction) -> tuple[int, ...]:
    """The houses to outline: the one house of a contradiction, or the lines of a digit's."""
    if contradiction.house is not None:
        return (contradiction.house,)
    return contradiction.houses


@dataclass(frozen=True)
class Taken:
    """What one action of ``replay`` did: the history's position before and after it, and the
    entries between (the one it added, or those Undo took back or Redo took again), kept here
    because a later action may drop them from the history."""

    action: Action
    before: int
    after: int
    entries: tuple[Entry, ...]


@dataclass(frozen=True)
class Branch:
    """An entry's place in the guess tree: its depth, whether a Backtrack abandoned it, and on a
    Backtrack the contradiction that ended the branch and the history index of its guess."""

    depth: int
    abandoned: bool = False
    ended: Contradiction | None = None
    guess: int | None = None

    def to_json(self) -> dict[str, Any]:
        """Plain data: the contradiction as {message, cell, house, cells}."""
        ended = self.ended
        return {"depth": self.depth, "abandoned": self.abandoned, "guess": self.guess,
                "ended": None if ended is None else {
                    "message": ended.message, "cell": ended.cell, "house": ended.house,
                    "houses": list(contradiction_houses(ended)), "cells": list(ended.cells)}}


@dataclass(frozen=True)
class _Point:
    """The position after some entries of the history.

    ``guesses``: history indices of the guesses still open; ``notes``: the player's pencil marks
    (a bitmask per cell); ``player``: cells whose digit the player placed; ``placed_at``: per cell,
    the history index of the entry that filled it (-1 for givens and empty cells); ``eliminated``:
    the tutor's eliminations as (cell, digit, history index), so erasing a digit can drop exactly
    the eliminations made after it (they may have rested on it).
    """

    board: Board
    guesses: tuple[int, ...]
    notes: tuple[int, ...]
    player: frozenset[int]
    placed_at: tuple[int, ...]
    eliminated: tuple[tuple[int, int, int], ...]


@dataclass(frozen=True)
class DeadEnd:
    """The player's digits leave a puzzle of several solutions none. ``last``: the digit of theirs
    (cell, digit) that took the last solutions away, the ones placed before it still leaving some,
    and ``earlier``: how many those are; ``last`` is None where the search's budget did not tell."""

    last: tuple[int, int] | None
    earlier: int = 0

    def text(self, geometry: Geometry) -> str:
        """``No solution is left from this position: ...``."""
        return dead_end_text(geometry, self.last, self.earlier)

    def hint(self, geometry: Geometry) -> dict[str, Any]:
        """The hint that says so instead of teaching a step."""
        return dead_end_json(geometry, self.last, self.earlier)


@dataclass(frozen=True)
class CheckReport:
    """What Check finds: wrong digits, notes that lost the cell's digit, repeated digits, and
    (with several solutions, where no digit can be called wrong) digits that leave none."""

    wrong: tuple[tuple[int, int], ...]
    lost_notes: tuple[int, ...]
    conflicts: tuple[tuple[int, int, tuple[int, int]], ...]  # (digit, house, cells)
    message: str
    dead_end: DeadEnd | None = None

    def to_json(self, geometry: Geometry) -> dict[str, Any]:
        """Plain data: each finding with its sentence, and the whole message."""
        return {
            "wrong": [{"cell": c, "digit": d, "message": wrong_text(geometry, c, d)} for c, d in self.wrong],
            "notes": [{"cell": c, "message": lost_note_text(geometry, c)} for c in self.lost_notes],
            "conflicts": [{"digit": d, "house": h, "house_name": geometry.house_name(h), "cells": list(cells)}
                          for d, h, cells in self.conflicts],
            "cells": sorted({c for c, _ in self.wrong} | set(self.lost_notes)
                            | {c for _, _, cells in self.conflicts for c in cells}
                            | ({self.dead_end.last[0]} if self.dead_end and self.dead_end.last else set())),
            "message": self.message,
        }


class Session:
    """One puzzle being played and solved: the history, the position in it, the play counters."""

    def __init__(self, puzzle: Grid, start: Board | None = None,
                 disabled: frozenset[str] = frozenset(), *,
                 clock: Callable[[], float] = time.time) -> None:
        """A session on ``puzzle`` (its givens), from ``start`` when the player had already placed
        digits or removed candidates (an imported position: its digits count as the player's),
        else from the puzzle's own board; the techniques in ``disabled`` are switched off."""
        self.puzzle = puzzle
        self._disabled = disabled
        self._unique: bool | None = None
        self.geometry = puzzle.geometry
        self.start = start if start is not None else Board.from_grid(puzzle)
        self.steps: list[Entry] = []
        #: Per history entry, the index of the first entry of its batch: the steps of one Solve by
        #: logic form one batch, that Undo and Redo take whole; any other entry is a batch alone.
        self._batch_of: list[int] = []
        #: Where the batch being taken began, while one is (``solve_logic``).
        self._batch_start: int | None = None
        empty = (0,) * self.geometry.cell_count
        placed = frozenset(c for c, v in enumerate(self.start.values) if v and not puzzle.values[c])
        self._points = [_Point(self.start, (), empty, placed, (-1,) * self.geometry.cell_count, ())]
        #: How far up the hint ladder the player has gone here, and whether Check was asked here:
        #: both belong to the position they were asked at, so moving anywhere drops them.
        self._hint_level = 0
        self._checked = False
        self._position = 0
        self._next: dict[int, Step | None] = {}
        #: What the techniques short of forcing chains found, where they are all a view has tried.
        self._quick: dict[int, Step | None] = {}
        #: Whether the board at a position is open (every candidate in some solution), where asked,
        #: and whether that answer came from the exhaustive search (``witnesses.is_open``).
        self._open: dict[int, tuple[bool, bool]] = {}
        self._contradiction: dict[int, Contradiction | None] = {}
        self._dead_end: dict[int, DeadEnd | None] = {}
        self.clock = clock
        #: When the player made the first move (the clock's seconds), None before; the finishing
        #: message counts the time from there, so a session's replies do not depend on when it began.
        self.started: float | None = None
        self.finished_in: float | None = None
        self.hints = 0
        self.checks = 0
        #: Placing a digit removes it from its peers' notes (the page's setting, on by default).
        self.auto_clear_notes = True
        #: Check's findings are shown after every move, not only when asked.
        self.mark_mistakes = False

    # --- where we are -------------------------------------------------------------------------
    @property
    def position(self) -> int:
        """How many entries of the history are applied."""
        return self._position

    @position.setter
    def position(self, position: int) -> None:
        """Move along the history. The hint ladder and Check's findings are dropped on any move:
        they were asked at the position left, and an index of the history does not name a
        position (after Undo, a new entry takes the same index on another board)."""
        if position != self._position:
            self._hint_level = 0
            self._checked = False
        self._position = position

    @property
    def board(self) -> Board:
        """The board after ``position`` entries."""
        return self._points[self.position].board

    @property
    def notes(self) -> tuple[int, ...]:
        """The player's notes at the current position, a bitmask per cell."""
        return self._points[self.position].notes

    def origin(self, cell: int) -> Literal["given", "player", "tutor", ""]:
        """Who put the cell's digit there: the puzzle, the player or the tutor ('' when empty)."""
        point = self._points[self.position]
        if self.puzzle.values[cell]:
            return "given"
        if not point.board.values[cell]:
            return ""
        return "player" if cell in point.player else "tutor"

    @property
    def actions(self) -> list[Action]:
        """How to replay the history: one action per entry."""
        return [entry.text(self.geometry) if isinstance(entry, Move)
                else LOGIC_RUN if self._batch_of[index] != index
                else _ACTION_OF.get(entry.technique, "logic") for index, entry in enumerate(self.steps)]

    @cached_property
    def classification(self) -> Classification:
        """No solution, several, or unique (with the solution), computed once."""
        return classify(self.puzzle)

    @property
    def classified(self) -> bool:
        """Whether the classification has been computed (a load may reply before it is)."""
        return "classification" in self.__dict__

    def contradiction(self) -> Contradiction | None:
        """A repeated digit or a contradiction at the current position, if any (cached)."""
        return self.contradiction_at(self.position)

    def contradiction_at(self, position: int) -> Contradiction | None:
        """A repeated digit or a contradiction on the board after ``position`` entries (cached)."""
        if position not in self._contradiction:
            board = self._points[position].board
            conflicts = board.grid().conflicts()
            if conflicts:
                first = conflicts[0]
                geo = self.geometry
                a, b = first.cells
                found: Contradiction | None = Contradiction(
                    f"two {plural(geo.symbol(first.digit))} in {geo.house_name(first.house)}: "
                    f"{geo.cell_name(a)} and {geo.cell_name(b)}", house=first.house, cells=first.cells)
            else:
                found = find_contradiction(board)
            self._contradiction[position] = found
        return self._contradiction[position]

    def branches(self) -> list[Branch]:
        """Where each entry of the history sits in the guess tree.

        An entry's depth is how many guesses are open around it (a guess and its Backtrack sit at
        the depth of the branch they open and close). A Backtrack abandons every entry from its
        guess up to itself, and carries the contradiction that ended that branch.
        """
        points = self._points
        out = [Branch(min(len(points[k].guesses), len(points[k + 1].guesses)))
               for k in range(len(self.steps))]
        for index, entry in enumerate(self.steps):
            if isinstance(entry, Step) and entry.technique is BACKTRACK:
                guess = points[index].guesses[-1]
                for k in range(guess, index):
                    out[k] = replace(out[k], abandoned=True)
                out[index] = replace(out[index], ended=self.contradiction_at(index), guess=guess)
        return out

    @property
    def disabled(self) -> frozenset[str]:
        """The slugs of the techniques switched off."""
        return self._disabled

    def switch_off(self, disabled: frozenset[str]) -> None:
        """Use every technique but ``disabled`` from now on (the history already taken stays)."""
        if disabled != self._disabled:
            self._disabled = disabled
            self._next.clear()
            self._quick.clear()
            self._open.clear()

    @property
    def unique(self) -> bool:
        """Whether the puzzle has exactly one solution (proved once, on first need): the
        classification's count when it finished within its budget, else a count of its own."""
        if self._unique is None:
            kind = self.classification.kind
            self._unique = (kind == "unique" if kind != "unknown"
                            else count_solutions(self.puzzle, 2) == 1)
        return self._unique

    @property
    def settings(self) -> Settings:
        """What the engine may use: the techniques left on, and uniqueness once proved."""
        return Settings(self._disabled, self.unique)

    def next_step(self, trying: Trying | None = None) -> Step | None:
        """The next logic step (not applied), or None when solved, stuck or contradictory;
        ``trying`` hears what the engine looks at, when it has to look."""
        if self.position not in self._next:
            self._next[self.position] = (None if self.contradiction()
                                         else next_step(self.board, self.settings, trying))
        return self._next[self.position]

    def may_step(self) -> bool:
        """Whether Step may find something here, looking only as far as a view should.

        The techniques tried on request (forcing chains and nets) can search for seconds on a
        stalled position, and a view is drawn after every move; so they run when the player asks
        for a step or a hint, and until then a position that the other techniques cannot advance
        counts as one where Step may still succeed. A step found without them is the engine's next
        step (they come last), so it is kept.
        """
        if self.position in self._next:
            return self._next[self.position] is not None
        if self.contradiction() or self.board.is_solved():
            return False
        if self.position not in self._quick:
            quick = Settings(self._disabled | ON_REQUEST, self.unique)
            self._quick[self.position] = next_step(self.board, quick)
        step = self._quick[self.position]
        if step is not None or ON_REQUEST <= self._disabled or self._is_open():
            # Found, or nothing is left to try: on an open board no sound step exists at all.
            self._next[self.position] = step
        return step is not None or self.position not in self._next

    def _is_open(self, exhaustive: bool = False) -> bool:
        """Whether every candidate left lies in some solution (``witnesses.is_open``), so that no
        logic can remove one; never for a puzzle with one solution (asked once per position, and
        once more ``exhaustive``ly where a quick look did not show it)."""
        known = self._open.get(self.position)
        if known is None or (exhaustive and not known[0] and not known[1]):
            found = not self.unique and is_open(self.board, exhaustive)
            self._open[self.position] = (found, exhaustive)
        return self._open[self.position][0]

    def _step_in_sight(self) -> bool:
        """Whether a logic step is known here: one already found (by Step or a hint), or one the
        quick techniques find; the techniques tried on request are not run for a guess's words."""
        if self.position in self._next and self._next[self.position] is not None:
            return True
        return self.may_step() and self._quick.get(self.position) is not None

    def lost_notes(self) -> list[int]:
        """The empty cells whose notes (some written) leave out the unique solution's digit:
        notes that would lead the player astray, named by a hint as a wrong digit is."""
        solution = self.classification.solution
        if solution is None:
            return []
        return [c for c, mask in enumerate(self.notes)
                if mask and not self.board.values[c] and not mask >> (solution[c] - 1) & 1]

    def wrong_digits(self) -> list[tuple[int, int]]:
        """(cell, digit) for each digit on the board that differs from the unique solution."""
        solution = self.classification.solution
        if solution is None:
            return []
        return [(c, v) for c, v in enumerate(self.board.values)
                if v and not self.puzzle.values[c] and v != solution[c]]

    def dead_end(self) -> DeadEnd | None:
        """Whether the player's digits leave no solution, in a puzzle with several (with one, its
        solution names the wrong digits; with none, there is nothing to leave): the givens and
        the player's digits are searched, within the classification's ``BUDGET`` of nodes, so a
        large grid never hangs on it (cached per position). The tutor's digits are left out: its
        logic follows from the player's, and a wrong guess of its own is what Backtrack is for.

        The digit that took the last solutions away is the first of the player's, in the order
        placed, whose digits up to it leave none: adding digits only removes solutions, so a
        bisection finds it in a few searches."""
        if self.position not in self._dead_end:
            self._dead_end[self.position] = self._find_dead_end()
        return self._dead_end[self.position]

    def _find_dead_end(self) -> DeadEnd | None:
        if self.classification.kind != "several":
            return None
        point = self._points[self.position]
        mine = sorted(point.player, key=lambda c: (point.placed_at[c], c))
        t = layout(self.geometry)

        def leaves_some(count: int) -> bool | None:
            """Whether the givens and the player's first ``count`` digits have a solution (None:
            the budget ran out first)."""
            values = list(self.puzzle.values)
            for cell in mine[:count]:
                values[cell] = point.board.values[cell]
            try:
                return next(raw_solutions(t, clue_bits(t, values), budget=BUDGET, restart=True),
                            None) is not None
            except SearchBudgetExceeded:
                return None

        if not mine or leaves_some(len(mine)) is not False:
            return None
        some, none = 0, len(mine)  # the givens alone have several solutions
        while none - some > 1:
            middle = (some + none) // 2
            found = leaves_some(middle)
            if found is None:
                return DeadEnd(None)
            some, none = (middle, none) if found else (some, middle)
        cell = mine[none - 1]
        if point.placed_at[cell] < 0 and none > 1:
            # Digits of an imported position came together: none was placed before another.
            return DeadEnd(None)
        return DeadEnd((cell, point.board.values[cell]), none - 1)

    def refuse_on_mistakes(self) -> None:
        """Raise a PuzzleError naming the first wrong digit (and its cell), if any, before the tutor acts.

        A wrong digit in a puzzle with one solution always ends in a contradiction, but often only
        after several steps that place more wrong digits from it; so Step, Solve and Guess say what
        Hint says instead of building on it. Only the player's digits count: a wrong guess of the
        tutor's is what its branch explores, until Backtrack. Replays are not refused: a saved
        history keeps its steps.
        """
        player = self._points[self.position].player
        wrong = [(cell, digit) for cell, digit in self.wrong_digits() if cell in player]
        if wrong:
            raise PuzzleError(mistake_json(self.geometry, wrong)["text"], cell=wrong[0][0])

    def mistake_status(self) -> Status | None:
        """The status ``wrong`` naming the first wrong digit of the player's, as
        ``refuse_on_mistakes`` words it, or None: where a solution path starts, so that it takes no
        step built on the mistake (``pysolver steps``, the exported path)."""
        try:
            self.refuse_on_mistakes()
        except PuzzleError as error:
            return Status("wrong", error.message, error.cell,
                          cells=tuple(cell for cell, _ in self.wrong_digits()))
        return None

    def status(self) -> Status:
        """Solved, a full but wrong grid, a contradiction, stuck, or still solving."""
        board = self.board
        if board.is_solved():
            return self._finished_status()
        contradiction = self.contradiction()
        if contradiction:
            follow = ("Backtrack to the last guess." if self.can_backtrack()
                      else "Undo or erase a digit." if self._points[self.position].player
                      else "The puzzle has no solution.")
            graph = contradiction.graph
            return Status("contradiction", f"Contradiction: {contradiction.message}. {follow}",
                          contradiction.cell, contradiction.house, contradiction.cells,
                          graph_json(self.geometry, graph, with_stages=False) if graph else None,
                          contradiction_houses(contradiction))
        left = len(board.empty_cells())
        if not self.may_step():
            # Every technique found nothing here: whether the board is open says why.
            if self._is_open(exhaustive=True):
                return Status("stuck", f"Stuck with {counted(left, 'cell')} to go: every candidate left is in "
                                       "some solution (the puzzle has several), so no logic can "
                                       "remove one. Guess to go on, or Solve.")
            off = (f" ({len(self._disabled)} technique{'s' if len(self._disabled) > 1 else ''}"
                   " switched off)") if self._disabled else ""
            return Status("stuck", f"Stuck with {counted(left, 'cell')} to go: no technique the tutor knows"
                                   f"{off} finds a step. Guess to go on, or Solve.")
        if self.position not in self._next:
            return Status("solving", f"{counted(left, 'cell')} to go. The simpler techniques find nothing here: "
                                     "Step tries forcing chains, the last logic before a guess.")
        return Status("solving", f"{counted(left, 'cell')} to go.")

    def _finished_status(self) -> Status:
        geo = self.geometry
        wrong = self.wrong_digits()
        conflicts = self.board.grid().conflicts()
        if wrong or conflicts:
            # With the unique solution known, the wrong digits; else the cells of repeated digits.
            cells = sorted({c for c, _ in wrong} if wrong else {c for x in conflicts for c in x.cells})
            named = ", ".join(geo.cell_name(c) for c in cells)
            return Status("wrong", f"The grid is full but not right: {named} "
                                   f"{'is' if len(cells) == 1 else 'are'} wrong.", cells=tuple(cells))
        taken = self.steps[:self.position]
        moves = sum(1 for entry in taken if isinstance(entry, Move))
        several = (" It is one of the puzzle's solutions: it has more than one."
                   if self.classification.kind == "several" else "")
        if not moves:
            return Status("solved", f"Solved in {counted(self.position, 'step')}.{several}")
        if not isinstance(taken[-1], Move):  # the tutor's steps filled the last cells
            return Status("solved", f"Solved by the tutor's {counted(self.position - moves, 'step')} "
                                    f"after your {counted(moves, 'move')}.{several}")
        seconds = round(self.finished_in if self.finished_in is not None
                        else self.clock() - (self.started or self.clock()))
        hardest = self._hardest or "none"
        # The player placed the last digit, but steps the tutor took on the way are said too.
        helped = self.position - moves
        by_tutor = f", {counted(helped, 'step')} by the tutor" if helped else ""
        return Status("solved", f"Solved! Time {seconds // 60}:{seconds % 60:02d}, "
                                f"{counted(self.hints, 'hint')}, {counted(self.checks, 'check')}"
                                f"{by_tutor}; the hardest technique the tutor needed: {hardest}.{several}")

    @cached_property
    def _hardest(self) -> str | None:
        """The hardest technique the tutor needs for the puzzle (from its grading, once)."""
        return rate(self.puzzle).hardest

    def can_guess(self) -> bool:
        """A guess makes sense while the board is neither solved nor contradictory."""
        return not self.board.is_solved() and self.contradiction() is None

    def can_backtrack(self) -> bool:
        """At a contradiction with a guess to return to."""
        return bool(self._points[self.position].guesses) and self.contradiction() is not None

    # --- adding to the history ----------------------------------------------------------------
    def _push(self, entry: Entry, point: _Point) -> None:
        del self.steps[self.position:]
        del self._batch_of[self.position:]
        del self._points[self.position + 1:]
        self._forget_ahead()
        self._batch_of.append(self.position if self._batch_start is None else self._batch_start)
        self.steps.append(entry)
        self._points.append(point)
        self.position += 1
        if self.started is None and isinstance(entry, Move):
            self.started = self.clock()
        if (self.finished_in is None and self.started is not None and point.board.is_solved()
                and not self.wrong_digits()):
            self.finished_in = self.clock() - self.started

    def apply(self, step: Step) -> None:
        """Apply a tutor's step at the current position, dropping any entries ahead of it."""
        point = self._points[self.position]
        index = self.position
        if step.technique is BACKTRACK:
            point = self._points[point.guesses[-1]]
            board = point.board.apply(eliminations=step.eliminations)
            guesses = point.guesses
        else:
            board = apply_step(point.board, step)
            guesses = point.guesses + ((index,) if step.technique is GUESS else ())
        notes = list(point.notes)
        placed_at = list(point.placed_at)
        peers = self.geometry.peers
        for cell, digit in step.placements:
            notes[cell] = 0
            placed_at[cell] = index
            for peer in peers[cell]:
                notes[peer] &= ~(1 << (digit - 1))
        for cell, digit in step.eliminations:
            notes[cell] &= ~(1 << (digit - 1))
        eliminated = point.eliminated + tuple((c, d, index) for c, d in step.eliminations)
        self._push(step, _Point(board, guesses, tuple(notes), point.player, tuple(placed_at), eliminated))

    def play(self, move: Move) -> None:
        """Make a player's move; a ValueError says why it cannot be made (a given, a filled cell)."""
        point = self._points[self.position]
        index = self.position
        notes = list(point.notes)
        if move.kind == "fill":
            if not point.board.empty_cells():
                raise ValueError("no empty cell to fill notes in")
            notes = list(point.board.candidates)
            self._push(move, replace(point, notes=tuple(notes)))
            return
        if move.kind == "restore":
            self._push(move, self._restored(point, move, index))
            return
        assert move.cell is not None
        cell = move.cell
        self._check_editable(point, cell, move)
        if move.kind == "note":
            if point.board.values[cell]:
                raise ValueError(f"{self.geometry.cell_name(cell)} holds a digit: notes go in empty cells")
            notes[cell] ^= 1 << (move.digit - 1)
            self._push(move, replace(point, notes=tuple(notes)))
            return
        if move.kind == "erase":
            if not point.board.values[cell]:
                if not notes[cell]:
                    raise ValueError(f"{self.geometry.cell_name(cell)} is already empty")
                notes[cell] = 0
                self._push(move, replace(point, notes=tuple(notes)))
                return
            self._push(move, self._erased(point, cell))
            return
        if point.board.values[cell] == move.digit:
            raise ValueError(f"{self.geometry.cell_name(cell)} already holds {self.geometry.symbol(move.digit)}")
        if point.board.values[cell]:
            point = self._erased(point, cell)
            notes = list(point.notes)
        notes[cell] = 0
        if move.clear_peers:
            for peer in self.geometry.peers[cell]:
                notes[peer] &= ~(1 << (move.digit - 1))
        placed_at = list(point.placed_at)
        placed_at[cell] = index
        self._push(move, replace(point, board=point.board.apply(((cell, move.digit),)),
                                 notes=tuple(notes), player=point.player | {cell},
                                 placed_at=tuple(placed_at)))

    def _check_editable(self, point: _Point, cell: int, move: Move) -> None:
        name = self.geometry.cell_name(cell)
        if self.puzzle.values[cell]:
            raise ValueError(f"{name} is a given: it cannot change")
        if point.board.values[cell] and cell not in point.player and move.kind != "note":
            raise ValueError(f"{name} was filled by the tutor: Undo takes it back")

    def _rebuilt(self, point: _Point, values: tuple[int, ...], since: int) -> Board:
        """The board for ``values`` with the tutor's eliminations made before entry ``since``."""
        fresh = Board.from_grid(Grid(self.geometry, values))
        kept = [(c, d) for c, d, at in point.eliminated if at < since and not values[c]]
        return replace(fresh, givens=self.puzzle.values).apply(eliminations=kept)

    def _erased(self, point: _Point, cell: int) -> _Point:
        """The position with the player's digit in ``cell`` taken out."""
        since = point.placed_at[cell]
        values = list(point.board.values)
        values[cell] = 0
        placed_at = list(point.placed_at)
        placed_at[cell] = -1
        return replace(point, board=self._rebuilt(point, tuple(values), since),
                       player=point.player - {cell}, placed_at=tuple(placed_at),
                       eliminated=tuple(e for e in point.eliminated if e[2] < since))

    def _restored(self, point: _Point, move: Move, index: int) -> _Point:
        """The position of a shared link on top of the givens: its digits, then its notes."""
        geo = self.geometry
        for cell, value in enumerate(move.values):
            if value and self.puzzle.values[cell] and value != self.puzzle.values[cell]:
                raise ValueError(f"{geo.cell_name(cell)} is a given {geo.symbol(self.puzzle.values[cell])}, "
                                 f"not {geo.symbol(value)}")
        values = tuple(g or v for g, v in zip(self.puzzle.values, move.values))
        player = frozenset(c for c, v in enumerate(move.values) if v and not self.puzzle.values[c])
        board = self._rebuilt(point, values, 0)
        notes = tuple(0 if values[c] else mask for c, mask in enumerate(move.notes))
        placed_at = tuple(index if c in player else -1 for c in range(geo.cell_count))
        return _Point(board, (), notes, player, placed_at, ())

    def step(self, trying: Trying | None = None) -> Step | None:
        """Apply the next logic step; None if there is none (``trying``: see ``next_step``)."""
        step = self.next_step(trying)
        if step is not None:
            self.apply(step)
        return step

    def undo(self) -> bool:
        """Back to before the last command: one entry, or a whole Solve by logic's steps (a person
        who pressed one button expects one Undo to take it back; Back and the history still go
        one step at a time). False at the start."""
        if self.position == 0:
            return False
        self.position = self._batch_of[self.position - 1]
        return True

    def redo(self) -> bool:
        """Forward over the next command's entries (a whole Solve by logic's); False at the end."""
        if self.position >= len(self.steps):
            return False
        batch = self._batch_of[self.position]
        end = self.position + 1
        while end < len(self.steps) and self._batch_of[end] == batch:
            end += 1
        self.position = end
        return True

    def back(self) -> bool:
        """Back one entry of the history, a step of a batch too; False at the start."""
        if self.position == 0:
            return False
        self.position -= 1
        return True

    def forward(self) -> bool:
        """Forward one entry along the history; False at its end."""
        if self.position >= len(self.steps):
            return False
        self.position += 1
        return True

    def goto(self, position: int) -> None:
        """Show the board after ``position`` entries of the history."""
        if not 0 <= position <= len(self.steps):
            raise ValueError(f"step {position} is outside the log (0 to {len(self.steps)})")
        self.position = position

    # --- the tutor's help ---------------------------------------------------------------------
    def hint_level(self) -> int:
        """How far up the hint ladder the player has gone at this position (0: no hint asked)."""
        return self._hint_level

    def current_hint(self) -> dict[str, Any] | None:
        """The hint at its current level: a wrong digit named, or the next step partly revealed."""
        level = self.hint_level()
        if level == 0:
            return None
        mistake = self._mistake_hint()
        if mistake is not None:
            return mistake
        step = self.next_step()
        earlier = [e for e in self.steps[:self.position] if isinstance(e, Step)]
        return hint_json(self.geometry, step, level, earlier) if step else None

    def _mistake_hint(self, search: bool = True) -> dict[str, Any] | None:
        """The hint said before any step: a wrong digit named, notes that lost the cell's digit,
        or digits of the player's that leave no solution (without ``search``, only if already
        known: a view asks after every move, and that search costs a third of a second on a
        nearly empty 25×25); None when there is none of these."""
        wrong = self.wrong_digits()
        if wrong:
            return mistake_json(self.geometry, wrong)
        lost = self.lost_notes()
        if lost:
            return lost_notes_json(self.geometry, lost)
        dead_end = self.dead_end() if search else self._dead_end.get(self.position)
        return dead_end.hint(self.geometry) if dead_end else None

    def can_hint(self) -> bool:
        """A hint (or its next level) is there to give; a dead end is looked for once asked."""
        if self._mistake_hint(search=False) is not None:
            return self.hint_level() == 0
        return self.may_step() and self.hint_level() < LEVELS

    def hint(self) -> dict[str, Any] | None:
        """Climb the hint ladder one level (a mistake is named first); None when none is left."""
        if self.hint_level() == 0:
            self.dead_end()  # asked now: a dead end is said instead of a step
        if not self.can_hint() or (self._mistake_hint() is None and self.next_step() is None):
            return self.current_hint()
        self._hint_level += 1
        self.hints += 1
        return self.current_hint()

    def check(self, count: bool = True) -> CheckReport:
        """Wrong digits, notes that lost the cell's digit, repeated digits; counted when asked."""
        geo = self.geometry
        if count:
            self.checks += 1
            self._checked = True
        solution = self.classification.solution
        wrong = tuple(self.wrong_digits())
        lost = tuple(self.lost_notes())
        conflicts = tuple((x.digit, x.house, x.cells) for x in self.board.grid().conflicts())
        found = [wrong_text(geo, c, d) for c, d in wrong] + [lost_note_text(geo, c) for c in lost]
        found += repeat_texts(geo, conflicts)
        # Looked for when Check is asked (and where it was); marking as the player goes only
        # repeats what is known, rather than search after every move.
        dead_end = (None if found else self.dead_end() if count or self._checked
                    else self._dead_end.get(self.position))
        if found:
            message = "; ".join(found) + "."
        elif dead_end is not None:
            message = dead_end.text(geo) + "."
        elif solution is None:
            kind = self.classification.kind
            why = ("with no solution" if kind == "none" else "with several solutions" if kind == "several"
                   else "its solutions not counted")
            message = f"No digit repeats in any row, column or box ({why}, only repeats can be checked)."
        else:
            message = "No mistakes so far."
        return CheckReport(wrong, lost, conflicts, message, dead_end)

    def shown_check(self) -> CheckReport | None:
        """Check's findings while they are current: just after Check, or always when marking."""
        if self.mark_mistakes:
            return self.check(count=False)
        if self._checked:
            return self.check(count=False)
        return None

    # --- guessing -----------------------------------------------------------------------------
    def guess(self) -> Step:
        """Place the smallest candidate of the first cell with the fewest candidates.

        A cell with one candidate is no guess (nothing in it can be wrong), so the fewest means
        two or more while any cell has them. The player may guess before logic runs out: the
        text then says so rather than claim that no technique applies.
        """
        if not self.can_guess():
            raise ValueError("nothing to guess: the board is solved or contradictory")
        board = self.board
        geo = board.geometry
        counts = {c: board.candidates[c].bit_count() for c in board.empty_cells()}
        cell = min(counts, key=lambda c: (counts[c] < 2, counts[c]))
        options = board.candidate_digits(cell)
        digit = options[0]
        name = geo.cell_name(cell)
        symbol = geo.symbol(digit)
        why = ("Logic still has a step here, but you chose to guess" if self._step_in_sight()
               else "No technique applies")
        text = (f"{why}, so try {symbol} in {name}, a cell with the fewest "
                f"candidates, {digit_set(geo, options)}. A contradiction would take it back.")
        details = (f"Guess: {name} has the fewest candidates, {digit_set(geo, options)}, so the "
                   f"fewest cases to try; try {symbol}. The steps that follow form this guess's "
                   f"branch. If they reach a contradiction, Backtrack abandons the branch, returns "
                   f"here and removes {symbol} from {name}.")
        step = Step(GUESS, "Guess", text, size=len(options), view="cell",
                    houses=geo.houses_of[cell], cells=(cell,), digits=tuple(options),
                    pattern=tuple((cell, d) for d in options), placements=((cell, digit),),
                    details=details)
        self.apply(step)
        return step

    def backtrack(self) -> Step:
        """Return to the last open guess and remove its digit there."""
        contradiction = self.contradiction()
        if contradiction is None or not self.can_backtrack():
            raise ValueError("nothing to backtrack: no contradiction after a guess")
        point = self._points[self.position]
        guess_step = self.steps[point.guesses[-1]]
        assert isinstance(guess_step, Step)
        cell, digit = guess_step.placements[0]
        geo = self.board.geometry
        name = geo.cell_name(cell)
        symbol = geo.symbol(digit)
        text = (f"The guess {name} = {symbol} led to a contradiction: its branch is abandoned, "
                f"and {name} is not {symbol}.")
        details = (f"Backtrack: the guess {name} = {symbol} led to a contradiction "
                   f"({contradiction.message}), so {name} is not {symbol}. The steps taken since "
                   f"the guess are undone and {symbol} is removed from {name}.")
        step = Step(BACKTRACK, "Backtrack", text, size=0, view="cell",
                    houses=geo.houses_of[cell], cells=(cell,), digits=(digit,),
                    eliminations=((cell, digit),), details=details)
        self.apply(step)
        return step

    # --- whole solves -------------------------------------------------------------------------
    def solve_logic(self, progress: SolveProgress | None = None) -> list[Step]:
        """Apply logic steps until solved, stuck or contradictory, as one batch of the history
        (Undo takes it whole). ``progress(steps, cells_left, technique)`` hears each step taken:
        its count, the empty cells left and the step's technique (its title)."""
        self._batch_start = self.position
        taken: list[Step] = []
        try:
            for step in self.steps_to_end(guess=False):
                taken.append(step)
                if progress is not None:
                    progress(len(taken), len(self.board.empty_cells()), step.name)
        finally:
            self._batch_start = None
        return taken

    def solve(self) -> list[Step]:
        """Finish the solve with logic, guesses and backtracks; stop solved or without a solution."""
        return list(self.steps_to_end())

    def steps_to_end(self, guess: bool = True, trying: Trying | None = None) -> Iterator[Step]:
        """Each step as it is taken: logic, and with ``guess`` guesses and backtracks, until the
        board is solved, stuck (without ``guess``) or without a solution. One at a time, so that
        a log of a large grid shows its first steps while the next ones are still being found;
        ``trying`` hears what the engine looks at while it looks for one."""
        while not self.board.is_solved():
            if self.contradiction() is not None:
                if not guess or not self.can_backtrack():
                    return
                yield self.backtrack()
                continue
            step = self.step(trying)
            if step is None:
                if not guess:
                    return
                step = self.guess()
            yield step

    def finish_by_search(self) -> Step:
        """One step placing every remaining digit, from the search engine's solution."""
        board = self.board
        if board.is_solved():
            raise ValueError("the board is already solved")
        solution = solve(board.grid())
        if solution is None:
            raise ValueError("no solution from this board: "
                             + ("backtrack or go back" if self._points[self.position].guesses
                                else "erase a wrong digit or Undo" if self._points[self.position].player
                                else "the puzzle has none"))
        placements = tuple((c, solution[c]) for c in board.empty_cells())
        remaining = counted(len(placements), "cell")
        text = f"The search engine fills the remaining {remaining}."
        details = (f"Search: the remaining {remaining} {'is' if len(placements) == 1 else 'are'} filled by the search engine "
                   f"(constraint propagation and fewest-candidates branching), not by a "
                   f"deduction a person would make.")
        step = Step(SEARCH, "Search", text, size=len(placements), view="search",
                    cells=tuple(c for c, _ in placements), placements=placements, details=details)
        self.apply(step)
        return step

    def replay(self, actions: list[str], commands: bool = False) -> list[Taken]:
        """Redo a history from its actions (as saved by the page), checking each can be taken;
        what each did, in order.

        An action is "logic", "logic-run" (a step of the Solve by logic before it), "guess",
        "backtrack", "search" (the tutor's) or a move's text. Any
        that cannot be taken, a tutor's step as much as a move, is named with its number:
        ``cannot replay action 5 ('backtrack'): nothing to backtrack: ...``.

        A saved history keeps its steps; actions a person gives now (``pysolver play``) are
        ``commands``, as the page's buttons are: "undo" and "redo" move along the history, and a
        tutor's step that would build on a wrong digit of the player's is refused as the page
        refuses it (``refuse_on_mistakes``): ``cannot replay action 2 ('logic'): r1c2: 9 is not
        this cell's digit: erase it (or Undo) ...``.
        """
        taken = []
        for index, action in enumerate(actions):
            before = self.position
            try:
                self._take(action, commands)
            except ValueError as error:
                raise ValueError(f"cannot replay action {index + 1} ({action!r}): {error}") from None
            after = self.position
            taken.append(Taken(action, before, after,
                               tuple(self.steps[min(before, after):max(before, after)])))
        return taken

    def _take(self, action: Action, commands: bool = False) -> None:
        """Take one action of ``replay``; a ValueError says why it cannot be taken."""
        if commands and action in _BUILDING:
            self.refuse_on_mistakes()
        if commands and action == "undo":
            if not self.undo():
                raise ValueError("nothing to undo: already at the start")
        elif commands and action == "redo":
            if not self.redo():
                raise ValueError("nothing to redo: no undone move or step is ahead")
        elif action in ("logic", LOGIC_RUN):
            if action == LOGIC_RUN:
                if not self.position:
                    raise ValueError("a logic-run step goes on a Solve by logic: it cannot come first")
                self._batch_start = self._batch_of[self.position - 1]
            try:
                if self.step() is None:
                    raise ValueError(f"no logic step is available ({self.status().message})")
            finally:
                self._batch_start = None
        elif action == "guess":
            self.guess()
        elif action == "backtrack":
            self.backtrack()
        elif action == "search":
            self.finish_by_search()
        elif action.split()[:1] and action.split()[0] in get_args(MoveKind):
            self.play(Move.parse(action, self.geometry))
        else:
            what = "a move, a tutor's step, undo or redo" if commands else "a move or a tutor's step"
            raise ValueError(f"{action!r} is not {what}: expected "
                             f"{listed(TYPED_ACTIONS if commands else ACTIONS)}")

    def _forget_ahead(self) -> None:
        for cache in (self._next, self._quick, self._contradiction, self._open, self._dead_end):
            for key in [k for k in cache if k > self.position]:
                del cache[key]


def repeat_texts(geometry: Geometry, conflicts: tuple[tuple[int, int, tuple[int, int]], ...]
                 ) -> list[str]:
    """Each repeated digit once, with all its copies and every house they repeat in: the pairs of
    ``Grid.conflicts`` (each copy with the house's first) joined, so that three 7s in a row are
    "three 7s", and two cells of a row that share a box too are one repeat seen twice, not two.

    >>> from pysolver.geometry import geometry_for_size
    >>> repeat_texts(geometry_for_size(4), ((1, 0, (0, 1)), (1, 8, (0, 1)), (2, 4, (0, 4))))
    ['two 1s in row 1 and box 1 (r1c1 and r1c2)', 'two 2s in column 1 (r1c1 and r2c1)']
    >>> repeat_texts(geometry_for_size(4), ((3, 0, (0, 2)), (3, 0, (0, 3))))
    ['three 3s in row 1 (r1c1, r1c3 and r1c4)']
    """
    copies: dict[tuple[int, int], set[int]] = {}
    for digit, house, cells in conflicts:
        copies.setdefault((digit, house), set()).update(cells)
    houses: dict[tuple[int, tuple[int, ...]], list[int]] = {}
    for (digit, house), copied in copies.items():
        houses.setdefault((digit, tuple(sorted(copied))), []).append(house)
    return [f"{number_word(len(cells))} {plural(geometry.symbol(digit))} in "
            f"{join_names(geometry.house_name(h) for h in sorted(named))} "
            f"({join_names(geometry.cell_name(c) for c in cells)})"
            for (digit, cells), named in houses.items()]

