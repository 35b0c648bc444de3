"""A chain step drawn on the board exactly as Python's proof says: one SVG path per link, solid for
strong and dashed for weak, between the right candidates; on and off candidates ringed in two
colours, eliminations in red (proof-view.js); the Eureka notation under "why?". A forcing chain
draws every branch.

Expectations come from ``pysolver.web.handle`` run here on the same puzzle (helpers in test_app.py).
A screenshot is left in test-artifacts/aic.png.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

from tests.e2e.test_app import IDLE, STATE, py, wait_for, wait_position
from tests.e2e.test_app_steps import open_puzzle

pytestmark = pytest.mark.e2e

#: Norvig's top95, line 10: its logic solve takes AICs.
AIC_PUZZLE = ".923.........8.1...........1.7.4...........658.........6.5.2...4.....7.....9....."
#: magictour's top1465, line 23: step 24 of its logic solve is a doubly linked ALS-XZ that removes
#: three digits (4 and 6 for each set being locked, 5 for a restricted common lying in one of them).
DOUBLY_LINKED_PUZZLE = "....4...1.3.6.....8........1.9..5.........87....2......7....26.5...94.........3.."
#: Norvig's top95, line 7: it needs a forcing chain or net.
FORCING_PUZZLE = "6.2.5.........3.4..........43...8....1....2........7..5..27...........81...6....."

READ_OVERLAY = """() => {
  const svg = document.querySelector('#board svg.proof');
  if (!svg) return null;
  const all = (sel) => [...svg.querySelectorAll(sel)];
  return {
    links: all('line.link').map((el) => ({ kind: el.dataset.kind,
      from: el.dataset.from, to: el.dataset.to, dash: getComputedStyle(el).strokeDasharray })),
    on: all('circle.node.on').map((el) => `${el.dataset.cell}:${el.dataset.digit}`).sort(),
    off: all('circle.node.off').map((el) => `${el.dataset.cell}:${el.dataset.digit}`).sort(),
    elim: all('circle.node.elim').map((el) => `${el.dataset.cell}:${el.dataset.digit}`).sort(),
    branches: new Set(all('[data-branch]').map((el) => el.dataset.branch)).size,
  };
}"""


def node_key(node: dict[str, Any]) -> str:
    return f"{','.join(map(str, node['cells']))}:{node['digit']}"


def expected(nodes: list[dict[str, Any]], links: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "links": [{"kind": link["kind"], "from": node_key(nodes[link["from"]]),
                   "to": node_key(nodes[link["to"]])} for link in links],
        "on": sorted(f"{c}:{n['digit']}" for n in nodes if n.get("on", True) for c in n["cells"]),
        "off": sorted(f"{c}:{n['digit']}" for n in nodes if n.get("on") is False for c in n["cells"]),
    }


def logic_steps(puzzle: str) -> list[dict[str, Any]]:
    """Python's log of the logic solve of `puzzle`."""
    py("load", puzzle=puzzle)
    steps: list[dict[str, Any]] = py("solve_logic")["view"]["steps"]
    return steps


def shown_step(position: int) -> dict[str, Any]:
    """Step `position` of the log just made, as the board shows it: the history sends its proof
    only for the step the board shows."""
    step: dict[str, Any] = py("goto", position=position)["view"]["steps"][position - 1]
    return step


def first_step(puzzle: str, slugs: set[str]) -> tuple[int, dict[str, Any]]:
    steps = logic_steps(puzzle)
    index = next(i for i, step in enumerate(steps) if step["technique"] in slugs)
    return index + 1, shown_step(index + 1)


def goto(page: Page, position: int) -> None:
    page.click(".controls button[data-intent='solve_logic']")
    wait_for(page, f"{IDLE} && {STATE}.view && {STATE}.view.status.status === 'solved'", timeout=120_000)
    page.click(f"#step-list button[data-position='{position}']")
    wait_position(page, position)


def drawn_at(page: Page, site_url: str, puzzle: str, position: int, proof: dict[str, Any]) -> dict[str, Any]:
    """The overlay the page draws at step ``position`` of ``puzzle``, checked to be ``proof``'s own:
    the same links between the same candidates, ringed on and off alike."""
    open_puzzle(page, site_url, puzzle)
    goto(page, position)
    drawn: dict[str, Any] = page.evaluate(READ_OVERLAY)
    want = expected(proof["nodes"], proof["links"])
    assert [{k: v for k, v in link.items() if k != "dash"} for link in drawn["links"]] == want["links"]
    assert drawn["on"] == want["on"] and drawn["off"] == want["off"]
    return drawn


def test_an_aic_is_drawn_on_its_candidates(page: Page, site_url: str, artifacts_dir: Path) -> None:
    position, step = first_step(AIC_PUZZLE, {"aic"})
    proof = step["proof"]
    drawn = drawn_at(page, site_url, AIC_PUZZLE, position, proof)
    assert {link["kind"] for link in drawn["links"]} == {"strong", "weak"}
    for link in drawn["links"]:
        assert (link["dash"] == "none") == (link["kind"] == "strong")
    assert drawn["elim"] == sorted(f"{c}:{d}" for c, d in step["eliminations"])
    page.click("#step-panel details.why summary")
    assert page.inner_text("#step-panel details.why code") == proof["notation"]
    page.screenshot(path=str(artifacts_dir / "aic.png"))
    page.click(f"#step-list button[data-position='{position - 1}']")
    wait_position(page, position - 1)
    logic_steps(AIC_PUZZLE)
    previous = shown_step(position - 1)
    if not previous["proof"]:
        assert page.evaluate(READ_OVERLAY) is None


def test_a_doubly_linked_als_xz_draws_a_chain_for_every_digit_it_removes(page: Page, site_url: str) -> None:
    """Each digit removed is ringed off where its chain starts and on where it ends (the set, or the
    other set, that holds it), with the links between, as Python's proof says; "why?" writes one
    chain per reason. The page drew only the first digit's chain before."""
    position = 24
    logic_steps(DOUBLY_LINKED_PUZZLE)
    step = shown_step(position)
    assert step["name"] == "ALS-XZ (doubly linked)"
    proof = step["proof"]
    drawn = drawn_at(page, site_url, DOUBLY_LINKED_PUZZLE, position, proof)
    removed = {d for _, d in step["eliminations"]}
    assert removed == {4, 5, 6}
    for ringed in (drawn["on"], drawn["off"]):
        assert removed <= {int(key.split(":")[1]) for key in ringed}
    page.click("#step-panel details.why summary")
    written = page.inner_text("#step-panel details.why code")
    assert written == proof["notation"] and len(written.split("; ")) == 4
    concluded = {int(d) for chain in written.split("; ") for d in re.findall(r"<>(\d)", chain)}
    assert concluded == removed


def test_a_forcing_chain_draws_every_branch(page: Page, site_url: str) -> None:
    slugs = {"cell-forcing-chain", "house-forcing-chain", "digit-forcing-chain", "forcing-net"}
    position, step = first_step(FORCING_PUZZLE, slugs)
    branches = step["proof"]["branches"]
    open_puzzle(page, site_url, FORCING_PUZZLE)
    goto(page, position)
    drawn = page.evaluate(READ_OVERLAY)
    assert drawn["branches"] == len(branches) >= 1
    want_links = [link for branch in branches
                  for link in expected(branch["nodes"], branch["links"])["links"]]
    assert [{k: v for k, v in link.items() if k != "dash"} for link in drawn["links"]] == want_links
    page.click("#step-panel details.why summary")
    lines = page.locator("#step-panel details.why code").all_inner_texts()
    assert lines[:len(branches)] == [f"{b['premise']}: {b['notation']}" for b in branches]
