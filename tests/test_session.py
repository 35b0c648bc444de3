"""The session: stepping, undo/redo, go to, guesses and backtracks, replay, status."""

from __future__ import annotations

import pytest

from pysolver.board import Board
from pysolver.grid import Grid
from pysolver.logic import find_contradiction
from pysolver.search import solve
from pysolver.session import Session
from pysolver.techniques.guessing import BACKTRACK, GUESS, SEARCH
from tests.helpers import FIGURE_4_2, FIGURE_4_2_SOLUTION, FIGURE_4_9, puzzle_lines

#: The first of the forum's hardest puzzles (SE 11+, the tdoku collection): the logic, forcing
#: nets included, stalls on it at once.
NEEDS_GUESS = "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6"


def test_step_undo_redo_goto() -> None:
    session = Session(Grid.parse(FIGURE_4_2))
    first = session.next_step()
    assert session.step() == first and session.position == 1
    session.step()
    after_two = session.board
    assert session.undo() and session.position == 1
    assert session.redo() and session.board == after_two
    assert not session.redo()
    session.goto(0)
    assert session.board.values == Grid.parse(FIGURE_4_2).values
    assert session.next_step() == first
    with pytest.raises(ValueError, match="outside the log"):
        session.goto(99)


def test_a_new_step_drops_the_redo_tail() -> None:
    session = Session(Grid.parse(FIGURE_4_2))
    session.solve_logic()
    total = len(session.steps)
    session.goto(3)
    session.step()
    assert len(session.steps) == 4 < total


def test_solve_logic_on_figure_4_2() -> None:
    session = Session(Grid.parse(FIGURE_4_2))
    session.solve_logic()
    assert session.status().state == "solved"
    assert str(session.board.grid()) == FIGURE_4_2_SOLUTION


def test_stuck_status_and_guess_backtrack_to_the_solution() -> None:
    session = Session(Grid.parse(NEEDS_GUESS))
    session.solve_logic()
    assert session.status().state == "stuck" and session.can_guess()
    session.solve()
    assert session.status().state == "solved"
    assert session.board.grid() == solve(Grid.parse(NEEDS_GUESS))
    techniques = [s.technique for s in session.steps]
    assert GUESS in techniques


def test_backtrack_returns_to_the_guess_and_removes_its_digit() -> None:
    for puzzle in puzzle_lines("tdoku_puzzles5_forum_hardest_1905_11plus_every33.txt", 20):
        session = Session(Grid.parse(puzzle))
        session.solve()
        if BACKTRACK in (s.technique for s in session.steps):
            break
    else:
        pytest.fail("no forum-hardest puzzle needed a backtrack")
    index = next(i for i, s in enumerate(session.steps) if s.technique is BACKTRACK)
    session.goto(index)
    assert session.status().state == "contradiction" and session.can_backtrack()
    guess_at = max(i for i, s in enumerate(session.steps[:index]) if s.technique is GUESS)
    cell, digit = session.steps[guess_at].placements[0]
    session.goto(index + 1)
    assert session.board.values[cell] == 0
    assert not session.board.candidates[cell] >> (digit - 1) & 1
    assert "Backtrack: the guess" in session.steps[index].text


def test_no_solution_contradiction_names_the_spot() -> None:
    session = Session(Grid.parse("1.3.34.........4"))
    status = session.status()
    assert status.state == "contradiction"
    assert status.message == ("Contradiction: row 1 has no place left for 4. "
                              "The puzzle has no solution.")
    assert status.house == 0 and not session.can_backtrack() and not session.can_guess()
    with pytest.raises(ValueError, match="nothing to backtrack"):
        session.backtrack()


@pytest.mark.parametrize(("n", "message", "cells"), [
    (4, "in row 1, the digits 3 and 4 fit only in r1c4", (3,)),
    (9, "in row 1, r1c1, r1c2 and r1c3 need 3 different digits but only {1,2} remain for them",
     (0, 1, 2)),
], ids=["digits-short-of-cells", "cells-short-of-digits"])
def test_contradiction_from_a_hall_violation(n: int, message: str, cells: tuple[int, ...]) -> None:
    """No empty cell and no digit without a place, yet no perfect matching: still a contradiction."""
    board = Board.from_grid(Grid.empty(n)).apply(
        eliminations=[(c, d) for c in (0, 1, 2) for d in range(3, n + 1)])
    assert board.basic_contradiction() is None
    contradiction = find_contradiction(board)
    assert contradiction is not None
    assert (contradiction.message, contradiction.house, contradiction.cells) == (message, 0, cells)


def test_replay_reproduces_the_log() -> None:
    session = Session(Grid.parse(NEEDS_GUESS))
    session.solve()
    again = Session(Grid.parse(NEEDS_GUESS))
    again.replay(session.actions)
    assert again.steps == session.steps and again.board == session.board
    with pytest.raises(ValueError, match="unknown action"):
        Session(Grid.parse(NEEDS_GUESS)).replay(["jump"])


def test_finish_by_search() -> None:
    session = Session(Grid.parse(NEEDS_GUESS))
    session.solve_logic()
    step = session.finish_by_search()
    assert step.technique is SEARCH and session.status().state == "solved"
    assert session.actions[-1] == "search"
    with pytest.raises(ValueError, match="already solved"):
        session.finish_by_search()


def test_figure_4_9_solves_to_one_of_its_solutions() -> None:
    session = Session(Grid.parse(FIGURE_4_9))
    session.solve()
    assert session.board.grid().is_solved()
