"""``pysolver`` / ``python -m pysolver``: one subcommand per module, listed in ``COMMANDS``.

Each command module offers ``register(subparsers)``, which adds its parser and sets ``run`` to a
function taking the parsed arguments and returning an exit code. Bad input (a ``PuzzleError`` or a
``ValueError`` from an option) becomes one line on stderr and exit code 2, never a traceback.
"""

from __future__ import annotations

import argparse
import sys
from typing import Sequence

from ..errors import PuzzleError
from . import check, count, generate, gtsps, rate, solve, steps, techniques

#: The subcommands, in the order ``--help`` lists them.
COMMANDS = (steps, solve, count, check, rate, generate, gtsps, techniques)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every subcommand registered."""
    parser = argparse.ArgumentParser(
        prog="pysolver",
        description="Sudoku solver and tutor: chain and pile exclusion, step by step.")
    subparsers = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for command in COMMANDS:
        command.register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run one subcommand; return its exit code (2 for bad input)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        code: int = args.run(args)
    except (PuzzleError, ValueError) as error:
        print(f"pysolver: error: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    return code
