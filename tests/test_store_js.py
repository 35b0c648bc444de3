"""web/js/store.js under Node: the page's state changes only by pure functions of actions."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pysolver.web import handle
from tests.helpers import FIGURE_4_2, node_json

SCRIPT = Path(__file__).resolve().parent / "js" / "store_check.mjs"


def run_under_node(script: Path, what: str) -> dict[str, Any]:
    """What ``script`` prints as JSON, given Python's view of Figure 4.2 after a 9 in r1c1."""
    handle(json.dumps({"cmd": "load", "puzzle": FIGURE_4_2}))
    view = json.loads(handle(json.dumps({"cmd": "place", "cell": 0, "digit": 9})))["view"]
    return node_json(script, what, json.dumps(view))


@pytest.fixture(scope="module")
def result() -> dict[str, Any]:
    return run_under_node(SCRIPT, "store")


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
    hinted, moved, stepped = result["hints"]
    # Said by the step panel's live region (`said`: no other region says them).
    assert hinted == {"title": "Hint 1 of 3: Naked Single", "text": "Look.", "kind": "step", "said": False}
    assert moved == {"title": "Your digit", "text": "You placed 9 in r1c1.", "kind": "move", "said": False}
    assert stepped == {"title": "Naked Single", "text": "r1c1 can only be 9.", "kind": "step", "said": False}


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


def test_the_tutors_commands_wait_for_play_while_givens_are_typed(result: dict[str, Any]) -> None:
    assert result["playingOnlyWhen"]["enter"] == ["check", "count", "export"]
    assert set(result["playingOnlyWhen"]["play"]) >= {"step", "check", "count", "export"}


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


def test_the_game_being_edited_is_saved_with_the_board_and_comes_back_on_reload(result: dict[str, Any]) -> None:
    reloading = result["reloading"]
    assert reloading["savedGame"] == ["place r1c1 9"] and reloading["problem"] is None
    assert reloading["mode"] == "enter" and reloading["editing"] == ["place r1c1 9"] and reloading["givens"]
    assert reloading["nested"] is False and reloading["notKeptInPlay"] is None
    # The board is kept; only the game kept while editing is left out (reading sets nothing aside).
    assert reloading["broken"] == ("The saved board was read in part. Its game kept while editing the givens was "
                                   "left out (its step log is not a list of steps).")


def test_the_list_of_set_aside_records_changes_only_when_storage_does(result: dict[str, Any]) -> None:
    """The records listed again as they were leave the state as it is (nothing is drawn); a Delete
    awaits its confirmation only while its record is there as it was: one another tab put in its
    place was not the one chosen."""
    aside = result["asideList"]
    assert aside["initial"] == []
    assert aside["listed"] == ["pysolver.board.set-aside", "pysolver.board.set-aside.2"]
    assert aside["sameAgain"] and aside["heldNow"]
    assert aside["confirm"] == aside["confirmKept"] == {"key": "pysolver.board.set-aside.2", "stamp": "1.b"}
    assert aside["confirmReplaced"] is None and aside["putAway"] is None


def test_a_game_opened_from_the_list_brings_its_page_settings_as_at_load(result: dict[str, Any]) -> None:
    assert result["asideList"]["opened"] == {
        "showCandidates": False, "settings": {"auto_clear_notes": False, "mark_mistakes": True},
        "editing": {"givens": "1..."}, "confirm": None}
    # An example's game set aside and opened again holds its switches off for its puzzle.
    assert result["asideList"]["openedExample"] == ["aic"]
    assert result["asideList"]["openedPlain"] is None


STORAGE = Path(__file__).resolve().parent / "js" / "storage_check.mjs"


@pytest.fixture(scope="module")
def tabs() -> dict[str, Any]:
    """web/js/storage.js under Node, as tabs sharing a localStorage with a quota (tests/js/storage_check.mjs)."""
    return node_json(STORAGE, "storage")


RESCUE = ("To keep that game, download it from this page's \"Set-aside games\" panel, where it is listed as held, or "
          "free space for this page there by deleting the set-aside records that you no longer need: your next move "
          "then sets it aside and saves this game again.")
LISTED = "listed in this page's \"Set-aside games\" panel"
NOT_SAVED = ("This game is not saved: the saved board in this browser is a game that could not be set aside (this "
             "browser's storage for this page is full), and saving would write over it. This tab's position stays in "
             "its address (a reload or the link opens it). " + RESCUE)


def test_a_record_that_could_not_be_set_aside_is_saved_over_by_no_tab(tabs: dict[str, Any]) -> None:
    """A saved game whose steps no longer replay, which its tab could not set aside: another tab open
    on another game does not save over it, says why and what to do (once), and saves again, setting
    the record aside first, once space is freed; the first tab is then told where it is kept."""
    replay = tabs["replay"]
    assert replay["kept"] and replay["keptStill"]  # the other tab's moves did not write over it
    assert replay["firstSaid"] == ("The saved board as it was could not be set aside (this browser's storage for this "
                                   "page is full), so this page does not save over it: what you do here is kept only "
                                   "in the address. " + RESCUE)
    assert replay["otherSaid"] == NOT_SAVED
    assert replay["otherAgain"] is None and replay["firstSaves"] is None  # said once
    kept = (f"The saved board that could not be set aside is now kept under \"pysolver.board.set-aside\" ({LISTED}); "
            "this game is saved again.")
    assert replay["otherFreed"] == kept and replay["asideAfterFree"]
    assert replay["firstAfter"] == kept and replay["storedAfter"] and replay["marker"] is None


def test_an_unreadable_record_that_could_not_be_set_aside_is_kept_from_a_tab_opened_before(
        tabs: dict[str, Any]) -> None:
    unreadable = tabs["unreadable"]
    assert unreadable["kept"]
    assert unreadable["firstSaid"].startswith("The saved board was read in part. It has an unknown format")
    assert "could not be set aside" in unreadable["firstSaid"] and RESCUE in unreadable["firstSaid"]
    assert unreadable["otherSaid"] == NOT_SAVED


def test_with_no_room_even_to_tell_other_tabs_the_page_warns_of_them(tabs: dict[str, Any]) -> None:
    assert ("Another tab of this page open on another game could still save over it: play only in this tab until "
            "it is set aside.") in tabs["brimful"]["firstSaid"]


def test_reading_a_saved_record_sets_nothing_aside(tabs: dict[str, Any]) -> None:
    """Another tab's save heard, the board kept for a reload, the record read for Back or Forward:
    nothing is written or removed, and no message claims the record was set aside."""
    pure = tabs["pure"]
    read_in_part = ("The saved board was read in part. It has an unknown format (version \"2\"), so each field was "
                    "checked on its own.")
    assert pure["unchanged"] and pure["elsewhere"] and pure["keptText"] == "typed"
    assert pure["keptProblem"] == pure["readProblem"] == pure["parsedProblem"] == read_in_part


def test_each_history_entry_keeps_its_own_game_for_back_and_forward(tabs: dict[str, Any]) -> None:
    """The browser keeps one saved board; each history entry keeps the game last saved in it (with
    every save, even one that leaves the address as it was), offered back only for its position,
    only whole and only played (givens being typed are the address's); a game too large for the browser's history leaves the entry its address."""
    entries = tabs["entries"]
    assert entries["pushed"] == 2 and entries["backActions"] == 3 and entries["forward"] == ".42...1......3.."
    assert entries["otherPosition"] is None and entries["notWhole"] is None and entries["typing"] is None
    assert entries["large"] == {"mode": "play"} and entries["hash"].startswith("#p=..3.2.6")


def test_the_records_set_aside_are_listed_in_words_and_deleted_only_as_listed(tabs: dict[str, Any]) -> None:
    """Each set-aside record is listed in slot order with its exact text and a few words (one with no
    puzzle cannot be opened); a Delete removes a set-aside record only while it holds the text listed,
    and never a key of another kind; this tab's changes are heard (to draw the list again)."""
    listed = tabs["listed"]
    assert listed["listed"] == [
        {"key": "pysolver.board.set-aside", "exact": True, "held": False, "openable": True,
         "summary": "9×9, 32 givens (\"..3.2.6..9..3.5..1..18.6…\"): 3 moves and steps. Read in part: opened, it keeps "
                    "what the page can read."},
        {"key": "pysolver.board.set-aside.2", "exact": True, "held": False, "openable": False,
         "summary": "The saved board could not be used (its puzzle is missing, not text, or too long). It cannot be "
                    "opened; it can be downloaded."}]
    assert listed["saidInPart"].endswith(f'kept in this browser\'s storage under "pysolver.board.set-aside", {LISTED} '
                                         "to download, open or delete.")
    assert listed["saidUnusable"].endswith(f'under "pysolver.board.set-aside.2", {LISTED} to download or delete.')
    assert listed["stored"] is None
    assert listed["stale"] is False and listed["notListed"] is False
    assert listed["deleted"] is True and listed["gone"] is None
    assert listed["heardAfterLoad"] == 1 and listed["heard"] == 4  # set aside, deleted, two games kept
    assert listed["events"] == [True, True, True, False, False]  # cleared, a set-aside key, the held mark
    # A game's start in the person's time zone (India's, UTC+5:30, here) tells games of one puzzle
    # apart; a start no date can hold is left unsaid. Newer ICU puts a narrow space before "PM".
    assert [words.replace("\u202f", " ") for words in listed["described"]] == [
        "4×4, 4 givens (\".42...1......3..\"): 1 move or step.",
        "9×9, 32 givens (\"..3.2.6..9..3.5..1..18.6…\"): 2 moves and steps, shown at 1, givens being typed.",
        "A position imported as text: no moves yet.",
        "The saved board could not be read (it is not valid JSON). It cannot be opened; it can be downloaded.",
        "4×4, 4 givens (\".42...1......3..\"): 3 moves and steps, solved, started Nov 18, 2026, 4:36 PM.",
        "4×4, 4 givens (\".42...1......3..\"): no moves yet."]


def test_the_game_open_is_set_aside_before_another_is_opened_over_it(tabs: dict[str, Any]) -> None:
    """Only a game with moves (Back keeps a puzzle without any), once (the same text keeps its place),
    and never over another: with every place taken it is refused, and nothing may be opened."""
    listed = tabs["listed"]
    assert listed["noMoves"] == {"ok": True, "key": None}
    assert listed["kept"] == listed["keptAgain"] == {"ok": True, "key": "pysolver.board.set-aside.2"}
    assert listed["keptText"]
    assert listed["noPlace"] == {"ok": False, "why": "the 20 places for set-aside records are all taken"}
    # The board showing a saved game without its history (Cancel stopped the replay): the record is kept.
    assert listed["savedInstead"] == {"ok": True, "key": "pysolver.board.set-aside.3"} and listed["savedKept"]
    assert listed["count"] == 20


def test_a_held_record_is_listed_in_every_tab_and_deleting_it_lets_the_game_be_saved(tabs: dict[str, Any]) -> None:
    held = tabs["held"]
    assert RESCUE in held["firstSaid"]
    both = [{"key": "pysolver.board", "held": True, "openable": False}]
    assert held["listedHere"] == held["listedThere"] == both
    assert held["deleted"] is True and held["saved"] is None and held["stored"] == 5
    assert held["marker"] is None and held["after"] == 0


CONTROLLER = Path(__file__).resolve().parent / "js" / "controller_check.mjs"


@pytest.fixture(scope="module")
def controlled() -> dict[str, Any]:
    """web/js/controller.js under Node with a scripted client (tests/js/controller_check.mjs)."""
    return run_under_node(CONTROLLER, "controller")


def test_cancel_while_a_saved_game_replays_shows_its_position_and_keeps_the_record(
        controlled: dict[str, Any]) -> None:
    cancel = controlled["cancel"]
    assert cancel["replaying"] == {"cmd": "load", "actions": 3, "openingGame": 3}
    # Not the blank board shown before Python answered: the saved position, without its history.
    assert cancel["reloadPuzzle"] == FIGURE_4_2 and cancel["reloadActions"] is None
    assert cancel["reloadDigits"] == "9" + "." * 80 and cancel["reloadHints"] == 2
    assert cancel["savedKept"] is True and cancel["mode"] == "play"
    assert cancel["notice"] == ("Cancelled replaying the saved game's 3 steps: its position is shown without "
                                "them, so Undo starts here. The saved game is kept until your next move; reload "
                                "the page to open it whole.")
    assert cancel["savedKeptAfterMove"] is False  # the next move is saved as usual
    # One step is counted in the singular ("1 steps" before).
    assert controlled["cancelOne"]["notice"].startswith(
        "Cancelled replaying the saved game's 1 step: its position is shown without it, so Undo")


def test_input_during_a_run_is_refused_saying_so_and_the_run_still_answers(controlled: dict[str, Any]) -> None:
    busy = controlled["busy"]
    run = "Making a new puzzle… Wait for it, or press Cancel to stop it: "
    assert busy["typedRefusal"] == run + "the 4 typed in r1c2 was not entered."
    assert busy["pasteRefusal"] == run + "the pasted text was not loaded."
    assert busy["boxRefusal"] == run + "the text in the box was not loaded (it stays there)."
    assert busy["openRefusal"] == run + "the position in the address was not opened."  # Back or Forward
    assert busy["learnError"] == "busy" and busy["sentWhileBusy"] == ["generate"]
    assert busy["reply"] == {"puzzle": FIGURE_4_2}  # the run's reply was not dropped
    assert busy["afterRun"] == {"refused": None, "text": "1" * 81}
    assert busy["boxAfterView"] == "1" * 81  # the refused text stays in the box past the new board
    assert busy["overtaken"] == {"refused": None, "sent": ["generate", "place", "place"]}
    # Fast typing ending on a given: the moves Python took stay on the board beside its refusal.
    assert busy["refusedAfterOvertaken"] == {"position": 3, "error": "r1c5 is a given: it cannot change",
                                             "sent": ["place", "place", "place"]}


def test_an_example_switches_techniques_off_for_its_puzzle_only_and_says_so(result: dict[str, Any]) -> None:
    """An example that needs AIC off: held off for its puzzle from the moment it opens (the request
    that loads it leaves AIC out), said by its board, kept while its puzzle is played; another
    puzzle's board puts AIC back and says so; the person switching it on takes it back."""
    seen = result["exampleSwitches"]
    assert seen["opening"] == {"shown": ["aic"], "notice": None}
    assert seen["otherOpening"]["shown"] == [] and seen["otherOpening"]["forItsPuzzle"] == ["aic"]
    assert seen["otherOpening"]["refusedThenShownAgain"] is None  # never shown: nothing to say
    assert seen["opened"] == {"off": ["aic"], "notice": (
        "AIC is switched off for this example, so the Discontinuous Nice Loop shows. "
        "It is back on with the next puzzle (or in Techniques).")}
    assert seen["stepped"] == {"off": ["aic"], "notice": None}
    assert seen["anotherPuzzle"] == {"off": [], "held": None,
                                     "notice": "AIC is on again (switched off only for the example)."}
    assert seen["anotherExample"]["off"] == ["grouped-aic"]
    assert seen["anotherExample"]["notice"].startswith(
        "AIC is on again (switched off only for the example). Grouped AIC is switched off for this example")
    assert seen["switchedOn"] == {"off": [], "noticeAfter": None}


def test_an_examples_switches_are_saved_with_its_game(result: dict[str, Any]) -> None:
    """A reload replays the example's steps with its switches off, and says so again; a record
    whose switches are not what the page writes is read without them, saying so."""
    seen = result["exampleSwitches"]["reloaded"]
    assert seen["saved"] == {"shows": "Discontinuous Nice Loop", "off": [{"slug": "aic", "title": "AIC"}]}
    assert seen["problem"] is None and seen["off"] == ["aic"]
    assert seen["notice"].startswith("AIC is switched off for this example")
    assert not seen["afterAnotherPuzzle"]
    assert seen["odd"] == ("The saved board was read in part. The techniques its example had switched off are "
                           "not what the page writes and were left out.")
    assert not seen["oddHeld"]
