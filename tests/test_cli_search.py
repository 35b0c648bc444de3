"""``pysolver solve`` and ``pysolver count``, run in-process."""

from __future__ import annotations

import gc
import subprocess
import sys
from pathlib import Path

import pytest

from pysolver.cli import main
from tests.helpers import FIGURE_4_2, FIGURE_4_2_SOLUTION, FIGURE_4_9

#: r1c1 can only be 1, and column 1 already holds a 1.
NO_SOLUTION = ".23.4...1......."
#: A 4×4 puzzle with exactly two solutions (row 3 is 2143 or 2341).
TWO_SOLUTIONS = "123434122......."


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[str], list[str]]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out.splitlines(), err.splitlines()


def test_solve_prints_the_solution(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "solve", FIGURE_4_2) == (0, [FIGURE_4_2_SOLUTION], [])


def test_solve_all_prints_every_solution(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "solve", "--all", TWO_SOLUTIONS)
    assert code == 0 and err == []
    assert sorted(out) == ["1234341221434321", "1234341223414123"]


def test_solve_all_on_figure_4_9(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "solve", "--all", FIGURE_4_9)
    assert code == 0 and len(set(out)) == 127


def test_solve_reports_no_solution(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "solve", NO_SOLUTION) == (1, [], ["no solution"])


def test_solve_a_file_labels_each_puzzle(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "puzzles.txt"
    path.write_text(f"{FIGURE_4_2}\n{NO_SOLUTION}\n", encoding="utf-8")
    code, out, err = run(capsys, "solve", str(path))
    assert code == 1
    assert out == [f"puzzles.txt line 1: {FIGURE_4_2_SOLUTION}"]
    assert err == ["puzzles.txt line 2: no solution"]


def test_solve_letters_alphabet(capsys: pytest.CaptureFixture[str]) -> None:
    letters = FIGURE_4_2.translate(str.maketrans("123456789", "ABCDEFGHI"))
    expected = FIGURE_4_2_SOLUTION.translate(str.maketrans("123456789", "ABCDEFGHI"))
    assert run(capsys, "solve", "--alphabet", "letters", letters) == (0, [expected], [])


@pytest.mark.parametrize("argv, expected", [
    pytest.param(["count", FIGURE_4_9], "127", id="figure-4.9"),
    pytest.param(["count", FIGURE_4_2], "1", id="unique"),
    pytest.param(["count", NO_SOLUTION], "0", id="none"),
    pytest.param(["count", "--limit", "10", FIGURE_4_9], "10+", id="capped"),
    pytest.param(["count", "--limit", "127", FIGURE_4_9], "127+", id="cap-reached"),
    pytest.param(["count", "--limit", "0", "." * 16], "288", id="no-cap"),
])
def test_count(capsys: pytest.CaptureFixture[str], argv: list[str], expected: str) -> None:
    assert run(capsys, *argv) == (0, [expected], [])


def test_count_a_file_labels_each_puzzle(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "puzzles.txt"
    path.write_text(f"{FIGURE_4_9}\n\n{FIGURE_4_2}\n", encoding="utf-8")
    assert run(capsys, "count", str(path)) == (
        0, ["puzzles.txt line 1: 127", "puzzles.txt line 3: 1"], [])


@pytest.mark.parametrize("command", ["solve", "count"])
@pytest.mark.parametrize("puzzle, message", [
    pytest.param("12", "expected a puzzle of", id="too-short"),
    pytest.param("x" + FIGURE_4_2[1:], "unexpected character 'x' at position 1", id="bad-char"),
    pytest.param("1" + "." * 7 + "1" + "." * 72, "two 1s in row 1: r1c1 and r1c9",
                 id="repeated-digit"),
])
def test_bad_input_is_one_line_and_exit_2(
        capsys: pytest.CaptureFixture[str], command: str, puzzle: str, message: str) -> None:
    code, out, err = run(capsys, command, puzzle)
    assert code == 2 and out == []
    assert len(err) == 1 and message in err[0]


def test_count_rejects_a_negative_limit(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["count", "--limit", "-3", FIGURE_4_9])
    assert exit_info.value.code == 2
    assert "expected a whole number from 0 to" in capsys.readouterr().err


@pytest.mark.parametrize("argv", [
    pytest.param(["solve", FIGURE_4_2], id="plain"),
    pytest.param(["solve", "--all", TWO_SOLUTIONS], id="all-first"),
    pytest.param(["solve", TWO_SOLUTIONS, "--all", "--all"], id="all-twice"),
    pytest.param(["solve", "--alphabet=letters", "AB.." "CD.." "...." "...."], id="alphabet="),
    pytest.param(["solve", "--alphabet", "hex", "--alphabet", "digits", FIGURE_4_2],
                 id="alphabet-twice"),
    pytest.param(["solve", NO_SOLUTION], id="no-solution"),
    pytest.param(["solve", "x" + FIGURE_4_2[1:]], id="bad-character"),
])
def test_a_plain_solve_line_runs_as_argparse_reads_it(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        argv: list[str]) -> None:
    """``solve``'s reading without argparse gives what argparse's reading gives."""
    plain = run(capsys, *argv)
    monkeypatch.setattr("pysolver.cli.solve.plain_command", lambda argv: None)
    assert run(capsys, *argv) == plain


@pytest.mark.parametrize("argv, message", [
    pytest.param(["solve", "--al", FIGURE_4_2], "ambiguous option: --al", id="abbreviated"),
    pytest.param(["solve", "--alphabet", "greek", FIGURE_4_2], "invalid choice: 'greek'",
                 id="bad-alphabet"),
    pytest.param(["solve", FIGURE_4_2, FIGURE_4_2_SOLUTION], "unrecognized arguments", id="two-puzzles"),
    pytest.param(["solve"], "the following arguments are required: puzzle", id="no-puzzle"),
    pytest.param(["solve", "-x", FIGURE_4_2], "unrecognized arguments: -x", id="unknown-option"),
])
def test_any_other_solve_line_gets_argparse_messages(
        capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: pysolver") and message in err


def test_a_plain_solve_loads_none_of_the_slow_modules() -> None:
    """What keeps a short ``pysolver solve`` fast: the modules it does not import (``-S``: none
    that ``site`` or a ``.pth`` file of this machine loads either)."""
    script = ("import sys; from pysolver.cli import main; main(['solve', sys.argv[1]]); "
              "print(sorted({'argparse', 'dataclasses', 'inspect', 'typing', 're'}"
              " & set(sys.modules)))")
    done = subprocess.run([sys.executable, "-S", "-c", script, FIGURE_4_2], capture_output=True,
                          text=True, check=True, cwd=Path(__file__).resolve().parents[1])
    assert done.stdout.splitlines() == [FIGURE_4_2_SOLUTION, "[]"]


def test_only_the_program_freezes_what_is_loaded(capsys: pytest.CaptureFixture[str]) -> None:
    """``main()``, the program, leaves its loaded modules out of garbage collection
    (``gc.freeze``); ``main(argv)`` called from other code leaves that code's collector alone."""
    before = gc.get_freeze_count()
    assert run(capsys, "solve", FIGURE_4_2) == (0, [FIGURE_4_2_SOLUTION], [])
    assert gc.get_freeze_count() == before
    script = ("import gc, sys; from pysolver.cli import main; "
              "sys.argv[1:] = ['solve', sys.argv[1]]; main(); print(gc.get_freeze_count() > 0)")
    done = subprocess.run([sys.executable, "-c", script, FIGURE_4_2], capture_output=True,
                          text=True, check=True, cwd=Path(__file__).resolve().parents[1])
    assert done.stdout.splitlines() == [FIGURE_4_2_SOLUTION, "True"]


#: A HoDoKu position line: the givens have one solution, and the player's 9 in r1c2 (``+9``) is
#: not its digit there; the position has no solution.
WRONG_POSITION = ":0000:x:4+9....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......:::"
WRONG_REASON = "r1c2: 9 is not this cell's digit (the givens alone have one solution)"


def test_solve_names_a_wrong_placed_digit(capsys: pytest.CaptureFixture[str]) -> None:
    """Not just "no solution": the digit that makes it so, named as the page's hint names it."""
    assert run(capsys, "solve", WRONG_POSITION) == (1, [], [f"no solution: {WRONG_REASON}"])


def test_count_of_a_wrong_position_is_0_with_the_digit_named(capsys: pytest.CaptureFixture[str]) -> None:
    """The count of the position's completions is 0, and a note names the wrong digit."""
    assert run(capsys, "count", WRONG_POSITION) == (
        0, ["0"], [f"pysolver: note: no solution from this position: {WRONG_REASON}"])


def test_a_right_placed_digit_is_not_named(capsys: pytest.CaptureFixture[str]) -> None:
    """The same position with r1c2's right digit (+5... here: the solution's) has its solution."""
    code, solution, _ = run(capsys, "solve", WRONG_POSITION.replace("4+9", "4.", 1))
    right = WRONG_POSITION.replace("4+9", f"4+{solution[0][1]}", 1)
    assert run(capsys, "solve", right) == (0, solution, [])
    assert run(capsys, "count", right) == (0, ["1"], [])
