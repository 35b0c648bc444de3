"""What a keyboard and screen-reader user meets (web/js/main.js, controls-view.js), watched as a
screen reader would: where focus is.

- Focus never rests on the page's body while Python answers a tutor button pressed from the
  keyboard: the button, off meanwhile, keeps focus (aria-disabled, not disabled); a slow run hands
  it to its Cancel, and Cancel back to the button, which has it once the board is back.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from tests.e2e.test_app import IDLE, STATE, wait_for
from tests.e2e.test_installed import open_ready
from tests.helpers import FIGURE_4_2

pytestmark = pytest.mark.e2e

#: The 16×16 example of the Examples menu: Solve by logic takes seconds, in many steps.
SIXTEEN = (".....1.B.E.F...G...87.....2B.E.4..G.A6.8.....7....4..F.3A9..C8B..98.3...F..1....D....C......"
           "2.....2648.FB.3..5C1.1..BED9....6FG35..3..G.8.........6..31....D....4A.2D...9.G....6.C...4.A.6F.3"
           "......A.....1.....E.......6E3.591....B4..A...92D.F.1.....8.....4C52")

#: Records in `__focus` what has focus each time it changes, looked at between every two tasks, and
#: each time focus leaves an element for none ("lost: ..."), from its call on.
WATCH_FOCUS = """() => {
  window.__focus = [];
  if (window.__looking) return;  // one watcher a page
  window.__looking = true;
  let last = null;
  const name = (el) => el === document.body ? 'body' : el.dataset.intent || el.id || el.className || el.tagName;
  const look = () => {
    const now = name(document.activeElement);
    if (now !== last || window.__focus.length === 0) window.__focus.push(now);
    last = now;
  };
  const channel = new MessageChannel();
  channel.port1.onmessage = () => { look(); setTimeout(() => channel.port2.postMessage(0), 0); };
  channel.port2.postMessage(0);
  document.addEventListener('focusout', (event) => {
    if (event.relatedTarget === null) window.__focus.push(`lost: ${name(event.target)}`);
  }, true);
}"""


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
    page.focus("button[data-intent=solve_logic]")
    page.evaluate(WATCH_FOCUS)
    page.keyboard.press("Enter")
    wait_for(page, "document.activeElement.id === 'cancel'", None, 30_000)
    page.keyboard.press("Enter")
    wait_for(page, f"{IDLE} && {STATE}.notice === 'Cancelled.' && {STATE}.view.classification.kind === 'unique'",
             None, 180_000)
    page.wait_for_timeout(200)
    assert page.evaluate("window.__focus") == ["solve_logic", "cancel", "solve_logic"]
