"""``pysolver solve`` and ``pysolver count``, run in-process."""

from __future__ import annotations

from pathlib import Path

import pytest

from pysolver.cli import main

FIGURE_4_2 = ".1..2.34.4..1..5....67.8....214..75.57..1..89.39..641....9.78....5..1..7.98.3..6."
FIGURE_4_7 = "917625348482193576356748291621489753574312689839576412163957824245861937798234165"
FIGURE_4_9 = ".51..9483.9...8.6..6..1.7.26.5..12.....2.4.....27....5.....2.7..2.1...5.4785...2."
#: r1c1 can only be 1, and column 1 already holds a 1.
NO_SOLUTION = ".23.4...1......."
#: A 4×4 puzzle with exactly two solutions (row 3 is 2143 or 2341).
TWO_SOLUTIONS = "123434122......."


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[str], list[str]]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out.splitlines(), err.splitlines()


def test_solve_prints_the_solution(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "solve", FIGURE_4_2) == (0, [FIGURE_4_7], [])


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
    assert out == [f"puzzles.txt line 1: {FIGURE_4_7}"]
    assert err == ["puzzles.txt line 2: no solution"]


def test_solve_letters_alphabet(capsys: pytest.CaptureFixture[str]) -> None:
    letters = FIGURE_4_2.translate(str.maketrans("123456789", "ABCDEFGHI"))
    expected = FIGURE_4_7.translate(str.maketrans("123456789", "ABCDEFGHI"))
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
