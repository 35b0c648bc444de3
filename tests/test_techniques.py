"""The technique registry: one record per technique, read by the engine, grading, CLI and worker."""

from __future__ import annotations

import json
from typing import Any

import pytest

from pysolver.board import Board
from pysolver.cli import main
from pysolver.grading import rate
from pysolver.grid import Grid
from pysolver.logic import Settings, next_step, solve_by_logic
from pysolver.session import Session
from pysolver.techniques.registry import BY_SLUG, TECHNIQUES, parse_slugs, technique
from pysolver.web import handle
from tests.helpers import FIGURE_4_2

#: Needs a Swordfish (the example menu's puzzle): its logic solve ends with fish steps.
SWORDFISH = "2..9.....8......3....582...4.....1....5..9..8..7...29.....2.7........5.6.32.68..1"
BASIC = ("naked-single", "hidden-single", "pointing", "claiming", "chain-exclusion",
         "pile-exclusion", "fish")
#: Every technique past the basic ones, and those with fish.
ADVANCED = frozenset(t.slug for t in TECHNIQUES if t.slug not in BASIC)
NO_FISH = ADVANCED | {"fish"}


def call(cmd: str, **args: Any) -> dict[str, Any]:
    reply: dict[str, Any] = json.loads(handle(json.dumps({"cmd": cmd, **args})))
    return reply


def test_every_record_has_a_unique_slug_a_finder_and_a_summary() -> None:
    assert len({t.slug for t in TECHNIQUES}) == len(TECHNIQUES)
    for record in TECHNIQUES:
        assert record.finder is not None and record.summary and record.title
        assert record.slug == record.slug.lower() and " " not in record.slug


def test_the_basic_techniques_come_first_then_the_rest_by_weight() -> None:
    slugs = [t.slug for t in TECHNIQUES]
    assert tuple(slugs[:7]) == BASIC
    rest = [t.weight for t in TECHNIQUES[7:]]
    assert rest == sorted(rest)


def test_unknown_slugs_are_refused_with_the_choices() -> None:
    assert parse_slugs("fish,pointing") == {"fish", "pointing"}
    with pytest.raises(ValueError, match="unknown technique 'guess': choose from naked-single"):
        technique("guess")
    assert BY_SLUG["guess"].weight == 10000


def test_switching_a_technique_off_changes_the_log() -> None:
    board = Board.from_grid(Grid.parse(SWORDFISH))
    _, steps = solve_by_logic(board)
    assert "fish" in {s.technique.slug for s in steps}
    final, without = solve_by_logic(board, Settings(disabled=NO_FISH))
    assert "fish" not in {s.technique.slug for s in without} and not final.is_solved()
    first = next_step(board, Settings(disabled=frozenset({"naked-single", "hidden-single"})))
    assert first is not None and first.technique.slug == "pointing"


def test_rating_counts_by_slug_and_size() -> None:
    rating = rate(Grid.parse(SWORDFISH))
    fish = [t for t in rating.techniques if t.technique == "fish"]
    assert fish and all(t.name in ("X-Wing", "Swordfish") for t in fish)
    assert rate(Grid.parse(SWORDFISH), NO_FISH).guesses >= 1


def test_session_uses_uniqueness_only_once_proved() -> None:
    session = Session(Grid.parse(FIGURE_4_2))
    assert session.settings == Settings(frozenset(), unique=True)
    several = Session(Grid.parse("." * 81))
    assert several.settings.unique is False


def test_cli_lists_the_registry(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["techniques"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines] == [t.slug for t in TECHNIQUES]
    assert main(["techniques", "--json"]) == 0
    first = json.loads(capsys.readouterr().out.splitlines()[0])
    assert first == {"slug": "naked-single", "title": "Naked Single", "family": "singles",
                     "level": "easy", "level_name": "Easy", "weight": 4,
                     "assumes_uniqueness": False, "summary": TECHNIQUES[0].summary}


def test_cli_without(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["steps", SWORDFISH, "--json", "--no-guess", "--without", ",".join(NO_FISH)]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert lines[-1]["status"] == "stuck" and "switched off" in lines[-1]["message"]
    assert all(line.get("technique") != "fish" for line in lines)
    assert main(["rate", SWORDFISH, "--json", "--without", ",".join(NO_FISH)]) == 0
    assert json.loads(capsys.readouterr().out)["level"] == "guessing"
    with pytest.raises(SystemExit):
        main(["rate", SWORDFISH, "--without", "fsh"])
    assert "unknown technique 'fsh'" in capsys.readouterr().err


def test_worker_lists_techniques_and_takes_the_enabled_set() -> None:
    listed = call("techniques")["techniques"]
    assert [t["slug"] for t in listed] == [t.slug for t in TECHNIQUES]
    every = [t.slug for t in TECHNIQUES]
    view = call("load", puzzle=SWORDFISH, techniques=[s for s in every if s not in NO_FISH])["view"]
    assert view["disabled"] == sorted(NO_FISH)
    view = call("solve_logic")["view"]
    assert view["status"]["status"] == "stuck"
    assert all(step["technique"] != "fish" for step in view["steps"])
    view = call("step", techniques=every)["view"]
    assert view["disabled"] == [] and view["steps"][-1]["technique"] == "fish"
    error = call("hint", techniques=["fsh"])["error"]
    assert error["message"].startswith("techniques[0] must be one of") and '"fsh"' in error["message"]
    rated = call("rate", puzzle=SWORDFISH, techniques=[s for s in every if s not in NO_FISH])
    assert rated["level"] == "guessing"
