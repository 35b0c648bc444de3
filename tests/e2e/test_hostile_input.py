"""Hostile and corrupt input the page did not write this time: a stored board (localStorage) and the
address (``#p=``). Whatever they hold, the page boots, draws a board, says once what was wrong, and
runs no script that came with them: every payload would set ``window.__pwned`` if it ran, and the
guarded page fails the test on any uncaught script error (such as the URIError ``#p=%ZZ`` raised).

The parsers themselves (web/js/storage.js) are also checked case by case in the page.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from tests.e2e.conftest import READY
from tests.helpers import FIGURE_4_2, FIGURE_4_9

pytestmark = pytest.mark.e2e

KEY = "pysolver.board"
STATE = "window.__pysolver.state"
BOOTED = (f"{READY} && {STATE}.ready && !{STATE}.busy "
          f"&& ({STATE}.view !== null || {STATE}.error !== null)")
#: Markup that sets window.__pwned if it ever becomes elements: an image's onerror (asynchronous)
#: and an SVG's onload (as soon as it is inserted).
PAYLOAD = '<img src=x onerror="window.__pwned=1"><svg onload="window.__pwned=1"></svg>'
NINE = {"n": 9, "box_rows": 3, "box_cols": 3, "symbols": "123456789"}
EXAMPLE = FIGURE_4_2  # the first example, shown when nothing usable was saved or addressed


def record(**fields: Any) -> str:
    """A stored board as the page writes it (version 1), with some fields replaced or dropped."""
    base: dict[str, Any] = {"version": 1, "puzzle": FIGURE_4_9, "actions": [], "position": 0,
                            "shape": NINE}
    base.update(fields)
    return json.dumps({k: v for k, v in base.items() if v is not ...})


@pytest.fixture(scope="module")
def hostile(browser: Browser, guarded: Callable[[Browser], AbstractContextManager[Page]]) -> Iterator[Page]:
    """One guarded page for the module: it reboots the app for every case (the HTTP cache keeps
    that quick) and fails on any uncaught script error."""
    with guarded(browser) as page:
        yield page


def boot(page: Page, url: str, stored: str | None, fragment: str = "") -> dict[str, Any]:
    """Store `stored` under the page's key (nothing for None), open the app at `fragment`, wait until
    the first board is settled, and return what the page shows."""
    page.goto(url + "manifest.json")  # same origin, no app: localStorage is set before the app reads it
    page.evaluate("([key, value]) => { localStorage.clear(); if (value !== null) localStorage.setItem(key, value); }",
                  [KEY, stored])
    page.goto(url + fragment)
    page.wait_for_function(BOOTED, timeout=120_000)
    page.wait_for_timeout(300)  # time for an injected image to fail to load and fire onerror
    shown: dict[str, Any] = page.evaluate(f"""() => {{
      const message = document.getElementById('message');
      const state = {STATE};
      return {{ pwned: window.__pwned ?? null,
        injected: document.querySelectorAll('img, body script:not([src]), #board svg, #pad svg, #message *').length,
        message: message.hidden ? null : message.textContent, kind: message.dataset.kind,
        cells: document.querySelectorAll('#board .cell').length,
        puzzle: state.view ? state.view.puzzle : null, position: state.view ? state.view.position : null,
        stored: localStorage.getItem('{KEY}') }};
    }}""")
    assert shown["pwned"] is None, "a script from the input ran"
    assert shown["injected"] == 0, "markup from the input became elements"
    assert shown["cells"] > 0, "no board was drawn"
    return shown


#: Stored values that cannot be read whole, and what the message says; each is checked by the
#: parser, and the ones the issue names also by a real boot. A record with a usable puzzle keeps it
#: (the odd field left out); the others (UNREADABLE) keep nothing. Either is set aside as it was.
CORRUPT_STORAGE = {
    "markup-in-symbols": (record(shape={**NINE, "symbols": PAYLOAD}), "digit symbols"),
    "markup-in-nine-symbols": (record(shape={**NINE, "symbols": "12345678<"}), "digit symbols"),
    "shape-null": (record(shape=None), "board shape is missing"),
    "shape-size-wrong": (record(shape={**NINE, "box_rows": 2}), "board size"),
    "actions-missing": (record(actions=...), "step log"),
    "actions-not-a-list": (record(actions=5), "step log"),
    "markup-in-actions": (record(actions=[PAYLOAD], position=1), "step log"),
    "position-beyond-the-log": (record(position=7), "position"),
    "position-not-a-number": (record(position="1"), "position"),
    "puzzle-missing": (record(puzzle=None), "puzzle is missing"),
    "unparsable-json": ('{"puzzle": ".5', "not valid JSON"),
    "json-null": ("null", "not a saved board"),
    "a-bare-string": (json.dumps(FIGURE_4_9), "not a saved board"),
    "newer-format": (record(version=99), "unknown format"),
    "markup-in-mode": (record(mode=PAYLOAD), "mode"),
    "markup-in-address": (record(address={"digits": PAYLOAD, "notes": ""}), "address"),
    "play-counts-not-counts": (record(play={"started": 1.0, "hints": "<b>", "checks": 0}), "play counters"),
    "settings-not-booleans": (record(settings={"auto_clear_notes": 1, "mark_mistakes": False}), "settings"),
}
BOOTED_STORAGE = ["shape-null", "actions-missing", "unparsable-json"]
UNREADABLE = {"puzzle-missing", "unparsable-json", "json-null", "a-bare-string"}
SET_ASIDE = "kept in this browser's storage"

#: Addresses whose puzzle cannot be read, and what the message says.
BROKEN_ADDRESSES = {
    "bad-escape": ("#p=%ZZ", 'malformed escape "%ZZ" at character 1'),
    "escape-cut-short": ("#p=" + FIGURE_4_2[:40] + "%E0%A4%A", 'malformed escape "%A" at character 47'),
    "lone-percent": ("#p=12%", 'malformed escape "%" at character 3'),
    "not-utf8": ("#p=%FF%FE" + "." * 79, "not valid percent-encoded UTF-8"),
    "too-long": ("#p=" + "1" * 150_001, "too many"),  # Python reads a puzzle text up to 150,000
}

PARSE = """async ([name, input]) => {
  const storage = await import(new URL('js/storage.js', document.baseURI).href);
  return storage[name](input);
}"""


def parse(page: Page, url: str, name: str, text: str | None) -> dict[str, Any]:
    """``name`` (parseSaved or parseHash) of web/js/storage.js on ``text``, run in the page."""
    if not page.url.startswith(url):
        page.goto(url + "manifest.json")
    parsed: dict[str, Any] = page.evaluate(PARSE, [name, text])
    return parsed


# -- the parsers, case by case ---------------------------------------------------------------------

@pytest.mark.parametrize("name", CORRUPT_STORAGE.keys())
def test_parse_saved_leaves_out_what_is_corrupt(hostile: Page, site_url: str, name: str) -> None:
    stored, says = CORRUPT_STORAGE[name]
    parsed = parse(hostile, site_url, "parseSaved", stored)
    assert says in parsed["problem"]  # reading sets nothing aside: loadSaved, opening it, says where it is kept
    if name in UNREADABLE:
        assert parsed["value"] is None
    else:
        assert parsed["value"]["puzzle"] == FIGURE_4_9 and PAYLOAD not in json.dumps(parsed["value"])


def test_parse_saved_keeps_only_the_known_fields(hostile: Page, site_url: str) -> None:
    extra = json.loads(record(actions=["logic"], position=1))
    extra["shape"]["onload"] = PAYLOAD
    extra["html"] = PAYLOAD
    assert parse(hostile, site_url, "parseSaved", json.dumps(extra)) == {"problem": None, "value": {
        "puzzle": FIGURE_4_9, "actions": ["logic"], "position": 1, "shape": NINE, "mode": "play",
        "showCandidates": True, "play": None, "settings": None, "address": {"digits": "", "notes": ""}}}
    assert parse(hostile, site_url, "parseSaved", None) == {"value": None, "problem": None}


@pytest.mark.parametrize("fragment, says", BROKEN_ADDRESSES.values(), ids=BROKEN_ADDRESSES.keys())
def test_parse_hash_refuses_a_broken_address(hostile: Page, site_url: str, fragment: str, says: str) -> None:
    parsed = parse(hostile, site_url, "parseHash", fragment)
    assert parsed["value"] is None and says in parsed["problem"] and "not loaded" in parsed["problem"]


def test_parse_position_keeps_the_puzzle_and_leaves_out_damaged_digits_or_notes(hostile: Page,
                                                                              site_url: str) -> None:
    assert parse(hostile, site_url, "parsePosition", f"#p={FIGURE_4_2}&d=9.5&n=AB_-") == {
        "problem": None, "value": {"puzzle": FIGURE_4_2, "digits": "9.5", "notes": "AB_-"}}
    parsed = parse(hostile, site_url, "parsePosition", f"#p={FIGURE_4_2}&d=9&n=%3Cb%3E")
    assert parsed["value"] == {"puzzle": FIGURE_4_2, "digits": "9", "notes": ""}
    assert "notes" in parsed["problem"] and "left out" in parsed["problem"]


@pytest.mark.parametrize("fragment, value", [
    ("", None), ("#top", None), ("#p=", ""), ("#p=" + FIGURE_4_2, FIGURE_4_2),
    ("#p=1%202", "1 2"), ("#p=%E2%80%A2", "\u2022"), ("#p=%3Cb%3E", "<b>"),
])
def test_parse_hash_reads_a_well_formed_address(hostile: Page, site_url: str, fragment: str,
                                                value: str | None) -> None:
    assert parse(hostile, site_url, "parseHash", fragment) == {"value": value, "problem": None}


# -- the page, booted on hostile and corrupt input ---------------------------------------------------

def test_markup_in_stored_symbols_never_runs_and_is_reported_once(hostile: Page, site_url: str) -> None:
    shown = boot(hostile, site_url, CORRUPT_STORAGE["markup-in-symbols"][0])
    assert shown["kind"] == "notice" and "digit symbols" in shown["message"]
    # The puzzle is kept; the symbols are the puzzle's own, and the record saved again is clean.
    assert shown["puzzle"] == FIGURE_4_9 and shown["cells"] == 81
    assert hostile.locator("#pad button").all_inner_texts()[:9] == list("123456789")
    assert json.loads(shown["stored"])["shape"]["symbols"] == "123456789"
    hostile.reload()
    hostile.wait_for_function(BOOTED, timeout=120_000)
    assert hostile.locator("#message").is_hidden(), "the message is said once, not on every visit"


@pytest.mark.parametrize("name", BOOTED_STORAGE)
def test_a_corrupt_stored_board_is_set_aside_and_the_page_boots(hostile: Page, site_url: str,
                                                                 name: str) -> None:
    stored, says = CORRUPT_STORAGE[name]
    shown = boot(hostile, site_url, stored)
    assert shown["kind"] == "notice" and says in shown["message"] and SET_ASIDE in shown["message"]
    assert shown["puzzle"] == (EXAMPLE if name in UNREADABLE else FIGURE_4_9) and shown["cells"] == 81


def test_the_first_stored_format_without_a_version_is_migrated(hostile: Page, site_url: str) -> None:
    first = json.loads(record(actions=["logic", "logic", "logic"], position=2))
    del first["version"]
    shown = boot(hostile, site_url, json.dumps(first))
    assert shown["message"] is None
    assert (shown["puzzle"], shown["position"]) == (FIGURE_4_9, 2)
    hostile.click("#board .cell[data-cell='40']")  # any change saves the board in the current format
    saved = json.loads(hostile.evaluate(f"localStorage.getItem('{KEY}')"))
    assert (saved["version"], saved["actions"], saved["position"]) == (1, ["logic"] * 3, 2)


def test_markup_in_a_stored_puzzle_is_text_in_pythons_message(hostile: Page, site_url: str) -> None:
    shown = boot(hostile, site_url, record(puzzle=PAYLOAD))
    assert shown["kind"] == "format" and "unexpected character '<'" in shown["message"]


def test_stored_steps_python_cannot_replay_are_dropped_with_a_message(hostile: Page, site_url: str) -> None:
    """The steps up to the one Python cannot replay are kept; that one and those after are dropped."""
    shown = boot(hostile, site_url, record(puzzle=FIGURE_4_2, actions=["logic", "fly"], position=2))
    assert shown["message"].startswith("Step 2 of the saved game's 2 steps could not be replayed, so the "
                                       "game was opened at step 1, the last that replays.")
    assert (shown["puzzle"], shown["position"]) == (FIGURE_4_2, 1)


def test_a_bad_escape_in_the_address_says_so_and_loads_nothing_from_it(hostile: Page, site_url: str) -> None:
    shown = boot(hostile, site_url, record(), "#p=%ZZ")
    assert shown["kind"] == "notice" and BROKEN_ADDRESSES["bad-escape"][1] in shown["message"]
    assert shown["puzzle"] == FIGURE_4_9  # the saved board, untouched by the address
    assert hostile.evaluate("location.hash") == "#p=" + FIGURE_4_9
    # The same address typed after boot: a message, and the board stays.
    hostile.evaluate("location.hash = '#p=' + '.'.repeat(40) + '%E0%A4%A'")
    hostile.wait_for_function("!document.getElementById('message').hidden")
    assert 'malformed escape "%A" at character 47' in hostile.inner_text("#message")
    assert hostile.evaluate(f"{STATE}.view.puzzle") == FIGURE_4_9


def test_markup_in_the_address_or_a_paste_is_only_text(hostile: Page, site_url: str) -> None:
    shown = boot(hostile, site_url, None, "#p=" + PAYLOAD)
    assert shown["kind"] == "format" and "unexpected character '<'" in shown["message"]
    pasted = "<svg/onload=window.__pwned=1>".ljust(81, ".")  # fits the board: one character per cell
    hostile.click(".puzzle-text summary")  # open "Puzzle as text"
    hostile.fill("#puzzle-text", pasted)
    hostile.click("#text-form button[type=submit]")
    hostile.wait_for_function(f"(p) => {STATE}.error && !{STATE}.busy && {STATE}.entry.join('') === p",
                              arg=pasted)
    hostile.wait_for_timeout(300)
    assert hostile.evaluate("window.__pwned ?? null") is None
    assert hostile.locator("#board svg, img").count() == 0
    assert hostile.locator("#board .cell[data-cell='0'] .digit").inner_text() == "<"  # drawn as text


def test_an_invisible_character_or_an_overlong_paste_is_named_and_the_text_kept(hostile: Page,
                                                                                  site_url: str) -> None:
    """Python's words reach the page: a zero-width space is named in words with the cell before it
    (not '\\u200b'), a text far too long is counted in its own characters (not the request's), and
    the text box keeps what was typed either way."""
    boot(hostile, site_url, None)
    hostile.click(".puzzle-text summary")  # open "Puzzle as text"
    for text, says in [
        (FIGURE_4_2[:40] + "\u200b" + FIGURE_4_2[40:],
         "unexpected character at position 41 (after r5c4): an invisible zero-width space (U+200B)"),
        (FIGURE_4_2 * 3000, "the puzzle text is too long: 243,000 characters; at most 150,000 are read"),
        # Past the worker's own limit the text never reaches Python: still counted as pasted.
        (FIGURE_4_2 * 14_000, "the puzzle text is too long: 1,134,000 characters; at most 150,000 are read"),
    ]:
        hostile.fill("#puzzle-text", text)
        hostile.click("#text-form button[type=submit]")
        hostile.wait_for_function(f"(says) => !{STATE}.busy && {STATE}.error "
                                  "&& document.getElementById('message').textContent.startsWith(says)",
                                  arg=says, timeout=60_000)
        assert hostile.evaluate("document.getElementById('puzzle-text').value") == text
        assert hostile.evaluate(f"{STATE}.view.puzzle") == EXAMPLE  # the board stays


def test_a_pencil_mark_grid_read_two_ways_says_how_it_was_read(hostile: Page, site_url: str) -> None:
    """A pencil-mark grid whose lone 1 in r1c3 a peer also lists (a slip) opens with r1c3 as an
    empty cell, and the page says so and how to make it a given: the reading is never silent."""
    from tests.test_formats import HODOKU_START_PM
    boot(hostile, site_url, None)
    hostile.click(".puzzle-text summary")
    hostile.fill("#puzzle-text", HODOKU_START_PM.replace("| 478   2678  1    |", "| 478   12678 1    |"))
    hostile.click("#text-form button[type=submit]")
    hostile.wait_for_function(f"() => !{STATE}.busy && {STATE}.notice", timeout=60_000)
    assert hostile.inner_text("#message").startswith(
        "r1c3's lone 1 was read as a candidate, not a given, because r1c2 also lists 1")
    assert hostile.evaluate(f"{STATE}.view.values[2]") == 0
