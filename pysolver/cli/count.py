"""``pysolver count PUZZLE [--limit N]``: how many solutions a puzzle has, counted up to a cap.

A position (a position line's or a pencil-mark grid's placed digits) counts the solutions that keep
to it: 0 when one of its digits is wrong, and a note on stderr then names the digit
(``wrong_digits_reason``), as ``solve`` does.

A large cap (or none, ``--limit 0``) can mean minutes of counting: the count so far is shown on
stderr (``progress``), and Ctrl-C stops it.
"""

from __future__ import annotations

import argparse
import sys
from itertools import islice

from ..board import Board
from .inputs import Puzzles, add_puzzle_arguments, position_solutions, report_notices, wrong_digits_reason
from .options import whole_number
from .progress import ProgressLine

#: The default cap, so that a nearly empty grid answers at once instead of counting for ages.
DEFAULT_LIMIT = 1000
#: The largest cap (a count that high would take centuries; 0 still means no cap at all).
MAX_LIMIT = 10**18
#: Solutions counted between two progress reports.
_REPORT_EVERY = 1024


def register(subparsers: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    """Add the ``count`` subcommand."""
    parser = subparsers.add_parser("count", help="count a puzzle's solutions (up to a limit)")
    add_puzzle_arguments(parser)
    parser.add_argument("--limit", type=whole_number(0, MAX_LIMIT, " (0 for no limit)"),
                        default=DEFAULT_LIMIT, metavar="N",
                        help=f"stop counting at N solutions and print 'N+' "
                             f"(default {DEFAULT_LIMIT}; 0 counts them all)")
    parser.set_defaults(run=run)


def describe(count: int, limit: int | None) -> str:
    """The count as scripts read it: ``127``, or ``1000+`` when counting stopped at the cap.

    >>> describe(127, 1000), describe(1000, 1000), describe(5, None)
    ('127', '1000+', '5')
    """
    return f"{count}+" if limit and count >= limit else str(count)


def count_with_progress(board: Board, limit: int | None, progress: ProgressLine) -> int:
    """The solutions of ``board`` up to ``limit`` (those that keep to its candidates: see
    ``position_solutions``), reporting the count so far to ``progress``."""
    found = 0
    for _ in islice(position_solutions(board, raw=True), limit):
        found += 1
        if found % _REPORT_EVERY == 0:
            progress("counting", found / limit if limit else None, f"{found:,} solutions")
    return found


def run(args: argparse.Namespace) -> int:
    """Print the number of solutions of each puzzle."""
    limit = args.limit or None
    puzzles = Puzzles(args)
    for label, imported in puzzles.positions():
        with ProgressLine() as progress:
            found = count_with_progress(imported.board, limit, progress)
        reason = None if found else wrong_digits_reason(imported.board)
        if reason:
            report_notices(f"{label}: " if label else "", [f"no solution from this position: {reason}"])
        print(f"{label}: {describe(found, limit)}" if label else describe(found, limit))
        sys.stdout.flush()
    return puzzles.code
