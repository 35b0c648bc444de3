"""Where the board, the play bar and the digit pad stand, measured by their bounding boxes.

- A 1280×800 desktop: the board, the play bar (Undo, Notes, Hint, Check…) and the pad are all on
  screen without scrolling at every size, 4×4 to 25×25; the 25×25 board is as large as the 16×16.
- A phone (390×844, 360×740): the pad straight under the board and the play bar under the pad, the
  three on one screen at 9×9 and 16×16 (unscrolled at 390×844), the explanation after them; at
  320×568 the 16×16 and 25×25 pads fit across.
- Candidates as large as the window allows: at least 8 px at 16×16 on the 1280×800 desktop and
  12 px on a 1920×1080 one, 11 px at 9×9 on a phone. A phone cannot show 16×16's 4×4 candidates
  in a 23 px cell legibly (5 px): there the board keeps the screen's width, so the whole of it is
  seen with the pad, and the page keeps pinch-zoom (no maximum-scale, no touch-action that forbids
  it), which two fingers make 10 px and more.
- Keyboard focus on the pad beside the board keeps its visible outline, in the dark scheme too.
- A long explanation (a nested forcing net's "why?", its nested nets drawn from the buttons in it)
  leaves the board in view, on a phone (where the board stays at the top as the page scrolls on to
  the explanation) and on the desktop (where the board's column stays beside it): its top and every
  candidate the drawing marks are on screen and not covered, as is the explanation. On a tablet held
  upright (768×1024, 820×1180, 601×900) and in a window too narrow for the side column beside the
  board (900×700, 768×700), the board stays at the top as on a phone; from 939 px wide and wider
  than tall (1000×700), the explanation stands beside the board's column, which stays. On a phone
  held sideways (844×390, 932×430) the explanation stands beside the board's column too, which stays
  with the board whole at the top (the mode bar above the screen); Shift+Tab back from it through
  that column lands each focus whole on screen, the puzzle's text under the board included. A
  smaller phone held sideways (740×360, 667×375, 640×360, 568×320) has the board on the left and
  everything else in one column beside it, the board staying where it stood (after a History entry's
  click too), with no sideways scroll and every control a tap target; Shift+Tab goes up the page as
  drawn. Read to the explanation's end, or to the Learn panel opened under it, the board is still in
  view. Held sideways, the board never shrinks as the window widens, at 9×9 and 16×16, from one
  layout to the other included, and nothing is wider than the window.
- A window a little wider than a phone (604×700, 680×900) keeps a compact header of two rows, and
  its board is larger than the 320 px that the height alone held it at. The 9×9 board never
  shrinks as the window widens (700 to 1024 px high, 360 to 1400 px wide), from one layout to the
  next included, and nothing is wider than the window.
- A very long message beside the board (Check naming two dozen mistakes) scrolls in the room the
  board leaves under the pad and the play bar: the board's column stays within the window.
- A duration ("tried in 1.4 s") never wraps between its number and its unit.
- A tap on Step leaves it under the finger on a phone and a tablet held upright, with the puzzle's
  text open or closed and with the Learn and Techniques panels open: nothing above it grows, the
  status line that says "the simpler techniques find nothing here" and the line under the play bar
  that says the step included; a message over it that the step clears (Check's "No mistakes so
  far.") is made up for by scrolling the page as much.
- A hint on a phone (390×844) or a tablet held upright (768×1024), the page at its top: its title
  and words stand in a line under the play bar, inside the window and for the eyes only (the step
  panel says them), Hint staying where it was tapped; a mistake's too, four lines ending in an
  ellipsis; the line says the step once Apply takes it, and the move after a move (how to play
  before any), in a room as tall whatever it says; Step tapped, ending the hint, stays under the
  finger. Where the explanation stands beside the board (1280×800,
  844×390), no line repeats it; where it stands under the board in a wider window (900×700), the
  line says the hint there too.
- A short phone held upright (375×667, an iPhone SE's or 8's): the board, the pad straight under it
  and the play bar under the pad on the first screen, unscrolled, at 9×9, 12×12 and 16×16, the board
  keeping the screen's width within 24 px (25×25's four rows of keys do not fit under it: only a
  board too small to read would leave them room); the classification beside the mode buttons,
  its verdict moving nothing (at 360×640 too); every control a tap target, nothing wider than the
  window, no axe violation in the dark scheme, and Step staying put while stepping.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from itertools import product
from pathlib import Path
from typing import Any, Literal

import pytest
from playwright.sync_api import Browser, Page

from tests.e2e.conftest import PageLog, guarded_page
from tests.e2e.test_app import IDLE, STATE, paste, wait_for
from tests.e2e.test_installed import SMALL_TARGETS, TAP_TARGET_PX, axe_violations, contrast
from tests.e2e.test_sizes import easy_25
from tests.helpers import FIGURE_4_2
from tests.helpers import NESTED_NET_EXAMPLE as NESTED_NET

from pysolver import formats
from pysolver.classify import UNKNOWN_MESSAGE
from pysolver.grid import Grid
from pysolver.session import Session

pytestmark = pytest.mark.e2e

#: A 25×25 puzzle whose one solution is counted in moments (bench/data/unique25x25_seed15.txt's
#: first, all but 200 of its blanks filled): the layout is the board's whatever its count, and the
#: bench puzzle's count took some 8 s of the browser's CPU at each 25×25 opened.
PUZZLE_25 = easy_25()
#: Each board size and how to open it: an example of the menu, or a puzzle in the link.
SIZES = {4: "4x4", 6: "6x6", 9: "fig42", 12: "12x12", 16: "16x16", 25: PUZZLE_25}

BOXES = """() => {
  const box = (selector) => { const r = document.querySelector(selector).getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width, height: r.height }; };
  const cand = document.querySelector('#board .cand');
  const keys = [...document.querySelectorAll('#pad button')].map((b) => b.getBoundingClientRect().bottom);
  return { board: box('#board'), bar: box('.play-bar'), pad: box('#pad'), step: box('#step-panel'),
    padSlack: document.querySelector('#pad').getBoundingClientRect().bottom - Math.max(...keys),
    cand: cand ? parseFloat(getComputedStyle(cand).fontSize) : null,
    height: innerHeight, width: innerWidth, scrollY: scrollY,
    scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth };
}"""


def open_size(page: Page, url: str, n: int) -> dict[str, Any]:
    """Open a board of n×n as a new game with the candidates shown, scrolled to the top; its boxes.
    Waits for a view newer than the one shown: a page shared by the file's tests may show that
    board already, played on."""
    way = SIZES[n]
    if len(way) > 10:
        afresh(page, url, way)
    else:
        if not page.url.startswith(url):
            page.goto(url)
        wait_for(page, f"{IDLE} && {STATE}.view !== null", None, 120_000)
        page.evaluate(f"window.__shown = {STATE}.view")
        page.select_option("#examples", way)
    wait_for(page, f"(n) => {IDLE} && {STATE}.view && {STATE}.view !== window.__shown && {STATE}.view.n === n "
                   "&& document.getElementById('board').dataset.n === String(n)", n, 120_000)
    page.evaluate("scrollTo(0, 0)")
    found: dict[str, Any] = page.evaluate(BOXES)
    return found


def afresh(page: Page, url: str, puzzle: str) -> None:
    """`puzzle` opened as a new game, the page at its top: from its link in a page not yet on the
    site, else pasted onto the board (a new game even of the puzzle shown), which spares the boot
    of a fresh page for each window a test tries. The disclosures a test opened are closed first, as
    a fresh page has them all. A paste while Python answers (the Learn panel's lesson, just opened)
    is refused: it waits for Python to be idle."""
    page.evaluate("""() => { document.querySelectorAll('details[open]').forEach((d) => { d.open = false; });
      window.__shown = window.__pysolver ? window.__pysolver.state.view : null; }""")
    if page.url.startswith(url):
        wait_for(page, IDLE, None, 120_000)
        paste(page, puzzle)
    else:
        page.goto(f"{url}#p={puzzle}")
    wait_for(page, f"(p) => {IDLE} && {STATE}.view && {STATE}.view !== window.__shown "
                   f"&& {STATE}.view.puzzle === p && {STATE}.view.position === 0", puzzle, 120_000)
    page.evaluate("scrollTo(0, 0)")


@contextmanager
def touch_page(browser: Browser, width: int, height: int) -> Iterator[Page]:
    """A touch phone's page (overlay scroll bars, as on a phone) of that size; on leaving, fail if
    it raised an uncaught script error."""
    log = PageLog()
    context = browser.new_context(viewport={"width": width, "height": height}, has_touch=True,
                                  is_mobile=True, device_scale_factor=2,
                                  service_workers="block")
    try:
        page = context.new_page()
        page.on("pageerror", lambda error: log.page_errors.append(str(error)))
        yield page
        assert log.page_errors == []
    finally:
        context.close()


@pytest.fixture
def phone(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Page]:
    """A fresh touch phone's page of the size given."""
    width, height = request.param
    with touch_page(browser, width, height) as page:
        yield page


#: The size of a fresh context's window: a page shared by the file's tests is set back to it.
DESKTOP = {"width": 1280, "height": 900}


def tidy(page: Page, size: dict[str, int]) -> None:
    """Set a page a test before used back as a fresh one stands, `size` wide and tall: its
    disclosures closed, nothing focused, scrolled to its top, the browser's scroll anchoring on.
    Each test then opens its own puzzle as a new game (``afresh``, ``open_size``)."""
    page.set_viewport_size(size)
    page.evaluate("""() => { document.querySelectorAll('details[open]').forEach((d) => { d.open = false; });
      document.documentElement.style.overflowAnchor = '';
      if (document.activeElement) document.activeElement.blur();
      scrollTo(0, 0); }""")
    wait_for(page, IDLE, None, 120_000)


def booted(page: Page, url: str) -> Page:
    page.goto(url)
    wait_for(page, f"{IDLE} && {STATE}.view !== null", None, 120_000)
    return page


@pytest.fixture(scope="module")
def booted_desktop(browser: Browser, site_url: str) -> Iterator[Page]:
    with guarded_page(browser) as page:
        yield booted(page, site_url)


@pytest.fixture
def desktop(booted_desktop: Page) -> Page:
    """A desktop's page (a mouse, 1280×900), booted once for the file's tests that each open their
    own puzzle (a boot is about two CPU seconds, as long as many a test here), set back by ``tidy``."""
    tidy(booted_desktop, DESKTOP)
    return booted_desktop


@pytest.fixture(scope="module")
def booted_touch(browser: Browser, site_url: str) -> Iterator[Page]:
    with touch_page(browser, 390, 844) as page:
        yield booted(page, site_url)


@pytest.fixture
def touch(booted_touch: Page, request: pytest.FixtureRequest) -> Page:
    """As ``phone``, a touch phone's page of the size given, but booted once for the file's tests
    that each open their own puzzle, and set back by ``tidy``."""
    width, height = request.param
    tidy(booted_touch, {"width": width, "height": height})
    return booted_touch


def test_desktop_shows_board_play_bar_and_pad_unscrolled_at_every_size(
        desktop: Page, site_url: str, artifacts_dir: Path) -> None:
    page = desktop
    page.set_viewport_size({"width": 1280, "height": 800})
    sides = {}
    for n in SIZES:
        boxes = open_size(page, site_url, n)
        page.screenshot(path=str(artifacts_dir / f"layout-1280x800-{n}.png"))
        assert boxes["scrollY"] == 0 and boxes["scrollWidth"] <= boxes["clientWidth"], (n, boxes)
        for part in ("board", "bar", "pad"):
            box = boxes[part]
            assert box["top"] >= 0 and box["bottom"] <= boxes["height"], (n, part, box)
            assert box["left"] >= 0 and box["right"] <= boxes["clientWidth"], (n, part, box)
        sides[n] = boxes["board"]["width"]
    assert sides[9] >= 530 and sides[16] >= 600, sides  # not shrunk more than the height asks
    assert sides[25] >= sides[16], sides
    assert sides[16] >= sides[9], sides
    assert sides[12] >= 600, sides  # 12 candidates a cell: sized as 16×16, not as 9×9


@pytest.mark.parametrize("touch", [(390, 844)], indirect=True, ids=["phones"])
def test_phone_pad_under_the_board_and_play_bar_on_one_screen(
        touch: Page, site_url: str, artifacts_dir: Path) -> None:
    page = touch
    for (width, height), n in product(((390, 844), (360, 740)), (4, 9, 12, 16)):
        page.set_viewport_size({"width": width, "height": height})
        boxes = open_size(page, site_url, n)
        board, pad, bar, step = boxes["board"], boxes["pad"], boxes["bar"], boxes["step"]
        page.screenshot(path=str(artifacts_dir / f"layout-phone-{boxes['width']}-{n}.png"))
        assert boxes["scrollWidth"] <= boxes["width"]
        assert board["width"] >= boxes["width"] - 24  # the board keeps the screen's width
        assert 0 <= pad["top"] - board["bottom"] <= 12, (n, board, pad)  # the pad straight under it
        assert 0 <= bar["top"] - pad["bottom"] <= 12, (n, pad, bar)  # then the play bar
        assert boxes["padSlack"] <= 1, (n, boxes["padSlack"])  # no room kept for a row not there
        assert step["top"] >= bar["bottom"], (n, bar, step)  # the explanation after them
        assert bar["bottom"] - board["top"] <= boxes["height"], (n, board, bar)  # one screen
        if boxes["height"] >= 844:
            assert board["top"] >= 0 and bar["bottom"] <= boxes["height"], (n, board, bar)  # unscrolled
        # Scrolled to the whole pad and play bar, nothing of the board is hidden.
        page.evaluate("window.scrollBy(0, document.querySelector('.play-bar').getBoundingClientRect().bottom"
                      " - innerHeight)")
        assert page.evaluate("document.getElementById('board').getBoundingClientRect().top") >= 0
    # The first iPhone SE's 320 px: every key of 25×25's pad (seven across took 338 px) and 16×16's
    # stays inside the window, and nothing scrolls sideways.
    page.set_viewport_size({"width": 320, "height": 568})
    for n in (16, 25):
        boxes = open_size(page, site_url, n)
        assert boxes["scrollWidth"] <= 320 and boxes["pad"]["right"] <= 320, (n, boxes)
        assert boxes["board"]["width"] >= 320 - 24, (n, boxes["board"])


def assert_pad_and_play_bar_on_screen(page: Page, url: str, sizes: tuple[int, ...]) -> None:
    """At the page's top, with each size of board, the board, the pad and the play bar under it
    stand inside the window."""
    for n in sizes:
        boxes = open_size(page, url, n)
        assert boxes["board"]["top"] >= 0 and boxes["pad"]["top"] >= boxes["board"]["bottom"], (n, boxes)
        assert boxes["bar"]["bottom"] <= boxes["height"], (n, boxes["bar"], boxes["height"])


@pytest.mark.parametrize("touch", [(700, 800)], indirect=True, ids=["touch"])
def test_with_touch_the_board_leaves_room_for_the_pad_and_the_play_bar(touch: Page, site_url: str) -> None:
    """Where the window's height sizes the board: touch's 44 px keys and buttons were counted at a
    mouse's sizes, and the play bar ended 19 px under the window's foot at 700×800 (7 at 640×800,
    25 with 16×16 at 700×900)."""
    for (width, height), sizes in (((700, 800), (9,)), ((640, 800), (9,)), ((700, 900), (16,))):
        touch.set_viewport_size({"width": width, "height": height})
        assert_pad_and_play_bar_on_screen(touch, site_url, sizes)


def test_in_the_phones_layout_the_board_leaves_room_for_each_row_of_keys(desktop: Page, site_url: str) -> None:
    """Windows 560 px wide, where the height sizes the board: the room under it was the next
    layout's, with one row of keys (two from 16×16), and the play bar ended 55 px under the
    window's foot at 850 px high, and at 950 px 12 px with 12×12 and 16×16, 61 px with 25×25."""
    page = desktop
    page.set_viewport_size({"width": 560, "height": 850})
    assert_pad_and_play_bar_on_screen(page, site_url, (4, 9))
    page.set_viewport_size({"width": 560, "height": 950})
    assert_pad_and_play_bar_on_screen(page, site_url, (12, 16, 25))


#: The header's height and the board's side, in the window's coordinates.
HEADER_AND_BOARD = """() => ({ header: document.querySelector('header.top').getBoundingClientRect().height,
  board: document.getElementById('board').getBoundingClientRect().width,
  scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth })"""
#: The 9×9 board's floor before windows wider than a phone were given a phone's board at least:
#: where the full header wrapped to four lines (601–609 px wide) the board was held at it.
OLD_FLOOR_PX = 320
#: The compact header's height at most: the name and the theme toggle on a row, the menus under
#: their names on the next (a phone's header was that one too, until it took a single row).
COMPACT_HEADER_PX = 128


def test_a_window_a_little_wider_than_a_phone_keeps_a_compact_header(
        desktop: Page, site_url: str) -> None:
    """At 604×700 and 680×900 the header takes two rows at most and the board is larger than the
    floor the height alone held it at (the full header wrapped to 214 px at 604 px wide, the board
    held at 320 px)."""
    page = desktop
    page.set_viewport_size({"width": 604, "height": 700})
    open_size(page, site_url, 9)
    for width, height in ((604, 700), (680, 900)):
        page.set_viewport_size({"width": width, "height": height})
        seen = page.evaluate(HEADER_AND_BOARD)
        assert seen["header"] <= COMPACT_HEADER_PX + 0.5, (width, height, seen)
        assert seen["board"] > OLD_FLOOR_PX, (width, height, seen)
        assert seen["scrollWidth"] <= seen["clientWidth"], (width, height, seen)


#: Widths from a phone's to a wide desktop's: coarse steps, and every 4 px across each step from one
#: layout to the next (the phone's, the header's, the side column's and the tools' column's).
BREAKPOINTS = (600, 670, 676, 860, 900, 939, 998, 1001, 1024, 1065, 1129, 1251)
SWEEP_WIDTHS = sorted({*range(360, 1401, 40), *(b + d for b in BREAKPOINTS for d in range(-8, 9, 4))})


def test_the_board_never_shrinks_as_the_window_widens(desktop: Page, site_url: str) -> None:
    """At 700, 800, 900 and 1024 px high, widths 360–1400 px: the board's side never falls (within a
    pixel) as the width grows, and the page is never wider than the window. It fell at the steps
    from one layout to the next: 584 → 320 px at 600 → 601 px wide, 373 → 335 at 859 → 860 and
    475 → 412 at 1000 → 1001 (700 px high); 473 → 335 at 859 → 860 (800 px high); 540 → 375 at
    899 → 900 (900 px high); 540 → 435 at 1023 → 1024 (1024 px high)."""
    page = desktop
    open_size(page, site_url, 9)
    for height in (700, 800, 900, 1024):
        last = (0, 0.0)
        for width in SWEEP_WIDTHS:
            page.set_viewport_size({"width": width, "height": height})
            seen = page.evaluate(HEADER_AND_BOARD)
            assert seen["board"] >= last[1] - 1, (height, last, (width, seen["board"]))
            assert seen["scrollWidth"] <= seen["clientWidth"], (width, height, seen)
            last = (width, seen["board"])


def test_candidates_as_large_as_the_window_allows(desktop: Page, site_url: str) -> None:
    page = desktop
    page.set_viewport_size({"width": 1280, "height": 800})
    assert open_size(page, site_url, 16)["cand"] >= 8
    assert open_size(page, site_url, 9)["cand"] >= 15
    page.set_viewport_size({"width": 1920, "height": 1080})
    assert open_size(page, site_url, 16)["cand"] >= 12
    assert open_size(page, site_url, 25)["cand"] >= 6


@pytest.mark.parametrize("touch", [(390, 844)], indirect=True, ids=["390x844"])
def test_a_phone_keeps_pinch_zoom_for_the_small_candidates(touch: Page, site_url: str) -> None:
    page = touch
    assert open_size(page, site_url, 9)["cand"] >= 11
    assert open_size(page, site_url, 16)["cand"] >= 4.9  # the cell's whole slot: 10 px at 2× zoom
    meta = page.get_attribute("meta[name=viewport]", "content") or ""
    assert "maximum-scale" not in meta and "user-scalable" not in meta, meta
    actions = page.evaluate("""() => ['html', 'body', '.app', '#board', '#board .cell', '#board .cand']
      .map((s) => getComputedStyle(document.querySelector(s)).touchAction)""")
    assert all(a in ("auto", "manipulation") or "pinch-zoom" in a for a in actions), actions


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_keyboard_focus_on_the_pad_beside_the_board_is_outlined(
        browser: Browser, site_url: str, scheme: Literal["light", "dark"]) -> None:
    with guarded_page(browser) as page:
        page.set_viewport_size({"width": 1280, "height": 800})
        page.emulate_media(color_scheme=scheme)
        open_size(page, site_url, 16)
        page.locator("#board .cell[data-cell='0']").click()
        page.keyboard.press("Tab")  # keyboard use: focus is drawn from now on
        page.locator("#pad button[data-char='5']").focus()
        outline = page.evaluate("""() => { const el = document.activeElement; const s = getComputedStyle(el);
          let clipped = false;
          for (let a = el.parentElement; a; a = a.parentElement) clipped ||= getComputedStyle(a).overflow !== 'visible';
          return { visible: el.matches(':focus-visible'), style: s.outlineStyle, width: parseFloat(s.outlineWidth),
                   colour: s.outlineColor, background: getComputedStyle(document.body).backgroundColor, clipped }; }""")
        assert outline["visible"] and outline["style"] == "solid" and outline["width"] >= 2, outline
        assert outline["colour"] != outline["background"] and not outline["clipped"], outline
        # The selected cell's ring, on its own fill and on the plain cell's, at 3:1 at least.
        page.locator("#board .cell[data-cell='0']").focus()
        ring = page.evaluate("""() => { const el = document.activeElement; const s = getComputedStyle(el);
          let plain = document.querySelector('#board .cell:not(.selected):not(.given)');
          while (getComputedStyle(plain).backgroundColor === 'rgba(0, 0, 0, 0)') plain = plain.parentElement;
          return { shadow: s.boxShadow, fill: s.backgroundColor, plain: getComputedStyle(plain).backgroundColor }; }""")
        colour = ring["shadow"][:ring["shadow"].index(")") + 1]
        assert min(contrast(colour, ring["fill"]), contrast(colour, ring["plain"])) >= 3, ring



def test_a_message_beside_the_board_moves_nothing(desktop: Page, site_url: str) -> None:
    """On the desktop a message stands under the pad, in view, and wraps in the pad's width."""
    page = desktop
    page.set_viewport_size({"width": 1280, "height": 800})
    before = open_size(page, site_url, 9)
    page.locator("#board .cell[data-cell='0']").click()
    page.keyboard.press("x")  # no digit: the page says so in the message
    page.locator("#message").wait_for(state="visible")
    after = page.evaluate(BOXES)
    message = page.evaluate("(() => { const r = document.getElementById('message').getBoundingClientRect();"
                            " return { top: r.top, bottom: r.bottom, left: r.left, right: r.right }; })()")
    for part in ("board", "bar", "pad"):
        assert after[part] == before[part], part
    assert message["top"] >= after["pad"]["bottom"] and message["bottom"] <= after["height"], message
    assert message["left"] >= after["board"]["right"], message


#: The made puzzle's line under New puzzle: its text, and how many lines the duration it names
#: ("1.4 s", "51 ms") takes, read from the rectangles of a range over it.
DURATION_LINES = r"""() => {
  const line = document.querySelector('#generate-panel .hint-line[data-seed]');
  const node = [...line.childNodes].find((n) => n.nodeType === Node.TEXT_NODE && /tried in/.test(n.data));
  const match = /tried in ([0-9.,]+\s+(?:min\s+[0-9]+\s+)?m?s)/.exec(node.data);
  const range = document.createRange();
  range.setStart(node, match.index + 'tried in '.length);
  range.setEnd(node, match.index + match[0].length);
  const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
  return { text: line.textContent, duration: match[1], lines: tops.size };
}"""


@pytest.mark.parametrize("touch", [(360, 740)], indirect=True, ids=["360x740"])
def test_a_duration_never_wraps_between_its_number_and_unit(touch: Page, site_url: str) -> None:
    """"tried in 1.4 s" under New puzzle: a no-break space holds the number to its unit (Python's
    duration_text), so a narrow screen never ends a line with "1.4" and starts the next with "s"."""
    page = touch
    open_size(page, site_url, 4)
    page.click("#generate-panel > summary")
    page.select_option("#generate-panel select[name=size]", "4")
    page.select_option("#generate-panel select[name=level]", "easy")
    page.click("#generate-panel button[type=submit]")
    wait_for(page, f"{IDLE} && {STATE}.rating && {STATE}.view && {STATE}.view.puzzle === {STATE}.rating.puzzle",
             None, 120_000)
    made = page.evaluate(DURATION_LINES)
    assert made["lines"] == 1 and " " not in made["duration"] and "\N{NO-BREAK SPACE}" in made["duration"], made


#: The board, the drawing's marked candidates (each: on screen, and the board's own at its centre,
#: not something drawn over it) and the opened "why?", in the window's coordinates.
BOARD_IN_VIEW = """() => {
  const box = (el) => { const r = el.getBoundingClientRect();
    return { top: Math.round(r.top), bottom: Math.round(r.bottom) }; };
  const board = document.getElementById('board');
  const marks = [...board.querySelectorAll('svg.proof circle.node')].map((el) => {
    const r = el.getBoundingClientRect(); const x = r.left + r.width / 2; const y = r.top + r.height / 2;
    const seen = y >= 0 && y <= innerHeight && board.contains(document.elementFromPoint(x, y));
    return { cell: el.dataset.cell, seen };
  });
  return { board: box(board), why: box(document.querySelector('#step-panel details.why')), height: innerHeight,
           marks: marks.length, hidden: marks.filter((m) => !m.seen).map((m) => m.cell) };
}"""


def read_a_long_explanation(page: Page, url: str) -> dict[str, Any]:
    """Step by the keyboard to the nested forcing net, open its "why?", draw its last nested net
    from the button at the explanation's end (scrolled to, as a person would): where the board
    and the explanation then are, and where the board was once the step was taken ("stepped")."""
    afresh(page, url, NESTED_NET)
    page.focus("button[data-intent=step]")  # scrolled to, as Tab would
    page.keyboard.press("Enter")
    wait_for(page, f"{IDLE} && {STATE}.view.position === 1", None, 180_000)
    stepped = page.evaluate(BOARD_IN_VIEW)["board"]
    page.click("#step-panel details.why > summary")
    net = page.locator("#step-panel details.why .nets button[data-intent=proof-net]").last
    net.click()
    wait_for(page, f"{STATE}.proofNet !== null")
    found: dict[str, Any] = page.evaluate(BOARD_IN_VIEW)
    found["stepped"] = stepped
    return found


@pytest.mark.parametrize("touch", [(390, 844)], indirect=True, ids=["390x844"])
def test_a_long_explanation_leaves_the_board_in_view_on_a_phone(
        touch: Page, site_url: str, artifacts_dir: Path) -> None:
    seen = read_a_long_explanation(touch, site_url)
    touch.screenshot(path=str(artifacts_dir / "explanation-phone-390.png"))
    assert seen["board"]["top"] >= 0 and seen["board"]["bottom"] <= seen["height"], seen
    assert seen["marks"] > 0 and seen["hidden"] == [], seen
    assert seen["board"]["bottom"] <= seen["why"]["bottom"] and seen["why"]["top"] < seen["height"], seen
    # The "why?" and its nested nets' buttons are tapped too: each as tall as a tap target.
    short = touch.evaluate("""(min) => [...document.querySelectorAll(
        '#step-panel details.why summary, #step-panel details.why button')]
      .filter((el) => el.getBoundingClientRect().height < min - 0.5).map((el) => el.textContent.trim())""",
                           TAP_TARGET_PX)
    assert short == [], short


def test_a_long_explanation_leaves_the_board_in_view_on_the_desktop(
        desktop: Page, site_url: str, artifacts_dir: Path) -> None:
    page = desktop
    page.set_viewport_size({"width": 1280, "height": 800})
    seen = read_a_long_explanation(page, site_url)
    page.screenshot(path=str(artifacts_dir / "explanation-1280x800.png"))
    assert seen["board"]["top"] >= 0 and seen["board"]["bottom"] <= seen["height"], seen
    assert seen["marks"] > 0 and seen["hidden"] == [], seen
    assert seen["why"]["top"] < seen["height"], seen


def assert_board_in_view(seen: dict[str, Any]) -> None:
    """The board whole on screen and every candidate its drawing marks seen, not covered."""
    assert seen["board"]["top"] >= 0 and seen["board"]["bottom"] <= seen["height"], seen
    assert seen["marks"] > 0 and seen["hidden"] == [], seen


def read_on_to_the_end(page: Page) -> list[dict[str, Any]]:
    """Where the board and the explanation are with the "why?"'s end scrolled to, then with the
    Learn panel opened under the explanation and scrolled to."""
    page.evaluate("document.querySelector('#step-panel details.why').scrollIntoView({ block: 'end' })")
    seen = [page.evaluate(BOARD_IN_VIEW)]
    page.click("#learn-panel > summary")
    page.locator("#learn-panel .learn-tabs button").first.wait_for(state="visible")
    page.evaluate("document.getElementById('learn-panel').scrollIntoView({ block: 'end' })")
    seen.append(page.evaluate(BOARD_IN_VIEW))
    return seen


@pytest.mark.parametrize("touch", [(768, 1024)], indirect=True, ids=["tablets"])
def test_a_long_explanation_leaves_the_board_in_view_on_a_tablet(
        touch: Page, site_url: str, artifacts_dir: Path) -> None:
    """Held upright, the board over the explanation: it stays at the top, the words under it."""
    for width, height in ((768, 1024), (820, 1180), (601, 900)):
        touch.set_viewport_size({"width": width, "height": height})
        seen = read_a_long_explanation(touch, site_url)
        touch.screenshot(path=str(artifacts_dir / f"explanation-tablet-{seen['height']}.png"))
        assert_board_in_view(seen)
        assert seen["board"]["bottom"] < seen["why"]["bottom"] and seen["why"]["top"] < seen["height"], seen
        for seen in read_on_to_the_end(touch):
            assert_board_in_view(seen)


@pytest.mark.parametrize("size", [(1000, 700), (900, 700), (768, 700)], ids=["1000x700", "900x700", "768x700"])
def test_a_long_explanation_leaves_the_board_in_view_in_a_window_of_a_tablets_width(
        desktop: Page, site_url: str, artifacts_dir: Path, size: tuple[int, int]) -> None:
    """Wider than tall: from 939 px (at 700 px high) the explanation beside the board's column, which
    stays; under that width the board at the top, as upright."""
    width, height = size
    page = desktop
    page.set_viewport_size({"width": width, "height": height})
    seen = read_a_long_explanation(page, site_url)
    page.screenshot(path=str(artifacts_dir / f"explanation-{width}x{height}.png"))
    assert_board_in_view(seen)
    assert seen["why"]["top"] < seen["height"], seen
    if width >= 939:
        beside = page.evaluate("""() => [document.getElementById('board').getBoundingClientRect().right,
          document.getElementById('step-panel').getBoundingClientRect().left]""")
        assert beside[0] <= beside[1], beside
    for seen in read_on_to_the_end(page):
        assert_board_in_view(seen)


#: The board's column, the board, the message's region and its scrolling, in the window's coordinates.
COLUMN = """() => { const box = (s) => { const r = document.querySelector(s).getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, left: r.left, right: r.right }; };
  const live = document.getElementById('message-live');
  return { area: box('.board-area'), board: box('#board'), pad: box('#pad'), bar: box('.play-bar'),
           live: box('#message-live'), message: box('#message'), scrolls: live.scrollHeight > live.clientHeight,
           words: document.getElementById('message').textContent.length, height: innerHeight }; }"""


@pytest.mark.parametrize("size", [(1280, 800), (1000, 700)], ids=["1280x800", "1000x700"])
def test_a_long_message_beside_the_board_scrolls_within_the_boards_column(
        desktop: Page, site_url: str, artifacts_dir: Path, size: tuple[int, int]) -> None:
    """Each empty cell of the first four rows given a digit its row already has, Check names every
    one (some 1,600 characters): the message takes the room under the play bar, down to the
    board's foot, and scrolls there."""
    width, height = size
    page = desktop
    page.set_viewport_size({"width": width, "height": height})
    afresh(page, site_url, FIGURE_4_2)
    for row in range(4):
        line = FIGURE_4_2[9 * row:9 * row + 9]
        repeat = min(ch for ch in line if ch != ".")
        for column, ch in enumerate(line):
            if ch == ".":
                page.click(f"#board .cell[data-cell='{9 * row + column}']")
                page.keyboard.press(repeat)
    wait_for(page, IDLE)
    page.evaluate("scrollTo(0, 0)")
    before = page.evaluate(COLUMN)
    page.click("button[data-intent=check]")
    wait_for(page, f"{IDLE} && {STATE}.notice !== null")
    page.evaluate("scrollTo(0, 0)")
    seen = page.evaluate(COLUMN)
    page.screenshot(path=str(artifacts_dir / f"long-message-{width}x{height}.png"))
    assert seen["words"] > 1000, seen
    assert seen["area"]["bottom"] - seen["area"]["top"] <= seen["height"], seen
    assert seen["live"]["top"] >= seen["bar"]["bottom"] and seen["live"]["bottom"] <= seen["board"]["bottom"] + 1, seen
    assert seen["scrolls"], seen
    for part in ("board", "pad", "bar"):
        assert seen[part] == before[part], part
    page.evaluate("document.getElementById('step-panel').scrollIntoView({ block: 'end' })")
    board = page.evaluate("(() => { const r = document.getElementById('board').getBoundingClientRect();"
                          " return { top: r.top, bottom: r.bottom }; })()")
    assert board["top"] >= 0 and board["bottom"] <= height, board


def assert_left_of_the_explanation(page: Page, selector: str) -> None:
    """What ``selector`` picks ends left of where the explanation (the step panel) starts: the two
    stand side by side."""
    beside = page.evaluate("""(selector) => [document.querySelector(selector).getBoundingClientRect().right,
      document.getElementById('step-panel').getBoundingClientRect().left]""", selector)
    assert beside[0] <= beside[1], (selector, beside)


@pytest.mark.parametrize("touch", [(844, 390)], indirect=True, ids=["sideways"])
def test_a_long_explanation_leaves_the_board_in_view_on_a_phone_held_sideways(
        touch: Page, site_url: str, artifacts_dir: Path) -> None:
    """The explanation beside the board's column, which stays with the board whole at the top,
    the mode bar above the screen, as the page scrolls on to the explanation's end."""
    for width, height in ((844, 390), (932, 430)):
        touch.set_viewport_size({"width": width, "height": height})
        seen = read_a_long_explanation(touch, site_url)
        touch.screenshot(path=str(artifacts_dir / f"explanation-sideways-{seen['height']}.png"))
        assert_board_in_view(seen)
        assert seen["why"]["top"] < seen["height"], seen
        assert_left_of_the_explanation(touch, ".play-bar")
        for seen in read_on_to_the_end(touch):
            assert_board_in_view(seen)


#: Every control in the page (the header's and the main column's) shorter than a tap target.
SHORT_CONTROLS = """(min) => [...document.querySelectorAll('header select, header button, main button, main summary')]
  .filter((el) => { const r = el.getBoundingClientRect(); return r.height > 0 && r.height < min - 0.5; })
  .map((el) => el.textContent.trim().slice(0, 24))"""


@pytest.mark.parametrize("touch", [(740, 360)], indirect=True, ids=["small-sideways"])
def test_a_long_explanation_leaves_the_board_in_view_on_a_small_phone_held_sideways(
        touch: Page, site_url: str, artifacts_dir: Path) -> None:
    """Narrower than three columns give the board as much (up to 827 px wide at 360 px high): the
    board on the left, as tall as the window less a margin, the explanation in the column beside
    it, which scrolls on while the board stays where it stood once the step was taken (it went
    1,579 px above the screen at 667×375, 1,629 at 640×360; at 568×320 the board, as wide as the
    screen and taller than it, stuck over the explanation), with no sideways scroll and every
    control as tall as a tap target. At 740×360 the board is as large as beside the three
    columns at 9×9, and larger at 16×16 (336 px, 288 there)."""
    for width, height in ((740, 360), (667, 375), (640, 360), (568, 320)):
        touch.set_viewport_size({"width": width, "height": height})
        seen = read_a_long_explanation(touch, site_url)
        touch.screenshot(path=str(artifacts_dir / f"explanation-small-sideways-{width}x{height}.png"))
        assert_board_in_view(seen)
        assert abs(seen["board"]["top"] - seen["stepped"]["top"]) <= 3, seen
        assert seen["why"]["top"] < seen["height"], seen
        assert_left_of_the_explanation(touch, "#board")
        for later in read_on_to_the_end(touch):
            assert_board_in_view(later)
            assert abs(later["board"]["top"] - seen["stepped"]["top"]) <= 3, (seen, later)
        boxes = touch.evaluate(BOXES)
        assert boxes["scrollWidth"] <= boxes["clientWidth"], boxes
        assert touch.evaluate(SHORT_CONTROLS, TAP_TARGET_PX) == [], width


#: Sideways widths across both layouts of a phone held sideways and the steps between them (at
#: the height of each step's tallest window, where the three columns give the board the least).
SIDEWAYS_WIDTHS = sorted({*range(640, 1001, 20), 699, 700, 827, 828, 877, 878, 927, 928})


@pytest.mark.parametrize("touch", [(844, 390)], indirect=True, ids=["sideways"])
def test_held_sideways_the_board_never_shrinks_as_the_window_widens(touch: Page, site_url: str) -> None:
    """At 360, 400, 450 and 500 px high, widths 640–1000 px: the board's side never falls (within
    a pixel) as the width grows, across the step from the board with one column beside it to the
    board with the tools' column and the explanation's (it fell from 376 px at 699×400 to 297 at
    700×400, 248 at 16×16), and the page is never wider than the window."""
    for n, height in product((9, 16), (360, 400, 450, 500)):
        if height == 360:
            touch.set_viewport_size({"width": 844, "height": 390})
            open_size(touch, site_url, n)
        last = (0, 0.0)
        for width in SIDEWAYS_WIDTHS:
            touch.set_viewport_size({"width": width, "height": height})
            boxes = touch.evaluate(BOXES)
            side = boxes["board"]["width"]
            assert side >= last[1] - 1, (n, height, last, (width, side))
            assert boxes["scrollWidth"] <= boxes["clientWidth"], (n, width, height, boxes)
            last = (width, side)


#: The focused element's box and the window's height.
FOCUSED = """() => { const el = document.activeElement; const r = el.getBoundingClientRect();
  return { name: el.tagName + ' ' + el.textContent.trim().slice(0, 24), top: r.top, bottom: r.bottom,
           height: innerHeight }; }"""


@pytest.mark.parametrize("touch", [(844, 390)], indirect=True, ids=["sideways"])
def test_keyboard_focus_back_from_the_explanation_on_a_phone_held_sideways_lands_on_screen(
        touch: Page, site_url: str) -> None:
    """Shift+Tab from the tutor's Step button, the page scrolled far down the explanation, back
    through the board's column, which stays (from 700 px wide), or the column beside the board
    (narrower): the puzzle's text (under the screen's foot while the column stays), the play bar,
    the pad, the board, the mode bar, each whole on screen, and each up the page as drawn: over the
    one focused after it, or in a column to its left."""
    page = touch
    for width, height in ((844, 390), (667, 375), (640, 360), (568, 320)):
        page.set_viewport_size({"width": width, "height": height})
        read_a_long_explanation(page, site_url)
        page.focus("button[data-intent=step]")
        page.keyboard.press("Tab")  # keyboard use
        page.keyboard.press("Shift+Tab")
        names = []
        page.evaluate("window.__focused = [document.activeElement]")
        while True:
            page.keyboard.press("Shift+Tab")
            seen = page.evaluate(FOCUSED)
            if seen["name"].startswith("SELECT"):  # past the mode bar, in the header
                break
            names.append(seen["name"])
            page.evaluate("window.__focused.push(document.activeElement)")
            # Whole on screen, to the half pixel the page scrolls by.
            assert seen["top"] >= -0.5 and seen["bottom"] <= seen["height"] + 0.5, (width, seen)
            assert len(names) < 60, names
        # Up the page as drawn, seen unscrolled (where no column stays): each over the one before it
        # in the document, or in a column to its left.
        page.evaluate("document.activeElement.blur(); scrollTo(0, 0)")
        boxes = page.evaluate("""() => window.__focused.map((el) => { const r = el.getBoundingClientRect();
          return { name: el.tagName + ' ' + el.textContent.trim().slice(0, 24), top: r.top, left: r.left,
                   right: r.right }; })""")
        for after, seen in zip(boxes, boxes[1:]):
            assert seen["top"] <= after["top"] + 1 or seen["right"] <= after["left"], (width, seen, after)
        assert any(name.startswith("SUMMARY Puzzle as text") for name in names), names
        assert names[-1] == "BUTTON Play", names


def click_a_history_entry(page: Page, url: str) -> tuple[float, dict[str, Any]]:
    """Five steps taken, the second's History entry scrolled to and clicked: the board's top before
    the click, and the board and the step's title after it, with the window's height."""
    afresh(page, url, FIGURE_4_2)
    for done in range(1, 6):
        page.click("button[data-intent=step]")
        wait_for(page, f"(n) => {IDLE} && {STATE}.view.position === n", done)
    entry = page.locator("#step-list button[data-intent=goto][data-position='2']")
    entry.scroll_into_view_if_needed()
    before: float = page.evaluate("document.getElementById('board').getBoundingClientRect().top")
    entry.click()
    wait_for(page, f"{IDLE} && {STATE}.view.position === 2")
    seen: dict[str, Any] = page.evaluate("""() => { const box = (el) => { const r = el.getBoundingClientRect();
        return { top: r.top, bottom: r.bottom }; };
      return { board: box(document.getElementById("board")), step: box(document.getElementById("step-title")),
               height: innerHeight, scrollWidth: document.documentElement.scrollWidth,
               clientWidth: document.documentElement.clientWidth }; }""")
    return before, seen


@pytest.mark.parametrize("touch", [(390, 844)], indirect=True, ids=["touch"])
def test_a_history_entry_clicked_brings_the_board_and_its_step_into_view(touch: Page, site_url: str) -> None:
    for width, height in ((390, 844), (768, 1024), (844, 390)):
        touch.set_viewport_size({"width": width, "height": height})
        _, seen = click_a_history_entry(touch, site_url)
        assert seen["board"]["top"] >= 0 and seen["board"]["bottom"] <= seen["height"], (width, seen)
        assert seen["step"]["top"] >= 0 and seen["step"]["bottom"] <= seen["height"], (width, seen)


@pytest.mark.parametrize("touch", [(667, 375)], indirect=True, ids=["small-sideways"])
def test_a_history_entry_clicked_on_a_small_phone_held_sideways_leaves_the_board_where_it_stood(
        touch: Page, site_url: str) -> None:
    """Under 700 px wide the board stays beside the column the History is in: the entry scrolled to
    and clicked, the board is whole on screen where it stood (it went 615–617 px above the screen),
    the step's title in view beside it, and nothing wider than the window."""
    for width, height in ((667, 375), (640, 360), (568, 320)):
        touch.set_viewport_size({"width": width, "height": height})
        before, seen = click_a_history_entry(touch, site_url)
        assert seen["board"]["top"] >= 0 and seen["board"]["bottom"] <= seen["height"], (width, seen)
        assert abs(seen["board"]["top"] - before) <= 3, (width, before, seen)
        assert seen["step"]["top"] >= 0 and seen["step"]["bottom"] <= seen["height"], (width, seen)
        assert seen["scrollWidth"] <= seen["clientWidth"], (width, seen)


@pytest.mark.parametrize("touch", [(844, 390)], indirect=True, ids=["844x390"])
def test_a_phone_held_sideways_fits_the_16_by_16_board_and_its_play_bar(touch: Page, site_url: str) -> None:
    boxes = open_size(touch, site_url, 16)
    touch.evaluate("document.getElementById('board').scrollIntoView({ block: 'start' })")
    boxes = touch.evaluate(BOXES)
    assert boxes["board"]["height"] <= boxes["height"], boxes
    assert boxes["board"]["top"] >= 0 and boxes["board"]["bottom"] <= boxes["height"], boxes
    assert boxes["bar"]["left"] >= boxes["board"]["right"] and boxes["bar"]["top"] < boxes["height"], boxes


#: The Step button's top in the page (not the window), the page's scroll and the window's height.
STEP_PLACE = """() => { const r = document.querySelector('button[data-intent=step]').getBoundingClientRect();
  return { top: r.top + scrollY, bottom: r.bottom + scrollY, scrollY: scrollY, height: innerHeight,
           width: innerWidth }; }"""


def tap_step(page: Page, done: int) -> None:
    page.locator("button[data-intent=step]").tap()
    wait_for(page, f"(n) => {IDLE} && {STATE}.view.position === n", done, 60_000)


@pytest.mark.parametrize("touch", [(768, 1024)], indirect=True, ids=["touch"])
def test_the_tutors_buttons_stay_put_while_stepping(touch: Page, site_url: str) -> None:
    """The explanation, its stages and its drawing come after the tutor's buttons, not before them:
    stepping on, Step stays where it was tapped (it was pushed down some 360–390 px by the first
    step's drawing, below the window at 1024×768)."""
    page = touch
    for width, height in ((768, 1024), (820, 1180), (1024, 768), (390, 844), (1280, 800)):
        page.set_viewport_size({"width": width, "height": height})
        afresh(page, site_url, FIGURE_4_2)
        before = page.evaluate(STEP_PLACE)
        for done in (1, 2, 3):
            tap_step(page, done)
            seen = page.evaluate(STEP_PLACE)
            assert abs(seen["top"] - before["top"]) <= 1, (width, done, before, seen)
        if width > height:  # wider than tall: on the first screen, and there it stays
            assert before["bottom"] <= before["height"], (width, before)


@pytest.mark.parametrize("touch", [(680, 400)], indirect=True, ids=["sideways"])
def test_a_tap_on_step_never_scrolls_the_page(touch: Page, site_url: str) -> None:
    """A small phone held sideways, the page scrolled down to Step at the window's top: a tap on it
    leaves the page where it was (it went back to the board, scrolled away above the screen,
    scrollY 752 -> 54 at 680×400, taking the step's words and the button away; the board now stays
    on screen beside them) and still gives the board the keys."""
    page = touch
    for (width, height), done in product(((680, 400), (640, 360)), (1, 2)):
        if done == 1:
            page.set_viewport_size({"width": width, "height": height})
            afresh(page, site_url, FIGURE_4_2)
        page.evaluate("""() => { const r = document.querySelector('button[data-intent=step]').getBoundingClientRect();
          scrollBy(0, r.top - 4); }""")
        before = page.evaluate(STEP_PLACE)
        assert before["scrollY"] > 0, (width, before)
        tap_step(page, done)
        page.wait_for_timeout(100)
        seen = page.evaluate(STEP_PLACE)
        assert seen["scrollY"] == before["scrollY"], (width, done, before, seen)
        assert page.evaluate("document.activeElement.closest('#board') !== null")


#: Where the tutor's Step button is on screen, its centre and whether a finger there touches it.
UNDER_FINGER = """() => { const step = document.querySelector('button[data-intent=step]');
  const r = step.getBoundingClientRect(); const x = r.left + r.width / 2, y = r.top + r.height / 2;
  return { top: r.top, bottom: r.bottom, x, y, touched: document.elementFromPoint(x, y) === step,
           scrollY: scrollY, height: innerHeight }; }"""
#: The title of the line under the play bar that says what the board shows, or null when hidden.
ECHO_TITLE = """() => { const echo = document.getElementById('step-echo');
  return echo.checkVisibility() ? echo.querySelector('.echo-title').textContent : null; }"""


@cache
def before_forcing_chains() -> tuple[str, str]:
    """A position (a candidate string) whose status is one short line and whose next step leads to
    one where only forcing chains go on, the status saying so in four lines on a phone; and its
    status. Taken from the nested net's example, the first such position in its steps."""
    session = Session(Grid.parse(NESTED_NET))
    while True:
        text, said = formats.write(session.board, "candidates"), session.status().message
        assert session.step() is not None, said
        if "forcing chains" not in said and "forcing chains" in session.status().message:
            imported = formats.parse(text)
            again = Session(imported.puzzle, imported.board)
            assert again.step() is not None and "forcing chains" in again.status().message
            return text, said


#: The disclosures open at the tap: the summaries tapped once the puzzle is loaded from its text.
OPENED = {"text": (), "closed": ("details.puzzle-text",),
          "learn-and-techniques": ("details.puzzle-text", "#learn-panel", "#technique-settings")}


@pytest.mark.parametrize("touch", [(390, 844)], indirect=True, ids=["touch"])
def test_a_tap_on_step_leaves_it_under_the_finger(touch: Page, site_url: str) -> None:
    """A finger on Step, at the window's foot under the board: the step it takes makes the status
    line over Step four lines tall on a phone (60 -> 96 px), which pushed Step 36 px down from under
    the finger (10 px at 768x1024), whatever was open. The board keeps the keys (focused without
    scrolling), and the page stays where it was: the line under the play bar that now says the step
    said how to play before, in a room as tall."""
    page = touch
    text, said = before_forcing_chains()
    for (width, height), opened in product(((390, 844), (768, 1024)), OPENED):
        page.set_viewport_size({"width": width, "height": height})
        afresh(page, site_url, FIGURE_4_2)
        page.locator("details.puzzle-text > summary").tap()
        page.fill("#puzzle-text", text)
        page.locator("#text-form button[type=submit]").tap()
        wait_for(page, f"(said) => {IDLE} && {STATE}.view.status.message === said", said, 60_000)
        for summary in OPENED[opened]:
            page.locator(f"{summary} > summary").tap()
        page.evaluate("""() => { const r = document.querySelector('button[data-intent=step]').getBoundingClientRect();
          scrollBy(0, r.bottom - innerHeight + 8); }""")
        page.wait_for_timeout(100)
        before = page.evaluate(UNDER_FINGER)
        board = page.evaluate("document.getElementById('board').getBoundingClientRect().bottom")
        assert before["touched"] and board < before["top"] and before["bottom"] <= before["height"], \
            (width, opened, board, before)
        page.touchscreen.tap(before["x"], before["y"])
        wait_for(page, f"{IDLE} && {STATE}.view.position === 1", None, 60_000)
        page.wait_for_timeout(100)
        seen = page.evaluate(UNDER_FINGER)
        assert "forcing chains" in (page.text_content("#status") or "")
        assert abs(seen["top"] - before["top"]) <= 2 and seen["touched"], (width, opened, before, seen)
        assert page.evaluate(ECHO_TITLE) == page.evaluate(f"{STATE}.view.steps[0].name")
        assert seen["scrollY"] == before["scrollY"], (width, opened, before, seen)
        assert page.evaluate("document.activeElement.closest('#board') !== null")


@pytest.mark.parametrize("touch", [(390, 844)], indirect=True, ids=["touch"])
def test_a_tap_on_step_clearing_a_message_leaves_it_under_the_finger(touch: Page, site_url: str) -> None:
    """Check's message stands over the tutor's toolbar (under the play bar, by the board) and the
    step clears it: Step went 50 px up from under the finger (54 px at 768x1024), where the next tap
    would land on the row under it. The page is scrolled by as much instead; scrolled less than the
    message's height from the page's top (768x1024 with the text closed) it could not scroll back
    far enough, and Step still rose 21 px: there the emptied message's room is held instead."""
    page = touch
    for (width, height), opened in product(((390, 844), (768, 1024)), (True, False)):
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate("document.documentElement.style.overflowAnchor = ''")
        afresh(page, site_url, FIGURE_4_2)
        if opened:
            page.locator("details.puzzle-text > summary").tap()
        page.locator("button[data-intent=check]").tap()
        wait_for(page, f"{IDLE} && document.getElementById('message').textContent === 'No mistakes so far.'")
        page.evaluate("""() => { const r = document.querySelector('button[data-intent=step]').getBoundingClientRect();
          scrollBy(0, r.bottom - innerHeight + 8); }""")
        page.wait_for_timeout(100)
        before = page.evaluate(UNDER_FINGER)
        said = page.evaluate("document.getElementById('message-live').getBoundingClientRect().height")
        assert before["touched"] and said > 0, (width, opened, said, before)
        page.touchscreen.tap(before["x"], before["y"])
        wait_for(page, f"{IDLE} && {STATE}.view.position === 1", None, 60_000)
        page.wait_for_timeout(100)
        seen = page.evaluate(UNDER_FINGER)
        assert page.evaluate("document.getElementById('message').hidden")
        assert abs(seen["top"] - before["top"]) <= 2 and seen["touched"], (width, opened, before, seen)
        assert page.evaluate("document.activeElement.closest('#board') !== null")
        # Scrolled off the window's top, the held room goes, and nothing on screen moves (without
        # the browser's scroll anchoring, as in Safari).
        page.evaluate("document.documentElement.style.overflowAnchor = 'none'")
        down = page.evaluate("""() => { const live = document.getElementById('message-live');
          const down = Math.ceil(live.getBoundingClientRect().bottom) + 1; scrollBy(0, down); return down; }""")
        page.wait_for_timeout(100)
        scrolled = page.evaluate(UNDER_FINGER)
        assert page.evaluate("document.getElementById('message-live').dataset.held !== 'true'")
        assert abs(scrolled["top"] - (seen["top"] - down)) <= 1, (width, opened, down, seen, scrolled)


@pytest.mark.parametrize("touch", [(768, 1024)], indirect=True, ids=["768x1024"])
def test_a_tap_on_solve_leaves_the_finish_banner_in_view(touch: Page, site_url: str) -> None:
    """A finger on Solve, at the window's foot under the board (the puzzle's text open over it): the
    solution drawn, the finish banner over the board says so. Solve was kept under the finger, which
    scrolled the banner off the window's top (its top at -23.7 px at 9×9, -186.7 px at 16×16 and
    25×25); the finish is what the person looks for then, so it stays in view (at 8.3 px)."""
    page = touch
    for n in (9, 16, 25):
        open_size(page, site_url, n)
        if not page.eval_on_selector("details.puzzle-text", "(el) => el.open"):
            page.locator("details.puzzle-text > summary").tap()
        page.evaluate("""() => { const r = document.querySelector('button[data-intent=solve]').getBoundingClientRect();
          scrollBy(0, r.bottom - innerHeight + 8); }""")
        page.wait_for_timeout(100)
        solve = page.evaluate("""() => { const r = document.querySelector('button[data-intent=solve]').getBoundingClientRect();
          return { x: r.left + r.width / 2, y: r.top + r.height / 2 }; }""")
        page.touchscreen.tap(solve["x"], solve["y"])
        wait_for(page, f"{IDLE} && {STATE}.view.status.status === 'solved'", None, 120_000)
        page.wait_for_timeout(100)
        seen = page.evaluate("""() => { const r = document.getElementById('finish').getBoundingClientRect();
          return { top: r.top, bottom: r.bottom, height: innerHeight, hidden: document.getElementById('finish').hidden }; }""")
        assert not seen["hidden"] and 0 <= seen["top"] and seen["bottom"] <= seen["height"], (n, seen)


#: The board and the page's foot in the window's coordinates, the page scrolled to its very end.
AT_THE_END = """() => { scrollTo(0, document.scrollingElement.scrollHeight);
  const box = (s) => { const r = document.querySelector(s).getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, left: r.left, right: r.right }; };
  return { board: box('#board'), foot: box('#foot'), scrollY: scrollY, height: innerHeight,
           scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth }; }"""


@pytest.mark.parametrize("touch", [(667, 375)], indirect=True, ids=["sideways"])
def test_at_the_page_end_held_sideways_the_board_stays_on_screen(
        touch: Page, site_url: str, artifacts_dir: Path) -> None:
    """Scrolled to the page's very end, the board still stands whole at the top of the screen and
    the page's foot ends the column beside it: the foot stood under the board's column, which it
    dragged 60 px above the screen's top at 667×375 and 111 px at 844×390."""
    afresh(touch, site_url, FIGURE_4_2)
    for width, height in ((667, 375), (844, 390), (740, 360), (640, 360), (568, 320), (932, 430)):
        touch.set_viewport_size({"width": width, "height": height})
        seen = touch.evaluate(AT_THE_END)
        touch.screenshot(path=str(artifacts_dir / f"page-end-sideways-{width}x{height}.png"))
        assert seen["scrollY"] > 0, (width, seen)
        assert seen["board"]["top"] >= -1 and seen["board"]["bottom"] <= seen["height"] + 1, (width, seen)
        assert seen["foot"]["top"] < seen["height"] and abs(seen["foot"]["bottom"] - seen["height"]) <= 1, (width, seen)
        assert seen["foot"]["left"] >= seen["board"]["right"], (width, seen)
        assert seen["scrollWidth"] <= seen["clientWidth"], (width, seen)
        assert browser_landmarks(touch) == ["banner", "main", "contentinfo"]
        assert axe_violations(touch) == [], width


def browser_landmarks(page: Page) -> list[str]:
    """The page's landmarks as the browser's accessibility tree has them (the main column drawn as
    the page's grid keeps its landmark), in the document's order."""
    tree = page.context.new_cdp_session(page).send("Accessibility.getFullAXTree")
    roles = [node.get("role", {}).get("value") for node in tree["nodes"] if not node.get("ignored")]
    return [role for role in roles if role in ("banner", "main", "contentinfo")]


#: Where the hint's words are drawn: each innermost element whose text holds them and that is shown
#: (its box, and whether it is hidden from screen readers).
HINT_WORDS = """() => { const said = window.__pysolver.state.view.hint.text;
  const holds = (el) => el.textContent.includes(said);
  const shown = [...document.querySelectorAll('body *')]
    .filter((el) => holds(el) && ![...el.children].some(holds) && el.checkVisibility())
    .map((el) => { const r = el.getBoundingClientRect();
      return { id: el.id, top: r.top, bottom: r.bottom, left: r.left, right: r.right,
               hidden: el.closest('[aria-hidden="true"]') !== null }; });
  return { said, shown, height: innerHeight, width: innerWidth }; }"""
#: Where the Hint button stands on screen, and its centre, where a finger taps it.
HINT_PLACE = """() => { const r = document.querySelector('button[data-intent=hint]').getBoundingClientRect();
  return { top: r.top, x: r.left + r.width / 2, y: r.top + r.height / 2, scrollY: scrollY }; }"""


def in_window(seen: dict[str, Any]) -> list[dict[str, Any]]:
    """The places of the hint's words that stand wholly inside the window."""
    return [box for box in seen["shown"] if box["top"] >= 0 and box["bottom"] <= seen["height"]
            and box["left"] >= 0 and box["right"] <= seen["width"]]


def tap_hint(page: Page, kind: str, level: int) -> dict[str, Any]:
    """Tap Hint where it stands (the page scrolled as it is) until the hint of `kind` at `level`
    is drawn; where its words are then, and where Hint was before the tap."""
    before: dict[str, Any] = page.evaluate(HINT_PLACE)
    if page.evaluate("matchMedia('(pointer: coarse)').matches"):
        page.touchscreen.tap(before["x"], before["y"])
    else:
        page.mouse.click(before["x"], before["y"])
    wait_for(page, f"(want) => {IDLE} && {STATE}.view.hint && {STATE}.view.hint.kind === want[0] "
                   f"&& {STATE}.view.hint.level === want[1]", [kind, level], 60_000)
    page.wait_for_timeout(100)
    seen: dict[str, Any] = page.evaluate(HINT_WORDS)
    return {**seen, "before": before, "after": page.evaluate(HINT_PLACE)}


def assert_said_in_window_under_a_still_hint(seen: dict[str, Any]) -> None:
    """The hint's words inside the window, a copy for the eyes only (the step panel says them to a
    screen reader), and Hint where it was tapped, the page not scrolled."""
    before, after = seen["before"], seen["after"]
    assert in_window(seen), (seen["said"], seen["shown"], seen["height"])
    assert all(box["hidden"] for box in in_window(seen) if box["id"] != "step-text"), seen["shown"]
    assert abs(after["top"] - before["top"]) <= 1 and after["scrollY"] == before["scrollY"], (before, after)


def hint_words_gone(page: Page, said: str) -> bool:
    """No copy of `said` is left in the page for the eyes only (the step panel may still name it)."""
    return bool(page.evaluate("""(said) => ![...document.querySelectorAll('[aria-hidden="true"]')]
      .some((el) => el.textContent.includes(said) && el.checkVisibility())""", said))


@pytest.mark.parametrize("touch", [(360, 740)], indirect=True, ids=["touch"])
def test_a_hint_is_said_in_the_window_under_the_play_bar(touch: Page, site_url: str) -> None:
    """The page at its top, the board's column over the explanation: Hint outlined the house on the
    board, and its words were only in the step panel, 252 px under the window's foot at 390×844
    (141 px at 768×1024). A line under the play bar says them, Hint staying under the finger, and
    says the step once Apply takes it. A window a pixel taller than wide (1000×1001) was in neither
    layout, and had no such line. On a 360×740 phone that line ended 68 px under the window's foot,
    under a header of two rows (128 px): a phone's header takes one."""
    page = touch
    for width, height in ((360, 740), (390, 844), (768, 1024), (1000, 1001)):
        page.set_viewport_size({"width": width, "height": height})
        afresh(page, site_url, FIGURE_4_2)
        for level in (1, 2):
            seen = tap_hint(page, "step", level)
            assert_said_in_window_under_a_still_hint(seen)
        page.locator("button[data-intent=apply]").tap()
        wait_for(page, f"{IDLE} && {STATE}.view.position === 1 && {STATE}.view.hint === null", None, 60_000)
        # The step applied: the line says it, its name for a title, inside the window.
        assert page.evaluate(ECHO_TITLE) == page.evaluate(f"{STATE}.view.steps[0].name")
        echo = page.evaluate("(() => { const r = document.getElementById('step-echo').getBoundingClientRect();"
                             " return { top: r.top, bottom: r.bottom, height: innerHeight }; })()")
        assert 0 <= echo["top"] and echo["bottom"] <= echo["height"], (width, echo)


@pytest.mark.parametrize("touch", [(390, 844)], indirect=True, ids=["390x844"])
def test_a_mistake_hint_is_said_in_the_window_under_the_play_bar(touch: Page, site_url: str) -> None:
    """A wrong digit placed, Hint names it: the words were 252 px under the window's foot as well.
    A second wrong digit takes the line away with the hint; the next hint, four lines long with the
    count of the others, ends in an ellipsis at the window's foot (its last line was 14 px below)."""
    page = touch
    afresh(page, site_url, FIGURE_4_2)
    page.locator("#board .cell[data-cell='0']").tap()
    page.locator("#pad button[data-char='8']").tap()  # wrong: the hint names it
    wait_for(page, f"{IDLE} && {STATE}.view.position === 1", None, 60_000)
    page.evaluate("scrollTo(0, 0)")
    seen = tap_hint(page, "mistake", 1)
    assert seen["said"].startswith("r1c1: 8 is not this cell's digit"), seen["said"]
    assert_said_in_window_under_a_still_hint(seen)
    page.locator("#board .cell[data-cell='2']").tap()
    page.locator("#pad button[data-char='5']").tap()  # r1c3 is 7
    wait_for(page, f"{IDLE} && {STATE}.view.position === 2 && {STATE}.view.hint === null", None, 60_000)
    assert hint_words_gone(page, seen["said"])
    page.evaluate("scrollTo(0, 0)")
    again = tap_hint(page, "mistake", 1)
    assert again["said"].endswith("1 more digit is wrong: Check names it."), again["said"]
    line = page.evaluate("document.getElementById('step-echo').getBoundingClientRect().bottom")
    assert line <= again["height"] and again["after"]["top"] == again["before"]["top"], (line, again)


def assert_said_once(page: Page, site_url: str) -> None:
    """Hint (scrolled into reach) pressed: its words on screen in the step panel, and nowhere else."""
    afresh(page, site_url, FIGURE_4_2)
    page.locator("button[data-intent=hint]").scroll_into_view_if_needed()
    seen = tap_hint(page, "step", 1)
    assert [box["id"] for box in seen["shown"]] == ["step-text"], seen["shown"]
    assert in_window(seen), seen


def test_beside_the_board_on_the_desktop_a_hint_is_said_once(desktop: Page, site_url: str) -> None:
    """At 1280×800 the explanation stands beside the board: no second line repeats its words."""
    page = desktop
    page.set_viewport_size({"width": 1280, "height": 800})
    assert_said_once(page, site_url)


@pytest.mark.parametrize("touch", [(844, 390)], indirect=True, ids=["844x390"])
def test_beside_the_board_on_a_phone_held_sideways_a_hint_is_said_once(touch: Page, site_url: str) -> None:
    """Held sideways, the explanation's column stands beside the board's, its words on screen once
    the page is scrolled to Hint: no second line repeats them."""
    assert_said_once(touch, site_url)


@pytest.mark.parametrize("touch", [(390, 844)], indirect=True, ids=["touch"])
def test_a_tap_on_step_taking_the_hinted_step_leaves_it_under_the_finger(touch: Page, site_url: str) -> None:
    """The hint's line stands over the tutor's toolbar, and the step taken ends the hint, the line
    saying the step instead: a shorter line's room is held, as an emptied message's is, so that Step
    stays under the finger (without it, Step rose 21 px at 768×1024, the page scrolled less than the
    line's height, as far up as it could go)."""
    page = touch
    for width, height in ((390, 844), (768, 1024)):
        page.set_viewport_size({"width": width, "height": height})
        afresh(page, site_url, FIGURE_4_2)
        tap_hint(page, "step", 1)
        page.evaluate("""() => { const r = document.querySelector('button[data-intent=step]').getBoundingClientRect();
          scrollBy(0, r.bottom - innerHeight + 8); }""")
        page.wait_for_timeout(100)
        before = page.evaluate(UNDER_FINGER)
        assert before["touched"], (width, before)
        page.touchscreen.tap(before["x"], before["y"])
        wait_for(page, f"{IDLE} && {STATE}.view.position === 1 && {STATE}.view.hint === null", None, 60_000)
        page.wait_for_timeout(100)
        seen = page.evaluate(UNDER_FINGER)
        assert page.evaluate(ECHO_TITLE) == page.evaluate(f"{STATE}.view.steps[0].name")
        assert abs(seen["top"] - before["top"]) <= 2 and seen["touched"], (width, before, seen)


#: The panels' small notes (class hint-line): whether each is drawn, and its left border's width.
PANEL_NOTES = """() => [...document.querySelectorAll('.side .hint-line')].map((el) => ({
  text: el.textContent.slice(0, 30), drawn: el.getClientRects().length > 0,
  border: getComputedStyle(el).borderLeftWidth }))"""


@pytest.mark.parametrize("phone", [(390, 844), (1280, 800)], indirect=True, ids=["390x844", "1280x800"])
def test_the_panels_notes_are_drawn_as_notes_beside_the_hints_line(phone: Page, site_url: str) -> None:
    """The hint's line under the play bar first shared its class with the panels' small notes (the
    techniques' "all on", the GTSPS and export notes, the generator's): hidden everywhere by its
    rule, and drawn with its border where it shows. Each note is drawn, plain, with its panel open
    (a record set aside shows the "Set-aside games" panel, hidden while it has nothing to list)."""
    page = phone
    page.goto(site_url + "manifest.json")
    page.evaluate("() => localStorage.setItem('pysolver.board.set-aside', '{}')")
    page.goto(f"{site_url}#p={FIGURE_4_2}")
    wait_for(page, f"{IDLE} && {STATE}.view !== null", None, 120_000)
    page.evaluate("document.querySelectorAll('.side details').forEach((d) => { d.open = true; })")
    notes = page.evaluate(PANEL_NOTES)
    assert len(notes) >= 4, notes
    assert all(note["drawn"] and note["border"] == "0px" for note in notes), notes


def test_under_the_board_in_a_window_wider_than_tall_the_line_says_the_hint(desktop: Page, site_url: str) -> None:
    """At 900×700 the explanation stands under the board (beside it the board would be smaller than
    a phone's), out of sight: the line under the play bar says the hint there as on a tablet held
    upright, its rules naming the same windows as the layout's."""
    page = desktop
    page.set_viewport_size({"width": 900, "height": 700})
    afresh(page, site_url, FIGURE_4_2)
    page.click("button[data-intent=hint]")
    wait_for(page, f"{IDLE} && {STATE}.view.hint !== null && {STATE}.view.hint.level === 1", None, 60_000)
    assert page.evaluate(ECHO_TITLE) == page.evaluate(f"{STATE}.view.hint.title")


#: A 9×9 puzzle of many solutions: its classification is the longest but one ("At least 2 solutions: …").
SEVERAL = "1" + "." * 80


@pytest.mark.parametrize("phone", [(375, 667)], indirect=True, ids=["375x667"])
def test_a_short_phone_shows_the_board_the_pad_and_the_play_bar_unscrolled(
        phone: Page, site_url: str, artifacts_dir: Path) -> None:
    """At 375×667 the play bar ended 13 px under the window's foot with 9×9 and 62 px with 12×12
    and 16×16 (111 px with 25×25), under a header, a mode bar (the classification's two lines
    under the mode buttons) and gaps 164 px tall, and 12×12's pad took three rows."""
    page = phone
    page.emulate_media(color_scheme="dark")
    for n in (9, 12, 16, 25):
        boxes = open_size(page, site_url, n)
        board, pad, bar = boxes["board"], boxes["pad"], boxes["bar"]
        page.screenshot(path=str(artifacts_dir / f"layout-phone-375x667-{n}.png"))
        assert boxes["scrollWidth"] <= boxes["width"] and pad["right"] <= boxes["width"], (n, boxes)
        assert board["width"] >= boxes["width"] - 24, (n, board)  # the board keeps the screen's width
        assert 0 <= pad["top"] - board["bottom"] <= 12 and 0 <= bar["top"] - pad["bottom"] <= 12, (n, boxes)
        if n < 25:  # on the first screen, unscrolled
            assert board["top"] >= 0 and bar["bottom"] <= boxes["height"], (n, board, bar, boxes["height"])
        if n == 9:
            assert boxes["cand"] >= 11, boxes["cand"]
            assert page.evaluate(SMALL_TARGETS, TAP_TARGET_PX) == []
            assert axe_violations(page) == []
    # The verdict of a puzzle of many solutions, in three short lines beside the mode buttons,
    # moves nothing (at 360 px wide, at the classification's .88rem, it took four and pushed the
    # board down 10 px).
    for width, height in ((375, 667), (360, 640)):
        page.set_viewport_size({"width": width, "height": height})
        afresh(page, site_url, FIGURE_4_2)
        unique = page.evaluate(BOXES)["board"]["top"]
        afresh(page, site_url, SEVERAL)
        wait_for(page, "document.getElementById('classification').dataset.kind === 'several'")
        assert page.evaluate(BOXES)["board"]["top"] == unique, (width, unique)
    # Stepping on, Step stays where it was tapped.
    page.set_viewport_size({"width": 375, "height": 667})
    afresh(page, site_url, FIGURE_4_2)
    before = page.evaluate(STEP_PLACE)
    for done in (1, 2, 3):
        tap_step(page, done)
        seen = page.evaluate(STEP_PLACE)
        assert abs(seen["top"] - before["top"]) <= 1, (done, before, seen)


@pytest.mark.parametrize("touch", [(375, 667)], indirect=True, ids=["375x667"])
def test_on_a_short_phone_a_hint_is_said_in_the_window(touch: Page, site_url: str) -> None:
    """At 375×667 the line under the play bar that says a hint ended 28 px under the window's foot
    (40 px at 360×640): the player scrolled to read it. It is inside the window, Hint staying where
    it was tapped, the board's candidates still 11 px at 375 px wide; the next hint's longer words
    end in an ellipsis there."""
    page = touch
    for width, height in ((375, 667), (360, 640)):
        page.set_viewport_size({"width": width, "height": height})
        afresh(page, site_url, FIGURE_4_2)
        assert_said_in_window_under_a_still_hint(tap_hint(page, "step", 1))
        seen = tap_hint(page, "step", 2)
        line = page.evaluate("document.getElementById('step-echo').getBoundingClientRect().bottom")
        assert line <= seen["height"] and seen["after"]["top"] == seen["before"]["top"], (width, line, seen)
        if width == 375:
            assert page.evaluate(BOXES)["cand"] >= 11


@pytest.mark.parametrize("touch", [(360, 640)], indirect=True, ids=["360x640"])
def test_a_small_phone_shows_the_play_bar_unscrolled_up_to_16x16(touch: Page, site_url: str) -> None:
    """At 360×640 16×16's play bar ended 11 px under the window's foot (its pad three rows of
    keys): the board, the pad straight under it and the play bar under the pad are on the first
    screen at 9×9, 12×12 and 16×16, the board keeping the screen's width within 24 px."""
    page = touch
    for n in (9, 12, 16):
        boxes = open_size(page, site_url, n)
        board, pad, bar = boxes["board"], boxes["pad"], boxes["bar"]
        assert board["top"] >= 0 and bar["bottom"] <= boxes["height"], (n, board, bar)
        assert board["width"] >= boxes["width"] - 24, (n, board)
        assert 0 <= pad["top"] - board["bottom"] <= 12 and 0 <= bar["top"] - pad["bottom"] <= 12, (n, boxes)
        assert boxes["scrollWidth"] <= boxes["width"], (n, boxes)


#: The verdict of a puzzle whose solutions the search cannot count within its budget, the longest
#: with "At least 2 solutions: …". No puzzle loaded in moments reaches it (the lookahead answers
#: them), so the test draws it into the verdict's box as the view draws a verdict.
UNKNOWN = f"(el) => {{ el.dataset.kind = 'unknown'; el.textContent = {json.dumps(UNKNOWN_MESSAGE)}; }}"
#: The classification's box and whether its words overflow it (cut short).
VERDICT = """() => { const el = document.getElementById('classification'); const r = el.getBoundingClientRect();
  return { kind: el.dataset.kind, top: r.top, bottom: r.bottom, cut: el.scrollHeight > el.clientHeight + 1,
           board: document.getElementById('board').getBoundingClientRect().top }; }"""


@pytest.mark.parametrize("touch", [(375, 667)], indirect=True, ids=["phones"])
def test_the_longest_verdict_moves_nothing_on_a_phone(touch: Page, site_url: str) -> None:
    """The verdict of a puzzle the search could not count ("The search could not tell within its
    budget…") took five lines beside the mode buttons at 375×667 and 360×640, pushing the board
    down 24 px after it was drawn, and three under them at 390×844, 360×740 and 320×568 (18 px).
    It takes the lines kept for a verdict, whole, and the board stays where it was."""
    page = touch
    for width, height in ((375, 667), (360, 640), (390, 844), (360, 740), (320, 568)):
        page.set_viewport_size({"width": width, "height": height})
        afresh(page, site_url, FIGURE_4_2)
        unique = page.evaluate(VERDICT)
        afresh(page, site_url, SEVERAL)
        wait_for(page, "document.getElementById('classification').dataset.kind === 'several'")
        several = page.evaluate(VERDICT)
        page.locator("#classification").evaluate(UNKNOWN)
        unknown = page.evaluate(VERDICT)
        for seen in (several, unknown):
            assert seen["board"] == unique["board"], (width, unique, seen)
            assert not seen["cut"], (width, seen)


#: The stage player's buttons, in rows as drawn: each row's labels, its left and right ends, the
#: labels that overflow their button or break a word, the smallest button; the player's own ends.
STAGE_ROWS = """() => { const player = document.querySelector('#graph .stage-buttons').getBoundingClientRect();
  const buttons = [...document.querySelectorAll('#graph .stage-buttons button')];
  const rows = [];
  for (const b of buttons) { const r = b.getBoundingClientRect();
    const row = rows.find((x) => Math.abs(x.top - r.top) < 2);
    if (row) { row.labels.push(b.textContent); row.right = r.right; }
    else rows.push({ top: r.top, labels: [b.textContent], left: r.left, right: r.right }); }
  return { rows, left: player.left, right: player.right,
           overflow: buttons.filter((b) => b.scrollWidth > b.clientWidth + 1).map((b) => b.textContent),
           broken: buttons.filter((b) => { const text = b.firstChild; const range = document.createRange();
             let at = 0;
             return text.data.split(' ').some((word) => { range.setStart(text, at); range.setEnd(text, at + word.length);
               at += word.length + 1; return range.getClientRects().length > 1; }); }).map((b) => b.textContent),
           smallest: Math.min(...buttons.flatMap((b) => { const r = b.getBoundingClientRect(); return [r.width, r.height]; })),
           scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth }; }"""
#: Norvig's top95 line 13, whose fourth step is a chain drawn in five stages.
TOP95_13 = "..5...987.4..5...1..7......2...48....9.1.....6..2.....3..6..2.......9.7.......5.."


def assert_even_stage_rows(page: Page, url: str, touch: bool) -> None:
    """At the chain's step, the player's rows hold as many buttons each (within one), fill its width,
    never leave a button alone, keep ▶ and All together, and every label inside its button."""
    afresh(page, url, TOP95_13)
    for done in range(1, 5):
        if touch:
            page.locator("button[data-intent=step]").tap()
        else:
            page.click("button[data-intent=step]")
        wait_for(page, f"(n) => {IDLE} && {STATE}.view.position === n", done, 60_000)
    seen = page.evaluate(STAGE_ROWS)
    rows = seen["rows"]
    sizes = [len(row["labels"]) for row in rows]
    assert sum(sizes) == 8 and max(sizes) - min(sizes) <= 1 and min(sizes) >= 2, rows
    assert any(row["labels"][-2:] == ["▶", "All"] for row in rows), rows
    assert all(abs(row["left"] - seen["left"]) <= 1 and abs(row["right"] - seen["right"]) <= 1 for row in rows), seen
    assert seen["overflow"] == [] and seen["broken"] == [] and seen["scrollWidth"] <= seen["clientWidth"], seen
    if touch:
        assert seen["smallest"] >= TAP_TARGET_PX - 0.5, seen


def test_the_stage_players_rows_are_even_on_the_desktop(desktop: Page, site_url: str) -> None:
    """At 1280×800 the player's row broke after "4 Chain", "5 Removed", ▶ and All wrapping onto a
    second row of three, ragged; its buttons stand in two rows of four that fill the side column."""
    desktop.set_viewport_size({"width": 1280, "height": 800})
    assert_even_stage_rows(desktop, site_url, touch=False)


@pytest.mark.parametrize("touch", [(360, 740)], indirect=True, ids=["360x740"])
def test_the_stage_players_rows_are_even_on_a_phone(touch: Page, site_url: str) -> None:
    """On a 360 px phone the rows were ragged (◀ and three stages, then two stages, ▶ and All);
    at 320 px three, three and two. They fill the width, every button a tap target."""
    for width, height in ((360, 740), (320, 568)):
        touch.set_viewport_size({"width": width, "height": height})
        assert_even_stage_rows(touch, site_url, touch=True)
