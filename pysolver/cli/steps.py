"""``pysolver steps PUZZLE [--json] [--why] [--no-guess] [--without SLUG,...]``: the deduction log.

``PUZZLE`` may be any text form of ``pysolver.formats``: from a pencil-mark grid, a candidate string
or a position line the log starts at that position, with its candidates.

Text mode numbers the steps, each with its technique and its short text as the page shows them
(``--why`` adds each step's details under it, the page's "why?"); ``--json`` prints one step object per line (the schema in the README)
and closes each puzzle's log with a status object ``{"status": "solved" | "stuck" | "contradiction"}``.
Without ``--no-guess`` the log goes on with guesses and backtracks to the solution.

A position whose placed digits (a position line's ``+`` digits, say) disagree with its givens' one
solution takes no step: its status is ``wrong`` and names the first wrong digit in the page's words
(``Session.mistake_status``, what the page's Step says), rather than steps built on it that end
in a contradiction far from it. The last line is the status, ``<state>: <message>``
(``status_line``).

One step of a large grid can take a minute: while one is looked for, stderr shows which step it
is, the guesses so far, the cells to go and the technique being tried (``progress``), and stdout
holds the log alone.
"""

from __future__ import annotations

import argparse
import json

from ..formats.path import numbered_lines, status_line
from ..play import counted
from ..session import Session
from ..techniques.guessing import GUESS
from .inputs import Puzzles, add_puzzle_arguments
from .progress import Heartbeat, ProgressLine, guesses_so_far
from .techniques import add_without_argument


def register(subparsers: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    """Add the ``steps`` subcommand."""
    parser = subparsers.add_parser("steps", help="print the deductions that solve a puzzle")
    add_puzzle_arguments(parser)
    parser.add_argument("--json", action="store_true", help="one JSON object per line")
    parser.add_argument("--why", action="store_true",
                        help="print each step's details (the whole argument) under it")
    parser.add_argument("--no-guess", action="store_true",
                        help="logic only: stop when no deduction is left instead of guessing")
    add_without_argument(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Print each puzzle's log and status; exit 0 (a stuck or contradictory puzzle is a result),
    or 2 when one of the input's puzzles is not one (reported, and the others still read).

    Each step is printed as soon as it is found: a large grid's log shows its progress, and an
    interrupted run keeps the steps printed so far."""
    puzzles = Puzzles(args)
    for label, imported in puzzles.positions():
        session = Session(imported.puzzle, imported.board, args.without)
        if label and not args.json:
            print(f"{label}:")
        count = guesses = 0
        with ProgressLine() as line, Heartbeat(line) as progress:
            def trying(doing: str) -> None:
                left = counted(len(session.board.empty_cells()), "cell")
                progress(f"{label + ': ' if label else ''}step {count + 1}", None,
                         f"{guesses_so_far(guesses)}, {left} left, {doing}")

            trying("counting the solutions")  # a unique solution names wrong digits
            wrong = session.mistake_status()
            if wrong is None:
                for count, step in enumerate(session.steps_to_end(not args.no_guess, trying), 1):
                    guesses += step.technique is GUESS
                    lines = ([json.dumps(step.to_json(), separators=(",", ":"))] if args.json
                             else numbered_lines(count, step, args.why))
                    with progress.aside():
                        print("\n".join(lines), flush=True)
            trying("working out the status")
            status = wrong or session.status()
        if args.json:
            print(json.dumps({**status.to_json(), "steps": count,
                              "grid": session.board.grid().line(args.alphabet),
                              **({"label": label} if label else {})},
                             separators=(",", ":")))
            continue
        print(status_line(status))
        print(session.board.grid().picture(args.alphabet))
    return puzzles.code
