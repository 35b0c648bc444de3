"""The session: stepping, undo/redo, go to, guesses and backtracks, replay, status."""

from __future__ import annotations

import json
from typing import Any, Iterator

import pytest

from pysolver.board import Board
from pysolver.classify import BUDGET
from pysolver.geometry import bits
from pysolver.grid import Grid
from pysolver.logic import find_contradiction, next_step
from pysolver.play import Move
from pysolver.search import SearchBudgetExceeded, solve
from pysolver.session import Session
from pysolver.step import Step
from pysolver.techniques.guessing import BACKTRACK, GUESS, SEARCH
from pysolver.techniques.registry import ON_REQUEST
from pysolver.web import handle
from tests.helpers import BEYOND_BASIC, FIGURE_4_2, FIGURE_4_2_SOLUTION, FIGURE_4_9, TOP95_13, puzzle_lines

#: The first of the forum's hardest puzzles (SE 11+, the tdoku collection): the logic, forcing
#: nets included, stalls on it at once.
NEEDS_GUESS = "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6"
#: The nested forcing nets finish the forum's hardest puzzles, taking seconds: the sessions that
#: test guessing switch them off.
BUT_NESTED = frozenset({"nested-forcing-net"})


def tutor_steps(session: Session) -> list[Step]:
    """The history of a session where only the tutor acted, as steps."""
    steps = [s for s in session.steps if isinstance(s, Step)]
    assert len(steps) == len(session.steps)
    return steps


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
    session = Session(Grid.parse(NEEDS_GUESS), disabled=BUT_NESTED)
    session.solve_logic()
    assert session.status().state == "stuck" and session.can_guess()
    session.solve()
    assert session.status().state == "solved"
    assert session.board.grid() == solve(Grid.parse(NEEDS_GUESS))
    techniques = [s.technique for s in tutor_steps(session)]
    assert GUESS in techniques


def test_a_guess_before_logic_runs_out_says_so_and_picks_a_real_choice() -> None:
    session = Session(Grid.parse(FIGURE_4_2))
    assert session.may_step()
    board = session.board
    fewest = min(board.candidates[c].bit_count() for c in board.empty_cells()
                 if board.candidates[c].bit_count() > 1)
    guess = session.guess()
    (cell, _), = guess.placements
    assert board.candidates[cell].bit_count() == fewest > 1  # a cell with one candidate is no guess
    assert guess.text.startswith("Logic still has a step here, but you chose to guess, so try ")


def test_a_solved_board_offers_no_step_or_hint() -> None:
    session = Session(Grid.parse(FIGURE_4_2))
    session.step()
    session.finish_by_search()
    assert session.status().state == "solved"
    assert not session.may_step() and not session.can_hint()


def test_backtrack_returns_to_the_guess_and_removes_its_digit() -> None:
    for puzzle in puzzle_lines("tdoku_puzzles5_forum_hardest_1905_11plus_every33.txt", 20):
        session = Session(Grid.parse(puzzle), disabled=BUT_NESTED)
        session.solve()
        if BACKTRACK in (s.technique for s in tutor_steps(session)):
            break
    else:
        pytest.fail("no forum-hardest puzzle needed a backtrack")
    index = next(i for i, s in enumerate(tutor_steps(session)) if s.technique is BACKTRACK)
    session.goto(index)
    assert session.status().state == "contradiction" and session.can_backtrack()
    guess_at = max(i for i, s in enumerate(tutor_steps(session)[:index]) if s.technique is GUESS)
    cell, digit = tutor_steps(session)[guess_at].placements[0]
    session.goto(index + 1)
    assert session.board.values[cell] == 0
    assert not session.board.candidates[cell] >> (digit - 1) & 1
    assert "Backtrack: the guess" in tutor_steps(session)[index].details


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
    session = Session(Grid.parse(NEEDS_GUESS), disabled=BUT_NESTED)
    session.solve()
    again = Session(Grid.parse(NEEDS_GUESS), disabled=BUT_NESTED)
    again.replay(session.actions)
    assert again.steps == session.steps and again.board == session.board
    with pytest.raises(ValueError, match="cannot replay action 1 .'jump'.: 'jump' is not a move"):
        Session(Grid.parse(NEEDS_GUESS), disabled=BUT_NESTED).replay(["jump"])


def test_finish_by_search() -> None:
    session = Session(Grid.parse(NEEDS_GUESS), disabled=BUT_NESTED)
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


# --- play: the player's moves and the tutor's steps in one history -------------------------------

SOLUTION_4_2 = Grid.parse(FIGURE_4_2_SOLUTION).values


def play(session: Session, *moves: str) -> None:
    for text in moves:
        session.play(Move.parse(text, session.geometry))


def test_moves_and_steps_share_one_history_that_undo_redo_and_replay_walk() -> None:
    session = Session(Grid.parse(FIGURE_4_2))
    play(session, "place r1c1 9", "note r1c4 5", "note r1c4 6")
    session.step()
    play(session, "note r1c4 5")
    assert session.actions == ["place r1c1 9", "note r1c4 5", "note r1c4 6", "logic", "note r1c4 5"]
    assert session.origin(0) == "player" and session.origin(1) == "given"
    assert bits(session.notes[3]) == [6]
    assert session.undo() and bits(session.notes[3]) == [5, 6]
    assert session.undo() and session.undo() and session.undo()
    assert session.board.values[0] == 9 and session.notes[3] == 0
    assert session.undo() and session.board.values[0] == 0 and session.position == 0
    assert session.redo() and session.board.values[0] == 9
    while session.redo():
        pass
    again = Session(Grid.parse(FIGURE_4_2))
    again.replay(session.actions)
    assert again.board == session.board and again.notes == session.notes


def test_givens_and_tutor_digits_are_locked_and_notes_go_in_empty_cells() -> None:
    session = Session(Grid.parse(FIGURE_4_2))
    with pytest.raises(ValueError, match="r1c2 is a given: it cannot change"):
        play(session, "place r1c2 3")
    step = session.step()
    assert step is not None
    (cell, digit), = step.placements
    name = session.geometry.cell_name(cell)
    with pytest.raises(ValueError, match=f"{name} was filled by the tutor: Undo takes it back"):
        play(session, f"erase {name}")
    with pytest.raises(ValueError, match=f"{name} holds a digit: notes go in empty cells"):
        play(session, f"note {name} 1")
    with pytest.raises(ValueError, match="r1c1 is already empty"):
        play(session, "erase r1c1")


def test_placing_clears_the_digit_from_peers_notes_unless_kept() -> None:
    session = Session(Grid.parse(FIGURE_4_2))
    play(session, "fill")
    assert [bits(m) for m in session.notes[:4]] == [[7, 8, 9], [], [7], [5, 6]]
    play(session, "note r1c4 9", "place r1c1 9")
    assert bits(session.notes[3]) == [5, 6] and session.notes[0] == 0
    session.undo()
    play(session, "place r1c1 9 keep")
    assert 9 in bits(session.notes[3])
    assert session.actions[-1] == "place r1c1 9 keep"


def test_changing_a_digit_and_erasing_it_give_back_the_candidates() -> None:
    session = Session(Grid.parse(FIGURE_4_2))
    before = session.board
    play(session, "place r1c1 7", "place r1c1 9")
    assert session.board.values[0] == 9 and bits(session.board.candidates[2]) == [7]  # 7 is back in r1c3
    play(session, "erase r1c1")
    assert session.board == before


def test_erasing_drops_the_eliminations_made_after_the_digit() -> None:
    session = Session(Grid.parse(NEEDS_GUESS), disabled=BUT_NESTED)
    cell = session.board.empty_cells()[0]
    solution = solve(session.puzzle)
    assert solution is not None
    session.play(Move("place", cell, solution[cell]))
    while (step := session.step()) is not None and not step.eliminations:
        pass
    assert step is not None and step.eliminations
    session.play(Move("erase", cell))
    assert all(session.board.candidates[c] >> (d - 1) & 1 for c, d in step.eliminations
               if not session.board.values[c])


def test_a_wrong_digit_is_named_by_the_first_hint() -> None:
    session = Session(Grid.parse(FIGURE_4_2))
    play(session, "place r1c1 8", "place r1c3 7")
    assert session.wrong_digits() == [(0, 8)]
    hint = session.hint()
    assert hint is not None and hint["kind"] == "mistake" and hint["cells"] == [0]
    assert hint["title"] == "Hint: a mistake"
    assert hint["text"].startswith("r1c1: 8 is not this cell's digit")
    assert not session.can_hint() and session.hints == 1


def test_the_hint_ladder_reveals_a_little_more_at_each_level_and_apply_takes_it() -> None:
    session = Session(Grid.parse(FIGURE_4_2))
    play(session, "place r1c3 7")  # right: the hints teach from the player's position
    step = session.next_step()
    assert step is not None and (2, 7) not in step.placements
    levels = [session.hint() for _ in range(3)]
    assert [h["level"] for h in levels if h] == [1, 2, 3] and session.hints == 3
    first, second, third = (h for h in levels if h)
    assert first["text"].startswith(f"Look for a {step.name} in") and first["pattern"] == []
    assert first["placements"] == first["eliminations"] == []
    # A single: the second hint shows half of it (its cell, or its digit and house), no pattern.
    assert second["pattern"] == [] and second["placements"] == [] and second["text"] != third["text"]
    assert second["cells"] or second["digits"]
    assert third["placements"] == [list(c) for c in step.placements] and third["text"] == step.text
    assert not session.can_hint()
    session.step()
    assert session.hint_level() == 0 and session.current_hint() is None


@pytest.mark.parametrize("after", ["step", "note", "guess", "place"])
def test_after_undo_no_request_but_hint_shows_the_hint_asked_before(after: str) -> None:
    """Through the worker: a hint asked at a position, then Undo, then another entry (which takes
    the undone entry's place in the history) shows that entry's own words, no hint."""
    def call(cmd: str, **args: Any) -> dict[str, Any]:
        reply = json.loads(handle(json.dumps({"cmd": cmd, **args})))
        assert reply["ok"], reply
        view: dict[str, Any] = reply["view"]
        return view

    call("load", puzzle=".42...1......3..")
    call("place", cell=0, digit=2)  # wrong: r1c1 is 3
    assert call("hint")["hint"]["kind"] == "mistake"
    undone = call("undo")
    assert undone["hint"] is None and undone["hint_level"] == 0
    args = {"note": {"cell": 5, "digit": 1}, "place": {"cell": 0, "digit": 3}}.get(after, {})
    moved = call(after, **args)
    assert moved["position"] == 1 and moved["hint"] is None and moved["hint_level"] == 0
    assert not moved["can"]["apply"]
    assert call("hint")["hint_level"] == 1  # asked again, it is there


def test_hint_and_check_belong_to_the_position_they_were_asked_at() -> None:
    session = Session(Grid.parse(FIGURE_4_2))
    play(session, "place r1c1 8")
    session.hint()
    session.check()
    assert session.hint_level() == 1 and session.shown_check() is not None
    session.undo()
    assert session.hint_level() == 0 and session.shown_check() is None
    session.redo()  # back where they were asked: gone too, only Hint and Check show them
    assert session.hint_level() == 0 and session.current_hint() is None
    assert session.shown_check() is None
    session.hint()
    session.check()
    session.undo()
    session.step()  # a new entry at the same index of the history, on another board
    assert session.current_hint() is None and session.shown_check() is None


@pytest.mark.parametrize("line, unique", [(FIGURE_4_2, True), (FIGURE_4_9, False), ("." * 16, False)])
def test_uniqueness_is_read_from_the_classification_without_another_search(
        line: str, unique: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """Load classifies the puzzle (two solutions sought); the session's own question reuses it,
    which at 25×25 spared a second pair of searches (most of a second in CPython)."""
    session = Session(Grid.parse(line))
    assert session.classification.kind == ("unique" if unique else "several")

    def refuse(*args: object) -> int:
        raise AssertionError("counted the solutions again")
    monkeypatch.setattr("pysolver.session.count_solutions", refuse)
    assert session.unique is unique


#: A puzzle with one solution where a note of 3 alone in r9c9 (its digit) would make a Naked Single.
NOTED = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
#: Givens with 127 solutions; r5c1 = 3 leaves none of them, r1c1 = 2 leaves some.
SEVERAL = ".51..9483.9...8.6..6..1.7.26.5..12.....2.4.....27....5.....2.7..2.1...5.4785...2."


def test_the_players_notes_never_narrow_the_candidates_the_tutor_reasons_from() -> None:
    """A note is the player's own narrowing, not a deduction: a step found from it would be
    presented as logic with a reason crediting "the steps before" that never ran."""
    session = Session(Grid.parse(NOTED))
    first = session.next_step()
    assert first is not None and first.placements != ((80, 3),)
    play(session, "note r9c9 3")  # the cell's digit, its only note
    assert session.next_step() == first
    hints = [session.hint() for _ in range(3)]
    assert all(hint is not None and "r9c9" not in hint["text"] for hint in hints)
    assert hints[2] is not None and "the steps before removed" not in hints[2]["details"]
    applied = session.step()
    assert applied == first and "r9c9" not in applied.text


def test_digits_that_leave_no_solution_of_several_are_named_by_check_and_hint() -> None:
    session = Session(Grid.parse(SEVERAL))
    assert session.classification.kind == "several"
    play(session, "place r5c1 3")
    expected = ("No solution is left from this position: the puzzle has none with your 3 in "
                "r5c1. Erase it (or Undo) before going on.")
    hint = session.hint()
    assert hint is not None and hint["kind"] == "mistake" and hint["text"] == expected
    assert hint["title"] == "Hint: a mistake"
    assert hint["cells"] == [36] and not session.can_hint()  # said once, as a wrong digit is
    report = session.check()
    assert report.message == expected and report.to_json(session.geometry)["cells"] == [36]


def test_a_dead_end_names_the_digit_that_took_the_last_solutions_away() -> None:
    session = Session(Grid.parse(SEVERAL))
    play(session, "place r1c1 2")
    assert session.dead_end() is None and session.check().message.startswith("No digit repeats")
    play(session, "place r5c1 3", "note r9c9 3")
    assert session.check().message == (
        "No solution is left from this position: the puzzle has solutions with the digit you "
        "placed before your 3 in r5c1, and none with it too. Erase it or that one (or Undo) "
        "before going on.")
    play(session, "erase r5c1")
    hint = session.hint()
    assert hint is not None and hint["kind"] == "step"


def test_a_dead_end_is_looked_for_within_a_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """A search that runs out of nodes tells nothing: the old words stand, nothing hangs."""
    session = Session(Grid.parse(SEVERAL))
    assert session.classification.kind == "several"
    budgets = []

    def exhausted(*args: object, budget: int | None = None, restart: bool = False) -> Iterator[int]:
        budgets.append(budget)
        raise SearchBudgetExceeded
        yield 0
    monkeypatch.setattr("pysolver.session.raw_solutions", exhausted)
    play(session, "place r5c1 3")
    assert session.dead_end() is None
    assert session.check().message.startswith("No digit repeats in any row, column or box")
    assert budgets == [BUDGET]


def test_a_dead_end_is_searched_only_when_hint_or_check_asks(monkeypatch: pytest.MonkeyPatch) -> None:
    """A view asks whether a hint is there after every move, and marking checks after every
    move: neither searches (a third of a second on a nearly empty 25×25), Hint and Check do."""
    session = Session(Grid.parse(SEVERAL))
    session.mark_mistakes = True
    play(session, "place r5c1 3")
    searched = []
    monkeypatch.setattr(Session, "_find_dead_end", lambda self: searched.append(1))
    assert session.can_hint() and session.shown_check() is not None and searched == []
    session.check()
    assert searched == [1]


def test_replay_refuses_to_build_on_a_wrong_digit_only_when_asked() -> None:
    """A saved history keeps its steps; ``pysolver play``'s actions are refused as the page's
    buttons are, with the same words."""
    for action in ("logic", "logic-run", "guess", "search"):
        session = Session(Grid.parse(NOTED))
        with pytest.raises(ValueError) as refused:
            session.replay(["place r1c2 9", action], commands=True)
        assert str(refused.value) == (
            f"cannot replay action 2 ({action!r}): r1c2: 9 is not this cell's digit: erase it "
            "(or Undo) before going on, or the next steps would build on it.")
        assert len(session.steps) == 1
    session = Session(Grid.parse(NOTED))
    session.replay(["place r1c2 9", "logic"])
    assert len(session.steps) == 2


def test_undo_and_redo_are_commands_not_entries_of_a_saved_history() -> None:
    """The page's saved history is its entries, so there they stay unknown actions, said as
    before; typed as commands they move along the history, and ``replay`` says what each did."""
    with pytest.raises(ValueError) as refused:
        Session(Grid.parse(FIGURE_4_2)).replay(["logic", "undo"])
    assert str(refused.value).startswith("cannot replay action 2 ('undo'): 'undo' is not a move or "
                                         "a tutor's step: expected 'place r1c1 9'")
    assert str(refused.value).endswith("'backtrack' or 'search'")
    session = Session(Grid.parse(FIGURE_4_2))
    taken = session.replay(["logic", "logic-run", "undo", "redo", "place r1c1 9"], commands=True)
    assert [(t.action, t.before, t.after, len(t.entries)) for t in taken] == [
        ("logic", 0, 1, 1), ("logic-run", 1, 2, 1), ("undo", 2, 0, 2), ("redo", 0, 2, 2),
        ("place r1c1 9", 2, 3, 1)]
    assert taken[2].entries == taken[3].entries == tuple(session.steps[:2])


def test_check_names_wrong_digits_and_notes_that_lost_the_digit() -> None:
    session = Session(Grid.parse(FIGURE_4_2))
    play(session, "place r1c1 8", "note r1c3 2", "note r1c4 9")
    report = session.check()
    assert report.wrong == ((0, 8),) and report.lost_notes == (2, 3)
    assert report.message == ("r1c1: 8 is not this cell's digit; r1c3: the notes lost this cell's "
                              "digit; r1c4: the notes lost this cell's digit.")
    assert session.checks == 1 and session.shown_check() == report
    play(session, "erase r1c1")
    assert session.shown_check() is None
    session.mark_mistakes = True
    shown = session.shown_check()
    assert shown is not None and shown.lost_notes == (2, 3) and session.checks == 1


def test_check_names_three_copies_of_a_digit_once() -> None:
    session = Session(Grid.parse(FIGURE_4_2))
    play(session, "place r1c1 7", "place r1c3 7", "place r1c4 7")
    assert session.check().message.endswith(
        "; three 7s in row 1 (r1c1, r1c3 and r1c4); two 7s in column 4 and box 2 (r1c4 and r3c4); "
        "two 7s in box 1 (r1c1 and r1c3).")


def test_check_names_every_repeat_once_with_all_its_houses() -> None:
    session = Session(Grid.parse(FIGURE_4_2))
    play(session, "place r1c1 4")  # r1c8 in row 1; r2c1 in column 1 and box 1
    assert session.check().message == (
        "r1c1: 4 is not this cell's digit; two 4s in row 1 (r1c1 and r1c8); two 4s in column 1 "
        "and box 1 (r1c1 and r2c1).")


@pytest.mark.parametrize("puzzle, kind, message", [
    (FIGURE_4_2, "unique", "Exactly one solution."),
    (FIGURE_4_9, "several", "At least 2 solutions: logic can stall and guessing may be needed."),
    # Figure 4.2 with a 6 in r2c5 that repeats nothing and breaks no rule the logic knows.
    (FIGURE_4_2[:13] + "6" + FIGURE_4_2[14:], "none", "No solution: the search finds none."),
    ("12....343.......", "none", "No solution: r1c3 has no candidate left."),
    ("1.....2..3.....4", "unique", "Exactly one solution."),
], ids=["unique", "several", "none-by-search", "none-at-a-cell", "4x4"])
def test_classification_at_load(puzzle: str, kind: str, message: str) -> None:
    found = Session(Grid.parse(puzzle)).classification
    assert (found.kind, found.message) == (kind, message)
    assert (found.solution is not None) == (kind == "unique")


def test_finishing_by_hand_is_celebrated_with_time_hints_checks_and_hardest() -> None:
    now = [1000.0]
    session = Session(Grid.parse(FIGURE_4_2), clock=lambda: now[0])
    session.hint()
    session.check()
    now[0] += 30  # the clock starts at the first move
    empty = session.board.empty_cells()
    for cell in empty[:-1]:
        session.play(Move("place", cell, SOLUTION_4_2[cell]))
    now[0] += 125
    last = empty[-1]
    session.play(Move("place", last, SOLUTION_4_2[last] % 9 + 1))
    status = session.status()
    name = session.geometry.cell_name(last)
    assert status.state == "wrong" and status.cells[-1] == last and name in status.message
    session.play(Move("place", last, SOLUTION_4_2[last]))
    assert session.status().message == ("Solved! Time 2:05, 1 hint, 1 check; the hardest technique "
                                        "the tutor needed: Naked Single.")


def test_a_finish_by_hand_after_the_tutors_steps_says_how_many_it_took() -> None:
    """The tutor solves all but the last cell, the player fills it: the celebration counts the
    tutor's steps rather than praise a solve the player did not do."""
    session = Session(Grid.parse(FIGURE_4_2), clock=lambda: 0.0)
    steps = session.solve_logic()
    session.goto(len(steps) - 1)
    cell, digit = steps[-1].placements[0]
    session.play(Move("place", cell, digit))
    assert session.status().message == (f"Solved! Time 0:00, 0 hints, 0 checks, {len(steps) - 1} steps "
                                        "by the tutor; the hardest technique the tutor needed: Naked Single.")


def test_a_finish_by_the_tutor_after_moves_is_not_celebrated_as_the_players() -> None:
    session = Session(Grid.parse(FIGURE_4_2))
    cell = session.board.empty_cells()[0]
    session.play(Move("place", cell, SOLUTION_4_2[cell]))
    steps = session.solve_logic()
    assert session.status().message == f"Solved by the tutor's {len(steps)} steps after your 1 move."


def test_a_solution_of_a_puzzle_with_several_says_it_is_one_of_them() -> None:
    session = Session(Grid.parse(FIGURE_4_9))
    session.solve()
    assert session.status().message.endswith(" It is one of the puzzle's solutions: it has more than one.")


# --- what a view looks at: forcing chains wait for Step or Hint ---------------------------------

@pytest.mark.parametrize("n", [9, 16])
def test_an_open_board_is_stuck_at_once_and_says_why(n: int) -> None:
    """One given: every candidate is in some solution, so no logic removes any; the view knows it
    without waiting for Step to try the forcing chains."""
    session = Session(Grid.parse("1" + "." * (n * n - 1)))
    status = session.status()
    assert status.state == "stuck" and not session.may_step() and not session.can_hint()
    assert "every candidate left is in some solution" in status.message
    session.guess()
    assert session.status().state == "stuck"
    session.undo()
    session.switch_off(frozenset({"skyscraper"}))
    assert session.status().state == "stuck"


def test_a_view_leaves_forcing_chains_to_step_which_then_finds_one() -> None:
    session = Session(Grid.parse(TOP95_13), disabled=BEYOND_BASIC)
    session.solve_logic()
    assert session.status().state == "stuck"
    session.switch_off(BEYOND_BASIC - ON_REQUEST)  # forcing chains on again
    status = session.status()
    assert status.state == "solving" and "Step tries forcing chains" in status.message
    assert session.may_step() and session.can_hint()
    step = session.step()
    assert step is not None and step.technique.slug in ON_REQUEST


def test_when_forcing_chains_find_nothing_either_the_status_turns_stuck() -> None:
    session = Session(Grid.parse(NEEDS_GUESS), disabled=frozenset({"nested-forcing-net"}))
    assert session.status().state == "solving" and session.may_step()
    assert session.hint() is None and session.hints == 0  # no hint to give, none counted
    assert session.status().state == "stuck" and not session.may_step() and not session.can_hint()


@pytest.mark.parametrize("puzzle", puzzle_lines("norvig_top95.txt", 6))
def test_a_step_found_without_forcing_chains_is_the_engines_next(puzzle: str) -> None:
    session = Session(Grid.parse(puzzle))
    while session.may_step():
        expected = next_step(session.board, session.settings)
        assert session.next_step() == expected
        session.step()


def test_notes_that_lost_the_cells_digit_are_the_first_hint_without_telling_the_digit() -> None:
    session = Session(Grid.parse(FIGURE_4_2))
    solution = Grid.parse(FIGURE_4_2_SOLUTION)
    cell = session.board.empty_cells()[0]
    other = next(d for d in session.board.candidate_digits(cell) if d != solution[cell])
    session.play(Move("note", cell, other))
    assert session.lost_notes() == [cell] and session.can_hint()
    hint = session.hint()
    assert hint is not None and hint["kind"] == "mistake" and hint["cells"] == [cell]
    assert hint["title"] == "Hint: a mistake"
    assert hint["digits"] == [] and hint["digit"] is None  # the answer stays the player's to find
    assert hint["text"].startswith(f"{session.geometry.cell_name(cell)}: the notes lost this cell's digit. ")
    assert not session.can_hint()  # one rung: fix the notes first
    session.play(Move("note", cell, solution[cell]))
    assert session.lost_notes() == [] and session.can_hint()


def test_the_tutor_refuses_to_build_on_a_players_wrong_digit_but_not_on_its_own_guess() -> None:
    session = Session(Grid.parse(FIGURE_4_2))
    wrong = next(d for d in session.board.candidate_digits(0) if d != int(FIGURE_4_2_SOLUTION[0]))
    guess = Step(GUESS, "Guess", "try it", placements=((0, wrong),), cells=(0,), digits=(wrong,))
    session.apply(guess)  # the tutor's guess: its branch explores it until Backtrack
    session.refuse_on_mistakes()
    session.undo()
    play(session, f"place r1c1 {wrong}")
    with pytest.raises(ValueError, match=f"^r1c1: {wrong} is not this cell's digit: erase it"):
        session.refuse_on_mistakes()


def test_the_unique_solution_is_the_counts_own_not_a_second_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """Telling one solution from two finds the solution; searching for it again cost a fifth of
    a 25×25 load."""
    def refuse(*args: object) -> None:
        raise AssertionError("searched for the solution again")
    monkeypatch.setattr("pysolver.search.solve", refuse)
    monkeypatch.setattr("pysolver.classify.solve", refuse, raising=False)
    classification = Session(Grid.parse(FIGURE_4_2)).classification
    assert classification.kind == "unique" and classification.solution == Grid.parse(FIGURE_4_2_SOLUTION)


def test_one_cell_to_go_is_said_in_the_singular() -> None:
    session = Session(Grid.parse(FIGURE_4_2))
    session.solve_logic()
    session.back()
    assert session.status().message == "1 cell to go."
    session.back()
    assert session.status().message == "2 cells to go."


def test_the_search_filling_one_cell_says_so_in_the_singular() -> None:
    session = Session(Grid.parse(FIGURE_4_2))
    session.solve_logic()
    session.back()
    step = session.finish_by_search()
    assert step.text == "The search engine fills the remaining 1 cell."
    assert step.details.startswith("Search: the remaining 1 cell is filled")


def test_undo_takes_back_a_whole_solve_by_logic_and_redo_puts_it_back() -> None:
    """One button, one Undo: the solve's steps stay single entries of the history (Back and Go to
    reach each), but Undo and Redo take them as the one command they came from."""
    session = Session(Grid.parse(FIGURE_4_2))
    session.play(Move.parse(f"place r1c1 {FIGURE_4_2_SOLUTION[0]}", session.geometry))
    steps = session.solve_logic()
    assert session.position == 1 + len(steps) and session.board.is_solved()
    assert session.undo() and session.position == 1  # the player's move is kept
    assert session.redo() and session.position == 1 + len(steps)
    assert session.back() and session.position == len(steps)
    assert session.undo() and session.position == 1  # from within the solve: to before it
    assert session.forward() and session.position == 2
    assert session.undo() and session.position == 1 and session.undo() and session.position == 0
    assert session.redo() and session.position == 1


def test_a_step_after_undo_drops_the_solve_and_is_a_batch_alone() -> None:
    session = Session(Grid.parse(FIGURE_4_2))
    session.solve_logic()
    session.undo()
    session.step()
    session.step()
    assert session.position == 2 and len(session.steps) == 2
    assert session.undo() and session.position == 1


def test_solve_logic_reports_each_step_with_the_cells_left() -> None:
    session = Session(Grid.parse(FIGURE_4_2))
    heard: list[tuple[int, int, str]] = []
    steps = session.solve_logic(lambda done, left, name: heard.append((done, left, name)))
    assert [done for done, _, _ in heard] == list(range(1, len(steps) + 1))
    assert heard[-1][1] == 0 and [name for _, _, name in heard] == [step.name for step in steps]
    assert all(a[1] >= b[1] for a, b in zip(heard, heard[1:]))


def test_a_solve_by_logic_replayed_from_its_actions_is_still_undone_whole() -> None:
    """The page rebuilds a session from its actions after a reload or a Cancel: the steps after a
    run's first say "logic-run", so that the run is one batch there too."""
    session = Session(Grid.parse(FIGURE_4_2))
    session.step()
    steps = session.solve_logic()
    assert session.actions == ["logic", "logic"] + ["logic-run"] * (len(steps) - 1)
    again = Session(Grid.parse(FIGURE_4_2))
    again.replay(session.actions)
    assert again.board == session.board and again.actions == session.actions
    assert again.undo() and again.position == 1 and again.undo() and again.position == 0
    with pytest.raises(ValueError, match="cannot replay action 1 \\('logic-run'\\): a logic-run step "
                                         "goes on a Solve by logic: it cannot come first"):
        Session(Grid.parse(FIGURE_4_2)).replay(["logic-run"])


def test_check_on_a_puzzle_whose_count_ran_out_of_budget_says_so(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """No solution, but the budgeted count at load could not tell: Check does not say it has
    several (it said so for every count but "none"). The lookahead refutes this puzzle at once,
    after 4.7 million plain nodes: within 50 nodes nothing can tell."""
    monkeypatch.setattr("pysolver.classify.BUDGET", 50)
    puzzle = ".....5.8....6.1.43..........1.5........1.6...3.......553.....61........4........."
    session = Session(Grid.parse(puzzle))
    assert session.classification.kind == "unknown"
    assert session.check().message == ("No digit repeats in any row, column or box (its solutions not "
                                       "counted, only repeats can be checked).")
