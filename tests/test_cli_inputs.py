"""Whatever the CLI is given, it answers in one line without a traceback, with the right exit status.

Exit status: 0 done, 1 no solution (or a failed write), 2 a usage error (bad option, not a puzzle,
unreadable input), 130 interrupted.
"""

from __future__ import annotations

import codecs
import errno
import io
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from pysolver.cli import inputs, main
from pysolver.grid import Grid
from tests.helpers import FIGURE_4_2, FIGURE_4_2_SOLUTION

ROOT = Path(__file__).resolve().parents[1]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def refused(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """The one line of a usage error (exit 2) that printed nothing on stdout."""
    code, out, err = run(capsys, *argv)
    assert (code, out) == (2, "") and err.count("\n") == 1, (code, out, err)
    return err.rstrip("\n")


def stdin_of(monkeypatch: pytest.MonkeyPatch, data: bytes | None) -> None:
    stream = None if data is None else io.TextIOWrapper(io.BytesIO(data), encoding="utf-8")
    monkeypatch.setattr(sys, "stdin", stream)


def test_closed_stdin(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    stdin_of(monkeypatch, None)
    assert refused(capsys, "solve", "-") == (
        "pysolver: error: standard input is closed: give a puzzle or a file name instead of -")


def test_closed_stdin_descriptor_in_a_real_process() -> None:
    result = subprocess.run([sys.executable, "-m", "pysolver", "count", "-"], cwd=ROOT,
                            capture_output=True, text=True, check=False,
                            preexec_fn=lambda: os.close(0))
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert result.stderr == ("pysolver: error: standard input is closed: give a puzzle or a file "
                             "name instead of -\n")


def test_unreadable_file(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                         tmp_path: Path) -> None:
    path = tmp_path / "locked.txt"
    path.write_text(FIGURE_4_2)

    def denied(*args: Any, **kwargs: Any) -> Any:
        raise PermissionError(errno.EACCES, "Permission denied", str(path))

    monkeypatch.setattr(inputs, "open", denied, raising=False)
    assert refused(capsys, "solve", str(path)) == (
        f"pysolver: error: cannot read {str(path)!r}: Permission denied")


def test_an_argument_longer_than_a_file_name_can_be(capsys: pytest.CaptureFixture[str]) -> None:
    assert refused(capsys, "solve", "1" * 300).endswith("cells, found 300")
    assert refused(capsys, "solve", "x" * 300 + ".txt") == f"pysolver: error: no such file: '{'x' * 300}.txt'"
    assert refused(capsys, "solve", "/x" * 200).startswith("pysolver: error: no such file: '/x/x")


@pytest.mark.parametrize("name", ["puzzles.txt", "missing/puzzles", "nested/sixteen.txt", "puzzles", "top95"])
def test_a_missing_file_is_not_read_as_a_puzzle(capsys: pytest.CaptureFixture[str],
                                                tmp_path: Path, name: str) -> None:
    path = str(tmp_path / name) if "/" in name else name
    assert refused(capsys, "count", path) == f"pysolver: error: no such file: {path!r}"


def test_a_sixteen_character_path_is_still_a_file_name(capsys: pytest.CaptureFixture[str]) -> None:
    """'/tmp/missing.txt' has 16 characters, as many as a 4×4 puzzle's cells."""
    assert refused(capsys, "solve", "/tmp/missing.txt") == "pysolver: error: no such file: '/tmp/missing.txt'"


def test_a_mistyped_puzzle_ending_like_a_file_name_names_its_character(
        capsys: pytest.CaptureFixture[str]) -> None:
    """82 characters ending in '.x' are a puzzle with one character too many, not a file."""
    assert refused(capsys, "solve", FIGURE_4_2 + "x") == (
        "pysolver: error: unexpected character 'x' at position 82")


def test_a_candidate_string_ending_like_a_file_name_is_read(
        capsys: pytest.CaptureFixture[str]) -> None:
    """A 16×16 candidate string (4096 characters) whose last cell holds only G ends in '.G' (its
    peers list G too, so the G is a candidate, and a note says so)."""
    every = "123456789ABCDEFG"
    candidates = every * 255 + "." * 15 + "G"
    code, out, err = run(capsys, "export", candidates, "--format", "candidates")
    assert code == 0 and out.rstrip("\n").endswith(".G")
    assert err.startswith("pysolver: note: r16c16's lone G was read as a candidate, not a given")


def test_one_short_line_is_reported_on_its_own(capsys: pytest.CaptureFixture[str],
                                               tmp_path: Path) -> None:
    path = tmp_path / "short.txt"
    path.write_text(f"{FIGURE_4_2}\n{FIGURE_4_2[1:]}\n{FIGURE_4_2}\n")
    code, out, err = run(capsys, "check", str(path))
    valid = "valid: 9×9, 35 clues, one solution"
    assert (code, err) == (2, "")
    assert out.splitlines() == [f"short.txt line 1: {valid}",
                                "short.txt line 2: invalid: expected a puzzle of 16 (4×4), 36 (6×6), "
                                "81 (9×9), 144 (12×12), 256 (16×16) or 625 (25×25) cells, found 80",
                                f"short.txt line 3: {valid}"]
    path.write_text(f"{FIGURE_4_2}\n{FIGURE_4_2[:40]}\n")  # half the lines, but too long for a row
    assert run(capsys, "count", str(path))[2].startswith("pysolver: error: short.txt line 2: expected")


def test_a_short_line_after_a_whole_puzzle_is_reported_on_its_own(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """No picture has a row of 81 cells, so the file is two lines, not one 93-cell picture."""
    path = tmp_path / "two.txt"
    path.write_text(f"{FIGURE_4_2}\n{FIGURE_4_2[:12]}\n")
    code, out, err = run(capsys, "check", str(path))
    assert (code, err) == (2, "")
    assert out.splitlines()[0] == "two.txt line 1: valid: 9×9, 35 clues, one solution"
    assert out.splitlines()[1].startswith("two.txt line 2: invalid: expected a puzzle of")
    assert out.splitlines()[1].endswith("cells, found 12")


def test_a_sixteen_by_sixteen_picture_without_rule_lines_is_one_puzzle(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Sixteen rows of sixteen cells: each row alone has a 4×4 puzzle's cell count."""
    code, line, _ = run(capsys, "generate", "--size", "16", "--level", "easy", "--seed", "3")
    line = line.strip()
    assert code == 0 and len(line) == 256
    path = tmp_path / "picture16.txt"
    path.write_text("\n".join(line[i:i + 16] for i in range(0, 256, 16)) + "\n")
    code, out, err = run(capsys, "solve", str(path))
    assert (code, err) == (0, "") and len(out.strip()) == 256
    path.write_text("\n".join(["1234341221434321"] * 15 + ["." * 16]) + "\n")  # sixteen 4×4 lines
    assert run(capsys, "count", str(path))[1].splitlines()[-1] == "picture16.txt line 16: 288"


def test_a_picture_with_a_short_row_is_still_one_picture(capsys: pytest.CaptureFixture[str],
                                                         tmp_path: Path) -> None:
    rows = [FIGURE_4_2[i:i + 9] for i in range(0, 81, 9)]
    rows[4] = rows[4][1:]
    path = tmp_path / "picture.txt"
    path.write_text("\n".join(rows) + "\n")
    assert refused(capsys, "solve", str(path)) == (
        "pysolver: error: line 5 has 8 cells: every row of a 9×9 picture has 9")


def test_an_empty_file_or_stdin_says_so(capsys: pytest.CaptureFixture[str],
                                        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    path = tmp_path / "empty.txt"
    path.write_text("\n  \n", encoding="utf-8")
    assert refused(capsys, "solve", str(path)) == (
        f"pysolver: error: {str(path)!r} is empty: no puzzle to read")
    stdin_of(monkeypatch, b"")
    assert refused(capsys, "check", "-") == "pysolver: error: standard input is empty: no puzzle to read"


def test_a_directory(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert refused(capsys, "rate", str(tmp_path)) == (
        f"pysolver: error: is a directory: {str(tmp_path)!r} (give a file of puzzles, or a puzzle)")


def test_a_byte_order_mark_is_accepted(capsys: pytest.CaptureFixture[str],
                                       monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    path = tmp_path / "bom.txt"
    path.write_bytes(codecs.BOM_UTF8 + f"{FIGURE_4_2}\r\n".encode())
    assert run(capsys, "solve", str(path)) == (0, FIGURE_4_2_SOLUTION + "\n", "")
    stdin_of(monkeypatch, codecs.BOM_UTF8 + FIGURE_4_2.encode())
    assert run(capsys, "solve", "-") == (0, FIGURE_4_2_SOLUTION + "\n", "")


def test_bytes_that_are_not_utf8_are_named(capsys: pytest.CaptureFixture[str],
                                           monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    path = tmp_path / "latin1.txt"
    path.write_bytes(FIGURE_4_2.encode() + b"\n..\xe9..\n")
    assert refused(capsys, "check", str(path)) == (
        "pysolver: error: latin1.txt: byte 0xe9 at line 2, column 3 is not UTF-8 text "
        "(save the file as UTF-8)")
    stdin_of(monkeypatch, b"\xff\xfe1\x00")
    assert refused(capsys, "steps", "-") == (
        "pysolver: error: stdin: byte 0xff at line 1, column 1 is not UTF-8 text "
        "(save the file as UTF-8)")


@pytest.mark.parametrize(("argv", "message"), [
    (["count", "--limit", "1" + "0" * 30, FIGURE_4_2],
     "argument --limit: expected a whole number from 0 to 1,000,000,000,000,000,000 (0 for no "
     "limit), not '1" + "0" * 30 + "'"),
    (["count", "--limit", "١٠", FIGURE_4_2], "not '١٠'"),
    (["count", "--limit", "1_0", FIGURE_4_2], "not '1_0'"),
    (["count", "--limit", " 10", FIGURE_4_2], "not ' 10'"),
    (["generate", "--size", "١٦"], "argument --size: expected 4, 6, 9, 12 or 16, not '١٦'"),
    (["generate", "--size", "5"], "argument --size: expected 4, 6, 9, 12 or 16, not '5'"),
    (["generate", "--size", "25"], "argument --size: expected 4, 6, 9, 12 or 16, not '25': the generator takes"),
    (["generate", "--count", "0"], "argument --count: expected a whole number from 1 to"),
    (["generate", "--seed", "-1"], "argument --seed: expected a whole number from 0 to"),
    (["generate", "--seed", "٣"], "argument --seed"),
], ids=["huge-limit", "arabic-indic-limit", "underscore-limit", "padded-limit", "arabic-size",
        "size-5", "size-25", "count-0", "negative-seed", "arabic-seed"])
def test_options_are_ascii_whole_numbers_in_range(capsys: pytest.CaptureFixture[str],
                                                  argv: list[str], message: str) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_dotless_i_is_not_a_digit(capsys: pytest.CaptureFixture[str]) -> None:
    assert refused(capsys, "solve", "ı" + FIGURE_4_2[1:]).startswith(
        "pysolver: error: unexpected character 'ı' at position 1 (r1c1)")


class Endless(io.RawIOBase):
    """A stream of zero bytes that never ends, as ``/dev/zero`` is."""

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        buffer[:] = bytes(len(buffer))
        return len(buffer)


def test_an_endless_input_is_refused_at_the_size_limit(capsys: pytest.CaptureFixture[str],
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """``/dev/zero`` as a file or as stdin was read whole into memory (24 GB before the kernel
    stopped it, Ctrl-C unheard): read in pieces, it is refused at the limit (made 4 MB here)."""
    monkeypatch.setattr(inputs, "MAX_INPUT_BYTES", 4 * 1024 * 1024)
    assert refused(capsys, "solve", "/dev/zero") == (
        "pysolver: error: '/dev/zero' holds more than 4 MB: no file of puzzles is that large "
        "(is it a device or an endless stream?)")
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BufferedReader(Endless()), encoding="utf-8"))
    assert refused(capsys, "count", "-") == (
        "pysolver: error: standard input holds more than 4 MB: no file of puzzles is that large "
        "(is it a device or an endless stream?)")


def test_a_ten_megabyte_line_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "huge.txt"
    path.write_text("1" * 10_000_000 + "\n")
    assert "cells, found 10,000,000" in refused(capsys, "solve", str(path))


class FullDisk(io.StringIO):
    def write(self, text: str) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")


def test_a_failed_write_is_one_line_and_exit_1(capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdout", FullDisk())
    assert main(["solve", FIGURE_4_2]) == 1
    assert capsys.readouterr().err == (
        "pysolver: error: cannot write the output: No space left on device\n")


@pytest.mark.parametrize("argv", [["solve", FIGURE_4_2], ["steps", FIGURE_4_2],
                                  ["generate", "--size", "4"], ["techniques"]])
def test_a_closed_stdout_is_one_line_and_exit_1(argv: list[str]) -> None:
    """Started with descriptor 1 closed (``>&-``): ``sys.stdout`` is None, for every command."""
    result = subprocess.run([sys.executable, "-m", "pysolver", *argv], cwd=ROOT,
                            capture_output=True, text=True, check=False,
                            preexec_fn=lambda: os.close(1))
    assert (result.returncode, result.stderr) == (
        1, "pysolver: error: cannot write the output: standard output is closed\n")


def test_an_unexpected_error_is_one_line(capsys: pytest.CaptureFixture[str],
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("something broke")

    monkeypatch.setattr("pysolver.cli.solve.iter_solution_lines", broken)
    monkeypatch.delenv("PYSOLVER_DEBUG", raising=False)
    code, out, err = run(capsys, "solve", FIGURE_4_2)
    assert code == 1 and err == (
        "pysolver: internal error: RuntimeError: something broke (set PYSOLVER_DEBUG=1 for the "
        "traceback, and please report it)\n")


def test_a_reader_that_leaves_early_gets_no_traceback() -> None:
    """``pysolver solve --all <empty grid> | head -1``: a broken pipe ends the command quietly."""
    process = subprocess.Popen([sys.executable, "-m", "pysolver", "solve", "--all", "." * 81],
                               cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout is not None and process.stderr is not None
    first = process.stdout.readline()
    process.stdout.close()
    err = process.stderr.read()
    assert process.wait(timeout=60) == 0
    assert len(first) == 82 and err == b""


TOP3 = (ROOT / "tests/data/norvig_top95.txt").read_text().splitlines()[:3]


@pytest.mark.parametrize("form", ["pencilmarks", "picture"])
def test_several_grids_are_read_each_on_its_own(capsys: pytest.CaptureFixture[str],
                                                tmp_path: Path, form: str) -> None:
    """``export`` writes several grids, each under its label as a comment line, a blank line
    between them: read back, they are three puzzles, labelled by their lines, not the first alone."""
    source = tmp_path / "three.txt"
    source.write_text("\n".join(TOP3) + "\n")
    assert main(["export", str(source), "--format", form]) == 0
    grids = tmp_path / "grids.txt"
    grids.write_text(capsys.readouterr().out)
    assert run(capsys, "export", str(grids), "--format", "line") == (0, "\n".join(TOP3) + "\n", "")
    code, out, err = run(capsys, "count", str(grids))
    height = 13 if form == "pencilmarks" else 11
    assert (code, err) == (0, "")
    assert out.splitlines() == [f"grids.txt lines {2 + k * (height + 2)}-{1 + height + k * (height + 2)}"
                                ": 1" for k in range(3)]


def test_hodoku_text_after_a_grid_stays_with_it(capsys: pytest.CaptureFixture[str],
                                                tmp_path: Path) -> None:
    assert main(["export", TOP3[0]]) == 0
    grid = capsys.readouterr().out
    path = tmp_path / "step.txt"
    path.write_text(grid + "Hidden Single: r6c2=4\n\n" + grid)
    code, out, _ = run(capsys, "export", str(path), "--format", "line")
    assert (code, out) == (0, TOP3[0] + "\n" + TOP3[0] + "\n")


BAD_FOURTH = [*TOP3, "garbage", *(ROOT / "tests/data/norvig_top95.txt").read_text().splitlines()[3:5]]


@pytest.mark.parametrize("argv", [["solve"], ["count"], ["gtsps", "--count"], ["steps", "--json"],
                                  ["export", "--format", "line"], ["play"], ["check"], ["rate"]])
def test_a_bad_line_is_reported_and_the_rest_is_read(capsys: pytest.CaptureFixture[str],
                                                     tmp_path: Path, argv: list[str]) -> None:
    path = tmp_path / "f.txt"
    path.write_text("# five puzzles and a mistake\n" + "\n".join(BAD_FOURTH) + "\n")
    code, out, err = run(capsys, argv[0], str(path), *argv[1:])
    assert code == 2 and "Traceback" not in err
    assert any(line.startswith(("f.txt line 5: ", "pysolver: error: f.txt line 5: "))
               and "unexpected character" in line for line in (out + err).splitlines())
    if argv[0] != "export":  # export writes one-line forms without labels
        assert all(f"f.txt line {n}" in out for n in (2, 3, 4, 6, 7)), out
    else:
        assert out.splitlines() == BAD_FOURTH[:3] + BAD_FOURTH[4:]
    assert "f.txt line 1" not in out + err  # the comment


def test_a_file_of_comments_alone_is_said_to_be_one(capsys: pytest.CaptureFixture[str],
                                                    tmp_path: Path) -> None:
    path = tmp_path / "c.txt"
    path.write_text("# nothing yet\n")
    assert refused(capsys, "solve", str(path)) == (
        "pysolver: error: c.txt holds only comment lines (starting with '#'): no puzzle to read")


def test_solve_and_count_keep_to_a_pencil_mark_grid_s_candidates(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Two solutions from the line; the pencil marks, with 3 struck from r1c3, allow one."""
    line = "12.." "...." "...." "...."
    assert run(capsys, "count", line)[1] == f"{count_of(line)}\n"
    assert main(["export", line, "--format", "candidates"]) == 0
    marks = capsys.readouterr().out.strip()
    assert marks[8:12] == "..34"  # r1c3: 3 or 4
    struck = marks[:8] + "...4" + marks[12:]
    code, out, _ = run(capsys, "solve", struck, "--all")
    assert code == 0 and out and all(solution[2] == "4" for solution in out.split())
    assert run(capsys, "count", struck)[1] == f"{len(out.split())}\n"
    assert len(out.split()) < count_of(line)


def count_of(line: str) -> int:
    from pysolver.grid import Grid
    from pysolver.search import count_solutions
    return count_solutions(Grid.parse(line))


@pytest.mark.parametrize("command", ["check", "rate", "gtsps"])
def test_a_pencil_mark_grid_is_named_where_a_grid_is_needed(capsys: pytest.CaptureFixture[str],
                                                            command: str) -> None:
    """A candidate taken out of the puzzle's first empty cell would be lost in a grid."""
    from pysolver import formats
    from pysolver.board import Board
    board = Board.from_grid(Grid.parse(TOP3[0]))
    cell = board.empty_cells()[0]
    grid = formats.write(board.apply(eliminations=[(cell, board.candidate_digits(cell)[0])]), "pencilmarks")
    code, out, err = run_with_stdin(capsys, grid, command, "-")
    assert code == 2 and "this is a pencil-mark grid" in out + err and "column" not in out + err


@pytest.mark.parametrize("name", ["pencilmarks", "candidates", "position"])
def test_a_form_holding_only_the_givens_is_read_where_a_grid_is_needed(
        capsys: pytest.CaptureFixture[str], name: str) -> None:
    """A puzzle's own pencil marks or position line (a HoDoKu library line) lose nothing in a
    grid: check and rate read them (they were refused as a position)."""
    assert main(["export", FIGURE_4_2, "--format", name]) == 0
    text = capsys.readouterr().out
    assert run_with_stdin(capsys, text, "check", "-") == (0, "valid: 9×9, 35 clues, one solution\n", "")
    library_line = f":0100:1:{FIGURE_4_2}:::"
    assert run(capsys, "rate", library_line)[0] == 0


@pytest.mark.parametrize("command", ["check", "steps", "play", "solve", "count"])
def test_a_position_line_with_words_after_it_or_a_stray_code_is_named_not_read(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, command: str) -> None:
    """HoDoKu's step fields are not read, but text after the line's fields or a number that is
    no technique's code is refused by field and position, where it was read without a word; a
    library line with a step, a siamese fish's code and a chain's length still reads."""
    path = tmp_path / "lib.txt"
    path.write_text(f":0100:1:{FIGURE_4_2}:::\n:0100:1:{FIGURE_4_2}::: see the forum\n"
                    f":99999:x:{FIGURE_4_2}:::\n:03111:5:{FIGURE_4_2}::533 543::7\n")
    code, out, err = run(capsys, command, str(path))
    said = out + err
    assert code == 2 and "Traceback" not in said
    assert ("lib.txt line 2: " + ("invalid: " if command == "check" else "") + "'see' at position 94 "
            "in the placements field of a position line: HoDoKu writes each candidate as digit, "
            "row and column") in said
    assert ("lib.txt line 3: " + ("invalid: " if command == "check" else "") + "unexpected "
            "character '9' at position 6 in the technique field of a position line: ") in said
    assert said.count("lib.txt line 1") == said.count("lib.txt line 4") == 1


def run_with_stdin(capsys: pytest.CaptureFixture[str], text: str, *argv: str) -> tuple[int, str, str]:
    saved = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(text.encode()), encoding="utf-8")
    try:
        return run(capsys, *argv)
    finally:
        sys.stdin = saved


def test_a_broken_picture_among_pictures_is_reported_by_its_lines(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    rows = Grid.parse(TOP3[0]).picture().splitlines()
    long_row = rows.copy()
    long_row[5] += " 7"
    path = tmp_path / "p.txt"
    path.write_text("\n\n".join("\n".join(r) for r in (rows, long_row, rows)) + "\n")
    code, out, err = run(capsys, "count", str(path))
    assert code == 2
    assert out == "p.txt lines 1-11: 1\np.txt lines 25-35: 1\n"
    assert err == ("pysolver: error: p.txt lines 13-23: line 18 has 10 cells: every row of a 9×9 "
                   "picture has 9\n")


def test_a_12x12_picture_with_bands_set_apart_is_one_puzzle() -> None:
    """Each 3-row band of a 12×12 picture holds 36 cells, a 6×6 grid's count: still one puzzle."""
    rows = ["1 2 3 4 | 5 6 7 8 | 9 A B C"] * 12
    text = "\n\n".join("\n".join(rows[i:i + 3]) for i in range(0, 12, 3))
    assert len(inputs.split_puzzles(text, "f")) == 1


@pytest.mark.parametrize("corners", [(".", ":", "'"), ("*", "*", "*")], ids=["hodoku", "explainer"])
@pytest.mark.parametrize("command", ["solve", "count", "check", "rate", "gtsps", "play"])
def test_every_command_reads_a_ruled_picture(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                             command: str, corners: tuple[str, str, str]) -> None:
    top, middle, bottom = corners
    rows = Grid.parse(FIGURE_4_2).picture().splitlines()
    rule = "-------".join([top] * 4)
    lines = [rule]
    for row in rows:
        lines.append(f"{middle}-------+-------+-------{middle}" if row.startswith("-") else f"| {row} |")
    lines.append("-------".join([bottom] * 4))
    path = tmp_path / "ruled.txt"
    path.write_text("\n".join(lines) + "\n")
    code, out, err = run(capsys, command, str(path))
    assert (code, err) == (0, ""), (lines, err)
    assert out


def test_exported_pictures_of_several_sixteen_by_sixteen_puzzles_read_back(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Each row of a 16×16 picture has a 4×4 puzzle's cell count: the grids are read, not rows."""
    lines = []
    for seed in (3, 4):
        code, out, _ = run(capsys, "generate", "--size", "16", "--level", "easy", "--seed", str(seed))
        lines.append(out.strip())
    source = tmp_path / "two16.txt"
    source.write_text("\n".join(lines) + "\n")
    code, pictures, err = run(capsys, "export", "--format", "picture", str(source))
    assert (code, err) == (0, "")
    path = tmp_path / "pictures.txt"
    path.write_text(pictures)
    code, out, err = run(capsys, "count", str(path))
    assert (code, err) == (0, "")
    assert [line.split(": ")[1] for line in out.splitlines()] == ["1", "1"]


def test_a_nine_by_nine_line_under_the_hex_alphabet_is_reported_and_the_rest_read(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, line, _ = run(capsys, "generate", "--size", "16", "--level", "easy", "--seed", "3")
    hex_line = line.strip().translate(str.maketrans("123456789ABCDEFG", "0123456789ABCDEF"))
    path = tmp_path / "hexmix.txt"
    path.write_text(f"{hex_line}\n{FIGURE_4_2}\n{hex_line}\n")
    code, out, err = run(capsys, "check", "--alphabet", "hex", str(path))
    assert code == 2 and err == ""
    assert out.splitlines()[1] == ("hexmix.txt line 2: invalid: the hex alphabet (0-F) is for 16×16 "
                                   "grids, not 9×9")
    assert out.splitlines()[2].startswith("hexmix.txt line 3: valid: 16×16")


def test_ctrl_c_while_the_command_loads_is_one_line_and_130(capsys: pytest.CaptureFixture[str],
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    import pysolver.cli as cli

    def interrupted(argv: list[str]) -> Any:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "_command", interrupted)
    assert main(["steps", FIGURE_4_2]) == 130
    assert capsys.readouterr().err == "pysolver: interrupted\n"


@pytest.mark.parametrize("command", ["solve", "export", "steps", "count"])
def test_an_invisible_character_in_a_file_is_named_in_words(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, command: str) -> None:
    """A zero-width space copied along with a puzzle: named, with the cell before it and what to
    do, as the page names it (never '\\u200b', never a traceback)."""
    path = tmp_path / "pasted.txt"
    path.write_text(FIGURE_4_2[:40] + "\u200b" + FIGURE_4_2[40:] + "\n", encoding="utf-8")
    code, _, err = run(capsys, command, str(path))
    assert code == 2 and "Traceback" not in err
    assert err == ("pysolver: error: unexpected character at position 41 (after r5c4): an invisible "
                   "zero-width space (U+200B), which shows as nothing: delete it (a 9×9 puzzle uses "
                   "1-9, and '.' or '0' for a blank)\n")


@pytest.mark.parametrize("command", ["solve", "count", "export", "steps"])
def test_a_pencil_mark_grid_read_two_ways_is_noted_on_stderr(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, command: str) -> None:
    """A pencil-mark grid whose lone digit a peer also lists (r1c2's slip 2678 -> 12678) reads r1c3
    as a candidate, not a given: every command that reads positions says so, and goes on."""
    from tests.test_formats import HODOKU_START_PM
    slipped = tmp_path / "slipped.txt"
    slipped.write_text(HODOKU_START_PM.replace("| 478   2678  1    |", "| 478   12678 1    |"))
    code, out, err = run(capsys, command, str(slipped))
    assert code == 0 and out
    assert err.startswith("pysolver: note: r1c3's lone 1 was read as a candidate, not a given, "
                          "because r1c2 also lists 1")


#: A 16×16 puzzle (``pysolver generate --size 16 --seed 3``) written with 1–G, and the same
#: puzzle written with 0–F, as many 16×16 puzzles are.
SIXTEEN = ("..C..E1.A.G.........D...7.53.....EG1...5...8...C..2.....91..B38...EB.9.D..C..6..69.G.8C...E."
           "4.B.8.4.....F.6...51....AF.1.....G..............F...B...7..826...4C.F53.1.G......7A..6.DC.3"
           "9.....B..G.8..5.B.7....6F...5E...B...29...A...2..38.5..E77...9...4....D..")
SIXTEEN_HEX = SIXTEEN.translate(str.maketrans("123456789ABCDEFG", "0123456789ABCDEF"))


@pytest.mark.parametrize("argv", [["check"], ["count"], ["solve"], ["export", "--format", "line"]])
def test_a_16x16_written_with_0_to_f_is_read_so_and_noted(
        capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    """Read with 1–G, a 0–F text is another puzzle, silently (0s blank, each digit one off: 1000+
    solutions). Every command reads it as the page does, as written with 0–F, and says so on
    stderr in the page's words: its output is the 1–G puzzle's."""
    from pysolver.formats import HEX_NOTICE
    expected = run(capsys, *argv, SIXTEEN)
    code, out, err = run(capsys, *argv, SIXTEEN_HEX)
    assert (code, out) == expected[:2] and code == 0
    assert err == f"pysolver: note: {HEX_NOTICE}\n"


def test_an_alphabet_named_reads_0_to_f_without_a_note(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "count", SIXTEEN_HEX, "--alphabet", "hex") == (0, "1\n", "")
