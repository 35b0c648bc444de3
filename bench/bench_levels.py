"""Level distribution of every puzzle file (tests/data/ by default), beside the thesis's clue-count classes.

The GTSPS thesis chapter classes puzzles by their number of clues: easy 36–46, medium 32–35,
hard 28–31, evil 17–27. ``pysolver.grading`` classes them by what the logic engine needs. Printed
side by side per file (and crossed over all files), the two views show how little the clue count
says: most 17-clue puzzles need only singles, and many 24-clue ones need guessing.

    python bench/bench_levels.py [--limit N] [--dir DIR]      (prints figures, asserts nothing)
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from pysolver.grading import Level, grade  # noqa: E402
from pysolver.grid import Grid  # noqa: E402
from puzzle_sets import PUZZLES  # noqa: E402

#: The GTSPS thesis chapter's classes by clue count.
CLUE_CLASSES = (("easy", 36, 46), ("medium", 32, 35), ("hard", 28, 31), ("evil", 17, 27))


def clue_class(clues: int) -> str:
    """The thesis's class for a clue count ('other' outside 17–46)."""
    for name, low, high in CLUE_CLASSES:
        if low <= clues <= high:
            return name
    return "other"


def percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:5.1f}%" if whole else "    -"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=500, help="puzzles per file (first N lines)")
    parser.add_argument("--dir", type=Path, default=PUZZLES,
                        help="folder of puzzle files (default: tests/data or $PYSOLVER_SHARED_PUZZLES)")
    args = parser.parse_args()
    levels = list(Level)
    classes = [name for name, _, _ in CLUE_CLASSES] + ["other"]
    head = "  ".join(f"{level.slug[:6]:>6}" for level in levels)
    chead = "  ".join(f"{name[:6]:>6}" for name in classes)
    print(f"{'file':<44} {'n':>5}  levels: {head}   |  clue classes: {chead}   ms/puzzle")
    cross: Counter[tuple[str, Level]] = Counter()
    for path in sorted(args.dir.glob("*.txt")):
        lines = path.read_text(encoding="utf-8").split()[:args.limit]
        by_level: Counter[Level] = Counter()
        by_class: Counter[str] = Counter()
        start = time.perf_counter()
        for line in lines:
            grid = Grid.parse(line)
            level = grade(grid)
            cls = clue_class(grid.clue_count)
            by_level[level] += 1
            by_class[cls] += 1
            cross[cls, level] += 1
        ms = 1000 * (time.perf_counter() - start) / max(1, len(lines))
        total = len(lines)
        row = "  ".join(f"{percent(by_level[level], total):>6}" for level in levels)
        crow = "  ".join(f"{percent(by_class[name], total):>6}" for name in classes)
        print(f"{path.name:<44} {total:>5}          {row}   |                {crow}   {ms:8.1f}")
    print("\nAll files: clue class (rows) × level (columns), puzzle counts")
    print(f"{'':>8} " + " ".join(f"{level.display:>15}" for level in levels))
    for name in classes:
        print(f"{name:>8} " + " ".join(f"{cross[name, level]:>15}" for level in levels))


if __name__ == "__main__":
    main()
