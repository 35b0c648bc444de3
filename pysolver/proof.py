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
from .step import Proof, ProofBranch, ProofLink, ProofNode, claim

Chain = tuple[tuple[ProofNode, ...], tuple[ProofLink, ...]]


def eureka(geometry: Geometry, nodes: Sequence[ProofNode], links: Sequence[ProofLink],
           contradiction: str = "", candidates: Sequence[int] = ()) -> str:
    """Eureka notation: ``=`` a strong link, ``-`` a weak one; nodes in one cell share a term.

    A term names its digits when they change: ``(4)r1c2=r1c8-(4=7)r2c8-(7)r2c5``. A chain is one
    run of terms; a net (a node resting on several others, a removal by pointing or claiming, a
    link a nested net proves) is written by ``net_notation``, ending on ``contradiction`` when the
    branch breaks a rule (``candidates``, the board's, name the cells pointing and claiming
    confine a digit to).
    """
    if not nodes:
        return ""
    if _is_chain(nodes, links) and not contradiction:
        return _run(geometry, nodes, list(range(len(nodes))),
                    {(link.start, link.end): link.kind for link in links})
    return net_notation(geometry, nodes, links, contradiction, candidates)


def _is_chain(nodes: Sequence[ProofNode], links: Sequence[ProofLink]) -> bool:
    """Whether the links go from each node to the next, each a real Eureka link: strong into a
    node the chain makes true, weak into one it makes false (for nodes with values)."""
    if len(links) != len(nodes) - 1:
        return False
    for i, link in enumerate(links):
        if (link.start, link.end) != (i, i + 1) or link.kind == "nested":
            return False
        start, end = nodes[link.start].on, nodes[link.end].on
        if start is not None and end is not None and (start == end or end != (link.kind == "strong")):
            return False
    return True


def _run(geometry: Geometry, nodes: Sequence[ProofNode], path: list[int],
         kinds: dict[tuple[int, int], str]) -> str:
    """The terms of a run of nodes, each linked to the one before by ``kinds``."""
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


def net_notation(geometry: Geometry, nodes: Sequence[ProofNode], links: Sequence[ProofLink],
                 contradiction: str = "", candidates: Sequence[int] = ()) -> str:
    """A branch of a net: runs of real links separated by ``, ``, each from a node already shown.

    A node resting on one other continues a run (strong into a true node, weak into a false one).
    A node resting on several is written after its premises in brackets, all of which hold by then:
    ``[r7c2<>6 & r9c2<>6]=(6)r8c2`` (the last place of 6 in a house, or the last candidate of a
    cell). A removal by pointing or claiming goes through the box–line cells the digit is confined
    to: ``[r4c7<>9 & r4c9<>9]=(9)r456c8-r7c8``. A candidate a nested net refutes reads
    ``[net r4c5=3]-(3)r4c5`` (the net from r4c5=3 is written beside the branch). The rule the
    branch breaks, if any, ends it: ``contradiction: row 8 has no place left for 7``.
    """
    parents: dict[int, list[ProofLink]] = {}
    for link in links:
        parents.setdefault(link.end, []).append(link)
    runs: list[tuple[str, list[int]]] = []  # (its premises or group, or "", the run's nodes)
    ends: dict[int, int] = {}  # the last node of a run still open: the run's index
    groups: set[tuple[tuple[int, ...], int]] = set()  # the box–line groups shown so far
    for i, node in enumerate(nodes):
        incoming = parents.get(i, [])
        if not incoming:
            continue
        link = incoming[0]
        if (len(incoming) == 1 and link.kind != "nested" and nodes[link.start].on != node.on
                and node.on == (link.kind == "strong")):
            run = ends.pop(link.start, None)
            if run is None:
                run = len(runs)
                runs.append(("", [link.start]))
            runs[run][1].append(i)
            ends[i] = run
            continue
        if any(link.kind == "nested" for link in incoming):
            # A nested net refutes its own premise, the node's opposite: named by that premise,
            # as the net's own notation is.
            head = f"[net {_literal(geometry, ProofNode(node.cells, node.digit, not node.on))}]"
        else:
            head = "[" + " & ".join(_literal(geometry, nodes[link.start]) for link in incoming) + "]"
            if not node.on:
                group = confined(geometry, [nodes[link.start] for link in incoming], node,
                                  candidates)
                term = f"({geometry.symbol(group.digit)}){cells_name(geometry, group.cells)}"
                # A group shown once is a node like any other: later removals start from it.
                head = term if (group.cells, group.digit) in groups else f"{head}={term}"
                groups.add((group.cells, group.digit))
        ends[i] = len(runs)
        runs.append((head + ("=" if node.on else "-"), [i]))
    written = []
    for head, path in runs:
        kinds = {(path[k], path[k + 1]): "strong" if nodes[path[k + 1]].on else "weak"
                 for k in range(len(path) - 1)}
        terms = _run(geometry, nodes, path, kinds)
        if head.startswith("[") and not terms.startswith("("):
            # The digit after premises is always named: it may differ from theirs.
            terms = f"({geometry.symbol(nodes[path[0]].digit)})" + terms
        written.append(head + terms)
    if not written:
        written.append(_run(geometry, nodes, [0], {}))
    if contradiction:
        written.append(f"contradiction: {contradiction}")
    return ", ".join(written)


def _literal(geometry: Geometry, node: ProofNode) -> str:
    """``r4c9<>9`` or ``r8c2=6``: a node with its value, as a premise is named."""
    return f"{cells_name(geometry, node.cells)}{'=' if node.on else '<>'}{geometry.symbol(node.digit)}"


def confined(geometry: Geometry, gone: list[ProofNode], removed: ProofNode,
              candidates: Sequence[int]) -> ProofNode:
    """The box–line cells a removal by pointing or claiming confines the digit to: where a house
    whose places of the digit outside them are exactly ``gone`` (on the board's ``candidates``)
    meets a house holding ``removed`` outside them. The digit is then true in one of those cells.

    Without the board's candidates the first intersection whose houses fit is taken."""
    from .links import intersections  # links builds on this module's Chain
    cell, bit = removed.cells[0], 1 << (removed.digit - 1)
    gone_cells = {c for node in gone for c in node.cells}
    fits: list[tuple[bool, tuple[int, ...]]] = []
    for box, line, cells in intersections(geometry):
        for source, target in ((box, line), (line, box)):
            outside = set(geometry.houses[source]) - set(cells)
            if cell in geometry.houses[target] and cell not in cells and gone_cells <= outside:
                exact = bool(candidates) and {c for c in outside if candidates[c] & bit} == gone_cells
                fits.append((exact, cells))
    if not fits:
        raise ValueError("a removal resting on several others that is no pointing or claiming")
    # The exact fit first: a house's every place but these cells is gone.
    fits.sort(key=lambda fit: not fit[0])
    return ProofNode(fits[0][1], removed.digit, True)


def chain_proof(geometry: Geometry, chain: Chain, conclusion: str,
                roles: tuple[tuple[str, tuple[int, ...]], ...] = ()) -> Proof:
    """A one-chain proof whose notation reads ``chain => conclusion``."""
    nodes, links = chain
    return Proof(nodes, links, roles, notation=f"{eureka(geometry, nodes, links)} => {conclusion}")


def branched_proof(geometry: Geometry, branches: Sequence[tuple[str, Chain]],
                   conclusion: tuple[str, str], contradiction: str = "",
                   candidates: Sequence[int] = ()) -> Proof:
    """A forcing chain's or net's proof: one branch per premise, all reaching ``conclusion`` (in
    Eureka notation and in words: ``("r4c5<>2", "r4c5 is not 2")``; a branch that breaks a rule,
    ``contradiction``, ends on it; a net's branches need the board's ``candidates`` to name where
    pointing and claiming confine a digit)."""
    drawn = tuple(ProofBranch(premise, nodes, links,
                              eureka(geometry, nodes, links, contradiction, candidates),
                              branch_conclusion(geometry, nodes, contradiction))
                  for premise, (nodes, links) in branches)
    result, said = conclusion
    notation = "; ".join(branch.line for branch in drawn)
    return Proof(branches=drawn, notation=f"{notation} => {result}", result=result, conclusion=said)


def branch_conclusion(geometry: Geometry, nodes: Sequence[ProofNode], contradiction: str = "") -> str:
    """What a branch drawn as ``nodes`` concludes, in words: the rule it breaks, else the value of
    its last node (where the branch ends), ``r4c5 is 6`` or ``r4c5 is not 2``."""
    if contradiction or not nodes:
        return contradiction
    last = nodes[-1]
    return claim(geometry, last.cells[0], last.digit, last.on is not False)


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
