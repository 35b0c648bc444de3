"""``pysolver techniques [--json]``: every technique the tutor knows, in the order it tries them.

One line each (slug, level, weight, title), read from the registry; ``--json`` prints one object
per line with the family, summary and whether the technique assumes a unique solution. The slugs
are the names ``--without`` takes.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from ..techniques.registry import TECHNIQUES, parse_slugs


def register(subparsers: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    """Add the ``techniques`` subcommand."""
    parser = subparsers.add_parser(
        "techniques", help="list the techniques, in the order the tutor tries them")
    parser.add_argument("--json", action="store_true", help="one JSON object per line")
    parser.set_defaults(run=run)


def add_without_argument(parser: argparse.ArgumentParser) -> None:
    """The ``--without SLUG,...`` option of the commands that solve by logic; given several times,
    every one counts (``_SwitchOff``), as a user listing techniques one option at a time expects."""
    parser.add_argument("--without", type=_slugs, action=_SwitchOff, default=frozenset(),
                        metavar="SLUG,...",
                        help="switch these techniques off (slugs from 'pysolver techniques'); "
                             "may be given several times")


class _SwitchOff(argparse.Action):
    """Adds each ``--without``'s slugs to those of the earlier ones (argparse's default ``store``
    would keep only the last option)."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: Any, option_string: str | None = None) -> None:
        setattr(namespace, self.dest, getattr(namespace, self.dest) | values)


def _slugs(text: str) -> frozenset[str]:
    try:
        return parse_slugs(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def run(args: argparse.Namespace) -> int:
    """Print the registry, its columns as wide as their longest entry."""
    slug_width = max(len(record.slug) for record in TECHNIQUES)
    level_width = max(len(record.level.display) for record in TECHNIQUES)
    for record in TECHNIQUES:
        if args.json:
            print(json.dumps(record.to_json()))
            continue
        mark = ("  (assumes one solution)" if record.assumes_uniqueness
                else "  (tried on puzzles with one solution)" if record.unique_puzzles_only else "")
        print(f"{record.slug:<{slug_width}}  {record.level.display:<{level_width}} {record.weight:>5}  "
              f"{record.title}{mark}")
    return 0
