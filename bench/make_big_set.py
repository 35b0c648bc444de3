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

Those random sets all turned out to have two or more solutions at 25×25: they sit at the
random-blanking phase transition, not where published puzzles are. ``--unique`` writes proper
puzzles instead (bench/data/unique16x16_seed15.txt, unique25x25_seed15.txt):

    python bench/make_big_set.py --unique --seed 15 [--sizes 16,25] [--count 20] [--share 0]

Each is a random full grid with its cells blanked in random order, a blank kept only if the puzzle
keeps exactly one solution (the generator's test, ``generate.blank_while_unique``: an unavoidable
set that needs the clue, else a search with the solution's digit banned from the cell, first near
it, then over the whole grid), until ``--share`` of the cells are left or every cell has been
tried: with the default share 0 the puzzle is minimal, the hardest kind blanking can make. A search
that runs past the size's node budget (``BUDGETS``) keeps its clue unproven, so such a puzzle may
not be quite minimal; the count of such clues is printed per puzzle. Every blank kept was proved by
a complete search, so every puzzle written has exactly one solution. Each size draws from its own
``random.Random(seed)``, so one size can be remade alone, and ``--count k`` makes the first k
puzzles of a longer run.

What came out (seed 15, CPython 3.11, a shared machine): 16×16 minimal or nearly so, 90–100 clues
(35–39%), 0.2–1.7 s CPU each; no singles-only puzzle among them. 25×25 took about a minute of
CPU each, and most clues (over 200 of about 270, 43–45% of the cells) are kept unproven: below
about 45% clues the uniqueness tests outrun the budget, so these puzzles are unique but far from
minimal, the hardest this budget reaches; unique25x25_seed15.txt holds the first 14 puzzles of a
``--count 20`` run, stopped for time.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pysolver.generate import blank_while_unique, random_solution  # noqa: E402

#: Grid size → the least and the most share of the cells kept as clues.
SHARES = {16: (0.38, 0.45), 25: (0.48, 0.55)}
#: Grid size → search nodes a uniqueness test may take before its clue is kept unproven (at
#: 25×25 below about 45% clues a few tests run to millions of nodes; 2,000 is a few tenths of
#: a second, and the test near the cell gets its own 2,000 first).
BUDGETS = {16: 20000, 25: 2000}


def puzzles(n: int, count: int, rng: random.Random) -> list[str]:
    made = []
    low, high = SHARES[n]
    for index in range(count):
        line = random_solution(n, rng).line()
        share = low + (high - low) * index / max(1, count - 1)
        keep = set(rng.sample(range(n * n), round(share * n * n)))
        made.append("".join(ch if cell in keep else "." for cell, ch in enumerate(line)))
    return made


def unique_puzzle(n: int, rng: random.Random, share: float = 0.0) -> tuple[str, int]:
    """A puzzle with exactly one solution, blanked in random order down to ``share`` of the
    cells or to minimal, and how many of its clues were kept because their test ran out of
    budget (see the module docstring)."""
    puzzle, unproven = blank_while_unique(random_solution(n, rng), rng, BUDGETS[n], share * n * n)
    return puzzle.line(), unproven


def write_unique(n: int, count: int, seed: int, share: float) -> None:
    """Write ``count`` unique puzzles of size ``n``, the file rewritten after each one."""
    rng = random.Random(seed)
    path = ROOT / "bench" / "data" / f"unique{n}x{n}_seed{seed}.txt"
    made: list[str] = []
    for index in range(count):
        start = time.process_time()
        line, unproven = unique_puzzle(n, rng, share)
        made.append(line)
        path.write_text("\n".join(made) + "\n")
        clues = sum(ch != "." for ch in line)
        print(f"{n}x{n} #{index + 1}: {clues} clues ({clues / (n * n):.1%}), "
              f"{unproven} kept unproven, {time.process_time() - start:.1f} s CPU", flush=True)
    print(f"wrote {path.relative_to(ROOT)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=20)
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--unique", action="store_true",
                        help="write unique puzzles (unique{n}x{n}_seed{seed}.txt) instead")
    parser.add_argument("--sizes", default="16,25", help="with --unique: the sizes to make")
    parser.add_argument("--share", type=float, default=0.0,
                        help="with --unique: stop blanking at this share of clues (0: minimal)")
    args = parser.parse_args()
    if args.unique:
        for n in map(int, args.sizes.split(",")):
            write_unique(n, args.count, args.seed, args.share)
        return
    rng = random.Random(args.seed)
    for n in SHARES:
        path = ROOT / "bench" / "data" / f"random{n}x{n}.txt"
        path.write_text("\n".join(puzzles(n, args.count, rng)) + "\n")
        print(f"wrote {path.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
