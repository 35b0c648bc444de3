"""pysolver's search against Norvig's solver inside Pyodide (one instance, both solvers), with
the same race in CPython beside it. Prints figures, asserts nothing.

    python bench/bench_search_pyodide.py SITE_DIR [--files top95,1106:200] [--repeat 1]

SITE_DIR is a site built by ``python3 build_site.py --out SITE_DIR`` (its wheel is what Pyodide
runs). Each file piece may end in ``:N`` to keep the first N lines. Per file: total seconds for
each solver, their ratio (Norvig's time over ours), in Pyodide and in CPython; the times are
wall-clock seconds from ``time.perf_counter`` (bench/search_race.py runs the race in both).
Read the ratios from a quiet machine: other processes slow Norvig's solver (dictionaries and
strings) more than ours (a few hundred integers), so on a busy one the ratio comes out higher,
in Pyodide by up to a third.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HERE = ROOT / "bench"
DEFAULT_FILES = "norvig_top95,forum_hardest_1106:200"

sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(HERE))

from puzzle_sets import PUZZLES  # noqa: E402
from search_race import race  # noqa: E402


def in_pyodide(site: Path, lines: list[str], repeat: int) -> dict[str, object]:
    with tempfile.NamedTemporaryFile("w", suffix=".json") as request:
        json.dump({"lines": lines, "repeat": repeat}, request)
        request.flush()
        done = subprocess.run(["node", str(HERE / "bench_search_pyodide.mjs"), str(site),
                               request.name], check=True, capture_output=True, text=True)
    result: dict[str, object] = json.loads(done.stdout)
    return result


def row(label: str, result: dict[str, object]) -> str:
    ours, theirs = result["ours"], result["norvig"]
    assert isinstance(ours, list) and isinstance(theirs, list)
    wrong = f"  ({result['disagree']} solutions disagree!)" if result["disagree"] else ""
    return (f"  {label:<9} pysolver {sum(ours):8.3f} s (median {statistics.median(ours) * 1e3:6.2f}"
            f" ms)   norvig {sum(theirs):8.3f} s (median {statistics.median(theirs) * 1e3:6.2f}"
            f" ms)   speed-up {sum(theirs) / sum(ours):5.1f}x total, "
            f"{statistics.median(theirs) / statistics.median(ours):5.1f}x median{wrong}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", type=Path)
    parser.add_argument("--files", default=DEFAULT_FILES)
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args()
    print(f"Wall seconds, fastest of {args.repeat} per puzzle; CPython {sys.version.split()[0]} "
          f"beside Pyodide (Node)")
    for spec in args.files.split(","):
        piece, _, keep = spec.partition(":")
        for path in sorted(PUZZLES.glob(f"*{piece}*.txt")):
            lines = path.read_text().split()[:int(keep) if keep else None]
            print(f"\n{path.name} (first {len(lines)})")
            print(row("Pyodide", in_pyodide(args.site, lines, args.repeat)), flush=True)
            print(row("CPython", race(lines, args.repeat)), flush=True)


if __name__ == "__main__":
    main()
