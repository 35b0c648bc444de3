"""``pysolver`` / ``python -m pysolver``: one subcommand per module, listed in ``COMMANDS``.

Each command module offers ``register(subparsers)``, which adds its parser and sets ``run`` to a
function taking the parsed arguments and returning an exit code. Whatever happens, the user sees
one line on stderr, never a traceback, and an exit status scripts can rely on:

- 0: done; 1: a puzzle has no solution (or is not valid, for ``check``), or the output could not be
  written (a full disk; a closed stdout, checked before any work so that none is done for no one);
  2: a usage error — a bad option, a puzzle that is not one (reported with its label while the
  other puzzles of the input are still read: ``inputs.Puzzles``), a file that cannot be read;
- 130: interrupted with Ctrl-C (what shells report for SIGINT).

Set ``PYSOLVER_DEBUG=1`` to see the traceback of an unexpected error.

With ``--alphabet`` other than ``digits``, the command runs with texts spelling digits in that
alphabet (``inputs.spelling_digits``): step texts, hints and moves agree with the boards it prints.

Modules are imported by name and only when needed: when the first argument names a command, only
that command's module is imported (``solve`` never loads the logic, the grader or GTSPS), so a
short run is not dominated by start-up. A command module may also offer
``plain_command(arguments)``, which reads a plain command line without argparse and returns its
run, or None to leave the line to argparse (``solve`` does: see its module).

For the same reason the modules a plain ``solve`` loads (this package, ``solve``, ``inputs``, the
search, the grid and what they import) load neither ``typing`` nor ``re`` at run time (about
6 ms of a run on an interpreter whose start-up has not loaded them already): their type names are imported under
``if TYPE_CHECKING:``, with ``TYPE_CHECKING = False`` defined in the module as type checkers
understand it, and ``re`` is imported inside the functions that read bad input.
"""

from __future__ import annotations

import os
import sys
from importlib import import_module

from ..errors import PuzzleError

TYPE_CHECKING = False  # typing.TYPE_CHECKING without loading typing (see above)
if TYPE_CHECKING:
    import argparse
    from typing import Callable, Sequence

#: The subcommands (each the name of its module here), in the order ``--help`` lists them.
COMMANDS = ("steps", "play", "solve", "count", "check", "rate", "generate", "gtsps", "export",
            "techniques")
#: The subcommands whose positional arguments may follow options (``play P logic --check logic``):
#: read with ``parse_intermixed_args``, as ``play``'s ACTIONs would otherwise end at the first option.
_INTERMIXED = frozenset({"play"})


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The argument parser with every subcommand registered, or only the one named ``only``."""
    import argparse  # only here: a plain ``solve`` runs without it (see ``_command``)
    parser = argparse.ArgumentParser(
        prog="pysolver",
        description="Sudoku solver and tutor: chain and pile exclusion, step by step.")
    subparsers = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in COMMANDS if only is None else (only,):
        import_module(f"{__name__}.{name}").register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run one subcommand; return its exit code (see the module's docstring).

    Without ``argv`` this is the program itself (``pysolver``, ``python -m pysolver``): it reads
    ``sys.argv``, and once the command is read, leaves what is loaded to live until the end
    (``_keep_what_is_loaded``).
    """
    if sys.stdout is None:  # started with descriptor 1 closed (``>&-``): no output can be given
        return _fail("error: cannot write the output: standard output is closed", 1)
    try:
        command = _command(sys.argv[1:] if argv is None else list(argv))
    except KeyboardInterrupt:  # Ctrl-C while the command's modules load
        return _fail("interrupted", 130)
    if argv is None:
        _keep_what_is_loaded()
    try:
        code = command()
    except (PuzzleError, ValueError) as error:
        return _fail(f"error: {error}", 2)
    except KeyboardInterrupt:
        return _fail("interrupted", 130)
    except BrokenPipeError:
        _silence_stdout()  # the reader left (`| head`): nothing more to say, to anyone
        return 0
    except MemoryError:
        return _fail("error: out of memory", 1)
    except OSError as error:  # writing the output failed: a full disk, a closed stdout
        return _fail(f"error: cannot write the output: {error.strerror or error}", 1)
    except Exception as error:  # a bug: say so in one line, the traceback only on request
        if os.environ.get("PYSOLVER_DEBUG"):
            import traceback  # only here: loading it costs every short run a few milliseconds
            traceback.print_exc()
        return _fail(f"internal error: {type(error).__name__}: {error} "
                     f"(set PYSOLVER_DEBUG=1 for the traceback, and please report it)", 1)
    return code


def _command(argv: list[str]) -> Callable[[], int]:
    """The run ``argv`` asks for: read by its command's ``plain_command`` if it has one that takes
    it, else by argparse (which exits with its usage message on a bad line)."""
    name = argv[0] if argv and argv[0] in COMMANDS else None
    if name is not None:
        module = import_module(f"{__name__}.{name}")
        plain = getattr(module, "plain_command", None)
        command: Callable[[], int] | None = plain(argv[1:]) if plain else None
        if command is not None:
            return command
    args = _arguments(argv, name)
    if getattr(args, "alphabet", "digits") != "digits":
        from .inputs import spelling_digits  # texts spell digits in the alphabet asked for
        return lambda: spelling_digits(args.alphabet, lambda: int(args.run(args)))
    return lambda: int(args.run(args))


def _arguments(argv: list[str], name: str | None) -> argparse.Namespace:
    """``argv`` read by argparse, which exits with a usage message on a bad line.

    A line naming a command is read by that command's own parser, so that a mistake after the
    command word gets that command's usage lines and ``pysolver COMMAND: error:`` (the parser of
    commands would leave an unknown argument to itself, and show its own usage instead).
    """
    parser = build_parser(name)
    if name is None:  # no command, or not one of ours: the parser of commands says so
        return parser.parse_args(argv)
    command = _subparser(parser, name)
    if name in _INTERMIXED:
        return command.parse_intermixed_args(argv[1:])
    return command.parse_args(argv[1:])


def _subparser(parser: argparse.ArgumentParser, name: str) -> argparse.ArgumentParser:
    """The parser of the command ``name`` (to read a command's arguments with its own usage, and
    intermixed ones: see ``_arguments``)."""
    import argparse  # only here: see ``_command``
    for action in parser._actions:  # argparse keeps its subparsers there, and nowhere public
        if isinstance(action, argparse._SubParsersAction):
            found: argparse.ArgumentParser = action.choices[name]
            return found
    raise LookupError(name)


def _keep_what_is_loaded() -> None:
    """Take every object made so far out of the cyclic garbage collector's view (``gc.freeze``).

    The modules, classes, functions and tables loaded before a command runs live until the process
    ends, so collecting them is pure cost: every full collection walks them again, and at exit the
    interpreter's last collections walk them all and free their cycles one by one (with the few
    hundred modules some interpreters load at start-up, about 4 ms of ``python -c pass`` alone).
    Frozen, they are left for the operating system to reclaim with the process. Objects made
    afterwards (each puzzle's, each file a command opens) are collected as usual. Only the
    program does this: a caller of ``main(argv)`` keeps its own collector as it was.
    """
    import gc
    gc.freeze()


def _fail(message: str, code: int) -> int:
    """Print ``pysolver: <message>`` on stderr (if it is still there) and return ``code``."""
    try:
        sys.stdout.flush()
    except (OSError, ValueError, AttributeError):  # AttributeError: no stdout at all (None)
        _silence_stdout()
    try:
        print(f"pysolver: {message}", file=sys.stderr)
    except (OSError, ValueError, AttributeError):
        pass
    return code


def _silence_stdout() -> None:
    """Point stdout at /dev/null, so the interpreter's final flush cannot fail with a traceback."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass
