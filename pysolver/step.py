"""One deduction as an immutable value, and its JSON for the browser.

As in HoDoKu, finding is separate from applying: a finder returns a ``Step`` saying which technique,
which house, which cells and digits prove it (the pattern), what it places and what it eliminates,
and its reason in two layers: ``text``, at most two short sentences shown beside the board (what
the pattern is, then what it does), and ``details``, the whole argument behind the page's "why?"
disclosure and the CLI's ``why:`` line. Cells are always named ``r3c5`` and houses "row 3",
"column 5", "box 4", in the CLI and on the page alike. Chain, pile and fish steps also carry the
bipartite graph they were read from, so the page can draw the graph theory behind the step without
deriving anything itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Callable, Iterable, Literal, Sequence

from .geometry import Geometry
from .techniques import Technique

Candidate = tuple[int, int]  # (cell, digit)
View = Literal["cell", "house", "digit", "search"]


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
    #: The digit's symbol of a digit's rows × columns graph (its stages speak of it); "" for a house.
    symbol: str = ""

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

#: ``nested``: a nested forcing net's conclusion, summarised as one derived link (its sub-proof is
#: one of ``Proof.nets``).
LinkKind = Literal["strong", "weak", "nested"]


@dataclass(frozen=True)
class ProofNode:
    """A candidate of the pattern, or a group of them: one digit in one cell or several cells.

    A group (the cells of a box-line intersection holding the digit) acts as one node: true when
    the digit is in one of its cells.
    """

    cells: tuple[int, ...]
    digit: int
    #: The value a chain gives the node (drawn in the "on" or "off" colour); None outside chains.
    on: bool | None = None

    def to_json(self) -> dict[str, Any]:
        """``{"cells": [...], "digit": d}``, with ``"on": true|false`` for a chain's node."""
        data: dict[str, Any] = {"cells": list(self.cells), "digit": self.digit}
        if self.on is not None:
            data["on"] = self.on
        return data


@dataclass(frozen=True)
class ProofLink:
    """An inference between two nodes (indices into ``Proof.nodes``).

    Strong: at least one of the two is true (the only two places of a digit in a house, the only
    two digits of a cell). Weak: at most one is true (two candidates that see each other).
    Nested: a net nested inside the branch proves the end from the start; ``net`` is the index of
    its sub-proof in ``Proof.nets``.
    """

    start: int
    end: int
    kind: LinkKind
    net: int | None = None

    def to_json(self) -> dict[str, Any]:
        """``{"from": i, "to": j, "kind": "strong" | "weak"}``; a nested link adds ``"net": k``."""
        data: dict[str, Any] = {"from": self.start, "to": self.end, "kind": self.kind}
        if self.net is not None:
            data["net"] = self.net
        return data


@dataclass(frozen=True)
class ProofBranch:
    """One branch of a forcing chain or net: its premise and the implications drawn from it."""

    premise: str
    nodes: tuple[ProofNode, ...]
    links: tuple[ProofLink, ...]
    notation: str = ""
    #: What the branch concludes, in words: "r4c5 is not 2", "r4c5 is 6", or the rule it breaks,
    #: "row 8 has no place left for 7".
    conclusion: str = ""

    @property
    def line(self) -> str:
        """The branch in Eureka notation after its premise: ``r6c5=4: (4)r6c5-...``."""
        return f"{self.premise}: {self.notation}"

    def _said(self, then: str) -> str:
        """The premise and, after ``then``, what it concludes in words; the premise alone when the
        branch has no conclusion. The one place a branch's conclusion is worded, so the caption
        and the branch's button say the same thing."""
        return f"{self.premise}{then}{self.conclusion}" if self.conclusion else self.premise

    @property
    def caption(self) -> str:
        """What the page writes under the board when this branch is drawn alone: its premise and
        what it concludes, in words, then its line (``r6c5=4 ⇒ r4c5 is not 2`` and, on the next
        line, ``r6c5=4: (4)r6c5-...``)."""
        return f"{self._said(' ⇒ ')}\n{self.line}" if self.conclusion else self.line

    @property
    def choice(self) -> str:
        """What the page's button that draws this branch alone is named after, in prose rather
        than the caption's arrow, since a screen reader speaks it: ``r6c5=4, so r4c5 is not 2``."""
        return self._said(", so ")

    def to_json(self) -> dict[str, Any]:
        """``{"premise": "r1c2=4", "nodes": [...], "links": [...], "notation": "...",
        "conclusion": "r4c5 is not 2", "caption": "r1c2=4 ⇒ r4c5 is not 2\\nr1c2=4: ...",
        "choice": "r1c2=4, so r4c5 is not 2", "line": "r1c2=4: ..."}``."""
        return {"premise": self.premise, "nodes": [node.to_json() for node in self.nodes],
                "links": [link.to_json() for link in self.links], "notation": self.notation,
                "conclusion": self.conclusion, "caption": self.caption, "choice": self.choice,
                "line": self.line}


@dataclass(frozen=True)
class ProofNet:
    """A net nested inside a branch of a nested forcing net: the sub-proof behind one derived link.

    The page draws the main branches first, each nested net as the one ``nested`` link it proves
    (``summary``, e.g. "a nested net shows r4c5 is not 3"), and this sub-proof only when asked.
    ``branch`` is the index of the main branch it serves; ``shows`` its conclusion in Eureka
    notation, ``reason`` the argument in words.
    """

    premise: str
    branch: int
    shows: str
    summary: str
    reason: str
    nodes: tuple[ProofNode, ...]
    links: tuple[ProofLink, ...]
    notation: str = ""

    def to_json(self) -> dict[str, Any]:
        """``{"premise": "r4c5=3", "branch": 0, "shows": "r4c5<>3", "summary": "...",
        "reason": "...", "nodes": [...], "links": [...], "notation": "..."}``."""
        return {"premise": self.premise, "branch": self.branch, "shows": self.shows,
                "summary": self.summary, "reason": self.reason, "nodes": [node.to_json() for node in self.nodes],
                "links": [link.to_json() for link in self.links], "notation": self.notation}


#: The words for each role, as the steps' texts say them (the key under the board shows them
#: beside the outlines); a technique whose text says otherwise gives its own (``Proof.labels``).
ROLE_LABELS = {
    "pivot": "pivot", "pincers": "pincers", "fins": "fins", "base": "base", "roof": "roof",
    "floor": "floor", "extra": "extra candidate", "box": "box", "link": "strong link",
    "ends": "ends", "on": "one colour", "off": "other colour", "intersection": "crossing",
    "line-set": "line set", "box-set": "box set", "als-a": "set A", "als-b": "set B",
    "restricted": "restricted common digit",
}


@dataclass(frozen=True)
class Proof:
    """The pattern behind a step, as data the page draws on the candidates.

    ``nodes`` and ``links`` draw it as a chain (strong links solid, weak links dashed); ``roles``
    names the cells that play a part, in the words of the technique's published description:
    ``pivot``, ``pincers``, ``fins``, ``base``, ``cover``, ``roof``, ``floor``, ``hinge``, ``box``...
    A forcing chain or net has one ``branches`` entry per premise instead of nodes of its own; a
    nested forcing net also has ``nets``, the sub-proofs of its ``nested`` links.
    ``notation`` is the whole proof in Eureka notation, as the forums write it.
    """

    nodes: tuple[ProofNode, ...] = ()
    links: tuple[ProofLink, ...] = ()
    roles: tuple[tuple[str, tuple[int, ...]], ...] = ()
    branches: tuple[ProofBranch, ...] = ()
    notation: str = ""
    nets: tuple[ProofNet, ...] = ()
    #: Each role's name in the step's own words where they differ from ``ROLE_LABELS`` (an
    #: almost locked set's letter: "set A", or "set S1" from 12×12 on).
    labels: tuple[tuple[str, str], ...] = ()
    #: A forcing chain's or net's conclusion in Eureka notation, ``r4c5<>2`` (the last term of
    #: ``notation``), and in words, ``r4c5 is not 2``; empty for a proof without branches.
    result: str = ""
    conclusion: str = ""

    def role_labels(self) -> dict[str, str]:
        """Every role's display label: the step's own (``labels``), else ``ROLE_LABELS``' (a
        lone fin is "fin", as the text says)."""
        own = dict(self.labels)
        return {name: own.get(name) or ("fin" if name == "fins" and len(cells) == 1 else
                                        ROLE_LABELS.get(name, name.replace("-", " ")))
                for name, cells in self.roles}

    @property
    def caption(self) -> str:
        """What the page writes under the board when every branch is drawn: how many, and what
        they conclude together, in the words of a branch's own caption (``ProofBranch.caption``):
        ``3 branches, each in its colour, together ⇒ r4c5 is not 2``. Empty with fewer than two
        branches (the page then offers no choice of branch)."""
        if len(self.branches) < 2:
            return ""
        return f"{len(self.branches)} branches, each in its colour, together ⇒ {self.conclusion}"

    @property
    def lines(self) -> list[str]:
        """The proof in Eureka notation as the "why?" disclosure lists it: one line per branch
        (after its premise) and the conclusion, or the whole notation on one line."""
        if self.branches:
            return [branch.line for branch in self.branches] + [f"=> {self.result}"]
        return [self.notation] if self.notation else []

    def to_json(self) -> dict[str, Any]:
        """``{"nodes": [...], "links": [...], "roles": {"pivot": [cells], ...}, "role_labels":
        {"pivot": "pivot", "als-a": "set A", ...}, "branches": [...], "notation": "...", "lines":
        [...], "caption": "..."}``, and ``"nets": [...]`` when a net is nested."""
        data: dict[str, Any] = {"nodes": [node.to_json() for node in self.nodes],
                                "links": [link.to_json() for link in self.links],
                                "roles": {name: list(cells) for name, cells in self.roles},
                                "role_labels": self.role_labels(),
                                "branches": [branch.to_json() for branch in self.branches],
                                "notation": self.notation, "lines": self.lines,
                                "caption": self.caption}
        if self.nets:
            data["nets"] = [net.to_json() for net in self.nets]
        return data


@dataclass(frozen=True)
class Step:
    """A single deduction (or a guess, a backtrack, a search finish) and why it holds.

    ``technique`` is the technique's record (``pysolver.techniques``): its slug, title, level and
    weight come from there, never from the step's display ``name``.
    """

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
    #: The graph the step was read from as the page draws it (``graph``), or how to draw it: a
    #: single's drawing is built only when asked for, since a solve meets a single at nearly every
    #: step and shows few of them (drawing each made a logic solve about 29% slower).
    graph_source: GraphDrawing | Callable[[], GraphDrawing | None] | None = field(
        default=None, repr=False, compare=False)
    proof: Proof | None = field(default=None, repr=False)
    #: The whole argument behind ``text`` (which stays within two short sentences).
    details: str = field(default="", repr=False)

    @cached_property
    def graph(self) -> GraphDrawing | None:
        """The bipartite graph the step was read from, as the page draws it, or None."""
        source = self.graph_source
        return source() if callable(source) else source

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
            "details": self.details,
            "graph": self.graph.to_json() if self.graph else None,
            "proof": self.proof.to_json() if self.proof else None,
        }


#: Counts said in words, as a sentence says them; larger ones stay figures.
_NUMBER_WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight",
                 9: "nine"}


def number_word(count: int) -> str:
    """A count of two to nine in words, any other in figures.

    >>> number_word(3), number_word(12)
    ('three', '12')
    """
    return _NUMBER_WORDS.get(count, str(count))


def join_names(names: Iterable[str], last: str = "and") -> str:
    """'a', 'a and b', 'a, b and c' (or 'a, b or c' with ``last="or"``).

    >>> join_names(["row 1", "row 4", "row 7"])
    'row 1, row 4 and row 7'
    >>> join_names(["r1c1", "r1c2"], "or")
    'r1c1 or r1c2'
    """
    items = list(names)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {last} " + items[-1]


def digit_cell_products(eliminations: Iterable[Candidate]) -> list[tuple[list[int], list[int]]]:
    """The candidates as few (digits, cells) products as a truthful grouping allows: each product's
    every digit leaves every one of its cells, and the products together are exactly the candidates.

    Grouped by digit (digits removed from the same cells share a group) or by cell (cells losing
    the same digits share one), whichever takes fewer groups, then fewer words; by digit on a tie.

    >>> digit_cell_products([(0, 3), (6, 3), (0, 5), (6, 5)])
    [([3, 5], [0, 6])]
    >>> digit_cell_products([(9, 4), (9, 6), (30, 8), (30, 9)])
    [([4, 6], [9]), ([8, 9], [30])]
    """
    removed = set(eliminations)
    by_digit: dict[int, set[int]] = {}
    by_cell: dict[int, set[int]] = {}
    for cell, digit in removed:
        by_digit.setdefault(digit, set()).add(cell)
        by_cell.setdefault(cell, set()).add(digit)
    digit_groups: dict[frozenset[int], list[int]] = {}
    for digit in sorted(by_digit):
        digit_groups.setdefault(frozenset(by_digit[digit]), []).append(digit)
    cell_groups: dict[frozenset[int], list[int]] = {}
    for cell in sorted(by_cell):
        cell_groups.setdefault(frozenset(by_cell[cell]), []).append(cell)
    per_digit = [(digits, sorted(cells)) for cells, digits in digit_groups.items()]
    per_cell = [(sorted(digits), cells) for digits, cells in cell_groups.items()]

    def cost(groups: list[tuple[list[int], list[int]]]) -> tuple[int, int]:
        return len(groups), sum(len(digits) + len(cells) for digits, cells in groups)

    return per_cell if cost(per_cell) < cost(per_digit) else per_digit


def describe_eliminations(geometry: Geometry, eliminations: Iterable[Candidate]) -> str:
    """Eliminated candidates in few groups, each a true product of digits and cells:
    ``3 from r1c1 and r1c7; 6 from r1c5``, ``4, 6, 7 and 9 from r2c9``.

    >>> from pysolver.geometry import geometry_for_size
    >>> geo = geometry_for_size(9)
    >>> describe_eliminations(geo, [(0, 3), (4, 6), (6, 3)])
    '3 from r1c1 and r1c7; 6 from r1c5'
    >>> describe_eliminations(geo, [(17, 4), (17, 6), (17, 7), (17, 9)])
    '4, 6, 7 and 9 from r2c9'
    """
    return "; ".join(
        f"{join_names(geometry.symbol(d) for d in digits)} from "
        f"{join_names(geometry.cell_name(c) for c in cells)}"
        for digits, cells in digit_cell_products(eliminations))


#: Beyond this many groups of eliminations, the short text counts the candidates instead.
_MOST_GROUPS = 3


def outcome(geometry: Geometry, placements: Iterable[Candidate] = (),
            eliminations: Iterable[Candidate] = ()) -> str:
    """A step's effect as the short second sentence of its text: ``So 4 leaves r9c1 and r9c3.``

    Digits and cells are named together only when every digit leaves every cell; otherwise each
    digit (or cell) gets its own clause. Beyond six cells the cells are counted (within their house
    when they share one): the board shows them and the details list them.

    >>> from pysolver.geometry import geometry_for_size
    >>> geo = geometry_for_size(9)
    >>> outcome(geo, eliminations=[(0, 3), (6, 3)])
    'So 3 leaves r1c1 and r1c7.'
    >>> outcome(geo, eliminations=[(c, d) for c in (0, 1, 2, 3) for d in (5, 7)])
    'So 5 and 7 leave r1c1, r1c2, r1c3 and r1c4.'
    >>> outcome(geo, eliminations=[(12, 8), (17, 1)])
    'So 1 leaves r2c9 and 8 leaves r2c4.'
    >>> outcome(geo, eliminations=[(63, 4), (63, 6), (76, 8), (76, 9)])
    'So 4 and 6 leave r8c1; 8 and 9 leave r9c5.'
    >>> outcome(geo, placements=[(40, 9)])
    'So r5c5 is 9.'
    """
    placed = sorted(placements)
    removed = sorted(set(eliminations))
    parts = []
    if len(placed) > 3:
        parts.append(f"{len(placed)} cells are filled")
    elif placed:
        parts.append(join_names(f"{geometry.cell_name(c)} is {geometry.symbol(d)}" for c, d in placed))
    groups = digit_cell_products(removed)
    if len(groups) > _MOST_GROUPS:
        cells = sorted({c for c, _ in removed})
        parts.append(f"{len(removed)} candidates leave {_cells_text(geometry, cells)}")
    for digits, cells in groups if len(groups) <= _MOST_GROUPS else ():
        verb = "leaves" if len(digits) == 1 else "leave"
        parts.append(f"{join_names(geometry.symbol(d) for d in digits)} {verb} {_cells_text(geometry, cells)}")
    if not parts:
        return ""
    simple = not any(" and " in part or ", " in part for part in parts)
    return f"So {join_names(parts) if simple else '; '.join(parts)}."


#: Up to this many cells are named in a short text; more are counted.
_MOST_NAMED = 6


def _cells_text(geometry: Geometry, cells: list[int]) -> str:
    """``r1c1 and r1c7``; beyond six cells ``7 cells of column 4`` or ``8 cells``."""
    if len(cells) <= _MOST_NAMED:
        return join_names(geometry.cell_name(c) for c in cells)
    shared = set(geometry.houses_of[cells[0]]).intersection(*(geometry.houses_of[c] for c in cells))
    return f"{len(cells)} cells of {geometry.house_name(min(shared))}" if shared else f"{len(cells)} cells"


def digit_set(geometry: Geometry, digits: Iterable[int]) -> str:
    """``{3,4,6}``.

    >>> from pysolver.geometry import geometry_for_size
    >>> digit_set(geometry_for_size(9), [6, 3, 4])
    '{3,4,6}'
    """
    return "{" + ",".join(geometry.symbol(d) for d in sorted(digits)) + "}"


def claim(geometry: Geometry, cell: int, digit: int, on: bool = True) -> str:
    """A candidate true or false, in words (Eureka's ``r8c1=7`` stays for the notation).

    >>> from pysolver.geometry import geometry_for_size
    >>> claim(geometry_for_size(9), 63, 7), claim(geometry_for_size(9), 63, 7, False)
    ('r8c1 is 7', 'r8c1 is not 7')
    """
    return f"{geometry.cell_name(cell)} is {'' if on else 'not '}{geometry.symbol(digit)}"


def cases(geometry: Geometry, premises: Sequence[tuple[int, int, bool]], house: str = "") -> str:
    """The premises of a forcing chain or net, one of which holds, in words: a candidate both ways,
    the digits of one cell, or the places of one digit in ``house``.

    >>> from pysolver.geometry import geometry_for_size
    >>> geo = geometry_for_size(9)
    >>> cases(geo, [(63, 7, True), (63, 7, False)])
    'whether r8c1 is 7 or not'
    >>> cases(geo, [(0, 5, True), (0, 7, True), (0, 9, True)])
    'whichever digit r1c1 holds (5, 7 or 9)'
    >>> cases(geo, [(0, 5, True), (4, 5, True)], "row 1")
    'wherever 5 goes in row 1 (r1c1 or r1c5)'
    """
    cells = list(dict.fromkeys(cell for cell, _, _ in premises))
    digits = list(dict.fromkeys(digit for _, digit, _ in premises))
    if len(cells) == 1 and len(digits) == 1:
        return f"whether {claim(geometry, cells[0], digits[0])} or not"
    if len(cells) == 1:
        return (f"whichever digit {geometry.cell_name(cells[0])} holds "
                f"({join_names((geometry.symbol(d) for d in digits), 'or')})")
    return (f"wherever {geometry.symbol(digits[0])} goes in {house} "
            f"({join_names((geometry.cell_name(c) for c in cells), 'or')})")
