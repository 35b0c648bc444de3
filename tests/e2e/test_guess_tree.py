"""The guess tree in the history: entries under a guess indented by their depth, the branch a
Backtrack abandons greyed with the contradiction that ended it, and Backtrack's effect named — all
as Python's `branches` say; at the contradiction, the graph without a perfect matching is drawn with
the set that breaks Hall's condition in red. Screenshots: test-artifacts/guess-tree.png and
contradiction-graph.png."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

from tests.e2e.test_app import click, py, wait_position
from tests.e2e.test_app_steps import guess_until_contradiction

pytestmark = pytest.mark.e2e

READ_LIST = """() => [...document.querySelectorAll('#step-list li')].slice(1).map((li) => ({
  depth: Number(li.dataset.depth), abandoned: li.classList.contains('abandoned'),
  indent: parseFloat(getComputedStyle(li).marginLeft),
  end: li.querySelector('.branch-end') ? li.querySelector('.branch-end').textContent : null,
  effect: li.querySelector('.effect').textContent }))"""


def assert_violation_drawn(page: Page, violation: dict[str, Any]) -> None:
    """The graph panel draws Python's Hall violation: its title, the violating set in red."""
    svg = "#graph svg.bipartite.violation"
    assert page.text_content(f"{svg} text.title") == violation["title"]
    for side in ("left", "right"):
        drawn = page.locator(f"{svg} g.node.pattern[data-side='{side}']").evaluate_all(
            "(els) => els.map((el) => Number(el.dataset.index))")
        assert drawn == violation["pattern"][side]


def test_a_guess_and_a_backtrack_show_as_a_branch(page: Page, site_url: str, artifacts_dir: Path) -> None:
    expected = guess_until_contradiction(page, site_url)
    shown = page.evaluate(READ_LIST)
    assert [row["depth"] for row in shown] == [b["depth"] for b in expected["branches"]]
    assert max(row["depth"] for row in shown) >= 1
    assert not any(row["abandoned"] for row in shown)
    house = expected["status"]["house"]
    if house is not None:
        assert page.locator(f"#board .outline.conflict[data-house='{house}']").count() == 1
    violation = expected["status"]["graph"]
    assert violation is not None, "this contradiction is a Hall violation: its graph is drawn"
    assert_violation_drawn(page, violation)
    page.locator("#graph").screenshot(path=str(artifacts_dir / "contradiction-graph.png"))

    expected = py("backtrack")["view"]
    click(page, "backtrack")
    wait_position(page, expected["position"])
    steps = expected["steps"]
    backtrack = steps[-1]
    ended = expected["branches"][-1]
    guess = ended["guess"]
    assert steps[guess]["technique"] == "guess"
    shown = page.evaluate(READ_LIST)
    assert [row["abandoned"] for row in shown] == [guess <= k < len(steps) - 1 for k in range(len(steps))]
    assert [row["depth"] for row in shown] == [b["depth"] for b in expected["branches"]]
    assert shown[guess + 1]["indent"] > shown[guess]["indent"]
    assert shown[-1]["depth"] == shown[guess]["depth"]
    assert shown[-1]["end"] == f"Branch abandoned: {ended['ended']['message']}."
    [(cell, digit)] = backtrack["eliminations"]
    name = f"r{cell // 9 + 1}c{cell % 9 + 1}"
    assert shown[-1]["effect"] == backtrack["effect"] == f"guess {name} = {digit} abandoned; −{digit} {name}"
    abandoned = page.locator("#step-list li.abandoned .name").first
    assert abandoned.evaluate("(el) => getComputedStyle(el).color") == "rgb(93, 102, 121)"  # muted ink
    page.emulate_media(color_scheme="dark")  # the muted ink of the dark scheme, on its card
    assert abandoned.evaluate("(el) => getComputedStyle(el).color") == "rgb(163, 173, 194)"
    page.emulate_media(color_scheme="light")
    page.locator("#step-list").screenshot(path=str(artifacts_dir / "guess-tree.png"))
