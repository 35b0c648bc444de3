"""The worker's JSON bridge: every command, replay after a restart, and errors as data."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pysolver import web
from pysolver.grid import Grid
from pysolver.search import solve
from pysolver.techniques.registry import TECHNIQUES
from pysolver.web import handle
from tests.helpers import FIGURE_4_2, FIGURE_4_9

#: Needs guessing with every technique but the nested forcing nets (they finish it, taking seconds),
#: after five logic steps, a pile exclusion among them (the forum's hardest list).
NEEDS_GUESS = "...2....871......9..6.9.5....8.6...5.....23...4....6....9.3..5.4....1........7..."
#: Every technique but the nested forcing nets, by slug.
BUT_NESTED = [t.slug for t in TECHNIQUES if t.slug != "nested-forcing-net"]


def call(cmd: str, **args: Any) -> dict[str, Any]:
    reply: dict[str, Any] = json.loads(handle(json.dumps({"cmd": cmd, **args})))
    return reply


def test_load_gives_the_whole_view() -> None:
    view = call("load", puzzle=FIGURE_4_2)["view"]
    assert (view["n"], view["box_rows"], view["symbols"]) == (9, 3, "123456789")
    assert view["symbols_rule"] == "a 9×9 puzzle uses 1-9, and '.' or '0' for a blank"
    assert view["puzzle"] == FIGURE_4_2 and view["position"] == 0 and view["steps"] == []
    assert view["candidates"][0] == [7, 8, 9] and view["candidates"][1] == []
    assert view["status"]["status"] == "solving" and view["hint"] is None


def test_hint_does_not_apply_and_step_does() -> None:
    call("load", puzzle=FIGURE_4_2)
    call("hint")
    call("hint")
    hinted = call("hint")["view"]  # the third level reveals the whole step
    assert hinted["position"] == 0 and hinted["hint"]["technique"] == "naked-single"
    assert hinted["hint"]["level"] == 3 and not hinted["can"]["hint"] and hinted["can"]["apply"]
    assert hinted["hint"]["title"] == "Hint 3 of 3: Naked Single"
    stepped = call("step")["view"]
    shown = {k: v for k, v in hinted["hint"].items() if k not in ("level", "kind", "title")}
    assert stepped["position"] == 1 and stepped["steps"][0] == shown
    cell, digit = stepped["steps"][0]["placements"][0]
    assert stepped["values"][cell] == digit


def test_back_forward_goto_and_their_limits() -> None:
    call("load", puzzle=FIGURE_4_2)
    call("solve_logic")
    assert call("back")["view"]["position"] == 45
    assert call("forward")["view"]["position"] == 46
    assert call("forward")["error"]["message"] == "already at the last step"
    assert call("goto", position=0)["view"]["values"][0] == 0
    assert call("back")["error"]["message"] == "already at the start"


def test_guess_backtrack_and_replay_after_restart() -> None:
    view = call("load", puzzle=NEEDS_GUESS, techniques=BUT_NESTED)["view"]
    view = call("solve_logic")["view"]
    assert view["status"]["status"] == "stuck" and view["can_guess"]
    view = call("guess")["view"]
    assert view["actions"][-1] == "guess"
    rebuilt = call("load", puzzle=NEEDS_GUESS, techniques=BUT_NESTED, actions=view["actions"],
                   position=3)["view"]
    assert rebuilt["steps"] == view["steps"] and rebuilt["position"] == 3


def test_solve_finishes_with_search() -> None:
    call("load", puzzle=NEEDS_GUESS, techniques=BUT_NESTED)
    view = call("solve")["view"]
    assert view["status"]["status"] == "solved" and view["steps"][-1]["technique"] == "search"
    assert all(view["values"])


def test_count_and_check() -> None:
    assert call("count", puzzle=FIGURE_4_9) == {"ok": True, "count": 127, "limit": 1000,
                                                "message": "127 solutions."}
    assert call("count", puzzle=FIGURE_4_9, limit=10)["message"] == (
        "At least 10 solutions (counting stopped there).")
    assert call("count", puzzle="." * 81, limit=1500)["message"] == (  # as the page's headings write it
        "At least 1,500 solutions (counting stopped there).")
    assert call("count", puzzle=FIGURE_4_9, limit=2**40)["error"]["message"] == (
        "limit must be a whole number from 1 to 1,000,000,000, not 1099511627776")
    clash = "1" + FIGURE_4_2[1:]
    checked = call("check", puzzle=clash)
    assert checked["conflicts"][0] == {"digit": 1, "house": 0, "house_name": "row 1",
                                       "cells": [0, 1]}
    assert checked["message"].startswith("2 conflicts: two 1s in row 1 (r1c1 and r1c2)")
    assert call("check", puzzle=FIGURE_4_2)["conflicts"] == []


@pytest.mark.parametrize(("request_text", "kind", "message"), [
    ('{"cmd": "load", "puzzle": "1x"}', "format", "unexpected character 'x' at position 2"),
    ('{"cmd": "load", "puzzle": "11.." }', "format", "found 4"),
    (json.dumps({"cmd": "load", "puzzle": "1" + FIGURE_4_2[1:]}), "conflict",
     "two 1s in row 1: r1c1 and r1c2"),
    ('{"cmd": "fly"}', "invalid", 'unknown command "fly": the commands are load, hint, step'),
    ('[1, 2]', "invalid", "a request must be a JSON object, not a list"),
    ('{"cmd": "load", "puzzle": "' + FIGURE_4_2 + '", "actions": ["logic", "nope"]}', "invalid",
     "cannot replay action 2 ('nope'): 'nope' is not a move"),
], ids=["bad-character", "bad-count", "conflict", "unknown-command", "not-an-object",
        "bad-action"])
def test_errors_come_back_as_data(request_text: str, kind: str, message: str) -> None:
    reply = json.loads(handle(request_text))
    assert reply["ok"] is False and reply["error"]["kind"] == kind
    assert message in reply["error"]["message"]


def test_conflict_error_points_at_cells_and_house() -> None:
    error = call("load", puzzle="1" + FIGURE_4_2[1:])["error"]
    assert (error["cell"], error["house"], error["cells"]) == (1, 0, [0, 1])


def test_shown_chain_step_carries_its_graph() -> None:
    call("load", puzzle=NEEDS_GUESS)
    steps = call("solve_logic")["view"]["steps"]
    index = next(i for i, s in enumerate(steps)
                 if s["technique"] in {"chain-exclusion", "pile-exclusion"})
    view = call("goto", position=index + 1)["view"]
    shown = view["steps"][index]
    graph = shown["graph"]
    assert graph["kind"] == "house" and len(graph["matching"]) == len(graph["left"])
    assert set(map(tuple, graph["removed"])) <= set(map(tuple, graph["edges"]))
    assert len(graph["pattern"]["left"]) == len(graph["pattern"]["right"]) == shown["size"]
    assert all(s["graph"] is None for i, s in enumerate(view["steps"]) if i != index)


def test_gtsps_reports_stages_and_solutions() -> None:
    reply = call("gtsps", puzzle=FIGURE_4_9)
    assert reply["solution_count"] == 127 and reply["listed"] == 127
    assert reply["message"].startswith("127 solutions in ")
    assert [b["box"] for b in reply["boxes"]] == list(range(1, 10))
    assert reply["vertices"] >= reply["after_degree"]["vertices"] >= reply["after_adjacency"]["vertices"]


def test_gtsps_uses_the_loaded_puzzle_and_reports_its_limit() -> None:
    call("load", puzzle=FIGURE_4_2)
    assert call("gtsps")["vertices"] == 33
    error = call("gtsps", puzzle="." * 81)["error"]
    assert error["kind"] == "gtsps-limit" and error["message"].endswith(
        "too many for GTSPS; press Count solutions, the search engine, instead.")


# --- play commands -----------------------------------------------------------------------------

def test_play_commands_move_notes_undo_redo_and_the_can_map() -> None:
    view = call("load", puzzle=FIGURE_4_2)["view"]
    assert view["classification"]["kind"] == "unique" and view["can"]["undo"] is False
    assert view["origins"][1] == "given" and view["origins"][0] == ""
    view = call("place", cell=0, digit=9)["view"]
    assert view["values"][0] == 9 and view["origins"][0] == "player" and view["can"]["undo"]
    assert view["steps"][-1]["effect"] == "r1c1 = 9" and view["actions"] == ["place r1c1 9"]
    view = call("note", cell=2, digit=7)["view"]
    assert view["notes"][2] == [7] and view["address"] == {"digits": "9" + "." * 80,
                                                           "notes": view["address"]["notes"]}
    undone = call("undo")
    assert undone["view"]["notes"][2] == [] and undone["view"]["can"]["redo"]
    # What was undone, in words: the board alone shows the entry before it (the digit placed).
    assert undone["done"] == "Undone: you toggled the note 7 in r1c3."
    redone = call("redo")
    assert redone["view"]["notes"][2] == [7] and redone["done"] == "Redone: you toggled the note 7 in r1c3."
    view = call("fill_notes")["view"]
    assert view["notes"][3] == view["candidates"][3] != []
    view = call("erase", cell=0)["view"]
    assert view["values"][0] == 0 and view["actions"][-1] == "erase r1c1"
    error = call("place", cell=1, digit=3)["error"]
    assert error["message"] == "r1c2 is a given: it cannot change"


def test_the_view_says_why_a_keyed_command_is_off() -> None:
    """``cannot``: why Undo, Redo, Step or Hint is off, for the page to say when its key is pressed
    (the last hint, a solved board, a stuck one, a mistake named); nothing for one that is on."""
    view = call("load", puzzle=FIGURE_4_2)["view"]
    assert view["cannot"] == {"undo": "Nothing to undo: this is the puzzle's start.",
                              "redo": "Nothing to redo: this is the last move or step."}
    for _ in range(3):
        view = call("hint")["view"]
    assert view["hint_level"] == 3 and not view["can"]["hint"]
    assert view["cannot"]["hint"] == "That was the last hint, 3 of 3: it shows the whole step, which Apply takes."
    view = call("solve")["view"]
    assert view["status"]["status"] == "solved" and "undo" not in view["cannot"]
    assert view["cannot"]["step"] == view["cannot"]["hint"] == "The puzzle is solved: nothing is left to find."
    stuck = call("load", puzzle="." * 81)["view"]
    assert stuck["status"]["status"] == "stuck" and stuck["cannot"]["step"] == stuck["status"]["message"]
    call("load", puzzle=FIGURE_4_2)
    mistake = call("place", cell=0, digit=8)["view"]  # its solution's digit is 9
    assert mistake["can"]["hint"] and "hint" not in mistake["cannot"]
    mistake = call("hint")["view"]
    assert mistake["hint"]["kind"] == "mistake"
    assert mistake["cannot"]["hint"] == "The hint says all it can: put right what it names, then ask again."


def test_the_techniques_reply_says_why_the_play_keys_do_nothing_while_the_givens_are_typed() -> None:
    """``entering_cannot``: why S, H and N do nothing in Enter puzzle mode (the page's), so that the
    page says it when they are pressed. The same for every board, it comes once, with the registry
    the page asks before its first board, and no view repeats it (a board waiting for its count
    neither)."""
    why = call("techniques")["entering_cannot"]
    assert sorted(why) == ["hint", "notes", "step"]
    assert all("typing its givens" in words and "press Play" in words for words in why.values()), why
    for view in (call("load", puzzle="." * 16)["view"], call("load", puzzle="." * 256)["view"]):
        assert "entering_cannot" not in view


@pytest.mark.parametrize("command", ["step", "solve_logic", "guess", "solve"])
def test_the_tutor_names_a_wrong_digit_instead_of_building_on_it(command: str) -> None:
    view = call("load", puzzle=FIGURE_4_2)["view"]
    solution = solve(Grid.parse(FIGURE_4_2))
    assert solution is not None
    wrong = next(d for d in view["candidates"][0] if d != solution[0])
    call("place", cell=0, digit=wrong)
    error = call(command)["error"]
    assert error["message"].startswith(f"r1c1: {wrong} is not this cell's digit: erase it (or Undo)")
    assert call("goto", position=1)["view"]["position"] == 1  # nothing was added to the history
    call("erase", cell=0)
    assert call(command)["view"]["position"] > 2


@pytest.mark.parametrize("puzzle, status, message", [
    ("." * 16, "entering", "An empty 4×4 board: type the givens, or paste a puzzle, then press Play."),
    ("1" + "." * 15, "entering", "1 given: more than one solution so far. Add givens, or press Play "
                                 "to solve it as it is."),
    ("1.....2..3.....4", "entering", "4 givens: exactly one solution. Press Play to solve it."),
    ("12....343.......", "contradiction", "Contradiction: r1c3 has no candidate left. The puzzle has "
                                          "no solution."),
], ids=["empty", "several", "unique", "contradiction"])
def test_the_entry_status_says_how_far_the_givens_are_from_a_puzzle(puzzle: str, status: str,
                                                                     message: str) -> None:
    assert call("load", puzzle=puzzle)["view"]["entry"] == {"status": status, "message": message}


def test_hint_ladder_check_and_settings_through_the_bridge() -> None:
    call("load", puzzle=FIGURE_4_2)
    view = call("place", cell=0, digit=8)["view"]
    hint = call("hint")["view"]["hint"]
    assert hint["kind"] == "mistake" and hint["cells"] == [0]
    assert call("apply")["error"]["message"] == "no hint to apply: ask for a hint first"
    view = call("check")["view"]
    assert view["check"]["wrong"] == [{"cell": 0, "digit": 8, "message": "r1c1: 8 is not this cell's digit"}]
    assert view["play"]["checks"] == 1 and view["play"]["hints"] == 1
    view = call("erase", cell=0)["view"]
    assert view["check"] is None
    view = call("settings", mark_mistakes=True, auto_clear_notes=False)["view"]
    assert view["settings"] == {"mark_mistakes": True, "auto_clear_notes": False}
    view = call("place", cell=0, digit=7)["view"]
    assert view["check"]["wrong"][0]["cell"] == 0 and view["actions"][-1] == "place r1c1 7 keep"
    call("erase", cell=0)
    for level in (1, 2, 3):
        view = call("hint")["view"]
        assert view["hint"]["level"] == level and view["hint_level"] == level
    applied = call("apply")["view"]
    assert applied["position"] == view["position"] + 1 and applied["hint"] is None


def test_a_link_position_and_saved_counters_are_restored_at_load() -> None:
    call("load", puzzle=FIGURE_4_2)
    call("place", cell=0, digit=9)
    view = call("note", cell=2, digit=7)["view"]
    address = view["address"]
    fresh = call("load", puzzle=FIGURE_4_2, digits=address["digits"], notes=address["notes"],
                 play={"started": 5.0, "hints": 2, "checks": 1, "finished_in": None})["view"]
    assert fresh["values"] == view["values"] and fresh["notes"] == view["notes"]
    assert fresh["origins"][0] == "player" and fresh["actions"][0].startswith("restore 9...")
    assert fresh["play"] == {"started": 5.0, "hints": 2, "checks": 1, "finished_in": None}


@pytest.mark.parametrize("request_args, message", [
    ({"cmd": "place", "cell": 81, "digit": 1}, "cell must be a whole number from 0 to 80, not 81"),
    ({"cmd": "note", "cell": 0, "digit": "1"}, 'digit must be a whole number from 1 to 9, not "1"'),
    ({"cmd": "settings", "mark_mistakes": "yes"}, 'mark_mistakes must be true or false, not "yes"'),
    ({"cmd": "load", "puzzle": FIGURE_4_2, "play": {"hints": -1}},
     "play.hints must be a whole number from 0 to 1,000,000,000, not -1"),
    ({"cmd": "load", "puzzle": FIGURE_4_2, "settings": {"mark_mistakes": 1}},
     "settings.mark_mistakes must be true or false, not 1"),
    ({"cmd": "load", "puzzle": FIGURE_4_2, "digits": "9"}, "take 81 characters, not 1"),
    ({"cmd": "load", "puzzle": FIGURE_4_2, "digits": "." + "5" + "." * 79},
     "r1c2 is a given 1, not 5"),
    ({"cmd": "load", "puzzle": FIGURE_4_2, "notes": "!!"}, "the notes code of a 9×9 position is 123 characters"),
], ids=["cell", "digit", "flag", "play-hints", "settings-flag", "digits-length", "digits-given", "notes"])
def test_bad_play_fields_are_named(request_args: dict[str, Any], message: str) -> None:
    call("load", puzzle=FIGURE_4_2)
    error = json.loads(handle(json.dumps(request_args)))["error"]
    assert message in error["message"]


# --- every field validated: kind "invalid", the field named, nothing coerced ------------------

REFUSED = {
    "goto-without-position": ({"cmd": "goto"}, "position", "position is required"),
    "goto-position-as-text": ({"cmd": "goto", "position": "1"}, "position",
                              'position must be a whole number from 0 to 46, not "1"'),
    "goto-position-past-the-log": ({"cmd": "goto", "position": 47}, "position",
                                   "position must be a whole number from 0 to 46, not 47"),
    "goto-position-negative": ({"cmd": "goto", "position": -1}, "position", "not -1"),
    "goto-position-float": ({"cmd": "goto", "position": 1.0}, "position", "not 1.0"),
    "goto-position-true": ({"cmd": "goto", "position": True}, "position", "not true"),
    "count-limit-0": ({"cmd": "count", "puzzle": FIGURE_4_9, "limit": 0}, "limit",
                      "limit must be a whole number from 1 to 1,000,000,000, not 0"),
    "count-limit-1e999": ('{"cmd": "count", "puzzle": "' + FIGURE_4_9 + '", "limit": 1e999}',
                          "limit", "not 1e999"),
    "count-limit-1e3": ('{"cmd": "count", "puzzle": "' + FIGURE_4_9 + '", "limit": 1e3}',
                        "limit", "not 1000.0"),
    "count-limit-text": ({"cmd": "count", "puzzle": FIGURE_4_9, "limit": "10"}, "limit",
                         'not "10"'),
    "count-without-puzzle": ({"cmd": "count"}, "puzzle", "puzzle is required"),
    "check-puzzle-number": ({"cmd": "check", "puzzle": 5}, "puzzle",
                            "puzzle must be a string, not a number (5)"),
    "load-actions-5": ({"cmd": "load", "puzzle": FIGURE_4_2, "actions": 5}, "actions",
                       "actions must be a list, not a number (5)"),
    "load-actions-text": ({"cmd": "load", "puzzle": FIGURE_4_2, "actions": "logic"}, "actions",
                          'actions must be a list, not a string ("logic")'),
    "load-action-number": ({"cmd": "load", "puzzle": FIGURE_4_2, "actions": [1]}, "actions",
                           "actions[0] must be a string"),
    "load-action-unavailable": ({"cmd": "load", "puzzle": FIGURE_4_2, "actions": ["backtrack"]},
                                "actions",
                                "actions: cannot replay action 1 ('backtrack'): nothing to backtrack"),
    "load-position-past-the-log": ({"cmd": "load", "puzzle": FIGURE_4_2, "actions": ["logic"],
                                    "position": 2}, "position",
                                   "position must be a whole number from 0 to 1, not 2"),
    "load-puzzle-list": ({"cmd": "load", "puzzle": [FIGURE_4_2]}, "puzzle",
                         "puzzle must be a string, not a list"),
    "generate-size-0": ({"cmd": "generate", "size": 0}, "size",
                        "size must be one of 4, 6, 9, 12, 16, 25, not 0"),
    "generate-size-4.9": ({"cmd": "generate", "size": 4.9}, "size", "not 4.9"),
    "generate-size-text": ({"cmd": "generate", "size": "9"}, "size", 'not "9"'),
    "generate-seed-1.7": ({"cmd": "generate", "size": 4, "seed": 1.7}, "seed",
                          "seed must be a whole number from 0 to 18,446,744,073,709,551,615, "
                          "not 1.7"),
    "generate-seed-negative": ({"cmd": "generate", "size": 4, "seed": -1}, "seed", "not -1"),
    "generate-seed-typed-letters": ({"cmd": "generate", "size": 4, "seed": "12a"}, "seed",
                                    'seed must be a whole number from 0 to 18,446,744,073,709,551,615, '
                                    'not "12a"'),
    "generate-seed-typed-sign": ({"cmd": "generate", "size": 4, "seed": "-1"}, "seed", 'not "-1"'),
    "generate-seed-typed-too-large": ({"cmd": "generate", "size": 4, "seed": "18446744073709551616"}, "seed",
                                      "not 18446744073709551616"),
    "generate-minimal-no": ({"cmd": "generate", "size": 4, "minimal": "no"}, "minimal",
                            'minimal must be true or false, not "no"'),
    "generate-minimal-text-true": ({"cmd": "generate", "size": 4, "minimal": "true"}, "minimal",
                                   'not "true"'),
    "generate-minimal-1": ({"cmd": "generate", "size": 4, "minimal": 1}, "minimal", "not 1"),
    "generate-level-capitalised": ({"cmd": "generate", "size": 4, "level": "Easy"}, "level",
                                   'level must be one of "easy", "medium", "hard", "expert", '
                                   '"extreme", "guessing", "unique", not "Easy"'),
    "generate-symmetry-unknown": ({"cmd": "generate", "size": 4, "symmetry": "diagonal"},
                                  "symmetry", 'not "diagonal"'),
    "rate-puzzle-object": ({"cmd": "rate", "puzzle": {"a": 1}}, "puzzle",
                           "puzzle must be a string, not an object"),
    "gtsps-puzzle-true": ({"cmd": "gtsps", "puzzle": True}, "puzzle",
                          "puzzle must be a string, not a boolean (true)"),
    "cmd-missing": ({"puzzle": FIGURE_4_2}, "cmd", "cmd is required"),
    "cmd-number": ({"cmd": 5}, "cmd", "cmd must be a string, not a number (5)"),
}


@pytest.mark.parametrize(("request_data", "field", "message"), REFUSED.values(), ids=REFUSED)
def test_every_field_is_checked_and_named(request_data: dict[str, Any] | str, field: str,
                                           message: str) -> None:
    """Each field is read by a typed reader (pysolver.fields): no 5.0 for 5, no "no" for false."""
    call("load", puzzle=FIGURE_4_2)
    call("solve_logic")  # a log of 46 steps, at its end
    text = request_data if isinstance(request_data, str) else json.dumps(request_data)
    reply = json.loads(handle(text))
    assert reply["ok"] is False, reply
    assert reply["error"]["kind"] == "invalid" and reply["error"]["field"] == field
    assert message in reply["error"]["message"]
    # The refused request changed nothing: the session is where it was.
    assert call("hint")["view"]["position"] == 46


@pytest.mark.parametrize(("request_text", "message"), [
    ("[" * 100_000 + "]" * 100_000, "the request nests lists and objects 100,000 deep; at most 32"),
    ('{"cmd": "count", "puzzle": "' + FIGURE_4_9 + '", "limit": ' + '[' * 40 + ']' * 40 + "}",
     "nests lists and objects 41 deep"),
    ('{"cmd": "load", "puzzle": "' + "1" * 2_000_000 + '"}',
     "too much was sent to the solver: 2,000,029 characters in all; at most 1,000,000 are accepted"),
    ('{"cmd": "count", "limit": NaN}', "the request is not valid JSON: NaN is not JSON"),
    ('{"cmd": "count", "limit": 1' + "0" * 5000 + "}", "the request is not valid JSON"),
    ('{"cmd": "load", "puzzle": "' + FIGURE_4_2, "the request is not valid JSON: Unterminated"),
    ("", "the request is not valid JSON: Expecting value: line 1 column 1"),
    ('"load"', "a request must be a JSON object, not a string"),
], ids=["deep-list", "deep-field", "oversized", "nan", "huge-integer", "unterminated", "empty",
        "string"])
def test_hostile_request_text_is_refused_before_parsing(request_text: str, message: str) -> None:
    call("load", puzzle=FIGURE_4_2)
    reply = json.loads(handle(request_text))
    assert reply["ok"] is False and reply["error"]["kind"] == "invalid"
    assert message in reply["error"]["message"]
    assert call("step")["view"]["position"] == 1


def test_a_seed_typed_in_the_panel_makes_the_puzzle_its_number_makes() -> None:
    """The page sends the Seed box's text as typed: digits (spaces around them allowed) are the
    number; a blank box, like no seed, draws one."""
    made = call("generate", size=4, level="easy", seed=7)
    for typed in ("7", " 7 "):
        again = call("generate", size=4, level="easy", seed=typed)
        assert (again["puzzle"], again["seed"]) == (made["puzzle"], 7)
    assert isinstance(call("generate", size=4, level="easy", seed="  ")["seed"], int)


def test_optional_fields_may_be_null_or_absent() -> None:
    assert call("count", puzzle=FIGURE_4_9, limit=None)["limit"] == 1000
    view = call("load", puzzle=FIGURE_4_2, actions=None, position=None)["view"]
    assert view["position"] == 0
    made = call("generate", size=4, level="easy", seed=None, symmetry=None, minimal=None)
    assert made["n"] == 4 and made["minimal"] is True and made["symmetry"] == "none"
    assert call("rate", puzzle=None)["puzzle"] == FIGURE_4_2


def test_step_is_offered_until_forcing_chains_have_looked_then_the_view_says_stuck() -> None:
    techniques = [t["slug"] for t in call("techniques")["techniques"] if t["slug"] != "nested-forcing-net"]
    call("load", puzzle=NEEDS_GUESS, techniques=techniques)
    stalled = call("solve_logic", techniques=techniques)["view"]
    assert stalled["status"]["status"] == "stuck" and not stalled["can"]["step"]
    # The same position in a new session: the view has not run forcing chains, so Step is offered.
    view = call("load", puzzle=NEEDS_GUESS, actions=stalled["actions"], position=stalled["position"],
                techniques=techniques)["view"]
    assert view["status"]["status"] == "solving" and "Step tries forcing chains" in view["status"]["message"]
    assert view["can"]["step"] and view["can"]["hint"]
    view = call("step", techniques=techniques)["view"]  # they find nothing either: no error, the view says stuck
    assert view["status"] == stalled["status"] and view["position"] == stalled["position"]
    assert not view["can"]["step"] and not view["can"]["hint"]
    assert call("step", techniques=techniques)["error"]["kind"] == "invalid"  # no longer offered


def test_the_warm_up_steps_its_own_session_and_then_stops(monkeypatch: pytest.MonkeyPatch) -> None:
    from pysolver import web
    monkeypatch.setattr(web._WarmUp, "taken", 0)
    monkeypatch.setattr(web._WarmUp, "session", None)
    call("load", puzzle=FIGURE_4_9)
    call("step")
    before = call("goto", position=1)
    taken = 0
    while web.warm_up():
        taken += 1
    assert taken == web.WARM_UP_STEPS and not web.warm_up()
    assert call("goto", position=1) == before  # the page's session is as it was


def test_export_writes_the_board_without_solving_and_the_path_only_when_asked(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A 16×16 needing nested forcing nets took minutes before Export showed anything: the texts
    of the board need no solve, so they come at once, and the path is a command of its own."""
    call("load", puzzle=FIGURE_4_2)

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("solved for an export of the board")
    with monkeypatch.context() as patched:
        patched.setattr("pysolver.session.Session.steps_to_end", refuse)
        reply = call("export")
    assert reply["ok"] and "path" not in reply and reply["formats"]

    heard: list[tuple[str, float]] = []
    path = json.loads(handle(json.dumps({"cmd": "export_path"}),
                             lambda stage, fraction: heard.append((stage, fraction))))
    assert path["ok"] and path["path"].endswith("solved: Solved in 46 steps.")
    assert heard[0][0] == "Writing the solution path: 1 step, 45 cells to go (last: Naked Single)"
    assert heard[-1][1] == 1 and len(heard) == 46


def test_the_generators_progress_lines_start_with_a_capital_as_the_pages_others_do() -> None:
    heard: list[str] = []
    reply = json.loads(handle(json.dumps({"cmd": "generate", "size": 4, "seed": 1}),
                              lambda stage, fraction: heard.append(stage)))
    assert reply["ok"] and heard and all(stage.startswith("Attempt ") for stage in heard), heard


def test_gtsps_says_each_stage_in_words_for_the_pages_progress_line() -> None:
    heard: list[tuple[str, float]] = []
    reply = json.loads(handle(json.dumps({"cmd": "gtsps", "puzzle": FIGURE_4_2}),
                              lambda stage, fraction: heard.append((stage, fraction))))
    assert reply["ok"] and [stage for stage, _ in heard] == [
        "Listing each box's valid permutations", "Building the graph G", "Applying the degree rule",
        "Applying the structural-adjacency rule", "Forming the super-vertices",
        "Finding the cliques of G*"]
    assert [fraction for _, fraction in heard] == sorted(fraction for _, fraction in heard)


def test_the_exported_path_from_a_wrong_placed_digit_takes_no_step() -> None:
    """A position line whose placed 6 in r1c2 is wrong: the path says so, as Step would."""
    call("load", puzzle=":0000:x:4+6....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2....."
                        "1.4......:::")
    assert call("export_path")["path"] == call("step")["error"]["message"].join(["wrong: ", ""])


def test_solve_logic_reports_its_progress_and_undo_takes_it_back_whole() -> None:
    call("load", puzzle=FIGURE_4_2)
    call("step")
    heard: list[tuple[str, float]] = []
    reply = json.loads(handle(json.dumps({"cmd": "solve_logic"}),
                              lambda stage, fraction: heard.append((stage, fraction))))
    assert reply["view"]["position"] == 46 and len(heard) == 45
    assert heard[0][0].startswith("Solving by logic: 1 step, 44 cells to go (last: ")
    assert heard[-1][0].startswith("Solving by logic: 45 steps, 0 cells to go (last: ")
    assert [fraction for _, fraction in heard] == sorted(fraction for _, fraction in heard)
    assert heard[-1][1] == 1
    undone = call("undo")
    assert undone["view"]["position"] == 1 and undone["view"]["status"]["message"] == "45 cells to go."
    assert undone["done"] == "Undone: Solve by logic's 45 steps."
    assert call("redo")["view"]["position"] == 46
    assert call("back")["view"]["status"]["message"] == "1 cell to go."
    call("goto", position=1)
    first = reply["view"]["steps"][0]
    assert call("undo")["done"] == f"Undone: the tutor's {first['name']} ({first['effect']})."


def test_a_large_board_is_drawn_before_its_solutions_are_counted() -> None:
    """A 25×25 load spent most of a second (several in the browser) counting solutions before the
    page saw its board: the load replies with the board and a ``pending`` classification, computing
    nothing that reads it, and ``classify`` then returns the full view. A 9×9 counts at once."""
    line = (Path(__file__).parent.parent / "bench/data/unique25x25_seed15.txt").read_text().split()[0]
    first = call("load", puzzle=line)["view"]
    session = web._Worker.session
    assert session is not None and not session.classified  # nothing read the count
    assert first["classification"]["kind"] == "pending"
    assert first["classification"]["message"] == first["status"]["message"] == web.COUNTING
    assert first["status"]["status"] == "counting" and first["entry"]["message"] == web.COUNTING
    assert first["hint"] is None and first["check"] is None and not any(first["can"].values())
    assert set(first["can"]) == set(web.CAN_NAMES)
    assert first["values"] == call("classify")["view"]["values"] and session.classified
    full = call("classify")["view"]
    assert full["classification"]["kind"] == "unique" and full["status"]["status"] == "solving"
    assert full["can"]["step"] and set(full["can"]) == set(web.CAN_NAMES)
    assert {key for key in first if first[key] != full[key]} <= {
        "status", "classification", "entry", "can", "cannot", "can_guess", "can_backtrack"}
    # A command asked before the count still reads it (the page asks classify first anyway).
    call("load", puzzle=line)
    assert call("step")["view"]["classification"]["kind"] == "unique"
    assert call("load", puzzle=FIGURE_4_2)["view"]["classification"]["kind"] == "unique"


def test_a_large_board_whose_count_was_cancelled_is_drawn_uncounted() -> None:
    """After Cancel stopped the count, the page loads the board again with ``count`` false: the
    same board, words that say the count was cancelled and how it comes back (no ``classify`` is
    asked); only ``classify`` is offered (the page's Count solutions asks it: the next move was
    the only way back, and nothing said the count could be asked), and it, or the next move,
    counts."""
    line = (Path(__file__).parent.parent / "bench/data/unique25x25_seed15.txt").read_text().split()[0]
    counting = call("load", puzzle=line)["view"]
    stopped = call("load", puzzle=line, count=False)["view"]
    session = web._Worker.session
    assert session is not None and not session.classified
    assert stopped["classification"] == {"kind": "uncounted", "message": web.NOT_COUNTED, "cell": None,
                                         "house": None, "cells": []}
    assert stopped["status"]["status"] == "uncounted" and stopped["status"]["message"] == web.COUNT_STOPPED
    assert stopped["entry"]["message"] == web.COUNT_STOPPED and "Count solutions" in web.COUNT_STOPPED
    assert [name for name, on in stopped["can"].items() if on] == ["classify"]
    assert stopped["cannot"] == {name: web.COUNT_STOPPED for name in web.KEYED}  # why S or H does nothing
    assert set(stopped["can"]) == set(web.CAN_NAMES) and not counting["can"]["classify"]
    assert stopped["values"] == counting["values"]
    recounted = call("classify")["view"]
    assert recounted["classification"]["kind"] == "unique" and recounted["can"]["step"]
    assert not recounted["can"]["classify"] and recounted["values"] == stopped["values"]
    call("load", puzzle=line, count=False)
    cell = stopped["values"].index(0)
    moved = call("note", cell=cell, digit=1)["view"]
    assert moved["classification"]["kind"] == "unique" and moved["can"]["step"]
    # A 9×9 board is counted in its load, as ever.
    assert call("load", puzzle=FIGURE_4_2, count=False)["view"]["classification"]["kind"] == "unique"


def test_a_saved_large_game_shows_its_position_before_its_history_is_replayed() -> None:
    """A saved 16×16 game with tutor steps replayed its history (whose steps need the count) before
    the page saw its board: with the saved position's ``digits`` and ``notes`` the load replies
    with that position, counted and replayed by ``classify``, whose view is the saved game's; it
    says the replay to ``progress`` once the count is done (the status said "Counting solutions…"
    while the steps were replayed)."""
    line = (Path(__file__).parent.parent / "bench/data/unique16x16_seed15.txt").read_text().split()[0]
    call("load", puzzle=line)
    call("classify")
    for _ in range(3):
        call("step")
    call("back")
    saved = call("note", cell=call("goto", position=3)["view"]["values"].index(0), digit=2)["view"]
    actions, position, address = saved["actions"], saved["position"], saved["address"]
    assert "logic" in actions and position == len(actions)
    first = call("load", puzzle=line, actions=actions, position=position, **address)["view"]
    session = web._Worker.session
    assert session is not None and not session.classified
    assert first["classification"]["kind"] == "pending" and not any(first["can"].values())
    assert first["status"]["message"] == web.COUNTING
    assert (first["values"], first["notes"], first["address"]) == (saved["values"], saved["notes"], address)
    said: list[tuple[str, float]] = []

    def progress(stage: str, fraction: float) -> None:
        said.append((stage, fraction))
    # The replay is said once the count is done (the status said "Counting solutions…" throughout).
    reply = json.loads(web.handle(json.dumps({"cmd": "classify"}), progress))
    full = reply["view"]
    assert said == [(f"Replaying the saved game's {len(actions)} steps…", 0.0)]
    assert {key for key in saved if saved[key] != full[key]} <= {"play"}
    # Without the position shown (an older page), or on a 9×9 board, the load replays at once.
    assert call("load", puzzle=line, actions=actions, position=position)["view"]["actions"] == actions
    small = call("load", puzzle=FIGURE_4_2, actions=["logic"], position=1, digits="1" * 81)["view"]
    assert small["actions"] == ["logic"] and small["classification"]["kind"] == "unique"
