"""The worker's JSON bridge: every command, replay after a restart, and errors as data."""

from __future__ import annotations

import json
from typing import Any

import pytest

from pysolver.web import handle
from tests.helpers import FIGURE_4_2, FIGURE_4_9

#: Needs guessing with every technique, after five logic steps, a pile exclusion among them (the
#: forum's hardest list).
NEEDS_GUESS = "...2....871......9..6.9.5....8.6...5.....23...4....6....9.3..5.4....1........7..."


def call(cmd: str, **args: Any) -> dict[str, Any]:
    reply: dict[str, Any] = json.loads(handle(json.dumps({"cmd": cmd, **args})))
    return reply


def test_load_gives_the_whole_view() -> None:
    view = call("load", puzzle=FIGURE_4_2)["view"]
    assert (view["n"], view["box_rows"], view["symbols"]) == (9, 3, "123456789")
    assert view["puzzle"] == FIGURE_4_2 and view["position"] == 0 and view["steps"] == []
    assert view["candidates"][0] == [7, 8, 9] and view["candidates"][1] == []
    assert view["status"]["status"] == "solving" and view["hint"] is None


def test_hint_does_not_apply_and_step_does() -> None:
    call("load", puzzle=FIGURE_4_2)
    hinted = call("hint")["view"]
    assert hinted["position"] == 0 and hinted["hint"]["technique"] == "naked-single"
    stepped = call("step")["view"]
    assert stepped["position"] == 1 and stepped["steps"][0] == hinted["hint"]
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
    view = call("load", puzzle=NEEDS_GUESS)["view"]
    view = call("solve_logic")["view"]
    assert view["status"]["status"] == "stuck" and view["can_guess"]
    view = call("guess")["view"]
    assert view["actions"][-1] == "guess"
    rebuilt = call("load", puzzle=NEEDS_GUESS, actions=view["actions"], position=3)["view"]
    assert rebuilt["steps"] == view["steps"] and rebuilt["position"] == 3


def test_solve_finishes_with_search() -> None:
    call("load", puzzle=NEEDS_GUESS)
    view = call("solve")["view"]
    assert view["status"]["status"] == "solved" and view["steps"][-1]["technique"] == "search"
    assert all(view["values"])


def test_count_and_check() -> None:
    assert call("count", puzzle=FIGURE_4_9) == {"ok": True, "count": 127, "limit": 1000,
                                                "message": "127 solutions."}
    assert call("count", puzzle=FIGURE_4_9, limit=10)["message"] == (
        "At least 10 solutions (counting stopped there).")
    assert call("count", puzzle=FIGURE_4_9, limit=2**40)["error"]["message"] == (
        "the count limit must be between 1 and 1,000,000,000, not 1,099,511,627,776")
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
    ('{"cmd": "fly"}', "invalid", "unknown command 'fly'"),
    ('[1, 2]', "invalid", "a request must be a JSON object"),
    ('{"cmd": "load", "puzzle": "' + FIGURE_4_2 + '", "actions": ["logic", "nope"]}', "invalid",
     "unknown action 'nope' at step 2"),
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
    assert error["kind"] == "gtsps-limit" and "pysolver count" in error["message"]
