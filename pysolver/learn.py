"""Any small permutation bipartite graph, analysed for the Learn panel: the page's editable examples.

The Learn panel teaches from the examples of Dr. Dobb's "Sudoku & Graph Theory" (a house as a
graph between its cells and its digits, chain and pile exclusion) and, by Berthier's symmetry, one
digit's rows × columns graph, where the same rule is a fish. The person toggles candidates; this
module builds the graph, runs the very analysis the solver uses (``bipartite.analyse``) and says
what follows: the chain or pile and what it excludes, a Hall violation (no solution), or that every
candidate may still belong to a solution. Nothing on the page is pre-written.

>>> lesson = house_lesson([[1, 2, 3, 7], [3, 6], [3, 4], [1, 4], [5, 6, 7], [4, 6], [2, 7],
...                        [8, 9], [8, 9]])
>>> lesson["verdict"]
'Chain: cell 2, cell 3 and cell 6 hold only {3,4,6}, so 3, 4 and 6 leave the other cells: removes 3 from cell 1; 4 from cell 4; 6 from cell 5.'
>>> len(lesson["also"])
2
"""

from __future__ import annotations

from typing import Any, Literal, Sequence

from .bipartite import Analysis, HallViolation, Pattern, PatternKind, analyse
from .bitsets import bit_indices
from .errors import FieldError
from .explain import drawing_json
from .fields import show
from .step import GraphDrawing, GraphVertex, join_names

#: The largest graph the panel edits (a 25×25 Sudoku's house).
MAX_SIDE = 25
Kind = Literal["house", "digit"]


def _names(kind: Kind) -> tuple[str, str]:
    return ("cell", "digit") if kind == "house" else ("row", "column")


def _check(candidates: object, field: str) -> list[list[int]]:
    """The field's list of candidate lists, each value 1..len; a ValueError names what is wrong."""
    if not isinstance(candidates, list) or not 1 <= len(candidates) <= MAX_SIDE:
        raise FieldError(field, f"{field} must be a list of 1 to {MAX_SIDE} lists of numbers, "
                                f"not {show(candidates)}")
    size = len(candidates)
    out = []
    for k, values in enumerate(candidates, start=1):
        if not isinstance(values, list) or not all(
                isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= size for v in values):
            raise FieldError(field, f"{field}[{k}] must list numbers from 1 to {size}, not {show(values)}")
        out.append(sorted(set(values)))
    return out


_KINDS: dict[object, Kind] = {"house": "house", "digit": "digit"}
_PATTERNS: dict[object, PatternKind] = {"chain": "chain", "pile": "pile"}


def lesson(kind_name: object, candidates: object, digit: int = 1,
           prefer_name: object = "chain") -> dict[str, Any]:
    """The graph of ``candidates`` (left vertex k's right neighbours, numbered from 1) and its verdict.

    ``kind`` 'house': cells against digits; 'digit': rows against columns for ``digit``. The drawn
    pattern is the smallest of two or more (a single only when nothing larger removes anything),
    of the ``prefer``red kind when sizes tie.
    """
    kind = _KINDS.get(kind_name)
    prefer = _PATTERNS.get(prefer_name)
    if kind is None:
        raise FieldError("kind", f'kind must be one of "house", "digit", not {show(kind_name)}')
    if prefer is None:
        raise FieldError("prefer", f'prefer must be one of "chain", "pile", not {show(prefer_name)}')
    sets = _check(candidates, "candidates")
    size = len(sets)
    adjacency = tuple(sum(1 << (v - 1) for v in values) for values in sets)
    analysis = analyse(adjacency, (1 << size) - 1)
    left_noun, right_noun = _names(kind)
    left = tuple(GraphVertex(k, f"{left_noun} {k}") for k in range(1, size + 1))
    right = tuple(GraphVertex(v, str(v) if kind == "house" else f"column {v}")
                  for v in range(1, size + 1))
    title = "a house" if kind == "house" else f"digit {digit}: rows × columns"
    symbol = "" if kind == "house" else str(digit)
    edges = tuple((i, j) for i, mask in enumerate(adjacency) for j in bit_indices(mask))
    matching = tuple((i, j) for i, j in enumerate(analysis.match_left) if j >= 0)
    ordered = _distinct(analysis, prefer)
    pattern = ordered[0] if ordered else None
    if analysis.violation is not None:
        v = analysis.violation
        graph = GraphDrawing(kind, title, left, right, edges, matching, "chain" if v.side == "left"
                             else "pile", tuple(bit_indices(v.left)), tuple(bit_indices(v.right)), (),
                             symbol)
        verdict = _violation_text(kind, v, left, right)
    elif pattern is not None:
        graph = GraphDrawing(kind, title, left, right, edges, matching, pattern.kind,
                             tuple(bit_indices(pattern.left)), tuple(bit_indices(pattern.right)),
                             pattern.removed, symbol)
        verdict = _pattern_text(kind, ordered[0], left, right, digit)
    else:
        graph = GraphDrawing(kind, title, left, right, edges, matching, "chain", (), (), (), symbol)
        verdict = (f"A perfect matching pairs every {left_noun} with its own {right_noun}, and no "
                   f"chain or pile removes anything: every candidate may still be in a solution.")
    data = drawing_json(graph, with_stages=pattern is not None and analysis.violation is None)
    removed = sorted({edge for p in analysis.patterns for edge in p.removed})
    also = [_pattern_text(kind, p, left, right, digit) for p in ordered[1:]]
    return {"graph": data, "verdict": verdict, "also": also, "solvable": analysis.violation is None,
            "removed": [[i + 1, j + 1] for i, j in removed],
            "matching": len(matching)}


def house_lesson(candidates: Sequence[Sequence[int]]) -> dict[str, Any]:
    """``lesson`` for a house given as the article writes it: each cell's candidate digits."""
    return lesson("house", [list(values) for values in candidates])


def _distinct(analysis: Analysis, prefer: PatternKind) -> list[Pattern]:
    """The patterns worth naming: pairs and larger before singles, smallest first, ``prefer`` first
    within a size; each removes an edge that none named before it removes."""
    named: list[Pattern] = []
    covered: set[tuple[int, int]] = set()
    for pattern in sorted(analysis.patterns, key=lambda p: (p.size == 1, p.size, p.kind != prefer)):
        if not set(pattern.removed) <= covered:
            named.append(pattern)
            covered |= set(pattern.removed)
    return named


def _removes(kind: Kind, removed: Sequence[tuple[int, int]], left: Sequence[GraphVertex],
             right: Sequence[GraphVertex], digit: int) -> str:
    """'removes 3 from cell 1 and cell 5; 6 from cell 5', or for a digit '5 from r2c3 and r2c7'."""
    if not removed:
        return "nothing to remove"
    if kind == "digit":
        cells = join_names(f"r{left[i].id}c{right[j].id}" for i, j in sorted(removed))
        return f"removes {digit} from {cells}"
    by_right: dict[int, list[str]] = {}
    for i, j in sorted(removed, key=lambda e: (e[1], e[0])):
        by_right.setdefault(j, []).append(left[i].label)
    return "removes " + "; ".join(f"{right[j].label} from {join_names(cells)}"
                                  for j, cells in by_right.items())


def _pattern_text(kind: Kind, pattern: Pattern, left: Sequence[GraphVertex],
                  right: Sequence[GraphVertex], digit: int) -> str:
    lefts = join_names(left[i].label for i in bit_indices(pattern.left))
    rights = [right[j].label for j in bit_indices(pattern.right)]
    removes = _removes(kind, pattern.removed, left, right, digit)
    if kind == "house" and pattern.size == 1:
        if pattern.kind == "chain":
            return (f"Single: {lefts} holds only {rights[0]} (a chain of one), so {rights[0]} leaves "
                    f"the other cells: {removes}.")
        return (f"Single: {rights[0]} fits only in {lefts} (a pile of one), so that cell keeps "
                f"just {rights[0]}: {removes}.")
    if kind == "house":
        if pattern.kind == "chain":
            return (f"Chain: {lefts} hold only {digit_set_text(rights)}, so {join_names(rights)} "
                    f"leave the other cells: {removes}.")
        return (f"Pile: {join_names(rights)} fit only in {lefts}, so those cells keep just "
                f"{digit_set_text(rights)}: {removes}.")
    if pattern.kind == "chain":
        return (f"Fish (a chain on rows): in {lefts} the {digit}s lie only in {join_names(rights)}, "
                f"so {digit} leaves the other rows of those columns: {removes}.")
    return (f"Fish (a pile on columns): in {join_names(rights)} the {digit}s lie only in {lefts}, "
            f"so {digit} leaves the other columns of those rows: {removes}.")


def digit_set_text(labels: Sequence[str]) -> str:
    """``{3,4,6}`` from digit labels."""
    return "{" + ",".join(labels) + "}"


def _violation_text(kind: Kind, violation: HallViolation, left: Sequence[GraphVertex],
                    right: Sequence[GraphVertex]) -> str:
    """Hall's condition, failed on one side, in words that agree in number with what they count:
    'cell 1 needs a digit but none is left for it', 'the digit 5 fits in no cell'."""
    lefts = [left[i].label for i in bit_indices(violation.left)]
    rights = [right[j].label for j in bit_indices(violation.right)]
    left_noun, right_noun = _names(kind)
    ending = ", so no perfect matching exists and this has no solution."
    if violation.side == "left":
        if len(lefts) == 1:
            return f"Hall's condition fails: {lefts[0]} needs a {right_noun} but none is left for it{ending}"
        left_over = ("none is" if not rights else f"only one ({rights[0]}) is" if len(rights) == 1
                     else f"only {len(rights)} ({', '.join(rights)}) are")
        return (f"Hall's condition fails: {join_names(lefts)} need {len(lefts)} different "
                f"{right_noun}s but {left_over} left for them{ending}")
    if kind == "house":
        subject = f"the {right_noun}{'' if len(rights) == 1 else 's'} {join_names(rights)}"
    else:  # the labels name their noun already: 'column 3 and column 5'
        subject = join_names(rights)
    fit = "fits" if len(rights) == 1 else "fit"
    where = (f"in no {left_noun}" if not lefts else f"only in {lefts[0]}" if len(lefts) == 1
             else f"only in {len(lefts)} {left_noun}s ({', '.join(lefts)})")
    return f"Hall's condition fails: {subject} {fit} {where}{ending}"
