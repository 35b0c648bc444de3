"""The one way GTSPS refuses a puzzle: too many permutations or super-vertices to hold.

GTSPS is exponential in the number of blanks per box (the GTSPS thesis chapter, Theorem 4.2); past
the limits below it would exhaust memory or time, so it stops and points to the search engine
instead.
"""

from __future__ import annotations

from ..errors import PuzzleError

#: Most valid permutations one box may have (a 17-clue 9×9 puzzle's emptiest box has about 25,000).
PERMUTATION_LIMIT = 200_000

#: Most super-vertices (band tuples plus stack tuples) Version 4.2 may build.
SUPERVERTEX_LIMIT = 1_000_000

#: What to use instead, named in every limit message.
SEARCH_HINT = "use `pysolver count` (the app's Count solutions), the search engine, instead"


class GtspsLimitError(PuzzleError):
    """The puzzle is too open for GTSPS: a box or the super-vertex graph passed its limit."""

    kind = "gtsps-limit"
