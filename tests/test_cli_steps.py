"""``pysolver steps`` and ``check``: the log as text and JSON lines, files, stdin, and bad input."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from pysolver.cli import main
from tests.helpers import FIGURE_4_2, FIGURE_4_2_SOLUTION, FIGURE_4_9

#: The first of the forum's hardest puzzles (SE 11+, the tdoku collection): the logic, forcing
#: nets included, stalls on it at once without the nested forcing nets (which finish it, slowly).
NEEDS_GUESS = "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6"


def json_lines(out: str) -> list[dict[str, object]]:
    return [json.loads(line) for line in out.splitlines()]


def test_steps_json_schema(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["steps", FIGURE_4_2, "--json"]) == 0
    *steps, status = json_lines(capsys.readouterr().out)
    assert status["status"] == "solved" and status["grid"] == FIGURE_4_2_SOLUTION
    for step in steps:
        assert {"technique", "placements", "eliminations", "text"} <= set(step)
        for cell, digit in step["placements"]:  # type: ignore[attr-defined]
            assert 0 <= cell < 81 and 1 <= digit <= 9


def test_steps_no_guess_stops_stuck(capsys: pytest.CaptureFixture[str]) -> None:
    main(["steps", NEEDS_GUESS, "--json", "--no-guess", "--without", "nested-forcing-net"])
    *steps, status = json_lines(capsys.readouterr().out)
    assert status["status"] == "stuck"
    assert all(s["technique"] not in {"guess", "backtrack"} for s in steps)


def test_steps_with_guesses_reach_the_solution(capsys: pytest.CaptureFixture[str]) -> None:
    main(["steps", NEEDS_GUESS, "--json", "--without", "nested-forcing-net"])
    *steps, status = json_lines(capsys.readouterr().out)
    assert status["status"] == "solved"
    assert any(s["technique"] == "guess" for s in steps)


def test_steps_without_given_twice_switches_both_off(capsys: pytest.CaptureFixture[str]) -> None:
    main(["steps", FIGURE_4_2, "--json", "--no-guess",
          "--without", "naked-single", "--without", "hidden-single"])
    *steps, status = json_lines(capsys.readouterr().out)
    assert status["status"] == "solved"
    assert not {"naked-single", "hidden-single"} & {s["technique"] for s in steps}


@pytest.mark.parametrize("command", ["steps", "rate"])
@pytest.mark.parametrize("value, message", [
    ("naked-single,,hidden-single",
     "item 2 of 'naked-single,,hidden-single' is empty: separate the slugs with single commas"),
    ("naked-single,", "item 2 of 'naked-single,' is empty"),
    ("", "no technique named: give slugs separated by commas"),
    (" naked-single", "' naked-single' has spaces around it: write 'naked-single'"),
    ("fish, pointing", "' pointing' has spaces around it: write 'pointing'"),
    ("NAKED-SINGLE", "'NAKED-SINGLE' is not in lower case: write 'naked-single'"),
], ids=["double-comma", "trailing-comma", "empty", "leading-space", "space-after-comma", "capitals"])
def test_without_refuses_a_slip_in_its_list(capsys: pytest.CaptureFixture[str], command: str,
                                            value: str, message: str) -> None:
    """A slip in the list of techniques to switch off is said, naming the option and the item,
    not read past: the techniques would run and the log only look different."""
    with pytest.raises(SystemExit) as exit_:
        main([command, FIGURE_4_2, "--without", value])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert err.splitlines()[-1].startswith(f"pysolver {command}: error: argument --without: ")
    assert message in err and "Traceback" not in err


def test_steps_contradiction_status(capsys: pytest.CaptureFixture[str]) -> None:
    main(["steps", "1.3.34.........4", "--json"])
    status = json_lines(capsys.readouterr().out)[-1]
    assert status["status"] == "contradiction" and "no place left for 4" in str(status["message"])


def test_steps_text(capsys: pytest.CaptureFixture[str]) -> None:
    main(["steps", FIGURE_4_2])
    out = capsys.readouterr().out
    assert out.startswith("   1. Naked Single: r1c3 can only be 7")
    assert "solved: Solved in 46 steps." in out


def test_file_of_puzzles_is_processed_in_turn(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "two.txt"
    path.write_text(f"{FIGURE_4_2}\n{FIGURE_4_9}\n")
    main(["steps", str(path), "--json", "--no-guess"])
    statuses = [o for o in json_lines(capsys.readouterr().out) if "status" in o]
    assert [s["label"] for s in statuses] == ["two.txt line 1", "two.txt line 2"]


def test_stdin_grid_picture(monkeypatch: pytest.MonkeyPatch,
                            capsys: pytest.CaptureFixture[str]) -> None:
    from pysolver.grid import Grid
    monkeypatch.setattr(sys, "stdin", io.StringIO(Grid.parse(FIGURE_4_2).picture()))
    assert main(["check", "-"]) == 0
    assert capsys.readouterr().out == "valid: 9×9, 35 clues, one solution\n"


@pytest.mark.parametrize(("args", "message"), [
    (["steps", "12x"], "pysolver: error: unexpected character 'x' at position 3\n"),
    (["steps", "11" + "." * 14], "pysolver: error: two 1s in row 1: r1c1 and r1c2\n"),
    (["steps", "--alphabet", "letters", "AA" + "." * 14],
     "pysolver: error: two A's in row 1: r1c1 and r1c2\n"),
], ids=["bad-character", "conflict", "conflict-in-letters"])
def test_bad_input_exits_2_with_one_line(args: list[str], message: str,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    assert main(args) == 2
    captured = capsys.readouterr()
    assert captured.err == message and captured.out == ""


def test_check_reports_why(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "11" + "." * 14]) == 2
    assert capsys.readouterr().out == "invalid: two 1s in row 1: r1c1 and r1c2\n"


def test_module_entry_point_has_no_traceback() -> None:
    result = subprocess.run([sys.executable, "-m", "pysolver", "steps", "nonsense!"],
                            capture_output=True, text=True, check=False)
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr


@pytest.mark.parametrize(("puzzle", "line"), [
    (FIGURE_4_9, "invalid: more than one solution\n"),
    ("1.3.34.........4", "invalid: no solution\n"),
], ids=["several", "none"])
def test_check_needs_exactly_one_solution(puzzle: str, line: str,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", puzzle]) == 1
    assert capsys.readouterr().out == line


LETTERS = "".join("ABCDEFGHI"[int(c) - 1] if c != "." else "." for c in FIGURE_4_2)


def test_step_texts_spell_digits_in_the_alphabet_asked_for(
        capsys: pytest.CaptureFixture[str]) -> None:
    """The texts name the digits the board shows: 'r1c3 can only be G' beside a board of letters,
    not 'can only be 7'; and the default spelling is back for the next run."""
    assert main(["steps", FIGURE_4_2]) == 0
    plain = capsys.readouterr().out.splitlines()
    assert plain[0] == "   1. Naked Single: r1c3 can only be 7: it is the cell's last candidate."
    assert main(["steps", LETTERS, "--alphabet", "letters"]) == 0
    lettered = capsys.readouterr().out.splitlines()
    assert len(lettered) == len(plain)
    assert lettered[0] == "   1. Naked Single: r1c3 can only be G: it is the cell's last candidate."
    assert main(["export", LETTERS, "--alphabet", "letters", "--format", "path"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == lettered[0]
    assert main(["steps", FIGURE_4_2]) == 0
    assert capsys.readouterr().out.splitlines() == plain


def test_play_reads_and_writes_moves_in_the_alphabet(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", LETTERS, "place r1c1 I", "--alphabet", "letters"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1] == "   1. You placed I in r1c1."
    assert lines[2].startswith("I A ")
    assert main(["play", FIGURE_4_2, "place r1c1 9"]) == 0
    assert capsys.readouterr().out.splitlines()[1] == "   1. You placed 9 in r1c1."


#: "a" before a digit as written: wrong before a letter or number said with a vowel ("a A", "a E",
#: "a 8"), so no text puts an article before a digit (a size such as "a 9×9 grid" is no digit).
ARTICLE_BEFORE_DIGIT = re.compile(r"\b(?:[Aa]n?) (?:[A-Z]|\d+)\b(?![×\d])")


def test_no_article_before_a_digit_written_with_letters(capsys: pytest.CaptureFixture[str]) -> None:
    top95 = (Path(__file__).resolve().parent / "data/norvig_top95.txt").read_text().split()[0]
    letters = top95.translate(str.maketrans("123456789", "ABCDEFGHI"))
    assert main(["steps", letters, "--why", "--alphabet", "letters"]) == 0
    texts = [line for line in capsys.readouterr().out.splitlines()
             if any(char.islower() for char in line)]  # not the board's rows
    assert texts and not [line for line in texts if ARTICLE_BEFORE_DIGIT.search(line)]


def test_no_text_puts_an_article_before_a_written_digit() -> None:
    """The steps above meet only some techniques: the sources are read for the rest."""
    pattern = re.compile(r"\b[Aa]n? \{(?:symbol|digit|d)\b")
    sources = Path(__file__).resolve().parents[1].joinpath("pysolver").rglob("*.py")
    found = [f"{path.name}:{number}" for path in sources
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if pattern.search(line)]
    assert found == []


def test_steps_from_a_position_with_a_wrong_digit_names_it(capsys: pytest.CaptureFixture[str]) -> None:
    """A position line whose player digit (``+9`` in r1c2) is not the givens' one solution's: no
    step is built on it (seven Naked Singles, then a contradiction in column 5 before); the status
    names the digit as the page's Step does."""
    from tests.test_cli_search import WRONG_POSITION
    assert main(["steps", WRONG_POSITION]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == ("wrong: r1c2: 9 is not this cell's digit: erase it (or Undo) before going on, "
                        "or the next steps would build on it.")
    assert main(["steps", WRONG_POSITION, "--json"]) == 0
    status, = json_lines(capsys.readouterr().out)
    assert (status["status"], status["cell"], status["cells"], status["steps"]) == ("wrong", 1, [1], 0)


def test_a_contradiction_is_said_once(capsys: pytest.CaptureFixture[str]) -> None:
    """The status line says its state once: ``contradiction: ...``, not ``contradiction:
    Contradiction: ...``; so does ``export --format path``."""
    for argv in (["steps", "1.3.34.........4"], ["export", "1.3.34.........4", "--format", "path"]):
        main(argv)
        said = [line for line in capsys.readouterr().out.splitlines() if "ontradiction" in line]
        assert said == ["contradiction: row 1 has no place left for 4. The puzzle has no solution."], argv
