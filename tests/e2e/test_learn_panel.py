"""The Learn panel: Dr. Dobb's examples, live. Toggling a candidate asks the solver again, and the
stated exclusion, the graph and its stages change to what Python says for the edited house.
A screenshot of each lesson is left in test-artifacts/learn-*.png."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page

from pysolver.learn import lesson
from tests.e2e.test_app import IDLE, wait_for

pytestmark = pytest.mark.e2e

PANEL = "#learn-panel"
CHAIN = [[1, 2, 3, 7], [3, 6], [3, 4], [1, 4], [5, 6, 7], [4, 6], [2, 7], [8, 9], [8, 9]]


def verdict(page: Page) -> str:
    return page.inner_text(f"{PANEL} .learn-verdict")


def wait_verdict(page: Page, text: str) -> None:
    wait_for(page, f"(t) => {IDLE} && document.querySelector('{PANEL} .learn-verdict').textContent === t", text)


def open_lesson(page: Page, title: str) -> None:
    page.locator(f"{PANEL} .learn-tabs button", has_text=title).click()


def test_toggling_a_candidate_changes_the_stated_exclusion(app: Page, artifacts_dir: Path) -> None:
    page = app
    page.click(f"{PANEL} summary")
    wait_verdict(page, lesson("house", [[1, 2, 3, 5], [2, 3], [2, 3, 4], [3, 4], [4, 5]])["verdict"])
    page.screenshot(path=str(artifacts_dir / "learn-graph.png"), full_page=False)

    open_lesson(page, "Chain exclusion")
    before = lesson("house", CHAIN)
    wait_verdict(page, before["verdict"])
    assert before["verdict"].startswith("Chain: cell 2, cell 3 and cell 6 hold only {3,4,6}")
    assert page.locator(f"{PANEL} .learn-also li").all_inner_texts() == before["also"]
    svg = f"{PANEL} .learn-graph svg.bipartite"
    assert page.get_attribute(svg, "data-kind") == "chain"
    pattern = page.locator(f"{svg} g.node.pattern[data-side='left']").evaluate_all(
        "(els) => els.map((el) => Number(el.dataset.index))")
    assert pattern == before["graph"]["pattern"]["left"] == [1, 2, 5]
    page.locator(f"{PANEL} .learn-graph .stage-buttons button", has_text="Paths").click()
    assert page.inner_text(f"{PANEL} .learn-graph .stage-text") == before["graph"]["stages"][2]["text"]
    page.locator(f"{PANEL} .learn-body").screenshot(path=str(artifacts_dir / "learn-chain.png"))

    toggle = f"{PANEL} button[data-intent='learn-toggle'][data-row='5'][data-value='7']"
    assert page.get_attribute(toggle, "aria-pressed") == "false"
    page.click(toggle)
    edited = [list(c) for c in CHAIN]
    edited[5] = [4, 6, 7]
    after = lesson("house", edited)
    wait_verdict(page, after["verdict"])
    assert after["verdict"] != before["verdict"] and "cell 2, cell 3 and cell 6" not in after["verdict"]
    assert page.get_attribute(toggle, "aria-pressed") == "true"
    assert page.evaluate("() => document.activeElement.dataset.value") == "7"
    drawn = page.locator(f"{svg} line.edge").evaluate_all("(els) => els.map((el) => el.dataset.edge).sort()")
    assert drawn == sorted(f"{i}-{j}" for i, j in after["graph"]["edges"])

    page.click(toggle)  # back as the article prints it
    wait_verdict(page, before["verdict"])


def test_hall_and_fish_lessons_are_the_solvers_word(app: Page, artifacts_dir: Path) -> None:
    page = app
    page.click(f"{PANEL} summary")
    open_lesson(page, "Hall's condition")
    hall = lesson("house", [[1, 2, 3, 5], [2, 3], [2, 3], [2, 3], [4, 5]])
    wait_verdict(page, hall["verdict"])
    assert page.get_attribute(f"{PANEL} .learn-verdict", "data-solvable") == "false"
    page.click(f"{PANEL} button[data-intent='learn-toggle'][data-row='2'][data-value='4']")
    wait_verdict(page, lesson("house", [[1, 2, 3, 5], [2, 3], [2, 3, 4], [2, 3], [4, 5]])["verdict"])
    assert page.get_attribute(f"{PANEL} .learn-verdict", "data-solvable") == "true"

    open_lesson(page, "Fish")
    fish = lesson("digit", [[3, 7], [1, 3, 5, 7], [2, 4], [3, 7], [1, 2, 4, 5], [2, 5, 6, 8, 9], [6, 8],
                            [6, 9], [8, 9]], 5)
    wait_verdict(page, fish["verdict"])
    assert "r2c3 and r2c7" in fish["verdict"]
    page.locator(f"{PANEL} .learn-body").screenshot(path=str(artifacts_dir / "learn-fish.png"))
