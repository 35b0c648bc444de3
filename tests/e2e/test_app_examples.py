"""The example menu (web/js/examples.js) holds what its labels promise: each puzzle's logic solve, by
the same ``pysolver.web.handle`` the worker runs, uses the technique the example is there to show,
as its hardest step ("Needs …") or at the step its label names ("… at step N"); a label that cites
a public set ("top95 no. 13") names the line of tests/data the puzzle is on; each entry's
``technique`` is the registry's slug of that step (the page finds the example of a technique by it)
and its family that technique's family; and every technique of the registry has an example. An
example that names techniques ``without`` is checked with them switched off, as the page sends its
requests when it opens the example (``techniques``: the slugs switched on), and its label names
them: the nice loops and the digit forcing chain are tried after techniques (the AICs, the cell and
house forcing chains) that find a step first on every public puzzle of tests/data.

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
import(require("url").pathToFileURL(process.argv[1]).href)
  .then((module) => console.log(JSON.stringify(module.EXAMPLES)));
"""
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


def read_examples() -> list[dict[str, Any]]:
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is needed to read web/js/examples.js (scripts/test.sh installs it)")
    out = subprocess.run([node, "-e", READ_EXAMPLES, str(EXAMPLES_JS)], check=True, capture_output=True,
                         text=True).stdout
    examples: list[dict[str, Any]] = json.loads(out)
    return examples


EXAMPLES = read_examples()


def ask(cmd: str, **args: Any) -> dict[str, Any]:
    reply: dict[str, Any] = json.loads(handle(json.dumps({"cmd": cmd, **args})))
    assert reply["ok"], reply
    return reply


def switched_on(without: tuple[str, ...] = ()) -> list[str]:
    """The ``techniques`` a page's request carries: the registry's slugs but those ``without``."""
    return [record.slug for record in TECHNIQUES if record.slug not in without]


@cache
def logic(puzzle: str, without: tuple[str, ...] = ()) -> tuple[list[dict[str, Any]], str, bool]:
    """The steps of the page's logic solve of ``puzzle`` with the techniques ``without`` switched
    off, its status, and whether the puzzle has one solution (the page's classification, counted
    when it loads)."""
    on = switched_on(without)
    load = ask("load", puzzle=puzzle, techniques=on)["view"]
    view = ask("solve_logic", techniques=on)["view"]
    assert sorted(view["disabled"]) == sorted(without)
    return view["steps"], view["status"]["status"], load["classification"]["kind"] == "unique"


def logic_of(example: dict[str, Any]) -> tuple[list[dict[str, Any]], str, bool]:
    """The logic solve the page shows when it opens ``example``: with its switches off."""
    return logic(example["puzzle"], tuple(example.get("without", ())))


def hardest(steps: list[dict[str, Any]]) -> str:
    """The name of the hardest of ``steps`` as a rating names it (``grading.Rating.hardest``: the
    highest level, then weight; of a tie the first name in order). For a logic solve that ends
    solved these are the rating's steps, so no second solve (``rate``) is needed."""
    grades = {step["name"]: BY_SLUG[step["technique"]].grade(step["size"]) for step in steps}
    top = max(grades.values())
    name: str = min(name for name, grade in grades.items() if grade == top)
    return name


def shown_slug(example: dict[str, Any]) -> str:
    """The registry slug of the step the example is there to show."""
    steps = logic_of(example)[0]
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
    assert {record.slug for record in TECHNIQUES} <= shown


@pytest.mark.parametrize("example", [e for e in EXAMPLES if e.get("without")],
                         ids=[e["id"] for e in EXAMPLES if e.get("without")])
def test_an_example_with_switches_off_needs_them_off_and_says_so(example: dict[str, Any]) -> None:
    """Each switch it names is a slug of the registry, and the label says that opening it switches
    techniques off (the one's title, or how many: the page's message names them all); with every
    technique on, the logic never reaches the step, as the techniques switched off find one first."""
    without = example["without"]
    assert without and len(set(without)) == len(without) and set(without) <= set(BY_SLUG)
    assert example["technique"] not in without
    off = f"{BY_SLUG[without[0]].title} off" if len(without) == 1 else f"{len(without)} techniques off"
    assert f", {off} (" in example["label"]
    steps = logic(example["puzzle"])[0]
    assert example["shows"] not in [step["name"] for step in steps]


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
def test_example_logic_log_shows_its_technique(example: dict[str, Any]) -> None:
    steps, status, unique = logic_of(example)
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
