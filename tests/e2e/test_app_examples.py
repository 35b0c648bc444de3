"""The example menu (web/js/examples.js) holds what its labels promise: each puzzle's logic solve, by
the same ``pysolver.web.handle`` the worker runs, uses the technique the example is there to show,
as its hardest step when the puzzle has one solution.

No browser: Node reads the module (it is plain data) and Python checks each puzzle.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from pysolver.web import handle
from tests.helpers import FIGURE_4_2, FIGURE_4_9

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES_JS = ROOT / "web" / "js" / "examples.js"
READ_EXAMPLES = """
const source = require("fs").readFileSync(process.argv[1], "utf8");
import("data:text/javascript," + encodeURIComponent(source))
  .then((module) => console.log(JSON.stringify(module.EXAMPLES)));
"""
NEEDED = {"Pointing", "Claiming", "Naked Pair", "Naked Triple", "Hidden Pair", "Hidden Triple", "X-Wing",
          "Swordfish", "Jellyfish", "Skyscraper", "2-String Kite", "Empty Rectangle", "XY-Wing", "XYZ-Wing",
          "W-Wing", "Remote Pairs", "Finned Swordfish", "Unique Rectangle type 1", "AIC",
          "Cell Forcing Chain", "Forcing Net", "Nested Forcing Net"}


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


def test_menu_has_the_seed_puzzles_every_technique_and_every_size() -> None:
    puzzles = [e["puzzle"] for e in EXAMPLES]
    assert puzzles[:2] == [FIGURE_4_2, FIGURE_4_9]
    assert NEEDED <= {e["shows"] for e in EXAMPLES}
    assert {round(len(p) ** 0.5) for p in puzzles} == {4, 6, 9, 16}
    assert len({e["id"] for e in EXAMPLES}) == len(EXAMPLES)
    assert len(set(puzzles)) == len(puzzles)


@pytest.mark.parametrize("example", EXAMPLES, ids=[e["id"] for e in EXAMPLES])
def test_example_logic_log_shows_its_technique(example: dict[str, str]) -> None:
    ask("load", puzzle=example["puzzle"])
    view = ask("solve_logic")["view"]
    names = [step["name"] for step in view["steps"]]
    rating = ask("rate", puzzle=example["puzzle"])
    assert example["shows"] in names
    label = example["label"].lower()
    if label.startswith("needs"):
        assert example["shows"].lower() in label
        assert rating["unique"] and rating["hardest"] == example["shows"]
        assert (view["status"]["status"] == "solved") == (example["shows"] != "Guess")
    elif rating["unique"] and example["shows"] != rating["hardest"]:
        assert example["shows"].lower() in label  # shown on the way, not the hardest: the label says so
