"""``pysolver export`` and ``pysolver steps`` on the text forms of ``pysolver.formats``: each form
written, a position after some steps, the path as ``steps`` prints it, files of candidate strings,
and bad input."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Iterator

import pytest

from pysolver import formats
from pysolver.cli import main
from pysolver.formats.marks import cell_marks
from pysolver.grid import Grid
from pysolver.session import Session
from pysolver.step import Step
from tests.helpers import FIGURE_4_2, FIGURE_4_2_SOLUTION

NAMES = [*formats.FORMAT_NAMES, "path"]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(list(argv)) == 0
    out: str = capsys.readouterr().out
    return out


def position_after(count: int) -> Session:
    session = Session(Grid.parse(FIGURE_4_2))
    session.solve()
    session.goto(count)
    return session


@pytest.mark.parametrize("name", formats.FORMAT_NAMES)
def test_export_writes_each_form(capsys: pytest.CaptureFixture[str], name: str) -> None:
    out = run(capsys, "export", FIGURE_4_2, "--format", name)
    board = Session(Grid.parse(FIGURE_4_2)).board
    assert out == formats.write(board, name) + "\n"


@pytest.mark.parametrize("name", formats.FORMAT_NAMES)
def test_export_after_steps_is_the_position_reached(capsys: pytest.CaptureFixture[str],
                                                     name: str) -> None:
    out = run(capsys, "export", FIGURE_4_2, "--format", name, "--after", "12")
    assert out == formats.write(position_after(12).board, name) + "\n"


def test_export_path_is_what_steps_prints(capsys: pytest.CaptureFixture[str]) -> None:
    steps = run(capsys, "steps", FIGURE_4_2).splitlines()
    path = run(capsys, "export", FIGURE_4_2, "--format", "path").splitlines()
    assert path == steps[:len(path)] and path[-1].startswith("solved: Solved in 46 steps")


#: A position line whose placed 6 in r1c2 is wrong (the givens' solution has 1 there).
WRONG_PLACED = ":0000:x:4+6....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......:::"


def test_export_path_from_a_wrong_placed_digit_is_what_steps_says(capsys: pytest.CaptureFixture[str]) -> None:
    """No step built on the wrong digit, in either: the path ended in a contradiction in box 7."""
    steps = run(capsys, "steps", WRONG_PLACED).splitlines()
    path = run(capsys, "export", WRONG_PLACED, "--format", "path").splitlines()
    assert path == steps[:1] == ["wrong: r1c2: 6 is not this cell's digit: erase it (or Undo) before "
                                 "going on, or the next steps would build on it."]


def test_steps_from_an_exported_position_continue_the_log(capsys: pytest.CaptureFixture[str]) -> None:
    """From the position line the log goes on where the whole log was, with the candidates the
    player had removed."""
    whole = run(capsys, "steps", FIGURE_4_2).splitlines()
    text = run(capsys, "export", FIGURE_4_2, "--format", "position", "--after", "30").strip()
    later = run(capsys, "steps", text).splitlines()
    reasons = [line.split(". ", 1)[1] for line in later if line[:4].strip().isdigit()]
    assert reasons == [line.split(". ", 1)[1] for line in whole[30:46]]


def test_steps_from_pencil_marks_start_from_their_candidates(
        capsys: pytest.CaptureFixture[str]) -> None:
    """A pencil-mark grid's cells keep exactly the candidates it lists: the log from it is the log
    from the same position written as a position line (its lone digits read as placed)."""
    text = run(capsys, "export", FIGURE_4_2, "--format", "pencilmarks", "--after", "30")
    board = formats.parse(text).board
    assert cell_marks(board) == cell_marks(position_after(30).board)
    from_marks = run(capsys, "steps", text)
    assert from_marks == run(capsys, "steps", formats.write(board, "position"))


def test_export_path_after_steps_is_the_rest(capsys: pytest.CaptureFixture[str]) -> None:
    rest = run(capsys, "export", FIGURE_4_2, "--format", "path", "--after", "40").splitlines()
    assert len(rest) == 6 + 1 and rest[-1] == "solved: Solved in 6 steps."


def test_steps_reads_a_pencil_mark_grid_from_stdin(capsys: pytest.CaptureFixture[str],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    board = position_after(30).board
    monkeypatch.setattr("sys.stdin", io.StringIO(formats.write(board, "pencilmarks") + "\n"))
    out = run(capsys, "steps", "-", "--json", "--no-guess")
    assert '"status":"solved"' in out.splitlines()[-1]


def test_a_file_of_candidate_strings_is_one_puzzle_a_line(capsys: pytest.CaptureFixture[str],
                                                          tmp_path: Path) -> None:
    boards = [position_after(k).board for k in (0, 10, 20)]
    source = tmp_path / "marks.txt"
    source.write_text("".join(formats.write(b, "candidates") + "\n" for b in boards))
    out = run(capsys, "export", str(source), "--format", "position").splitlines()
    assert len(out) == 3
    assert [cell_marks(formats.parse(line).board) for line in out] == [cell_marks(b) for b in boards]


def test_several_multi_line_outputs_are_labelled_and_separated_by_a_blank_line(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Each picture under its label, as a ``#`` comment line so that the output reads back."""
    source = tmp_path / "two.txt"
    source.write_text(FIGURE_4_2 + "\n" + FIGURE_4_2 + "\n")
    out = run(capsys, "export", str(source), "--format", "picture")
    picture = Grid.parse(FIGURE_4_2).picture()
    assert out == f"# two.txt line 1\n{picture}\n\n# two.txt line 2\n{picture}\n"
    source.write_text(out)
    assert run(capsys, "export", str(source), "--format", "line") == f"{FIGURE_4_2}\n" * 2


@pytest.mark.parametrize("name", ["pencilmarks", "path"])
def test_every_multi_line_form_is_labelled(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                           name: str) -> None:
    source = tmp_path / "two.txt"
    source.write_text(FIGURE_4_2 + "\n" + FIGURE_4_2 + "\n")
    lines = run(capsys, "export", str(source), "--format", name).splitlines()
    assert lines[0] == "# two.txt line 1" and "# two.txt line 2" in lines


@pytest.mark.parametrize("name", ["line", "candidates", "position", "sudokuwiki"])
def test_one_line_forms_stay_one_line_a_puzzle_without_labels(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str) -> None:
    source = tmp_path / "two.txt"
    source.write_text(FIGURE_4_2 + "\n" + FIGURE_4_2 + "\n")
    lines = run(capsys, "export", str(source), "--format", name).splitlines()
    assert len(lines) == 2 and lines[0] == lines[1] and "two.txt" not in lines[0]


def test_export_after_the_end_of_the_path(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["export", FIGURE_4_2, "--after", "47"]) == 2
    assert capsys.readouterr().err.strip() == (
        "pysolver: error: --after 47: the solution path has only 46 steps")


@pytest.mark.parametrize("after", ["-1", "١٠", "1e3"])
def test_export_after_is_a_whole_number(capsys: pytest.CaptureFixture[str], after: str) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["export", FIGURE_4_2, "--after", after])
    assert exit_.value.code == 2
    assert f"argument --after: expected a whole number from 0 to 1,000,000 in the digits 0-9, " \
           f"not {after!r}" in capsys.readouterr().err


def test_export_bad_input_names_the_spot(capsys: pytest.CaptureFixture[str]) -> None:
    text = formats.write(position_after(5).board, "pencilmarks").replace("29 ", "2x ", 1)
    assert main(["export", text, "--format", "line"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("pysolver: error: unexpected character 'x' at line ") and "(r" in err
    assert "Traceback" not in err


def test_export_unknown_format_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["export", FIGURE_4_2, "--format", "pm"])
    assert exit_.value.code == 2
    assert "invalid choice: 'pm'" in capsys.readouterr().err


def test_sudokuwiki_string_is_refused_for_other_sizes(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["export", "." * 256, "--format", "sudokuwiki"]) == 2
    assert capsys.readouterr().err.strip() == (
        "pysolver: error: SudokuWiki's board string is for 9×9 grids, not 16×16")


def test_a_bad_puzzle_in_a_file_is_reported_and_the_rest_is_exported(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = "1" + FIGURE_4_2[1:]  # two 1s in row 1
    path = tmp_path / "mixed.txt"
    path.write_text(f"{FIGURE_4_2}\n{bad}\n{FIGURE_4_2}\n", encoding="utf-8")
    assert main(["export", str(path), "--format", "line"]) == 2
    out, err = capsys.readouterr()
    assert out == FIGURE_4_2 + "\n" + FIGURE_4_2 + "\n"
    assert err.startswith("pysolver: error: mixed.txt line 2: two 1s in row 1")
    assert err.count("\n") == 1


def test_after_takes_only_the_steps_asked_for(capsys: pytest.CaptureFixture[str],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """``--after 2`` draws two steps of the path, not the whole path first (on a 25×25 grid the
    whole path took minutes before the first position was written)."""
    drawn: list[object] = []
    steps_to_end = Session.steps_to_end

    def counted(self: Session, guess: bool = True) -> Iterator[Step]:
        for step in steps_to_end(self, guess):
            drawn.append(step)
            yield step

    monkeypatch.setattr(Session, "steps_to_end", counted)
    out = run(capsys, "export", FIGURE_4_2, "--after", "2", "--format", "position")
    assert len(drawn) == 2
    assert out == formats.write(position_after(2).board, "position") + "\n"


def test_a_path_shorter_than_after_is_reported_and_the_rest_exported(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """As a bad puzzle of a file is: its label and why on stderr, the others written, exit 2."""
    nearly = "." + FIGURE_4_2_SOLUTION[1:]
    path = tmp_path / "after.txt"
    path.write_text(f"{FIGURE_4_2}\n{nearly}\n{FIGURE_4_2}\n")
    assert main(["export", str(path), "--after", "2", "--format", "line"]) == 2
    out, err = capsys.readouterr()
    assert len(out.splitlines()) == 2
    assert err == ("pysolver: error: after.txt line 2: --after 2: the solution path has only 1 "
                   "step\n")
