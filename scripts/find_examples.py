"""Find puzzles for the page's example menu (web/js/examples.js) in the public sets of tests/data.

For each technique named (a registry slug such as ``sue-de-coq``, or a step name such as
``"Finned X-Wing"``) it prints the first puzzle with one solution whose logic solve uses it as its
hardest step (a "Needs …" example), and the first that uses it at some step (an "… at step N"
one), each with the citation the menu's labels use ("top95 no. 13"; for a sampled file, the line
of the whole set). tests/e2e/test_app_examples.py checks every example against the solver, so when
a change to a technique takes an example's step away, this finds another. A set is read in order
and the scan stops as soon as every technique has both; the forcing chains are left out unless
``--forcing`` (they cost up to seconds a puzzle, and are then the hardest step). ``--without`` switches
techniques off, as the page's Techniques panel does: the nice loops and the digit forcing chain are
tried after techniques that find a step first on every public puzzle, so their examples switch
those off (an example's ``without``). With ``--first``
only a puzzle whose logic solve opens with the technique counts: for a single, a puzzle whose first
step is already one, with nothing easier before it (the menu's "Needs a hidden single").

    nice python3 scripts/find_examples.py sue-de-coq "Unique Rectangle type 2"
    nice python3 scripts/find_examples.py --first hidden-single
    nice python3 scripts/find_examples.py --without aic,x-chain nice-loop
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pysolver.board import Board  # noqa: E402
from pysolver.grading import rate_without_guessing  # noqa: E402
from pysolver.grid import Grid  # noqa: E402
from pysolver.logic import Settings, solve_by_logic  # noqa: E402
from pysolver.search import count_solutions  # noqa: E402
from pysolver.step import Step  # noqa: E402
from pysolver.techniques.registry import ON_REQUEST, parse_slugs  # noqa: E402

DATA = Path(__file__).resolve().parents[1] / "tests" / "data"
#: The sets scanned, roughly easiest first (an easier puzzle shows a technique with less around it):
#: the citation name the labels use, the file, and its sampling step (tests/data/README.md).
SETS = (("tdoku unbiased", "tdoku_puzzles1_unbiased_first1000.txt", 1),
        ("Kaggle 3M extract", "kaggle_radcliffe3m_sample_every7.txt", 7),
        ("top95", "norvig_top95.txt", 1),
        ("top1465", "tdoku_puzzles3_magictour_top1465.txt", 1),
        ("17-clue list", "tdoku_puzzles2_17_clue_every33.txt", 33),
        ("forum's hardest 2011", "tdoku_puzzles6_forum_hardest_1106.txt", 1))


def matches(target: str, name: str, slug: str) -> bool:
    return target in (name, slug)


def scan(targets: list[str], forcing: bool, first: bool = False, without: frozenset[str] = frozenset()) -> None:
    disabled = (frozenset() if forcing else ON_REQUEST) | without
    settings = Settings(disabled=disabled, unique=True)
    needs: set[str] = set()
    used: set[str] = set()
    for citation, name, every in SETS:
        for index, line in enumerate((DATA / name).read_text().split()):
            if needs == used == set(targets):
                return
            where = f"({citation} no. {1 + index * every})"
            grid = Grid.parse(line)
            if count_solutions(grid, 2) != 1:
                continue
            board, steps = solve_by_logic(Board.from_grid(grid), settings)
            if first:
                steps = steps[:1]  # what the logic opens with, the only step that counts
            report_used(targets, used, steps, where, line)
            if board.is_solved():
                rating = rate_without_guessing(grid, disabled)
                top = max(rating.techniques, key=lambda t: (t.level, t.weight)) if rating else None
                for target in targets:
                    opens = not first or any(matches(target, step.name, step.technique.slug) for step in steps)
                    if top and target not in needs and opens and matches(target, top.name, top.technique):
                        needs.add(target)
                        print(f"Needs {top.name} {where}: {line}", flush=True)
    for target in targets:
        if target not in needs:
            print(f"{target}: no puzzle needs it (as its hardest step)")
        if target not in used:
            print(f"{target}: no puzzle uses it")


def report_used(targets: list[str], used: set[str], steps: list[Step], where: str, line: str) -> None:
    for number, step in enumerate(steps, 1):
        for target in targets:
            if target not in used and matches(target, step.name, step.technique.slug):
                used.add(target)
                print(f"{step.name} at step {number} {where}: {line}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("targets", nargs="+", help="technique slugs or step names")
    parser.add_argument("--forcing", action="store_true", help="use the forcing chains too")
    parser.add_argument("--first", action="store_true", help="only puzzles whose first step is the technique")
    parser.add_argument("--without", metavar="SLUG,...", action="append", default=[],
                        help="switch these techniques off (registry slugs); may be given several times")
    args = parser.parse_args()
    off = parse_slugs(",".join(args.without)) if args.without else frozenset()
    scan(args.targets, args.forcing, args.first, off)


if __name__ == "__main__":
    main()
