"""``pysolver gtsps``: solution lines, --count, --stats (text and JSON), exit codes 1 and 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pysolver.cli import main
from tests.helpers import FIGURE_4_2, FIGURE_4_2_SOLUTION, FIGURE_4_9

NO_SOLUTION = "1.3.34.........4"


def test_default_prints_one_line_per_solution_and_nothing_else(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["gtsps", FIGURE_4_9]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 127 and all(len(line) == 81 and "." not in line for line in lines)


def test_count(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["gtsps", FIGURE_4_9, "--count"]) == 0
    assert capsys.readouterr().out == "127\n"


def test_stats_table_follows_the_solution(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["gtsps", FIGURE_4_2, "--stats"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == FIGURE_4_2_SOLUTION
    assert out[2].split()[-3:] == ["33", "104", "0"]
    assert "super-vertices: 3 band, 3 stack" in out


def test_stats_json_is_one_object_with_every_stage(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["gtsps", FIGURE_4_2, "--stats", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert {"vertices", "edges", "after_degree", "after_adjacency", "supervertices",
            "solutions"} <= set(report)
    assert (report["vertices"], report["edges"], report["after_degree"]["vertices"]) == (33, 104, 26)
    assert report["solutions"] == [FIGURE_4_2_SOLUTION]


def test_no_solution_gives_the_reason_on_stderr_and_exit_1(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["gtsps", NO_SOLUTION]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == "no solution: box 2 has no valid permutation\n"


def test_over_the_limit_exits_2_pointing_to_count(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["gtsps", "." * 256]) == 2
    assert "use `pysolver count`" in capsys.readouterr().err


def test_an_empty_6x6_board_stops_at_the_solution_limit(capsys: pytest.CaptureFixture[str]) -> None:
    """28,200,960 solutions: the limit stops the run before the super-vertices are all built."""
    assert main(["gtsps", "." * 36, "--count"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == ("pysolver: error: more than 10,000 solutions, too many for GTSPS; use "
                            "`pysolver count`, the search engine, instead\n")


def test_a_file_labels_each_puzzle_s_lines_and_json(capsys: pytest.CaptureFixture[str],
                                                    tmp_path: Path) -> None:
    path = tmp_path / "two.txt"
    path.write_text(f"{FIGURE_4_2}\n{NO_SOLUTION}\n{FIGURE_4_2}\n")
    assert main(["gtsps", str(path)]) == 1
    captured = capsys.readouterr()
    assert captured.out.splitlines() == [f"two.txt line 1: {FIGURE_4_2_SOLUTION}",
                                         f"two.txt line 3: {FIGURE_4_2_SOLUTION}"]
    assert captured.err == "two.txt line 2: no solution: box 2 has no valid permutation\n"
    assert main(["gtsps", str(path), "--json"]) == 1
    labels = [json.loads(line)["label"] for line in capsys.readouterr().out.splitlines()]
    assert labels == ["two.txt line 1", "two.txt line 2", "two.txt line 3"]
    assert main(["gtsps", FIGURE_4_2, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["label"] is None


def test_a_puzzle_too_open_among_others_is_reported_and_the_rest_solved(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """As every command treats a bad puzzle of a file: its label, the limit and what to use
    instead on stderr, the others solved, exit 2 at the end."""
    path = tmp_path / "open.txt"
    path.write_text(f"{FIGURE_4_2}\n{'.' * 81}\n{FIGURE_4_2}\n")
    for extra in ([], ["--count"], ["--json"]):
        assert main(["gtsps", str(path), *extra]) == 2
        captured = capsys.readouterr()
        assert len(captured.out.splitlines()) == 2
        assert captured.err == ("pysolver: error: open.txt line 2: box 1 has more than 200,000 valid "
                                "permutations, too many for GTSPS; use `pysolver count`, the search "
                                "engine, instead\n")
