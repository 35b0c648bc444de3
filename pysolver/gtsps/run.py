"""GTSPS from puzzle to all its solutions, with the figures of every stage (the GTSPS thesis, 4.3).

The stages, in the thesis's order: valid permutations per box (Steps 1–2), the graph G (Steps 3–4),
the degree rule (Step 5), the structural-adjacency rule, super-vertices along bands and stacks with
the vertices they leave out dropped (Steps 6–7), and the cliques of G* (Steps 8–9). The first stage
that leaves a box, a band or G* empty proves there is no solution and names why; the later stages
are then skipped.

Before any super-vertex is built in full, G*'s cliques are counted lazily up to ``SOLUTION_LIMIT``
(``lazy.count_cliques``): a puzzle with more solutions stops there, after a few thousand
super-vertices instead of all of them (921,600 on an empty 6×6 grid). Below the limit that count
only tells that the run may go on; every figure still comes from the stages as the thesis runs them.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Callable, Iterable, Union

from ..grid import Grid
from . import errors
from .graph import PermutationGraph
from .lazy import count_cliques
from .permutations import box_permutations
from .supervertices import (Direction, SuperVertex, all_supervertices, cliques, line_boxes,
                            prune_to_supervertices)

#: ``progress(stage, fraction)``: the stage about to run and the share of the stages done so far.
Progress = Callable[[str, float], None]

#: The stages ``progress`` hears about, in order.
STAGES = ("permutations", "graph", "degree", "adjacency", "supervertices", "cliques")
#: What each stage does, in the words the page's progress line shows while it runs.
STAGE_WORDS = {
    "permutations": "Listing each box's valid permutations",
    "graph": "Building the graph G",
    "degree": "Applying the degree rule",
    "adjacency": "Applying the structural-adjacency rule",
    "supervertices": "Forming the super-vertices",
    "cliques": "Finding the cliques of G*",
}

#: JSON-able values of a report.
Json = Union[None, bool, int, float, str, list["Json"], dict[str, "Json"]]


@dataclass(frozen=True)
class Stage:
    """G after one stage: vertices per box, edges, and how many deletion passes it took."""

    name: str
    box_counts: tuple[int, ...]
    edges: int
    passes: int = 0

    @property
    def vertices(self) -> int:
        """Vertices alive after this stage."""
        return sum(self.box_counts)

    def to_json(self) -> dict[str, Json]:
        """The stage's figures as plain data."""
        return {"vertices": self.vertices, "edges": self.edges, "passes": self.passes,
                "boxes": list(self.box_counts)}


@dataclass
class GtspsResult:
    """What one GTSPS run found: the stages' figures, super-vertices, cliques and solutions."""

    grid: Grid
    stages: dict[str, Stage] = field(default_factory=dict)
    supervertices: dict[str, int] = field(default_factory=dict)
    cliques: dict[str, int] = field(default_factory=dict)
    solutions: list[Grid] = field(default_factory=list)
    reason: str | None = None
    stage_ms: dict[str, float] = field(default_factory=dict)
    elapsed_ms: float = 0.0


def solve_gtsps(grid: Grid, *, progress: Progress | None = None) -> GtspsResult:
    """Run every stage of GTSPS on ``grid``; raises ``GtspsLimitError`` past the documented limits."""
    result = GtspsResult(grid)
    clock = _Clock(result, progress)
    start = time.perf_counter()
    try:
        _run(grid, result, clock)
    finally:
        clock.stop()
        result.elapsed_ms = (time.perf_counter() - start) * 1000
    return result


def _run(grid: Grid, result: GtspsResult, clock: "_Clock") -> None:
    geo = grid.geometry
    clock.start("permutations")
    boxes = [box_permutations(grid, b) for b in range(geo.n)]
    clock.start("graph")
    graph = PermutationGraph(geo, boxes)
    _record(result, graph, "initial", 0)
    if _empty_box(result, graph, "box {box} has no valid permutation"):
        return
    clock.start("degree")
    passes = graph.apply_degree_rule()
    _record(result, graph, "after_degree", len(passes))
    if _empty_box(result, graph, "the degree rule deleted every permutation of box {box}"):
        return
    clock.start("adjacency")
    passes = graph.apply_adjacency_rule()
    _record(result, graph, "after_adjacency", len(passes))
    if _empty_box(result, graph, "the adjacency rule deleted every permutation of box {box}"):
        return
    clock.start("supervertices")
    if count_cliques(graph, errors.SOLUTION_LIMIT).cliques > errors.SOLUTION_LIMIT:
        raise errors.GtspsLimitError(f"more than {errors.SOLUTION_LIMIT:,} solutions, too many for "
                                     f"GTSPS", limit=errors.SOLUTION_LIMIT)
    limit = errors.SUPERVERTEX_LIMIT
    bands = all_supervertices(graph, "band", limit)
    stacks = all_supervertices(graph, "stack", limit, _total(bands))
    prune_to_supervertices(graph, bands, stacks)
    result.supervertices = {"band": _total(bands), "stack": _total(stacks)}
    _record(result, graph, "after_supervertices", 0)
    directions: tuple[tuple[Direction, list[list[SuperVertex]]], ...] = (
        ("band", bands), ("stack", stacks))
    for direction, lines in directions:
        for number, line in enumerate(lines, 1):
            if not line:
                width = len(line_boxes(graph, direction)[number - 1])
                result.reason = (f"{direction} {number} has no super-vertex: no {width} pairwise "
                                 f"compatible permutations along it")
                return
    clock.start("cliques")
    found: dict[str, Grid] = {}
    for direction, lines in directions:
        count = 0
        for clique in cliques(graph, direction, lines):
            count += 1
            solution = _fill(grid, graph, direction, clique)
            found.setdefault(str(solution), solution)
        result.cliques[direction] = count
    result.solutions = [found[line] for line in sorted(found)]
    if not found:
        result.reason = "G* has no clique: no choice of one super-vertex per band fits column-wise"


def _total(lines: Iterable[list[SuperVertex]]) -> int:
    return sum(len(line) for line in lines)


def _record(result: GtspsResult, graph: PermutationGraph, name: str, passes: int) -> None:
    result.stages[name] = Stage(name, tuple(graph.box_counts()), graph.edge_count(), passes)


def _empty_box(result: GtspsResult, graph: PermutationGraph, template: str) -> bool:
    for box, alive in enumerate(graph.alive):
        if not alive:
            result.reason = template.format(box=box + 1)
            return True
    return False


def _fill(grid: Grid, graph: PermutationGraph, direction: Direction,
          clique: list[SuperVertex]) -> Grid:
    values = list(grid.values)
    for members, sv in zip(line_boxes(graph, direction), clique):
        for box, index in zip(members, sv):
            perms = graph.boxes[box]
            for cell, digit in zip(perms.cells, perms.perms[index]):
                values[cell] = digit
    return Grid(grid.geometry, tuple(values))


class _Clock:
    """Times each stage and tells ``progress`` when one starts."""

    def __init__(self, result: GtspsResult, progress: Progress | None) -> None:
        self.result, self.progress = result, progress
        self.current: str | None = None
        self.since = 0.0

    def start(self, stage: str) -> None:
        self.stop()
        self.current, self.since = stage, time.perf_counter()
        if self.progress is not None:
            self.progress(stage, STAGES.index(stage) / len(STAGES))

    def stop(self) -> None:
        if self.current is not None:
            self.result.stage_ms[self.current] = (time.perf_counter() - self.since) * 1000
            self.current = None


#: The stages whose figures a report gives, in order.
REPORTED = ("initial", "after_degree", "after_adjacency", "after_supervertices")


def gtsps_report(grid: Grid, *, progress: Progress | None = None) -> dict[str, Json]:
    """Run GTSPS and return its figures as plain JSON-able data, for the CLI and the app's panel.

    Keys: ``vertices`` and ``edges`` of G; ``after_degree``, ``after_adjacency`` and
    ``after_supervertices`` (each ``{vertices, edges, passes, boxes}`` or null when skipped);
    ``boxes`` (per box, its permutation count after each stage); ``supervertices`` and ``cliques``
    (``{band, stack}``); ``solutions`` (one line each), ``solution_count``, ``reason`` (why there
    is none, else null), ``elapsed_ms`` and ``stage_ms``.

    >>> report = gtsps_report(Grid.parse("1.3." "34.." "...." "...4"))
    >>> report["solutions"], report["vertices"], report["reason"]
    ([], 5, 'box 2 has no valid permutation')
    """
    return report_json(solve_gtsps(grid, progress=progress))


def report_json(result: GtspsResult) -> dict[str, Json]:
    """A finished run's figures as plain data (see ``gtsps_report``)."""
    stages = result.stages
    initial = stages["initial"]
    boxes: list[Json] = []
    for box in range(result.grid.geometry.n):
        row: dict[str, Json] = {"box": box + 1}
        for name in REPORTED:
            row[name] = stages[name].box_counts[box] if name in stages else None
        boxes.append(row)
    report: dict[str, Json] = {
        "size": result.grid.geometry.n,
        "vertices": initial.vertices,
        "edges": initial.edges,
    }
    for name in REPORTED[1:]:
        report[name] = stages[name].to_json() if name in stages else None
    report.update({
        "boxes": boxes,
        "supervertices": dict(result.supervertices) if result.supervertices else None,
        "cliques": dict(result.cliques) if result.cliques else None,
        "solutions": [str(s) for s in result.solutions],
        "solution_count": len(result.solutions),
        "reason": result.reason,
        "elapsed_ms": round(result.elapsed_ms, 3),
        "stage_ms": {name: round(ms, 3) for name, ms in result.stage_ms.items()},
    })
    return report
