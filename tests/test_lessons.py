"""The Learn panel's lessons (``pysolver.lessons``): each text's claims about its example hold for
the solver's own analysis of the lesson's starting candidates, so that no text can drift from its
example; and the worker sends them as the page draws them."""

from __future__ import annotations

import json
from typing import Any

import pytest

from pysolver.learn import lesson
from pysolver.lessons import LESSONS, Lesson
from pysolver.web import handle


def analysed(item: Lesson, candidates: list[list[int]] | None = None) -> dict[str, Any]:
    """The ``bipartite`` reply for the lesson, as the page asks it."""
    start = [list(values) for values in item.candidates] if candidates is None else candidates
    return lesson(item.kind, start, item.digit or 1, item.prefer, item.teach)


def by_id(lesson_id: str) -> Lesson:
    return next(item for item in LESSONS if item.id == lesson_id)


def from_one(indices: list[int]) -> tuple[int, ...]:
    return tuple(k + 1 for k in indices)


@pytest.mark.parametrize("item", LESSONS, ids=[item.id for item in LESSONS])
def test_each_lessons_claim_is_what_the_analysis_of_its_candidates_finds(item: Lesson) -> None:
    reply = analysed(item)
    claim = item.claim
    graph = reply["graph"]
    drawn = (from_one(graph["pattern"]["left"]), from_one(graph["pattern"]["right"]))
    if claim.shows == "matching":
        assert reply["solvable"] and reply["matching"] == len(item.candidates)
        assert reply["stage"] is not None and graph["stages"][reply["stage"]]["name"] == "matching"
    elif claim.shows == "hall":
        assert not reply["solvable"] and graph["violation"] and graph["pattern"]["kind"] == "chain"
        assert drawn == (claim.left, claim.right) and len(claim.left) > len(claim.right)
        assert claim.remedy is not None
        for cell in claim.left:  # the remedy, given to any one of them, lets the house be completed
            edited = [sorted({*values, claim.remedy}) if k == cell else list(values)
                      for k, values in enumerate(item.candidates, start=1)]
            assert analysed(item, edited)["solvable"], cell
    else:
        assert reply["solvable"] and not graph["violation"]
        assert (graph["pattern"]["kind"], *drawn) == (claim.shows, claim.left, claim.right)
        assert reply["removed"] and reply["shows"] == claim.step
        assert reply["stage"] is None  # the whole picture


def test_the_hall_lesson_breaks_halls_condition_where_its_text_says() -> None:
    hall = by_id("hall")
    assert "Here three cells have only 2 and 3, so the house cannot be completed. Add 4 to one of them." \
        in hall.text
    reply = analysed(hall)
    assert not reply["solvable"] and reply["matching"] == 4
    assert reply["verdict"].startswith("Hall's condition fails: cell 2, cell 3 and cell 4 need 3 different "
                                       "digits but only 2 (2, 3) are left for them")


@pytest.mark.parametrize(("lesson_id", "said", "pattern", "verdict"), [
    ("chain", "cells 2, 3 and 6 have only 3, 4 and 6 between them. Three cells, three digits",
     {"kind": "chain", "left": [1, 2, 5], "right": [2, 3, 5]},
     "Chain: cell 2, cell 3 and cell 6 hold only {3,4,6}"),
    ("pile", "7, 8 and 9 fit only in cells 5, 6 and 8, so those three cells",
     {"kind": "pile", "left": [4, 5, 7], "right": [6, 7, 8]},
     "Pile: 7, 8 and 9 fit only in cell 5, cell 6 and cell 8"),
    ("fish", "rows 1 and 4 keep their 5s in columns 3 and 7 — an X-Wing.",
     {"kind": "chain", "left": [0, 3], "right": [2, 6]},
     "X-Wing: in row 1 and row 4 the 5s lie only in column 3 and column 7"),
], ids=["chain on 3, 4 and 6", "pile of 7, 8 and 9", "X-Wing on rows 1 and 4"])
def test_a_lessons_text_names_the_pattern_the_solver_draws(lesson_id: str, said: str,
                                                           pattern: dict[str, Any], verdict: str) -> None:
    item = by_id(lesson_id)
    assert said in item.text
    reply = analysed(item)
    assert reply["graph"]["pattern"] == pattern and reply["verdict"].startswith(verdict)


def test_the_first_lesson_counts_its_cells_and_digits_and_opens_at_the_matching() -> None:
    graph = by_id("graph")
    assert graph.text.startswith("The article's first example: five empty cells of a house on the left, "
                                 "the five digits they need on the right")
    assert len(graph.candidates) == 5 and graph.teach == "matching"


def test_the_worker_sends_the_lessons_in_reading_order() -> None:
    reply = json.loads(handle(json.dumps({"cmd": "lessons"})))
    assert reply["ok"]
    assert [item["id"] for item in reply["lessons"]] == ["graph", "hall", "chain", "pile", "fish"]
    fish = reply["lessons"][-1]
    assert fish == {"id": "fish", "title": "Fish: one digit's rows × columns", "kind": "digit", "digit": 5,
                    "candidates": [list(values) for values in by_id("fish").candidates],
                    "text": by_id("fish").text, "prefer": "chain", "teach": "exclusion"}
    assert reply["lessons"][0]["digit"] is None and reply["lessons"][0]["teach"] == "matching"
    assert reply["lessons"][3]["prefer"] == "pile"
    for item in reply["lessons"]:  # each, sent back as the page sends it, is analysed
        answer = json.loads(handle(json.dumps({"cmd": "bipartite", **{key: item[key] for key in (
            "kind", "candidates", "digit", "prefer", "teach")}})))
        assert answer["ok"] and answer["verdict"], item["id"]
