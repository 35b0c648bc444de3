"""The engine's full step log on a sample of hard puzzles, against a recording: speed work on the
finders must not change which steps come out, in which order, with which effect and proof.

The recording, ``tests/data/step_logs_magictour_top95.json``, holds for each puzzle (every 49th of
magictour's top1465 and every 10th of Peter Norvig's top95, both from tests/data) every step the
logic takes with uniqueness allowed and the forcing chains off (seconds per stalled position; their
own tests cover them): the technique's slug, size, placements, eliminations and proof chain. Where
the logic stalls, the solution's digit goes in the cell with fewest candidates, as ``grading.rate``
does, so the log runs to the solved grid. Techniques added after the recording are switched off
here, so a new family does not invalidate it; re-record with ``python -m tests.test_step_logs``
only when a step is meant to change.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pysolver.board import Board
from pysolver.grid import Grid
from pysolver.logic import Settings, apply_step, next_step
from pysolver.search import solve
from pysolver.step import Step
from pysolver.techniques.registry import TECHNIQUES
from tests.helpers import DATA, puzzle_lines

RECORDING = DATA / "step_logs_magictour_top95.json"
SOURCES = (("tdoku_puzzles3_magictour_top1465.txt", 49), ("norvig_top95.txt", 10))


def sample() -> list[str]:
    """The recorded puzzles, in order."""
    return [line for name, step in SOURCES for line in puzzle_lines(name, step=step)]


def recorded_slugs() -> list[str]:
    """The techniques a new recording uses: every one but the forcing chains."""
    return [t.slug for t in TECHNIQUES if t.family != "forcing chains"]


def entry(step: Step) -> list[Any]:
    """A step as the recording keeps it."""
    nodes = [f"{','.join(map(str, n.cells))}:{n.digit}:{n.on}"
             for n in (step.proof.nodes if step.proof else ())]
    links = [f"{link.start}-{link.end}:{link.kind}" for link in (step.proof.links if step.proof else ())]
    return [step.technique.slug, step.size, [list(c) for c in step.placements],
            [list(c) for c in step.eliminations], nodes, links]


def step_log(puzzle: str, slugs: list[str]) -> list[list[Any]]:
    """Every step (or guess from the solution) from the puzzle to its solution."""
    grid = Grid.parse(puzzle)
    solution = solve(grid)
    assert solution is not None
    settings = Settings(disabled=frozenset(t.slug for t in TECHNIQUES) - frozenset(slugs),
                        unique=True)
    board = Board.from_grid(grid)
    log: list[list[Any]] = []
    while not board.is_solved():
        step = next_step(board, settings)
        if step is None:
            cell = min(board.empty_cells(), key=lambda c: board.candidates[c].bit_count())
            board = board.apply(placements=((cell, solution[cell]),))
            log.append(["guess", cell, solution[cell]])
        else:
            board = apply_step(board, step)
            log.append(entry(step))
    return log


@pytest.fixture(scope="module")
def recording() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(RECORDING.read_text(encoding="utf-8"))
    return data


def test_the_recording_covers_the_sample(recording: dict[str, Any]) -> None:
    assert list(recording["puzzles"]) == sample()
    used = {entry[0] for log in recording["puzzles"].values() for entry in log}
    for slug in ("finned-fish", "skyscraper", "two-string-kite", "aic", "grouped-aic", "als-xz",
                 "als-xy-wing"):
        assert slug in used, slug


@pytest.mark.parametrize("index", range(len(sample())))
def test_the_engine_takes_the_recorded_steps(recording: dict[str, Any], index: int) -> None:
    puzzle = sample()[index]
    expected = recording["puzzles"][puzzle]
    actual = json.loads(json.dumps(step_log(puzzle, recording["techniques"])))
    for number, (got, want) in enumerate(zip(actual, expected)):
        assert got == want, f"{puzzle}: step {number + 1} differs"
    assert len(actual) == len(expected)


def record(path: Path = RECORDING) -> None:
    """Write the recording from the current engine."""
    slugs = recorded_slugs()
    data = {"source": "pysolver's engine on every 49th puzzle of tdoku_puzzles3_magictour_top1465.txt "
                      "and every 10th of norvig_top95.txt (tests/data); see tests/test_step_logs.py",
            "techniques": slugs,
            "puzzles": {puzzle: step_log(puzzle, slugs) for puzzle in sample()}}
    path.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")


if __name__ == "__main__":
    record()
