"""``pysolver play``: the page's play driven from the command line."""

from __future__ import annotations

import pytest

from pysolver.cli import main
from tests.helpers import FIGURE_4_2


def test_play_takes_moves_and_steps_and_shows_hints_and_check(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", FIGURE_4_2, "place r1c1 9", "note r1c4 2", "logic", "--hint", "3", "--check"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "Exactly one solution."
    assert lines[1:3] == ["   1. You placed 9 in r1c1.", "   2. You toggled the note 2 in r1c4."]
    assert lines[3].startswith("   3. Naked Single")
    assert lines[4] == "9 1 7 {2} 2 . 3 4 ."
    assert lines[13] == "solving: 44 cells to go."
    # The note 2 left out r1c4's digit: the hint names that first, as it would a wrong digit.
    assert lines[14].startswith("hint 1: r1c4: the notes lost this cell's digit. Add it back")
    assert lines[15] == "check: r1c4: the notes lost this cell's digit."
    assert main(["play", FIGURE_4_2, "place r1c1 9", "logic", "--hint", "3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in lines if line.startswith("hint")] == ["hint 1", "hint 2", "hint 3"]
    assert lines[-1].startswith("   why: Naked single (cell exclusion): ")  # hint 3's details


def test_a_wrong_digit_is_named_by_the_hint(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", FIGURE_4_2, "place r1c1 8", "--hint", "1"]) == 0
    assert capsys.readouterr().out.splitlines()[-1].startswith("hint 1: r1c1: 8 is not this cell's digit")


def test_a_move_on_a_given_is_refused_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", FIGURE_4_2, "place r1c2 8"]) == 2
    assert capsys.readouterr().err == ("pysolver: error: cannot replay action 1 ('place r1c2 8'): "
                                       "r1c2 is a given: it cannot change\n")


def test_a_hint_level_out_of_range_is_said_as_a_range(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["play", FIGURE_4_2, "--hint", "4"])
    assert exit_.value.code == 2
    assert capsys.readouterr().err.endswith("argument --hint: expected a whole number from 0 to 3, not '4'\n")


def test_a_contradiction_is_said_once(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "1.3.34.........4"]) == 0
    assert capsys.readouterr().out.endswith(
        "contradiction: row 1 has no place left for 4. The puzzle has no solution.\n")


def test_non_ascii_digits_are_refused_and_named(capsys: pytest.CaptureFixture[str]) -> None:
    """'١' (Arabic-Indic one) is a digit to int() and to regular expressions' \\d, not to us."""
    with pytest.raises(SystemExit) as exit_:
        main(["play", FIGURE_4_2, "--hint", "١"])
    assert exit_.value.code == 2
    assert capsys.readouterr().err.endswith(
        "argument --hint: expected a whole number from 0 to 3 in the digits 0-9, not '١'\n")
    assert main(["play", FIGURE_4_2, "place r١c1 9"]) == 2
    assert capsys.readouterr().err == (
        "pysolver: error: cannot replay action 1 ('place r١c1 9'): 'r١c1' is not a cell of a 9×9 "
        "grid (r1c1 to r9c9): '١' is not one of the digits 0-9\n")


@pytest.mark.parametrize(("actions", "message"), [
    (["logic", "backtrack"], "cannot replay action 2 ('backtrack'): nothing to backtrack: "
                             "no contradiction after a guess"),
    (["search", "search"], "cannot replay action 2 ('search'): the board is already solved"),
    (["search", "guess"], "cannot replay action 2 ('guess'): nothing to guess: "
                          "the board is solved or contradictory"),
])
def test_a_tutor_step_that_cannot_be_taken_is_named(capsys: pytest.CaptureFixture[str],
                                                    actions: list[str], message: str) -> None:
    assert main(["play", FIGURE_4_2, *actions]) == 2
    assert capsys.readouterr().err == f"pysolver: error: {message}\n"


def test_an_unknown_action_is_told_what_help_offers(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    offered = " ".join(capsys.readouterr().out.split()).split("ACTION ", 2)[-1].split(", in order")[0]
    assert offered.startswith("'place r1c1 9'") and offered.endswith("'search', 'undo' or 'redo'")
    assert main(["play", FIGURE_4_2, "jump"]) == 2
    assert capsys.readouterr().err == (
        f"pysolver: error: cannot replay action 1 ('jump'): 'jump' is not a move, a tutor's "
        f"step, undo or redo: expected {offered}\n")
    assert main(["play", FIGURE_4_2, "place r1c1"]) == 2
    assert "'place r1c1' is not a move: expected 'place r1c1 9', 'note r2c2 6', 'erase r1c1' or " \
           "'fill'\n" in capsys.readouterr().err


def test_a_hint_that_cannot_climb_is_printed_once(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", FIGURE_4_2, "place r1c1 8", "--hint", "3"]) == 0
    hints = [line for line in capsys.readouterr().out.splitlines() if line.startswith("hint")]
    assert hints == ["hint 1: r1c1: 8 is not this cell's digit: erase it (or Undo) before going on, "
                     "or the next steps would build on it."]


def test_actions_may_follow_options(capsys: pytest.CaptureFixture[str]) -> None:
    """``play P --check logic`` takes ``logic`` as an action, as ``play P logic --check`` does."""
    assert main(["play", FIGURE_4_2, "logic", "--check", "logic"]) == 0
    after = capsys.readouterr().out
    assert main(["play", FIGURE_4_2, "logic", "logic", "--check"]) == 0
    assert capsys.readouterr().out == after and "   2. " in after
    with pytest.raises(SystemExit) as exit_:
        main(["play", FIGURE_4_2, "--bogus", "logic"])
    assert exit_.value.code == 2
    assert "unrecognized arguments: --bogus" in capsys.readouterr().err


#: One solution; r1c2 holds 1 in it, and r9c9 3.
NOTED = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
#: Givens with 127 solutions; r5c1 = 3 leaves none of them.
SEVERAL = ".51..9483.9...8.6..6..1.7.26.5..12.....2.4.....27....5.....2.7..2.1...5.4785...2."


@pytest.mark.parametrize("action", ["logic", "logic-run", "guess", "search"])
def test_a_tutor_step_on_a_wrong_digit_is_refused_as_the_page_refuses_it(
        capsys: pytest.CaptureFixture[str], action: str) -> None:
    assert main(["play", NOTED, "place r1c2 9", action]) == 2
    captured = capsys.readouterr()
    assert captured.err == (f"pysolver: error: cannot replay action 2 ({action!r}): r1c2: 9 is not "
                            "this cell's digit: erase it (or Undo) before going on, or the next "
                            "steps would build on it.\n")
    assert "You placed 9" not in captured.out


def test_a_note_is_not_presented_as_a_deduction(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", NOTED, "note r9c9 3", "--hint", "3"]) == 0
    hints = [line for line in capsys.readouterr().out.splitlines() if "hint" in line or "why" in line]
    assert hints and not any("r9c9" in line or "steps before removed" in line for line in hints)


def test_hint_levels_are_told_as_the_option_checks_them(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    assert "(0-3;" in " ".join(capsys.readouterr().out.split())
    with pytest.raises(SystemExit):
        main(["play", FIGURE_4_2, "--hint", "4"])
    assert "argument --hint: expected a whole number from 0 to 3" in capsys.readouterr().err


def test_the_second_hint_names_the_pattern_in_words(capsys: pytest.CaptureFixture[str]) -> None:
    """Nothing is highlighted or green in a terminal: the candidates are named instead."""
    assert main(["play", NOTED, "--hint", "2"]) == 0
    second = capsys.readouterr().out.splitlines()[-1]
    assert second == ("hint 2: The Hidden Single is in box 4, for the digit 4: only one cell there "
                      "can still hold it. Which one?")


def test_a_dead_end_of_a_puzzle_with_several_solutions_is_said(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", SEVERAL, "place r5c1 3", "--hint", "1", "--check"]) == 0
    said = ("No solution is left from this position: the puzzle has none with your 3 in r5c1. "
            "Erase it (or Undo) before going on.")
    assert capsys.readouterr().out.splitlines()[-2:] == [f"hint 1: {said}", f"check: {said}"]


def test_undo_and_redo_are_taken_in_order_and_said_by_the_actions_they_move_over(
        capsys: pytest.CaptureFixture[str]) -> None:
    """A Solve by logic's run (``logic-run``) goes back whole; after an Undo a new action takes
    the place of what was taken back, so the numbers are the actions', not the history's."""
    assert main(["play", FIGURE_4_2, "place r1c1 9", "logic", "logic-run", "undo", "redo", "undo",
                 "note r1c4 2", "undo", "undo", "redo"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1] == "   1. You placed 9 in r1c1."
    assert lines[2].startswith("   2. Naked Single") and lines[3].startswith("   3. ")
    assert lines[4:11] == ["   4. Undo: takes back 2 and 3.", "   5. Redo: takes 2 and 3 again.",
                           "   6. Undo: takes back 2 and 3.", "   7. You toggled the note 2 in r1c4.",
                           "   8. Undo: takes back 7.", "   9. Undo: takes back 1.",
                           "  10. Redo: takes 1 again."]
    assert lines[11] == "9 1 . . 2 . 3 4 ."  # r1c1's 9 again, without the note that was dropped


def test_an_undo_lets_the_tutor_go_on_as_the_refusal_says(capsys: pytest.CaptureFixture[str]) -> None:
    """The refusal says "erase it (or Undo)": both are actions here."""
    assert main(["play", NOTED, "place r1c2 9", "logic"]) == 2
    assert "erase it (or Undo) before going on" in capsys.readouterr().err
    assert main(["play", NOTED, "place r1c2 9", "undo", "logic"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[2] == "   2. Undo: takes back 1." and lines[3].startswith("   3. Hidden Single")


@pytest.mark.parametrize(("actions", "message"), [
    (["undo"], "cannot replay action 1 ('undo'): nothing to undo: already at the start"),
    (["logic", "undo", "undo"], "cannot replay action 3 ('undo'): nothing to undo: already at the start"),
    (["redo"], "cannot replay action 1 ('redo'): nothing to redo: no undone move or step is ahead"),
    (["logic", "redo"], "cannot replay action 2 ('redo'): nothing to redo: no undone move or step is ahead"),
    # A new action after an Undo drops what was taken back, as on the page.
    (["logic", "undo", "place r1c1 9", "redo"],
     "cannot replay action 4 ('redo'): nothing to redo: no undone move or step is ahead"),
])
def test_an_undo_or_redo_with_nothing_to_move_over_is_refused_and_named(
        capsys: pytest.CaptureFixture[str], actions: list[str], message: str) -> None:
    assert main(["play", FIGURE_4_2, *actions]) == 2
    captured = capsys.readouterr()
    assert captured.err == f"pysolver: error: {message}\n"
    assert "   1. " not in captured.out
