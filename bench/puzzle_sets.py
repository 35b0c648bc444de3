"""Where the benchmarks read their puzzles.

By default tests/data/: the small samples of public puzzle sets kept in the repository (sources and
sampling rules in its README), so a plain clone can run every benchmark. For figures over the whole
sets, point ``PYSOLVER_SHARED_PUZZLES`` at the folder that holds them.
"""

from __future__ import annotations

import os
from pathlib import Path

PUZZLES = Path(os.environ.get("PYSOLVER_SHARED_PUZZLES")
               or Path(__file__).resolve().parents[1] / "tests" / "data")


def puzzle_set(stem: str) -> Path:
    """The file of one set: the whole set ``stem.txt`` when present, else its sample ``stem_*.txt``.

    >>> puzzle_set("tdoku_puzzles2_17_clue").name in (
    ...     "tdoku_puzzles2_17_clue.txt", "tdoku_puzzles2_17_clue_every33.txt")
    True
    """
    whole = PUZZLES / f"{stem}.txt"
    if whole.is_file():
        return whole
    samples = sorted(PUZZLES.glob(f"{stem}_*.txt"))
    if not samples:
        raise FileNotFoundError(f"no puzzle set {stem!r} in {PUZZLES}")
    return samples[0]
