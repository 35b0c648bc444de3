"""Single-digit patterns: Skyscraper, 2-String Kite, Turbot Fish and Empty Rectangle.

All four follow one digit through two *strong links* (a house where the digit has exactly two
places, so one of them holds it) joined by a *weak link* (two of those places that see each other,
so at most one holds it). Then one of the two far ends holds the digit, and any cell seeing both
ends loses it. The Turbot Fish is the general shape; the Skyscraper (two parallel lines whose near
ends share a line) and the 2-String Kite (a row and a column whose near ends share a box) are the
named cases players spot first; the Empty Rectangle lets a box stand in for one strong link when
the digit's places in the box lie in one row and one column. As described in HoDoKu's technique
pages ("Single Digit Patterns") and on SudokuWiki.
"""

from __future__ import annotations

from typing import Iterator

from ..board import Board
from ..geometry import Geometry, plural
from ..levels import Level
from ..proof import chain_proof, eliminated
from ..step import (Candidate, ProofLink, ProofNode, Step, describe_eliminations, join_names,
                    outcome)
from . import Technique
from .patterns import alternating_chain, digit_cells, peer_sets, seen_by_all, strong_links

#: A strong link oriented from its far end to its near end: (house, far, near).
_Oriented = tuple[int, int, int]


def _shape(geo: Geometry, first: _Oriented, second: _Oriented) -> str | None:
    """Which named pattern two strong links joined at their near ends make (None if not joined)."""
    (h1, a1, a2), (h2, b1, b2) = first, second
    if h1 == h2 or len({a1, a2, b1, b2}) < 4 or b1 not in peer_sets(geo)[a2]:
        return None
    k1, k2 = geo.house_kind(h1), geo.house_kind(h2)
    if k1 == k2 and k1 != "box":
        line = geo.col_of if k1 == "row" else geo.row_of
        if line[a2] == line[b1]:
            return None if line[a1] == line[b2] else "skyscraper"
    box = geo.box_of
    if {k1, k2} == {"row", "column"} and box[a2] == box[b1]:
        return "kite" if box[a1] != box[a2] and box[b2] != box[b1] else None
    return "turbot"


def _oriented(board: Board, digit: int) -> list[_Oriented]:
    links = strong_links(board, digit)
    return [(h, a, b) for h, a, b in links] + [(h, b, a) for h, a, b in links]


def find_two_link_patterns(board: Board) -> Iterator[Step]:
    """Skyscrapers, then 2-String Kites, then other Turbot Fish, digit by digit within each.

    One search serves the three techniques (each step names the most specific one), so a
    Skyscraper is never shown as the Turbot Fish it also is. Each digit's joined pairs of strong
    links are found once, when first needed, and read again by the later shapes.
    """
    joined: dict[int, list[tuple[str, _Oriented, _Oriented]]] = {}
    for shape in ("skyscraper", "kite", "turbot"):
        yield from _two_link_steps(board, shape, joined)


def _joined_pairs(board: Board, digit: int) -> list[tuple[str, _Oriented, _Oriented]]:
    """Every pair of the digit's oriented strong links whose near ends see each other, with the
    shape they make, in the order the pairs are met."""
    geo = board.geometry
    peers = peer_sets(geo)
    oriented = _oriented(board, digit)
    pairs = []
    for first in oriented:
        near_peers = peers[first[2]]
        for second in oriented:
            if second[1] in near_peers and first < second:
                shape = _shape(geo, first, second)
                if shape is not None:
                    pairs.append((shape, first, second))
    return pairs


def _two_link_steps(board: Board, shape: str,
                    joined: dict[int, list[tuple[str, _Oriented, _Oriented]]]) -> Iterator[Step]:
    """Every step of ``shape`` (skyscraper, kite or turbot), digit by digit."""
    geo = board.geometry
    for digit in geo.digits:
        seen: set[frozenset[Candidate]] = set()
        if digit not in joined:
            joined[digit] = _joined_pairs(board, digit)
        for pair_shape, first, second in joined[digit]:
            if pair_shape != shape:
                continue
            _, a1, a2 = first
            _, b1, b2 = second
            removed = seen_by_all(board, (a1, b2), digit, exclude=(a2, b1))
            if not removed or frozenset(removed) in seen:
                continue
            seen.add(frozenset(removed))
            yield _two_link_step(geo, shape, digit, first, second, removed)


def _joining_house(geo: Geometry, a: int, b: int) -> int:
    """A house both cells lie in (the line before the box)."""
    return next(h for h in geo.houses_of[a] if h in geo.houses_of[b])


def _two_link_step(geo: Geometry, shape: str, digit: int, first: _Oriented, second: _Oriented,
                   removed: tuple[Candidate, ...]) -> Step:
    (h1, a1, a2), (h2, b1, b2) = first, second
    technique = {"skyscraper": SKYSCRAPER, "kite": TWO_STRING_KITE, "turbot": TURBOT_FISH}[shape]
    name = geo.cell_name
    symbol = geo.symbol(digit)
    joint = _joining_house(geo, a2, b1)
    house = geo.house_name
    # The roles' words, as the key names them: a Skyscraper's base (the two ends that line up) and
    # roof (the two that do not), as HoDoKu's "Single Digit Patterns" page has them; a kite's two
    # cells in the box and its strings' two other ends; a Turbot Fish's two ends.
    near = f"{name(a2)} and {name(b1)}"
    far = f"{name(a1)} and {name(b2)}"
    if shape == "skyscraper":
        near_text, far_text = f"the base {near}", f"the roof {name(a1)} or {name(b2)}"
        near_details = f"The base {near}, the ends that line up, share {house(joint)}"
        far_details, seen = f"the roof cells {far}, the other two ends,", "both roof cells"
    else:
        near_text, far_text = near, f"one of the ends {far}"
        near_details = f"{near} share {house(joint)}"
        far_details, seen = f"the ends {far}", "both ends"
    lines = f"{house(h1)} and {house(h2)}"
    text = (f"{lines[0].upper()}{lines[1:]} have two places each for {symbol}; {near_text} share "
            f"{house(joint)}, so not both are {symbol}, and {far_text} is {symbol}. "
            f"{outcome(geo, eliminations=removed)}")
    details = (f"{technique.title} on {symbol}: in {house(h1)} the {symbol} goes in {name(a1)} or "
            f"{name(a2)}, and in {house(h2)} in {name(b1)} or {name(b2)} (two strong links). "
            f"{near_details}, so they are not both {symbol}, and at least one of {far_details} is "
            f"{symbol}. {symbol} leaves every cell that sees {seen}: removes "
            f"{describe_eliminations(geo, removed)}.")
    roles = {"skyscraper": (("base", (a2, b1)), ("roof", (a1, b2))),
             "kite": (("box", (a2, b1)), ("ends", (a1, b2))),
             "turbot": (("ends", (a1, b2)),)}[shape]
    cells = (a1, a2, b1, b2)
    return Step(technique, technique.title, text, size=2, view="house", houses=(h1, h2, joint),
                digit=digit, cells=cells, digits=(digit,),
                pattern=tuple((c, digit) for c in cells), eliminations=removed,
                proof=alternating_chain(geo, [(a1, digit), (a2, digit), (b1, digit), (b2, digit)],
                                        ["strong", "weak", "strong"], removed, roles),
                details=details)


def find_empty_rectangles(board: Board) -> Iterator[Step]:
    """A box whose places for a digit lie in one row and one column, with a strong link outside.

    If the digit in the box is not in the box's row ``r`` it is in its column ``c``. A strong link
    in a column with one end in row ``r`` (outside the box's band and stack) then puts the digit
    either at its other end or in column ``c`` of the box: the cell of column ``c`` in the other
    end's row loses it (and the same with rows and columns swapped).
    """
    geo = board.geometry
    n = geo.n
    for digit in geo.digits:
        links = strong_links(board, digit)
        for box in range(2 * n, 3 * n):
            places = digit_cells(board, box, digit)
            if len(places) < 2:
                continue
            rows = sorted({geo.row_of[c] for c in places})
            cols = sorted({geo.col_of[c] for c in places})
            if len(rows) < 2 or len(cols) < 2:
                continue  # all in one line: that is pointing, not an empty rectangle
            for row in rows:
                for col in cols:
                    if any(geo.row_of[c] != row and geo.col_of[c] != col for c in places):
                        continue
                    yield from _rectangle_steps(board, digit, box, places, row, col, links)


def _rectangle_steps(board: Board, digit: int, box: int, places: tuple[int, ...], row: int,
                     col: int, links: list[tuple[int, int, int]]) -> Iterator[Step]:
    geo = board.geometry
    in_box = set(geo.houses[box])
    bit = 1 << (digit - 1)
    for house, x, y in links:
        kind = geo.house_kind(house)
        if kind == "box" or x in in_box or y in in_box:
            continue
        for near, far in ((x, y), (y, x)):
            if kind == "column" and geo.row_of[near] == row:
                target = geo.cell_at(geo.row_of[far], col)
            elif kind == "row" and geo.col_of[near] == col:
                target = geo.cell_at(row, geo.col_of[far])
            else:
                continue
            if target in in_box or target == far or not board.candidates[target] & bit:
                continue
            yield _rectangle_step(geo, digit, box, places, row, col, house, near, far, target)


def _rectangle_step(geo: Geometry, digit: int, box: int, places: tuple[int, ...], row: int,
                    col: int, link: int, near: int, far: int, target: int) -> Step:
    symbol = geo.symbol(digit)
    name = geo.cell_name
    along_link = geo.row_of if geo.house_kind(link) == "column" else geo.col_of
    near_line = [c for c in places if along_link[c] == along_link[near]]
    other_line = [c for c in places if c not in near_line]
    box_name = geo.house_name(box)
    line_name = (f"row {row + 1}" if geo.house_kind(link) == "column" else f"column {col + 1}")
    cross_name = (f"column {col + 1}" if geo.house_kind(link) == "column" else f"row {row + 1}")
    removed = ((target, digit),)
    # The key's words: the box (its places for the digit, in one row and one column of it, the
    # lines HoDoKu's and Sudopedia's empty rectangle hinges on) and the strong link outside it.
    text = (f"In {box_name} the {plural(symbol)} lie only in {line_name} and {cross_name}; by the "
            f"strong link in {geo.house_name(link)}, either {name(far)} is {symbol}, or {name(near)} "
            f"is, which puts {box_name}'s {symbol} in {cross_name}. {outcome(geo, eliminations=removed)}")
    details = (f"Empty Rectangle on {symbol}: in {box_name} the {plural(symbol)} lie only in {line_name} "
            f"and {cross_name}. In {geo.house_name(link)}, the {symbol} goes in {name(near)} or "
            f"{name(far)}, a strong link; if {name(near)}, {box_name} has no {symbol} in {line_name}, "
            f"so its {symbol} is in {cross_name} ({join_names((name(c) for c in other_line), 'or')}). "
            f"Either way {name(target)}, which sees {name(far)} and {cross_name} of {box_name}, is "
            f"not {symbol}: removes {describe_eliminations(geo, removed)}.")
    nodes = (ProofNode((far,), digit, False), ProofNode((near,), digit, True),
             ProofNode(tuple(near_line), digit, False), ProofNode(tuple(other_line), digit, True))
    links = (ProofLink(0, 1, "strong"), ProofLink(1, 2, "weak"), ProofLink(2, 3, "strong"))
    cells = tuple(sorted({*places, near, far}))
    return Step(EMPTY_RECTANGLE, EMPTY_RECTANGLE.title, text, size=2, view="house",
                houses=(box, link), digit=digit, cells=cells, digits=(digit,),
                pattern=tuple((c, digit) for c in cells), eliminations=removed,
                proof=chain_proof(geo, (nodes, links), eliminated(geo, removed),
                                  (("box", tuple(places)), ("link", (near, far)))),
                details=details)


TURBOT_FISH = Technique(
    "turbot-fish", "Turbot Fish", "single-digit patterns", Level.EXPERT, 120,
    find_two_link_patterns,
    summary="Two strong links on one digit joined by a weak link, one of the links in a box (and "
            "not a 2-String Kite): a cell seeing both far ends loses the digit.")
EMPTY_RECTANGLE = Technique(
    "empty-rectangle", "Empty Rectangle", "single-digit patterns", Level.EXPERT, 120,
    find_empty_rectangles,
    summary="A box whose places for a digit lie in one row and one column acts as one end of a "
            "strong link outside it: the cell seeing both the link's far end and the box's other "
            "line loses the digit.")
SKYSCRAPER = Technique(
    "skyscraper", "Skyscraper", "single-digit patterns", Level.EXPERT, 130,
    find_two_link_patterns,
    summary="Two parallel lines with two places each for a digit, one end of each (the base) on a "
            "shared line: a cell seeing both other ends (the roof) loses the digit.")
TWO_STRING_KITE = Technique(
    "two-string-kite", "2-String Kite", "single-digit patterns", Level.EXPERT, 150,
    find_two_link_patterns,
    summary="A row and a column with two places each for a digit, joined in a box: the cell "
            "seeing both free ends loses the digit.")
TECHNIQUES = (SKYSCRAPER, TWO_STRING_KITE, TURBOT_FISH, EMPTY_RECTANGLE)
