"""A nested forcing net drawn so it can be read: the main branch alone first, each net nested in it
one dotted link, and a nested net drawn on demand from its button under "why?" (by keyboard).

The puzzle is the page's example that needs a nested forcing net (web/js/examples.js): its first
step is one. Expectations come from ``pysolver.web.handle`` run here on the same puzzle (helpers in
test_app.py). Screenshots are left in test-artifacts/nested-net-main.png and nested-net-open.png.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

from tests.e2e.test_app import STATE, py, wait_for, wait_position
from tests.e2e.test_app_chains import READ_OVERLAY, expected
from tests.e2e.test_app_steps import open_puzzle
from tests.helpers import NESTED_NET_EXAMPLE as EXAMPLE

pytestmark = pytest.mark.e2e


READ_NETS = """() => {
  const svg = document.querySelector('#board svg.proof');
  const all = (sel) => svg ? [...svg.querySelectorAll(sel)] : [];
  return {
    nodes: all('circle.node[data-branch]').length,
    netNodes: [...new Set(all('circle.node[data-net]').map((el) => el.dataset.net))],
    netMarks: all('circle.node[data-net]').map((el) => `${el.dataset.cell}:${el.dataset.digit}`).sort(),
    nested: all('line[data-kind="nested"]').map((el) => el.dataset.net),
    buttons: [...document.querySelectorAll('#step-panel details.why .nets button[data-intent="proof-net"]')]
      .map((el) => ({ net: el.dataset.net, pressed: el.getAttribute('aria-pressed'), label: el.textContent })),
  };
}"""


def first_step() -> dict[str, Any]:
    py("load", puzzle=EXAMPLE)
    step: dict[str, Any] = py("step")["view"]["steps"][0]
    assert step["technique"] == "nested-forcing-net"
    return step


def test_a_nested_net_is_drawn_main_branch_first_and_opens_a_nested_net(
        page: Page, site_url: str, artifacts_dir: Path) -> None:
    step = first_step()
    proof = step["proof"]
    open_puzzle(page, site_url, EXAMPLE)
    page.click(".controls button[data-intent='step']")
    wait_for(page, f"{STATE}.ready && !{STATE}.busy && {STATE}.view.position === 1", timeout=180_000)
    wait_position(page, 1)

    # The main branch only: a small drawing, each nested net one dotted link to what it proves.
    drawn = page.evaluate(READ_NETS)
    # A ring per cell: a group node (a pointing removal's box-line cells) is ringed in each cell.
    main = sum(len(node["cells"]) for branch in proof["branches"] for node in branch["nodes"])
    whole = main + sum(len(node["cells"]) for net in proof["nets"] for node in net["nodes"])
    assert drawn["nodes"] == main <= 60 and whole > 4 * main
    assert drawn["netNodes"] == [] and drawn["nested"]
    assert sorted(set(drawn["nested"])) == sorted(str(i) for i in range(len(proof["nets"])))
    links = page.evaluate(READ_OVERLAY)["links"]
    want = [link for branch in proof["branches"]
            for link in expected(branch["nodes"], branch["links"])["links"]]
    assert [{k: v for k, v in link.items() if k != "dash"} for link in links] == want
    page.screenshot(path=str(artifacts_dir / "nested-net-main.png"))

    # Under "why?": one button per nested net; the keyboard opens one, and the board draws it alone.
    page.click("#step-panel details.why summary")
    buttons = page.evaluate(READ_NETS)["buttons"]
    assert [b["label"] for b in buttons] == [net["summary"] for net in proof["nets"]]
    assert {b["pressed"] for b in buttons} == {"false"}
    pick = max(range(len(proof["nets"])), key=lambda i: len(proof["nets"][i]["nodes"]))
    button = page.locator(f'#step-panel details.why .nets button[data-net="{pick}"]')
    button.focus()
    page.keyboard.press("Enter")
    wait_for(page, f"{STATE}.proofNet === {pick}")
    opened = page.evaluate(READ_NETS)
    net = proof["nets"][pick]
    assert opened["nodes"] == 0 and opened["netNodes"] == [str(pick)]
    assert opened["netMarks"] == sorted(f"{c}:{n['digit']}" for n in net["nodes"] for c in n["cells"])
    assert [b["pressed"] for b in opened["buttons"]] == [str(i == pick).lower() for i in range(len(buttons))]
    sub_links = page.evaluate(READ_OVERLAY)["links"]
    assert [{k: v for k, v in link.items() if k != "dash"} for link in sub_links] == \
        expected(net["nodes"], net["links"])["links"]
    page.screenshot(path=str(artifacts_dir / "nested-net-open.png"))

    # The same button again: back to the main branch.
    page.keyboard.press("Enter")
    wait_for(page, f"{STATE}.proofNet === null")
    assert page.evaluate(READ_NETS)["nodes"] == main
