"""The one way GTSPS refuses a puzzle: too many permutations or super-vertices to hold.

GTSPS is exponential in the number of blanks per box (the GTSPS thesis chapter, Theorem 4.2); past
the limits below it would exhaust memory or time, so it stops and points to the search engine
instead.
"""

from __future__ import annotations

from typing import Any

from ..errors import PuzzleError

#: Most valid permutations one box may have (a 17-clue 9×9 puzzle's emptiest box has about 25,000).
PERMUTATION_LIMIT = 200_000

#: Most super-vertices (band tuples plus stack tuples) Version 4.2 may build.
SUPERVERTEX_LIMIT = 1_000_000

#: Most solutions (cliques of G* along one direction) it lists: an empty 6×6 grid has 28,200,960,
#: which the clique search would take hours to list, and no page or terminal can show them. They
#: are counted lazily before the super-vertices are built (``lazy.count_cliques``), so a puzzle
#: past the limit stops without building them all.
SOLUTION_LIMIT = 10_000

#: What to use instead, in the CLI's words (the message) and the page's (``to_json``).
SEARCH_HINT = "use `pysolver count`, the search engine, instead"
PAGE_SEARCH_HINT = "press Count solutions, the search engine, instead"


class GtspsLimitError(PuzzleError):
    """The puzzle is too open for GTSPS: a box, the super-vertex graph or the solutions passed a limit.

    ``reason`` says which limit; the message adds what to use instead, naming the CLI command,
    and the page's JSON names the page's button instead.
    """

    kind = "gtsps-limit"

    def __init__(self, reason: str, **details: Any) -> None:
        super().__init__(f"{reason}; {SEARCH_HINT}", **details)
        self.reason = reason

    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), "message": f"{self.reason}; {PAGE_SEARCH_HINT}."}
