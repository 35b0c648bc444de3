"""The README, the worker protocol and the formats' docstring say what the code does: each fact
checked here is read from the code (the registry, the real messages and JSON), not copied."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from pysolver import formats
from pysolver.cli import COMMANDS, main
from pysolver.cli.count import DEFAULT_LIMIT
from pysolver.cli.export import CHOICES, MULTI_LINE
from pysolver.grid import Grid
from pysolver.gtsps import PERMUTATION_LIMIT, SOLUTION_LIMIT, SUPERVERTEX_LIMIT
from pysolver.session import TYPED_ACTIONS, Session
from pysolver.techniques.registry import TECHNIQUES
from tests.helpers import FIGURE_4_2

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
PROTOCOL = (ROOT / "docs/worker-protocol.md").read_text(encoding="utf-8")


def command_row(command: str) -> str:
    return next(line for line in README.splitlines() if line.startswith(f"| `pysolver {command} "))


def test_the_protocol_quotes_the_real_message_for_a_bad_action() -> None:
    session = Session(Grid.parse(FIGURE_4_2))
    with pytest.raises(ValueError) as error:
        session.replay(["logic", "nope"])
    assert f"`actions: {error.value}`" in PROTOCOL


def test_the_formats_docstring_counts_its_forms() -> None:
    doc = formats.__doc__ or ""
    words = {4: "Four", 5: "Five", 6: "Six", 7: "Seven", 8: "Eight"}
    assert f"{words[len(formats.FORMATS)]} forms carry it" in doc
    assert all(f"- ``{name}``:" in doc for name in formats.FORMAT_NAMES)


def test_the_readme_status_object_has_every_key(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["steps", FIGURE_4_2, "--json"]) == 0
    status = json.loads(capsys.readouterr().out.splitlines()[-1])
    example = next(line for line in README.splitlines() if line.startswith('`{"status": '))
    assert [key for key in status] == re.findall(r'"(\w+)": ', example)


def test_the_readme_rate_levels_name_every_family_at_its_level() -> None:
    row = command_row("rate")
    levels = row.split("the difficulty level (", 1)[1]
    segments = dict(re.findall(r"(Easy|Medium|Hard|Expert|Extreme): ([^;]*)", levels))
    for record in TECHNIQUES:
        assert record.family in segments[record.level.display], (record.slug, record.family)


def test_the_readme_play_row_names_every_action_help_offers() -> None:
    row = command_row("play")
    assert all(f"`{action}`" in row or f'`"{action}"`' in row for action in TYPED_ACTIONS)


def test_the_readme_count_row_shows_the_default_cap() -> None:
    assert f"`{DEFAULT_LIMIT}+`" in command_row("count") and "`10+`" not in command_row("count")


def test_the_readme_says_a_bad_option_prints_usage(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["count", FIGURE_4_2, "--limit", "x"])
    err = capsys.readouterr().err
    assert err.startswith("usage: ") and err.count("error:") == 1
    assert "a bad option gets the command's usage lines first, then the one error\nline" in README


@pytest.mark.parametrize("command", COMMANDS)
def test_a_stray_argument_gets_the_command_s_usage(capsys: pytest.CaptureFixture[str],
                                                  command: str) -> None:
    """What the README says of a bad option holds after every command word, not only where the
    command's parser finds the mistake itself (an unknown option, a second puzzle)."""
    with pytest.raises(SystemExit) as exit_:
        main([command, FIGURE_4_2, "--bogus"])
    assert exit_.value.code == 2
    lines = capsys.readouterr().err.splitlines()
    assert lines[0].startswith(f"usage: pysolver {command} [-h]")
    assert lines[-1].startswith(f"pysolver {command}: error: unrecognized arguments: ")
    assert lines[-1].endswith(" --bogus") and sum("error:" in line for line in lines) == 1


def test_the_techniques_table_keeps_its_columns(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["techniques"]) == 0
    lines = capsys.readouterr().out.splitlines()
    levels = {record.level.display for record in TECHNIQUES}
    starts = {max(line.find(f" {level} ") for level in levels) for line in lines}
    assert len(lines) == len(TECHNIQUES) and len(starts) == 1


def test_the_readme_gtsps_row_names_its_limits() -> None:
    row = command_row("gtsps")
    assert f"more than {PERMUTATION_LIMIT:,} permutations" in row
    assert f"more than {SUPERVERTEX_LIMIT:,} super-vertices" in row
    assert f"more than {SOLUTION_LIMIT:,} solutions" in row


def test_the_readme_export_row_says_which_forms_are_labelled() -> None:
    row = command_row("export")
    labelled = row.split("each ", 1)[1].split(" output comes under", 1)[0]
    one_line = row.split("the one-line forms (", 1)[1].split(")", 1)[0]
    assert set(re.findall(r"`(\w+)`", labelled)) == MULTI_LINE
    assert set(re.findall(r"`(\w+)`", one_line)) == set(CHOICES) - MULTI_LINE



#: The JSON fields that are timings, which differ from run to run.
TIMINGS = {"elapsed_ms", "stage_ms"}


#: The JSON fields whose keys are data (a proof's roles), not names: their leaves go by the field's.
KEYED_BY_DATA = {"role_labels"}


def _leaves(value: object, name: str = "") -> list[tuple[str, object]]:
    """Every number and string of a JSON value but timings, named by the last key above it (by
    the field's own name in a field keyed by data)."""
    if isinstance(value, dict):
        return [leaf for key, item in value.items() if key not in TIMINGS
                for leaf in _leaves(item, name if name in KEYED_BY_DATA else key)]
    if isinstance(value, list):
        return [leaf for item in value for leaf in _leaves(item, name)]
    return [(name, value)]


def _changed_by_letters(capsys: pytest.CaptureFixture[str], command: str,
                        puzzle: str) -> tuple[set[str], set[str]]:
    """The JSON fields of ``command`` on ``puzzle``, and those among them that change when the
    same puzzle is read and written with ``--alphabet letters``."""
    outputs = []
    for alphabet, text in (("digits", puzzle),
                           ("letters", puzzle.translate(str.maketrans("123456789", "ABCDEFGHI")))):
        assert main([command, text, "--json", "--alphabet", alphabet]) == 0
        outputs.append([leaf for line in capsys.readouterr().out.splitlines()
                        for leaf in _leaves(json.loads(line))])
    assert len(outputs[0]) == len(outputs[1])
    return {name for name, _ in outputs[0]}, {a[0] for a, b in zip(*outputs) if a != b}


def test_the_readme_says_which_json_fields_follow_the_alphabet(
        capsys: pytest.CaptureFixture[str]) -> None:
    paragraph = README.split("In\nJSON output (", 1)[1].split(" as indices.", 1)[0]
    follow, stay = paragraph.split(" while the fields programs read stay numbers", 1)
    written = set(re.findall(r"`(\w+)`", follow))
    numbers = set(re.findall(r"`(\w+)`", stay))
    top95 = (ROOT / "tests/data/norvig_top95.txt").read_text().split()
    for command, puzzle in (("steps", top95[3]), ("gtsps", FIGURE_4_2), ("rate", FIGURE_4_2)):
        names, changed = _changed_by_letters(capsys, command, puzzle)  # top95[3]: a graph and a proof
        assert changed <= written, (command, changed - written)
        assert not changed & numbers, (command, changed & numbers)
        if command == "steps":
            assert {"notation", "label", "text", "details", "grid"} <= changed
            assert numbers <= names
    # A forcing chain's branches, which that puzzle's steps have none of: each field they word.
    _, changed = _changed_by_letters(capsys, "steps", top95[11])
    branch = {"premise", "notation", "line", "conclusion", "caption", "choice"}
    assert branch <= changed and branch <= written, (branch - changed, branch - written)
    # top95[6]'s steps have an ALS-XZ, whose key names its restricted common digit.
    _, changed = _changed_by_letters(capsys, "steps", top95[6])
    assert "role_labels" in changed and changed <= written, changed - written
