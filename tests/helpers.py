"""Shared test data: the exact facts of ../shared/reference.md and the puzzle files."""

from __future__ import annotations

from pathlib import Path

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
PUZZLES = SHARED / "puzzles"

FIGURE_4_2 = ".1..2.34.4..1..5....67.8....214..75.57..1..89.39..641....9.78....5..1..7.98.3..6."
FIGURE_4_2_SOLUTION = "917625348482193576356748291621489753574312689839576412163957824245861937798234165"
FIGURE_4_9 = ".51..9483.9...8.6..6..1.7.26.5..12.....2.4.....27....5.....2.7..2.1...5.4785...2."
FIGURE_4_9_SOLUTIONS = 127


def puzzle_lines(name: str, limit: int | None = None, step: int = 1) -> list[str]:
    """Puzzles of a shared file: every ``step``-th line, at most ``limit`` of them."""
    lines = (PUZZLES / name).read_text().split()
    return lines[::step][:limit]
