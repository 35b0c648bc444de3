"""Open boards (every candidate in some solution): the question, and the engine stopping there."""

from __future__ import annotations

import random
from collections import deque
from typing import Iterator

import pytest

from pysolver import logic
from pysolver.board import Board
from pysolver.grid import Grid
from pysolver.logic import Settings, apply_step, next_step
from pysolver.search import (candidate_bit, clue_bits, layout, position_bits, raw_solutions,
                             solution_values, solve)
from pysolver.session import Session
from pysolver.techniques.registry import ON_REQUEST
from pysolver.witnesses import _fixing_moves, _through_many, is_open
from tests.helpers import FIGURE_4_2, FIGURE_4_9

SIZES = {4: "1234", 6: "123456", 9: "123456789", 16: "123456789ABCDEFG",
         25: "ABCDEFGHIJKLMNOPQRSTUVWXY"}


def every_candidate_witnessed(board: Board) -> bool:
    """The question answered by a search per candidate, without bounds."""
    t = layout(board.geometry)
    clues = clue_bits(t, board.values)
    allowed = clues
    for cell in board.empty_cells():
        for digit in board.candidate_digits(cell):
            allowed |= candidate_bit(t, cell, digit)
    banned = t.candidates & ~allowed
    return all(next(raw_solutions(t, clues | candidate_bit(t, cell, digit), banned), None) is not None
               for cell in board.empty_cells() for digit in board.candidate_digits(cell))


def sparse_boards(n: int, count: int, seed: int) -> Iterator[Board]:
    """Boards with a few digits of a solution, some with a few logic steps taken."""
    rng = random.Random(seed)
    solution = solve(Grid.parse("." * n * n))
    assert solution is not None
    for index in range(count):
        values = [0] * (n * n)
        for cell in rng.sample(range(n * n), rng.randint(0, n + 2)):
            values[cell] = solution[cell]
        board = Board.from_grid(Grid(solution.geometry, tuple(values)))
        for _ in range(index % 3):
            step = next_step(board)
            if step is None:
                break
            board = apply_step(board, step)
        yield board


def refuse_advanced_techniques(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make every technique past the basic ones fail the test if it runs."""
    finders = logic._finders

    def guarded(settings: Settings) -> tuple[object, ...]:
        def refuse(board: Board) -> Iterator[object]:
            raise AssertionError("an advanced technique ran on an open board")
        return tuple((finder if allowed <= logic._BASIC else refuse, allowed)
                     for finder, allowed in finders(settings))
    monkeypatch.setattr(logic, "_finders", guarded)


@pytest.mark.parametrize("n", [4, 6])
def test_the_answer_matches_a_search_per_candidate(n: int) -> None:
    answers = [(is_open(board), every_candidate_witnessed(board) and all(
        board.candidates[c].bit_count() > 1 for c in board.empty_cells()))
        for board in sparse_boards(n, 40, seed=n)]
    assert all(found == truth for found, truth in answers)
    assert {found for found, _ in answers} == {True, False}  # both kinds were met


@pytest.mark.parametrize("line", [FIGURE_4_2, FIGURE_4_9, "1" + "." * 80, "." * 81])
def test_nine_by_nine_boards(line: str) -> None:
    board = Board.from_grid(Grid.parse(line))
    assert is_open(board) == (line.count(".") >= 80)  # 127 solutions, yet steps to take


@pytest.mark.parametrize("n", [4, 6])
def test_the_engine_finds_the_same_step_with_and_without_asking(
        n: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """An open board has no sound step: stopping there changes no answer of the engine."""
    boards = list(sparse_boards(n, 30, seed=10 + n))
    asked = [next_step(board) for board in boards]
    monkeypatch.setattr(logic, "is_open", lambda board: False)
    assert asked == [next_step(board) for board in boards]


@pytest.mark.parametrize("n", [9, 16, 25])
def test_a_hint_on_a_board_with_one_digit_says_stuck_without_the_chains(
        n: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """The techniques past the basic ones, which searched for seconds (a minute at 25×25) on a
    nearly empty board, are not run there: the board is open, nothing can be deduced."""
    refuse_advanced_techniques(monkeypatch)
    session = Session(Grid.parse(SIZES[n][0] + "." * (n * n - 1)))
    assert session.hint() is None and session.status().state == "stuck"
    session.guess()
    assert session.next_step() is None and session.status().state == "stuck"
    assert ON_REQUEST  # the forcing chains were among the refused


def test_a_board_within_one_shown_not_open_is_answered_without_a_search(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Figure 4.9 has 127 solutions; four steps on, no cell has a single candidate left and a
    search shows some candidate in none. A board with a candidate fewer has its solutions among
    those and keeps that candidate: it is not open either, and no search is made again."""
    for kept in ("_refuted", "_recent"):  # what earlier tests left
        monkeypatch.setattr(f"pysolver.witnesses.{kept}", deque(maxlen=4))
    is_open.cache_clear()
    board = Board.from_grid(Grid.parse(FIGURE_4_9))
    for _ in range(4):
        step = next_step(board)
        assert step is not None
        board = apply_step(board, step)
    assert all(board.candidates[c].bit_count() >= 2 for c in board.empty_cells())
    assert not is_open(board) and not every_candidate_witnessed(board)
    cell = next(c for c in board.empty_cells() if board.candidates[c].bit_count() >= 3)
    later = board.apply(eliminations=[(cell, board.candidate_digits(cell)[-1])])
    searched = []

    def counted(*args: object, **kwargs: object) -> Iterator[int]:
        searched.append(args)
        return raw_solutions(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr("pysolver.witnesses.raw_solutions", counted)
    assert not is_open(later) and searched == []
    # An open board not within that one: what was kept says nothing of it.
    assert is_open(Board.from_grid(Grid.parse("2" + "." * 80)))


def test_a_board_the_moves_no_longer_fit_is_shown_open_by_searches_through_many_candidates(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A full first row and two digits of the second: a moved solution must bring back all of
    them, which about one move in n² does, so each search witnessed a few candidates and the
    bounded question gave up; on the 25×25 grid the forcing nets then took half a minute per
    guess to find nothing. A search through n candidates at once witnesses them all."""
    for kept in ("_refuted", "_recent"):  # what earlier tests left
        monkeypatch.setattr(f"pysolver.witnesses.{kept}", deque(maxlen=4))
    is_open.cache_clear()
    board = Board.from_grid(Grid.parse("123456789ABCDEFG" + "56" + "." * 238))
    assert is_open(board)
    refuse_advanced_techniques(monkeypatch)
    assert next_step(board) is None


@pytest.mark.parametrize("n", [6, 9, 16])
def test_moves_that_keep_the_digits_in_place_map_a_solution_to_another(n: int) -> None:
    """A board with digits in a band's first rows and a stack's first column: every move keeps
    them where they are and turns the solution into another solution of the board."""
    geo = Grid.parse("." * n * n).geometry
    solution = solve(Grid.parse("." * n * n))
    assert solution is not None
    filled = [cell for cell in range(n * n)
              if cell // n < geo.box_rows - 1 and cell % 3 == 0 or cell % n == 0 and cell // n < 2]
    moves = _fixing_moves(geo, frozenset(c // n for c in filled), frozenset(c % n for c in filled))
    assert moves
    moved_solutions = set()
    for move in moves:
        moved = tuple(solution[source] for source in move)
        assert all(moved[cell] == solution[cell] for cell in filled)
        assert Grid(geo, moved).is_solved()
        moved_solutions.add(moved)
    assert len(moved_solutions) == len(moves)


def test_a_board_typed_into_its_first_rows_is_shown_open_without_the_forcing_nets(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """20 digits of a 16×16 solution in its first band: a moved solution must bring back all of
    them, so the bounded question gave up (969 candidates without a witness after the first
    search) and the forcing nets searched for seconds to find nothing. The empty bands' own moves
    and searches steered to unwitnessed candidates show it open."""
    for kept in ("_refuted", "_recent"):  # what earlier tests left
        monkeypatch.setattr(f"pysolver.witnesses.{kept}", deque(maxlen=4))
    is_open.cache_clear()
    solution = solve(Grid.parse("." * 256))
    assert solution is not None
    values = [solution[cell] if cell < 64 and cell % 3 == 0 else 0 for cell in range(256)]
    board = Board.from_grid(Grid(solution.geometry, tuple(values)))
    refuse_advanced_techniques(monkeypatch)
    assert next_step(board) is None
    assert is_open(board)


def test_at_25_by_25_the_candidates_searched_through_at_once_are_chosen_by_propagation() -> None:
    """A third of a 25×25 solution's first band, and that solution witnessed: chosen one per cell
    and none in a house with another's digit, the first band's unwitnessed candidates were at
    odds at once, and the board's question took 122 searches. Placed and propagated one by one,
    25 of them are searched through together."""
    solution = solve(Grid.parse("." * 625))
    assert solution is not None
    band = 25 * solution.geometry.box_rows
    values = [solution[cell] if cell < band and cell % 3 == 0 else 0 for cell in range(625)]
    board = Board.from_grid(Grid(solution.geometry, tuple(values)))
    t = layout(board.geometry)
    clues, banned = position_bits(t, board.values, board.candidates)
    unwitnessed = {cell: board.candidates[cell] & ~(1 << solution[cell] - 1)
                   for cell in board.empty_cells()}
    found = _through_many(t, clues, banned, unwitnessed, board.geometry)
    assert found is not None
    digits = solution_values(t, found)
    witnessed = [cell for cell, mask in unwitnessed.items() if mask >> digits[cell] - 1 & 1]
    assert len(witnessed) >= 25, len(witnessed)
