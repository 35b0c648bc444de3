"""web/js/store.js under Node: the page's state changes only by pure functions of actions."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from pysolver.web import handle
from tests.helpers import FIGURE_4_2

SCRIPT = Path(__file__).resolve().parent / "js" / "store_check.mjs"


@pytest.fixture(scope="module")
def result() -> dict[str, Any]:
    node = shutil.which("node")
    if node is None:
        pytest.fail("node not found: the store test runs web/js/store.js under Node")
    handle(json.dumps({"cmd": "load", "puzzle": FIGURE_4_2}))
    view = json.loads(handle(json.dumps({"cmd": "place", "cell": 0, "digit": 9})))["view"]
    out = subprocess.run([node, str(SCRIPT), json.dumps(view)], capture_output=True, text=True,
                         check=True, timeout=60).stdout
    found: dict[str, Any] = json.loads(out)
    return found


def test_each_action_returns_a_new_state_and_mutates_nothing(result: dict[str, Any]) -> None:
    assert all(step["changed"] for step in result["seen"])  # a frozen input never threw
    by_type = {step["type"]: step for step in result["seen"]}
    assert by_type["select"]["selected"] == 10 and by_type["move"]["selected"] == 8  # clamped to r1c9
    assert by_type["notes-mode"]["notesMode"] and not by_type["notes-mode"]["showCandidates"]
    assert by_type["mode"]["mode"] == "enter" and not by_type["mode"]["notesMode"]
    assert result["unknown"] == "unknown action fly"
    # A nested net opened under "why?" is drawn until the next view (another step, another position).
    assert by_type["proof-net"]["proofNet"] == 2 and by_type["view"]["proofNet"] is None


def test_the_store_tells_its_listener_and_snapshots_the_position(result: dict[str, Any]) -> None:
    assert result["heard"] == ["select"] and result["selected"] == 3
    snap = result["snapshot"]
    assert snap["puzzle"] == FIGURE_4_2 and snap["actions"] == ["place r1c1 9"] and snap["position"] == 1
    assert snap["address"]["digits"] == "9" + "." * 80
    assert result["shown"]["mode"] == "applied" and result["shown"]["step"]["effect"] == "r1c1 = 9"


def test_input_modes_work_while_python_answers_and_commands_wait(result: dict[str, Any]) -> None:
    assert result["whileBusy"] == {"notes": True, "keys": True, "hint": False, "undo": False, "cancel": True}
    assert result["pending"] == {"mark_mistakes": True}  # a settings switch shows what was asked


def test_switching_mode_keeps_a_rejected_puzzles_reason(result: dict[str, Any]) -> None:
    # Play on a puzzle Python rejected has nothing to play: the reason stays, not "Loading".
    assert result["modeKeepsRejection"] == "two 5s in row 1"
    assert result["modeClearsLoadedError"] is None  # a loaded puzzle's stale message goes


def test_undo_and_redo_walk_the_givens_typed_while_entering(result: dict[str, Any]) -> None:
    assert result["retyping"] == {
        "undoAfterTwo": True, "redoAfterTwo": False,
        "afterUndo": "1.", "redoAfterUndo": True, "afterRedo": "12",
        "undoWhenPlaying": False,  # playing, Undo is the session's (nothing played yet)
        "pastAfterPlayLoad": 0, "pastAfterTypedLoad": 2}


def test_a_game_whose_givens_are_edited_is_kept_until_they_change(result: dict[str, Any]) -> None:
    editing = result["editing"]
    assert editing["kept"] == ["place r1c1 9"]
    assert editing["warned"] == ("Changing the givens makes a new puzzle: the 1 move played on the old one is "
                                 "dropped when you press Play. Undo the change to keep it.")
    assert editing["dropped"] == ("A new puzzle: the 1 move played on the old givens was dropped. "
                                  "The browser's Back button brings that game back.")
    assert editing["setAside"] == ["place r1c1 9"] and editing["editingAfterPlay"] is None
    assert editing["warnedWhenSame"] is None and editing["restore"] == ["place r1c1 9"]
    assert editing["restoreUntouched"] is None  # nothing was lost: Play has nothing to bring back
    assert editing["opening"] is True and editing["openedByView"] is False
