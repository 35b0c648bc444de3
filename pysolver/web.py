"""The single JSON-in/JSON-out entry point the browser's Web Worker calls.

Only strings cross between JavaScript and Python (docs/worker-protocol.md): ``handle(request)``
takes a JSON object ``{"cmd": ..., ...}`` and returns a JSON object, ``{"ok": true, ...}`` or
``{"ok": false, "error": {kind, message, cell, house, cells}}``. The worker keeps one session; the
page keeps the puzzle text and the session's ``actions`` and ``position`` so that it can rebuild the
session after a restart (Cancel) or a reload. The reply's ``view`` is everything the page draws: the
front end derives nothing. The request text is checked for size and nesting before it is parsed, and
every field is read through a typed reader of ``pysolver.fields``: a bad field is refused with kind
``invalid`` and its name, never coerced.

>>> import json
>>> reply = json.loads(handle(json.dumps({"cmd": "load", "puzzle": "1.3.34.........2"})))
>>> reply["view"]["status"]["status"], reply["view"]["candidates"][1]
('solving', [2])
>>> json.loads(handle('{"cmd": "load", "puzzle": "1.3x34.........2"}'))["error"]["message"]
"unexpected character 'x' at position 4 (r1c4): a 4×4 puzzle uses 1-4, and '.' or '0' for a blank"
"""

from __future__ import annotations

import json
import random
from typing import Any, Callable, get_args

from . import fields, formats
from .errors import FieldError, PuzzleError
from .formats.path import path_text
from .generate import SIZES, SYMMETRIES, generate, parse_level_choice
from .geometry import SYMBOLS
from .grading import Level, rate
from .grid import Grid
from .gtsps import gtsps_report
from .search import count_solutions
from .session import Action, Session
from .techniques.registry import TECHNIQUES

Reply = dict[str, Any]
Request = dict[str, Any]
#: Called by long commands with a stage label and a fraction done (0..1); the worker forwards it.
Progress = Callable[[str, float], None]
Command = Callable[[Request, Progress], Reply]

#: The default cap for counting solutions from the page, and the largest cap accepted (Pyodide's
#: ``sys.maxsize`` is 2**31 - 1, and no count that large would finish anyway).
COUNT_LIMIT = 1000
COUNT_LIMIT_MAX = 10**9
#: How many GTSPS solutions a reply lists (the count is always exact).
GTSPS_LISTED = 200
#: The values ``generate`` accepts: a level's slug, or "unique" (any level below guessing).
LEVEL_CHOICES = tuple(level.slug for level in Level) + ("unique",)
#: Seeds are any whole number from 0 up to this (replies send back the seed used).
SEED_MAX = 2**64 - 1


class _Worker:
    """The worker's one session (module state lives here, not in globals scattered about)."""

    session: Session | None = None


def _session(request: Request | None = None) -> Session:
    """The loaded session, with the techniques ``request`` switches on (if it names them)."""
    if _Worker.session is None:
        raise ValueError("no puzzle is loaded")
    if request is not None:
        disabled = _disabled(request)
        if disabled is not None:
            _Worker.session.switch_off(disabled)
    return _Worker.session


#: The slugs a request's ``techniques`` may name, in the engine's order.
SLUGS = tuple(record.slug for record in TECHNIQUES)


def _disabled(request: Request) -> frozenset[str] | None:
    """The slugs switched off by the request's ``techniques`` (the list switched on), if given."""
    if request.get("techniques") is None:
        return None
    on = set(fields.choice_list(request, "techniques", SLUGS))
    return frozenset(slug for slug in SLUGS if slug not in on)


def techniques_json() -> list[dict[str, object]]:
    """The registry as the page's legend and settings panel read it, in the engine's order."""
    return [record.to_json() for record in TECHNIQUES]


def view(session: Session, hint: bool = False) -> Reply:
    """Everything the page draws for the current position of ``session``."""
    board = session.board
    geo = board.geometry
    next_step = session.next_step() if hint else None
    return {
        "n": geo.n,
        "box_rows": geo.box_rows,
        "box_cols": geo.box_cols,
        "symbols": SYMBOLS[:geo.n],
        "puzzle": session.puzzle.line(),
        "start": formats.start_text(session.start),
        "givens": list(board.givens),
        "values": list(board.values),
        "candidates": [board.candidate_digits(c) for c in range(geo.cell_count)],
        "steps": _log(session),
        "position": session.position,
        "actions": session.actions,
        "status": session.status().to_json(),
        "hint": next_step.to_json() if next_step else None,
        "can_guess": session.can_guess(),
        "can_backtrack": session.can_backtrack(),
        "disabled": sorted(session.disabled),
    }


def _log(session: Session) -> list[dict[str, Any]]:
    """The log as JSON; only the step the board shows keeps its graph, to keep replies small."""
    shown = session.position - 1
    log = []
    for index, step in enumerate(session.steps):
        data = step.to_json()
        if index != shown:
            data["graph"] = None
        log.append(data)
    return log


def _load(request: Request, progress: Progress) -> Reply:
    """Start a session from ``puzzle`` in any text form (a pencil-mark grid, a candidate string, a
    position line or a SudokuWiki string start from the candidates and placed digits they show)."""
    imported = formats.parse(fields.text(request, "puzzle"))
    actions = fields.choice_list(request, "actions", get_args(Action), default=[])
    session = Session(imported.puzzle, imported.board, _disabled(request) or frozenset())
    try:
        session.replay(actions)
    except ValueError as error:
        raise FieldError("actions", f"actions: {error}") from None
    position = fields.optional_integer(request, "position", low=0, high=len(session.steps))
    if position is not None:
        session.goto(position)
    _Worker.session = session
    return {"view": view(session), "format": imported.format}


def _export(request: Request, progress: Progress) -> Reply:
    """The loaded session as text to copy: the givens' line, the position on the board in every
    form, and the solution path from the session's start as ``pysolver steps`` prints it."""
    session = _session()
    board = session.board
    solver = Session(session.puzzle, session.start, session.disabled)
    steps = solver.solve()
    return {"puzzle": session.puzzle.line(), "position": session.position,
            "formats": [{"format": f.name, "title": f.title, "text": f.write(board, "digits")}
                        for f in formats.FORMATS if f.fits(board.geometry.n)],
            "path": path_text(steps, solver.status())}


def _puzzle_or_loaded(request: Request) -> Grid:
    """The request's ``puzzle`` if it sends one (not null), else the loaded session's puzzle."""
    text = fields.optional_text(request, "puzzle")
    return _session().puzzle if text is None else Grid.parse(text)


def _acting(action: Callable[[Session], object]) -> Command:
    def run(request: Request, progress: Progress) -> Reply:
        session = _session(request)
        action(session)
        return {"view": view(session)}
    return run


def _hint(request: Request, progress: Progress) -> Reply:
    return {"view": view(_session(request), hint=True)}


def _step(session: Session) -> None:
    if session.step() is None:
        raise ValueError(session.status().message)


def _back(session: Session) -> None:
    if not session.undo():
        raise ValueError("already at the start")


def _forward(session: Session) -> None:
    if not session.redo():
        raise ValueError("already at the last step")


def _goto(request: Request, progress: Progress) -> Reply:
    session = _session(request)
    session.goto(fields.integer(request, "position", low=0, high=len(session.steps)))
    return {"view": view(session)}


def _check(request: Request, progress: Progress) -> Reply:
    grid = Grid.parse(fields.text(request, "puzzle"), check=False)
    geo = grid.geometry
    conflicts = grid.conflicts()
    if conflicts:
        first = conflicts[0]
        a, b = first.cells
        plural = "s" if len(conflicts) > 1 else ""
        message = (f"{len(conflicts)} conflict{plural}: two {geo.symbol(first.digit)}s in "
                   f"{geo.house_name(first.house)} ({geo.cell_name(a)} and {geo.cell_name(b)})")
    else:
        message = "No digit repeats in any row, column or box."
    return {"conflicts": [{"digit": c.digit, "house": c.house, "house_name": geo.house_name(c.house),
                           "cells": list(c.cells)} for c in conflicts],
            "message": message}


def _count(request: Request, progress: Progress) -> Reply:
    grid = Grid.parse(fields.text(request, "puzzle"))
    limit = fields.integer(request, "limit", low=1, high=COUNT_LIMIT_MAX, default=COUNT_LIMIT)
    count = count_solutions(grid, limit)
    if count == 0:
        message = "No solution."
    elif count == 1:
        message = "Exactly one solution."
    elif count >= limit:
        message = f"At least {limit} solutions (counting stopped there)."
    else:
        message = f"{count} solutions."
    return {"count": count, "limit": limit, "message": message}


def _rate(request: Request, progress: Progress) -> Reply:
    """Rate ``puzzle``, or the loaded session's puzzle when none is given."""
    grid = _puzzle_or_loaded(request)
    rating = rate(grid, _disabled(request) or frozenset())
    guesses = f", {rating.guesses} guesses" if rating.guesses else ""
    message = (f"{rating.level.display}: score {rating.score}, hardest technique "
               f"{rating.hardest or 'none'}{guesses}.")
    return {**rating.to_json(), "puzzle": grid.line(), "message": message}


def _techniques(request: Request, progress: Progress) -> Reply:
    """The registry: every technique's slug, title, family, level, weight and summary."""
    return {"techniques": techniques_json()}


def _generate(request: Request, progress: Progress) -> Reply:
    """A new puzzle; ``seed`` (optional) makes it reproducible, and the reply says which was used."""
    size = fields.integer_choice(request, "size", SIZES, default=9)
    level = parse_level_choice(fields.choice(request, "level", LEVEL_CHOICES, default="unique"))
    symmetry = fields.choice(request, "symmetry", SYMMETRIES, default="none")
    minimal = fields.boolean(request, "minimal", default=True)
    seed = fields.optional_integer(request, "seed", low=0, high=SEED_MAX)
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    made = generate(size, level, random.Random(seed), symmetry=symmetry,
                    minimal=minimal, progress=progress)
    return {**made.to_json(), "seed": seed}


def _gtsps(request: Request, progress: Progress) -> Reply:
    """GTSPS's figures stage by stage and its solutions, for ``puzzle`` or the loaded puzzle."""
    grid = _puzzle_or_loaded(request)
    report = gtsps_report(grid, progress=progress)
    count = report["solution_count"]
    solutions = report["solutions"]
    assert isinstance(solutions, list)
    if report["reason"]:
        message = f"No solution: {report['reason']}."
    else:
        message = f"{count} solution{'s' if count != 1 else ''} in {report['elapsed_ms']:.0f} ms."
    return {**report, "solutions": solutions[:GTSPS_LISTED], "listed": min(len(solutions),
            GTSPS_LISTED), "puzzle": grid.line(), "message": message}


COMMANDS: dict[str, Command] = {
    "load": _load,
    "hint": _hint,
    "step": _acting(_step),
    "back": _acting(_back),
    "forward": _acting(_forward),
    "goto": _goto,
    "solve_logic": _acting(Session.solve_logic),
    "guess": _acting(Session.guess),
    "backtrack": _acting(Session.backtrack),
    "solve": _acting(Session.finish_by_search),
    "check": _check,
    "count": _count,
    "rate": _rate,
    "generate": _generate,
    "gtsps": _gtsps,
    "export": _export,
    "techniques": _techniques,
}


def _no_progress(stage: str, fraction: float) -> None:
    """The default progress sink: nobody is listening."""


def handle(request_text: str, progress: Progress | None = None) -> str:
    """Answer one request; never raises (errors come back as ``{"ok": false, "error": ...}``).

    ``progress(stage, fraction)`` is called by long commands (generation, GTSPS) so the page can
    show a progress bar; the worker passes a function that posts a message.
    """
    try:
        request = fields.decode_request(request_text)
        name = fields.text(request, "cmd")
        command = COMMANDS.get(name)
        if command is None:
            raise FieldError("cmd", f"unknown command {fields.show(name)}: the commands are "
                                    + ", ".join(COMMANDS))
        reply: Reply = {"ok": True, **command(request, progress or _no_progress)}
    except PuzzleError as error:
        reply = {"ok": False, "error": error.to_json()}
    except ValueError as error:
        reply = _failure("invalid", str(error))
    except Exception as error:  # the page must show every failure, never lose it in the console
        reply = _failure("internal", f"{type(error).__name__}: {error}")
    return json.dumps(reply, separators=(",", ":"))


#: The worker refuses longer request text itself (with ``oversized``'s reply), so that a huge
#: string is never copied into Python.
MAX_REQUEST_CHARS = fields.MAX_REQUEST_CHARS


def oversized(length: int) -> str:
    """The reply to a request of ``length`` characters that the worker did not pass on.

    >>> json.loads(oversized(2_000_000))["error"]["kind"]
    'invalid'
    """
    error = fields.too_large(length)
    return json.dumps({"ok": False, "error": error.to_json()}, separators=(",", ":"))


def _failure(kind: str, message: str) -> Reply:
    return {"ok": False, "error": {"kind": kind, "message": message, "cell": None, "house": None,
                                   "cells": []}}
