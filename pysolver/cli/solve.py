"""``pysolver solve PUZZLE [--all]``: print the solution (or every solution) found by the search.

A position in another text form (a pencil-mark grid, a candidate string, a position line) is solved
too: its solutions are those that keep to its candidates.

The search reads a plain one-line puzzle straight into its integers and writes the solution line
straight from them (``search.iter_solution_lines``): no ``Grid`` is built when only the line is
printed, so a file of puzzles costs little beyond the search itself.

A plain command line (``solve PUZZLE``, with ``--all`` or ``--alphabet NAME`` at most) is read
without argparse (``plain_command``): importing it and building its parser cost more than solving
a dozen puzzles. Anything else, ``--help`` and every mistake included, goes to argparse, so help
and error messages are argparse's own.
"""

from __future__ import annotations

import sys
from ..errors import PuzzleError
from ..grid import ALPHABETS, Grid
from ..search import iter_solution_lines
from .inputs import (add_puzzle_arguments, each_text, may_be_hex, position_solutions, report_bad,
                     report_notices, wrong_digits_reason)

TYPE_CHECKING = False  # typing.TYPE_CHECKING without loading typing: see pysolver.cli
if TYPE_CHECKING:
    import argparse
    from typing import Callable, Iterator


def register(subparsers: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    """Add the ``solve`` subcommand."""
    parser = subparsers.add_parser("solve", help="print a puzzle's solution (or all of them)")
    add_puzzle_arguments(parser)
    parser.add_argument("--all", action="store_true",
                        help="print every solution, one per line, not just the first")
    parser.set_defaults(run=run)


def plain_command(argv: list[str]) -> Callable[[], int] | None:
    """The run of ``argv`` (the arguments after ``solve``) when they need no parser: one puzzle
    argument that does not start with ``-`` (``-`` alone is stdin), ``--all``, and ``--alphabet``
    followed by an alphabet's name (or ``--alphabet=NAME``); None for anything else.

    >>> plain_command(["--all", "-"]) is not None, plain_command(["--alphabet", "x", "-"])
    (True, None)
    """
    puzzles, alphabet, every = [], "digits", False
    words = iter(argv)
    for word in words:
        if word == "--all":
            every = True
        elif word == "--alphabet" or word.startswith("--alphabet="):
            name = word[len("--alphabet="):] if "=" in word else next(words, "")
            if name not in ALPHABETS:
                return None
            alphabet = name
        elif word == "-" or not word.startswith("-"):
            puzzles.append(word)
        else:
            return None
    if len(puzzles) != 1:
        return None
    return lambda: print_solutions(puzzles[0], alphabet, every)


def run(args: argparse.Namespace) -> int:
    """The command as argparse read it."""
    return print_solutions(args.puzzle, args.alphabet, args.all)


def print_solutions(argument: str, alphabet: str, every: bool) -> int:
    """Print one solution line per puzzle (every one with ``every``); exit 1 if one has none."""
    code = 0
    write = sys.stdout.write
    for prefix, puzzle in each_text(argument, alphabet):
        found, text = False, puzzle.text
        if puzzle.problem is not None:
            report_bad(prefix, puzzle.problem)
            code = 2
            continue
        why: list[str] = []  # why a position has no solution, when its digits say
        try:
            for line in _solution_lines(prefix, text, alphabet, every, why):
                found = True
                write(f"{prefix}{line}\n")
        except PuzzleError as error:
            report_bad(prefix, error)
            code = 2
            continue
        if not found:
            sys.stdout.flush()
            print(f"{prefix}no solution{''.join(f': {reason}' for reason in why)}", file=sys.stderr)
            code = max(code, 1)
    sys.stdout.flush()
    return code


def _solution_lines(prefix: str, text: str, alphabet: str, every: bool,
                    why: list[str]) -> Iterator[str]:
    """The solution lines of a puzzle's text: a plain line's straight from the search, any other
    text's (or a plain line's that has none, to say what is wrong with it) from its position
    (``_position_lines``). A 16×16 text written with 0–F goes the second way, which reads it so
    and says so."""
    if not may_be_hex(text, alphabet):
        try:
            yield from iter_solution_lines(text, alphabet, None if every else 1)
            return
        except PuzzleError:
            pass
    yield from _position_lines(prefix, text, alphabet, every, why)


def _position_lines(prefix: str, text: str, alphabet: str, every: bool,
                    why: list[str]) -> Iterator[str]:
    """The solution lines of text that is no plain puzzle: a picture with HoDoKu's rules, or a
    position with candidates (a pencil-mark grid...), whose solutions keep to its candidates;
    text that is none raises the error that says what is wrong with it. How the text was read
    where it reads two ways is said first (``report_notices``). A position without a solution
    whose placed digits disagree with its givens' one solution puts the wrong digits, named, in
    ``why`` (``wrong_digits_reason``)."""
    from .. import formats
    imported = formats.parse(text, alphabet)
    report_notices(prefix, imported.notices)
    board = imported.board
    for solution in position_solutions(board):
        assert isinstance(solution, Grid)
        yield solution.line(alphabet)
        if not every:
            return
    reason = wrong_digits_reason(board)
    if reason:
        why.append(reason)
