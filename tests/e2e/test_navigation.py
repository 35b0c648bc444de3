"""Moving between puzzles and modes without losing anything: Back and Forward between puzzles of
two sizes, a game whose givens are edited (and restored, or changed), a rejected paste of another
size, a key that is no digit of the size in Play (or a given, after digits typed faster than Python
answers), the letter shortcuts at 25×25, Cancel while a
saved game with a long history is replayed, and typing, pasting, opening Learn or changing the
address while a new puzzle is being made.

Expected words and positions come from ``pysolver.web.handle`` on the same requests.
"""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from playwright.sync_api import Page

from pysolver.grid import Grid
from pysolver.search import solve
from tests.e2e.test_app import IDLE, STATE, board, paste, py, py_view, state, wait_for
from tests.e2e.test_app_play import FOUR, cell, play_on, view
from tests.e2e.test_sizes import HOLD_REQUESTS, easy_25
from tests.helpers import FIGURE_4_2, FIGURE_4_9

pytestmark = pytest.mark.e2e

#: Three of the player's moves on FOUR (cell, key), all right.
MOVES = ((0, "1"), (3, "3"), (4, "3"))


def play_moves(page: Page) -> None:
    for done, (index, key) in enumerate(MOVES, start=1):
        cell(page, index).click()
        page.keyboard.press(key)
        wait_for(page, f"{IDLE} && {STATE}.view.actions.length === {done}")


def wait_puzzle(page: Page, puzzle: str) -> None:
    wait_for(page, f"(p) => {IDLE} && {STATE}.view && {STATE}.view.puzzle === p", puzzle)


def test_back_and_forward_between_puzzles_of_two_sizes(page: Page, site_url: str) -> None:
    play_on(page, site_url, FOUR)
    play_moves(page)
    played = view(page)["values"]
    page.select_option("#examples", "fig49")
    wait_for(page, f"{IDLE} && {STATE}.view.n === 9")
    later = view(page)["puzzle"]
    length = page.evaluate("history.length")
    for _ in range(2):
        page.go_back()
        wait_puzzle(page, FOUR)
        assert view(page)["values"] == played  # the moves came back with the puzzle
        assert page.evaluate("history.length") == length  # Back added no entry
        page.go_forward()
        wait_puzzle(page, later)
        assert page.evaluate("history.length") == length
    page.select_option("#size", "16")  # a blank board of a third size, then Back to the 9×9
    wait_for(page, f"{IDLE} && {STATE}.view.n === 16")
    page.go_back()
    wait_puzzle(page, later)
    page.go_back()
    wait_puzzle(page, FOUR)
    page.go_forward()
    wait_puzzle(page, later)


def test_forward_to_givens_being_typed_opens_them_for_typing(page: Page, site_url: str) -> None:
    """The address carries no mode: the history entry does, so Forward does not open givens typed
    on a cleared board as a puzzle to play ("Stuck… Guess to go on")."""
    play_on(page, site_url, FOUR)
    play_moves(page)
    page.get_by_role("button", name="Clear").click()
    wait_for(page, f"{IDLE} && {STATE}.mode === 'enter' && {STATE}.view && {STATE}.view.puzzle === '{'.' * 16}'")
    typed = "1" + "." * 4 + "2" + "." * 10
    for index in (0, 5):
        cell(page, index).click()
        page.keyboard.press(typed[index])
    wait_puzzle(page, typed)
    page.go_back()
    wait_puzzle(page, FOUR)
    assert state(page)["mode"] == "play"
    page.go_forward()
    wait_puzzle(page, typed)
    assert state(page)["mode"] == "enter"
    assert page.get_attribute("#status", "data-state") == "entering"
    assert page.inner_text("#status .text") == py("load", puzzle=typed)["view"]["entry"]["message"]


def type_a_repeated_given(page: Page) -> None:
    """A 4×4 board, and 1 typed in r1c1 and r1c2: givens Python refuses (two 1s in row 1)."""
    page.select_option("#size", "4")
    wait_for(page, f"{IDLE} && {STATE}.view.n === 4 && {STATE}.mode === 'enter'")
    for index in (0, 1):
        cell(page, index).click()
        page.keyboard.press("1")
    wait_for(page, f"{IDLE} && {STATE}.error !== null")


def test_a_repeated_given_typed_survives_a_reload(page: Page, site_url: str) -> None:
    """Nothing typed is lost: givens Python refuses (two 1s in a row) come back as typed, with the
    same reason, after a reload."""
    page.goto(site_url)
    wait_for(page, f"{IDLE} && {STATE}.view !== null", None, 120_000)
    type_a_repeated_given(page)
    refused = page.inner_text("#message")
    assert refused.startswith("two 1s in row 1")
    page.reload()
    wait_for(page, f"{IDLE} && {STATE}.ready && {STATE}.error !== null", None, 120_000)
    assert "".join(state(page)["entry"]) == "11" + "." * 14 and state(page)["mode"] == "enter"
    assert page.inner_text("#message") == refused


AFTER_A_FRAME = "new Promise((done) => requestAnimationFrame(() => setTimeout(() => setTimeout(done))))"
#: A key typed on the board's selected cell, and what is saved in the same task (before any reply
#: from Python can come): the stored puzzle and the address.
TYPE_AND_READ_SAVED = """(key) => {
  document.activeElement.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  return { stored: JSON.parse(localStorage.getItem('pysolver.board')).puzzle, hash: location.hash };
}"""


def test_givens_typed_after_a_reload_onto_a_repeat_are_saved_at_the_keystroke(page: Page, site_url: str) -> None:
    """Reloaded onto givens Python refuses, the page goes on saving what is typed: a given typed then
    is saved at once, before Python answers, and a second reload shows it in Enter mode with the
    same reason (the page used to stop saving until a valid board came)."""
    page.goto(site_url)
    wait_for(page, f"{IDLE} && {STATE}.view !== null", None, 120_000)
    page.select_option("#size", "4")
    wait_for(page, f"{IDLE} && {STATE}.view.n === 4 && {STATE}.mode === 'enter'")
    cell(page, 0).click()
    page.keyboard.press("1")
    wait_for(page, f"{IDLE} && {STATE}.view.givens[0] === 1")
    cell(page, 1).click()
    saved = page.evaluate(TYPE_AND_READ_SAVED, "1")  # the repeat: saved before Python refuses it
    assert saved == {"stored": "11" + "." * 14, "hash": "#p=11" + "." * 14}, saved
    wait_for(page, f"{IDLE} && {STATE}.error !== null")
    refused = page.inner_text("#message")
    page.reload()
    wait_for(page, f"{IDLE} && {STATE}.ready && {STATE}.error !== null", None, 120_000)
    page.evaluate(AFTER_A_FRAME)  # the page saves from the frame after its first board on
    cell(page, 5).click()
    typed = "11" + "." * 3 + "2" + "." * 10
    saved = page.evaluate(TYPE_AND_READ_SAVED, "2")
    assert saved == {"stored": typed, "hash": f"#p={typed}"}, saved
    wait_for(page, f"{IDLE} && {STATE}.error !== null")
    page.reload()
    wait_for(page, f"{IDLE} && {STATE}.ready && {STATE}.error !== null", None, 120_000)
    assert "".join(state(page)["entry"]) == typed and state(page)["mode"] == "enter"
    assert page.inner_text("#message") == refused
    assert page.inner_text("#status .text") == refused


def test_settings_go_on_through_givens_python_refuses(page: Page, site_url: str) -> None:
    """"Mark mistakes" switched on stays on through a repeated given typed, a reload onto it and
    the repeat's correction (the page used to send no settings while the givens were refused)."""
    page.goto(site_url)
    wait_for(page, f"{IDLE} && {STATE}.view !== null", None, 120_000)
    page.locator("#settings-panel summary").click()
    page.get_by_label("Mark mistakes as I make them").check()
    wait_for(page, f"{IDLE} && {STATE}.view.settings.mark_mistakes === true")
    type_a_repeated_given(page)
    page.reload()
    wait_for(page, f"{IDLE} && {STATE}.ready && {STATE}.error !== null", None, 120_000)
    page.evaluate(AFTER_A_FRAME)
    cell(page, 1).click()
    page.keyboard.press("2")
    wait_for(page, f"{IDLE} && {STATE}.view !== null && {STATE}.view.givens[1] === 2")
    assert state(page)["view"]["settings"]["mark_mistakes"] is True
    assert page.get_by_label("Mark mistakes as I make them").is_checked()


#: A key typed on the board's selected cell, and the step panel's words in the same task (before
#: Python answers).
TYPE_AND_READ_PANEL = """(key) => {
  document.activeElement.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  return { title: document.getElementById('step-title').textContent, text: document.getElementById('step-text').textContent };
}"""


def panel_words(page: Page) -> dict[str, str]:
    return {"title": page.inner_text("#step-title"), "text": page.inner_text("#step-text")}


def test_the_step_panel_says_the_givens_status_while_they_are_typed(page: Page, site_url: str) -> None:
    """In Enter puzzle the step panel says Python's entry status of the givens, kept while Python
    reads a keystroke (not the play help: "Play: select a cell…"), and for givens Python refuses,
    its reason and what to do."""
    page.goto(site_url)
    wait_for(page, f"{IDLE} && {STATE}.view !== null", None, 120_000)
    page.select_option("#size", "4")
    wait_for(page, f"{IDLE} && {STATE}.view.n === 4 && {STATE}.mode === 'enter'")
    empty = py("load", puzzle="." * 16)["view"]["entry"]["message"]
    assert panel_words(page) == {"title": "No step yet", "text": empty}
    cell(page, 0).click()
    assert page.evaluate(TYPE_AND_READ_PANEL, "1") == {"title": "No step yet", "text": empty}
    wait_for(page, f"{IDLE} && {STATE}.view.givens[0] === 1")
    one = "1" + "." * 15
    assert panel_words(page) == {"title": "No step yet", "text": py("load", puzzle=one)["view"]["entry"]["message"]}
    cell(page, 1).click()
    page.keyboard.press("1")
    wait_for(page, f"{IDLE} && {STATE}.error !== null")
    names = [page.text_content(f"#board .cell[data-cell='{c}'] .sr-only") for c in (0, 1, 2)]
    assert names == ["r1c1: given 1, in conflict", "r1c2: given 1, in conflict", "r1c3: empty"]  # as drawn
    reason = py("load", puzzle="11" + "." * 14)["error"]["message"]
    said = f"{reason[0].upper()}{reason[1:]}."
    assert panel_words(page) == {"title": "Not a puzzle yet",
                                 "text": f"{said} Change that cell, or press Undo, to go on: what you typed is kept."}
    page.reload()  # no Undo to offer after a reload
    wait_for(page, f"{IDLE} && {STATE}.ready && {STATE}.error !== null", None, 120_000)
    assert panel_words(page) == {"title": "Not a puzzle yet", "text": f"{said} Change that cell to go on: what you typed is kept."}
    # Text that does not fit the board is not put on it: no cell to change, the box has the text.
    paste(page, "hello world")
    wait_for(page, f"{IDLE} && {STATE}.error !== null && {STATE}.error.cell === null")
    reason = py("load", puzzle="hello world")["error"]["message"]
    assert panel_words(page) == {"title": "Not a puzzle yet", "text": f"{reason[0].upper()}{reason[1:]}. The text is "
                                 "kept in \u201cPuzzle as text\u201d: correct it there, then Load."}
    assert page.input_value("#puzzle-text") == "hello world"


def edit_a_given_mid_game(page: Page, site_url: str) -> dict[str, Any]:
    """Three moves on the 4×4, then Enter puzzle and a 1 typed as r4c4's given; the view played."""
    play_on(page, site_url, FOUR)
    play_moves(page)
    played = view(page)
    page.get_by_role("button", name="Enter puzzle").click()
    cell(page, 15).click()
    page.keyboard.press("1")
    wait_for(page, f"{IDLE} && {STATE}.view.givens[15] === 1")
    return played


def test_givens_typed_then_undone_give_the_game_back(page: Page, site_url: str) -> None:
    played = edit_a_given_mid_game(page, site_url)
    assert "3 moves" in page.inner_text("#message")  # said before anything is lost
    page.keyboard.press("Control+z")
    wait_for(page, f"{IDLE} && {STATE}.view.givens[15] === 0")
    page.get_by_role("button", name="Play", exact=True).click()
    wait_for(page, f"{IDLE} && {STATE}.mode === 'play' && {STATE}.view.actions.length === 3")
    assert (view(page)["actions"], view(page)["values"]) == (played["actions"], played["values"])
    assert page.locator("#message").is_hidden()
    page.get_by_role("button", name="Undo", exact=True).click()  # the history came back too
    wait_for(page, f"{IDLE} && {STATE}.view.position === 2")


def test_changed_givens_say_the_moves_were_dropped_and_back_brings_the_game(page: Page, site_url: str) -> None:
    played = edit_a_given_mid_game(page, site_url)
    changed = FOUR[:15] + "1"
    wait_puzzle(page, changed)
    page.get_by_role("button", name="Play", exact=True).click()
    wait_for(page, f"{IDLE} && {STATE}.mode === 'play'")
    message = page.inner_text("#message")
    assert "3 moves" in message and "dropped" in message and "Back" in message
    assert view(page)["actions"] == []
    page.go_back()
    wait_for(page, f"(p) => {IDLE} && {STATE}.view.puzzle === p && {STATE}.view.actions.length === 3", FOUR)
    assert (view(page)["values"], view(page)["position"]) == (played["values"], played["position"])
    assert state(page)["mode"] == "play"
    page.go_forward()
    wait_puzzle(page, changed)


@pytest.mark.parametrize(("shown", "text", "bad"), [
    pytest.param(FIGURE_4_2, "." * 40 + "H" + "." * 215, 40, id="16-on-9"),
    pytest.param(FOUR, FIGURE_4_2[:13] + "x" + FIGURE_4_2[14:], 13, id="9-on-4"),
])
def test_a_rejected_paste_of_another_size_marks_no_cell(page: Page, site_url: str, shown: str, text: str,
                                                         bad: int) -> None:
    play_on(page, site_url, shown)
    paste(page, text)
    expected = py("load", puzzle=text)["error"]
    assert expected["cell"] == bad
    message = page.locator("#message[data-kind='format']")
    message.wait_for()
    assert message.inner_text() == expected["message"]  # it still names the cell
    assert [c["cell"] for c in board(page) if c["conflict"]] == []
    assert view(page)["puzzle"] == shown


def test_a_refused_key_in_play_says_so_and_loses_no_move_typed_before_it(page: Page, site_url: str) -> None:
    """A key that is no digit of the size is named until the next move. Digits typed faster than
    Python answers, the last on a given: each reply is overtaken by the next request, and the last
    is refused, yet the board, the address and the saved game keep every move Python took."""
    play_on(page, site_url, FOUR)
    rule = py("load", puzzle=FOUR)["view"]["symbols_rule"]
    cell(page, 0).click()
    for key, shown in (("7", "7"), ("x", "x"), ("Shift+Z", "Z")):
        page.keyboard.press(key)
        message = page.locator("#message")
        message.wait_for()
        assert message.inner_text() == f"'{shown}' is not a digit here (r1c1 unchanged): {rule}."
        assert view(page)["actions"] == []
    # A key outside the Basic Multilingual Plane (two UTF-16 units) is named as well.
    emoji = "\U0001F600"
    page.evaluate("""(key) => document.activeElement.dispatchEvent(
      new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true }))""", emoji)
    wait_for(page, "(key) => document.getElementById('message').textContent.includes(key)", emoji)
    assert page.locator("#message").inner_text() == f"'{emoji}' is not a digit here (r1c1 unchanged): {rule}."
    page.keyboard.press("1")
    wait_for(page, f"{IDLE} && {STATE}.view.actions.length === 1")
    assert page.locator("#message").is_hidden()

    page.evaluate(HOLD_REQUESTS, "place")
    try:  # r1c4 3, r2c4 4, r2c2 2, r2c1 3, r4c1 2, then r4c2, a given 3
        for key in ("ArrowRight", "ArrowRight", "ArrowRight", "3", "ArrowDown", "4", "ArrowLeft", "ArrowLeft",
                    "2", "ArrowLeft", "3", "ArrowDown", "ArrowDown", "2", "ArrowRight", "1"):
            page.keyboard.press(key)
        wait_for(page, "window.__held === 6")
    finally:
        page.evaluate("window.__release()")
    wait_for(page, f"{IDLE} && {STATE}.error !== null")
    assert page.locator("#message").inner_text() == "r4c2 is a given: it cannot change"
    placed = {0: 1, 3: 3, 7: 4, 5: 2, 4: 3, 12: 2}
    values = view(page)["values"]
    assert {cell: values[cell] for cell in placed} == placed and view(page)["position"] == 6
    assert {c["cell"]: c["value"] for c in board(page) if c["cell"] in placed} == placed
    wait_for(page, "JSON.parse(localStorage.getItem('pysolver.board')).actions.length === 6")
    assert "&d=1..332.4....2" in page.url


def letters_25() -> str:
    """A 25×25 puzzle counted in moments (test_sizes's ``easy_25``) with its symbols renamed so that
    its first two cells, empty, hold N and H in its one solution: an empty 25×25 board took some
    15 s of the browser's CPU to count its solutions (twice more after each digit typed)."""
    puzzle = easy_25()
    solution = solve(Grid.parse(puzzle))
    assert solution is not None and puzzle[:2] == ".."
    first, second = solution.line()[:2]
    symbols = "123456789ABCDEFGHIJKLMNOP"
    others = [symbol for symbol in symbols if symbol not in (first, second)]
    renamed = {first: "N", second: "H", **dict(zip(others, [s for s in symbols if s not in "NH"]))}
    return "".join(renamed.get(char, char) for char in puzzle)


def test_at_25_by_25_letters_are_digits_and_t_and_q_are_notes_and_hint(page: Page, site_url: str) -> None:
    play_on(page, site_url, FIGURE_4_2)
    dialog = page.get_by_role("dialog", name="Keys")
    cell(page, 0).click()
    page.keyboard.press("q")  # Q asks for a hint at every size
    wait_for(page, f"{IDLE} && {STATE}.view.play.hints === 1")
    page.keyboard.press("?")
    dialog.wait_for()
    words = dialog.inner_text()
    assert "Digits 1–9\t" in words or "Digits 1–9\n" in words
    assert "N, T\tNotes mode on or off\n" in words and "H, Q\tHint (press again for more)\n" in words
    page.keyboard.press("Escape")
    dialog.wait_for(state="hidden")
    paste(page, letters_25())
    wait_for(page, f"{IDLE} && {STATE}.view && {STATE}.view.n === 25", None, 120_000)
    page.get_by_role("button", name="Play", exact=True).click()
    symbols = view(page)["symbols"]
    for index, key in ((0, "n"), (1, "h")):  # N and H are the digits N and H here
        digit = symbols.index(key.upper()) + 1
        cell(page, index).click()
        page.keyboard.press(key)
        wait_for(page, f"{IDLE} && {STATE}.view.values[{index}] === {digit}", None, 60_000)
    assert state(page)["notesMode"] is False and view(page)["hint"] is None
    page.keyboard.press("t")
    wait_for(page, f"{STATE}.notesMode === true")
    page.keyboard.press("t")
    wait_for(page, f"{STATE}.notesMode === false")
    page.keyboard.press("?")
    dialog.wait_for()
    words = dialog.inner_text()
    assert "Digits 1–9, A–P" in words
    assert "T\tNotes mode on or off (N is a digit at this size)" in words
    assert "Q\tHint (press again for more) (H is a digit at this size)" in words


#: localStorage's key for the saved board (web/js/storage.js).
SAVED = "pysolver.board"


def test_cancel_while_a_saved_game_replays_keeps_it(page: Page, site_url: str) -> None:
    # 6,000 steps take seconds to replay: long enough for Cancel (shown after 400 ms) to be pressed.
    actions = ["note r1c1 2"] * 5_998 + ["logic", "logic"]
    whole = py_view(FIGURE_4_2, actions)
    record = json.dumps({"version": 1, "puzzle": FIGURE_4_2, "actions": actions, "position": len(actions),
                         "shape": {"n": 9, "box_rows": 3, "box_cols": 3, "symbols": "123456789"},
                         "mode": "play", "showCandidates": True,
                         "play": {"started": time.time() - 3600, "hints": 5, "checks": 2, "finished_in": None},
                         "settings": whole["settings"], "address": whole["address"]})
    page.goto(site_url + "manifest.json")  # same origin, no app: the record is stored before the app reads it
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", [SAVED, record])
    page.goto(site_url)  # no #p=: the saved game is opened, history and all
    # Pressed in the frame Cancel shows in: on a loaded machine a click from here came after the
    # replay had ended.
    pressed_while = page.evaluate("""() => new Promise((resolve) => {
      const press = () => { const cancel = document.getElementById("cancel");
        if (cancel.hidden || cancel.disabled) { requestAnimationFrame(press); return; }
        const { busy, view } = window.__pysolver.state;
        cancel.click(); resolve({ cmd: busy && busy.cmd, view }); };
      press(); })""")
    assert pressed_while == {"cmd": "load", "view": None}
    wait_for(page, f"{IDLE} && {STATE}.view !== null", None, 120_000)
    shown = view(page)
    assert shown["values"] == whole["values"] and shown["play"]["hints"] == 5  # its position, not a blank board
    assert state(page)["mode"] == "play"
    assert page.inner_text("#message") == (
        "Cancelled replaying the saved game's 6,000 steps: its position is shown without them, so Undo "
        "starts here. The saved game is kept until your next move; reload the page to open it whole.")
    assert page.evaluate("(key) => localStorage.getItem(key)", SAVED) == record  # untouched
    page.reload()  # the whole game again
    wait_for(page, f"{IDLE} && {STATE}.view && {STATE}.view.actions.length === {len(actions)}", None, 180_000)
    assert view(page)["position"] == len(actions)


def test_typing_pasting_and_learn_wait_for_a_new_puzzle_being_made(page: Page, site_url: str) -> None:
    play_on(page, site_url, FIGURE_4_2)
    page.click("#generate-panel summary")
    page.select_option("#generate-panel select[name='size']", "6")
    page.select_option("#generate-panel select[name='level']", "unique")
    # The request is held until the page has been typed on, so that the run is still going then
    # however fast the machine makes the puzzle (a 16×16 from a random seed took 0.6 to 7 s in
    # CPython, and one from seed 9 some 9 s in the browser).
    page.evaluate(HOLD_REQUESTS, "generate")
    page.click("#generate-panel button[type='submit']")
    wait_for(page, f"window.__held === 1 && {STATE}.busy && {STATE}.busy.cmd === 'generate'")
    message = page.locator("#message[data-kind='busy']")
    running = "Making a new puzzle… Wait for it, or press Cancel to stop it: "
    cell(page, 0).click()
    page.keyboard.press("4")
    message.wait_for()
    assert message.inner_text() == running + "the 4 typed in r1c1 was not entered."
    paste(page, FIGURE_4_9)
    wait_for(page, "() => document.getElementById('message').textContent.includes('pasted text')")
    assert message.inner_text() == running + "the pasted text was not loaded."
    page.click("details.puzzle-text summary")
    page.fill("#puzzle-text", FOUR)
    page.click("#text-form button[type='submit']")
    wait_for(page, "() => document.getElementById('message').textContent.includes('in the box')")
    assert message.inner_text() == running + "the text in the box was not loaded (it stays there)."
    page.click("#learn-panel summary")
    verdict = page.locator("#learn-panel .learn-verdict")
    wait_for(page, "() => document.querySelector('#learn-panel .learn-verdict').textContent.includes('busy')")
    assert verdict.inner_text() == "The solver is busy: the lesson shows once it is done."
    # An address changed meanwhile is refused, given back to the board shown in its own entry, and
    # adds no second entry to the history.
    entries, shown = page.evaluate("[history.length, location.hash]")
    page.evaluate("(hash) => { location.hash = hash; }", f"#p={FOUR}")
    wait_for(page, "() => document.getElementById('message').textContent.includes('address')")
    assert message.inner_text() == running + "the position in the address was not opened."
    assert page.evaluate("[history.length, location.hash]") == [entries + 1, shown]
    assert state(page)["busy"]["cmd"] == "generate" and view(page)["actions"] == []
    # The menus that would load another board are off meanwhile: a choice would only be refused.
    assert page.is_disabled("#size") and page.is_disabled("#examples")
    # The new puzzle still comes, and the text refused stays in its box.
    page.evaluate("window.__release()")
    wait_for(page, f"{IDLE} && {STATE}.view && {STATE}.view.n === 6 && {STATE}.rating", None, 300_000)
    assert view(page)["puzzle"] == state(page)["rating"]["puzzle"] and view(page)["actions"] == []
    assert page.input_value("#puzzle-text") == FOUR
    assert page.locator("#message").is_hidden()
    assert page.is_enabled("#size") and page.is_enabled("#examples")
    # The lesson refused during the run is asked for again by itself once the run has ended.
    wait_for(page, f"{IDLE} && {STATE}.learn && {STATE}.learn.reply !== null")
    assert "busy" not in verdict.inner_text()
    # One Back leads to the puzzle before the new one.
    assert page.evaluate("history.length") == entries + 2
    page.go_back()
    wait_puzzle(page, FIGURE_4_2)


def test_a_reload_while_editing_the_givens_keeps_the_game(page: Page, site_url: str) -> None:
    played = edit_a_given_mid_game(page, site_url)
    wait_puzzle(page, FOUR[:15] + "1")
    page.reload()
    wait_for(page, f"(p) => {IDLE} && {STATE}.view && {STATE}.view.puzzle === p", FOUR[:15] + "1", 120_000)
    assert state(page)["mode"] == "enter" and "3 moves" in page.inner_text("#message")  # still kept
    cell(page, 15).click()
    page.keyboard.press("Backspace")  # the givens the game had
    wait_puzzle(page, FOUR)
    page.get_by_role("button", name="Play", exact=True).click()
    wait_for(page, f"{IDLE} && {STATE}.mode === 'play' && {STATE}.view.actions.length === 3")
    assert (view(page)["actions"], view(page)["values"]) == (played["actions"], played["values"])


def history_shown(page: Page) -> dict[str, Any]:
    """The game's steps, its place in them and the History as listed."""
    return {"actions": view(page)["actions"], "position": view(page)["position"],
            "history": page.locator("#step-list").inner_text()}


def test_back_and_forward_return_each_game_with_its_whole_history(page: Page, site_url: str) -> None:
    """The browser keeps one saved board: a puzzle opened from a link ("Try it") becomes it. Back
    still returns to the game left, its History and Undo whole (the tutor's digit stays the
    tutor's, not turned into the player's from the address), and Forward to the linked game's."""
    page.set_viewport_size({"width": 1280, "height": 800})
    play_on(page, site_url, FIGURE_4_2)
    cell(page, 0).click()
    page.keyboard.press("9")
    wait_for(page, f"{IDLE} && {STATE}.view.actions.length === 1")
    page.click("button[data-intent=step]")
    wait_for(page, f"{IDLE} && {STATE}.view.actions.length === 2")
    cell(page, 3).click()
    page.keyboard.press("Shift+5")
    wait_for(page, f"{IDLE} && {STATE}.view.actions.length === 3")
    first = history_shown(page)
    page.evaluate("(hash) => { location.hash = hash; }", f"#p={FIGURE_4_9}")  # as a "Try it" link does
    wait_puzzle(page, FIGURE_4_9)
    page.click("button[data-intent=step]")
    wait_for(page, f"{IDLE} && {STATE}.view.actions.length === 1")
    second = history_shown(page)
    for _ in range(2):
        page.go_back()
        wait_puzzle(page, FIGURE_4_2)
        assert history_shown(page) == first
        page.go_forward()
        wait_puzzle(page, FIGURE_4_9)
        assert history_shown(page) == second
    page.go_back()
    wait_puzzle(page, FIGURE_4_2)
    page.click("button[data-intent=undo]")  # Undo takes back the note, then the tutor's step
    wait_for(page, f"{IDLE} && {STATE}.view.position === 2")
    assert view(page)["actions"] == first["actions"]
