"""GTSPS, the guess-free graph solver that finds all solutions (the GTSPS thesis, chapter 4).

Each box's valid permutations become the vertices of a graph G, compatible permutations of boxes in
the same band or stack are joined, the degree and structural-adjacency rules delete vertices that
cannot belong to a solution (Version 4.1), and the solutions are the cliques of the super-vertex
graph G* (Version 4.2). No digit is ever guessed; a puzzle without solution is recognised with its
reason. Past ``PERMUTATION_LIMIT``, ``SUPERVERTEX_LIMIT`` or ``SOLUTION_LIMIT`` it raises ``GtspsLimitError`` and points
to the search engine.

>>> from pysolver.grid import Grid
>>> solutions = gtsps_solutions(Grid.parse("12.." "34.." "...." "...."))
>>> len(solutions), str(solutions[0])
(12, '1234341221434321')
"""

from ..grid import Grid
from .errors import PERMUTATION_LIMIT, SOLUTION_LIMIT, SUPERVERTEX_LIMIT, GtspsLimitError
from .graph import PermutationGraph
from .permutations import BoxPermutations, box_permutations, permutation_label, permutation_text
from .run import GtspsResult, Stage, gtsps_report, report_json, solve_gtsps
from .supervertices import all_supervertices, cliques, line_supervertices


def gtsps_solutions(grid: Grid) -> list[Grid]:
    """Every solution of ``grid``, in ascending order of their lines."""
    return solve_gtsps(grid).solutions

__all__ = [
    "BoxPermutations",
    "GtspsLimitError",
    "GtspsResult",
    "PERMUTATION_LIMIT",
    "PermutationGraph",
    "SOLUTION_LIMIT",
    "SUPERVERTEX_LIMIT",
    "Stage",
    "all_supervertices",
    "box_permutations",
    "cliques",
    "gtsps_report",
    "gtsps_solutions",
    "line_supervertices",
    "permutation_label",
    "permutation_text",
    "report_json",
    "solve_gtsps",
]
