"""One deduction as an immutable value, and its JSON for the browser.

As in HoDoKu, finding is separate from applying: a finder returns a ``Step`` saying which technique,
which house, which cells and digits prove it (the pattern), what it places and what it eliminates,
and one plain sentence of reason in ``rRcC`` notation. Chain, pile and fish steps also carry the
bipartite graph they were read from, so the page can draw the graph theory behind the step without
deriving anything itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Iterable, Literal

from .geometry import Geometry
from .proof import Proof

Candidate = tuple[int, int]  # (cell, digit)
View = Literal["cell", "house", "digit", "search"]


class Technique(Enum):
    """Every kind of step, simplest first; the value is a stable slug for JSON and the CLI."""

    NAKED_SINGLE = "naked-single"
    HIDDEN_SINGLE = "hidden-single"
    POINTING = "pointing"
    CLAIMING = "claiming"
    CHAIN_EXCLUSION = "chain-exclusion"
    PILE_EXCLUSION = "pile-exclusion"
    FISH = "fish"
    SIMPLE_COLOURING = "simple-colouring"
    MULTI_COLOURING = "multi-colouring"
    X_CHAIN = "x-chain"
    XY_CHAIN = "xy-chain"
    AIC = "aic"
    GROUPED_AIC = "grouped-aic"
    NICE_LOOP = "nice-loop"
    GROUPED_NICE_LOOP = "grouped-nice-loop"
    CELL_FORCING_CHAIN = "cell-forcing-chain"
    HOUSE_FORCING_CHAIN = "house-forcing-chain"
    DIGIT_FORCING_CHAIN = "digit-forcing-chain"
    FORCING_NET = "forcing-net"
    GUESS = "guess"
    BACKTRACK = "backtrack"
    SEARCH = "search"

    @property
    def slug(self) -> str:
        """The stable name used in JSON and on the command line."""
        return self.value


@dataclass(frozen=True)
class GraphVertex:
    """A vertex of a drawn bipartite graph: its id (cell, digit, row or column) and label."""

    id: int
    label: str


@dataclass(frozen=True)
class GraphDrawing:
    """A bipartite graph as the page draws it; edges are (left index, right index) pairs."""

    kind: Literal["house", "digit"]
    title: str
    left: tuple[GraphVertex, ...]
    right: tuple[GraphVertex, ...]
    edges: tuple[tuple[int, int], ...]
    matching: tuple[tuple[int, int], ...]
    pattern_kind: Literal["chain", "pile"]
    pattern_left: tuple[int, ...]
    pattern_right: tuple[int, ...]
    removed: tuple[tuple[int, int], ...]

    def to_json(self) -> dict[str, Any]:
        """Plain data, as documented in the README."""
        return {
            "kind": self.kind,
            "title": self.title,
            "left": [{"id": v.id, "label": v.label} for v in self.left],
            "right": [{"id": v.id, "label": v.label} for v in self.right],
            "edges": [list(e) for e in self.edges],
            "matching": [list(e) for e in self.matching],
            "pattern": {"kind": self.pattern_kind, "left": list(self.pattern_left),
                        "right": list(self.pattern_right)},
            "removed": [list(e) for e in self.removed],
        }


@dataclass(frozen=True)
class Step:
    """A single deduction (or a guess, a backtrack, a search finish) and why it holds."""

    technique: Technique
    name: str
    text: str
    size: int = 1
    view: View = "cell"
    houses: tuple[int, ...] = ()
    digit: int | None = None
    cells: tuple[int, ...] = ()
    digits: tuple[int, ...] = ()
    pattern: tuple[Candidate, ...] = ()
    placements: tuple[Candidate, ...] = ()
    eliminations: tuple[Candidate, ...] = ()
    graph: GraphDrawing | None = field(default=None, repr=False)
    proof: Proof | None = field(default=None, repr=False)

    def to_json(self) -> dict[str, Any]:
        """Plain data for the page and ``steps --json``: cells 0-based, digits 1..n."""
        return {
            "technique": self.technique.slug,
            "name": self.name,
            "size": self.size,
            "view": self.view,
            "houses": list(self.houses),
            "digit": self.digit,
            "cells": list(self.cells),
            "digits": list(self.digits),
            "pattern": [list(c) for c in self.pattern],
            "placements": [list(c) for c in self.placements],
            "eliminations": [list(c) for c in self.eliminations],
            "text": self.text,
            "graph": self.graph.to_json() if self.graph else None,
            "proof": self.proof.to_json() if self.proof else None,
        }


def join_names(names: Iterable[str]) -> str:
    """'a', 'a and b', 'a, b and c'.

    >>> join_names(["row 1", "row 4", "row 7"])
    'row 1, row 4 and row 7'
    """
    items = list(names)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def describe_eliminations(geometry: Geometry, eliminations: Iterable[Candidate]) -> str:
    """Group eliminated candidates by digit: ``3 from r1c1 and r1c7; 6 from r1c5``.

    >>> from pysolver.geometry import geometry_for_size
    >>> describe_eliminations(geometry_for_size(9), [(0, 3), (4, 6), (6, 3)])
    '3 from r1c1 and r1c7; 6 from r1c5'
    """
    by_digit: dict[int, list[int]] = {}
    for cell, digit in eliminations:
        by_digit.setdefault(digit, []).append(cell)
    return "; ".join(
        f"{geometry.symbol(digit)} from {join_names(geometry.cell_name(c) for c in sorted(cells))}"
        for digit, cells in sorted(by_digit.items()))


def digit_set(geometry: Geometry, digits: Iterable[int]) -> str:
    """``{3,4,6}``.

    >>> from pysolver.geometry import geometry_for_size
    >>> digit_set(geometry_for_size(9), [6, 3, 4])
    '{3,4,6}'
    """
    return "{" + ",".join(geometry.symbol(d) for d in sorted(digits)) + "}"
