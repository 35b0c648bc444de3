"""``pysolver export PUZZLE [--format F] [--after N] [--no-guess]``: a position as text to paste.

Reads any text form of ``pysolver.formats`` and writes the position in the form asked for: ``line``,
``picture``, ``pencilmarks`` (HoDoKu's grid of candidates), ``candidates`` (one character per cell
and digit), ``position`` (HoDoKu's library line), or ``path``, the solution path as ``pysolver
steps`` prints it. ``--after N`` first takes N steps of that path, so the output is the position a
player reaches there (and ``path`` the rest of the way).

Several puzzles give several outputs. A multi-line one (``picture``, ``pencilmarks``, ``path``)
comes under its puzzle's label, the one the other commands put before their lines (``f.txt line
3``, ``f.txt Grid 01``), written as a ``#`` comment line so that the output still reads back as a
file of puzzles, with a blank line between outputs. The one-line forms stay one line a puzzle,
without labels, for scripts and for reading back line by line; a bad puzzle is reported on stderr
with its label.
"""

from __future__ import annotations

import argparse
from itertools import islice

from .. import formats
from ..errors import PuzzleError
from ..formats.path import path_text
from ..play import counted
from ..session import Session
from .inputs import Puzzles, add_puzzle_arguments
from .options import whole_number

#: The forms ``--format`` accepts: every position form, then the solution path.
CHOICES = (*formats.FORMAT_NAMES, "path")
#: The forms written on several lines, each output under its label when there are several.
MULTI_LINE = frozenset({"picture", "pencilmarks", "path"})
#: More steps than any solution path has (a 25×25 grid has 15,625 candidates to place or remove).
MAX_AFTER = 10**6


def register(subparsers: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    """Add the ``export`` subcommand."""
    parser = subparsers.add_parser(
        "export", help="write a position as a line, picture, pencil marks, candidate string, "
                       "HoDoKu position line, or the solution path")
    add_puzzle_arguments(parser)
    parser.add_argument("--format", choices=CHOICES, default="pencilmarks",
                        help="the form to write (default: pencilmarks); from several puzzles, "
                             "each multi-line output (picture, pencilmarks, path) comes under a "
                             "'# <label>' comment line, and the one-line forms are written one "
                             "line a puzzle without labels")
    parser.add_argument("--after", type=whole_number(0, MAX_AFTER), default=0, metavar="N",
                        help="take the first N steps of the solution path first")
    parser.add_argument("--no-guess", action="store_true",
                        help="the path uses logic only and stops where no deduction is left")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Write each puzzle in the chosen form as soon as it is made (a multi-line one under its
    label: see the module's docstring); a bad puzzle of a file, or one whose path is shorter than
    ``--after``, is reported and the others written; exit 0, or 2 when one was."""
    previous: str | None = None
    puzzles = Puzzles(args)
    for label, imported in puzzles.positions():
        session = Session(imported.puzzle, imported.board)
        if args.after:
            # Only the N steps asked for: the rest of the path can take far longer (a 25×25 grid's
            # whole path is minutes of work; its first step a fraction of a second).
            taken = sum(1 for _ in islice(session.steps_to_end(guess=not args.no_guess),
                                          args.after))
            if taken < args.after:
                puzzles.report(f"{label}: " if label else "", PuzzleError(
                    f"--after {args.after}: the solution path has only {counted(taken, 'step')}"))
                continue
            session = Session(imported.puzzle, session.board)
        if args.format == "path":
            wrong = session.mistake_status()  # no step built on a wrong digit, as in ``steps``
            steps = [] if wrong else session.solve_logic() if args.no_guess else session.solve()
            text = path_text(steps, wrong or session.status())
        else:
            text = formats.write(session.board, args.format, args.alphabet)
        if previous is not None and ("\n" in previous or "\n" in text):
            print()
        if label and args.format in MULTI_LINE:
            print(f"# {label}")
        print(text, flush=True)
        previous = text
    return puzzles.code

