"""``pysolver play PUZZLE [ACTION ...] [--hint N] [--check]``: play a puzzle from the command line.

PUZZLE is read as by every command (a puzzle, a file, ``-`` for stdin); each of its puzzles is
played with the same actions.

The same session the page plays: each ACTION is a player's move (``"place r1c1 9"``, ``"note r2c2
6"``, ``"erase r1c1"``, ``fill``), a tutor's step (``logic``, ``guess``, ``backtrack``,
``search``) or ``undo``/``redo``, taken in order into one history as the page's buttons take them
(the messages say "erase it (or Undo)", so Undo is here as it is there). The command prints what
the puzzle is, what each action took (an Undo or Redo names the actions it took back or took again
by their numbers), the board (the player's notes as ``{126}`` in empty cells), where the play
stands, and on request the hint ladder up to level N from the final position and Check's findings.
The page's second hint highlights the pattern on the board; here it names the pattern's candidates
in words. A tutor's step that would build on a wrong digit of the player's is refused as the page
refuses it, naming the digit, and an action that cannot be taken (an Undo at the start, a Redo
with nothing undone) stops the command with a message naming it.
"""

from __future__ import annotations

import argparse

from ..explain import said_hint
from ..geometry import bits
from ..formats.path import status_line, step_line
from ..play import Move, listed
from ..step import join_names
from ..session import TYPED_ACTIONS, Session, Taken
from .inputs import Puzzles, add_puzzle_arguments
from .options import whole_number


def register(subparsers: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    """Add the ``play`` subcommand."""
    parser = subparsers.add_parser("play", help="play a puzzle: your moves and the tutor's steps")
    add_puzzle_arguments(parser)
    parser.add_argument("actions", nargs="*", metavar="ACTION",
                        help=f"{listed(TYPED_ACTIONS)}, in order")
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


def taken_lines(session: Session, taken: list[Taken]) -> list[str]:
    """A line per action: the entry it added, or which actions an Undo took back or a Redo took
    again, by their numbers (an Undo takes a whole Solve by logic's run back, ``logic-run``
    steps too; after an Undo a new action's entry takes the place of the one taken back, so the
    numbers are of the actions, not of places in the history)."""
    by: list[int] = []  # per history entry, the number of the action that added it
    lines = []
    for number, done in enumerate(taken, 1):
        if done.action in ("undo", "redo"):
            moved = by[min(done.before, done.after):max(done.before, done.after)]
            named = join_names(str(n) for n in moved)
            lines.append(f"Undo: takes back {named}." if done.action == "undo"
                         else f"Redo: takes {named} again.")
            continue
        del by[done.before:]
        by.append(number)
        entry = done.entries[0]
        lines.append(entry.describe(session.geometry)[1] if isinstance(entry, Move)
                     else step_line(entry))
    return lines


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
    taken = session.replay(list(args.actions), commands=True)
    for number, text in enumerate(taken_lines(session, taken), 1):
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
