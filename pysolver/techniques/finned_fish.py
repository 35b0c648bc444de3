"""Finned and sashimi fish (X-Wing to Jellyfish), read from one digit's rows × columns graph.

A basic fish is chain exclusion in the digit's bipartite graph of rows against columns (the same
graph ``views.digit_view`` gives the basic fish): k base rows whose edges reach only k cover
columns. A *finned* fish has extra edges, the *fins*, all in one box: either a fin holds the digit,
or the fish does and the digit leaves the rest of its cover columns. Only the cells of the cover
columns that lie in the fins' box see both cases, so only they lose the digit. The fish is
*sashimi* when a base row, without its fins, has a single cover cell left (the fish alone would be
degenerate). Rows and columns swap for column-based fish. As described in HoDoKu's technique pages
("Finned/Sashimi Fish").
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Iterator, TypeVar

from ..bitsets import bit_indices
from ..board import Board
from ..geometry import Geometry, plural
from ..levels import Level
from ..drawings import view_drawing
from ..step import (Candidate, GraphDrawing, Proof, Step, describe_eliminations, join_names,
                    outcome)
from ..views import ViewGraph, digit_view
from . import SizeGrade, Technique
from .exclusion import fish_name

_T = TypeVar("_T")

#: The fish sizes looked for (HoDoKu's X-Wing, Swordfish and Jellyfish).
SIZES = (2, 3, 4)


def _transpose(by_row: dict[int, int]) -> dict[int, int]:
    """The column-based lines of a digit from its row-based ones."""
    by_col: dict[int, int] = {}
    for row, mask in by_row.items():
        for col in bit_indices(mask):
            by_col[col] = by_col.get(col, 0) | 1 << row
    return by_col


@dataclass(frozen=True)
class _BoxFish:
    """One digit's base lines (rows, or columns when ``rows_base`` is false) read against a box
    where fins could lie: the box's band of base lines, its stack of cover lines as a mask, and per
    base line (in ``lines`` order) the cover lines it needs whatever the fins — outside the stack
    if the line crosses the box, else all of them — with their count."""

    digit: int
    rows_base: bool
    lines: dict[int, int]
    band: range
    stack: int
    needs: tuple[tuple[int, int, int, bool], ...]  # (line, needed covers, their count, in band)


def find_finned_fish(board: Board) -> Iterator[Step]:
    """Finned, then sashimi fish, smallest first (HoDoKu's weights order them so)."""
    geo = board.geometry
    digits = []
    for digit in geo.digits:
        view = digit_view(board, digit)
        by_row = {row: mask for row, mask in zip(view.left, view.adjacency) if mask}
        digits.append((digit, by_row, tuple(by_row.items())))
    for size in SIZES:
        found: dict[bool, list[Step]] = {False: [], True: []}
        seen: set[frozenset[Candidate]] = set()
        for digit, by_row, state in digits:
            for step in _digit_fish(board, digit, by_row, state, size):
                key = frozenset(step.eliminations)
                if key not in seen:
                    seen.add(key)
                    found[step.technique is SASHIMI_FISH].append(step)
        yield from found[False]
        yield from found[True]


#: How many (digit, size) answers ``_digit_fish`` keeps: those of a few positions.
FISH_CACHE_SIZE = 1024
_BOXES: dict[tuple[object, ...], list[_BoxFish]] = {}
_FISH: dict[tuple[object, ...], list[Step]] = {}


def _digit_fish(board: Board, digit: int, by_row: dict[int, int],
                state: tuple[tuple[int, int], ...], size: int) -> list[Step]:
    """The digit's finned fish of ``size``, row-based then column-based, box by box.

    They depend on the digit's candidates alone (``state``: its row masks), which most steps
    leave as they were, so the answers of the last few positions are kept.
    """
    geo = board.geometry
    key = (geo, digit, state)
    boxes = _BOXES.get(key)
    if boxes is None:
        boxes = []
        for rows_base in (True, False):
            lines = by_row if rows_base else _transpose(by_row)
            for box in range(geo.n):
                fish = _box_fish(geo, digit, rows_base, lines, box)
                if fish is not None:
                    boxes.append(fish)
        _remember(_BOXES, key, boxes)
    sized = (geo, digit, state, size)
    steps = _FISH.get(sized)
    if steps is None:
        view = digit_view(board, digit)
        steps = [step for fish in boxes for step in _fish_in_box(geo, board, fish, size, view)]
        _remember(_FISH, sized, steps)
    return steps


def _remember(cache: dict[tuple[object, ...], list[_T]], key: tuple[object, ...],
              value: list[_T]) -> None:
    if len(cache) >= FISH_CACHE_SIZE:
        del cache[next(iter(cache))]
    cache[key] = value


def _box_fish(geo: Geometry, digit: int, rows_base: bool, lines: dict[int, int],
              box: int) -> _BoxFish | None:
    """The digit's lines read against ``box`` (0-based box index); None when no finned fish can
    have its fins there: that needs the digit in the box in a base line (the fin) and in another
    line of the band (the cell that loses it)."""
    first_cell = geo.houses[2 * geo.n + box][0]
    band_start = geo.row_of[first_cell] if rows_base else geo.col_of[first_cell]
    stack_start = geo.col_of[first_cell] if rows_base else geo.row_of[first_cell]
    band_size, stack_size = ((geo.box_rows, geo.box_cols) if rows_base
                             else (geo.box_cols, geo.box_rows))
    band = range(band_start, band_start + band_size)
    stack = ((1 << stack_size) - 1) << stack_start
    if sum(1 for line in band if lines.get(line, 0) & stack) < 2:
        return None
    needs = []
    for line, mask in lines.items():
        needed = mask & ~stack if line in band else mask
        needs.append((line, needed, needed.bit_count(), bool(mask & stack) and line in band))
    return _BoxFish(digit, rows_base, lines, band, stack, tuple(needs))


def _fish_in_box(geo: Geometry, board: Board, fish: _BoxFish, size: int,
                 view: ViewGraph) -> Iterator[Step]:
    """The finned fish of ``size`` whose fins lie in the box of ``fish`` (``view``: the digit's
    rows × columns graph, drawn with each step)."""
    lines, band, stack = fish.lines, fish.band, fish.stack
    eligible = [(line, needed, in_box) for line, needed, count, in_box in fish.needs
                if count <= size]
    if not any(in_box for _, _, in_box in eligible):
        return
    for base, required in _bases(eligible, size):
        in_band = [line for line in base if line in band]
        free = size - required.bit_count()
        optional = 0
        for line in in_band:
            optional |= lines[line] & stack & ~required
        # The cells that could lose the digit: in the box, in the band's lines outside the base.
        losing = 0
        for line in band:
            if line not in base:
                losing |= lines.get(line, 0) & stack
        if not losing & (required | optional):
            continue
        for extra in combinations(bit_indices(optional), free):
            cover = required
            for index in extra:
                cover |= 1 << index
            if not losing & cover or any(not lines[line] & cover for line in base):
                continue
            if not any(lines[line] & stack & ~cover for line in in_band):
                continue  # no fin
            step = _finned_step(geo, board, fish.digit, fish.rows_base, lines, base, cover, band,
                                stack, view)
            if step is not None:
                yield step


def _bases(eligible: list[tuple[int, int, bool]],
           size: int) -> list[tuple[tuple[int, ...], int]]:
    """The ``size``-line bases, in the order of ``itertools.combinations``, with at least one line
    holding the digit in the fins' box (where a fin must lie) and needing at most ``size`` cover
    lines between them.

    Found depth first, dropping a partial base as soon as it needs too many cover lines (adding
    lines never needs fewer), so the many hopeless combinations are never listed.
    """
    found: list[tuple[tuple[int, ...], int]] = []
    chosen: list[int] = []

    def extend(start: int, required: int, crossing: bool) -> None:
        if len(chosen) == size:
            if crossing:
                found.append((tuple(chosen), required))
            return
        for k in range(start, len(eligible) - (size - len(chosen)) + 1):
            line, needed, in_box = eligible[k]
            union = required | needed
            if union.bit_count() > size:
                continue
            chosen.append(line)
            extend(k + 1, union, crossing or in_box)
            chosen.pop()

    extend(0, 0, False)
    return found


def lines_name(geo: Geometry, houses: list[int]) -> str:
    """Lines of one kind as a reader says them: 'rows 2 and 4', 'columns 1, 5 and 9', 'column 3'.

    >>> from pysolver.geometry import geometry_for_size
    >>> geo = geometry_for_size(9)
    >>> lines_name(geo, [geo.row(1), geo.row(3)]), lines_name(geo, [geo.column(2)])
    ('rows 2 and 4', 'column 3')
    """
    kind = geo.house_kind(houses[0])
    numbers = join_names(str(h % geo.n + 1) for h in houses)
    return f"{kind}{'s' if len(houses) > 1 else ''} {numbers}"


def _finned_step(geo: Geometry, board: Board, digit: int, rows_base: bool, lines: dict[int, int],
                 base: tuple[int, ...], cover: int, band: range, stack: int,
                 view: ViewGraph) -> Step | None:
    if any(not lines[line] & cover for line in base):
        return None
    fins = [(line, cross) for line in base if line in band
            for cross in bit_indices(lines[line] & stack & ~cover)]
    if not fins:
        return None

    def cell(line: int, cross: int) -> int:
        return geo.cell_at(line, cross) if rows_base else geo.cell_at(cross, line)

    bit = 1 << (digit - 1)
    removed = tuple(sorted(
        (cell(line, cross), digit) for line in band if line not in base
        for cross in bit_indices(cover & stack) if board.candidates[cell(line, cross)] & bit))
    if not removed:
        return None
    sashimi = any((lines[line] & cover).bit_count() == 1 for line in base)
    technique = SASHIMI_FISH if sashimi else FINNED_FISH
    size = len(base)
    kind = "Sashimi" if sashimi else "Finned"
    name = f"{kind} {fish_name(size)}"
    base_houses = [geo.row(line) if rows_base else geo.column(line) for line in base]
    cover_houses = [geo.column(c) if rows_base else geo.row(c) for c in bit_indices(cover)]
    fin_cells = tuple(sorted(cell(line, cross) for line, cross in fins))
    body = tuple(sorted(cell(line, cross) for line in base for cross in bit_indices(lines[line] & cover)))
    symbol = geo.symbol(digit)
    names = geo.cell_name
    fin_names = join_names(names(c) for c in fin_cells)
    # The key outlines the base (the base lines' cells in the cover lines) and the fins: the words
    # say the base lines, then the base cells by name.
    base_names = lines_name(geo, base_houses)
    cover_names = lines_name(geo, cover_houses)
    text = (f"In the base {base_names}, the {plural(symbol)} lie only in {cover_names}, but for the "
            f"fin{'s' if len(fin_cells) > 1 else ''} {fin_names}. "
            f"{outcome(geo, eliminations=removed)}")
    one_fin = len(fin_cells) == 1
    fin_box = geo.house_name(geo.box(geo.box_of[fin_cells[0]]))
    struck = join_names(names(c) for c, _ in removed)
    struck_covers = lines_name(geo, sorted(
        {geo.column(geo.col_of[c]) if rows_base else geo.row(geo.row_of[c]) for c, _ in removed}))
    thin = [(geo.house_name(h), names(cell(line, next(iter(bit_indices(lines[line] & cover))))))
            for line, h in zip(base, base_houses) if (lines[line] & cover).bit_count() == 1]
    # A thin base line keeps one cover cell without the fins: name that cell, not the covers.
    why_sashimi = ""
    if sashimi:
        kept = join_names([f"{thin[0][0]} would keep only {thin[0][1]} for {symbol}",
                           *(f"{house} only {only}" for house, only in thin[1:])])
        why_sashimi = (f" It is sashimi: without the fin{'' if one_fin else 's'}, {kept}, so the "
                       f"fish would be degenerate (a line with one place left for {symbol} is "
                       f"no line of a fish).")
    details = (f"{name} on {symbol}: the base {base_names} have their {plural(symbol)} only in "
            f"{join_names(names(c) for c in body)}, in {cover_names}, apart from the "
            f"fin{'' if one_fin else 's'} {fin_names} in {fin_box}. Either "
            f"{'the fin' if one_fin else 'a fin'} is {symbol}, or {base_names} take their "
            f"{plural(symbol)} in {cover_names} and {symbol} leaves the rest of {cover_names}. "
            f"{struck}, in {struck_covers} and in {fin_box} with the fin{'' if one_fin else 's'}, "
            f"{'loses' if len(removed) == 1 else 'lose'} {symbol} either way: removes "
            f"{describe_eliminations(geo, removed)}.{why_sashimi}")
    cells = tuple(sorted(body + fin_cells))
    return Step(technique, name, text, size=size, view="digit",
                houses=tuple(base_houses + cover_houses), digit=digit, cells=cells,
                digits=(digit,), pattern=tuple((c, digit) for c in cells), eliminations=removed,
                graph_source=_drawing(geo, view, rows_base, base, cover, fin_cells, removed),
                proof=Proof(roles=(("base", body), ("fins", fin_cells))), details=details)


def _drawing(geo: Geometry, view: ViewGraph, rows_base: bool, base: tuple[int, ...], cover: int,
             fin_cells: tuple[int, ...], removed: tuple[Candidate, ...]) -> GraphDrawing | None:
    """The digit's rows × columns graph with the fish's base and cover lines as the pattern (a
    chain of base rows, or a pile of base columns, as the plain fish are drawn), its fins the edges
    that leave it and its eliminations the removed edges."""
    rows = list(base) if rows_base else bit_indices(cover)
    columns = bit_indices(cover) if rows_base else list(base)
    row_index = {row: i for i, row in enumerate(view.left)}
    if any(row not in row_index for row in rows + [geo.row_of[c] for c in fin_cells]):
        return None  # a base or cover row with the digit placed: a broken board

    def edge(cell: int) -> tuple[int, int]:
        return row_index[geo.row_of[cell]], geo.col_of[cell]

    return view_drawing(geo, view, "chain" if rows_base else "pile",
                        [row_index[row] for row in rows], columns,
                        [edge(c) for c, _ in removed], [edge(c) for c in fin_cells])


FINNED_FISH = Technique(
    "finned-fish", "Finned fish (X-Wing, Swordfish, Jellyfish)", "finned fish", Level.EXPERT, 130,
    find_finned_fish,
    grades=(SizeGrade(2, Level.EXPERT, 130), SizeGrade(3, Level.EXPERT, 200),
            SizeGrade(4, Level.EXPERT, 240)),
    summary="A fish with extra candidates (fins) in one box: cells of the cover lines, outside "
            "the base lines, that see every fin lose the digit.")
SASHIMI_FISH = Technique(
    "sashimi-fish", "Sashimi fish (X-Wing, Swordfish, Jellyfish)", "finned fish", Level.EXPERT,
    150, find_finned_fish,
    grades=(SizeGrade(2, Level.EXPERT, 150), SizeGrade(3, Level.EXPERT, 240),
            SizeGrade(4, Level.EXPERT, 280)),
    summary="A finned fish that would be degenerate without its fins.")
TECHNIQUES = (FINNED_FISH, SASHIMI_FISH)
