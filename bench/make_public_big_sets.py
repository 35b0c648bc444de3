"""Write the public 16×16 and 25×25 puzzle sets of bench/data/ from Gecode's Sudoku example, and
check them.

Gecode's ``examples/sudoku.cpp`` (Gecode/gecode, MIT License) keeps its puzzles as one C array of
string literals, one puzzle per entry, row by row, ``.`` for a blank and 1–9 then A, B, … for the
digits: the alphabet pysolver reads by default, so a puzzle's line is its literals joined. Comments
name the sources: a heading before entry 18 says the 25×25 puzzles that follow are Alain Frisch's
minimal ones (entries 18–33), and each 16×16 entry from janko.at (34–88) carries its page's
address. Entries 89 and 90 are entry 19 with its first row filled in (in full, in part) and no
source of their own, so they are left out, as are the 9×9 entries 0–17.

    python bench/make_public_big_sets.py --gecode /tmp/gecode_sudoku.cpp
    python bench/make_public_big_sets.py --check [--cap 10]

``--gecode`` writes bench/data/gecode_janko16x16.txt and gecode_frisch25x25.txt, one puzzle per
line in the file's order. ``--check`` reads them back: every line a puzzle of its set's size with no
repeated digit, its clue count, and its solutions counted up to two within ``--cap`` CPU seconds
(unique, several, none, or unfinished), with a non-zero exit when a line is bad, has no solution or
has more than one.
"""

from __future__ import annotations

import argparse
import re
import sys
from math import isqrt
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_big import capped  # noqa: E402

from pysolver.errors import PuzzleError  # noqa: E402
from pysolver.grid import Grid  # noqa: E402
from pysolver.search import count_line  # noqa: E402

DATA = ROOT / "bench" / "data"
#: Set file → the grid size of its puzzles.
SETS = {"gecode_janko16x16.txt": 16, "gecode_frisch25x25.txt": 25}
#: A string literal, a ``//`` comment, a ``/* */`` comment, or a comma, in the array's text.
_TOKEN = re.compile(r'"([^"\\]*)"|//([^\n]*)|/\*.*?\*/|(,)', re.DOTALL)


class Entry(NamedTuple):
    """One puzzle of the array: its place (from 0), its line, and the comments written before it."""

    number: int
    line: str
    comments: tuple[str, ...]


def entries(source: str) -> list[Entry]:
    """The puzzles of ``examples[]`` in order, each with the comments between it and the previous
    one (a comment after a comma belongs to the next puzzle, as the file writes its headings).

    >>> entries('const char* examples[] = { // 0\\n "1." ".." , // two\\n ".1" "..", };')
    [Entry(number=0, line='1...', comments=(' 0',)), Entry(number=1, line='.1..', comments=(' two',))]
    """
    start = source.index("examples[] = {")
    body = source[source.index("{", start) + 1:source.index("};", start)]
    found: list[Entry] = []
    parts: list[str] = []
    comments: list[str] = []
    for match in _TOKEN.finditer(body):
        literal, comment, comma = match.groups()
        if literal is not None:
            parts.append(literal)
        elif comment is not None:
            comments.append(comment)
        elif comma and parts:
            found.append(Entry(len(found), "".join(parts), tuple(comments)))
            parts, comments = [], []
    if parts:
        found.append(Entry(len(found), "".join(parts), tuple(comments)))
    return found


def _size(line: str) -> int:
    n = isqrt(len(line))
    if n * n != len(line):
        raise ValueError(f"a puzzle of {len(line)} cells is not square")
    return n


def public_sets(source: str) -> dict[str, list[str]]:
    """Set file → its puzzles' lines: the janko.at 16×16 entries (each names its janko.at page),
    and the 25×25 entries from the Frisch heading up to the first entry of another size."""
    puzzles = entries(source)
    janko = [e.line for e in puzzles
             if _size(e.line) == 16 and any("janko.at/" in c for c in e.comments)]
    frisch: list[str] = []
    for entry in puzzles:
        if any("Alain Frisch" in c for c in entry.comments):
            frisch.append(entry.line)
        elif frisch:
            if _size(entry.line) != 25:
                break
            frisch.append(entry.line)
    for line in janko + frisch:
        Grid.parse(line)  # a clear message if the file held something else
    return {"gecode_janko16x16.txt": janko, "gecode_frisch25x25.txt": frisch}


def write(source: str, folder: Path) -> None:
    for name, lines in public_sets(source).items():
        (folder / name).write_text("".join(line + "\n" for line in lines))
        clues = [Grid.parse(line).clue_count for line in lines]
        print(f"{name}: {len(lines)} puzzles, {min(clues)}–{max(clues)} clues")


def check(folder: Path, cap: float) -> bool:
    """Print what each set holds; False when a line is bad or its count is not one."""
    good = True
    for name, n in SETS.items():
        lines = (folder / name).read_text().splitlines()
        clues: list[int] = []
        tally = {"unique": 0, "several": 0, "none": 0, "unfinished": 0}
        print(f"{name}:")
        for number, line in enumerate(lines, 1):
            try:
                grid = Grid.parse(line)
            except PuzzleError as error:
                print(f"  line {number}: {error}")
                good = False
                continue
            if grid.geometry.n != n:
                print(f"  line {number}: a {grid.geometry.n}×{grid.geometry.n} puzzle, not {n}×{n}")
                good = False
                continue
            clues.append(grid.clue_count)
            seconds, count, stopped = capped(lambda: count_line(line, limit=2), cap)
            verdict = ("unfinished" if stopped or count is None
                       else {0: "none", 1: "unique"}.get(count, "several"))
            tally[verdict] += 1
            good = good and verdict in ("unique", "unfinished")
            print(f"  line {number:>2}: {grid.clue_count} clues, {verdict} ({seconds:.1f} s)",
                  flush=True)
        clue_range = f"{min(clues)}–{max(clues)} clues" if clues else "no puzzles"
        print(f"  {len(lines)} lines, {clue_range}; "
              + ", ".join(f"{v} {k}" for k, v in tally.items()))
    return good


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--gecode", type=Path, metavar="PATH",
                        help="Gecode's examples/sudoku.cpp: write the sets from it")
    parser.add_argument("--check", action="store_true", help="check the sets' files")
    parser.add_argument("--cap", type=float, default=10.0,
                        help="CPU seconds per solution count in --check")
    parser.add_argument("--data", type=Path, default=DATA, help="the sets' folder")
    args = parser.parse_args()
    if not args.gecode and not args.check:
        parser.error("give --gecode PATH, --check, or both")
    if args.gecode:
        write(args.gecode.read_text(), args.data)
    if args.check and not check(args.data, args.cap):
        sys.exit(1)


if __name__ == "__main__":
    main()
