"""``pysolver techniques [--json]``: every technique the tutor knows, in the order it tries them.

One line each (slug, level, weight, title), read from the registry; ``--json`` prints one object
per line with the family, summary and whether the technique assumes a unique solution. The slugs
are the names ``--without`` takes.
"""

from __future__ import annotations

import argparse
import json

from ..techniques.registry import TECHNIQUES, parse_slugs


def register(subparsers: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    """Add the ``techniques`` subcommand."""
    parser = subparsers.add_parser(
        "techniques", help="list the techniques, in the order the tutor tries them")
    parser.add_argument("--json", action="store_true", help="one JSON object per line")
    parser.set_defaults(run=run)


def add_without_argument(parser: argparse.ArgumentParser) -> None:
    """The ``--without SLUG,...`` option of the commands that solve by logic."""
    parser.add_argument("--without", type=_slugs, default=frozenset(), metavar="SLUG,...",
                        help="switch these techniques off (slugs from 'pysolver techniques')")


def _slugs(text: str) -> frozenset[str]:
    try:
        return parse_slugs(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def run(args: argparse.Namespace) -> int:
    """Print the registry."""
    for record in TECHNIQUES:
        if args.json:
            print(json.dumps(record.to_json()))
            continue
        mark = ("  (assumes one solution)" if record.assumes_uniqueness
                else "  (tried on puzzles with one solution)" if record.unique_puzzles_only else "")
        print(f"{record.slug:<20} {record.level.display:<8} {record.weight:>5}  "
              f"{record.title}{mark}")
    return 0
