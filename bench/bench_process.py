"""Whole processes in CPython: ``pysolver solve FILE`` beside Norvig's solver on the same file.

What a user feels at the command line: start-up, imports, reading, solving and printing, one
process per file. Both commands run as child processes; their CPU seconds (user + system, from
``os.wait4``) are the figures, the median of ``--repeat`` runs of each, the two commands taking
turns so that other programs on the machine disturb both alike. Bytecode is cached between runs
(``BYTECODE``), as for an installed package. The two outputs are compared line by line (every solution must agree).
The interpreter's own start-up (``python -c pass``, which runs the same ``site`` hooks) is measured
too: no solver can take less, so ``norvig ÷ start-up`` is the highest speed-up a whole process can
show on that file, and the figure that says whether a goal is reachable at all.
Prints figures, asserts nothing.

    python bench/bench_process.py [--files top95,1106] [--repeat 3] [--sample N]

A file piece may end in ``:N`` to keep its first N lines (the 48,766 puzzles of tdoku's
forum_hardest_1905_11+ are sampled so); ``--sample N`` does so for every file.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from puzzle_sets import PUZZLES

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_FILES = "norvig_top95,forum_hardest_1106,forum_hardest_1905:1000"


#: Children compile each module once into this cache and reuse it, as an installed package does
#: (pip compiles its bytecode at install): without it, under PYTHONDONTWRITEBYTECODE, every run
#: would compile pysolver's sources again, a cost no user of an installed pysolver pays.
BYTECODE = tempfile.mkdtemp(prefix="bench_process_pycache_")


def child_env() -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    return {**env, "PYTHONPATH": str(ROOT), "PYTHONPYCACHEPREFIX": BYTECODE}


def child_cpu(command: list[str]) -> tuple[float, str]:
    """CPU seconds (user + system) of one child process, and what it printed."""
    with tempfile.TemporaryFile("w+") as out:
        process = subprocess.Popen(command, stdout=out, cwd=ROOT, env=child_env())
        _, status, usage = os.wait4(process.pid, 0)
        process.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        return usage.ru_utime + usage.ru_stime, out.read()


def medians(commands: list[list[str]], repeat: int) -> list[tuple[float, str]]:
    """Each command's median CPU seconds over ``repeat`` runs (taking turns), and its output."""
    runs: list[list[tuple[float, str]]] = [[] for _ in commands]
    for command in commands:
        child_cpu(command)  # untimed: fills the bytecode cache
    for _ in range(repeat):
        for command, done in zip(commands, runs):
            done.append(child_cpu(command))
    return [(statistics.median(seconds for seconds, _ in done), done[0][1]) for done in runs]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", default=DEFAULT_FILES,
                        help=f"comma-separated pieces of file names (default {DEFAULT_FILES})")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--sample", type=int, default=0, help="first N lines of each file")
    args = parser.parse_args()
    print(f"CPU seconds per whole process (median of {args.repeat}), {sys.executable} "
          f"(Python {sys.version.split()[0]})")
    (start_up, _), = medians([[sys.executable, "-c", "pass"]], args.repeat)
    print(f"interpreter start-up alone (python -c pass): {start_up:.3f} s")
    print(f"{'file (first N lines)':<44}{'puzzles':>8}{'pysolver':>10}{'norvig':>10}{'speed-up':>10}"
          f"{'ceiling':>10}")
    for spec in args.files.split(","):
        piece, _, keep = spec.partition(":")
        for path in sorted(PUZZLES.glob(f"*{piece}*.txt")):
            first = int(keep) if keep else args.sample or None
            lines = [line for line in path.read_text().split() if line][:first]
            with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
                f.write("\n".join(lines) + "\n")
            try:
                (ours, our_out), (theirs, their_out) = medians(
                    [[sys.executable, "-m", "pysolver", "solve", f.name],
                     [sys.executable, str(ROOT / "bench" / "norvig.py"), f.name]], args.repeat)
            finally:
                os.unlink(f.name)
            # pysolver labels each line of a file ("name line 3: ..."): compare the solutions.
            agree = [line.rpartition(" ")[2] for line in our_out.splitlines()] == \
                their_out.splitlines()
            print(f"{path.name:<44}{len(lines):>8}{ours:>10.3f}{theirs:>10.3f}"
                  f"{theirs / ours:>9.1f}x{theirs / start_up:>9.1f}x"
                  + ("" if agree else "  (outputs differ!)"),
                  flush=True)


if __name__ == "__main__":
    try:
        main()
    finally:
        shutil.rmtree(BYTECODE, ignore_errors=True)
