"""``pysolver play PUZZLE [ACTION ...] [--hint N] [--check]``: play a puzzle from the command line.

PUZZLE is read as by every command (a puzzle, a file, ``-`` for stdin); each of its puzzles is
played with the same actions.

The same session the page plays: each ACTION is a player's move (``"place r1c1 9"``, ``"note r2c2
6"``, ``"erase r1c1"``, ``fill``) or a tutor's step (``logic``, ``guess``, ``backtrack``,
``search``), taken in order into one history. The command prints what was taken, the board (the
player's notes as ``{126}`` in empty cells), what the puzzle is, where the play stands, and on
request the hint ladder up to level N from the final position and Check's findings. The page's
second hint highlights the pattern on the board; here it names the pattern's candidates in words.
A tutor's step that would build on a wrong digit of the player's is refused as the page refuses
it, naming the digit.
"""

from __future__ import annotations

import argparse

from ..explain import said_hint
from ..geometry import bits
from ..formats.path import status_line, step_line
from ..play import Move, listed
from ..session import ACTIONS, Session
from .inputs import Puzzles, add_puzzle_arguments
from .options import whole_number


def register(subparsers: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    """Add the ``play`` subcommand."""
    parser = subparsers.add_parser("play", help="play a puzzle: your moves and the tutor's steps")
    add_puzzle_arguments(parser)
    parser.add_argument("actions", nargs="*", metavar="ACTION",
                        help=f"{listed(ACTIONS)}, in order")
    parser.add_argument("--hint", type=whole_number(0, 3), default=0, metavar="N",
                        help="climb the hint ladder N levels (0-3; 0, the default, asks none) "
                             "from the final position")
    parser.add_argument("--check", action="store_true",
                        help="name wrong digits, notes that lost their digit, and digits that "
                             "leave no solution")
    parser.set_defaults(run=run)


def board_text(session: Session) -> str:
    """One row per line: digits, and each empty cell's notes in braces (``.`` without notes)."""
    geo = session.geometry
    rows = []
    for row in range(geo.n):
        cells = []
        for cell in range(row * geo.n, (row + 1) * geo.n):
            value = session.board.values[cell]
            notes = bits(session.notes[cell])
            cells.append(geo.symbol(value) if value else
                         "{" + "".join(geo.symbol(d) for d in notes) + "}" if notes else ".")
        rows.append(" ".join(cells))
    return "\n".join(rows)


def run(args: argparse.Namespace) -> int:
    """Take the actions, print the position; exit 0 (a wrong position is a result, not an error)."""
    puzzles = Puzzles(args)
    for label, imported in puzzles.positions():
        if label:
            print(f"{label}:")
        play(Session(imported.puzzle, imported.board), args)
    return puzzles.code


def play(session: Session, args: argparse.Namespace) -> None:
    """One puzzle: the actions taken, the board, the status, the hints and Check asked for."""
    print(session.classification.message)
    session.replay(list(args.actions), refuse_mistakes=True)
    for number, entry in enumerate(session.steps, 1):
        text = entry.describe(session.geometry)[1] if isinstance(entry, Move) else step_line(entry)
        print(f"{number:4}. {text}")
    print(board_text(session))
    status = session.status()
    print(status_line(status))
    for _ in range(args.hint):
        level = session.hint_level()
        hint = session.hint()
        if hint is None:
            print("hint: none (nothing left to find)")
            break
        if session.hint_level() == level:  # the top of the ladder (a wrong digit is named once)
            break
        print(f"hint {hint['level']}: {said_hint(session.geometry, hint)}")
        if hint.get("details"):
            print(f"   why: {hint['details']}")
    if args.check:
        print(f"check: {session.check().message}")
