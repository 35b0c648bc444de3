"""``pysolver count PUZZLE [--limit N]``: how many solutions a puzzle has, counted up to a cap."""

from __future__ import annotations

import argparse
import sys

from ..errors import PuzzleError
from ..search import count_line
from .inputs import add_puzzle_arguments, each_text, labelled

#: The default cap, so that a nearly empty grid answers at once instead of counting for ages.
DEFAULT_LIMIT = 1000


def register(subparsers: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    """Add the ``count`` subcommand."""
    parser = subparsers.add_parser("count", help="count a puzzle's solutions (up to a limit)")
    add_puzzle_arguments(parser)
    parser.add_argument("--limit", type=_limit, default=DEFAULT_LIMIT, metavar="N",
                        help=f"stop counting at N solutions and print 'N+' "
                             f"(default {DEFAULT_LIMIT}; 0 counts them all)")
    parser.set_defaults(run=run)


def _limit(text: str) -> int:
    """A non-negative integer for ``--limit``.

    >>> _limit("12")
    12
    >>> _limit("-1")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: the limit must be a whole number, 0 or more, not '-1'
    """
    if not text.isdigit():
        raise argparse.ArgumentTypeError(f"the limit must be a whole number, 0 or more, not {text!r}")
    return int(text)


def describe(count: int, limit: int | None) -> str:
    """The count as scripts read it: ``127``, or ``1000+`` when counting stopped at the cap.

    >>> describe(127, 1000), describe(1000, 1000), describe(5, None)
    ('127', '1000+', '5')
    """
    return f"{count}+" if limit and count >= limit else str(count)


def run(args: argparse.Namespace) -> int:
    """Print the number of solutions of each puzzle."""
    limit = args.limit or None
    for prefix, text in each_text(args):
        try:
            found = count_line(text, args.alphabet, limit)
        except PuzzleError as error:
            raise labelled(error, prefix) from None
        print(f"{prefix}{describe(found, limit)}")
    sys.stdout.flush()
    return 0
