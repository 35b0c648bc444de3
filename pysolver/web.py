"""The single JSON-in/JSON-out entry point the browser's Web Worker calls.

Only strings cross between JavaScript and Python (docs/worker-protocol.md): ``handle(request)``
takes a JSON object ``{"cmd": ..., ...}`` and returns a JSON object, ``{"ok": true, ...}`` or
``{"ok": false, "error": {kind, message, cell, house, cells}}``. The worker keeps one session; the
page keeps the puzzle text and the session's ``actions`` and ``position`` so that it can rebuild the
session after a restart (Cancel) or a reload. The reply's ``view`` is everything the page draws: the
front end derives nothing.

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
from typing import Any, Callable

from .errors import PuzzleError
from .generate import generate, parse_level_choice
from .geometry import SYMBOLS
from .grading import rate
from .grid import Grid
from .gtsps import gtsps_report
from .search import count_solutions
from .session import Session
from .techniques.registry import TECHNIQUES, technique

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


def _disabled(request: Request) -> frozenset[str] | None:
    """The slugs switched off by the request's ``techniques`` (the list switched on), if given."""
    enabled = request.get("techniques")
    if enabled is None:
        return None
    if not isinstance(enabled, list) or not all(isinstance(slug, str) for slug in enabled):
        raise ValueError("'techniques' must be a list of technique slugs")
    on = {technique(slug).slug for slug in enabled}
    return frozenset(record.slug for record in TECHNIQUES if record.slug not in on)


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
    grid = Grid.parse(str(request.get("puzzle", "")))
    session = Session(grid, _disabled(request) or frozenset())
    session.replay(list(request.get("actions") or []))
    if "position" in request and request["position"] is not None:
        session.goto(int(request["position"]))
    _Worker.session = session
    return {"view": view(session)}


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
    session.goto(int(request["position"]))
    return {"view": view(session)}


def _check(request: Request, progress: Progress) -> Reply:
    grid = Grid.parse(str(request.get("puzzle", "")), check=False)
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
    grid = Grid.parse(str(request.get("puzzle", "")))
    limit = int(request.get("limit") or COUNT_LIMIT)
    if not 1 <= limit <= COUNT_LIMIT_MAX:
        raise ValueError(f"the count limit must be between 1 and {COUNT_LIMIT_MAX:,}, not {limit:,}")
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
    text = request.get("puzzle")
    grid = Grid.parse(str(text)) if text else _session().puzzle
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
    seed = request.get("seed")
    seed = int(seed) if seed is not None else random.SystemRandom().randrange(2**32)
    made = generate(int(request.get("size") or 9), parse_level_choice(str(request.get("level")
                    or "unique")), random.Random(seed), symmetry=request.get("symmetry") or "none",
                    minimal=request.get("minimal", True) is not False, progress=progress)
    return {**made.to_json(), "seed": seed}


def _gtsps(request: Request, progress: Progress) -> Reply:
    """GTSPS's figures stage by stage and its solutions, for ``puzzle`` or the loaded puzzle."""
    text = request.get("puzzle")
    grid = Grid.parse(str(text)) if text else _session().puzzle
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
        request = json.loads(request_text)
        if not isinstance(request, dict):
            raise ValueError("a request must be a JSON object")
        command = COMMANDS.get(str(request.get("cmd")))
        if command is None:
            raise ValueError(f"unknown command {request.get('cmd')!r}")
        reply: Reply = {"ok": True, **command(request, progress or _no_progress)}
    except PuzzleError as error:
        reply = {"ok": False, "error": error.to_json()}
    except ValueError as error:
        reply = {"ok": False, "error": {"kind": "invalid", "message": str(error), "cell": None,
                                        "house": None, "cells": []}}
    except Exception as error:  # the page must show every failure, never lose it in the console
        reply = {"ok": False, "error": {"kind": "internal", "message": f"{type(error).__name__}: "
                                        f"{error}", "cell": None, "house": None, "cells": []}}
    return json.dumps(reply, separators=(",", ":"))
