"""A chain's proof as data: nodes (a digit in a cell or a group of cells, on or off) joined by links.

Every chain-like step — an X-Chain, an alternating inference chain (AIC), a nice loop, a colouring,
each branch of a forcing chain or net — is drawn with one vocabulary, the one HoDoKu and SudokuWiki
users know: a *node* is a digit in one cell or in the cells of a box–line intersection (a grouped
node); a *strong* link says "if this one is off, that one is on", a *weak* link "if this one is on,
that one is off". Each node carries the value the chain gives it (on or off). ``Proof.to_json`` is
what the page draws; ``Chain.eureka`` prints the chain in Eureka notation as the forums write it,
for example ``(4)r1c2=r1c8-(4=7)r2c8``.

>>> from pysolver.geometry import geometry_for_size
>>> geo = geometry_for_size(9)
>>> chain = Chain((ChainNode(4, (1,), False), ChainNode(4, (7,), True), ChainNode(4, (16,), False),
...                ChainNode(7, (16,), True)), (Link(0, 1, True), Link(1, 2, False), Link(2, 3, True)))
>>> chain.eureka(geo)
'(4)r1c2=r1c8-(4=7)r2c8'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from .geometry import Geometry

ProofKind = Literal["chain", "loop", "colouring", "forcing", "net"]


@dataclass(frozen=True)
class ChainNode:
    """A digit in one cell, or in every cell of a grouped node, with the value the chain gives it."""

    digit: int
    cells: tuple[int, ...]
    on: bool

    def name(self, geometry: Geometry) -> str:
        """``r1c2``, or a group as the forums write it: ``r1c23`` (a row) or ``r12c5`` (a column).

        >>> from pysolver.geometry import geometry_for_size
        >>> ChainNode(3, (0, 1, 2), True).name(geometry_for_size(9))
        'r1c123'
        """
        return cells_name(geometry, self.cells)

    def to_json(self) -> dict[str, Any]:
        """``{"digit": 4, "cells": [1], "on": false}``."""
        return {"digit": self.digit, "cells": list(self.cells), "on": self.on}


@dataclass(frozen=True)
class Link:
    """A link from node ``source`` to node ``target`` (indices into the chain's nodes)."""

    source: int
    target: int
    strong: bool

    def to_json(self) -> dict[str, Any]:
        """``{"from": 0, "to": 1, "kind": "strong"}``."""
        return {"from": self.source, "to": self.target, "kind": "strong" if self.strong else "weak"}


@dataclass(frozen=True)
class Chain:
    """Nodes and the links that join them, in the order the implications run.

    A plain chain's links join consecutive nodes; a branch of a net may join a node to several
    earlier ones (a cell or house whose other candidates all went off).
    """

    nodes: tuple[ChainNode, ...]
    links: tuple[Link, ...]

    def eureka(self, geometry: Geometry) -> str:
        """Eureka notation: ``=`` a strong link, ``-`` a weak one; nodes in one cell share a term.

        A term names its digits when they change: ``(4)r1c2=r1c8-(4=7)r2c8-(7)r2c5``. A branch of
        a net (a node with several parents) is written along its last parent path.
        """
        if not self.nodes:
            return ""
        path = self._main_path()
        terms: list[str] = []
        previous_digit = 0
        i = 0
        while i < len(path):
            node = self.nodes[path[i]]
            digits = [geometry.symbol(node.digit)]
            j = i
            while (j + 1 < len(path) and self.nodes[path[j + 1]].cells == node.cells):
                j += 1
                digits.append(_symbol(self._link(path[j - 1], path[j])))
                digits.append(geometry.symbol(self.nodes[path[j]].digit))
            shown = len(digits) > 1 or node.digit != previous_digit
            term = (f"({''.join(digits)})" if shown else "") + node.name(geometry)
            if terms:
                term = _symbol(self._link(path[i - 1], path[i])) + term
            terms.append(term)
            previous_digit = self.nodes[path[j]].digit
            i = j + 1
        return "".join(terms)

    def _link(self, source: int, target: int) -> Link:
        for link in self.links:
            if link.source == source and link.target == target:
                return link
        raise ValueError(f"no link from node {source} to node {target}")

    def _main_path(self) -> list[int]:
        """The nodes from the first to the last, following each node's last-listed parent back."""
        parent: dict[int, int] = {}
        for link in self.links:
            parent[link.target] = link.source
        path = [len(self.nodes) - 1]
        while path[-1] in parent and parent[path[-1]] not in path:
            path.append(parent[path[-1]])
        return path[::-1]

    def to_json(self) -> dict[str, Any]:
        """Nodes and links."""
        return {"nodes": [n.to_json() for n in self.nodes],
                "links": [link.to_json() for link in self.links]}


@dataclass(frozen=True)
class Proof:
    """What a chain-like step draws: one chain, a loop, colour clusters, or a forcing chain's branches.

    ``premises`` names each branch's starting assumption for forcing chains and nets (the same
    length as ``branches``); ``conclusion`` is the Eureka-style result, e.g. ``r3c4<>5``;
    ``notations`` holds each branch in Eureka notation (``Proof.of`` writes them).
    """

    kind: ProofKind
    branches: tuple[Chain, ...]
    conclusion: str
    premises: tuple[str, ...]
    notations: tuple[str, ...]

    @classmethod
    def of(cls, geometry: Geometry, kind: ProofKind, branches: tuple[Chain, ...], conclusion: str,
           premises: tuple[str, ...] = ()) -> Proof:
        """A proof with each branch's Eureka notation written out."""
        return cls(kind, branches, conclusion, premises,
                   tuple(b.eureka(geometry) for b in branches))

    @property
    def eureka(self) -> str:
        """The whole proof in one line: ``chain => r3c4<>5``, branches separated by ``; ``."""
        return f"{'; '.join(self.notations)} => {self.conclusion}"

    def to_json(self) -> dict[str, Any]:
        """Plain data for the page: kind, branches (nodes, links, eureka), premises, conclusion."""
        return {"kind": self.kind,
                "branches": [{**b.to_json(), "eureka": text}
                             for b, text in zip(self.branches, self.notations)],
                "premises": list(self.premises), "conclusion": self.conclusion,
                "eureka": self.eureka}


def cells_name(geometry: Geometry, cells: tuple[int, ...]) -> str:
    """One cell ``r1c2``; cells of one row ``r1c23``; of one column ``r12c5``; else joined by commas.

    >>> from pysolver.geometry import geometry_for_size
    >>> cells_name(geometry_for_size(9), (4, 13))
    'r12c5'
    """
    rows = sorted({geometry.row_of[c] + 1 for c in cells})
    cols = sorted({geometry.col_of[c] + 1 for c in cells})
    if len(rows) == 1 or len(cols) == 1:
        return "r" + "".join(map(_index, rows)) + "c" + "".join(map(_index, cols))
    return ",".join(geometry.cell_name(c) for c in cells)


def eliminated(geometry: Geometry, eliminations: tuple[tuple[int, int], ...]) -> str:
    """Eureka's conclusion for eliminations: ``r1c1<>5, r2c3<>5``.

    >>> from pysolver.geometry import geometry_for_size
    >>> eliminated(geometry_for_size(9), ((0, 5), (11, 5)))
    'r1c1<>5, r2c3<>5'
    """
    return ", ".join(f"{geometry.cell_name(c)}<>{geometry.symbol(d)}" for c, d in eliminations)


def placed(geometry: Geometry, placements: tuple[tuple[int, int], ...]) -> str:
    """Eureka's conclusion for placements: ``r1c1=5``.

    >>> from pysolver.geometry import geometry_for_size
    >>> placed(geometry_for_size(9), ((0, 5),))
    'r1c1=5'
    """
    return ", ".join(f"{geometry.cell_name(c)}={geometry.symbol(d)}" for c, d in placements)


def _index(i: int) -> str:
    """Rows and columns above 9 (16×16 grids) are bracketed so ``r1c1011`` stays readable."""
    return str(i) if i < 10 else f"[{i}]"


def _symbol(link: Link) -> str:
    return "=" if link.strong else "-"
