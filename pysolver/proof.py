"""Chain proofs as data, and Eureka notation: the one vocabulary every chain-like step is drawn in.

Every chain-like step — an X-Chain, an alternating inference chain (AIC), a nice loop, a colouring,
each branch of a forcing chain or net — is drawn as HoDoKu and SudokuWiki users know it: a *node* is
a digit in one cell or in the cells of a box–line intersection (a grouped node); a *strong* link
says "if this one is off, that one is on", a *weak* link "if this one is on, that one is off"; each
node carries the value the chain gives it (on or off). The values are ``step.ProofNode`` and
``step.ProofLink``, shared with every other pattern's proof. This module writes a chain in Eureka
notation as the forums do, for example ``(4)r1c2=r1c8-(4=7)r2c8``, and assembles the proofs.

>>> from pysolver.geometry import geometry_for_size
>>> nodes = (ProofNode((1,), 4, False), ProofNode((7,), 4, True), ProofNode((16,), 4, False),
...          ProofNode((16,), 7, True))
>>> links = (ProofLink(0, 1, "strong"), ProofLink(1, 2, "weak"), ProofLink(2, 3, "strong"))
>>> eureka(geometry_for_size(9), nodes, links)
'(4)r1c2=r1c8-(4=7)r2c8'
"""

from __future__ import annotations

from typing import Sequence

from .geometry import Geometry
from .step import Proof, ProofBranch, ProofLink, ProofNode

Chain = tuple[tuple[ProofNode, ...], tuple[ProofLink, ...]]


def eureka(geometry: Geometry, nodes: Sequence[ProofNode], links: Sequence[ProofLink]) -> str:
    """Eureka notation: ``=`` a strong link, ``-`` a weak one; nodes in one cell share a term.

    A term names its digits when they change: ``(4)r1c2=r1c8-(4=7)r2c8-(7)r2c5``. A branch of a net
    (a node with several parents) is written along the path of each node's last-listed parent.
    """
    if not nodes:
        return ""
    # A nested net's derived link reads as what it makes of its end: on "=", off "-".
    kinds = {(link.start, link.end): link.kind if link.kind != "nested"
             else "strong" if nodes[link.end].on else "weak" for link in links}
    path = _main_path(len(nodes), links)
    terms: list[str] = []
    previous_digit = 0
    i = 0
    while i < len(path):
        node = nodes[path[i]]
        digits = [geometry.symbol(node.digit)]
        j = i
        while j + 1 < len(path) and nodes[path[j + 1]].cells == node.cells:
            j += 1
            digits.append(_symbol(kinds[(path[j - 1], path[j])]))
            digits.append(geometry.symbol(nodes[path[j]].digit))
        shown = len(digits) > 1 or node.digit != previous_digit
        term = (f"({''.join(digits)})" if shown else "") + cells_name(geometry, node.cells)
        if terms:
            term = _symbol(kinds[(path[i - 1], path[i])]) + term
        terms.append(term)
        previous_digit = nodes[path[j]].digit
        i = j + 1
    return "".join(terms)


def _main_path(count: int, links: Sequence[ProofLink]) -> list[int]:
    """The nodes from the first to the last, following each node's last-listed parent back."""
    parent: dict[int, int] = {}
    for link in links:
        parent[link.end] = link.start
    path = [count - 1]
    while path[-1] in parent and parent[path[-1]] not in path:
        path.append(parent[path[-1]])
    return path[::-1]


def chain_proof(geometry: Geometry, chain: Chain, conclusion: str,
                roles: tuple[tuple[str, tuple[int, ...]], ...] = ()) -> Proof:
    """A one-chain proof whose notation reads ``chain => conclusion``."""
    nodes, links = chain
    return Proof(nodes, links, roles, notation=f"{eureka(geometry, nodes, links)} => {conclusion}")


def branched_proof(geometry: Geometry, branches: Sequence[tuple[str, Chain]],
                   conclusion: str) -> Proof:
    """A forcing chain's or net's proof: one branch per premise, all reaching ``conclusion``."""
    drawn = tuple(ProofBranch(premise, nodes, links, eureka(geometry, nodes, links))
                  for premise, (nodes, links) in branches)
    notation = "; ".join(f"{b.premise}: {b.notation}" for b in drawn)
    return Proof(branches=drawn, notation=f"{notation} => {conclusion}")


def cells_name(geometry: Geometry, cells: tuple[int, ...]) -> str:
    """One cell ``r1c2``; cells of one row ``r1c23``; of one column ``r12c5``; else joined by commas.

    The compact forms only on grids up to 9×9: from 10 rows on, ``r12c1`` already names row 12's
    first cell, so a group is written cell by cell (``r1c1,r2c1``) and no name means two things.

    >>> from pysolver.geometry import geometry_for_size
    >>> cells_name(geometry_for_size(9), (4, 13))
    'r12c5'
    >>> cells_name(geometry_for_size(12), (0, 12))
    'r1c1,r2c1'
    """
    rows = sorted({geometry.row_of[c] + 1 for c in cells})
    cols = sorted({geometry.col_of[c] + 1 for c in cells})
    if geometry.n <= 9 and (len(rows) == 1 or len(cols) == 1):
        return "r" + "".join(map(str, rows)) + "c" + "".join(map(str, cols))
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


def _symbol(kind: str) -> str:
    return "=" if kind == "strong" else "-"
