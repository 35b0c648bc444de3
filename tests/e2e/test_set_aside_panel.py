"""The "Set-aside games" panel (web/js/aside-panel.js): the saved boards the page set aside rather
than delete, and the one it holds when it could not set it aside, each downloaded as its exact text,
opened (the game open before set aside, not lost) or deleted after a confirmation, from the page;
the list follows other tabs, and shows only while something is in it.
"""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from playwright.sync_api import Page

from tests.e2e.conftest import READY_TIMEOUT_MS
from tests.e2e.test_live import SIXTEEN, WATCH_FOCUS, lost
from tests.e2e.test_stored_state import FOUR_BY_FOUR, KEY, OPENED, QUOTA, SET_ASIDE, message_of, open_with, record
from tests.helpers import FIGURE_4_2

pytestmark = pytest.mark.e2e

PANEL = "#aside-panel"
PLACE = "listed in this page's \"Set-aside games\" panel"


def row(key: str) -> str:
    return f"{PANEL} li[data-key='{key}']"


def listed(page: Page) -> list[str]:
    """The keys of the records the panel lists, in order; none when it is hidden."""
    keys: list[str] = page.evaluate("""() => { const panel = document.querySelector("#aside-panel");
      return panel.hidden ? [] : [...panel.querySelectorAll("li[data-key]")].map((li) => li.dataset.key); }""")
    return keys


def stored(page: Page, key: str) -> str | None:
    text: str | None = page.evaluate("(key) => localStorage.getItem(key)", key)
    return text


def downloaded(page: Page, key: str) -> tuple[str, str]:
    """The file name and text that the record's Download saves."""
    with page.expect_download() as download:
        page.click(f"{row(key)} [data-intent='aside-download']")
    path = download.value.path()
    return download.value.suggested_filename, Path(path).read_text(encoding="utf-8")


def delete(page: Page, key: str, confirm: bool) -> None:
    """Press the record's Delete, then Delete for good or Keep it."""
    page.click(f"{row(key)} [data-intent='aside-delete']")
    assert page.is_visible(f"{row(key)} [data-intent='aside-delete-confirm']")
    assert page.is_hidden(f"{row(key)} [data-intent='aside-delete']")
    page.click(f"{row(key)} [data-intent='{'aside-delete-confirm' if confirm else 'aside-keep'}']")


def step_to(page: Page, actions: int) -> None:
    page.click("button[data-intent='step']")
    page.wait_for_function(f"{OPENED} && window.__pysolver.state.view.actions.length === {actions}",
                           timeout=READY_TIMEOUT_MS)


def test_a_record_set_aside_is_downloaded_opened_and_deleted_from_the_page(page: Page, site_url: str) -> None:
    page.goto(site_url)
    page.wait_for_function(OPENED, timeout=READY_TIMEOUT_MS)
    assert page.is_hidden(PANEL) and listed(page) == []  # nothing set aside: no panel
    text = record(version=2)  # read in part
    state = open_with(page, site_url, text)
    assert state["message"] is not None and f'under "{SET_ASIDE}", {PLACE}' in state["message"]
    assert "developer tools" not in state["message"]
    assert listed(page) == [SET_ASIDE]
    page.click(f"{PANEL} summary")
    words = page.text_content(row(SET_ASIDE)) or ""
    assert "3 moves and steps" in words and "Read in part" in words and "9×9" in words
    # The game's start, in the browser's time zone, tells it from other games of the same puzzle.
    zone = ZoneInfo(page.evaluate("Intl.DateTimeFormat().resolvedOptions().timeZone"))
    when = datetime.fromtimestamp(json.loads(text)["play"]["started"], zone)
    start = f"started {when:%b} {when.day}, {when.year}, {when.hour % 12 or 12}:{when:%M} {when:%p}."
    assert f"3 moves and steps, {start}" in words.replace("\u202f", " "), words
    assert downloaded(page, SET_ASIDE) == (f"{SET_ASIDE}.json", text)

    # Another game, with a move, is open when the record is opened: it is set aside, not lost.
    page.evaluate(f"() => {{ location.hash = '#p={FOUR_BY_FOUR}'; }}")
    page.wait_for_function(f"{OPENED} && window.__pysolver.state.view.puzzle === '{FOUR_BY_FOUR}'",
                           timeout=READY_TIMEOUT_MS)
    step_to(page, 1)
    page.click(f"{row(SET_ASIDE)} [data-intent='aside-open']")
    page.wait_for_function(f"{OPENED} && window.__pysolver.state.view.puzzle === '{FIGURE_4_2}'"
                           " && window.__pysolver.state.view.actions.length === 3", timeout=READY_TIMEOUT_MS)
    said = message_of(page)
    assert said is not None and 'Opened the game set aside under "pysolver.board.set-aside"; it stays listed' in said
    assert 'unknown format (version "2")' in said  # what was left out, as at page load
    assert f'The game you had open is set aside under "{SET_ASIDE}.2".' in said
    before = json.loads(stored(page, SET_ASIDE + ".2") or "null")
    assert (before["puzzle"], len(before["actions"])) == (FOUR_BY_FOUR, 1)
    assert stored(page, SET_ASIDE) == text  # the record opened stays as it was
    page.wait_for_function("([key, puzzle]) => JSON.parse(localStorage.getItem(key)).puzzle === puzzle",
                           arg=[KEY, FIGURE_4_2], timeout=READY_TIMEOUT_MS)
    assert listed(page) == [SET_ASIDE, SET_ASIDE + ".2"]

    # The game open before comes back from the list, its move and all.
    page.click(f"{row(SET_ASIDE + '.2')} [data-intent='aside-open']")
    page.wait_for_function(f"{OPENED} && window.__pysolver.state.view.puzzle === '{FOUR_BY_FOUR}'"
                           " && window.__pysolver.state.view.actions.length === 1", timeout=READY_TIMEOUT_MS)

    # Another tab sets a record aside, then deletes it: the list follows.
    other = page.context.new_page()
    other.goto(site_url + "manifest.json")
    other.evaluate("(key) => localStorage.setItem(key, '{\"puzzle\": 5}')", SET_ASIDE + ".7")
    page.wait_for_function("(key) => document.querySelector(`#aside-panel li[data-key='${key}']`) !== null",
                           arg=SET_ASIDE + ".7", timeout=10_000)
    assert page.is_hidden(f"{row(SET_ASIDE + '.7')} [data-intent='aside-open']")  # no puzzle to open
    other.evaluate("(key) => localStorage.removeItem(key)", SET_ASIDE + ".7")
    page.wait_for_function("(key) => document.querySelector(`#aside-panel li[data-key='${key}']`) === null",
                           arg=SET_ASIDE + ".7", timeout=10_000)
    other.close()

    keys = listed(page)
    delete(page, SET_ASIDE, confirm=False)
    assert stored(page, SET_ASIDE) == text and listed(page) == keys
    assert page.is_visible(f"{row(SET_ASIDE)} [data-intent='aside-delete']")
    for key in keys:
        delete(page, key, confirm=True)
        assert stored(page, key) is None
    page.wait_for_function("() => document.querySelector('#aside-panel').hidden", timeout=10_000)
    assert listed(page) == []


def test_delete_pressed_from_the_keyboard_hands_focus_to_keep_it(page: Page, site_url: str) -> None:
    """Enter on Delete, then Enter again, keeps the game: the confirmation's safe choice takes
    focus (Delete for good did, so the second Enter deleted the game with no question read), and
    Keep it gives it back to Delete. Each button hid itself with focus on it, which fell to the
    page until the next one was found: it goes straight from one to the other."""
    text = record(version=2)
    open_with(page, site_url, text)
    page.click(f"{PANEL} summary")
    page.focus(f"{row(SET_ASIDE)} [data-intent='aside-delete']")
    page.evaluate(WATCH_FOCUS)
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.activeElement.dataset.intent === 'aside-keep'", timeout=10_000)
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => !document.querySelector(\"{row(SET_ASIDE)} [data-intent='aside-delete']\").hidden"
                           " && document.activeElement.dataset.intent === 'aside-delete'", timeout=10_000)
    page.wait_for_timeout(100)
    focus = page.evaluate("window.__focus")
    assert focus == ["aside-delete", "aside-keep", "aside-delete"], focus
    assert stored(page, SET_ASIDE) == text and listed(page) == [SET_ASIDE]


def test_open_pressed_from_the_keyboard_keeps_focus_while_the_game_opens(page: Page, site_url: str) -> None:
    """Open, off while Python opens the game, dropped focus to the page's body for all that time;
    it keeps it, and never loses it for a moment: its row stays the same element as the game open
    before is listed beside it.
    The game is the 16×16 example's, whose solutions are counted once it is open: Python answers long."""
    open_with(page, site_url, record(version=2, puzzle=SIXTEEN, actions=["logic"], position=1,
                                     shape={"n": 16, "box_rows": 4, "box_cols": 4, "symbols": "123456789ABCDEFG"}))
    page.click(f"{PANEL} summary")
    opens = f"{row(SET_ASIDE)} [data-intent='aside-open']"
    page.focus(opens)
    page.evaluate(WATCH_FOCUS)
    page.keyboard.press("Enter")
    # While the game's solutions are counted (seconds): Open has focus, held off.
    page.wait_for_function(f"""() => window.__pysolver.state.view.classification.kind === 'pending'
      && document.activeElement === document.querySelector("{opens}")
      && document.activeElement.getAttribute('aria-disabled') === 'true'""", timeout=60_000)
    page.wait_for_function(f"{OPENED} && window.__pysolver.state.view.classification.kind !== 'pending'"
                           " && document.querySelectorAll('#aside-panel li[data-key]').length === 2",
                           timeout=READY_TIMEOUT_MS)
    page.wait_for_timeout(100)
    focus = page.evaluate("window.__focus")
    assert not lost(focus) and page.evaluate(f"document.activeElement === document.querySelector(\"{opens}\")"), \
        focus


def test_a_record_held_in_a_full_storage_is_downloaded_and_deleted_from_the_page(page: Page, site_url: str) -> None:
    """Storage full: the record cannot be set aside, so the page holds it under the saved board's key
    and lists it; its Download gives its text, and its Delete lets this game be saved again."""
    text = record(version=2)
    page.add_init_script(QUOTA % '"set-aside"')
    page.goto(site_url + "manifest.json")
    page.evaluate("([key, text]) => { localStorage.clear(); localStorage.setItem(key, text); }", [KEY, text])
    page.goto(site_url)
    page.wait_for_function(OPENED, timeout=READY_TIMEOUT_MS)
    said = message_of(page)
    assert said is not None and "could not be set aside" in said and "\"Set-aside games\" panel" in said
    assert "developer tools" not in said
    assert listed(page) == [KEY]
    page.click(f"{PANEL} summary")
    assert page.get_attribute(row(KEY), "data-held") == "true"
    assert page.query_selector(f"{row(KEY)} [data-intent='aside-open']") is None  # held: no Open
    assert downloaded(page, KEY) == (f"{KEY}.json", text)
    step_to(page, 4)
    assert stored(page, KEY) == text  # still held: not saved over
    delete(page, KEY, confirm=True)
    assert stored(page, KEY) is None
    page.wait_for_function("() => document.querySelector('#aside-panel').hidden", timeout=10_000)
    step_to(page, 5)
    page.wait_for_function("(key) => localStorage.getItem(key) !== null", arg=KEY, timeout=10_000)
    saved: dict[str, Any] = json.loads(stored(page, KEY) or "null")
    assert (saved["puzzle"], len(saved["actions"])) == (FIGURE_4_2, 5)


def test_deleting_a_set_aside_record_frees_a_place_for_the_held_one(page: Page, site_url: str) -> None:
    """Every set-aside place taken: the record is held; one set-aside record deleted from the page, the
    next move sets the held record aside in the place freed and saves this game."""
    text = record(version=2)
    fillers = {f"{SET_ASIDE}.{slot}" if slot > 1 else SET_ASIDE: record(version=10 + slot) for slot in range(1, 21)}
    page.goto(site_url + "manifest.json")
    page.evaluate("([key, text, fillers]) => { localStorage.clear(); localStorage.setItem(key, text);"
                  " for (const [k, v] of Object.entries(fillers)) localStorage.setItem(k, v); }", [KEY, text, fillers])
    page.goto(site_url)
    page.wait_for_function(OPENED, timeout=READY_TIMEOUT_MS)
    said = message_of(page)
    assert said is not None and "places for set-aside records are all taken" in said
    assert listed(page) == [KEY, *fillers]
    page.click(f"{PANEL} summary")
    # The game open (the held record's, 3 steps) cannot be set aside either: nothing is opened over it.
    page.click(f"{row(SET_ASIDE + '.2')} [data-intent='aside-open']")
    page.wait_for_function("() => document.getElementById('message').textContent.includes('was not opened')",
                           timeout=10_000)
    assert "The game you have open could not be set aside (the 20 places" in (message_of(page) or "")
    assert page.evaluate("window.__pysolver.state.view.actions.length") == 3
    freed = f"{SET_ASIDE}.7"
    delete(page, freed, confirm=True)
    assert stored(page, freed) is None
    step_to(page, 4)
    page.wait_for_function("(key) => localStorage.getItem(key) !== null", arg=freed, timeout=10_000)
    assert stored(page, freed) == text
    assert len(json.loads(stored(page, KEY) or "null")["actions"]) == 4
    page.wait_for_function("(key) => !document.querySelector(`#aside-panel li[data-key='${key}'][data-held='true']`)",
                           arg=KEY, timeout=10_000)
    assert listed(page) == list(fillers)


def test_a_set_aside_game_whose_steps_no_longer_replay_opens_at_its_last_good_step(page: Page, site_url: str) -> None:
    """Opened from the list, a game whose 21st step no longer replays opens at step 20, said as at page
    load, and the record stays set aside as it was (not set aside again, nor the game open before,
    which has no move to lose)."""
    text = record(actions=["logic"] * 20 + ["place r1c2 5"], position=21)
    page.goto(site_url + "manifest.json")
    page.evaluate("([key, text]) => { localStorage.clear(); localStorage.setItem(key, text); }", [SET_ASIDE, text])
    page.goto(f"{site_url}#p={FOUR_BY_FOUR}")
    page.wait_for_function(OPENED, timeout=READY_TIMEOUT_MS)
    assert listed(page) == [SET_ASIDE]
    page.click(f"{PANEL} summary")
    page.click(f"{row(SET_ASIDE)} [data-intent='aside-open']")
    page.wait_for_function(f"{OPENED} && window.__pysolver.state.view.puzzle === '{FIGURE_4_2}'"
                           " && window.__pysolver.state.view.actions.length === 20", timeout=READY_TIMEOUT_MS)
    said = message_of(page) or ""
    assert "Step 21 of the saved game's 21 steps could not be replayed" in said
    assert f'The record as it was stays set aside under "{SET_ASIDE}".' in said
    assert "you had open" not in said
    assert stored(page, SET_ASIDE) == text and listed(page) == [SET_ASIDE]
