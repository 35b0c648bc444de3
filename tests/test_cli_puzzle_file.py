"""A file of puzzles is read block by block: pictures among one-line puzzles, bands set apart by
blank lines, Simple Sudoku's bordered pictures back to back, HoDoKu's lines before a grid, and
Project Euler's ``Grid 01`` headers, each puzzle once, and a picture cut short said to be so."""

from __future__ import annotations

from pathlib import Path

import pytest

from pysolver.cli import main
from pysolver.cli.puzzle_file import split_puzzles
from pysolver.grid import Grid
from tests.helpers import FIGURE_4_2_SOLUTION

ROOT = Path(__file__).resolve().parents[1]
TOP3 = (ROOT / "tests/data/norvig_top95.txt").read_text().splitlines()[:3]
EULER = ROOT / "tests/data/layouts/project_euler_p096_first3.txt"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def rows(line: str) -> list[str]:
    return [line[i:i + 9] for i in range(0, 81, 9)]


def explainer(line: str) -> list[str]:
    """Simple Sudoku's and Sudoku Explainer's picture: ``*-----------*`` borders."""
    drawn = ["*-----------*"]
    for k, row in enumerate(rows(line)):
        if k in (3, 6):
            drawn.append("|---+---+---|")
        drawn.append(f"|{row[:3]}|{row[3:6]}|{row[6:]}|")
    return [*drawn, "*-----------*"]


def count_labels(capsys: pytest.CaptureFixture[str], path: Path, text: str) -> list[str]:
    """The labels ``count`` prints for the file, each puzzle's count checked to be 1."""
    path.write_text(text)
    code, out, err = run(capsys, "count", str(path))
    assert (code, err) == (0, ""), err
    assert all(line.endswith(": 1") for line in out.splitlines()), out
    return [line.rsplit(": ", 1)[0] for line in out.splitlines()]


@pytest.mark.parametrize("drawing", ["ruled", "plain"])
def test_a_picture_among_one_line_puzzles_is_one_puzzle(capsys: pytest.CaptureFixture[str],
                                                        tmp_path: Path, drawing: str) -> None:
    picture = Grid.parse(TOP3[1]).picture().splitlines() if drawing == "ruled" else rows(TOP3[1])
    last = 1 + len(picture)
    text = "\n".join([TOP3[0], *picture, TOP3[2]]) + "\n"
    assert count_labels(capsys, tmp_path / "m.txt", text) == [
        "m.txt line 1", f"m.txt lines 2-{last}", f"m.txt line {last + 1}"]


def test_pictures_whose_bands_are_set_apart_by_blank_lines(capsys: pytest.CaptureFixture[str],
                                                           tmp_path: Path) -> None:
    """3 lines, blank, 3 lines, blank, 3 lines: one grid, complete at its ninth row, so the blank
    line after it starts the next."""
    def banded(line: str) -> str:
        r = rows(line)
        return "\n\n".join("\n".join(r[i:i + 3]) for i in range(0, 9, 3))
    text = "\n\n".join(banded(line) for line in TOP3) + "\n"
    assert count_labels(capsys, tmp_path / "b.txt", text) == [
        "b.txt lines 1-11", "b.txt lines 13-23", "b.txt lines 25-35"]


def test_a_file_ending_in_the_middle_of_a_picture_says_so(capsys: pytest.CaptureFixture[str],
                                                          tmp_path: Path) -> None:
    path = tmp_path / "cut.txt"
    path.write_text("\n".join([TOP3[0], *rows(TOP3[1])[:3], "", *rows(TOP3[1])[3:5]]) + "\n")
    code, out, err = run(capsys, "count", str(path))
    assert (code, out) == (2, "cut.txt line 1: 1\n")
    assert err == ("pysolver: error: cut.txt lines 2-7: the input ends at line 7 in the middle of "
                   "a 9×9 picture: 5 of its 9 rows read (lines 2-7)\n")


def test_a_picture_cut_short_by_a_puzzle_line_says_which_line(capsys: pytest.CaptureFixture[str],
                                                              tmp_path: Path) -> None:
    path = tmp_path / "cut.txt"
    path.write_text("\n".join([*rows(TOP3[1])[:4], TOP3[0]]) + "\n")
    code, out, err = run(capsys, "check", str(path))
    assert code == 2 and err == ""
    assert out.splitlines() == [
        "cut.txt lines 1-4: invalid: a 9×9 picture stops after 4 of its 9 rows (lines 1-4): "
        "line 5 is a puzzle of its own",
        "cut.txt line 5: valid: 9×9, 17 clues, one solution"]


def test_bordered_pictures_back_to_back(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    text = "\n".join(line for puzzle in TOP3 for line in explainer(puzzle)) + "\n"
    assert count_labels(capsys, tmp_path / "se.txt", text) == [
        "se.txt lines 1-13", "se.txt lines 14-26", "se.txt lines 27-39"]


def test_a_hodoku_library_line_right_before_a_grid_keeps_the_grid(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    library = f":0100:1:{TOP3[0]}:::"
    text = "\n".join([library, *Grid.parse(TOP3[1]).picture().splitlines(), library]) + "\n"
    assert count_labels(capsys, tmp_path / "h.txt", text) == [
        "h.txt line 1", "h.txt lines 2-12", "h.txt line 13"]


def test_a_hodoku_step_text_right_before_a_grid_keeps_the_grid(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """HoDoKu's copy of a step: its pencil-mark grid, then the step's text; the next grid comes
    straight after it, without a blank line."""
    assert main(["export", TOP3[0]]) == 0
    grid = capsys.readouterr().out
    path = tmp_path / "steps.txt"
    path.write_text(grid + "Hidden Single: r6c2=4\n" + grid + "Naked Single: r1c1=4\n")
    code, out, err = run(capsys, "export", str(path), "--format", "line")
    assert (code, err) == (0, "")
    assert out.splitlines() == [TOP3[0]] * 2


def test_project_euler_96_headers_label_their_grids(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "rate", str(EULER))
    assert (code, err) == (0, "")
    assert [line.split(":")[0] for line in out.splitlines()] == [
        f"project_euler_p096_first3.txt Grid 0{k}" for k in (1, 2, 3)]


def test_a_header_without_its_grid_is_reported(capsys: pytest.CaptureFixture[str],
                                               tmp_path: Path) -> None:
    path = tmp_path / "e.txt"
    path.write_text(EULER.read_text() + "Grid 04\n")
    code, out, err = run(capsys, "count", str(path))
    assert (code, len(out.splitlines())) == (2, 3)
    assert err == ("pysolver: error: e.txt Grid 04: line 31 names a puzzle ('Grid 04'), but no "
                   "puzzle follows it\n")


@pytest.mark.parametrize("blank_row", [0, 4, 8])
def test_a_letters_row_ending_in_a_blank_box_is_a_row_not_a_header(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, blank_row: int) -> None:
    """Written in letters, a row such as ``IAG FBE 000`` is words then a number, as ``Grid 01``
    is: read as a row, wherever it stands in the picture, while ``Grid 01`` stays a header."""
    solution = Grid.parse(FIGURE_4_2_SOLUTION).line("letters")
    drawn = [" ".join(row[i:i + 3] for i in (0, 3, 6)) for row in rows(solution)]
    drawn[blank_row] = drawn[blank_row][:8] + "000"
    path = tmp_path / "letters.txt"
    path.write_text("\n".join(["Grid 01", *drawn, "Grid 02", *drawn]) + "\n")
    code, out, err = run(capsys, "solve", "--alphabet", "letters", str(path))
    assert (code, err) == (0, "")
    assert out == f"letters.txt Grid 01: {solution}\nletters.txt Grid 02: {solution}\n"


@pytest.mark.parametrize("argv, out", [(["count"], "1\n"),
                                       (["export", "--format", "line"], "AB..CDABBADCDCBA\n")])
def test_a_four_by_four_letters_picture_whose_first_row_ends_blank(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str], out: str) -> None:
    """The commands that read a grid (``count``) and a position (``export``) split files alike."""
    path = tmp_path / "let4.txt"
    path.write_text("AB 00\nCD AB\nBA DC\nDC BA\n")
    assert run(capsys, *argv, "--alphabet", "letters", str(path)) == (0, out, "")


def test_sixteen_four_by_four_lines_are_not_a_picture() -> None:
    lines = ["1234341221434321"] * 15 + ["." * 16]
    assert len(split_puzzles("\n".join(lines), "f")) == 16


def test_a_title_line_before_a_picture_is_reported_and_the_picture_read(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "t.txt"
    path.write_text("Puzzle from the Times\n" + Grid.parse(TOP3[0]).picture() + "\n")
    code, out, err = run(capsys, "count", str(path))
    assert (code, out) == (2, "t.txt lines 2-12: 1\n")
    assert err.startswith("pysolver: error: t.txt line 1: ")


def test_explainer_pencil_mark_grids_back_to_back(capsys: pytest.CaptureFixture[str],
                                                  tmp_path: Path) -> None:
    assert main(["export", TOP3[0]]) == 0
    lines = capsys.readouterr().out.splitlines()
    starred = [f"*{lines[0][1:-1]}*", *lines[1:-1], f"*{lines[-1][1:-1]}*"]
    height = len(starred)
    assert count_labels(capsys, tmp_path / "pm.txt", "\n".join(starred * 2) + "\n") == [
        f"pm.txt lines 1-{height}", f"pm.txt lines {height + 1}-{2 * height}"]


@pytest.mark.parametrize("drawing", ["plain", "bordered"])
def test_a_pencil_mark_grid_right_after_a_picture_is_its_own_puzzle(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, drawing: str) -> None:
    """A picture without a top border takes no closing rule, so the grid's top rule after it
    starts the grid; a bordered one takes its own bottom border only."""
    assert main(["export", TOP3[1]]) == 0
    grid = capsys.readouterr().out.splitlines()
    picture = rows(TOP3[0]) if drawing == "plain" else explainer(TOP3[0])
    text = "\n".join([*picture, *grid]) + "\n"
    assert count_labels(capsys, tmp_path / "pg.txt", text) == [
        f"pg.txt lines 1-{len(picture)}", f"pg.txt lines {len(picture) + 1}-{len(picture) + len(grid)}"]
