"""Sue de Coq: the cells of a box–line intersection locked by a set in the line and one in the box.

Named after the Sudoku forums' member who posted it in 2005, and taught by HoDoKu (as "Sue de
Coq") and SudokuWiki (as "Two-Sector Disjoint Subsets"). Take N ≥ 2 empty cells I where a box and
a line cross, holding V digits between them with |V| ≥ N + 2: too many to lock by themselves. Add
a set L of the line's other cells (outside the box) and a set B of the box's other cells (outside
the line) whose digits D_L and D_B have none in common. When I ∪ L ∪ B, k cells, hold exactly k
digits, every one of those digits lies in those cells exactly once: a digit of D_L can sit only
in I or L (both in the line), a digit of D_B only in I or B (both in the box), and a digit of V in
neither only in I — never twice, so the k digits fill the k cells. Hence D_L and V's digits
outside D_B leave the rest of the line, D_B and V's digits outside D_L leave the rest of the box.

The sets are read from each house's bipartite graph of cells and digits
(``bipartite.neighbour_unions``): in house terms L and B are almost locked sets of the wider kind
(any surplus), paired with the intersection so that the surpluses add up.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator

from ..bipartite import neighbour_unions
from ..bitsets import bit_indices
from ..board import Board
from ..geometry import Geometry, bits
from ..levels import Level
from ..links import intersections
from ..proof import cells_name, eliminated
from ..step import Proof, Step, describe_eliminations, digit_set, join_names, outcome
from ..views import house_view
from . import Technique

#: The largest line or box set looked for (cells): bigger sets are rare and slow to pair.
MAX_SET = 4
#: The largest intersection set (cells): a 9×9 intersection has 3 cells.
MAX_CORE = 3


@dataclass(frozen=True)
class Pattern:
    """One Sue de Coq: the intersection's cells, the line set and the box set, with their digits."""

    box: int
    line: int
    core: tuple[int, ...]
    core_digits: int
    line_cells: tuple[int, ...]
    line_digits: int
    box_cells: tuple[int, ...]
    box_digits: int

    def size(self) -> int:
        """How many cells the pattern locks."""
        return len(self.core) + len(self.line_cells) + len(self.box_cells)


def find_sue_de_coq(board: Board) -> Iterator[Step]:
    """Every Sue de Coq that removes something, fewest cells first."""
    found: list[tuple[Pattern, tuple[tuple[int, int], ...]]] = []
    seen: set[tuple[tuple[int, int], ...]] = set()
    for box, line, cells in intersections(board.geometry):
        for pattern in _cached_patterns(board, box, line, cells):
            eliminations = _eliminations(board, pattern)
            if eliminations and eliminations not in seen:
                seen.add(eliminations)
                found.append((pattern, eliminations))
    found.sort(key=lambda item: (item[0].size(), -len(item[1])))
    for pattern, eliminations in found:
        yield _step(board, pattern, eliminations)


#: A house's sets as its bipartite graph lists them: (left-vertex subset, digits), with the
#: graph's cells to name them once a pattern is found.
_Sets = tuple[tuple[int, ...], list[tuple[int, int]]]


def _sets_outside(board: Board, house: int, outside: frozenset[int]) -> _Sets:
    """The house's sets of empty cells not in ``outside``, with their digits (from its bipartite
    graph of cells and digits). Subsets stay bitmasks over the graph's cells: most sets are never
    paired, so naming their cells is left to the few that are."""
    view = house_view(board, house)
    allowed = sum(1 << i for i, cell in enumerate(view.left) if cell not in outside)
    return view.left, neighbour_unions(view.adjacency, allowed, MAX_SET)


def _reachable(sets: list[tuple[int, int]], digits: int) -> list[tuple[int, int]]:
    """The sets that could absorb one of the extra digits of a core inside ``digits`` (fewer of
    their own digits outside it than cells), in order: no other can for any such core."""
    return [(subset, union) for subset, union in sets
            if union & digits and (union & ~digits).bit_count() < subset.bit_count()]


#: How many intersections' patterns ``_cached_patterns`` keeps: those of a few positions.
PATTERN_CACHE_SIZE = 4096
_PATTERNS: dict[tuple[object, ...], list[Pattern]] = {}


def _cached_patterns(board: Board, box: int, line: int,
                     cells: tuple[int, ...]) -> list[Pattern]:
    """``_patterns``, kept by the state of the box's and the line's cells: between two positions
    the engine asks about, three intersections in four are unchanged."""
    geo, candidates, values = board.geometry, board.candidates, board.values
    key = (geo, box, line,
           tuple(candidates[c] or -values[c] for c in geo.houses[box]),
           tuple(candidates[c] or -values[c] for c in geo.houses[line]))
    found = _PATTERNS.get(key)
    if found is None:
        if len(_PATTERNS) >= PATTERN_CACHE_SIZE:
            del _PATTERNS[next(iter(_PATTERNS))]
        found = _PATTERNS[key] = list(_patterns(board, box, line, cells))
    return found


def _patterns(board: Board, box: int, line: int, cells: tuple[int, ...]) -> Iterator[Pattern]:
    geo = board.geometry
    empty = [c for c in cells if not board.values[c]]
    if len(empty) < 2:
        return
    empty_mask = sum(1 << i for i in range(len(empty)))
    # The two sets can take at most 2 × MAX_SET surplus digits between them (an open 16×16 board
    # has none to pair), so only cores within reach are kept.
    cores = [(tuple(empty[i] for i in bit_indices(subset)), union)
             for subset, union in neighbour_unions(tuple(board.candidates[c] for c in empty),
                                                   empty_mask, MAX_CORE)
             if subset.bit_count() >= 2
             and 2 <= union.bit_count() - subset.bit_count() <= 2 * MAX_SET]
    if not cores:
        return
    line_left, line_sets = _sets_outside(board, line, frozenset(geo.houses[box]))
    box_left, box_sets = _sets_outside(board, box, frozenset(geo.houses[line]))
    every_core = 0
    for _, union in cores:
        every_core |= union
    line_sets = _reachable(line_sets, every_core)
    box_sets = _reachable(box_sets, every_core)
    for core, union in cores:
        surplus = union.bit_count() - len(core)
        # Each set must take at least one of the core's surplus digits: its cells less its digits
        # outside the core's.
        line_gain = _by_gain(line_sets, union, surplus)
        box_gain = _by_gain(box_sets, union, surplus)
        for gain, line_options in line_gain.items():
            for line_subset, line_digits in line_options:
                for box_subset, box_digits in box_gain.get(surplus - gain, ()):
                    if not line_digits & box_digits:
                        yield Pattern(box, line, core, union, _cells(line_left, line_subset),
                                      line_digits, _cells(box_left, box_subset), box_digits)


def _cells(left: tuple[int, ...], subset: int) -> tuple[int, ...]:
    """The cells of a subset of a house graph's left vertices."""
    return tuple(left[i] for i in bit_indices(subset))


def _by_gain(sets: list[tuple[int, int]], core_digits: int,
             surplus: int) -> dict[int, list[tuple[int, int]]]:
    """The sets that absorb between 1 and ``surplus`` − 1 of the core's extra digits, by that
    number (cells minus digits foreign to the core)."""
    out: dict[int, list[tuple[int, int]]] = {}
    foreign = ~core_digits
    for subset, digits in sets:
        if not digits & core_digits:
            continue
        gain = subset.bit_count() - (digits & foreign).bit_count()
        if 1 <= gain < surplus:
            out.setdefault(gain, []).append((subset, digits))
    return out


def _eliminations(board: Board, p: Pattern) -> tuple[tuple[int, int], ...]:
    geo = board.geometry
    line_removes = p.line_digits | (p.core_digits & ~p.box_digits)
    box_removes = p.box_digits | (p.core_digits & ~p.line_digits)
    used = set(p.core) | set(p.line_cells) | set(p.box_cells)
    out: set[tuple[int, int]] = set()
    for house, removes in ((p.line, line_removes), (p.box, box_removes)):
        for cell in geo.houses[house]:
            if cell in used:
                continue
            for digit in bits(board.candidates[cell] & removes):
                out.add((cell, digit))
    return tuple(sorted(out))


def _set_name(geo: Geometry, cells: tuple[int, ...], digits: int) -> str:
    return f"{join_names(geo.cell_name(c) for c in cells)} {digit_set(geo, bits(digits))}"


def _compact(geo: Geometry, cells: tuple[int, ...], digits: int) -> str:
    """``r7c23{2349}``: a set as the forums write it."""
    return cells_name(geo, cells) + "{" + "".join(geo.symbol(d) for d in bits(digits)) + "}"


#: The longest short text (characters) before the sets are counted rather than named: about
#: two lines of the reason panel, as every step's short text.
MAX_SHORT = 180


def _step(board: Board, p: Pattern, eliminations: tuple[tuple[int, int], ...]) -> Step:
    geo, candidates = board.geometry, board.candidates
    line_name, box_name = geo.house_name(p.line), geo.house_name(p.box)
    core = _set_name(geo, p.core, p.core_digits)
    line_set = _set_name(geo, p.line_cells, p.line_digits)
    box_set = _set_name(geo, p.box_cells, p.box_digits)
    total = p.size()
    surplus = p.core_digits.bit_count() - len(p.core)
    so = outcome(geo, eliminations=eliminations)
    # Every set named if it fits, else the crossing named (with its digits, else without) and the
    # sets counted, else all counted; each form says the key's three words (crossing, line set,
    # box set).
    meets = f"{line_name[:1].upper()}{line_name[1:]} meets {box_name} at the crossing"
    counted = (f"with a {len(p.line_cells)}-cell line set and a {len(p.box_cells)}-cell box set, "
               f"{total} cells hold {total} digits. {so}")
    texts = (f"{meets} {core}; with the line set {line_set} and the box set {box_set}, these "
             f"{total} cells hold exactly {total} digits. {so}",
             f"{meets} {core}; {counted}",
             f"{meets} {join_names(geo.cell_name(c) for c in p.core)}; {counted}",
             f"{meets}, {len(p.core)} cells with {p.core_digits.bit_count()} digits; {counted}")
    text = next((t for t in texts if len(t) <= MAX_SHORT), texts[-1])
    # HoDoKu and Sudopedia: the basic form has N + 2 digits in N cells and a two-digit cell as
    # each set; any more digits or bigger sets make an extended one.
    basic = surplus == 2 and len(p.line_cells) == len(p.box_cells) == 1
    form = ("the basic Sue de Coq" if basic else "an extended Sue de Coq: the basic one has 2 "
            "digits more than cells and a single cell as each set")
    details = (f"Sue de Coq: {line_name} and {box_name} share the crossing {core}, {len(p.core)} "
            f"cells holding {p.core_digits.bit_count()} digits, {surplus} more than their cells "
            f"({form}). With the line set {line_set} in {line_name} and the box set {box_set} in "
            f"{box_name}, which share no digit, these {total} cells hold exactly {total} digits, "
            f"so each lies in them once. The line set's digits leave the rest of {line_name}, the "
            f"box set's the rest of {box_name}, and the crossing's digits in neither set leave "
            f"both: removes {describe_eliminations(geo, eliminations)}.")
    notation = (f"SdC {_compact(geo, p.core, p.core_digits)} + line "
                f"{_compact(geo, p.line_cells, p.line_digits)} + box "
                f"{_compact(geo, p.box_cells, p.box_digits)} => {eliminated(geo, eliminations)}")
    proof = Proof(roles=(("intersection", p.core), ("line-set", p.line_cells),
                         ("box-set", p.box_cells)), notation=notation)
    cells = p.core + p.line_cells + p.box_cells
    pattern = tuple((c, d) for c in cells for d in bits(candidates[c]))
    return Step(SUE_DE_COQ, "Sue de Coq", text, size=total, view="cell", houses=(p.line, p.box),
                cells=cells, digits=tuple(bits(p.core_digits | p.line_digits | p.box_digits)),
                pattern=pattern, eliminations=eliminations, proof=proof, details=details)


SUE_DE_COQ = Technique(
    "sue-de-coq", "Sue de Coq", "almost locked sets", Level.EXTREME, 250, find_sue_de_coq,
    summary="The cells where a box and a line cross, holding two or more digits too many, with a "
            "set of the line's other cells and a set of the box's other cells that share no digit: "
            "when all these cells hold exactly as many digits as cells, the line set's digits leave "
            "the rest of the line, the box set's the rest of the box, and the crossing's other "
            "digits leave both.")
TECHNIQUES = (SUE_DE_COQ,)
