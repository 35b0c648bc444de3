"""``pysolver generate`` and ``pysolver rate`` on the command line, and the worker's two commands."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pysolver.cli import main
from pysolver.grading import Level, grade
from pysolver.grid import Grid
from pysolver.logic import FIGURE_4_2
from pysolver.search import count_solutions
from pysolver.web import handle

X_WING = ".43.8.25.6.............1.949....4.7....6.8....1.2....382.5.............5.34.9.71."
NO_SOLUTION = ".....5.8....6.1.43..........1.5........1.6...3.......553.....61........4........."


def test_generate_prints_one_puzzle_per_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["generate", "--size", "6", "--level", "easy", "--count", "3", "--seed", "4"]) == 0
    lines = capsys.readouterr().out.split()
    assert len(lines) == 3 and len(set(lines)) == 3
    for line in lines:
        grid = Grid.parse(line)
        assert grid.geometry.n == 6 and count_solutions(grid, 2) == 1
        assert grade(grid) is Level.EASY


def test_generate_same_seed_same_output(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["generate", "--level", "medium", "--count", "2", "--seed", "9"]
    main(args)
    first = capsys.readouterr().out
    main(args)
    assert capsys.readouterr().out == first


def test_generate_json(capsys: pytest.CaptureFixture[str]) -> None:
    main(["generate", "--size", "4", "--seed", "2", "--json", "--symmetry", "mirror"])
    data = json.loads(capsys.readouterr().out)
    assert data["seed"] == 2 and data["n"] == 4 and data["symmetry"] == "mirror"
    assert data["level"] == "easy" and data["unique"] and data["minimal"]
    assert data["clues"] == Grid.parse(data["puzzle"]).clue_count


def test_generate_12x12(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["generate", "--size", "12", "--level", "hard", "--seed", "1", "--json"]) == 0
    made = json.loads(capsys.readouterr().out)
    puzzle = Grid.parse(made["puzzle"])
    assert (made["n"], puzzle.geometry.box_rows, puzzle.geometry.box_cols) == (12, 3, 4)
    assert made["level"] == "hard" and grade(puzzle) is Level.HARD
    assert count_solutions(puzzle, 2) == 1


def test_generate_refuses_12x12_guessing_and_25x25(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["generate", "--size", "12", "--level", "guessing", "--seed", "1"]) == 2
    assert "no 12×12 Needs guessing puzzles: the tutor's logic solves random 12×12 puzzles" in (
        capsys.readouterr().err)
    with pytest.raises(SystemExit):
        main(["generate", "--size", "25"])
    assert "expected 4, 6, 9, 12 or 16, not '25'" in capsys.readouterr().err


def test_worker_generate_says_how_long_it_took() -> None:
    reply = json.loads(handle(json.dumps({"cmd": "generate", "size": 12, "level": "easy",
                                          "seed": 2})))
    assert reply["ok"] and reply["n"] == 12 and reply["elapsed_ms"] >= 0
    assert reply["message"].startswith(f"New 12×12 puzzle: {reply['clues']} clues, minimal · ")
    assert reply["message"].endswith(" · seed 2") and " tried in " in reply["message"]


def test_generate_reports_an_impossible_level(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["generate", "--size", "4", "--level", "expert", "--seed", "1"]) == 2
    assert ("no 4×4 Expert puzzles: every 4×4 puzzle is solved by singles"
            in capsys.readouterr().err)


def test_rate_prints_level_score_hardest(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rate", FIGURE_4_2]) == 0
    assert capsys.readouterr().out.split() == ["Easy", "score", "184", "hardest", "Naked", "Single"]


def test_rate_a_file_as_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "set.txt"
    path.write_text(f"{FIGURE_4_2}\n{X_WING}\n", encoding="utf-8")
    assert main(["rate", str(path), "--json"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [(r["label"], r["level"], r["hardest"]) for r in rows] == [
        ("set.txt line 1", "easy", "Naked Single"), ("set.txt line 2", "expert", "X-Wing")]


def test_rate_flags_bad_lines(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.txt"
    path.write_text(FIGURE_4_2 + "\n" + "11" + "." * 79 + "\n", encoding="utf-8")
    assert main(["rate", str(path)]) == 2
    out = capsys.readouterr().out.splitlines()
    assert out[1].startswith("bad.txt line 2: invalid: two 1s in row 1")


def test_rate_reports_a_puzzle_without_solution_and_goes_on(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "set.txt"
    path.write_text(f"{FIGURE_4_2}\n{NO_SOLUTION}\n{X_WING}\n", encoding="utf-8")
    assert main(["rate", str(path)]) == 1  # the README's exit code for no solution
    out = capsys.readouterr().out.splitlines()
    assert out[1] == "set.txt line 2: the puzzle has no solution, so it cannot be rated"
    assert out[2].startswith("set.txt line 3: Expert")


def test_rate_json_keeps_reports_off_stdout(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "set.txt"
    path.write_text(f"{FIGURE_4_2}\n{NO_SOLUTION}\n{'11' + '.' * 79}\n{X_WING}\n",
                    encoding="utf-8")
    assert main(["rate", str(path), "--json"]) == 2
    out, err = capsys.readouterr()
    assert [json.loads(line)["label"] for line in out.splitlines()] == [
        "set.txt line 1", "set.txt line 4"]
    assert err.splitlines() == ["set.txt line 2: the puzzle has no solution, so it cannot be rated",
                                "set.txt line 3: invalid: two 1s in row 1: r1c1 and r1c2"]


def test_worker_generate_reports_progress_and_the_seed() -> None:
    stages: list[tuple[str, float]] = []
    reply = json.loads(handle(json.dumps({"cmd": "generate", "size": 9, "level": "medium",
                                          "seed": 3}), lambda s, f: stages.append((s, f))))
    assert reply["ok"] and reply["seed"] == 3 and reply["level"] == "medium"
    assert grade(Grid.parse(reply["puzzle"])) is Level.MEDIUM
    assert stages and all(0.0 <= f <= 1.0 for _, f in stages)
    again = json.loads(handle(json.dumps({"cmd": "generate", "size": 9, "level": "medium",
                                          "seed": 3})))
    assert again["puzzle"] == reply["puzzle"]


def test_worker_generate_without_seed_says_which_it_used() -> None:
    reply = json.loads(handle(json.dumps({"cmd": "generate", "size": 4})))
    again = json.loads(handle(json.dumps({"cmd": "generate", "size": 4, "seed": reply["seed"]})))
    assert again["puzzle"] == reply["puzzle"]


@pytest.mark.parametrize("request_, message", [
    ({"size": 7}, "size must be one of 4, 6, 9, 12, 16, 25, not 7"),
    ({"size": 25}, "cannot generate 25×25 puzzles: the generator takes more than two and a half "
                   "minutes per 25×25 grid tried"),
    ({"level": "evil"}, 'level must be one of "easy", "medium", "hard", "expert", "extreme", '
                        '"guessing", "unique", not "evil"'),
    ({"symmetry": "diagonal"}, 'symmetry must be one of "none", "rotational", "mirror", not '
                               '"diagonal"'),
], ids=["size", "size-25", "level", "symmetry"])
def test_worker_generate_errors(request_: dict[str, object], message: str) -> None:
    reply = json.loads(handle(json.dumps({"cmd": "generate", **request_})))
    assert not reply["ok"] and message in reply["error"]["message"]


def test_worker_rate_a_puzzle_or_the_loaded_one() -> None:
    reply = json.loads(handle(json.dumps({"cmd": "rate", "puzzle": X_WING})))
    assert (reply["level"], reply["level_name"], reply["score"], reply["hardest"]) == (
        "expert", "Expert", 900, "X-Wing")
    assert reply["message"] == "Expert: score 900, hardest technique X-Wing."
    handle(json.dumps({"cmd": "load", "puzzle": FIGURE_4_2}))
    loaded = json.loads(handle(json.dumps({"cmd": "rate"})))
    assert (loaded["level"], loaded["puzzle"]) == ("easy", FIGURE_4_2)


def test_generate_without_a_seed_names_the_one_it_drew(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["generate", "--size", "4"]) == 0
    out, err = capsys.readouterr()
    seed = int(err.split()[2])
    assert err == f"pysolver: seed {seed} (--seed {seed} makes the same puzzles again)\n"
    assert main(["generate", "--size", "4", "--seed", str(seed)]) == 0
    again = capsys.readouterr()
    assert again.out == out and again.err == ""  # the same puzzle, and no note for a given seed


def test_worker_rate_and_generate_say_a_short_summary_for_the_status_region() -> None:
    """The New puzzle panel's table is not a live region: its status region says the reply's
    ``summary``, one sentence (no seed, no timing), which Python words."""
    rated = json.loads(handle(json.dumps({"cmd": "rate", "puzzle": X_WING})))
    assert rated["summary"] == "Rated Expert: score 900, hardest technique X-Wing."
    made = json.loads(handle(json.dumps({"cmd": "generate", "size": 4, "level": "easy", "seed": 1})))
    assert made["summary"] == (f"New 4×4 puzzle, {made['clues']} clues, rated Easy: score {made['score']}, "
                               f"hardest technique {made['hardest']}.")
