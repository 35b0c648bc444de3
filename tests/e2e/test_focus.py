"""The page from the keyboard and a screen reader (web/js/main.js, web/js/controls-view.js):

- A control pressed with Enter keeps focus, found again once the views have redrawn it (a lesson's
  tab, a solution's number, New puzzle after its run); one that its own action disabled or hid
  hands focus to the nearest usable control of its own group (▶ at the last stage: "All"), else,
  in the tutor's toolbars (Apply, Undo with nothing left, Solve by logic and Solve once solved) or
  Back to the puzzle, to the board's selected cell: focus is never lost to the page.
- The Size and Examples menus, which replace the board, are looked through with the arrow keys and
  open the one shown on Enter; disabled while that board loads, they have focus back once it is
  drawn. A menu of a panel keeps focus when changed.
- A long run started with Enter puts focus on the Cancel shown beside it, and takes it back to the
  button after the run or its Cancel.
- On a phone Tab goes down the page as it is drawn (the digit pad before the play bar, the puzzle
  as text after them); in the header, in every layout, Tab goes as the controls are drawn (left to
  right, then the next row: the menus after the dark-mode toggle on a phone, where they wrap under it).
- The message's live region is in the page before any message, keeps its role, and a message said
  again in the same words (Check twice) changes it again, so that it is announced again.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page

from tests.e2e.test_app import IDLE, STATE, wait_for
from tests.e2e.test_installed import open_ready
from tests.helpers import FIGURE_4_2, FIGURE_4_9, NESTED_NET_EXAMPLE as NESTED_NET

pytestmark = pytest.mark.e2e

ON_BOARD = "document.activeElement.matches('#board .cell[tabindex=\"0\"]')"
#: What has focus: its intent, its data and its text, for the failure message.
FOCUSED = """() => { const a = document.activeElement;
  return a === document.body ? 'body' : `${a.tagName} ${JSON.stringify({ ...a.dataset })} ${a.textContent.trim().slice(0, 30)}`; }"""


def press(page: Page, selector: str, then: str) -> None:
    """Focus `selector`, press Enter on it and wait until `then` (a JS condition) holds and the page
    is idle."""
    page.focus(selector)
    page.keyboard.press("Enter")
    wait_for(page, f"{IDLE} && ({then})", None, 60_000)


def focused(page: Page) -> str:
    return str(page.evaluate(FOCUSED))


def on_board(page: Page) -> bool:
    return bool(page.evaluate(ON_BOARD))


def test_a_control_its_own_press_disables_hands_focus_to_the_board(page: Page, site_url: str) -> None:
    open_ready(page, f"{site_url}#p={FIGURE_4_2}")
    wait_for(page, f"{IDLE} && {STATE}.view !== null")
    press(page, "button[data-intent=step]", f"{STATE}.view.position === 1")
    assert page.evaluate("document.activeElement.dataset.intent") == "step", focused(page)  # still usable
    for level in (1, 2, 3):
        press(page, "button[data-intent=hint]", f"{STATE}.view.hint_level === {level}")
        usable = page.is_enabled("button[data-intent=hint]")  # not at the last rung
        assert (page.evaluate("document.activeElement.dataset.intent") == "hint") if usable else on_board(page), \
            focused(page)
    press(page, "button[data-intent=apply]", f"{STATE}.view.position === 2")
    assert page.is_disabled("button[data-intent=apply]") and on_board(page), focused(page)
    press(page, "button[data-intent=undo]", f"{STATE}.view.position === 1")
    assert page.evaluate("document.activeElement.dataset.intent") == "undo", focused(page)
    page.keyboard.press("Enter")
    wait_for(page, f"{IDLE} && {STATE}.view.position === 0")
    assert page.is_disabled("button[data-intent=undo]") and on_board(page), focused(page)
    press(page, "button[data-intent=solve_logic]", f"{STATE}.view.status.status === 'solved'")
    assert on_board(page), focused(page)
    page.keyboard.press("Control+z")  # from the board: one step back, unsolved
    wait_for(page, f"{IDLE} && {STATE}.view.status.status !== 'solved'")
    press(page, "button[data-intent=solve]", f"{STATE}.view.status.status === 'solved'")
    assert on_board(page), focused(page)


def test_a_lesson_tab_pressed_with_enter_keeps_focus(app: Page) -> None:
    page = app
    page.click("#learn-panel > summary")
    tabs = page.locator("#learn-panel .learn-tabs button")
    # Opening the panel asks for the first lesson; a tab pressed while that runs is refused (the
    # page says so), which a loaded machine made this test meet.
    wait_for(page, "document.querySelectorAll('#learn-panel .learn-tabs button').length >= 3"
             f" && {STATE}.learn !== null && {STATE}.learn.reply !== null && {IDLE}")
    third = tabs.nth(2).get_attribute("data-example")
    page.focus(f"#learn-panel .learn-tabs button[data-example='{third}']")
    page.keyboard.press("Enter")
    wait_for(page, f"document.getElementById('learn-panel').dataset.example === '{third}' && {IDLE}")
    page.wait_for_timeout(200)  # the verdict's reply redraws the panel once more
    assert page.evaluate("document.activeElement.dataset.example") == third, focused(page)


def test_new_puzzle_gets_focus_back_once_its_run_has_loaded_the_board(app: Page) -> None:
    page = app
    wait_for(page, f"{IDLE} && {STATE}.view !== null")
    page.click("#generate-panel > summary")
    page.select_option("#generate-panel select[name=size]", "4")
    page.select_option("#generate-panel select[name=level]", "easy")
    submit = "#generate-panel button[type=submit]"
    press(page, submit, f"{STATE}.view.n === 4 && {STATE}.rating !== null")
    assert page.evaluate(f"document.activeElement === document.querySelector('{submit}')"), focused(page)


def test_a_solution_number_keeps_focus_and_back_to_the_puzzle_gives_it_to_the_board(
        page: Page, site_url: str) -> None:
    open_ready(page, f"{site_url}#p={FIGURE_4_9}")
    wait_for(page, f"{IDLE} && {STATE}.view !== null")
    page.click("#gtsps-panel > summary")
    press(page, "#gtsps-panel button[data-intent=gtsps]", "document.getElementById('gtsps-panel').dataset.state === 'done'")
    assert page.evaluate("document.activeElement.dataset.intent") == "gtsps", focused(page)
    press(page, "#gtsps-panel button[data-intent=gtsps-show][data-index='3']",
          "document.getElementById('preview').dataset.index === '3'")
    assert page.evaluate("[document.activeElement.dataset.intent, document.activeElement.dataset.index]") \
        == ["gtsps-show", "3"], focused(page)
    press(page, "#preview button[data-intent=gtsps-back]", "document.getElementById('preview').hidden")
    assert on_board(page), focused(page)


def test_tab_on_a_phone_goes_down_the_page_as_drawn(page: Page, site_url: str) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    open_ready(page, f"{site_url}#p={FIGURE_4_2}")
    wait_for(page, f"{IDLE} && {STATE}.view !== null")
    page.focus("main button")  # the first control of the main column
    seen = []
    for _ in range(60):
        here = page.evaluate("""() => { const a = document.activeElement; const r = a.getBoundingClientRect();
          return { inMain: a.closest('main') !== null, y: Math.round(r.top + scrollY),
                   what: a.dataset.intent || a.dataset.cell || a.textContent.trim().slice(0, 20) }; }""")
        if not here["inMain"]:
            break
        seen.append((here["y"], here["what"]))
        page.keyboard.press("Tab")
    tops = [y for y, _ in seen]
    assert any(what == "pad" for _, what in seen) and any(what == "step" for _, what in seen), seen
    assert all(b >= a - 1 for a, b in zip(tops, tops[1:])), seen


#: Where the focused control is drawn, and whether it is in the header.
HERE = """() => { const a = document.activeElement; const r = a.getBoundingClientRect();
  return { inHeader: a.closest('header') !== null, top: r.top, bottom: r.bottom, left: r.left, right: r.right,
           what: a.id || a.tagName }; }"""


@pytest.mark.parametrize("size", [(390, 844), (360, 740), (800, 1000), (1280, 800)],
                         ids=["390x844", "360x740", "800x1000", "1280x800"])
def test_tab_in_the_header_goes_as_its_controls_are_drawn(
        browser: Browser, site_url: str, size: tuple[int, int]) -> None:
    """Each control Tab reaches in the header is to the right of the one before on its row, or on a
    row below it: never drawn before the one Tab came from."""
    width, height = size
    phone = width < 600
    context = browser.new_context(viewport={"width": width, "height": height}, has_touch=phone, is_mobile=phone,
                                  service_workers="block")
    try:
        page = context.new_page()
        open_ready(page, f"{site_url}#p={FIGURE_4_2}")
        page.evaluate("document.activeElement && document.activeElement.blur()")
        seen = []
        for _ in range(10):
            page.keyboard.press("Tab")
            here = page.evaluate(HERE)
            if not here["inHeader"]:
                break
            seen.append(here)
        assert {"size", "examples", "theme-toggle"} <= {here["what"] for here in seen}, seen
        for before, after in zip(seen, seen[1:]):
            below = after["top"] >= before["bottom"] - 1
            beside = after["left"] >= before["right"] - 1 and after["top"] < before["bottom"]
            assert below or beside, (before, after)
    finally:
        context.close()


#: Changes to the message's live region, counted from when it is installed.
WATCH_LIVE = """() => { window.__liveChanges = 0;
  new MutationObserver((records) => { window.__liveChanges += records.length; })
    .observe(document.getElementById('message-live'), { childList: true, subtree: true, characterData: true }); }"""


def test_the_message_region_is_there_before_any_message_and_says_a_repeat_again(page: Page, site_url: str) -> None:
    open_ready(page, f"{site_url}#p={FIGURE_4_2}")
    wait_for(page, f"{IDLE} && {STATE}.view !== null")
    # What a screen reader hears of it: the words for the eyes only (the step panel's, repeated under
    # the play bar where that panel is out of sight) are aria-hidden.
    live = page.evaluate("""() => { const el = document.getElementById('message-live');
      const heard = [...el.children].filter((child) => child.getAttribute('aria-hidden') !== 'true');
      return el && { role: el.getAttribute('role'), shown: el.checkVisibility(),
                     text: heard.map((child) => child.textContent).join('') }; }""")
    assert live == {"role": "status", "shown": True, "text": ""}
    page.click("button[data-intent=check]")
    wait_for(page, f"{IDLE} && {STATE}.notice !== null")
    said = page.inner_text("#message-live")
    assert said and page.locator("#message").is_visible()
    page.evaluate(WATCH_LIVE)
    page.click("button[data-intent=check]")  # no mistake again: the same words
    wait_for(page, f"{IDLE} && window.__liveChanges > 0 && document.getElementById('message').textContent === {said!r}",
             None, 10_000)
    page.click("#board .cell[data-cell='1']")  # a given
    page.keyboard.press("5")
    wait_for(page, f"{STATE}.error !== null")
    assert page.get_attribute("#message-live", "role") == "status"  # an error too, in the same region
    assert page.get_by_role("status").filter(has_text="given").inner_text() == page.inner_text("#message")


#: The "Needs a naked pair" example: its first step is a naked pair, drawn with a stage player.
NAKED_PAIR = "..19....39..7..16..3...5..7.5......9..43.26..2......7.6..1...3..42..7..65....68.."
PLAYER = "#graph .stage-player"
NEXT_STAGE = f"{PLAYER} button[aria-label='Next stage']"
PRESSED_STAGE = f"document.querySelector(\"{PLAYER} button[aria-pressed=true]\").dataset.stage"


def test_next_stage_past_the_last_hands_focus_to_the_stage_player_not_the_board(page: Page, site_url: str) -> None:
    """▶ disables itself at "All": focus goes to the nearest usable control of its own group, the
    stage player ("All", just after it), not away to the board."""
    open_ready(page, f"{site_url}#p={NAKED_PAIR}")
    wait_for(page, f"{IDLE} && {STATE}.view !== null")
    press(page, "button[data-intent=step]", f"{STATE}.view.position === 1")
    stages = page.locator(f"{PLAYER} button[data-stage]:not([aria-label]):not([data-stage=''])").count()
    assert stages >= 2
    page.focus(f"{PLAYER} button[data-stage='0']")
    page.keyboard.press("Enter")
    wait_for(page, f"{PRESSED_STAGE} === '0'")
    page.focus(NEXT_STAGE)
    for stage in range(1, stages):
        page.keyboard.press("Enter")
        wait_for(page, f"{PRESSED_STAGE} === '{stage}'")
        assert page.evaluate("document.activeElement.getAttribute('aria-label')") == "Next stage", focused(page)
    page.keyboard.press("Enter")
    wait_for(page, f"{PRESSED_STAGE} === ''")
    assert page.is_disabled(NEXT_STAGE)
    assert "▶" not in page.inner_text(f"{PLAYER} .stage-text")  # no word of a button that is off
    assert page.evaluate(f"""() => {{ const a = document.activeElement;
      return a.closest('{PLAYER}') !== null && a.getAttribute('aria-pressed') === 'true' && a.dataset.stage === ''; }}""") \
        and not on_board(page), focused(page)


def test_a_stage_button_clicked_keeps_focus(page: Page, site_url: str) -> None:
    """The stage player is drawn anew at each press: a stage, ▶, ◀ or "All" clicked lost the focus
    the click gave it to the page. It keeps it, as from the keyboard; ◀ clicked at the second
    stage, which turns it off, hands it to the nearest control of the player."""
    open_ready(page, f"{site_url}#p={NAKED_PAIR}")
    wait_for(page, f"{IDLE} && {STATE}.view !== null")
    press(page, "button[data-intent=step]", f"{STATE}.view.position === 1")
    first = f"{PLAYER} button[data-stage='0']:not([aria-label])"
    previous = f"{PLAYER} button[aria-label='Previous stage']"
    every = f"{PLAYER} button[data-stage=''][aria-pressed]"
    # ◀ at the second stage shows the first, where it is off: the stage shown, just after it, has focus.
    for clicked, stage, has_focus in ((first, "0", first), (NEXT_STAGE, "1", NEXT_STAGE), (previous, "0", first),
                                      (every, "", every)):
        page.click(clicked)
        wait_for(page, f"{PRESSED_STAGE} === '{stage}'")
        assert page.evaluate(f"document.activeElement === document.querySelector(\"{has_focus}\")"), \
            (clicked, focused(page))
    assert page.is_disabled(NEXT_STAGE)


def test_solve_by_logic_from_the_keyboard_puts_focus_on_cancel_and_back_after_it(page: Page, site_url: str) -> None:
    """A long run started with Enter: focus on the Cancel that appears while Python works, not on
    the page; after Cancel, back on the button that started the run."""
    open_ready(page, f"{site_url}#p={NESTED_NET}")
    wait_for(page, f"{IDLE} && {STATE}.view !== null")
    page.focus("button[data-intent=solve_logic]")
    page.keyboard.press("Enter")
    wait_for(page, "document.activeElement === document.getElementById('cancel')", None, 30_000)
    assert page.evaluate(f"{STATE}.busy && {STATE}.busy.cmd") == "solve_logic"  # still running
    page.keyboard.press("Enter")
    wait_for(page, f"{IDLE} && {STATE}.notice === 'Cancelled.'", None, 180_000)
    assert page.evaluate("document.activeElement.dataset.intent") == "solve_logic", focused(page)


def test_the_size_and_examples_menus_are_looked_through_with_arrows_and_open_on_enter(app: Page) -> None:
    """Both menus replace the board, so an arrow key only moves through them: Chromium fires
    `change` at each, which loaded a board over the game at every key, and put the examples' menu
    back to "Examples…", so that only the first example could be reached. Enter opens the one shown,
    and the menu, disabled while its board loads, has focus back once it is drawn; Escape, or
    leaving the menu, puts it back as it was."""
    page = app
    wait_for(page, f"{IDLE} && {STATE}.view !== null && {STATE}.view.n === 9")
    puzzle = page.evaluate(f"{STATE}.view.puzzle")
    page.focus("#size")
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowUp")
    page.wait_for_timeout(300)  # time for a load, had one been asked
    assert page.evaluate(f"[document.querySelector('#size').value, {STATE}.view.puzzle]") == ["4", puzzle]
    page.keyboard.press("Enter")
    wait_for(page, f"{IDLE} && {STATE}.view.n === 4")
    assert page.evaluate("document.activeElement.id") == "size", focused(page)
    for leave in ("Escape", "Shift+Tab"):
        page.focus("#size")
        page.keyboard.press("ArrowDown")
        page.keyboard.press(leave)
        assert page.evaluate(f"[document.querySelector('#size').value, {STATE}.view.n]") == ["4", 4], leave
    # Looked through and back to the size it has: Enter leaves the board (and what it holds) alone.
    page.click("#board .cell[data-cell='0']")
    page.keyboard.press("1")
    wait_for(page, f"{IDLE} && {STATE}.view.givens[0] === 1")
    page.focus("#size")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowUp")
    page.keyboard.press("Enter")
    page.wait_for_timeout(300)
    assert page.evaluate(f"[document.querySelector('#size').value, {STATE}.view.givens[0]]") == ["4", 1]
    page.focus("#examples")
    for _ in range(3):
        page.keyboard.press("ArrowDown")
    third = page.evaluate("document.querySelector('#examples').value")
    assert third == page.evaluate("document.querySelector('#examples').options[3].value")
    assert page.evaluate(f"{STATE}.view.n") == 4
    page.keyboard.press("Enter")
    chosen = page.evaluate("async (id) => (await import('./js/examples.js')).exampleById(id).puzzle", third)
    wait_for(page, f"(puzzle) => {IDLE} && {STATE}.view.puzzle === puzzle", chosen)
    assert page.evaluate("[document.activeElement.id, document.activeElement.value]") == ["examples", ""], focused(page)


def test_the_new_puzzle_panels_level_menu_keeps_focus_when_changed(app: Page) -> None:
    """Its Size and Level menus share their intent: the Level menu changed from the keyboard gave
    focus to Size, so the next arrow key changed the size."""
    page = app
    wait_for(page, f"{IDLE} && {STATE}.sizes !== null")  # the menus drawn from Python's sizes
    page.click("#generate-panel summary")
    page.focus("#generate-panel select[name='level']")
    page.keyboard.press("ArrowUp")  # Any unique (the last) to Extreme
    wait_for(page, IDLE)
    page.wait_for_timeout(200)
    assert page.evaluate("document.activeElement.name") == "level", focused(page)
    assert page.evaluate("document.activeElement.value") == "extreme", focused(page)