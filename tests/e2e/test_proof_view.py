"""A proof drawn part by part, with its key (proof-view.js): a forcing chain's branches each in its
own colour, and a chooser under the reason ("All | r6c5=2 | …", Python's premises) that draws one
branch alone and writes what it concludes (Python's words) and its Eureka line; a key naming the
outlines in the step's words (Python's role_labels: "set A", "set B"), each beside a swatch of the
board's own outline; on a phone in dark mode, every chooser button a tap
target and the page axe-clean.

Expectations come from ``pysolver.web.handle`` run here on the same puzzle. Screenshots are left in
test-artifacts/proof-branches-*.png and proof-key.png.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from tests.e2e.conftest import guarded_page
from tests.e2e.test_app_chains import first_step, goto
from tests.e2e.test_app_steps import open_puzzle
from tests.e2e.test_installed import TAP_TARGET_PX, axe_violations

pytestmark = pytest.mark.e2e

#: The "Needs a Cell Forcing Chain" example (Norvig's top95 no. 12): three branches, r6c5=2|4|6.
CELL_FORCING = ".6.5.1.9.1...9..539....7....4.8...7.......5.8.817.5.3.....5.2............76..8..."
#: The "Needs a House Forcing Chain" example (top95 no. 11): four branches, 7 in each cell of row 2.
HOUSE_FORCING = "6..3.2....5.....1..........7.26............543.........8.15........4.2........7.."
#: The "Needs an ALS-XZ" example (top95 no. 58).
ALS_XZ = "....5...11......7..6.....8......4.....9.1.3.....596.2..8..62..7..7......3.5.7.2.."

#: Per branch drawn, the distinct stroke colours of its links.
READ_BRANCHES = """() => {
  const seen = {};
  for (const el of document.querySelectorAll('#board svg.proof line.link[data-branch]')) {
    (seen[el.dataset.branch] ??= new Set()).add(getComputedStyle(el).stroke);
  }
  return Object.fromEntries(Object.entries(seen).map(([k, v]) => [k, [...v]]));
}"""

CHOOSER = "#step-panel .proof-branches"


def chooser(page: Page) -> list[dict[str, Any]]:
    buttons: list[dict[str, Any]] = page.evaluate(f"""() => [...document.querySelectorAll('{CHOOSER} button')].map((b) => ({{
      text: b.textContent.trim(), pressed: b.getAttribute('aria-pressed'), branch: b.dataset.branch,
      swatch: (b.querySelector('line') && getComputedStyle(b.querySelector('line')).stroke) || null }}))""")
    return buttons


def wait_branch(page: Page, branch: str) -> None:
    page.wait_for_function(f"""() => {{ const b = document.querySelector('{CHOOSER} button[data-branch="{branch}"]');
      return b && b.getAttribute('aria-pressed') === 'true'; }}""")


@pytest.mark.parametrize(("puzzle", "slug"), [(CELL_FORCING, "cell-forcing-chain"),
                                               (HOUSE_FORCING, "house-forcing-chain")], ids=["cell", "house"])
def test_a_forcing_chain_draws_each_branch_in_its_colour_and_one_at_a_time(
        page: Page, site_url: str, artifacts_dir: Path, puzzle: str, slug: str) -> None:
    position, step = first_step(puzzle, {slug})
    branches = step["proof"]["branches"]
    assert len(branches) >= 3
    open_puzzle(page, site_url, puzzle)
    goto(page, position)
    buttons = chooser(page)
    assert [b["text"] for b in buttons] == ["All", *(b["premise"] for b in branches)]
    assert [b["pressed"] for b in buttons] == ["true"] + ["false"] * len(branches)
    assert page.get_attribute(f"{CHOOSER} [role=group]", "aria-label")
    drawn = page.evaluate(READ_BRANCHES)
    assert sorted(drawn) == [str(i) for i in range(len(branches))]
    colours = [drawn[str(i)] for i in range(len(branches))]
    assert all(len(c) == 1 for c in colours) and len({c[0] for c in colours}) == len(branches)
    # each premise's button carries its branch's colour: the key to the board
    assert [b["swatch"] for b in buttons[1:]] == [c[0] for c in colours]
    # at All, the caption is the worker's words: how many branches and what they conclude, in the
    # words of each branch's own caption (no Eureka "=>" in the prose)
    (cell, digit), = step["placements"] or step["eliminations"]
    said = f"r{cell // 9 + 1}c{cell % 9 + 1} is {'' if step['placements'] else 'not '}{digit}"
    caption = page.inner_text(f"{CHOOSER} code")
    assert caption == step["proof"]["caption"] == f"{len(branches)} branches, each in its colour, together ⇒ {said}"
    assert "=>" not in caption
    page.screenshot(path=str(artifacts_dir / f"proof-branches-{slug}-all.png"))

    # each button's accessible name says what its branch concludes, in the worker's words as sent
    assert all(b["conclusion"] == said and b["choice"] == f"{b['premise']}, so {said}" for b in branches)
    for index, branch in enumerate(branches):
        name = page.get_attribute(f"{CHOOSER} button[data-branch='{index}']", "aria-label")
        assert name == f"Draw only this branch: {branch['choice']}"
        title = page.get_attribute(f"{CHOOSER} button[data-branch='{index}']", "title")
        assert title == f"Draw only this branch: {branch['line']}" and branch["line"].startswith(branch["premise"])

    page.click(f"{CHOOSER} button[data-branch='1']")
    wait_branch(page, "1")
    assert page.evaluate(READ_BRANCHES) == {"1": colours[1]}
    assert page.inner_text(f"{CHOOSER} code") == branches[1]["caption"] == (
        f"{branches[1]['premise']} ⇒ {said}\n{branches[1]['premise']}: {branches[1]['notation']}")
    assert page.get_attribute(f"{CHOOSER} button[data-branch='all']", "aria-pressed") == "false"
    page.screenshot(path=str(artifacts_dir / f"proof-branches-{slug}-one.png"))

    # from the keyboard: the next branch, then the same one again back to all of them
    page.focus(f"{CHOOSER} button[data-branch='2']")
    page.keyboard.press("Enter")
    wait_branch(page, "2")
    assert page.evaluate(READ_BRANCHES) == {"2": colours[2]}
    assert page.evaluate("document.activeElement.dataset.branch") == "2"
    page.keyboard.press("Space")
    wait_branch(page, "all")
    assert sorted(page.evaluate(READ_BRANCHES)) == [str(i) for i in range(len(branches))]
    page.click(f"{CHOOSER} button[data-branch='0']")
    wait_branch(page, "0")
    page.click(f"{CHOOSER} button[data-branch='all']")
    wait_branch(page, "all")

    # another step shows all of its own branches again, or no chooser when it has none
    page.click(f"#step-list button[data-position='{position - 1}']")
    page.wait_for_function(f"document.querySelector('{CHOOSER}') === null")


def test_the_outlines_have_a_key_in_the_steps_words(page: Page, site_url: str, artifacts_dir: Path) -> None:
    position, step = first_step(ALS_XZ, {"als-xz"})
    roles = step["proof"]["roles"]
    open_puzzle(page, site_url, ALS_XZ)
    goto(page, position)
    key = page.evaluate("""() => [...document.querySelectorAll('#step-panel ul.proof-key li')].map((li) => {
      const swatch = getComputedStyle(li.querySelector('rect'));
      const cell = document.querySelector(`#board svg.proof rect[data-role="${li.dataset.role}"]`);
      return { role: li.dataset.role, text: li.textContent.trim(), hidden: li.hidden,
        swatch: swatch.stroke, dash: swatch.strokeDasharray,
        board: cell && getComputedStyle(cell).stroke, boardDash: cell && getComputedStyle(cell).strokeDasharray };
    })""")
    assert [k["role"] for k in key] == list(roles)
    shown = [k for k in key if not k["hidden"]]
    assert {"als-a", "als-b"} <= {k["role"] for k in shown}
    labels = step["proof"]["role_labels"]
    assert (labels["als-a"], labels["als-b"]) == ("set A", "set B") and "sets A and B" in step["text"]
    for entry in shown:
        assert entry["text"] == labels[entry["role"]]  # the step's words, not the role's key
        assert entry["swatch"] == entry["board"] not in (None, "none")
        assert (entry["dash"] == "none") == (entry["boardDash"] == "none")
    assert len({k["swatch"] for k in shown if k["role"] in ("als-a", "als-b")}) == 2
    for entry in key:
        if entry["hidden"]:  # a role the board outlines in no colour has nothing to name
            assert entry["board"] in (None, "none")
    assert page.get_attribute("#step-panel ul.proof-key", "aria-label")
    page.locator("#board").screenshot(path=str(artifacts_dir / "proof-key-board.png"))
    page.locator("#step-panel").screenshot(path=str(artifacts_dir / "proof-key.png"))


def test_the_branch_chooser_on_a_phone_in_dark_mode(browser: Browser, site_url: str, artifacts_dir: Path) -> None:
    position, _ = first_step(CELL_FORCING, {"cell-forcing-chain"})
    with guarded_page(browser) as page:
        page.set_viewport_size({"width": 390, "height": 844})
        page.emulate_media(color_scheme="dark")
        open_puzzle(page, site_url, CELL_FORCING)
        goto(page, position)
        page.click(f"{CHOOSER} button[data-branch='1']")
        wait_branch(page, "1")
        sizes = page.evaluate(f"""() => [...document.querySelectorAll('{CHOOSER} button')].map((b) => {{
          const r = b.getBoundingClientRect(); return [r.width, r.height, r.right]; }})""")
        assert all(w >= TAP_TARGET_PX - 0.5 and h >= TAP_TARGET_PX - 0.5 and right <= 390 for w, h, right in sizes)
        page.locator(CHOOSER).scroll_into_view_if_needed()
        page.screenshot(path=str(artifacts_dir / "proof-branches-phone-dark.png"))
        assert axe_violations(page) == []


#: Each candidate the board marks as the step's pattern, as "cell:digit".
READ_PATTERN = """() => [...document.querySelectorAll('#board .cell[data-cell] .cand.pattern')].map(
  (el) => `${el.closest('.cell').dataset.cell}:${el.dataset.digit}`).sort()"""


def test_a_branch_drawn_alone_marks_only_its_own_candidates(page: Page, site_url: str) -> None:
    """Chosen alone, a branch's candidates are the step's only green ones: the other branches'
    (drawn without their rings and links then) are not left standing out as unringed squares. The
    branch's candidates are its nodes', as Python drew them."""
    position, step = first_step(CELL_FORCING, {"cell-forcing-chain"})
    open_puzzle(page, site_url, CELL_FORCING)
    goto(page, position)
    whole = sorted(f"{cell}:{digit}" for cell, digit in step["pattern"])
    assert page.evaluate(READ_PATTERN) == whole
    for index, branch in enumerate(step["proof"]["branches"]):
        page.click(f"{CHOOSER} button[data-branch='{index}']")
        wait_branch(page, str(index))
        own = {f"{cell}:{node['digit']}" for node in branch["nodes"] for cell in node["cells"]}
        drawn = page.evaluate(READ_PATTERN)
        assert drawn == sorted(set(whole) & own), (branch["premise"], drawn)
        assert len(drawn) < len(whole)
    page.click(f"{CHOOSER} button[data-branch='all']")
    wait_branch(page, "all")
    assert page.evaluate(READ_PATTERN) == whole
