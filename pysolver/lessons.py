"""The Learn panel's lessons: each one's starting candidates and the words that go with them.

The page draws the lessons as the worker sends them (``lessons`` in docs/worker-protocol.md) and
asks ``bipartite`` (``learn.lesson``) for each graph the person edits. A lesson's text makes claims
about its example ("cells 2, 3 and 6 have only 3, 4 and 6 between them"); those claims are written
once, as a ``Claim``, and the text is worded from it, so that tests/test_lessons.py can check every
claim against the solver's own analysis of the lesson's starting candidates: a text cannot drift
from its example.

>>> [item.id for item in LESSONS]
['graph', 'hall', 'chain', 'pile', 'fish']
>>> LESSONS[2].text.split(":")[1].split(".")[0]
' cells 2, 3 and 6 have only 3, 4 and 6 between them'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from .bipartite import PatternKind
from .learn import Kind
from .step import join_names, number_word

#: What a lesson's example shows, as the analysis of its starting candidates must find it:
#: "matching", a perfect matching; "hall", Hall's condition failing for the left vertices;
#: "chain" or "pile", the pattern the lesson's graph draws.
Shows = Literal["matching", "hall", "chain", "pile"]


@dataclass(frozen=True)
class Claim:
    """What a lesson's text says of its starting candidates, vertices numbered from 1 as the page
    shows them.

    ``left`` and ``right``: the vertices of the pattern drawn ("chain", "pile"), or the left
    vertices that reach only the ``right`` ones ("hall"). ``remedy`` (for "hall"): the right
    vertex that, given to any one of those left vertices, lets the graph be completed. ``step``
    (for a pattern): the step it is, as the solver names it ("X-Wing").
    """

    shows: Shows
    left: tuple[int, ...] = ()
    right: tuple[int, ...] = ()
    remedy: int | None = None
    step: str | None = None


@dataclass(frozen=True)
class Lesson:
    """One lesson: its tab's ``title``, the graph's ``kind`` ('house': cells × digits; 'digit':
    that ``digit``'s rows × columns), its starting ``candidates`` (left vertex k's right
    neighbours, from 1), the ``text`` shown above them, the pattern kind to draw when sizes tie
    (``prefer``), and what it teaches (``teach``: "matching" opens the drawing at its matching
    stage and words the verdict as the matching alone)."""

    id: str
    title: str
    kind: Kind
    candidates: tuple[tuple[int, ...], ...]
    claim: Claim
    text: str
    digit: int | None = None
    prefer: PatternKind = "chain"
    teach: Literal["exclusion", "matching"] = "exclusion"

    def to_json(self) -> dict[str, Any]:
        """The lesson as the page draws it and sends it back to ``bipartite``."""
        return {"id": self.id, "title": self.title, "kind": self.kind, "digit": self.digit,
                "candidates": [list(values) for values in self.candidates], "text": self.text,
                "prefer": self.prefer, "teach": self.teach}


def _count(values: tuple[int, ...] | tuple[tuple[int, ...], ...]) -> str:
    """How many, in words: 'three'."""
    return number_word(len(values))


def _numbers(values: tuple[int, ...]) -> str:
    """'2, 3 and 6'."""
    return join_names(str(v) for v in values)


#: The article's first example: a permutation bipartite graph with a perfect matching.
_GRAPH = ((1, 2, 3, 5), (2, 3), (2, 3, 4), (3, 4), (4, 5))
_GRAPH_CLAIM = Claim("matching")
#: Three cells that hold only 2 and 3.
_HALL = ((1, 2, 3, 5), (2, 3), (2, 3), (2, 3), (4, 5))
_HALL_CLAIM = Claim("hall", left=(2, 3, 4), right=(2, 3), remedy=4)
#: Dr. Dobb's chain example.
_CHAIN = ((1, 2, 3, 7), (3, 6), (3, 4), (1, 4), (5, 6, 7), (4, 6), (2, 7), (8, 9), (8, 9))
_CHAIN_CLAIM = Claim("chain", left=(2, 3, 6), right=(3, 4, 6), step="Naked Triple")
#: Dr. Dobb's pile example, as its result prints it (the printed starting graph repeats {4,6} once,
#: giving ten cells for nine digits).
_PILE = ((1, 2, 3, 5), (3, 6), (3, 4), (5, 6), (1, 7, 8, 9), (5, 7, 8, 9), (4, 6), (6, 7, 8, 9), (1, 4))
_PILE_CLAIM = Claim("pile", left=(5, 6, 8), right=(7, 8, 9), step="Hidden Triple")
#: One digit's rows × columns: rows 1 and 4 keep their 5s in columns 3 and 7.
_FISH_DIGIT = 5
_FISH = ((3, 7), (1, 3, 5, 7), (2, 4), (3, 7), (1, 2, 4, 5), (2, 5, 6, 8, 9), (6, 8), (6, 9), (8, 9))
_FISH_CLAIM = Claim("chain", left=(1, 4), right=(3, 7), step="X-Wing")

#: The lessons, in reading order.
LESSONS: tuple[Lesson, ...] = (
    Lesson("graph", "A house is a graph", "house", _GRAPH, _GRAPH_CLAIM, teach="matching", text=(
        f"The article's first example: {_count(_GRAPH)} empty cells of a house on the left, the "
        f"{_count(_GRAPH)} digits they need on the right, a line for each candidate — a permutation "
        "bipartite graph. A solution keeps one line at each vertex: a perfect matching (the thick "
        "lines). Toggle candidates below.")),
    Lesson("hall", "Hall's condition", "house", _HALL, _HALL_CLAIM, text=(
        "A perfect matching exists only if every k cells have at least k digits between them (Hall's "
        f"condition). Here {_count(_HALL_CLAIM.left)} cells have only {_numbers(_HALL_CLAIM.right)}, "
        f"so the house cannot be completed. Add {_HALL_CLAIM.remedy} to one of them.")),
    Lesson("chain", "Chain exclusion", "house", _CHAIN, _CHAIN_CLAIM, text=(
        f"The article's chain: cells {_numbers(_CHAIN_CLAIM.left)} have only "
        f"{_numbers(_CHAIN_CLAIM.right)} between them. {_count(_CHAIN_CLAIM.left).capitalize()} cells, "
        f"{_count(_CHAIN_CLAIM.right)} digits — Hall's condition with no room to spare — so those "
        "digits must go there and leave every other cell. The solver finds it from the matching and "
        "alternating paths, not by trying combinations.")),
    Lesson("pile", "Pile exclusion", "house", _PILE, _PILE_CLAIM, prefer="pile", text=(
        f"The same idea seen from the digits: {_numbers(_PILE_CLAIM.right)} fit only in cells "
        f"{_numbers(_PILE_CLAIM.left)}, so those {_count(_PILE_CLAIM.left)} cells take them and lose "
        "every other digit (the article's pile example).")),
    Lesson("fish", "Fish: one digit's rows × columns", "digit", _FISH, _FISH_CLAIM, digit=_FISH_DIGIT,
           text=(
               "Swap the roles of digits and columns (Berthier's symmetry): the rows still missing "
               f"their {_FISH_DIGIT} against the columns still missing theirs form the same kind of "
               f"graph, a line wherever {_FISH_DIGIT} is a candidate. A chain there is a fish: rows "
               f"{_numbers(_FISH_CLAIM.left)} keep their {_FISH_DIGIT}s in columns "
               f"{_numbers(_FISH_CLAIM.right)} — an {_FISH_CLAIM.step}.")),
)


def lessons_json() -> list[dict[str, Any]]:
    """The lessons as the worker's ``lessons`` command sends them."""
    return [item.to_json() for item in LESSONS]
