"""A chain or pile exclusion told in five stages, one sentence each, for the graph panel's player;
a single (a chain or pile of one) in four, its vertex with one edge standing for the paths; a finned
fish in five, the fish without its fins and then the fins' own; a Hall violation in three (the
candidates, the maximum matching and what it leaves unmatched, the set that breaks Hall's
condition), and a graph with neither in two.

Dr. Dobb's "Sudoku & Graph Theory" finds chains and piles without trying combinations: draw the
candidates as edges, find a maximum matching, follow alternating paths (a candidate edge, then a
matching edge) from a vertex; the vertices they reach close on themselves as a chain or a pile, and
the edges leaving it are removed. Each stage names the layers of the drawing it shows and, for the
paths, the edges walked and the vertices reached, so the page draws it without knowing the rule.

A 16×16 or 25×25 house can leave twenty rows of vertices open, and a single's one edge that matters
would sit in a drawing taller than the panel. A graph with more vertices a side than a 9×9 one can
have is therefore drawn in part (``shown``): the pattern, every vertex joined to it by an edge, and their
partners in the matching. That part holds every edge the argument speaks of, and since it is closed
under the matching the vertices left out are matched among themselves; the sentences say what is
left out and how many lines lead to it.

>>> from pysolver.step import GraphDrawing, GraphVertex
>>> cells = tuple(GraphVertex(c, f"r1c{c + 1}") for c in range(3))
>>> digits = tuple(GraphVertex(d, str(d)) for d in (1, 2, 3))
>>> g = GraphDrawing("house", "row 1", cells, digits, ((0, 0), (0, 1), (1, 0), (1, 1), (2, 0),
...                  (2, 1), (2, 2)), ((0, 0), (1, 1), (2, 2)), "chain", (0, 1), (0, 1),
...                  ((2, 0), (2, 1)))
>>> [s.name for s in stages(g)]
['edges', 'matching', 'paths', 'pattern', 'removed']
>>> stages(g)[2].text
'Follow alternating paths from r1c1 (a candidate edge to a digit, then that digit’s matching edge back to a cell): they reach only r1c1 and r1c2, and the digits 1 and 2. Every digit they reach is matched back to a cell they reach, so these 2 cells have exactly 2 digits between them: no path leads out.'
>>> broken = GraphDrawing("house", "row 1", cells, digits, ((0, 0), (1, 0), (2, 1), (2, 2)),
...                       ((0, 0), (2, 1)), "chain", (0, 1), (0,), ())
>>> is_hall_violation(broken), [s.name for s in stages(broken)]
(True, ['edges', 'matching', 'hall'])
>>> stages(broken)[1].text
'A maximum matching (thick lines) pairs only 2 of the 3 cells with a digit of their own: r1c2 and digit 3 are left unmatched (dashed), so no solution keeps one line at each vertex.'
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from .geometry import plural
from .play import counted
from .step import GraphDrawing, digit_cell_products, join_names
from .techniques.exclusion import fish_name

_NOUNS = {"house": ("cell", "digit"), "digit": ("row", "column")}
#: The stage that shows the maximum matching (the first lesson opens at it).
MATCHING_STAGE = "matching"
#: A Hall violation's last stage: the set of vertices with too few neighbours.
HALL_STAGE = "hall"
#: The most vertices a side of a graph drawn whole has: a 9×9 house's or digit's graph never has
#: more, so 9×9 drawings stay whole; bigger ones show only the part the argument needs (``shown``).
WHOLE_SIDE = 9


@dataclass(frozen=True)
class Stage:
    """One stage: its name, its sentence, the layers drawn, the path edges and vertices reached."""

    name: str
    text: str
    layers: tuple[str, ...]
    path: tuple[tuple[int, int], ...] = ()
    reached_left: tuple[int, ...] = field(default=())
    reached_right: tuple[int, ...] = field(default=())
    #: The vertices a maximum matching leaves alone (a Hall violation's matching stage).
    unmatched_left: tuple[int, ...] = field(default=())
    unmatched_right: tuple[int, ...] = field(default=())

    def to_json(self) -> dict[str, Any]:
        """Plain data for the page."""
        return {"name": self.name, "text": self.text, "layers": list(self.layers),
                "path": [list(e) for e in self.path],
                "reached": {"left": list(self.reached_left), "right": list(self.reached_right)},
                "unmatched": {"left": list(self.unmatched_left), "right": list(self.unmatched_right)}}


def is_hall_violation(graph: GraphDrawing) -> bool:
    """Whether ``graph`` has no perfect matching (its matching, a maximum one, leaves a vertex
    alone): by Hall's theorem some set of its vertices has fewer neighbours than members, and
    the drawing's pattern is that set."""
    return len(graph.matching) < max(len(graph.left), len(graph.right))


def _the(title: str) -> str:
    """A house's title as the object of a sentence: "a house" reads "the house", "row 1" stays."""
    return "the " + title[2:] if title.startswith("a ") else title


def _right_names(graph: GraphDrawing, indices: list[int]) -> str:
    """Right vertices named as such: "digit 4", "the digits 3 and 4", "column 3 and column 7"."""
    names = [graph.right[j].label for j in indices]
    if graph.kind != "house":
        return join_names(names)
    return f"digit {names[0]}" if len(names) == 1 else f"the digits {join_names(names)}"


def vertex_name(graph: GraphDrawing, side: str, index: int) -> str:
    """A vertex as a sentence names it: a house's digit "digit 8"; the others' labels say what they
    are already ("r7c5", "cell 1", "row 3", "column 5")."""
    if side == "right" and graph.kind == "house":
        return f"digit {graph.right[index].label}"
    return (graph.left if side == "left" else graph.right)[index].label


def _removed_candidates(graph: GraphDrawing) -> str:
    """The removed edges as the candidates they are: "8 from r5c1 and r9c1; 9 from r9c1" in as
    few digit × cell groups as the board's steps use, or a digit's cells "r2c3 and r6c7"."""
    if graph.kind == "digit":
        return join_names(_cell_name(graph, i, j) for i, j in sorted(graph.removed))
    return "; ".join(f"{join_names(graph.right[j].label for j in rights)} from "
                     f"{join_names(graph.left[i].label for i in lefts)}"
                     for rights, lefts in digit_cell_products(graph.removed))


def _red_edges(graph: GraphDrawing) -> str:
    """The removed edges counted and named: "(4 candidates: 8 from r5c1, r8c1 and r9c1; 9 from r9c1)"."""
    named = f": {_removed_candidates(graph)}" if graph.removed else ""
    return f"({counted(len(graph.removed), 'candidate')}{named})"


def _article(name: str) -> str:
    """'an X-Wing', 'a Swordfish'."""
    return f"{'an' if name[:1] in 'AEIOX' else 'a'} {name}"


def _capital(text: str) -> str:
    """``text`` starting a sentence ("row 1 and row 9" → "Row 1 and row 9")."""
    return text[:1].upper() + text[1:]


def _walk(graph: GraphDrawing) -> tuple[int, tuple[tuple[int, int], ...], set[int], set[int]]:
    """Alternating paths from one pattern vertex whose reach is the whole pattern.

    A chain is walked from a left vertex (candidate edge, then the digit's matching edge back); a
    pile from a right vertex (an edge to a cell, then that cell's matching edge). Returns the start,
    the edges walked in order, and the left and right vertices reached.
    """
    match_right = {j: i for i, j in graph.matching}
    match_left = {i: j for i, j in graph.matching}
    chain = graph.pattern_kind == "chain"
    starts = graph.pattern_left if chain else graph.pattern_right
    best: tuple[int, tuple[tuple[int, int], ...], set[int], set[int]] | None = None
    for start in starts:
        walked: list[tuple[int, int]] = []
        left: set[int] = set()
        right: set[int] = set()
        frontier = [start]
        (left if chain else right).add(start)
        while frontier:
            vertex = frontier.pop(0)
            for i, j in graph.edges:
                if (i if chain else j) != vertex:
                    continue
                other = j if chain else i
                if other in (right if chain else left):
                    continue
                (right if chain else left).add(other)
                walked.append((i, j))
                partner = match_right.get(other) if chain else match_left.get(other)
                if partner is not None and partner not in (left if chain else right):
                    (left if chain else right).add(partner)
                    walked.append((partner, other) if chain else (other, partner))
                    frontier.append(partner)
        if left == set(graph.pattern_left) and right == set(graph.pattern_right):
            return start, tuple(walked), left, right
        if best is None:
            best = (start, tuple(walked), left, right)
    assert best is not None, "a drawn pattern has at least one vertex"
    return best


def _edges_text(graph: GraphDrawing) -> str:
    part = shown(graph)
    if part is not None:
        return _part_edges_text(graph, part)
    if graph.kind == "house":
        return (f"Each line is a candidate: {counted(len(graph.left), 'cell')} of "
                f"{_the(graph.title)} on the left, {counted(len(graph.right), 'digit')} they need "
                f"on the right. A solution keeps exactly one line at each vertex.")
    symbol = graph.symbol
    return (f"Each line is a cell where {symbol} can still go, joining its row (left) to "
            f"its column (right): {counted(len(graph.left), 'row')} and "
            f"{counted(len(graph.right), 'column')} still need one {symbol} each. A solution "
            f"keeps exactly one line at each vertex.")


def _part_edges_text(graph: GraphDrawing, part: Shown) -> str:
    """The candidates stage of a graph drawn in part: what the whole has, what is drawn and what
    the "+n" beside a vertex counts."""
    left_noun, right_noun = _NOUNS[graph.kind]
    turn = ("the vertices Hall's condition fails for" if is_hall_violation(graph)
            else f"its {graph.pattern_kind}")
    out_left = len(graph.left) - len(part.left)
    out_right = len(graph.right) - len(part.right)
    if graph.kind == "house":
        lines = "Each line is a candidate."
        whole = (f"{_capital(_the(graph.title))} has {counted(len(graph.left), 'empty cell')} and "
                 f"{counted(len(graph.right), 'digit')} they need")
    else:
        symbol = graph.symbol
        lines = (f"Each line is a cell where {symbol} can still go, joining its row (left) to its "
                 f"column (right).")
        whole = (f"{counted(len(graph.left), 'row')} and {counted(len(graph.right), 'column')} "
                 f"still need one {symbol} each")
    return (f"{lines} {whole}; only the {counted(len(part.left), left_noun)} and "
            f"{counted(len(part.right), right_noun)} this step turns on are drawn ({turn}, every "
            f"vertex joined to it by a line, and their partners in the matching). The other "
            f"{counted(out_left, left_noun)} and {counted(out_right, right_noun)} are left out: "
            f"“+n” beside a vertex counts its lines to them. A solution keeps exactly one line at "
            f"each vertex.")


def _left_out_matched(graph: GraphDrawing) -> str:
    """For a graph drawn in part, the matching's word on the vertices left out ("" if none): they
    are matched among themselves (the part drawn is closed under the matching)."""
    part = shown(graph)
    if part is None:
        return ""
    left_noun, right_noun = _NOUNS[graph.kind]
    out = len(graph.left) - len(part.left)
    return (f" The matching pairs the {counted(out, left_noun)} left out with the "
            f"{counted(out, right_noun)} left out.")


def _violation_stages(graph: GraphDrawing) -> tuple[Stage, ...]:
    """A Hall violation: the candidates, the maximum matching with the vertices it leaves alone,
    and the set of vertices whose neighbours are too few."""
    left_noun, right_noun = _NOUNS[graph.kind]
    matched_left = {i for i, _ in graph.matching}
    matched_right = {j for _, j in graph.matching}
    alone_left = [i for i in range(len(graph.left)) if i not in matched_left]
    alone_right = [j for j in range(len(graph.right)) if j not in matched_right]
    alone = join_names([graph.left[i].label for i in alone_left]
                       + ([_right_names(graph, alone_right)] if alone_right else []))
    matching_text = (f"A maximum matching (thick lines) pairs only {len(graph.matching)} of the "
                     f"{len(graph.left)} {left_noun}s with a {right_noun} of their own: {alone} "
                     f"{'is' if len(alone_left) + len(alone_right) == 1 else 'are'} left unmatched "
                     f"(dashed), so no solution keeps one line at each vertex."
                     f"{_left_out_matched(graph)}")
    lefts = [graph.left[i].label for i in sorted(graph.pattern_left)]
    rights = sorted(graph.pattern_right)
    if graph.pattern_kind == "chain":
        have = (f"only {_right_names(graph, rights)}" if rights else f"no {right_noun}")
        hall_text = (f"Why: {join_names(lefts)} need {counted(len(lefts), right_noun)} of their "
                     f"own but have {have} between them. Hall's condition (every k {left_noun}s "
                     f"have at least k {right_noun}s) fails, so no matching can pair them all.")
    else:
        fit = "fits" if len(rights) == 1 else "fit"
        where = (f"only in {join_names(lefts)}: {counted(len(rights), right_noun)} for "
                 f"{counted(len(lefts), left_noun)}" if lefts else f"in no {left_noun}")
        hall_text = (f"Why: {_right_names(graph, rights)} {fit} {where}. "
                     f"Hall's condition (every k {right_noun}s fit in at least k {left_noun}s) "
                     f"fails, so no matching can pair them all.")
    return (
        Stage("edges", _edges_text(graph), ("edges",)),
        Stage(MATCHING_STAGE, matching_text, ("edges", "matching", "unmatched"),
              unmatched_left=tuple(alone_left), unmatched_right=tuple(alone_right)),
        Stage(HALL_STAGE, hall_text, ("edges", "matching", "pattern")),
    )


def fin_edges(graph: GraphDrawing) -> tuple[tuple[int, int], ...]:
    """The edges leaving the pattern: a finned fish's fins (a chain's edges from its rows to other
    columns, a pile's from other rows to its columns). A chain or pile proper has none, nor has
    the set of a Hall violation."""
    pattern_left, pattern_right = set(graph.pattern_left), set(graph.pattern_right)
    if graph.pattern_kind == "chain":
        return tuple(e for e in graph.edges if e[0] in pattern_left and e[1] not in pattern_right)
    return tuple(e for e in graph.edges if e[1] in pattern_right and e[0] not in pattern_left)


@dataclass(frozen=True)
class Shown:
    """The vertices a drawing shows (indices of the whole graph's, ascending), the others left out."""

    left: tuple[int, ...]
    right: tuple[int, ...]


def shown(graph: GraphDrawing) -> Shown | None:
    """The part of a big graph its drawing shows, None when it is drawn whole (at most
    ``WHOLE_SIDE`` vertices a side, no pattern, or nothing to leave out).

    The part is the pattern, every vertex joined to a pattern vertex by an edge, the vertices
    the matching leaves alone, and the matching partners of all these. It holds every edge the
    stages draw or name: the pattern's own, the removed ones and the fins (each touches the
    pattern), the alternating paths (within the pattern) and the matching of every vertex shown.
    """
    if max(len(graph.left), len(graph.right)) <= WHOLE_SIDE or not (graph.pattern_left or graph.pattern_right):
        return None
    left = set(graph.pattern_left)
    right = set(graph.pattern_right)
    for i, j in graph.edges:
        if i in graph.pattern_left or j in graph.pattern_right:
            left.add(i)
            right.add(j)
    left |= set(range(len(graph.left))) - {i for i, _ in graph.matching}
    right |= set(range(len(graph.right))) - {j for _, j in graph.matching}
    for i, j in graph.matching:
        if i in left or j in right:
            left.add(i)
            right.add(j)
    if len(left) == len(graph.left) and len(right) == len(graph.right):
        return None
    return Shown(tuple(sorted(left)), tuple(sorted(right)))


def restricted(graph: GraphDrawing, part: Shown) -> GraphDrawing:
    """``graph`` with only the vertices of ``part`` (renumbered in their order) and the edges
    between them."""
    new_left = {i: k for k, i in enumerate(part.left)}
    new_right = {j: k for k, j in enumerate(part.right)}

    def kept(pairs: tuple[tuple[int, int], ...]) -> tuple[tuple[int, int], ...]:
        return tuple((new_left[i], new_right[j]) for i, j in pairs
                     if i in new_left and j in new_right)
    return replace(graph, left=tuple(graph.left[i] for i in part.left),
                   right=tuple(graph.right[j] for j in part.right),
                   edges=kept(graph.edges), matching=kept(graph.matching),
                   pattern_left=tuple(new_left[i] for i in graph.pattern_left),
                   pattern_right=tuple(new_right[j] for j in graph.pattern_right),
                   removed=kept(graph.removed))


def _single_stages(graph: GraphDrawing, edges_text: str, matching_text: str) -> tuple[Stage, ...]:
    """A naked or hidden single drawn in its house: the candidates, the matching, the vertex with
    one edge (a chain or pile of one, the k = 1 case of chain or pile exclusion) and what goes."""
    (i,), (j,) = graph.pattern_left, graph.pattern_right
    cell, digit, house = graph.left[i].label, graph.right[j].label, _the(graph.title)
    if graph.pattern_kind == "chain":
        pattern_text = (f"{cell} has a single edge, to {digit}: a chain of one cell with one digit "
                        f"(a naked single). It is chain exclusion with k = 1: k cells with only k "
                        f"digits between them take those digits, so {cell} is {digit}.")
        removed_text = (f"So {digit} leaves every other cell of {house}: the red edges go "
                        f"{_red_edges(graph)}." if graph.removed else
                        f"No other cell of {house} still has {digit}: nothing more goes here.")
    else:
        pattern_text = (f"Digit {digit} has a single edge, to {cell}: a pile of one digit that fits "
                        f"in one cell (a hidden single). It is pile exclusion with k = 1: k digits "
                        f"that fit in only k cells fill them, so {cell} is {digit}.")
        removed_text = (f"So {cell} loses every other digit: the red edges go {_red_edges(graph)}."
                        if graph.removed else f"{cell} has no other candidate: nothing more goes.")
    return (
        Stage("edges", edges_text, ("edges",)),
        Stage(MATCHING_STAGE, matching_text, ("edges", "matching")),
        Stage("pattern", pattern_text, ("edges", "matching", "pattern")),
        Stage("removed", removed_text, ("edges", "matching", "pattern", "removed")),
    )


def _cell_name(graph: GraphDrawing, i: int, j: int) -> str:
    """The cell of edge (row i, column j) of a digit's graph: ``r3c5``."""
    return f"r{graph.left[i].id + 1}c{graph.right[j].id + 1}"


def _finned_stages(graph: GraphDrawing, fins: tuple[tuple[int, int], ...], edges_text: str,
                   matching_text: str) -> tuple[Stage, ...]:
    """A finned or sashimi fish: the candidates, the matching, the fish it would be without its
    fins, why the fins leave only the cover-line cells in their box that see every fin to lose
    the digit, and those removed edges."""
    symbol = graph.symbol
    chain = graph.pattern_kind == "chain"
    rows = join_names(graph.left[i].label for i in sorted(graph.pattern_left))
    columns = join_names(graph.right[j].label for j in sorted(graph.pattern_right))
    base, cover = (rows, columns) if chain else (columns, rows)
    fish = fish_name(len(graph.pattern_left))
    fin_names = join_names(_cell_name(graph, i, j) for i, j in sorted(fins))
    one_fin = len(fins) == 1
    fin_word, fins_box = ("fin", "the fin's box") if one_fin else ("fins", "the fins' box")
    # Sashimi: a base line left with a single cover cell without its fins.
    fish_edges = [(i, j) for i, j in graph.edges
                  if i in graph.pattern_left and j in graph.pattern_right]
    base_ends = [i if chain else j for i, j in fish_edges]
    thin = [v for v in sorted(set(base_ends)) if base_ends.count(v) == 1]
    sashimi = ""
    if thin:
        names = join_names((graph.left if chain else graph.right)[v].label for v in thin)
        sashimi = (f" It is sashimi: {names} would keep a single {symbol}, so the {fish} alone "
                   f"would be degenerate.")
    pattern_text = (f"{_capital(base)} would have their {plural(symbol)} only in {cover} without "
                    f"the {fin_word} {fin_names} (dotted): a {graph.pattern_kind}, so "
                    f"{_article(fish)}.{sashimi}")
    struck = join_names(_cell_name(graph, i, j) for i, j in graph.removed)
    either = (f"But for the fin {fin_names}: either the fin is {symbol}" if one_fin else
              f"But for the fins {fin_names}, all in one box: either a fin is {symbol}")
    fins_text = (f"{either}, or the {fish} holds and {symbol} leaves the rest of {cover}. So only "
                 f"the cells of {cover} outside {base} that see every fin, in {fins_box}, lose "
                 f"{symbol} either way: {struck}.")
    removed = set(graph.removed)
    kept = [_cell_name(graph, i, j) for i, j in graph.edges if (i, j) not in removed
            and (j in graph.pattern_right if chain else i in graph.pattern_left)
            and (i not in graph.pattern_left if chain else j not in graph.pattern_right)]
    keep = (f" {join_names(kept)}, outside {fins_box}, {'keeps' if len(kept) == 1 else 'keep'} "
            f"{symbol}: {'it does' if len(kept) == 1 else 'they do'} not see every fin."
            if kept else "")
    removed_text = (f"So {symbol} leaves {struck}: the red edges go "
                    f"({counted(len(graph.removed), 'candidate')}).{keep}")
    return (
        Stage("edges", edges_text, ("edges",)),
        Stage(MATCHING_STAGE, matching_text, ("edges", "matching")),
        Stage("pattern", pattern_text, ("edges", "matching", "pattern", "fins")),
        Stage("fins", fins_text, ("edges", "matching", "pattern", "fins")),
        Stage("removed", removed_text, ("edges", "matching", "pattern", "fins", "removed")),
    )


def stages(graph: GraphDrawing) -> tuple[Stage, ...]:
    """The stages of the step drawn in ``graph``: five for a chain or pile (four for one of size
    one, a single; five with the fins' own for a finned fish), three for a Hall violation, two (the
    candidates and the matching) for a graph that proves nothing."""
    if is_hall_violation(graph):
        return _violation_stages(graph)
    left_noun, right_noun = _NOUNS[graph.kind]
    left_names = [v.label for v in graph.left]
    right_names = [v.label for v in graph.right]
    house = graph.kind == "house"
    symbol = graph.symbol
    edges_text = _edges_text(graph)
    matching_text = (f"A maximum matching (thick lines) gives each {left_noun} its own "
                     f"{right_noun}. It pairs them all, so this graph can still be completed."
                     f"{_left_out_matched(graph)}")
    if not graph.pattern_left and not graph.pattern_right:
        return (Stage("edges", edges_text, ("edges",)),
                Stage(MATCHING_STAGE, matching_text, ("edges", "matching")))
    fins = fin_edges(graph)
    if fins:
        return _finned_stages(graph, fins, edges_text, matching_text)
    if house and len(graph.pattern_left) == len(graph.pattern_right) == 1:
        return _single_stages(graph, edges_text, matching_text)
    start, walked, reached_left, reached_right = _walk(graph)
    chain = graph.pattern_kind == "chain"
    cells = join_names(left_names[i] for i in sorted(graph.pattern_left))
    digits = join_names(right_names[j] for j in sorted(graph.pattern_right))
    k = len(graph.pattern_left)
    if chain:
        paths_text = (f"Follow alternating paths from {left_names[start]} (a candidate edge to a "
                      f"{right_noun}, then that {right_noun}’s matching edge back to a {left_noun}): "
                      f"they reach only {join_names(left_names[i] for i in sorted(reached_left))}, "
                      f"and {_right_names(graph, sorted(reached_right))}. Every {right_noun} they "
                      f"reach is matched back to a {left_noun} they reach, so these "
                      f"{counted(len(reached_left), left_noun)} have exactly "
                      f"{counted(len(reached_right), right_noun)} between them: no path leads out.")
        if house:
            pattern_text = (f"These {k} cells have only {k} digits between them ({digits}): a "
                            f"chain. Those digits must go in {cells}, one each.")
            removed_text = (f"So {digits} leave every other cell of {_the(graph.title)}: the red "
                            f"edges go {_red_edges(graph)}.")
        else:
            pattern_text = (f"{_capital(cells)} have their {plural(symbol)} only in {digits}: a chain. Those "
                            f"columns must take their {plural(symbol)} in these rows.")
            removed_text = (f"So the other {plural(symbol)} of {digits} go: the red edges "
                            f"{_red_edges(graph)}.")
    else:
        paths_text = (f"Follow alternating paths from {_right_names(graph, [start])} (an edge to a "
                      f"{left_noun} that can take it, then that {left_noun}’s matching edge): "
                      f"they reach only {_right_names(graph, sorted(reached_right))}, in "
                      f"{join_names(left_names[i] for i in sorted(reached_left))}. Every "
                      f"{left_noun} they reach is matched back to a {right_noun} they reach, so "
                      f"these {counted(len(reached_right), right_noun)} fit in exactly "
                      f"{counted(len(reached_left), left_noun)}: no path leads out.")
        if house:
            pattern_text = (f"These {k} digits ({digits}) fit only in {k} cells ({cells}): a pile. "
                            f"Those cells must take them.")
            removed_text = (f"So {cells} lose every other digit: the red edges go "
                            f"{_red_edges(graph)}.")
        else:
            pattern_text = (f"{_capital(digits)} have their {plural(symbol)} only in {cells}: a pile. Those rows "
                            f"must take their {plural(symbol)} in these columns.")
            removed_text = (f"So the other {plural(symbol)} of {cells} go: the red edges "
                            f"{_red_edges(graph)}.")
    return (
        Stage("edges", edges_text, ("edges",)),
        Stage(MATCHING_STAGE, matching_text, ("edges", "matching")),
        Stage("paths", paths_text, ("edges", "matching", "path"), walked,
              tuple(sorted(reached_left)), tuple(sorted(reached_right))),
        Stage("pattern", pattern_text, ("edges", "matching", "pattern")),
        Stage("removed", removed_text, ("edges", "matching", "pattern", "removed")),
    )
