"""What a keyboard and screen-reader user meets (web/js/main.js, controls-view.js), watched as a
screen reader would: where focus is, and each new text of a live region, less what is aria-hidden
or in a part marked aria-live="off".

- Focus never rests on the page's body while Python answers a tutor button pressed from the
  keyboard: the button, off meanwhile, keeps focus (aria-disabled, not disabled); a slow run hands
  it to its Cancel, and Cancel back to the button, which has it once the board is back.
- A slow run says that it started and how it ended; its progress, shown at each step, is said once
  every 15 seconds at most.
- A message is said once: the finish (shown over the board and in the status line), and a repeated
  given typed (in the status line, the message and the step panel).
- The same holds for the panels' buttons (Export's, GTSPS's, New puzzle and Rate), the settings'
  switches and the Size and Examples menus: off while Python answers, the one pressed keeps focus;
  a slow run's Cancel has it back from there, at its press or the run's end.
- Undo and Redo say what they undid or redid, in Python's words; N or T says Notes on or off; a
  key whose command is off (H past the last hint, H or S on a solved board; S, H or N while the
  givens are typed) says why, in Python's words.
- A live region says its first words too: it is drawn, empty, before them (the graph's stage
  sentence, the GTSPS preview's sentence), as a region arriving with its words is not read.
"""

from __future__ import annotations

import time
from typing import Any

import pytest
from playwright.sync_api import Page

from tests.e2e.test_app import IDLE, STATE, py, wait_for
from tests.e2e.test_focus import NAKED_PAIR, NEXT_STAGE, PLAYER, PRESSED_STAGE
from tests.e2e.test_installed import open_ready
from tests.helpers import FIGURE_4_2, FIGURE_4_9, NESTED_NET_EXAMPLE as NESTED_NET

pytestmark = pytest.mark.e2e

#: The 16×16 example of the Examples menu: Solve by logic takes seconds, in many steps.
SIXTEEN = (".....1.B.E.F...G...87.....2B.E.4..G.A6.8.....7....4..F.3A9..C8B..98.3...F..1....D....C......"
           "2.....2648.FB.3..5C1.1..BED9....6FG35..3..G.8.........6..31....D....4A.2D...9.G....6.C...4.A.6F.3"
           "......A.....1.....E.......6E3.591....B4..A...92D.F.1.....8.....4C52")
#: A 4×4 puzzle one digit from solved (its solution is 1423 3214 4132 2341): r4c4 is left.
ALMOST = "142332144132234."

#: Records in `__heard` (emptied at each call) each new text of a live region as a screen reader
#: hears it: [region id or class, text]. A node's region is its nearest element that says how live
#: it is (aria-live, else the role status, log or alert); none when that says "off". A region's
#: text leaves out what is aria-hidden, not drawn, or in a part of its own (quiet, or another region).
WATCH_LIVE = """() => {
  window.__heard = [];
  if (window.__hearing) return;
  window.__hearing = true;
  const liveness = (el) => el.getAttribute('aria-live') || { status: 'polite', log: 'polite', alert: 'assertive' }[el.getAttribute('role')] || null;
  const regionOf = (node) => {
    for (let el = node.nodeType === 1 ? node : node.parentElement; el; el = el.parentElement) {
      const live = liveness(el);
      if (live) return live === 'off' ? null : el;
    }
    return null;
  };
  const heard = (node, top) => {
    if (node.nodeType === 3) return node.textContent;
    if (node.nodeType !== 1 || node.getAttribute('aria-hidden') === 'true' || !node.checkVisibility()) return '';
    if (!top && liveness(node)) return '';
    return [...node.childNodes].map((child) => heard(child, false)).join('');
  };
  const last = new Map();
  new MutationObserver((records) => {
    const regions = new Set(records.map((record) => regionOf(record.target)).filter(Boolean));
    for (const region of regions) {
      const text = heard(region, true).replace(/\\s+/g, ' ').trim();
      if (last.get(region) !== text) {
        last.set(region, text);
        if (text) window.__heard.push([region.id || region.className, text]);
      }
    }
  }).observe(document.body, { subtree: true, childList: true, characterData: true });
}"""

#: Records in `__focus` what has focus each time it changes, looked at between every two tasks, and
#: each time focus leaves an element for none ("lost: ..."), from its call on: what has it then
#: first (a key pressed next may move it before the first look between two tasks, under load).
WATCH_FOCUS = """() => {
  window.__focus = [];
  if (window.__looking) {  // one watcher a page
    window.__looking();
    return;
  }
  let last = null;
  const name = (el) => el === null || el === document.body ? 'body' : el.dataset.intent || el.id || el.className || el.tagName;
  const look = () => {
    const now = name(document.activeElement);
    if (now !== last || window.__focus.length === 0) window.__focus.push(now);
    last = now;
  };
  const channel = new MessageChannel();
  // Polled, as a disabled button drops focus without an event, and told by focusin, as focus can
  // rest on a control for less time than a poll takes under load (Cancel, pressed at once).
  channel.port1.onmessage = () => { try { look(); } finally { setTimeout(() => channel.port2.postMessage(0), 0); } };
  window.__looking = look;
  look();
  channel.port2.postMessage(0);
  document.addEventListener('focusin', look, true);
  document.addEventListener('focusout', (event) => {
    if (event.relatedTarget === null) window.__focus.push(`lost: ${name(event.target)}`);
  }, true);
}"""


def heard(page: Page) -> list[list[str]]:
    found: list[list[str]] = page.evaluate("window.__heard")
    return found


def heard_with(page: Page, words: str) -> list[str]:
    """What was heard that holds `words`, in any case (a message may start a sentence)."""
    return [text for _, text in heard(page) if words.lower() in text.lower()]


def held_by(focus: list[str], control: str) -> bool:
    """Did focus (the focus watcher's record) stay on `control`, or the Cancel it handed it to while
    a run was slow, and end on `control`? A slow run started by another (the count of a 16×16
    board's solutions once the solver has restarted, on a loaded machine) hands it so too."""
    return focus[0] == focus[-1] == control and set(focus) <= {control, "cancel"}


def cancel_from_the_keyboard(page: Page, selector: str, on_cancel: str) -> None:
    """Press Enter on `selector`, then on the Cancel it hands focus to once its run is slow
    (`on_cancel`, a JS condition, holds then), and wait until the solver has restarted and
    reopened the board: focus stayed on the control, but while on that Cancel, and ends on it."""
    control = page.evaluate(f"document.querySelector({selector!r}).dataset.intent")
    page.focus(selector)
    page.evaluate(WATCH_FOCUS)
    page.keyboard.press("Enter")
    wait_for(page, on_cancel, None, 60_000)
    page.keyboard.press("Enter")
    wait_for(page, f"{IDLE} && {STATE}.notice === 'Cancelled.' && {STATE}.view.classification.kind === 'unique'",
             None, 180_000)
    page.wait_for_timeout(200)
    focus = page.evaluate("window.__focus")
    assert focus[:3] == [control, "cancel", control] and held_by(focus, control), focus


def open_at(page: Page, site_url: str, puzzle: str) -> None:
    open_ready(page, f"{site_url}#p={puzzle}")
    wait_for(page, f"{IDLE} && {STATE}.view !== null && {STATE}.view.classification.kind !== 'pending'", None, 120_000)


def test_step_pressed_from_the_keyboard_keeps_focus_while_python_answers(page: Page, site_url: str) -> None:
    """Step, off while Python answers, kept focus for none of that time: focus fell to the body."""
    open_at(page, site_url, FIGURE_4_2)
    page.focus("button[data-intent=step]")
    page.evaluate(WATCH_FOCUS)
    for position in (1, 2):
        page.keyboard.press("Enter")
        wait_for(page, f"{IDLE} && {STATE}.view.position === {position}")
    page.wait_for_timeout(100)
    assert page.evaluate("window.__focus") == ["step"]


def test_solve_by_logic_its_cancel_and_the_restart_never_leave_focus_on_the_body(page: Page, site_url: str) -> None:
    """Solve by logic keeps focus until its Cancel appears, Cancel gives it back at once, and Solve
    by logic keeps it while the solver restarts and the 16×16 board's solutions are counted again.
    Focus was on the body until Cancel appeared, for the whole restart after it, and last on the
    board: the count's board, drawn before the count, has every button off."""
    open_at(page, site_url, SIXTEEN)
    cancel_from_the_keyboard(page, "button[data-intent=solve_logic]", "document.activeElement.id === 'cancel'")


def test_a_slow_run_says_its_start_and_its_end_not_each_step(page: Page, site_url: str) -> None:
    """Solve by logic on the 16×16 example: the status line shows Python's progress at each step,
    a few a second, and a screen reader hears the run start and end, and its progress once every
    15 seconds at most (it heard every step)."""
    open_at(page, site_url, SIXTEEN)
    page.evaluate(WATCH_LIVE)
    page.evaluate("""() => { window.__shown = new Set();
      new MutationObserver(() => window.__shown.add(document.querySelector('#status').textContent))
        .observe(document.querySelector('#status'), { subtree: true, childList: true, characterData: true }); }""")
    started = time.monotonic()
    page.click("button[data-intent=solve_logic]")
    wait_for(page, f"{IDLE} && {STATE}.view.status.status === 'solved'", None, 180_000)
    seconds = time.monotonic() - started
    steps = page.evaluate("[...window.__shown].filter((text) => text.includes('Solving by logic: ')).length")
    assert steps >= 5  # the progress was shown as it came
    said = [text for region, text in heard(page) if region == "status"]
    assert 2 <= len(said) <= 2 + seconds // 15 and "Solving by logic" in said[0], (seconds, said)
    assert said[-1] == page.evaluate("document.querySelector('#status').textContent"), said


def test_the_finish_is_said_once(page: Page, site_url: str) -> None:
    open_at(page, site_url, ALMOST)
    page.evaluate(WATCH_LIVE)
    page.click("#board .cell[data-cell='15']")
    page.keyboard.press("1")
    wait_for(page, f"{IDLE} && {STATE}.view.status.status === 'solved'")
    page.wait_for_timeout(200)
    message = page.evaluate(f"{STATE}.view.status.message")
    assert page.inner_text("#finish") == message  # shown in the banner over the board, and the status line
    assert len(heard_with(page, message)) == 1, heard(page)


def test_a_given_typed_and_a_repeated_one_are_said_once(page: Page, site_url: str) -> None:
    """The entry status was said by the status line and the step panel, after "Opening the
    puzzle…" at each keystroke; a repeated given's reason by the status line, the message and the
    step panel."""
    open_at(page, site_url, FIGURE_4_2)
    page.get_by_role("button", name="Clear").click()
    wait_for(page, f"{IDLE} && {STATE}.mode === 'enter' && {STATE}.view.givens.every((d) => !d)")
    page.click("#board .cell[data-cell='2']")
    page.evaluate(WATCH_LIVE)
    page.keyboard.press("1")
    wait_for(page, f"{IDLE} && {STATE}.view.givens[2] === 1")
    page.wait_for_timeout(200)
    entering = page.evaluate(f"{STATE}.view.entry.message")
    assert len(heard_with(page, entering)) == 1 and not heard_with(page, "Opening the puzzle"), heard(page)
    page.evaluate(WATCH_LIVE)
    page.click("#board .cell[data-cell='4']")
    page.keyboard.press("1")
    wait_for(page, f"{IDLE} && {STATE}.error !== null")
    page.wait_for_timeout(200)
    assert len(heard_with(page, "two 1s in row 1: r1c3 and r1c5")) == 1, heard(page)


def test_undo_and_redo_from_the_keyboard_say_what_they_did(page: Page, site_url: str) -> None:
    """A note then an erase in r1c4: Ctrl+Z said "Note: You toggled the note 7 in r1c4" (the
    entry the board then shows, as if it were a move just made), Ctrl+Y "Erase: You erased r1c4";
    now they say what was undone and redone, in Python's words, and only that."""
    open_at(page, site_url, FIGURE_4_2)
    page.click("#board .cell[data-cell='3']")
    page.keyboard.press("Shift+7")
    wait_for(page, f"{IDLE} && {STATE}.view.position === 1")
    page.keyboard.press("Backspace")
    wait_for(page, f"{IDLE} && {STATE}.view.position === 2")
    py("load", puzzle=FIGURE_4_2, actions=["note r1c4 7", "erase r1c4"])
    for keys, position, reply in (("Control+z", 1, py("undo")), ("Control+y", 2, py("redo"))):
        page.evaluate(WATCH_LIVE)
        page.keyboard.press(keys)
        wait_for(page, f"{IDLE} && {STATE}.view.position === {position}")
        page.wait_for_timeout(200)
        assert [text for _, text in heard(page)] == [reply["done"]], heard(page)
    assert reply["done"] == "Redone: you erased r1c4."


def test_notes_mode_from_the_keyboard_is_said(page: Page, site_url: str) -> None:
    """N changed only the Notes button's pressed state, a button without focus: nothing was heard.
    Pressed with Enter, the button keeps focus and its pressed state is heard: no words then."""
    open_at(page, site_url, FIGURE_4_2)
    page.click("#board .cell[data-cell='3']")
    page.evaluate(WATCH_LIVE)
    for key, on, said in (("n", "true", ["Notes on"]), ("t", "false", ["Notes on", "Notes off"])):
        page.keyboard.press(key)
        wait_for(page, f"{STATE}.notesMode === {on}")
        page.wait_for_timeout(100)
        assert [text for _, text in heard(page)] == said, heard(page)
    page.focus("#notes-toggle")
    page.evaluate(WATCH_LIVE)
    page.keyboard.press("Enter")
    wait_for(page, f"{STATE}.notesMode")
    page.wait_for_timeout(100)
    assert heard(page) == []


def cannot(page: Page, name: str) -> Any:
    return page.evaluate(f"{STATE}.view.cannot && {STATE}.view.cannot.{name}")


def test_a_key_whose_command_is_off_says_why(page: Page, site_url: str) -> None:
    """Ctrl+Z at the start, H past the last hint, and H or S on a solved board, did nothing and said
    nothing: the page says why, in Python's words (the view's ``cannot``)."""
    open_at(page, site_url, FIGURE_4_2)
    page.click("#board .cell[data-cell='0']")
    page.evaluate(WATCH_LIVE)
    page.keyboard.press("Control+z")
    page.wait_for_timeout(200)
    assert [text for _, text in heard(page)] == [cannot(page, "undo")], heard(page)
    for level in (1, 2, 3):
        page.keyboard.press("h")
        wait_for(page, f"{IDLE} && {STATE}.view.hint_level === {level}")
    page.evaluate(WATCH_LIVE)
    page.keyboard.press("h")
    page.wait_for_timeout(200)
    why = cannot(page, "hint")
    assert why and [text for _, text in heard(page)] == [why], heard(page)
    page.get_by_role("button", name="Solve", exact=True).click()
    wait_for(page, f"{IDLE} && {STATE}.view.status.status === 'solved'")
    for key, name in (("h", "hint"), ("s", "step")):
        page.evaluate(WATCH_LIVE)
        page.keyboard.press(key)
        page.wait_for_timeout(200)
        why = cannot(page, name)
        assert why and [text for _, text in heard(page)] == [why], (key, heard(page))


def kept_focus(page: Page, selector: str, key: str, then: str) -> list[str]:
    """What had focus, from pressing `key` on `selector` until `then` (a JS condition) holds and
    the page is idle (the focus watcher's record)."""
    page.focus(selector)
    page.evaluate(WATCH_FOCUS)
    page.keyboard.press(key)
    wait_for(page, f"{IDLE} && ({then})", None, 120_000)
    page.wait_for_timeout(100)
    focus: list[str] = page.evaluate("window.__focus")
    return focus


def test_a_settings_switch_keeps_focus_while_python_answers(page: Page, site_url: str) -> None:
    """A setting's switch, off while Python answers, lost focus to the body for all that time (on
    the 16×16 example, as long as a view of it takes)."""
    open_at(page, site_url, SIXTEEN)
    page.click("#settings-panel > summary")
    assert kept_focus(page, "#settings-panel input[name=mark_mistakes]", "Space",
                      f"{STATE}.view.settings.mark_mistakes === true") == ["setting"]


def test_the_panels_buttons_keep_focus_while_python_answers(page: Page, site_url: str) -> None:
    """GTSPS's run, Rate and New puzzle, off while Python answers, each lost focus to the body for
    all that time."""
    open_at(page, site_url, FIGURE_4_9)
    page.click("#gtsps-panel > summary")
    # Its Cancel shows, and takes focus, once the run is slow (on a loaded machine); the run's end gives it back.
    focus = kept_focus(page, "#gtsps-panel button[data-intent=gtsps]", "Enter",
                       "document.getElementById('gtsps-panel').dataset.state === 'done'")
    assert held_by(focus, "gtsps"), focus
    page.click("#generate-panel > summary")
    assert kept_focus(page, "#generate-panel button[data-intent=rate]", "Enter", f"{STATE}.rating !== null") \
        == ["rate"]
    page.select_option("#generate-panel select[name=size]", "4")
    page.select_option("#generate-panel select[name=level]", "easy")
    focus = kept_focus(page, "#generate-panel button[type=submit]", "Enter",
                       f"{STATE}.view.n === 4 && {STATE}.rating !== null && {STATE}.rating.puzzle === {STATE}.view.puzzle")
    assert held_by(focus, "primary"), focus


@pytest.mark.parametrize("menu, keys, loaded", [
    ("size", ["ArrowUp"], f"{STATE}.view.n === 6"),
    ("examples", ["ArrowDown", "ArrowDown"], f"{STATE}.view.puzzle !== '{FIGURE_4_2}'"),  # past Figure 4.2
], ids=["size", "examples"])
def test_a_menu_chosen_from_keeps_focus_while_its_board_loads(page: Page, site_url: str, menu: str,
                                                               keys: list[str], loaded: str) -> None:
    """The Size and Examples menus, off while the board chosen loads, lost focus to the body for all
    that time."""
    open_at(page, site_url, FIGURE_4_2)
    page.focus(f"#{menu}")
    for key in keys:  # looked through: nothing is loaded yet
        page.keyboard.press(key)
    assert kept_focus(page, f"#{menu}", "Enter", loaded) == [page.evaluate(f"document.getElementById('{menu}').dataset.intent")]




def test_the_solution_path_its_cancel_and_the_restart_never_leave_focus_on_the_body(page: Page, site_url: str) -> None:
    """Export's buttons keep focus while Python answers; the path's button hands it to the panel's
    Cancel, which gives it back at once. Focus was on the body until Cancel appeared, and for the
    whole restart after it (about 2 s)."""
    open_at(page, site_url, NESTED_NET)
    page.click("#export-panel > summary")
    assert kept_focus(page, "#export-panel button[data-intent=export]", "Enter",
                      "document.getElementById('export-panel').dataset.state === 'done'") == ["export"]
    cancel_from_the_keyboard(page, "#export-panel button[data-intent=export-path]",
                             "document.activeElement.closest('#export-panel') !== null"
                             " && document.activeElement.dataset.intent === 'cancel'")


def test_step_hint_and_notes_keys_say_why_they_do_nothing_while_the_givens_are_typed(
        page: Page, site_url: str) -> None:
    """S, H and N in Enter puzzle mode did nothing and said nothing: the page says why, in
    Python's words (the ``techniques`` reply's ``entering_cannot``, kept by the store)."""
    open_at(page, site_url, FIGURE_4_2)
    page.get_by_role("button", name="Enter puzzle").click()
    wait_for(page, f"{IDLE} && {STATE}.mode === 'enter'")
    page.click("#board .cell[data-cell='2']")
    for key, name in (("s", "step"), ("h", "hint"), ("n", "notes")):
        page.evaluate(WATCH_LIVE)
        page.keyboard.press(key)
        page.wait_for_timeout(200)
        why = page.evaluate(f"{STATE}.enteringCannot.{name}")
        assert why and [text for _, text in heard(page)] == [why], (key, heard(page))
    assert page.evaluate(f"[{STATE}.mode, {STATE}.notesMode, {STATE}.view.position]") == ["enter", False, 0]


#: The live regions drawn now (in no part that is hidden) with their texts, kept to be read back.
MARK_REGIONS = """() => { window.__regions = new Map([...document.querySelectorAll(
  '[aria-live]:not([aria-live="off"]), [role="status"], [role="log"], [role="alert"]')]
  .filter((el) => el.checkVisibility()).map((el) => [el, el.textContent])); }"""
#: What the live region whose whole text is `words` now said when the regions were marked: null
#: when it was not in the page then, or not drawn; "none" when no region says the words.
SAID_WHEN_MARKED = """(words) => {
  const region = [...document.querySelectorAll('[aria-live]:not([aria-live="off"]), [role="status"]')]
    .find((el) => el.checkVisibility() && el.textContent.trim() === words);
  return !region ? "none" : window.__regions.has(region) ? window.__regions.get(region) : null; }"""


def test_the_stage_sentence_is_drawn_empty_before_the_first_graph(page: Page, site_url: str) -> None:
    """The graph's stage sentence, on the first graph the page draws, came with its region, made
    with that graph: a screen reader did not say it. It is now a change of a region already drawn."""
    open_at(page, site_url, NAKED_PAIR)
    page.evaluate(MARK_REGIONS)
    page.click("button[data-intent=step]")
    wait_for(page, f"{IDLE} && {STATE}.view.position === 1"
             " && document.querySelector('#graph .stage-text') !== null"
             " && document.querySelector('#graph .stage-text').textContent !== ''")
    words = page.text_content("#graph .stage-text")
    assert page.evaluate(SAID_WHEN_MARKED, words) == "", words


def test_the_preview_sentence_is_drawn_empty_before_the_first_solution_shown(page: Page, site_url: str) -> None:
    """The GTSPS preview's sentence, on the first solution shown, came with its banner, hidden until
    then: a screen reader did not say it. It is now a change of a region already drawn."""
    open_at(page, site_url, FIGURE_4_9)
    page.click("#gtsps-panel > summary")
    page.click("#gtsps-panel button[data-intent=gtsps]")
    wait_for(page, f"{IDLE} && document.getElementById('gtsps-panel').dataset.state === 'done'", None, 60_000)
    page.evaluate(MARK_REGIONS)
    page.click("#gtsps-panel button[data-intent=gtsps-show][data-index='0']")
    wait_for(page, "document.getElementById('preview').dataset.index === '0'")
    words = page.text_content("#preview > span:first-child")
    assert words and page.evaluate(SAID_WHEN_MARKED, words) == "", words


def lost(focus: list[str]) -> list[str]:
    """The focus watcher's record of each time focus fell to none: a control pressed and then drawn
    anew (a new element, or hidden) drops it to the page's body for a moment, which a screen reader
    says as a jump, even when the page finds the control again after."""
    return [entry for entry in focus if entry == "body" or entry.startswith("lost:")]


def test_a_history_entry_pressed_keeps_focus_as_the_list_is_drawn_again(page: Page, site_url: str) -> None:
    """The history list was drawn anew at each move: the entry pressed with Enter was replaced by a
    new one, and focus fell to the page until it was found again. The entry stays the same element."""
    open_at(page, site_url, FIGURE_4_2)
    for position in (1, 2, 3):
        page.click("button[data-intent=step]")
        wait_for(page, f"{IDLE} && {STATE}.view.position === {position}")
    for position in (1, 0, 3):
        entry = f"#step-list button[data-position='{position}']"
        page.focus(entry)
        page.evaluate(WATCH_FOCUS)
        page.keyboard.press("Enter")
        wait_for(page, f"{IDLE} && {STATE}.view.position === {position}"
                 f" && document.querySelector(\"{entry}\").getAttribute('aria-current') === 'step'")
        page.wait_for_timeout(100)
        focus: list[str] = page.evaluate("window.__focus")
        assert not lost(focus) and page.evaluate(f"document.activeElement === document.querySelector(\"{entry}\")"), \
            (position, focus)


def test_a_stage_button_pressed_keeps_focus_as_the_player_is_drawn_again(page: Page, site_url: str) -> None:
    """The stage player was drawn anew at each press: the stage, ▶ or "All" pressed, with Enter or
    clicked, was replaced by a new button, and focus fell to the page until it was found again."""
    open_at(page, site_url, NAKED_PAIR)
    page.click("button[data-intent=step]")
    wait_for(page, f"{IDLE} && {STATE}.view.position === 1")
    first = f"{PLAYER} button[data-stage='0']:not([aria-label])"
    every = f"{PLAYER} button[data-stage=''][aria-pressed]"
    for pressed, stage, how in ((first, "0", "Enter"), (NEXT_STAGE, "1", "Enter"), (every, "", "click"),
                                (first, "0", "click"), (NEXT_STAGE, "1", "click")):
        page.focus(pressed)
        page.evaluate(WATCH_FOCUS)
        if how == "Enter":
            page.keyboard.press("Enter")
        else:
            page.click(pressed)
        wait_for(page, f"{PRESSED_STAGE} === '{stage}'")
        page.wait_for_timeout(100)
        focus: list[str] = page.evaluate("window.__focus")
        assert not lost(focus) and page.evaluate(f"document.activeElement === document.querySelector(\"{pressed}\")"), \
            (pressed, how, focus)
