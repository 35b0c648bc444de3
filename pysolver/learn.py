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
>>> lesson["also"][0]
'Single: 5 fits only in cell 5 (a pile of one), so that cell keeps just 5: removes 6 and 7 from cell 5.'
>>> len(lesson["also"])
2
>>> lesson["shows"], lesson["technique"]
('Naked Triple', 'chain-exclusion')
"""

from __future__ import annotations

from typing import Any, Literal, Sequence

from .bipartite import Analysis, HallViolation, Pattern, PatternKind, analyse
from .bitsets import bit_indices
from .errors import FieldError
from .explain import drawing_json
from .fields import show
from .graph_stages import MATCHING_STAGE
from .step import GraphDrawing, GraphVertex, digit_cell_products, join_names
from .techniques.exclusion import CHAIN_EXCLUSION, FISH, PILE_EXCLUSION, fish_name, subset_name

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
#: What a lesson teaches: "exclusion" (the chain, pile or fish the graph proves), or "matching"
#: (the first lesson: the graph and its perfect matching, before any exclusion is taught).
TEACHES = ("exclusion", "matching")


def lesson(kind_name: object, candidates: object, digit: int = 1,
           prefer_name: object = "chain", teach: str = "exclusion") -> dict[str, Any]:
    """The graph of ``candidates`` (left vertex k's right neighbours, numbered from 1) and its verdict.

    ``kind`` 'house': cells against digits; 'digit': rows against columns for ``digit``. The drawn
    pattern is the smallest of two or more (a single only when nothing larger removes anything),
    of the ``prefer``red kind when sizes tie. ``teach`` "matching" words the verdict as the
    perfect matching alone and opens the drawing at its matching stage. The reply names the
    step the drawn pattern is (``shows``, as the solver names it: "Naked Triple", "X-Wing") and
    its technique's ``technique`` slug, so the page can offer a puzzle that needs it; and the
    stage to open at (``stage``: an index into the graph's stages, or null for the whole picture).
    """
    kind = _KINDS.get(kind_name)
    prefer = _PATTERNS.get(prefer_name)
    if kind is None:
        raise FieldError("kind", f'kind must be one of "house", "digit", not {show(kind_name)}')
    if prefer is None:
        raise FieldError("prefer", f'prefer must be one of "chain", "pile", not {show(prefer_name)}')
    if teach not in TEACHES:
        raise FieldError("teach", f'teach must be one of "exclusion", "matching", not {show(teach)}')
    sets = _check(candidates, "candidates")
    size = len(sets)
    adjacency = tuple(sum(1 << (v - 1) for v in values) for values in sets)
    analysis = analyse(adjacency, (1 << size) - 1)
    left_noun, right_noun = _names(kind)
    # A digit's rows and columns are numbered from 0, as a step's graph numbers them, so that the
    # stages name a candidate's cell as they do on a board ("r2c3").
    first = 1 if kind == "house" else 0
    left = tuple(GraphVertex(k - 1 + first, f"{left_noun} {k}") for k in range(1, size + 1))
    right = tuple(GraphVertex(v - 1 + first, str(v) if kind == "house" else f"column {v}")
                  for v in range(1, size + 1))
    title = "the house" if kind == "house" else f"digit {digit}: rows × columns"
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
    data = drawing_json(graph)
    removed = sorted({edge for p in analysis.patterns for edge in p.removed})
    also = [_pattern_text(kind, p, left, right, digit) for p in ordered[1:]]
    stage_names = [stage["name"] for stage in data["stages"]]
    if teach == "matching" and analysis.violation is None:
        verdict = (f"A perfect matching (the thick lines) pairs every {left_noun} with its own "
                   f"{right_noun}: " + ", ".join(f"{left[i].label} gets {right[j].label}"
                                                 for i, j in matching)
                   + ". So this graph can still be completed; the next lessons show what else it proves.")
        also = []
    shows, technique = (_step_name(kind, pattern) if analysis.violation is None and teach != "matching"
                        else (None, None))
    return {"graph": data, "verdict": verdict, "also": also, "solvable": analysis.violation is None,
            "removed": [[i + 1, j + 1] for i, j in removed],
            "matching": len(matching), "shows": shows, "technique": technique,
            "stage": (stage_names.index(MATCHING_STAGE)
                      if teach == "matching" and MATCHING_STAGE in stage_names else None)}


def house_lesson(candidates: Sequence[Sequence[int]]) -> dict[str, Any]:
    """``lesson`` for a house given as the article writes it: each cell's candidate digits."""
    return lesson("house", [list(values) for values in candidates])


def _step_name(kind: Kind, pattern: Pattern | None) -> tuple[str | None, str | None]:
    """The step the solver would report for ``pattern`` and its technique's slug (none for a single:
    the solver finds those as singles first)."""
    if pattern is None or pattern.size == 1:
        return None, None
    if kind == "digit":
        return fish_name(pattern.size), FISH.slug
    record = CHAIN_EXCLUSION if pattern.kind == "chain" else PILE_EXCLUSION
    return subset_name(pattern.kind, pattern.size), record.slug


def _distinct(analysis: Analysis, prefer: PatternKind) -> list[Pattern]:
    """The patterns worth naming: first the one drawn (the smallest of two or more, ``prefer``
    first within a size; a single only when nothing larger removes anything), then, smallest
    first, each that removes an edge none named before it removes. Smallest first, so that a
    large pattern that only repeats what a single says ("cells 1-4, 6 and 7 hold only 1-4, 6
    and 7" beside "5 fits only in cell 5", its complement) is never named."""
    order = sorted(analysis.patterns, key=lambda p: (p.size, p.kind != prefer))
    drawn = next((p for p in order if p.size > 1), order[0] if order else None)
    if drawn is None:
        return []
    named = [drawn]
    covered = set(drawn.removed)
    for pattern in order:
        if not set(pattern.removed) <= covered:
            named.append(pattern)
            covered |= set(pattern.removed)
    return named


def _removes(kind: Kind, removed: Sequence[tuple[int, int]], left: Sequence[GraphVertex],
             right: Sequence[GraphVertex], digit: int) -> str:
    """'removes 3 from cell 1 and cell 5; 6 and 7 from cell 2' in as few true digit × cell
    products as the board's steps use, or for a digit 'removes 5 from r2c3 and r2c7'."""
    if not removed:
        return "nothing to remove"
    if kind == "digit":
        cells = join_names(f"r{left[i].id + 1}c{right[j].id + 1}" for i, j in sorted(removed))
        return f"removes {digit} from {cells}"
    return "removes " + "; ".join(
        f"{join_names(right[j].label for j in digits)} from {join_names(left[i].label for i in cells)}"
        for digits, cells in digit_cell_products(removed))


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
    name = "Single" if pattern.size == 1 else fish_name(pattern.size)
    if pattern.kind == "chain":
        return (f"{name}: in {lefts} the {digit}s lie only in {join_names(rights)} (a chain on "
                f"rows), so {digit} leaves the other rows of those columns: {removes}.")
    return (f"{name}: in {join_names(rights)} the {digit}s lie only in {lefts} (a pile on "
            f"columns), so {digit} leaves the other columns of those rows: {removes}.")


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
