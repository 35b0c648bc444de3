"""The page as an app on every screen: a phone's width (no sideways scrolling, the board fills the
width, the shown step's explanation in view with it, a digit pad and 44 px tap targets), dark mode
(the system's scheme or a remembered toggle, every highlight with its own colour and AA contrast),
a stable layout (cumulative layout shift below 0.02 through the boot), and no axe-core violation
(axe-core from npm, injected from web/node_modules: nothing from another host).
"""

from __future__ import annotations

import functools
import http.server
import re
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Literal

import pytest
from playwright.sync_api import Browser, Page

import build_site
from tests.e2e.conftest import READY, READY_TIMEOUT_MS, PageLog, guarded_page
from tests.helpers import FIGURE_4_2, FIGURE_4_9

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "web" / "node_modules" / "axe-core" / "axe.min.js"
PHONES = [(360, 740), (390, 844), (430, 932)]
TAP_TARGET_PX = 44
CLS_LIMIT = 0.02

# The layout shifts of the page so far, those that follow the person's input excluded (as the
# Cumulative Layout Shift metric does), summed.
OBSERVE_SHIFTS = """
window.__shifts = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__shifts.push(entry.value);
}).observe({ type: "layout-shift", buffered: true });
"""

# Interactive elements on screen narrower or shorter than a tap target (a checkbox's target is its
# label); board cells are measured apart (nine of them share the width).
SMALL_TARGETS = """(min) => [...document.querySelectorAll('button, select, summary, input, textarea, a[href]')]
  .filter((el) => el.checkVisibility())
  .map((el) => { const r = (el.type === 'checkbox' && el.closest('label') || el).getBoundingClientRect();
    return { what: el.id || el.dataset.intent || el.textContent.trim().slice(0, 20), w: r.width, h: r.height }; })
  .filter((t) => t.w < min - 0.5 || t.h < min - 0.5)"""

RECT = "(sel) => { const r = document.querySelector(sel).getBoundingClientRect(); return [r.top, r.bottom, r.left, r.right]; }"


def open_ready(page: Page, url: str) -> None:
    page.goto(url)
    page.wait_for_function(READY, timeout=READY_TIMEOUT_MS)
    page.wait_for_function("!['booting', 'loading', 'invalid'].includes(document.getElementById('status').dataset.state)",
                           timeout=READY_TIMEOUT_MS)


@pytest.fixture
def phone_page(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Page]:
    width, height = request.param
    with guarded_page(browser) as page:
        page.set_viewport_size({"width": width, "height": height})
        yield page


@pytest.mark.parametrize("phone_page", PHONES, indirect=True, ids=[f"{w}px" for w, _ in PHONES])
def test_phone_layout(phone_page: Page, site_url: str) -> None:
    page = phone_page
    width = page.viewport_size["width"] if page.viewport_size else 0
    open_ready(page, f"{site_url}#p={FIGURE_4_2}")
    assert page.evaluate("document.documentElement.scrollWidth") <= width  # no sideways scrolling
    top, bottom, left, right = page.evaluate(RECT, "#board")
    assert right - left >= width - 24 and left >= 0 and right <= width  # the board fills the width
    assert page.locator("#pad button").count() == 10  # nine digits and erase, on screen
    shown, room = page.evaluate("""() => { const s = document.getElementById('examples');
      const pen = document.createElement('canvas').getContext('2d'); pen.font = getComputedStyle(s).font;
      return [pen.measureText(s.options[s.selectedIndex].text).width, s.clientWidth]; }""")
    assert shown + 28 <= room, (shown, room)  # the whole first line, with padding and arrow
    # The size menu shows each size whole ("12×12" of "12×12 (3×4 boxes)"), whichever is chosen.
    sizes, room = page.evaluate("""() => { const s = document.getElementById('size');
      const pen = document.createElement('canvas').getContext('2d'); pen.font = getComputedStyle(s).font;
      return [[...s.options].map((o) => pen.measureText(o.text.split(' (')[0]).width), s.clientWidth]; }""")
    assert max(sizes) + 28 <= room, (sizes, room)
    assert page.evaluate(SMALL_TARGETS, TAP_TARGET_PX) == []
    cell = page.evaluate(RECT, "#board [data-cell='0']")
    assert cell[1] - cell[0] >= (width - 24) / 9 - 2  # cells as large as nine across allow
    page.click("button[data-intent=hint]")
    page.wait_for_function("document.getElementById('step-title').textContent.startsWith('Hint')",
                           timeout=READY_TIMEOUT_MS)
    # The pad and the play bar stand between the board and the explanation (tests/e2e/test_layout.py):
    # scrolled down to the explanation, the whole board is still in view above it.
    page.evaluate("document.getElementById('step-text').scrollIntoView({ block: 'end' })")
    height = page.evaluate("innerHeight")
    text_top, text_bottom, _, _ = page.evaluate(RECT, "#step-text")
    board_top, board_bottom, _, _ = page.evaluate(RECT, "#board")
    assert 0 <= text_top and text_bottom <= height, "the explanation is in view after Hint"
    assert board_bottom <= text_top and board_top >= 0, "with the whole board"
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    for selector in (".steps", "#gtsps-panel", "#generate-panel"):  # reachable by scrolling down
        page.locator(selector).scroll_into_view_if_needed()
        assert page.locator(selector).is_visible()
    page.click("#notes-toggle")  # the pad follows Notes mode
    assert page.get_attribute("#pad", "data-notes") == "true"
    assert page.get_attribute("#pad button[data-char='5']", "aria-label") == "Note 5"
    for panel in page.locator("details").all():  # every panel open: still no small target
        panel.evaluate("(el) => { el.open = true; }")
    page.wait_for_function("document.querySelector('.learn-toggles button') !== null", timeout=READY_TIMEOUT_MS)
    assert page.evaluate(SMALL_TARGETS, TAP_TARGET_PX) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= width


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_set_aside_games_panel_has_no_small_target_and_no_axe_violation(
        browser: Browser, site_url: str, scheme: Literal["light", "dark"]) -> None:
    """The panel shows only with a record to list, so the phone and axe checks above never see it:
    here two records are set aside (one with a game to open, one unreadable) and one Delete awaits
    its confirmation, at a phone's width."""
    with guarded_page(browser) as page:
        page.set_viewport_size({"width": 375, "height": 812})
        page.emulate_media(color_scheme=scheme)
        page.goto(site_url + "manifest.json")  # same origin, no app: the records are there before it reads them
        page.evaluate("""([key, game]) => { localStorage.setItem(key, game); localStorage.setItem(key + '.2', '{');}""",
                      ["pysolver.board.set-aside", f'{{"version": 1, "puzzle": "{FIGURE_4_2}", "actions": ["logic"]}}'])
        open_ready(page, f"{site_url}#p={FIGURE_4_9}")
        page.click("#aside-panel summary")
        assert page.locator("#aside-panel li[data-key]").count() == 2
        assert page.locator("#aside-panel [data-intent='aside-open']").count() == 1  # the unreadable one has none
        page.locator("#aside-panel li[data-key$='.2'] [data-intent='aside-delete']").click()
        page.locator("#aside-panel li[data-key$='.2'] [data-intent='aside-delete-confirm']").wait_for()
        page.locator("#aside-panel").scroll_into_view_if_needed()
        assert page.evaluate(SMALL_TARGETS, TAP_TARGET_PX) == []
        assert page.evaluate("document.documentElement.scrollWidth") <= 375
        assert axe_violations(page) == []


def colours(page: Page) -> dict[str, Any]:
    """The computed colours of the page and of each kind of highlight after a Hint."""
    found: dict[str, Any] = page.evaluate("""() => {
      const css = (sel, prop) => { const el = document.querySelector(sel); return el ? getComputedStyle(el)[prop] : null; };
      return { page: css('html', 'backgroundColor'), ink: css('html', 'color'), card: css('.step-panel', 'backgroundColor'),
        pattern: css('.cell.in-step', 'backgroundColor'), placed: css('.cand.placed', 'backgroundColor'),
        selected: css('.cell.selected', 'backgroundColor'), title: css('#step-title', 'color') };
    }""")
    return found


def show_whole_hint(page: Page) -> None:
    """Climb the hint ladder to its last rung, where the step's cells and candidates are drawn."""
    for level in (1, 2, 3):
        page.click("button[data-intent=hint]")
        page.wait_for_function(f"window.__pysolver.state.view.hint_level === {level}",
                               timeout=READY_TIMEOUT_MS)
    page.wait_for_function("document.querySelector('.cell.in-step') !== null", timeout=READY_TIMEOUT_MS)


def hinted(page: Page, url: str) -> dict[str, Any]:
    open_ready(page, f"{url}#p={FIGURE_4_2}")
    show_whole_hint(page)
    return colours(page)


def luminance(rgb: str) -> float:
    channels = [int(part) / 255 for part in rgb[rgb.index("(") + 1:rgb.index(")")].split(",")[:3]]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_dark_scheme_follows_the_system_and_keeps_every_highlight(browser: Browser, site_url: str) -> None:
    schemes = {}
    for scheme in ("light", "dark"):
        with guarded_page(browser) as page:
            page.emulate_media(color_scheme=scheme)
            schemes[scheme] = hinted(page, site_url)
    light, dark = schemes["light"], schemes["dark"]
    assert luminance(light["page"]) > 0.8 and luminance(dark["page"]) < 0.05
    for scheme in (light, dark):
        assert contrast(scheme["ink"], scheme["page"]) >= 7
        # Each highlight is distinct from the plain cell and from the others.
        highlights = [scheme["pattern"], scheme["placed"], scheme["selected"]]
        assert len(set(highlights + [scheme["card"]])) == 4
        assert contrast(scheme["title"], scheme["card"]) >= 4.5
    assert all(light[key] != dark[key] for key in ("page", "ink", "card", "pattern"))


#: Every enabled button's text and every graph vertex's label against what is behind it: the
#: nearest opaque background up the tree (an SVG label against its vertex's fill).
READ_INKS = """() => {
  const opaque = (c) => c && c !== 'transparent' && !/rgba\\(.*, 0\\)$/.test(c);
  const behind = (el) => {
    for (; el; el = el.parentElement) { const c = getComputedStyle(el).backgroundColor; if (opaque(c)) return c; }
    return getComputedStyle(document.documentElement).backgroundColor;
  };
  const shown = (el) => el.getClientRects().length > 0;
  const buttons = [...document.querySelectorAll('button')].filter((b) => !b.disabled && shown(b) && b.textContent.trim())
    .map((b) => ({ what: 'button ' + b.textContent.trim().slice(0, 24), ink: getComputedStyle(b).color, back: behind(b) }));
  const nodes = [...document.querySelectorAll('.bipartite .node')].map((n) => ({ what: 'vertex ' + n.textContent.trim(),
    ink: getComputedStyle(n.querySelector('text')).fill, back: getComputedStyle(n.querySelector('rect')).fill }));
  return buttons.concat(nodes);
}"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_button_and_graph_label_is_readable_in_both_schemes(browser: Browser, site_url: str,
                                                                    scheme: str) -> None:
    """A naked pair's graph at its Paths stage (the reached vertices filled), its stage buttons,
    and the Learn panel's candidate toggles: text at AA contrast (4.5:1) in either scheme."""
    with guarded_page(browser) as page:
        page.emulate_media(color_scheme=scheme)
        open_ready(page, site_url)
        page.select_option("#examples", "naked-pair")
        for position in range(1, 20):
            step_taken(page, position)
            if page.locator("#graph .stage-buttons button", has_text="Paths").count():
                break  # the naked pair, past the singles (whose graphs have no Paths stage)
        page.click("#graph button[data-stage='2']")  # 3 Paths: the vertices an alternating path reaches
        page.wait_for_function("document.querySelector('#graph .node.reached') !== null")
        page.locator("#learn-panel summary").click()
        page.wait_for_function("document.querySelector('.learn-toggles button[aria-pressed=true]') !== null",
                               timeout=READY_TIMEOUT_MS)
        inks = page.evaluate(READ_INKS)
    kinds = {ink["what"].split()[0] for ink in inks}
    assert kinds == {"button", "vertex"} and any(i["what"].startswith("button 3 Paths") for i in inks)
    poor = [(i["what"], round(contrast(i["ink"], i["back"]), 2)) for i in inks if contrast(i["ink"], i["back"]) < 4.5]
    assert not poor, poor


def test_the_theme_toggle_is_remembered(page: Page, site_url: str) -> None:
    page.emulate_media(color_scheme="light")
    open_ready(page, site_url)
    toggle = page.locator("#theme-toggle")
    assert toggle.get_attribute("aria-pressed") == "false"
    toggle.click()
    assert toggle.get_attribute("aria-pressed") == "true"
    dark_page = page.evaluate("getComputedStyle(document.documentElement).backgroundColor")
    assert luminance(dark_page) < 0.05
    page.reload()
    page.wait_for_function(READY, timeout=READY_TIMEOUT_MS)
    assert page.evaluate("document.documentElement.dataset.theme") == "dark"
    assert page.evaluate("getComputedStyle(document.documentElement).backgroundColor") == dark_page
    assert toggle.get_attribute("aria-pressed") == "true"


def shifts(page: Page) -> float:
    total: float = page.evaluate("window.__shifts.reduce((a, b) => a + b, 0)")
    return total


def step_taken(page: Page, position: int) -> None:
    page.click("button[data-intent=step]")
    page.wait_for_function(f"document.getElementById('board').dataset.position === '{position}'",
                           timeout=READY_TIMEOUT_MS)


@pytest.mark.parametrize("width", [1280, 390])
def test_layout_shift_through_a_session_stays_below_the_limit(browser: Browser, site_url: str, width: int) -> None:
    """Boot, load another puzzle, Step, the three rungs of Hint and every panel shown opened (the
    Set-aside games panel shows only with a record to list): the shifts no input explains (those of
    the Cumulative Layout Shift metric) add up to less than 0.02."""
    with guarded_page(browser) as page:
        page.set_viewport_size({"width": width, "height": 900})
        page.add_init_script(OBSERVE_SHIFTS)
        open_ready(page, f"{site_url}#p={FIGURE_4_2}")
        page.wait_for_timeout(500)
        after = {"boot": shifts(page)}
        page.select_option("#examples", "fig49")
        page.wait_for_function("window.__pysolver.state.view && window.__pysolver.state.view.position === 0 "
                               f"&& !location.hash.includes('{FIGURE_4_2}')", timeout=READY_TIMEOUT_MS)
        step_taken(page, 1)
        step_taken(page, 2)
        after["load and Step"] = shifts(page)
        show_whole_hint(page)
        after["Hint"] = shifts(page)
        for panel in page.locator("details:visible").all():
            panel.locator("summary").click()
            page.wait_for_timeout(300)
        step_taken(page, 3)
        page.wait_for_timeout(500)
        after["panels"] = shifts(page)
        assert after["panels"] < CLS_LIMIT, after


def test_the_first_paint_waits_for_no_request_and_the_worker_starts_first(site_dir: Path) -> None:
    """The built page carries its style sheet inline: a linked sheet, or a classic script read from
    a file, holds the first paint back by a round trip on a phone's network. Its first script
    starts the solver's worker; the page's other modules come after it at low priority."""
    html = (site_dir / "index.html").read_text(encoding="utf-8")
    head = html[:html.index("</head>")]
    assert 'rel="stylesheet"' not in html and not (site_dir / "style.css").exists()
    assert build_site.compact_css((ROOT / "web" / "style.css").read_text(encoding="utf-8")) in head
    scripts = re.findall(r"<script[^>]*>", html)
    assert scripts[0] == '<script type="module" src="js/solver.js">'
    assert [s for s in scripts if "src=" in s and 'type="module"' not in s] == []
    assert all('fetchpriority="low"' in s for s in scripts[1:] if "src=" in s)


# Where the slow server below pauses in index.html: the board's column has arrived, not the solver's.
SLOW_CUT = b'<section class="side"'


class HalfPageFirstHandler(build_site.SiteHandler):
    """Serves the site, but sends index.html in two parts 0.8 s apart, as a slow network might."""

    def copyfile(self, source: Any, outputfile: Any) -> None:
        data = source.read()
        if SLOW_CUT not in data:
            outputfile.write(data)
            return
        cut = data.index(SLOW_CUT)
        outputfile.write(data[:cut])
        outputfile.flush()
        time.sleep(0.8)
        outputfile.write(data[cut:])


@pytest.fixture
def half_page_first_url(site_dir: Path) -> Iterator[str]:
    handler = functools.partial(HalfPageFirstHandler, directory=str(site_dir))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.verbose = False  # type: ignore[attr-defined]
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


def test_a_page_arriving_in_parts_is_painted_whole(browser: Browser, half_page_first_url: str) -> None:
    """A browser may paint the part of a page it has read while the rest is on its way, and the rest
    then pushes that paint about (on a phone the step panel arriving between the board and its
    buttons moves them down): the page holds its first paint until it has all been read."""
    # Not a guarded page: its routing of every request would hold the page until all of it came.
    context = browser.new_context(viewport={"width": 390, "height": 900}, service_workers="block")
    try:
        page = context.new_page()
        page.add_init_script(OBSERVE_SHIFTS)
        open_ready(page, f"{half_page_first_url}#p={FIGURE_4_2}")
        page.wait_for_timeout(300)
        assert shifts(page) < CLS_LIMIT
    finally:
        context.close()


#: Each candidate drawn on the board whose ink is below AA contrast (4.5:1) on what is behind it
#: (its own fill, else its cell's): axe skips them, as the candidates are aria-hidden (the cell's
#: name says them).
FAINT_CANDIDATES = """() => {
  const rgb = (c) => c.match(/[\\d.]+/g).map(Number);
  const lum = (c) => { const [r, g, b] = rgb(c).map((v) => v / 255)
    .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)); return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
  const opaque = (c) => (rgb(c)[3] ?? 1) === 1;
  const faint = [];
  for (const cand of document.querySelectorAll('#board .cand')) {
    if (!cand.textContent.trim()) continue;
    let back = null;
    for (let el = cand; el && !back; el = el.parentElement) { const c = getComputedStyle(el).backgroundColor; if (opaque(c)) back = c; }
    const [high, low] = [lum(getComputedStyle(cand).color), lum(back)].sort((a, b) => b - a);
    const ratio = (high + 0.05) / (low + 0.05);
    if (ratio < 4.5) faint.push(`${cand.className} on ${cand.closest('.cell').className}: ${ratio.toFixed(2)}`);
  }
  return [...new Set(faint)];
}"""


def axe_violations(page: Page) -> list[dict[str, Any]]:
    """axe-core's violations on the page as it stands, injected once as text from web/node_modules:
    once the service worker controls the page, a request for a file the site lacks would reach the
    server, not the test's routes."""
    still(page)
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.add_script_tag(content=AXE.read_text(encoding="utf-8"))
    found: list[dict[str, Any]] = page.evaluate("""axe.run(document, { resultTypes: ["violations"] }).then((r) =>
      r.violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target.join(" ")).slice(0, 5) })))""")
    return found


def still(page: Page) -> None:
    """Wait for the cells' colour transitions to end: computed colours are read after them."""
    page.wait_for_function("document.getAnimations().every((a) => a.playState === 'finished')")


def settle(page: Page, condition: str) -> None:
    page.wait_for_function(f"window.__pysolver.state.ready && !window.__pysolver.state.busy && ({condition})",
                           timeout=READY_TIMEOUT_MS)


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width", [1280, 375])
def test_axe_finds_no_violation(browser: Browser, site_url: str, scheme: Literal["light", "dark"],
                                width: int) -> None:
    """No violation and every candidate legible: the whole hint (a cell selected); a digit then
    Undo (the history's entry to redo); two wrong digits marked by Check, the last one the shown
    step's placement, red like the other; at 1280 px, a solution of Figure 4.9 previewed from the
    graph method (its banner)."""
    log = PageLog()
    states: dict[str, Any] = {}
    with guarded_page(browser, log) as page:
        page.set_viewport_size({"width": width, "height": 900})
        page.emulate_media(color_scheme=scheme)
        open_ready(page, f"{site_url}#p={FIGURE_4_2}")
        show_whole_hint(page)
        page.click("#board .cell[data-cell='0']")  # empty: its candidates on the selected cell
        states["hint"] = axe_violations(page), page.evaluate(FAINT_CANDIDATES)
        page.keyboard.press("9")  # r1c1's digit
        settle(page, "window.__pysolver.state.view.position === 1")
        page.click("button[data-intent=undo]")
        settle(page, "window.__pysolver.state.view.position === 0")
        assert page.locator("#step-list li.future").count() == 1
        states["undone"] = axe_violations(page), page.evaluate(FAINT_CANDIDATES)
        for position, (cell, digit) in enumerate(((0, "8"), (2, "5")), 1):  # wrong: r1c1 is 9, r1c3 is 7
            page.click(f"#board .cell[data-cell='{cell}']")
            page.keyboard.press(digit)
            settle(page, f"window.__pysolver.state.view.position === {position}")
        page.click("button[data-intent=check]")
        settle(page, "window.__pysolver.state.view.check !== null")
        still(page)
        backgrounds = page.evaluate("""() => [0, 2].map((c) => { const el = document.querySelector(`#board .cell[data-cell='${c}']`);
          return [el.classList.contains('conflict'), getComputedStyle(el).backgroundColor]; })""")
        assert backgrounds[0] == backgrounds[1] and backgrounds[0][0], backgrounds  # the last move too
        states["checked"] = axe_violations(page), page.evaluate(FAINT_CANDIDATES)
        if width == 1280:
            page.select_option("#examples", "fig49")
            settle(page, f"window.__pysolver.state.view.puzzle === {FIGURE_4_9!r}")
            page.click("#gtsps-panel > summary")
            page.click("#gtsps-panel button[data-intent=gtsps]")
            settle(page, "document.getElementById('gtsps-panel').dataset.state === 'done'")
            page.click("#gtsps-panel button[data-intent=gtsps-show][data-index='1']")
            page.wait_for_function("!document.getElementById('preview').hidden")
            states["preview"] = axe_violations(page), []
    assert states == {name: ([], []) for name in states}
