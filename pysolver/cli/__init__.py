"""``pysolver`` / ``python -m pysolver``: one subcommand per module, listed in ``COMMANDS``.

Each command module offers ``register(subparsers)``, which adds its parser and sets ``run`` to a
function taking the parsed arguments and returning an exit code. Bad input (a ``PuzzleError`` or a
``ValueError`` from an option) becomes one line on stderr and exit code 2, never a traceback.

Modules are imported by name and only when needed: when the first argument names a command, only
that command's module is imported (``solve`` never loads the logic, the grader or GTSPS), so a
short run is not dominated by start-up.
"""

from __future__ import annotations

import argparse
import sys
from importlib import import_module
from typing import Sequence

from ..errors import PuzzleError

#: The subcommands (each the name of its module here), in the order ``--help`` lists them.
COMMANDS = ("steps", "solve", "count", "check", "rate", "generate", "gtsps")


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The argument parser with every subcommand registered, or only the one named ``only``."""
    parser = argparse.ArgumentParser(
        prog="pysolver",
        description="Sudoku solver and tutor: chain and pile exclusion, step by step.")
    subparsers = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in COMMANDS if only is None else (only,):
        import_module(f"{__name__}.{name}").register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run one subcommand; return its exit code (2 for bad input)."""
    args_list = sys.argv[1:] if argv is None else list(argv)
    parser = build_parser(args_list[0] if args_list and args_list[0] in COMMANDS else None)
    args = parser.parse_args(argv)
    try:
        code: int = args.run(args)
    except (PuzzleError, ValueError) as error:
        print(f"pysolver: error: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    return code
