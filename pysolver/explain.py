"""Words for the page: a step's short effect, the three levels of a hint, a mistake named.

A hint is a ladder, as in HoDoKu: first only which technique to look for and where (the house or
area), nothing revealed; then the pattern that proves it, highlighted; then the whole deduction
with what it places or removes, and its bipartite graph. Each level is the step's JSON with only
what that level reveals, so the page draws every level with the code that draws a step. When a
digit on the board is wrong, the first hint says so and names the cell instead of teaching from a
broken position.

>>> from pysolver.geometry import geometry_for_size
>>> from pysolver.step import Step
>>> from pysolver.techniques.singles import HIDDEN_SINGLE
>>> geo = geometry_for_size(9)
>>> step = Step(HIDDEN_SINGLE, "Hidden Single", "r1c1 is the only place for 5 in row 1.",
...             houses=(0,), cells=(0,), digits=(5,), pattern=((0, 5),), placements=((0, 5),))
>>> hint_json(geo, step, 1)["text"]
'Look for a Hidden Single in row 1.'
>>> hint_json(geo, step, 1)["placements"], hint_json(geo, step, 3)["placements"]
([], [[0, 5]])
>>> effect(geo, step)
'r1c1 = 5'
"""

from __future__ import annotations

from typing import Any, Iterable

from .geometry import Geometry
from .graph_layout import PreviousOrder, layout, previous_order
from .graph_stages import fin_edges, is_hall_violation, stages, vertex_name
from .play import counted
from .step import GraphDrawing, GraphVertex, Step, join_names
from .techniques.guessing import BACKTRACK
from .techniques.singles import HIDDEN_SINGLE, NAKED_SINGLE

#: How many levels the hint ladder has.
LEVELS = 3

#: The title of a hint that names a mistake (a wrong digit, lost notes, a dead end) instead of a step.
MISTAKE_TITLE = "Hint: a mistake"


def hint_title(name: str, level: int) -> str:
    """A hint's heading, which the page draws over its words (the step panel, and the line under
    the play bar on a phone): how far up the ladder, and the technique the level names.

    >>> hint_title("X-Wing", 2)
    'Hint 2 of 3: X-Wing'
    """
    return f"Hint {level} of {LEVELS}: {name}"


def effect(geometry: Geometry, step: Step) -> str:
    """A short effect for the history list: ``r3c5 = 7``, ``−4 r1c2 r1c3``, or counts when many."""
    parts = []
    if step.technique is BACKTRACK and step.eliminations:
        cell, digit = step.eliminations[0]
        parts.append(f"guess {geometry.cell_name(cell)} = {geometry.symbol(digit)} abandoned")
    if len(step.placements) > 3:
        parts.append(f"places {len(step.placements)} digits")
    else:
        parts += [f"{geometry.cell_name(c)} = {geometry.symbol(d)}" for c, d in step.placements]
    if len(step.eliminations) > 4:
        parts.append(f"removes {len(step.eliminations)} candidates")
    else:
        by_digit: dict[int, list[str]] = {}
        for cell, digit in step.eliminations:
            by_digit.setdefault(digit, []).append(geometry.cell_name(cell))
        parts += [f"−{geometry.symbol(d)} {' '.join(cells)}" for d, cells in by_digit.items()]
    return "; ".join(parts)


def graph_json(geometry: Geometry, graph: GraphDrawing, earlier: Iterable[Step] = (), *,
               with_stages: bool = True) -> dict[str, Any]:
    """A step's drawn graph: its layout, the stages of its argument and each vertex's board cells.

    ``earlier`` are the steps before this one, oldest first: the graphs they drew of the same house
    (or digit) are laid out in turn, so this drawing starts from the order the last one left.
    """
    previous: PreviousOrder | None = None
    for before in earlier:
        if before.graph is not None and _same_graph(before.graph, graph):
            previous = previous_order(before.graph, layout(before.graph, previous))
    data = drawing_json(graph, previous, with_stages=with_stages)
    for side, cells in zip(("left", "right"), vertex_cells(geometry, graph)):
        for vertex, on_board in zip(data[side], cells):
            vertex["cells"] = on_board
    return data


def drawing_json(graph: GraphDrawing, previous: PreviousOrder | None = None, *,
                 with_stages: bool = True) -> dict[str, Any]:
    """Any drawn graph with its layout, its stages (a Hall violation's always), ``violation``:
    whether it has no perfect matching, its pattern being the set that breaks Hall's condition,
    and ``fins``: the edges leaving the pattern, a finned fish's fins (none for any other). Each
    vertex carries its ``name`` as words say it ("digit 8" for the label "8"), for the page's
    spoken names of the vertices."""
    placed = layout(graph, previous)
    violation = is_hall_violation(graph)
    fins = fin_edges(graph)
    hidden = sum(slot < 0 for slot in (*placed.left, *placed.right))
    data = graph.to_json()
    for side in ("left", "right"):
        for index, vertex in enumerate(data[side]):
            vertex["name"] = vertex_name(graph, side, index)
    return {**data, "layout": {"left": list(placed.left), "right": list(placed.right)},
            "violation": violation, "fins": [list(e) for e in fins],
            "described": described(graph, violation=violation, fins=len(fins), hidden=hidden),
            "stages": [stage.to_json() for stage in stages(graph)] if with_stages or violation else []}


def described(graph: GraphDrawing, *, violation: bool, fins: int, hidden: int) -> str:
    """What a screen reader hears for the whole drawing: the graph, what its pattern is (or that it
    breaks Hall's condition), its fins, how many edges the step removes, and how many vertices the
    drawing leaves out. Worded here, with the rest of the graph's words, so the page adds none.

    >>> from pysolver.step import GraphVertex
    >>> cells = tuple(GraphVertex(c, f"r1c{c + 1}") for c in range(3))
    >>> digits = tuple(GraphVertex(d, str(d)) for d in (1, 2, 3))
    >>> pair = GraphDrawing("house", "row 1", cells, digits,
    ...                     ((0, 0), (0, 1), (1, 0), (1, 1), (2, 1), (2, 2)), ((0, 0), (1, 1), (2, 2)),
    ...                     "chain", (0, 1), (0, 1), ((2, 1),))
    >>> described(pair, violation=False, fins=0, hidden=0)
    'row 1: chain of r1c1, r1c2 and 1, 2; 1 edge removed'
    >>> described(pair, violation=False, fins=2, hidden=1)
    'row 1: chain of r1c1, r1c2 and 1, 2, but for 2 fins; 1 edge removed; 1 other vertex not drawn'
    """
    def names(side: tuple[GraphVertex, ...], picked: tuple[int, ...]) -> str:
        return ", ".join(side[i].label for i in picked)

    members = " and ".join(filter(None, (names(graph.left, graph.pattern_left),
                                         names(graph.right, graph.pattern_right))))
    if violation:
        return f"{graph.title}: no perfect matching; Hall's condition fails for {members}"
    if not members:
        return f"{graph.title}: a perfect matching; nothing to remove"
    but = f", but for {counted(fins, 'fin')}" if fins else ""
    left_out = f"; {hidden} other {'vertex' if hidden == 1 else 'vertices'} not drawn" if hidden else ""
    return f"{graph.title}: {graph.pattern_kind} of {members}{but}; {counted(len(graph.removed), 'edge')} removed{left_out}"


def _same_graph(a: GraphDrawing, b: GraphDrawing) -> bool:
    """Drawings of the same house, or of the same digit's rows and columns."""
    return (a.kind, a.title) == (b.kind, b.title)


def vertex_cells(geometry: Geometry, graph: GraphDrawing) -> tuple[list[list[int]], list[list[int]]]:
    """The board cells each vertex stands for, so the page can light one from the other.

    In a house graph a cell vertex is its cell and a digit vertex the cells where it is still a
    candidate; in a digit's graph a row or a column is the cells where the digit is a candidate.
    """
    def cell(i: int, j: int) -> int:
        if graph.kind == "house":
            return graph.left[i].id
        return geometry.cell_at(graph.left[i].id, graph.right[j].id)

    left: list[list[int]] = [[v.id] if graph.kind == "house" else [] for v in graph.left]
    right: list[list[int]] = [[] for _ in graph.right]
    for i, j in graph.edges:
        if graph.kind == "digit":
            left[i].append(cell(i, j))
        right[j].append(cell(i, j))
    return [sorted(c) for c in left], [sorted(c) for c in right]


def step_json(geometry: Geometry, step: Step, earlier: Iterable[Step] = ()) -> dict[str, Any]:
    """A step's JSON with its effect text, as the history and the reason panel show it."""
    data = {**step.to_json(), "effect": effect(geometry, step)}
    if step.graph is not None:
        data["graph"] = graph_json(geometry, step.graph, earlier)
    return data


def _area(geometry: Geometry, step: Step) -> tuple[int, ...]:
    """The house a first hint points at without giving the answer away, none for a step on one
    digit's rows and columns (a fish), whose houses would draw the pattern. Else the step's first
    house: a naked single lists first the house its graph is drawn for (``naked_single_house``
    says why that one), and only that one, since its cell's three houses together would name the
    cell. A pattern of several cells over three houses, one a box, is pointed at by its box (a
    2-String Kite's, where its two strings meet)."""
    if step.view == "digit" or not step.houses:
        return ()
    boxes = [h for h in step.houses if geometry.house_kind(h) == "box"]
    several = len(step.cells) > 1 and len(step.houses) == 3
    return (boxes[0],) if several and boxes else step.houses[:1]


def _where(geometry: Geometry, step: Step) -> str:
    """'row 1', 'box 5', 'the grid for digit 7'."""
    area = _area(geometry, step)
    where = join_names(geometry.house_name(h) for h in area) or "the grid"
    return f"{where} for digit {geometry.symbol(step.digit)}" if step.digit else where


def _named(name: str) -> str:
    """'a Naked Pair', 'an X-Wing'; no article for 'Pointing', 'Remote Pairs', 'BUG+1'."""
    if name.endswith(("ing", "s", "+1")) and not name.endswith("Wing"):
        return name
    vowel = name[:1] in "AEIOX" or (name[:1] == "U" and not name.startswith("Uni"))
    return f"{'an' if vowel else 'a'} {name}"


def hint_json(geometry: Geometry, step: Step, level: int, earlier: Iterable[Step] = ()) -> dict[str, Any]:
    """The step as hint level 1, 2 or 3 reveals it (its fields emptied beyond the level).

    ``earlier``: the steps already taken, so a graph keeps the order its house was last drawn in.
    """
    full = step_json(geometry, step, earlier)
    if level >= LEVELS:
        return {**full, "level": LEVELS, "kind": "step", "title": hint_title(step.name, LEVELS)}
    hidden: dict[str, Any] = {"placements": [], "eliminations": [], "graph": None, "proof": None,
                              "effect": "", "details": "", "title": hint_title(step.name, level)}
    if level == 1:
        return {**full, **hidden, "level": 1, "kind": "step", "cells": [], "digits": [], "pattern": [],
                "houses": list(_area(geometry, step)), "digit": None,
                "text": f"Look for {_named(step.name)} in {_where(geometry, step)}."}
    if step.technique in (NAKED_SINGLE, HIDDEN_SINGLE):
        return {**full, **hidden, **_half_of_single(geometry, step), "level": 2, "kind": "step"}
    cells = join_names(geometry.cell_name(c) for c in sorted({c for c, _ in step.pattern} or
                                                             set(step.cells)))
    single = len(step.pattern) == 1
    return {**full, **hidden, "level": 2, "kind": "step",
            "text": f"The {_shown(step.name)} is highlighted: the green candidate{'' if single else 's'} in "
                    f"{cells}. What {'does it' if single else 'do they'} let you place or remove?"}


def _half_of_single(geometry: Geometry, step: Step) -> dict[str, Any]:
    """A single's second hint: half of its answer. Its pattern is the very candidate to place, so
    highlighting it (as every other pattern is) would give the whole step away: a naked single
    shows its cell and asks for the digit, a hidden single names its digit and asks for the cell
    in the house the first hint named."""
    (cell, digit), = step.pattern
    symbol = geometry.symbol(digit)
    if step.technique is NAKED_SINGLE:
        return {"cells": [cell], "digits": [], "pattern": [], "digit": None,
                "houses": list(_area(geometry, step)),
                "text": f"The Naked Single is in {geometry.cell_name(cell)}, highlighted: only one "
                        f"digit can still go there. Which one?"}
    where = geometry.house_name(step.houses[0])
    return {"cells": [], "digits": [digit], "pattern": [], "houses": list(step.houses[:1]),
            "text": f"The Hidden Single is in {where}, for the digit {symbol}: only one cell "
                    f"there can still hold it. Which one?"}


def _shown(name: str) -> str:
    """'Naked Single', 'Pointing pattern': a name without an article ("Pointing", "Remote
    Pairs") reads as a pattern's name."""
    return name if _named(name) != name else f"{name} pattern"


def said_hint(geometry: Geometry, hint: dict[str, Any]) -> str:
    """A hint's words where nothing is drawn (the CLI): the second level, which on the page
    highlights the pattern, names its candidates instead; every other hint is its text.

    >>> from pysolver.geometry import geometry_for_size
    >>> from pysolver.step import Step
    >>> from pysolver.techniques.singles import NAKED_SINGLE
    >>> from pysolver.techniques.exclusion import CHAIN_EXCLUSION
    >>> geo = geometry_for_size(9)
    >>> single = Step(NAKED_SINGLE, "Naked Single", "r9c9 can only be 3.", houses=(8, 17, 26),
    ...               cells=(80,), digits=(3,), pattern=((80, 3),), placements=((80, 3),))
    >>> said_hint(geo, hint_json(geo, single, 2))
    'The Naked Single is in r9c9, highlighted: only one digit can still go there. Which one?'
    >>> pair = Step(CHAIN_EXCLUSION, "Naked Pair", "", cells=(0, 4),
    ...             pattern=((0, 1), (0, 7), (4, 1), (4, 7)))
    >>> said_hint(geo, hint_json(geo, pair, 2))
    'The Naked Pair is the candidates 1 and 7 in r1c1 and r1c5. What do they let you place or remove?'
    """
    if (hint.get("kind") != "step" or hint.get("level") != 2
            or hint.get("technique") in (NAKED_SINGLE.slug, HIDDEN_SINGLE.slug)):
        return str(hint["text"])  # a single's second hint draws nothing its words do not say
    pattern = [(int(cell), int(digit)) for cell, digit in hint["pattern"]]
    name = _shown(str(hint["name"]))
    if not pattern:
        cells = join_names(geometry.cell_name(c) for c in sorted(hint["cells"]))
        return f"The {name} is in {cells}. What does it let you place or remove?"
    by_digit: dict[int, list[int]] = {}
    for cell, digit in sorted(pattern):
        by_digit.setdefault(digit, []).append(cell)
    by_cells: dict[tuple[int, ...], list[int]] = {}
    for digit in sorted(by_digit):
        by_cells.setdefault(tuple(by_digit[digit]), []).append(digit)
    single = len(pattern) == 1
    said = "; ".join(f"{join_names(geometry.symbol(d) for d in digits)} in "
                     f"{join_names(geometry.cell_name(c) for c in cells)}"
                     for cells, digits in by_cells.items())
    return (f"The {name} is the candidate{'' if single else 's'} {said}. "
            f"What {'does it' if single else 'do they'} let you place or remove?")


def mistake_json(geometry: Geometry, wrong: list[tuple[int, int]]) -> dict[str, Any]:
    """The first hint when digits on the board are wrong: the first one named, the others counted."""
    cell, digit = wrong[0]
    others = len(wrong) - 1
    more = (f" {others} more digit{'s are' if others > 1 else ' is'} wrong: Check names "
            f"{'them' if others > 1 else 'it'}." if others else "")
    return {"technique": "mistake", "name": "Mistake", "title": MISTAKE_TITLE, "level": 1,
            "kind": "mistake", "size": 0, "view": "cell", "houses": [], "digit": digit, "cells": [cell],
            "digits": [digit],
            "pattern": [], "placements": [], "eliminations": [], "graph": None, "effect": "",
            "details": "",
            "text": f"{wrong_text(geometry, cell, digit)}: erase it (or Undo) before going on, or "
                    f"the next steps would build on it.{more}"}


def lost_notes_json(geometry: Geometry, cells: list[int]) -> dict[str, Any]:
    """The first hint when notes have lost their cell's digit (and no digit is wrong): the first
    such cell named, the others counted; the digit itself is not told, which would give it away."""
    others = len(cells) - 1
    many = others > 1
    more = (f" {others} more cell{'s have' if many else ' has'} lost {'theirs' if many else 'its'}"
            f": Check names {'them' if many else 'it'}." if others else "")
    return {"technique": "mistake", "name": "Mistake", "title": MISTAKE_TITLE, "level": 1,
            "kind": "mistake", "size": 0, "view": "cell", "houses": [], "digit": None, "cells": [cells[0]],
            "digits": [],
            "pattern": [], "placements": [], "eliminations": [], "graph": None, "effect": "",
            "details": "",
            "text": f"{lost_note_text(geometry, cells[0])}. Add it back (or Fill notes) before "
                    f"going on, or the notes would lead you astray.{more}"}


def dead_end_json(geometry: Geometry, last: tuple[int, int] | None, earlier: int = 0) -> dict[str, Any]:
    """The first hint when the player's digits leave a puzzle of several solutions none: said
    instead of a step, which would teach from a position that cannot be finished."""
    return {"technique": "mistake", "name": "Mistake", "title": MISTAKE_TITLE, "level": 1,
            "kind": "mistake", "size": 0, "view": "cell", "houses": [],
            "digit": None if last is None else last[1],
            "cells": [] if last is None else [last[0]], "digits": [] if last is None else [last[1]],
            "pattern": [], "placements": [], "eliminations": [], "graph": None, "effect": "",
            "details": "", "text": f"{dead_end_text(geometry, last, earlier)}."}


def dead_end_text(geometry: Geometry, last: tuple[int, int] | None, earlier: int = 0) -> str:
    """``No solution is left from this position: ...``; ``last``: the player's digit that took the
    last solutions away, when known, and ``earlier``: how many of theirs came before it (they
    still leave some).

    >>> from pysolver.geometry import geometry_for_size
    >>> dead_end_text(geometry_for_size(9), (36, 3), 2)
    'No solution is left from this position: the puzzle has solutions with the 2 digits you placed before your 3 in r5c1, and none with it too. Erase it or one of those (or Undo) before going on'
    """
    if last is None:
        return ("No solution is left from this position: your digits leave none. Erase one of "
                "them (or Undo) before going on")
    cell, digit = last
    yours = f"your {geometry.symbol(digit)} in {geometry.cell_name(cell)}"
    if not earlier:
        return (f"No solution is left from this position: the puzzle has none with {yours}. "
                f"Erase it (or Undo) before going on")
    before = "the digit" if earlier == 1 else f"the {earlier} digits"
    return (f"No solution is left from this position: the puzzle has solutions with {before} you "
            f"placed before {yours}, and none with it too. Erase it or "
            f"{'that one' if earlier == 1 else 'one of those'} (or Undo) before going on")


def wrong_text(geometry: Geometry, cell: int, digit: int) -> str:
    """``r3c5: 4 is not this cell's digit``."""
    return f"{geometry.cell_name(cell)}: {geometry.symbol(digit)} is not this cell's digit"


def lost_note_text(geometry: Geometry, cell: int) -> str:
    """``r2c2: the notes lost this cell's digit``."""
    return f"{geometry.cell_name(cell)}: the notes lost this cell's digit"
