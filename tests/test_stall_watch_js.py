"""web/js/runtime-loader.js's StallWatch under Node, on a clock of its own: which downloads it names
as stalled, and when (tests/js/stall_check.mjs plays the scenes; the browser tests in
tests/e2e/test_boot_stall.py show the page's message)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.helpers import node_json

SCRIPT = Path(__file__).resolve().parent / "js" / "stall_check.mjs"
PERIOD = 1000  # the script's stall period, in its clock's milliseconds


@pytest.fixture(scope="module")
def scenes() -> dict[str, Any]:
    return node_json(SCRIPT, "runtime-loader")


def test_a_read_that_gets_nothing_for_the_period_is_named_until_its_next_byte(scenes: dict[str, Any]) -> None:
    seen = scenes["readStalls"]
    assert seen["before"] == 0
    url = "http://127.0.0.1:8000/snapshots/ab/pysolver.snapshot.gz"
    assert seen["heard"] == [[PERIOD, [{"file": "pysolver.snapshot.gz", "url": url}]], [PERIOD, []]]


def test_an_answer_that_never_comes_is_named(scenes: dict[str, Any]) -> None:
    url = "http://127.0.0.1:8000/pyodide/python_stdlib.zip"
    assert scenes["noAnswer"] == [[PERIOD, [{"file": "python_stdlib.zip", "url": url}]]]


def test_a_body_nobody_reads_yet_is_not_waited_on(scenes: dict[str, Any]) -> None:
    assert scenes["unread"] == []


def test_a_download_queued_behind_a_live_one_is_named_only_once_nothing_arrives(scenes: dict[str, Any]) -> None:
    queued = scenes["queued"]
    assert queued["whileLive"] == 0
    assert [files for _, files in queued["heard"]] == [
        [{"file": "pysolver-0.1-py3-none-any.whl", "url": "http://127.0.0.1:8000/wheels/x/pysolver-0.1-py3-none-any.whl"}]
    ]
    assert queued["after"] == PERIOD


def test_a_closed_watch_reports_nothing(scenes: dict[str, Any]) -> None:
    assert scenes["closed"] == []
