"""``pysolver gtsps PUZZLE``: every solution by the guess-free graph method of the GTSPS thesis.

By default one solution per line and nothing else, so ``| wc -l`` counts them; ``--count`` prints
the number instead; ``--stats`` adds the figures of every stage (a table, or with ``--json`` one
JSON object per puzzle). From a file of several puzzles each line starts with its puzzle's label
(``f line 3: ``), and each JSON object has a ``label`` (null for a lone puzzle), as ``rate``'s do.
No solution: the reason on stderr and exit code 1. A puzzle too open for GTSPS is reported as a
bad puzzle is, with its label, the limit it passed and a pointer to ``pysolver count``; the other
puzzles are still solved, and the exit code is 2 at the end.
"""

from __future__ import annotations

import argparse
import json
import sys

from ..gtsps import GtspsLimitError, report_json, solve_gtsps
from ..gtsps.run import REPORTED, GtspsResult
from .inputs import Puzzles, add_puzzle_arguments

_STAGE_NAMES = {
    "initial": "G (Steps 3-4)",
    "after_degree": "after the degree rule",
    "after_adjacency": "after the adjacency rule",
    "after_supervertices": "after super-vertices",
}


def register(subparsers: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    """Add the ``gtsps`` subcommand."""
    parser = subparsers.add_parser(
        "gtsps", help="all solutions by GTSPS, the guess-free graph method (thesis ch. 4)")
    add_puzzle_arguments(parser)
    parser.add_argument("--count", action="store_true", help="print the number of solutions")
    parser.add_argument("--stats", action="store_true",
                        help="also print vertices, edges, super-vertices and cliques per stage")
    parser.add_argument("--json", action="store_true",
                        help="print one JSON object per puzzle (all figures and solutions)")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Solve each puzzle; exit 2 if one is not a puzzle or too open for GTSPS, else 1 if one has
    no solution."""
    code = 0
    puzzles = Puzzles(args)
    for parsed, grid in puzzles.grids():
        prefix = parsed.prefix
        try:
            result = solve_gtsps(grid)
        except GtspsLimitError as error:
            puzzles.report(prefix, error)
            continue
        if args.json:
            report = {"label": parsed.label or None, **report_json(result)}
            report["solutions"] = [s.line(args.alphabet) for s in result.solutions]
            print(json.dumps(report))
        elif args.count:
            print(f"{prefix}{len(result.solutions)}")
        else:
            for solution in result.solutions:
                print(f"{prefix}{solution.line(args.alphabet)}")
        if args.stats and not args.json:
            if parsed.label:
                print(f"{parsed.label}:")
            print(stats_table(result))
        if result.reason is not None:
            print(f"{prefix}no solution: {result.reason}", file=sys.stderr)
            code = 1
    sys.stdout.flush()
    return max(code, puzzles.code)


def stats_table(result: GtspsResult) -> str:
    """The figures of every stage as a small text table."""
    lines = [f"{'stage':<28}{'vertices':>10}{'edges':>12}{'passes':>8}"]
    for name in REPORTED:
        stage = result.stages.get(name)
        if stage is not None:
            lines.append(f"{_STAGE_NAMES[name]:<28}{stage.vertices:>10}{stage.edges:>12}"
                         f"{stage.passes:>8}")
    for title, figures in (("super-vertices", result.supervertices), ("cliques", result.cliques)):
        if figures:
            lines.append(f"{title}: {figures['band']} band, {figures['stack']} stack")
    lines.append(f"solutions: {len(result.solutions)}")
    if result.reason:
        lines.append(f"no solution: {result.reason}")
    lines.append(f"time: {result.elapsed_ms:.1f} ms")
    return "\n".join(lines)
