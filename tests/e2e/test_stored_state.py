"""A saved board with one field the page cannot read (another format, an older record without a
newer setting, a counter that is not a number, a step that is not one) keeps what can be kept:
the puzzle and the steps that still replay, defaults for the rest; the page says what was left out,
and the record as it was is set aside under another key, not deleted.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import Page

from tests.e2e.conftest import READY, READY_TIMEOUT_MS
from tests.helpers import FIGURE_4_2

pytestmark = pytest.mark.e2e

KEY = "pysolver.board"
SET_ASIDE = "pysolver.board.set-aside"
FOUR_BY_FOUR = ".42...1......3.."
NINE = {"n": 9, "box_rows": 3, "box_cols": 3, "symbols": "123456789"}
OPENED = READY + " && window.__pysolver.state.view !== null && window.__pysolver.state.busy === null"


def record(**changes: Any) -> str:
    base: dict[str, Any] = {
        "version": 1, "puzzle": FIGURE_4_2, "actions": ["logic", "logic", "logic"], "position": 3,
        "shape": NINE, "mode": "play", "showCandidates": True,
        "play": {"started": 1_700_000_000, "hints": 2, "checks": 1, "finished_in": None},
        "settings": {"auto_clear_notes": False, "mark_mistakes": True}, "address": {"digits": "", "notes": ""},
    }
    base.update(changes)
    return json.dumps(base)


def open_with(page: Page, site_url: str, stored: str) -> dict[str, Any]:
    page.goto(site_url + "manifest.json")
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", [KEY, stored])
    page.goto(site_url)
    page.wait_for_function(OPENED, timeout=READY_TIMEOUT_MS)
    state: dict[str, Any] = page.evaluate(
        """() => { const s = window.__pysolver.state; const message = document.getElementById("message");
          return { puzzle: s.view.puzzle, actions: s.view.actions.length, settings: s.view.settings,
                   hints: s.view.play.hints, message: message.hidden ? null : message.textContent }; }""")
    return state


@pytest.mark.parametrize(
    "stored, actions, said",
    [
        (record(version=2), 3, "unknown format (version \"2\")"),
        (record(play={"started": "2026-01-01", "hints": 2, "checks": 1}), 3, "start time was not a number"),
        (record(actions=["logic", "logic", "<b>", "logic"], position=4), 2, "cut after 2 of 4 steps"),
    ],
    ids=["version-2", "started-as-text", "a-bad-step"],
)
def test_a_record_with_an_odd_field_keeps_the_rest(
    page: Page, site_url: str, stored: str, actions: int, said: str
) -> None:
    state = open_with(page, site_url, stored)
    assert (state["puzzle"], state["actions"], state["hints"]) == (FIGURE_4_2, actions, 2)
    assert state["settings"] == {"auto_clear_notes": False, "mark_mistakes": True}
    assert state["message"] is not None and said in state["message"] and SET_ASIDE in state["message"]
    assert page.evaluate("(key) => localStorage.getItem(key)", SET_ASIDE) == stored


def test_an_older_record_without_a_newer_setting_is_read_whole(page: Page, site_url: str) -> None:
    state = open_with(page, site_url, record(settings={"auto_clear_notes": False}))
    assert (state["puzzle"], state["actions"]) == (FIGURE_4_2, 3)
    assert state["settings"] == {"auto_clear_notes": False, "mark_mistakes": False}
    assert state["message"] is None
    assert page.evaluate("(key) => localStorage.getItem(key)", SET_ASIDE) is None


def test_a_record_without_a_puzzle_is_set_aside_not_deleted(page: Page, site_url: str) -> None:
    stored = record(puzzle=None)
    state = open_with(page, site_url, stored)
    assert state["message"] is not None and "set aside" in state["message"]
    assert page.evaluate("(key) => localStorage.getItem(key)", SET_ASIDE) == stored


def state_of(page: Page) -> dict[str, Any]:
    """The board, the message shown, the address and the saved record's steps."""
    result: dict[str, Any] = page.evaluate(
        """([key, aside]) => { const s = window.__pysolver.state; const message = document.getElementById("message");
          const stored = JSON.parse(localStorage.getItem(key) ?? "null");
          return { puzzle: s.view && s.view.puzzle, actions: s.view ? s.view.actions.length : null,
                   message: message.hidden ? null : message.textContent, hash: location.hash,
                   stored: stored && stored.actions.length, history: history.length,
                   aside: localStorage.getItem(aside) }; }""", [KEY, SET_ASIDE])
    return result


def test_a_refused_address_names_itself_and_opens_the_saved_game(page: Page, site_url: str) -> None:
    """Reloaded with an address Python refuses, the page says so and opens the saved game (its steps
    kept, so the next keystroke does not overwrite it); the same address while the page runs is said
    to come from the address, and the board keeps the previous puzzle."""
    state = open_with(page, site_url, record())
    assert state["actions"] == 3
    entries = page.evaluate("history.length")
    page.evaluate("() => { location.hash = '#p=12345'; }")
    page.wait_for_function("() => window.__pysolver.state.error !== null && location.hash.length > 20",
                           timeout=READY_TIMEOUT_MS)
    running = state_of(page)
    assert running["message"] is not None and "address" in running["message"]
    assert "found 5" in running["message"] and "previous puzzle" in running["message"]
    assert (running["puzzle"], running["actions"]) == (FIGURE_4_2, 3)
    assert running["hash"].startswith(f"#p={FIGURE_4_2}") and running["history"] == entries + 1
    page.goto("about:blank")
    page.goto(f"{site_url}#p=12345")
    page.wait_for_function(OPENED, timeout=READY_TIMEOUT_MS)
    page.wait_for_function("() => !document.getElementById('message').hidden", timeout=READY_TIMEOUT_MS)
    reloaded = state_of(page)
    assert (reloaded["puzzle"], reloaded["actions"], reloaded["stored"]) == (FIGURE_4_2, 3, 3)
    assert reloaded["message"] is not None and "address" in reloaded["message"]
    assert "found 5" in reloaded["message"] and "saved game was opened instead" in reloaded["message"]
    assert reloaded["hash"].startswith(f"#p={FIGURE_4_2}")


def sixteen_position_line() -> str:
    """A 16×16 HoDoKu position line (givens in every fourth cell, every candidate but the solution's
    removed from the rest) of 8,714 characters: longer than the page once read back."""
    symbols, n = "123456789ABCDEFG", 16
    solution = [symbols[(row * 4 + row // 4 + col) % n] for row in range(n) for col in range(n)]
    givens = "".join(digit if cell % 4 == 0 else "." for cell, digit in enumerate(solution))

    def sees(a: int, b: int) -> bool:
        return a // n == b // n or a % n == b % n or (a // 64, a % n // 4) == (b // 64, b % n // 4)

    removed = [f"{digit}{symbols[cell // n]}{symbols[cell % n]}"
               for cell in range(n * n) if givens[cell] == "."
               for digit in symbols
               if digit != solution[cell] and not any(givens[o] == digit and sees(cell, o) for o in range(n * n))]
    return f":0000:x:{givens}:{' '.join(removed)}::"


def test_an_imported_position_the_page_wrote_is_read_back(page: Page, site_url: str) -> None:
    line = sixteen_position_line()
    assert len(line) > 8000
    page.goto(site_url)
    page.wait_for_function(OPENED, timeout=READY_TIMEOUT_MS)
    page.evaluate("""(text) => { const data = new DataTransfer(); data.setData("text/plain", text);
      document.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true })); }""", line)
    page.wait_for_function(OPENED + " && window.__pysolver.state.shape.n === 16", timeout=READY_TIMEOUT_MS)
    for steps in (1, 2):
        page.click("button[data-intent='step']")
        page.wait_for_function(f"{OPENED} && window.__pysolver.state.view.actions.length === {steps}",
                               timeout=READY_TIMEOUT_MS)
    page.reload()
    page.wait_for_function(OPENED, timeout=READY_TIMEOUT_MS)
    reloaded = state_of(page)
    assert page.evaluate("window.__pysolver.state.shape.n") == 16
    assert (reloaded["actions"], reloaded["stored"], reloaded["aside"]) == (2, 2, None)
    assert reloaded["message"] is None or "too long" not in reloaded["message"]


def test_a_log_whose_tail_does_not_replay_opens_at_its_last_good_step(page: Page, site_url: str) -> None:
    """20 steps that replay, then a move on a given: the game opens at step 20, the message names
    step 21 (in one pair of parentheses at most), and the record as it was is set aside."""
    stored = record(actions=["logic"] * 20 + ["place r1c2 5"], position=21)
    state = open_with(page, site_url, stored)
    assert state["actions"] == 20
    assert state["message"] is not None and "Step 21 of the saved game's 21 steps" in state["message"]
    assert "((" not in state["message"] and "))" not in state["message"] and SET_ASIDE in state["message"]
    assert page.evaluate("(key) => localStorage.getItem(key)", SET_ASIDE) == stored
    assert state_of(page)["stored"] == 20
    too_long = page.evaluate("""async (text) => {
      const storage = await import(new URL("js/storage.js", document.baseURI).href);
      return storage.parseSaved(text).problem; }""", record(actions=["logic"] * 20_001, position=0))
    assert "cut after 20000 of 20001 steps (no game has more than 20,000 steps)" in too_long


QUOTA = """(() => { const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (key.includes(%s)) throw new DOMException("full", "QuotaExceededError");
    return setItem.call(this, key, value); }; })();"""


def message_of(page: Page) -> str | None:
    text: str | None = page.evaluate("""() => { const m = document.getElementById("message");
      return m.hidden ? null : m.textContent; }""")
    return text


def test_set_aside_records_are_each_kept_or_the_truth_is_said(page: Page, site_url: str) -> None:
    first, second = record(version=2), record(version=3)
    state = open_with(page, site_url, first)
    assert state["message"] is not None and f'under "{SET_ASIDE}"' in state["message"]
    state = open_with(page, site_url, second)
    assert state["message"] is not None and f'under "{SET_ASIDE}.2"' in state["message"]
    kept = page.evaluate("(keys) => keys.map((key) => localStorage.getItem(key))", [SET_ASIDE, SET_ASIDE + ".2"])
    assert kept == [first, second]
    # Setting aside fails (storage full): said so, and the record is not saved over.
    page.goto("about:blank")  # one tab (two: test_a_record_that_could_not_be_set_aside_is_kept_from_every_tab)
    full = page.context.new_page()
    full.add_init_script(QUOTA % '"set-aside"')
    full.goto(site_url + "manifest.json")
    full.evaluate("(keys) => { localStorage.clear(); localStorage.setItem(keys[0], keys[1]); }", [KEY, first])
    full.goto(site_url)
    full.wait_for_function(OPENED, timeout=READY_TIMEOUT_MS)
    said = message_of(full)
    assert said is not None and "could not be set aside" in said and "as it was is kept" not in said
    full.click("button[data-intent='step']")
    full.wait_for_function(OPENED + " && window.__pysolver.state.view.actions.length === 4", timeout=READY_TIMEOUT_MS)
    assert full.evaluate("(key) => localStorage.getItem(key)", KEY) == first
    full.close()


@pytest.mark.parametrize("stored", [
    record(version=2),
    record(actions=["logic"] * 20 + ["place r1c2 5"], position=21),
], ids=["read-in-part", "steps-no-longer-replay"])
def test_a_record_that_could_not_be_set_aside_is_kept_from_every_tab(page: Page, site_url: str, stored: str) -> None:
    """A tab open on another game before the record came does not save over it once it could not be
    set aside (storage full) where it was opened: its moves are not saved, and it says why and what
    to do; the tab that opened the record says the same, and neither writes over it."""
    page.add_init_script(QUOTA % '"set-aside"')
    page.goto(site_url + "manifest.json")
    page.evaluate("() => localStorage.clear()")
    page.goto(f"{site_url}#p={FOUR_BY_FOUR}")
    page.wait_for_function(OPENED, timeout=READY_TIMEOUT_MS)
    full = page.context.new_page()
    full.add_init_script(QUOTA % '"set-aside"')
    full.goto(site_url + "manifest.json")
    # The first tab saves its game just after drawing its first board, and each tab's storage sees
    # the other's writes a moment late: the record is written once this tab sees that save, or the
    # save could land after it and write over it (seen under load: this tab then opened that game).
    full.wait_for_function("(key) => localStorage.getItem(key) !== null", arg=KEY, timeout=READY_TIMEOUT_MS)
    full.evaluate("([key, text]) => localStorage.setItem(key, text)", [KEY, stored])
    full.goto(site_url)
    full.wait_for_function(OPENED, timeout=READY_TIMEOUT_MS)
    # A log that does not replay is said once its last good step has been replayed, after a first board.
    full.wait_for_function("() => document.getElementById('message').textContent.includes('could not be set aside')",
                           timeout=READY_TIMEOUT_MS)
    opened_said = message_of(full)
    assert opened_said is not None and "could not be set aside" in opened_said
    page.click("button[data-intent='step']")
    page.wait_for_function(OPENED + " && window.__pysolver.state.view.actions.length === 1", timeout=READY_TIMEOUT_MS)
    assert page.evaluate("(key) => localStorage.getItem(key)", KEY) == stored  # not saved over
    assert "free space" in opened_said
    page.wait_for_function("() => document.getElementById('message').textContent.includes('This game is not saved')",
                           timeout=READY_TIMEOUT_MS)
    said = message_of(page)
    assert said is not None and "could not be set aside" in said and "free space" in said and "address" in said
    steps = full.evaluate("window.__pysolver.state.view.actions.length")
    full.click("button[data-intent='step']")
    full.wait_for_function(f"{OPENED} && window.__pysolver.state.view.actions.length === {steps + 1}",
                           timeout=READY_TIMEOUT_MS)
    assert full.evaluate("(key) => localStorage.getItem(key)", KEY) == stored
    full.close()


def test_back_or_forward_reads_the_saved_board_and_sets_nothing_aside_unsaid(page: Page, site_url: str) -> None:
    """A record stored meanwhile that the page cannot read (another version of the page wrote it) is
    only read when the address changes; it is set aside when this tab saves over it, and said so."""
    open_with(page, site_url, record())
    unreadable = '{"puzzle": ".5'
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", [KEY, unreadable])
    page.evaluate(f"() => {{ location.hash = '#p={FOUR_BY_FOUR}'; }}")
    page.wait_for_function(OPENED + f" && window.__pysolver.state.view.puzzle === '{FOUR_BY_FOUR}'",
                           timeout=READY_TIMEOUT_MS)
    page.wait_for_function("() => !document.getElementById('message').hidden", timeout=READY_TIMEOUT_MS)
    said = message_of(page)
    assert said is not None and f'set aside before this game was saved over it: it is kept under "{SET_ASIDE}"' in said
    assert page.evaluate("(key) => localStorage.getItem(key)", SET_ASIDE) == unreadable
    assert json.loads(page.evaluate("(key) => localStorage.getItem(key)", KEY))["puzzle"] == FOUR_BY_FOUR


@pytest.mark.parametrize("blocked, why", [
    (QUOTA % '"pysolver"', "storage for this page is full"),
    ("""Object.defineProperty(window, "localStorage", { get() { throw new DOMException("denied", "SecurityError"); } });""",
     "does not let this page store anything"),
], ids=["full", "turned-off"])
def test_a_browser_that_cannot_save_says_so_once(page: Page, site_url: str, blocked: str, why: str) -> None:
    page.add_init_script(blocked)
    page.goto(site_url)
    page.wait_for_function(OPENED, timeout=READY_TIMEOUT_MS)
    page.wait_for_function("() => !document.getElementById('message').hidden", timeout=READY_TIMEOUT_MS)
    said = message_of(page)
    assert said is not None and "cannot be saved in this browser" in said and why in said and "address" in said
    page.click("button[data-intent='step']")
    page.wait_for_function(OPENED + " && window.__pysolver.state.view.actions.length === 1", timeout=READY_TIMEOUT_MS)
    assert "cannot be saved" not in (message_of(page) or "")


def test_pasted_pencil_marks_without_digits_open_for_play(page: Page, site_url: str) -> None:
    """A pencil-mark grid with no placed digit opens in Play: the first digit typed is a move, and
    the marks pasted stay (in Enter mode it would have been a given, wiping them all)."""
    cells = ["12"] + ["123456789"] * 80
    grid = "\n".join(" ".join(cells[row * 9:row * 9 + 9]) for row in range(9))
    page.goto(site_url)
    page.wait_for_function(OPENED, timeout=READY_TIMEOUT_MS)
    page.evaluate("""(text) => { const data = new DataTransfer(); data.setData("text/plain", text);
      document.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true })); }""", grid)
    page.wait_for_function(OPENED + " && window.__pysolver.state.view.candidates[0].length === 2",
                           timeout=READY_TIMEOUT_MS)
    assert page.evaluate("window.__pysolver.state.mode") == "play"
    start = page.evaluate("window.__pysolver.state.view.start")
    page.click("#board [data-cell='40']")
    page.keyboard.press("5")
    page.wait_for_function(OPENED + " && window.__pysolver.state.view.values[40] === 5", timeout=READY_TIMEOUT_MS)
    assert page.evaluate("window.__pysolver.state.view.start") == start
    assert page.evaluate("window.__pysolver.state.view.candidates[0].length") == 2


def test_another_tab_saving_a_different_game_is_said(page: Page, site_url: str) -> None:
    open_with(page, site_url, record())
    other = page.context.new_page()
    other.goto(f"{site_url}#p={FOUR_BY_FOUR}")
    other.wait_for_function(OPENED, timeout=READY_TIMEOUT_MS)
    page.wait_for_function("() => document.getElementById('message').textContent.includes('Another tab')",
                           timeout=READY_TIMEOUT_MS)
    said = message_of(page)
    assert said is not None and "different game" in said and "stays in its address" in said
    assert page.evaluate("window.__pysolver.state.view.puzzle") == FIGURE_4_2
    # A move here saves this game again; the other tab then opens this puzzle afresh and saves that
    # game over it: another position of the same puzzle is said too, and a reload here shows why.
    page.click("button[data-intent=step]")
    page.wait_for_function(f"{OPENED} && window.__pysolver.state.view.position === 4")
    page.wait_for_function(f"JSON.parse(localStorage.getItem('{KEY}')).puzzle === '{FIGURE_4_2}'")
    other.goto(f"{site_url}#p={FIGURE_4_2}")
    other.wait_for_function(f"{OPENED} && window.__pysolver.state.view.puzzle === '{FIGURE_4_2}'",
                            timeout=READY_TIMEOUT_MS)
    page.wait_for_function("() => document.getElementById('message').textContent.includes('this puzzle')",
                           timeout=READY_TIMEOUT_MS)
    said = message_of(page)
    assert said is not None and said.startswith("Another tab saved its own game of this puzzle"), said
    assert "without its Undo history" in said
    before = page.evaluate("window.__pysolver.state.view.values")
    other.close()
    page.reload()
    page.wait_for_function(OPENED, timeout=READY_TIMEOUT_MS)
    after = page.evaluate("window.__pysolver.state.view")
    # The position comes back as one entry, its digits restored: the four steps are not there.
    assert after["values"] == before and len(after["actions"]) == 1, after["actions"]
    assert after["actions"][0].startswith("restore ")
