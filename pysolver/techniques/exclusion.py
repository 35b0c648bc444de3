"""Chain exclusion and pile exclusion on every view: naked and hidden subsets, and the fish.

Dr. Dobb's "Sudoku & Graph Theory" has two rules; they run unchanged on both kinds of permutation
bipartite graph (``views``): in a house they are naked subsets (chains) and hidden subsets (piles)
of any size; on one digit's rows × columns graph they are the fish, X-Wing for two, Swordfish for
three, Jellyfish for four (a chain there is a row-based fish, a pile a column-based one).
``bipartite.analyse`` finds every chain and pile closure from a maximum matching; this module turns
each into a ``Step`` with its reason and its graph, and orders them so that a learner meets the
smallest first.
"""

from __future__ import annotations

from typing import Iterator

from ..bipartite import Analysis, Pattern, analyse
from ..bitsets import bit_indices
from ..board import Board, Contradiction
from ..geometry import Geometry, plural
from ..levels import Level
from ..step import GraphDrawing, GraphVertex, Step, describe_eliminations, digit_set, join_names
from ..views import ViewGraph, all_views
from . import SizeGrade, Technique

SUBSET_NAMES = {1: "Single", 2: "Pair", 3: "Triple", 4: "Quad", 5: "Quint", 6: "Sextet"}
FISH_NAMES = {2: "X-Wing", 3: "Swordfish", 4: "Jellyfish", 5: "Squirmbag", 6: "Whale",
              7: "Leviathan"}
_NUMBER_WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}


def subset_name(kind: str, size: int) -> str:
    """``Naked Pair``, ``Hidden Triple``, ``Naked Subset of 7``.

    >>> subset_name("chain", 2), subset_name("pile", 9)
    ('Naked Pair', 'Hidden Subset of 9')
    """
    prefix = "Naked" if kind == "chain" else "Hidden"
    return f"{prefix} {SUBSET_NAMES[size]}" if size in SUBSET_NAMES else f"{prefix} Subset of {size}"


def fish_name(size: int) -> str:
    """``X-Wing``, ``Swordfish``, ``Jellyfish``, …, ``Fish of size 9``.

    >>> fish_name(3)
    'Swordfish'
    """
    return FISH_NAMES.get(size, f"Fish of size {size}")


def difficulty_key(view_kind: str, pattern: Pattern) -> tuple[int, int, int]:
    """Order of presentation: house subsets up to triples, then fish and larger subsets, by size.

    Within a size, chain before pile, house before digit view, so the simplest explanation comes first.
    """
    house = view_kind == "house"
    tier = 0 if house and pattern.size <= 3 else 1
    rank = (0 if house else 2) + (0 if pattern.kind == "chain" else 1)
    return tier, pattern.size, rank


def find_exclusions(board: Board) -> Iterator[Step]:
    """Every chain and pile step of every view, simplest first; nothing at the fixpoint.

    Patterns are ranked first and turned into steps lazily: a caller wanting one step builds one.
    """
    found = []
    for view in all_views(board):
        analysis = analyse(view.adjacency, view.right_all)
        for pattern in analysis.patterns:
            found.append((difficulty_key(view.kind, pattern), view, analysis, pattern))
    found.sort(key=lambda item: item[0])
    for _, view, analysis, pattern in found:
        yield _step(board.geometry, view, analysis, pattern)


def hall_contradiction(board: Board) -> Contradiction | None:
    """A view without a perfect matching: more cells than digits for them (or the reverse)."""
    geo = board.geometry
    for view in all_views(board):
        analysis = analyse(view.adjacency, view.right_all)
        if analysis.violation:
            return _describe_violation(geo, view, analysis)
    return None


def _describe_violation(geo: Geometry, view: ViewGraph, analysis: Analysis) -> Contradiction:
    violation = analysis.violation
    assert violation is not None
    graph = _drawing(geo, view, analysis, Pattern("chain" if violation.side == "left" else "pile",
                                                  violation.left, violation.right, ()))
    lefts = [view.left_label(geo, i) for i in bit_indices(violation.left)]
    rights = [view.right_label(geo, j) for j in bit_indices(violation.right)]
    if view.kind == "house":
        where = geo.house_name(view.index)
        cells = tuple(view.left[i] for i in bit_indices(violation.left))
        if violation.side == "left":
            digits = digit_set(geo, (j + 1 for j in bit_indices(violation.right)))
            message = (f"in {where}, {join_names(lefts)} need {len(lefts)} different digits but "
                       f"only {digits} remain for them")
        else:
            places = join_names(lefts) if lefts else "no cell"
            message = (f"in {where}, the digits {join_names(rights)} fit only in {places}")
        return Contradiction(message, cell=cells[0] if len(cells) == 1 else None,
                             house=view.index, cells=cells, graph=graph)
    digit = geo.symbol(view.index)
    rows, columns = bit_indices(violation.left), bit_indices(violation.right)
    if violation.side == "left":  # these rows need the digit: outline them and its places there
        houses = tuple(geo.row(view.left[i]) for i in rows)
        cells = tuple(view.candidate(geo, i, j)[0] for i in rows for j in range(geo.n)
                      if view.adjacency[i] >> j & 1)
    else:
        houses = tuple(geo.column(j) for j in columns)
        cells = tuple(view.candidate(geo, i, j)[0] for i in range(len(view.left)) for j in columns
                      if view.adjacency[i] >> j & 1)
    if violation.side == "left":
        message = (f"{digit} must still go in {join_names(lefts)}, but only "
                   f"{join_names(rights) if rights else 'no column'} can take it")
    else:
        message = (f"{digit} must still go in {join_names(rights)}, but only "
                   f"{join_names(lefts) if lefts else 'no row'} can take it")
    return Contradiction(message, cells=tuple(sorted(cells)), houses=houses, graph=graph)


def _step(geo: Geometry, view: ViewGraph, analysis: Analysis, pattern: Pattern) -> Step:
    lefts = bit_indices(pattern.left)
    rights = bit_indices(pattern.right)
    pattern_candidates = tuple(
        view.candidate(geo, i, j) for i in lefts for j in rights if view.adjacency[i] >> j & 1)
    eliminations = tuple(sorted(view.candidate(geo, i, j) for i, j in pattern.removed))
    removes = describe_eliminations(geo, eliminations)
    size = pattern.size
    graph = _drawing(geo, view, analysis, pattern)
    if view.kind == "house":
        house = view.index
        where = geo.house_name(house)
        cells = tuple(view.left[i] for i in lefts)
        digits = tuple(j + 1 for j in rights)
        cell_names = join_names(geo.cell_name(c) for c in cells)
        digit_names = join_names(geo.symbol(d) for d in digits)
        count = _NUMBER_WORDS.get(size, str(size))
        subset = subset_name(pattern.kind, size).lower()
        if size == 1:  # with the singles switched off, chain and pile exclusion find them
            technique = CHAIN_EXCLUSION if pattern.kind == "chain" else PILE_EXCLUSION
            if pattern.kind == "chain":
                text = (f"In {where}, {cell_names} holds only {digit_names}. "
                        f"So {digit_names} leaves the other cells of {where}.")
                details = (f"Chain exclusion of size one ({subset}): {cell_names} has only "
                           f"{digit_names} left, so it takes {digit_names} and no other cell of "
                           f"{where} can hold it. In the house's graph (a line for each "
                           f"candidate) the only line from {cell_names} goes to {digit_names}: "
                           f"removes {removes}.")
            else:
                text = (f"In {where}, {digit_names} fits only in {cell_names}. "
                        f"So that cell keeps just {digit_names}.")
                details = (f"Pile exclusion of size one ({subset}): {where} needs one "
                           f"{digit_names} and only {cell_names} can take it, so that cell holds "
                           f"{digit_names} and no other digit. In the house's graph (a line for "
                           f"each candidate) the only line from {digit_names} goes to "
                           f"{cell_names}: removes {removes}.")
        elif pattern.kind == "chain":
            technique = CHAIN_EXCLUSION
            text = (f"In {where}, {cell_names} hold only {digit_names}. "
                    f"So {digit_names} leave the other cells of {where}.")
            details = (f"Chain exclusion ({subset}): these {count} cells need {count} different "
                       f"digits and have only {digit_set(geo, digits)} between them, so they take "
                       f"exactly those digits, one each, and no other cell of {where} can hold one "
                       f"of them. In the house's graph (a line for each candidate) the lines from "
                       f"these {count} cells reach only {count} digits, which meets Hall's "
                       f"condition (any k cells must together have at least k digits) with no "
                       f"room to spare: removes {removes}.")
        else:
            technique = PILE_EXCLUSION
            text = (f"In {where}, {digit_names} fit only in {cell_names}. "
                    f"So those cells keep just {digit_names}.")
            details = (f"Pile exclusion ({subset}): {where} needs these {count} digits, and "
                       f"they have only those {count} cells between them, so they fill them, one "
                       f"each, and the cells have no room for another digit. It is chain exclusion "
                       f"seen from the digits: in the house's graph (a line for each candidate) the "
                       f"lines from these {count} digits reach only {count} cells, as few as can "
                       f"hold them: removes {removes}.")
        return Step(technique, subset_name(pattern.kind, size), text, size=size, view="house",
                    houses=(house,), cells=cells, digits=digits, pattern=pattern_candidates,
                    eliminations=eliminations, graph_source=graph, details=details)
    digit = view.index
    symbol = geo.symbol(digit)
    rows = [view.left[i] for i in lefts]
    if pattern.kind == "chain":
        base = [geo.row(r) for r in rows]
        cover = [geo.column(c) for c in rights]
    else:
        base = [geo.column(c) for c in rights]
        cover = [geo.row(r) for r in rows]
    base_names = join_names(geo.house_name(h) for h in base)
    cover_names = join_names(geo.house_name(h) for h in cover)
    graph_rule = "chain" if pattern.kind == "chain" else "pile"
    count = _NUMBER_WORDS.get(size, str(size))
    lines = "rows" if pattern.kind == "chain" else "columns"
    text = (f"In {base_names}, the {plural(symbol)} lie only in {cover_names}. "
            f"So {symbol} leaves the rest of {cover_names}.")
    details = (f"{fish_name(size)} on {symbol}, {graph_rule} exclusion in the graph of {symbol}'s "
               f"rows × columns: {base_names} each need one {symbol}, and all of them lie in "
               f"{cover_names}, so those {count} {plural(symbol)} fill {cover_names} (one each) and no "
               f"other cell of {cover_names} outside these {lines} can hold {symbol}: "
               f"removes {removes}.")
    return Step(FISH, fish_name(size), text, size=size, view="digit",
                houses=tuple(base + cover), digit=digit,
                cells=tuple(c for c, _ in pattern_candidates), digits=(digit,),
                pattern=pattern_candidates, eliminations=eliminations, graph_source=graph,
                details=details)


def _drawing(geo: Geometry, view: ViewGraph, analysis: Analysis, pattern: Pattern) -> GraphDrawing:
    """The view's graph with right vertices renumbered 0..m−1 for drawing."""
    right_ids = bit_indices(view.right_all)
    position = {j: k for k, j in enumerate(right_ids)}
    left_ids = [view.left[i] for i in range(len(view.left))]
    return GraphDrawing(
        kind=view.kind,
        title=view.title(geo),
        left=tuple(GraphVertex(left_ids[i], view.left_label(geo, i)) for i in range(len(left_ids))),
        right=tuple(GraphVertex(j + 1 if view.kind == "house" else j, view.right_label(geo, j))
                    for j in right_ids),
        edges=tuple((i, position[j]) for i, mask in enumerate(view.adjacency)
                    for j in bit_indices(mask)),
        matching=tuple((i, position[j]) for i, j in enumerate(analysis.match_left) if j >= 0),
        pattern_kind=pattern.kind,
        pattern_left=tuple(bit_indices(pattern.left)),
        pattern_right=tuple(position[j] for j in bit_indices(pattern.right)),
        removed=tuple((i, position[j]) for i, j in pattern.removed),
        symbol=geo.symbol(view.index) if view.kind == "digit" else "",
    )


def _grades(level_of: dict[int, Level], weights: dict[int, int]) -> tuple[SizeGrade, ...]:
    return tuple(SizeGrade(size, level_of[size], weight) for size, weight in weights.items())


_HOUSE_LEVELS = {1: Level.EASY, 2: Level.HARD, 3: Level.HARD, 4: Level.EXPERT}
_FISH_LEVELS = {size: Level.EXPERT for size in range(1, 6)}

#: HoDoKu's weights: naked pair 60, triple 80, quad 120; hidden 70, 100, 150; X-Wing 140,
#: Swordfish 150, Jellyfish 160, larger fish 470. HoDoKu stops at quads; 16×16 grids need larger
#: subsets, weighed 30 more per cell.
CHAIN_EXCLUSION = Technique(
    "chain-exclusion", "Chain exclusion (naked subsets)", "chain and pile exclusion", Level.HARD,
    60, find_exclusions,
    grades=_grades(_HOUSE_LEVELS, {1: 4, 2: 60, 3: 80, 4: 120}), growth=30,
    summary="k cells of a house hold only k digits: those digits leave the house's other cells.")
PILE_EXCLUSION = Technique(
    "pile-exclusion", "Pile exclusion (hidden subsets)", "chain and pile exclusion", Level.HARD,
    70, find_exclusions,
    grades=_grades(_HOUSE_LEVELS, {1: 14, 2: 70, 3: 100, 4: 150}), growth=30,
    summary="k digits of a house fit only in k cells: those cells keep only those digits.")
FISH = Technique(
    "fish", "Fish (X-Wing, Swordfish, Jellyfish)", "fish", Level.EXPERT, 140, find_exclusions,
    grades=_grades(_FISH_LEVELS, {2: 140, 3: 150, 4: 160, 5: 470}),
    summary="Chain or pile exclusion on one digit's rows × columns graph.")
TECHNIQUES = (CHAIN_EXCLUSION, PILE_EXCLUSION, FISH)
