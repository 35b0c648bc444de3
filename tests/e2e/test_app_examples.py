"""The example menu (web/js/examples.js) holds what its labels promise: each puzzle's logic solve, by
the same ``pysolver.web.handle`` the worker runs, uses the technique the example is there to show,
as its hardest step ("Needs …") or at the step its label names ("… at step N"); a label that cites
a public set ("top95 no. 13") names the line of tests/data the puzzle is on; each entry's
``technique`` is the registry's slug of that step (the page finds the example of a technique by it)
and its family that technique's family; and every technique of the registry that a logic solve can
use has an example, but the few listed in ``ALLOWED_MISSING`` with the reason.

No browser for those: Node reads the module (it is plain data) and Python checks each puzzle. One
browser test checks that the page's menu shows the examples grouped and loads one from a group.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

from pysolver.techniques.registry import BY_SLUG, TECHNIQUES
from pysolver.web import handle
from tests.helpers import DATA, FIGURE_4_2, FIGURE_4_9

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES_JS = ROOT / "web" / "js" / "examples.js"
READ_EXAMPLES = """
const source = require("fs").readFileSync(process.argv[1], "utf8");
import("data:text/javascript," + encodeURIComponent(source))
  .then((module) => console.log(JSON.stringify(module.EXAMPLES)));
"""
#: Techniques of the registry without an example, and why. The nice loops are found after the AIC
#: of the same weight (and the grouped ones after the grouped AIC), which already draws every
#: conclusion a loop within ``chains.MAX_DEPTH`` links gives (a loop that removes X, or places T,
#: is an AIC from X, or from T's neighbours, two links longer): a loop fires only where the AIC
#: would need more links than it searches, and no puzzle of the public sets in tests/data does.
#: The digit forcing chain is tried after the cell and house forcing chains, whose branches from a
#: candidate's cell already imply nearly all it concludes from both ways of that candidate; its
#: contradictions are its own, and at every stall of the logic scanned (the first four of each
#: puzzle of top95 and top1465, the first of the forum's hardest 2011 nos. 1-100) a cell or house
#: forcing chain, or else a net, came first. Whole logic solves (every stall, to the solution) of
#: all of top95, top1465 nos. 1-512, the forum's hardest 2011 nos. 101-221 and the first 91 lines
#: of the forum's hardest 11+ sample (819 puzzles) take none of these five either.
ALLOWED_MISSING = {"nice-loop", "continuous-nice-loop", "grouped-nice-loop",
                   "grouped-continuous-nice-loop", "digit-forcing-chain"}
#: The public sets a label may cite, as "(NAME no. LINE)": the file in tests/data and its
#: sampling step (LINE is the line of the whole set; the sample keeps lines 1, 1+K, 1+2K, …).
SOURCES = {"top95": ("norvig_top95.txt", 1),
           "top1465": ("tdoku_puzzles3_magictour_top1465.txt", 1),
           "tdoku unbiased": ("tdoku_puzzles1_unbiased_first1000.txt", 1),
           "17-clue list": ("tdoku_puzzles2_17_clue_every33.txt", 33),
           "Kaggle 3M extract": ("kaggle_radcliffe3m_sample_every7.txt", 7),
           "forum's hardest 2011": ("tdoku_puzzles6_forum_hardest_1106.txt", 1)}
CITATION = re.compile(r"\((?P<name>[^()]+?) no\. (?P<line>\d+)\)")
AT_STEP = re.compile(r" at step (?P<step>\d+)\b")


def read_examples() -> list[dict[str, str]]:
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is needed to read web/js/examples.js (scripts/test.sh installs it)")
    out = subprocess.run([node, "-e", READ_EXAMPLES, str(EXAMPLES_JS)], check=True, capture_output=True,
                         text=True).stdout
    examples: list[dict[str, str]] = json.loads(out)
    return examples


EXAMPLES = read_examples()


def ask(cmd: str, **args: Any) -> dict[str, Any]:
    reply: dict[str, Any] = json.loads(handle(json.dumps({"cmd": cmd, **args})))
    assert reply["ok"], reply
    return reply


@cache
def logic(puzzle: str) -> tuple[list[dict[str, Any]], str, bool]:
    """The steps of the page's logic solve of ``puzzle``, its status, and whether the puzzle has
    one solution (the page's classification, counted when it loads)."""
    load = ask("load", puzzle=puzzle)["view"]
    view = ask("solve_logic")["view"]
    return view["steps"], view["status"]["status"], load["classification"]["kind"] == "unique"


def hardest(steps: list[dict[str, Any]]) -> str:
    """The name of the hardest of ``steps`` as a rating names it (``grading.Rating.hardest``: the
    highest level, then weight; of a tie the first name in order). For a logic solve that ends
    solved these are the rating's steps, so no second solve (``rate``) is needed."""
    grades = {step["name"]: BY_SLUG[step["technique"]].grade(step["size"]) for step in steps}
    top = max(grades.values())
    name: str = min(name for name, grade in grades.items() if grade == top)
    return name


def shown_slug(example: dict[str, str]) -> str:
    """The registry slug of the step the example is there to show."""
    steps = logic(example["puzzle"])[0]
    slug: str = next(step["technique"] for step in steps if step["name"] == example["shows"])
    return slug


def test_menu_has_the_seed_puzzles_and_every_size() -> None:
    puzzles = [e["puzzle"] for e in EXAMPLES]
    assert puzzles[:2] == [FIGURE_4_2, FIGURE_4_9]
    assert {round(len(p) ** 0.5) for p in puzzles} == {4, 6, 9, 12, 16}
    assert len({e["id"] for e in EXAMPLES}) == len(EXAMPLES)
    assert len(set(puzzles)) == len(puzzles)


def test_every_technique_a_logic_solve_can_use_has_an_example() -> None:
    """By the examples' ``technique``, which test_example_logic_log_shows_its_technique checks
    against the solver."""
    shown = {example["technique"] for example in EXAMPLES}
    registry = {record.slug for record in TECHNIQUES}
    assert registry - ALLOWED_MISSING <= shown
    assert not ALLOWED_MISSING & shown, "an example now shows it: drop it from ALLOWED_MISSING"
    assert ALLOWED_MISSING <= registry


def test_menu_groups_follow_the_tutors_order() -> None:
    """The thesis's figures first, the other sizes last, the technique examples between by family
    (each under one heading), the families in the order of their first technique in the registry
    and the techniques of each in the registry's order."""
    groups = [e.get("group") for e in EXAMPLES]
    sizes = groups.count("sizes")
    assert groups[:2] == ["thesis", "thesis"] and set(groups[-sizes:]) == {"sizes"}
    assert set(groups[2:-sizes]) == {None}
    order = [record.slug for record in TECHNIQUES]
    family_place: dict[str, int] = {}
    for place, record in enumerate(TECHNIQUES):
        family_place.setdefault(record.family, place)
    places = [(family_place[example["family"]], order.index(example["technique"]))
              for example in EXAMPLES[2:-sizes]]
    assert places == sorted(places)


def test_hardest_names_the_step_the_rating_names() -> None:
    """``hardest`` stands in for ``rate``'s hardest technique: checked on two cheap examples whose
    hardest grade is shared by two steps (Claiming and Pointing, Jellyfish and XY-Wing)."""
    for example in EXAMPLES:
        if example["id"] in ("claiming", "jellyfish"):
            steps = logic(example["puzzle"])[0]
            assert hardest(steps) == ask("rate", puzzle=example["puzzle"])["hardest"] == example["shows"]


@pytest.mark.parametrize("example", EXAMPLES, ids=[e["id"] for e in EXAMPLES])
def test_example_logic_log_shows_its_technique(example: dict[str, str]) -> None:
    steps, status, unique = logic(example["puzzle"])
    names = [step["name"] for step in steps]
    assert example["shows"] in names
    assert example["technique"] == shown_slug(example)
    assert example["family"] == BY_SLUG[example["technique"]].family
    label = example["label"].lower()
    at_step = AT_STEP.search(example["label"])
    if label.startswith("needs"):
        assert example["shows"].lower() in label
        assert unique and status == "solved" and hardest(steps) == example["shows"]
    elif at_step:
        assert label.startswith(example["shows"].lower())
        assert names[int(at_step["step"]) - 1] == example["shows"]
    elif unique and (status != "solved" or example["shows"] != hardest(steps)):
        assert example["shows"].lower() in label  # shown on the way, not the hardest: the label says so
    cited = CITATION.search(example["label"])
    if cited and cited["name"] in SOURCES:
        name, every = SOURCES[cited["name"]]
        line = int(cited["line"])
        assert (line - 1) % every == 0, f"line {line} of the whole set is not in the sample {name}"
        sample = (DATA / name).read_text().split()
        assert sample[(line - 1) // every] == example["puzzle"]


@pytest.mark.e2e
def test_page_menu_groups_the_examples_and_loads_one_from_a_group(app: Page) -> None:
    """The <select> shows one <optgroup> per group, in the data's order; choosing an example in a
    technique family's group loads its puzzle."""
    groups = app.evaluate("""() => [...document.querySelectorAll('#examples optgroup')].map((g) => ({
      label: g.label, ids: [...g.querySelectorAll('option')].map((o) => o.value) }))""")
    assert [id for group in groups for id in group["ids"]] == [e["id"] for e in EXAMPLES]
    assert groups[0]["label"] == "The thesis's figures" and groups[-1]["label"] == "Other sizes"
    assert "Chains" in [group["label"] for group in groups]
    example = next(e for e in EXAMPLES if e["family"] == "almost locked sets" and "group" not in e)
    app.select_option("#examples", example["id"])
    state = "window.__pysolver.state"
    app.wait_for_function(f"{state}.ready && !{state}.busy && {state}.view && "
                          f"{state}.view.puzzle === {json.dumps(example['puzzle'])}", timeout=60_000)
    assert app.locator("#examples").input_value() == ""
