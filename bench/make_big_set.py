"""Write the seeded 16×16 and 25×25 puzzle sets that bench_big.py times (bench/data/).

Public-style puzzles: a random full grid (``generate.random_solution``: a few random clues
solved by the search, then relabelled and its rows, columns, bands and stacks shuffled), with
cells blanked in random order down to a clue share in the range published puzzles of that size
keep, spread evenly from the hardest end to the easiest (16×16: 38% to 45% of the cells;
25×25: 48% to 55%; below these the puzzles have many solutions, above them singles solve them).
They are not checked for a unique solution: the benchmark times the search for the first one,
as a solver's user feels it.

    python bench/make_big_set.py [--count 20] [--seed 13]

The full grids come from the search, so a change to the search's order can change the sets:
the files in bench/data are the sets. random25x25_seed14.txt holds 60 more 25×25 puzzles
(``puzzles(25, 60, random.Random(14))``, written in one go, none left out) for a firmer look at
the tail than 20 puzzles give: ``bench_big.py --file bench/data/random25x25_seed14.txt``.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pysolver.generate import random_solution  # noqa: E402

#: Grid size → the least and the most share of the cells kept as clues.
SHARES = {16: (0.38, 0.45), 25: (0.48, 0.55)}


def puzzles(n: int, count: int, rng: random.Random) -> list[str]:
    made = []
    low, high = SHARES[n]
    for index in range(count):
        line = random_solution(n, rng).line()
        share = low + (high - low) * index / max(1, count - 1)
        keep = set(rng.sample(range(n * n), round(share * n * n)))
        made.append("".join(ch if cell in keep else "." for cell, ch in enumerate(line)))
    return made


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=20)
    parser.add_argument("--seed", type=int, default=13)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    for n in SHARES:
        path = ROOT / "bench" / "data" / f"random{n}x{n}.txt"
        path.write_text("\n".join(puzzles(n, args.count, rng)) + "\n")
        print(f"wrote {path.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
