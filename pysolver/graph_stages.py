"""A chain or pile exclusion told in five stages, one sentence each, for the graph panel's player.

Dr. Dobb's "Sudoku & Graph Theory" finds chains and piles without trying combinations: draw the
candidates as edges, find a maximum matching, follow alternating paths (a candidate edge, then a
matching edge) from a vertex; the vertices they reach close on themselves as a chain or a pile, and
the edges leaving it are removed. Each stage names the layers of the drawing it shows and, for the
paths, the edges walked and the vertices reached, so the page draws it without knowing the rule.

>>> from pysolver.step import GraphDrawing, GraphVertex
>>> cells = tuple(GraphVertex(c, f"r1c{c + 1}") for c in range(3))
>>> digits = tuple(GraphVertex(d, str(d)) for d in (1, 2, 3))
>>> g = GraphDrawing("house", "row 1", cells, digits, ((0, 0), (0, 1), (1, 0), (1, 1), (2, 0),
...                  (2, 1), (2, 2)), ((0, 0), (1, 1), (2, 2)), "chain", (0, 1), (0, 1),
...                  ((2, 0), (2, 1)))
>>> [s.name for s in stages(g)]
['edges', 'matching', 'paths', 'pattern', 'removed']
>>> stages(g)[2].text
'Follow alternating paths from r1c1: a candidate edge to a digit, then that digit’s matching edge back to a cell. They reach only r1c1 and r1c2.'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .step import GraphDrawing, join_names

_NOUNS = {"house": ("cell", "digit"), "digit": ("row", "column")}


@dataclass(frozen=True)
class Stage:
    """One stage: its name, its sentence, the layers drawn, the path edges and vertices reached."""

    name: str
    text: str
    layers: tuple[str, ...]
    path: tuple[tuple[int, int], ...] = ()
    reached_left: tuple[int, ...] = field(default=())
    reached_right: tuple[int, ...] = field(default=())

    def to_json(self) -> dict[str, Any]:
        """Plain data for the page."""
        return {"name": self.name, "text": self.text, "layers": list(self.layers),
                "path": [list(e) for e in self.path],
                "reached": {"left": list(self.reached_left), "right": list(self.reached_right)}}


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"


def _capital(text: str) -> str:
    """``text`` starting a sentence ("row 1 and row 9" → "Row 1 and row 9")."""
    return text[:1].upper() + text[1:]


def _walk(graph: GraphDrawing) -> tuple[int, tuple[tuple[int, int], ...], set[int], set[int]]:
    """Alternating paths from one pattern vertex whose reach is the whole pattern.

    A chain is walked from a left vertex (candidate edge, then the digit's matching edge back); a
    pile from a right vertex (an edge to a cell, then that cell's matching edge). Returns the start,
    the edges walked in order, and the left and right vertices reached.
    """
    match_right = {j: i for i, j in graph.matching}
    match_left = {i: j for i, j in graph.matching}
    chain = graph.pattern_kind == "chain"
    starts = graph.pattern_left if chain else graph.pattern_right
    best: tuple[int, tuple[tuple[int, int], ...], set[int], set[int]] | None = None
    for start in starts:
        walked: list[tuple[int, int]] = []
        left: set[int] = set()
        right: set[int] = set()
        frontier = [start]
        (left if chain else right).add(start)
        while frontier:
            vertex = frontier.pop(0)
            for i, j in graph.edges:
                if (i if chain else j) != vertex:
                    continue
                other = j if chain else i
                if other in (right if chain else left):
                    continue
                (right if chain else left).add(other)
                walked.append((i, j))
                partner = match_right.get(other) if chain else match_left.get(other)
                if partner is not None and partner not in (left if chain else right):
                    (left if chain else right).add(partner)
                    walked.append((partner, other) if chain else (other, partner))
                    frontier.append(partner)
        if left == set(graph.pattern_left) and right == set(graph.pattern_right):
            return start, tuple(walked), left, right
        if best is None:
            best = (start, tuple(walked), left, right)
    assert best is not None, "a drawn pattern has at least one vertex"
    return best


def stages(graph: GraphDrawing) -> tuple[Stage, ...]:
    """The five stages of the step drawn in ``graph``."""
    left_noun, right_noun = _NOUNS[graph.kind]
    left_names = [v.label for v in graph.left]
    right_names = [v.label for v in graph.right]
    house = graph.kind == "house"
    symbol = graph.symbol
    if house:
        edges_text = (f"Each line is a candidate: {_plural(len(graph.left), 'cell')} of "
                      f"{graph.title} on the left, {_plural(len(graph.right), 'digit')} they need "
                      f"on the right. A solution keeps exactly one line at each vertex.")
    else:
        edges_text = (f"Each line is a cell where {symbol} can still go, joining its row (left) to "
                      f"its column (right): {_plural(len(graph.left), 'row')} and "
                      f"{_plural(len(graph.right), 'column')} still need one {symbol} each. A solution "
                      f"keeps exactly one line at each vertex.")
    matching_text = (f"A maximum matching (thick lines) gives each {left_noun} its own "
                     f"{right_noun}. It pairs them all, so this graph can still be completed.")
    start, walked, reached_left, reached_right = _walk(graph)
    chain = graph.pattern_kind == "chain"
    cells = join_names(left_names[i] for i in sorted(graph.pattern_left))
    digits = join_names(right_names[j] for j in sorted(graph.pattern_right))
    k = len(graph.pattern_left)
    if chain:
        paths_text = (f"Follow alternating paths from {left_names[start]}: a candidate edge to a "
                      f"{right_noun}, then that {right_noun}’s matching edge back to a {left_noun}. "
                      f"They reach only {join_names(left_names[i] for i in sorted(reached_left))}.")
        if house:
            pattern_text = (f"These {k} cells have only {k} digits between them ({digits}): a "
                            f"chain. Those digits must go in {cells}, one each.")
            removed_text = (f"So {digits} leave every other cell of {graph.title}: the red edges "
                            f"go ({_plural(len(graph.removed), 'candidate')}).")
        else:
            pattern_text = (f"{_capital(cells)} have their {symbol}s only in {digits}: a chain. Those "
                            f"columns must take their {symbol}s in these rows.")
            removed_text = (f"So the other {symbol}s of {digits} go: the red edges "
                            f"({_plural(len(graph.removed), 'candidate')}).")
    else:
        paths_text = (f"Follow alternating paths from {right_names[start]}: an edge to a "
                      f"{left_noun} that can take it, then that {left_noun}’s matching edge. "
                      f"They reach only {join_names(right_names[j] for j in sorted(reached_right))}.")
        if house:
            pattern_text = (f"These {k} digits ({digits}) fit only in {k} cells ({cells}): a pile. "
                            f"Those cells must take them.")
            removed_text = (f"So {cells} lose every other digit: the red edges go "
                            f"({_plural(len(graph.removed), 'candidate')}).")
        else:
            pattern_text = (f"{_capital(digits)} have their {symbol}s only in {cells}: a pile. Those rows "
                            f"must take their {symbol}s in these columns.")
            removed_text = (f"So the other {symbol}s of {cells} go: the red edges "
                            f"({_plural(len(graph.removed), 'candidate')}).")
    return (
        Stage("edges", edges_text, ("edges",)),
        Stage("matching", matching_text, ("edges", "matching")),
        Stage("paths", paths_text, ("edges", "matching", "path"), walked,
              tuple(sorted(reached_left)), tuple(sorted(reached_right))),
        Stage("pattern", pattern_text, ("edges", "matching", "pattern")),
        Stage("removed", removed_text, ("edges", "matching", "pattern", "removed")),
    )
