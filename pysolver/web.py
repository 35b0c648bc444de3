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
import time
from dataclasses import replace
from typing import Any, Callable

from . import fields, formats
from .board import Board
from .errors import FieldError, PuzzleError
from .explain import LEVELS, effect, step_json
from .exported_board import exported_board
from .formats.path import path_text
from .generate import (SYMMETRIES, generate, level_choices, not_generated,
                       parse_level_choice, refused_note)
from .geometry import BOX_SHAPES, SYMBOLS, bits, plural
from .grading import Level, Rating, rate
from .grid import Grid, symbols_rule
from .learn import MAX_SIDE, TEACHES, lesson
from .lessons import lessons_json
from .logic import FIGURE_4_2
from .gtsps import gtsps_report
from .gtsps.run import STAGE_WORDS
from .play import Move, MoveKind, counted, decode_notes, digits_line, encode_notes, parse_digits_line
from .search import count_solutions
from .session import Session, Status
from .step import Step
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
    #: The ``load`` request whose saved history ``classify`` replays (see ``_load``), or None.
    replay: Request | None = None


def _session(request: Request | None = None, progress: Progress | None = None) -> Session:
    """The loaded session, with the techniques ``request`` switches on (if it names them); a saved
    history a load left for ``classify`` is replayed first, whichever command comes (``progress``
    hears when the replay starts, see ``_session_from``)."""
    saved, _Worker.replay = _Worker.replay, None
    if saved is not None:
        _Worker.session = _session_from(saved, formats.parse(fields.text(saved, "puzzle")), replay=True,
                                        progress=progress)
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


#: The smallest side whose load replies before the solutions are counted: a 16×16 count costs a
#: tenth of a second in CPython (several times that in Pyodide), a 25×25 one most of a second, a
#: 9×9 one a millisecond (its load keeps the classification in its own reply).
COUNT_LATER_FROM = 16
#: What the page says (status and classification lines) while the solutions are being counted.
COUNTING = "Counting solutions…"
#: The classification line of a board whose count the person stopped (``load`` with ``count`` false).
NOT_COUNTED = "Solutions not counted: the count was cancelled."
#: Its status line: what waits for the count, and how it starts again.
COUNT_STOPPED = ("The count of solutions was cancelled, so Step, Hint and Check wait for it; "
                 "Count solutions, or your next move, counts them again.")


def view(session: Session) -> Reply:
    """Everything the page draws for the current position of ``session``.

    Besides the board and the history: who placed each digit (``origins``), the player's
    ``notes``, the hint at its level, Check's findings while current, the classification, the
    ``can`` map of the commands that make sense now, the play counters and settings, and the
    ``address`` (the position as a link carries it).
    """
    status = session.status()
    checked = session.shown_check()
    can = _can(session, status.state)
    return {**_board_view(session),
            "status": status.to_json(),
            "classification": session.classification.to_json(),
            "entry": entry_status(session),
            "hint": session.current_hint(),
            "check": checked.to_json(session.geometry) if checked else None,
            "can": can,
            "cannot": _cannot(session, status, can),
            "can_guess": session.can_guess(),
            "can_backtrack": session.can_backtrack()}


def counting_view(session: Session, *, stopped: bool = False) -> Reply:
    """The board before its solutions are counted: nothing that reads the classification (the
    status, hints, Check, the entry status, what may be done) is computed; the classification is
    ``pending``, the status says the count runs, and no command is offered. The page asks
    ``classify`` next, whose reply is the full ``view`` (the worker answers one request at a
    time, so nothing the person asks runs before the count).

    ``stopped``: the person cancelled that count, so none is asked; the classification is
    ``uncounted``, the status says what waits for it, and ``classify`` alone is offered (Count
    solutions asks it; any later view counts too, the next move's)."""
    contradiction = session.contradiction()
    message = COUNT_STOPPED if stopped else COUNTING
    status = ({"status": "uncounted" if stopped else "counting", "message": message, "cell": None,
               "house": None, "houses": [], "cells": [], "graph": None}
              if contradiction is None else session.status().to_json())
    return {**_board_view(session),
            "status": status,
            "classification": {"kind": "uncounted" if stopped else "pending",
                               "message": NOT_COUNTED if stopped else COUNTING, "cell": None,
                               "house": None, "cells": []},
            "entry": {"status": "entering", "message": message},
            "hint": None,
            "check": None,
            "can": {name: stopped and name == "classify" for name in CAN_NAMES},
            "cannot": {name: message for name in KEYED},
            "can_guess": False,
            "can_backtrack": False}


def _board_view(session: Session) -> Reply:
    """The parts of ``view`` that need no count: the board, the history, the player's settings."""
    board = session.board
    geo = board.geometry
    values_on_top = tuple(0 if g else v for g, v in zip(board.givens, board.values))
    return {
        "n": geo.n,
        "box_rows": geo.box_rows,
        "box_cols": geo.box_cols,
        "symbols": SYMBOLS[:geo.n],
        "symbols_rule": symbols_rule(geo.n),
        "puzzle": session.puzzle.line(),
        "start": formats.start_text(session.start),
        "givens": list(board.givens),
        "values": list(board.values),
        "candidates": [board.candidate_digits(c) for c in range(geo.cell_count)],
        "origins": [session.origin(c) for c in range(geo.cell_count)],
        "notes": [bits(mask) for mask in session.notes],
        "steps": _log(session),
        "branches": [branch.to_json() for branch in session.branches()],
        "position": session.position,
        "actions": session.actions,
        "hint_level": session.hint_level(),
        "disabled": sorted(session.disabled),
        "play": {"started": session.started, "hints": session.hints, "checks": session.checks,
                 "finished_in": session.finished_in},
        "settings": {"auto_clear_notes": session.auto_clear_notes,
                     "mark_mistakes": session.mark_mistakes},
        "address": {"digits": digits_line(geo, values_on_top) if any(values_on_top) else "",
                    "notes": encode_notes(geo, session.notes)},
    }


def entry_status(session: Session) -> dict[str, str]:
    """What the status line says while the player types a puzzle's givens ("Enter puzzle" mode):
    how far the givens are from a puzzle to play, where the play status ("Stuck", "Guess to go
    on") would talk about solving a puzzle that is not finished yet. A contradiction in what was
    typed is said as in play (``status`` "contradiction"); else ``status`` is "entering".

    >>> from pysolver.grid import Grid
    >>> entry_status(Session(Grid.empty(4)))["message"]
    'An empty 4×4 board: type the givens, or paste a puzzle, then press Play.'
    """
    status = session.status()
    if status.state == "contradiction":
        return {"status": status.state, "message": status.message}
    n = session.geometry.n
    givens = sum(1 for value in session.puzzle.values if value)
    if not givens and session.start == Board.from_grid(session.puzzle):  # nothing typed or pasted
        return {"status": "entering",
                "message": f"An empty {n}×{n} board: type the givens, or paste a puzzle, then press Play."}
    typed = f"{givens:,} given{'' if givens == 1 else 's'}"
    classification = session.classification
    messages = {
        "unique": f"{typed}: exactly one solution. Press Play to solve it.",
        "several": f"{typed}: more than one solution so far. Add givens, or press Play to solve "
                   f"it as it is.",
    }
    return {"status": "entering",
            "message": messages.get(classification.kind, f"{typed}. {classification.message}")}


def _can(session: Session, state: str) -> dict[str, bool]:
    """Which commands make sense at this position (the page enables its buttons from this)."""
    logic = session.may_step()
    hint = session.current_hint()
    open_cells = bool(session.board.empty_cells())
    return {
        "undo": session.position > 0,
        "redo": session.position < len(session.steps),
        "step": logic,
        "solve_logic": logic,
        "hint": session.can_hint(),
        "apply": hint is not None and hint["kind"] == "step",
        "guess": session.can_guess(),
        "backtrack": session.can_backtrack(),
        "solve": state in ("solving", "stuck"),
        "check": True,
        "fill_notes": open_cells,
        "play": open_cells or state == "wrong",
        "classify": False,  # this view read the count (``counting_view`` offers it when cancelled)
    }


#: The commands ``can`` names (each off in ``counting_view``, but ``classify`` once its count was
#: cancelled: the page's Count solutions asks it then).
CAN_NAMES = ("undo", "redo", "step", "solve_logic", "hint", "apply", "guess", "backtrack", "solve",
             "check", "fill_notes", "play", "classify")
#: The commands the page's keys ask for whether their buttons are on or off (Ctrl+Z and U, Ctrl+Y
#: and R, S, H): ``cannot`` says why each that is off is off.
KEYED = ("undo", "redo", "step", "hint")


#: Why the play keys (S, H, N) do nothing while the player types a puzzle's givens ("Enter puzzle"
#: mode, the page's): the tutor and the notes play a puzzle, and these givens are not one yet.
ENTERING_CANNOT = {
    "step": "Step plays the puzzle, and you are typing its givens: press Play to take steps.",
    "hint": "Hints are for playing the puzzle, and you are typing its givens: press Play to ask for one.",
    "notes": "Notes are for playing the puzzle, and you are typing its givens (a digit typed is a given): "
             "press Play to take notes.",
}


def _cannot(session: Session, status: Status, can: dict[str, bool]) -> dict[str, str]:
    """Why each command of ``KEYED`` that ``can`` has off is off, for the page to say when its key
    is pressed: a key asks, where the button, disabled, cannot be pressed, and nothing happening
    said nothing. A step or hint off where the board is finished, stuck or contradictory is off
    for the reason its status gives.

    >>> session = Session(Grid.parse(FIGURE_4_2))
    >>> for _ in range(3):
    ...     _ = session.hint()
    >>> why = _cannot(session, session.status(), _can(session, session.status().state))
    >>> sorted(why), why["hint"]
    (['hint', 'redo', 'undo'], 'That was the last hint, 3 of 3: it shows the whole step, which Apply takes.')
    """
    hint = session.current_hint()
    stopped = "The puzzle is solved: nothing is left to find." if status.state == "solved" else status.message
    why = {
        "undo": "Nothing to undo: this is the puzzle's start.",
        "redo": "Nothing to redo: this is the last move or step.",
        "step": stopped,
        "hint": (f"That was the last hint, {LEVELS} of {LEVELS}: it shows the whole step, which Apply takes."
                 if hint is not None and hint["kind"] == "step"
                 else "The hint says all it can: put right what it names, then ask again." if hint is not None
                 else stopped),
    }
    return {name: words for name, words in why.items() if not can[name]}


def _log(session: Session) -> list[dict[str, Any]]:
    """The history as JSON; only the entry the board shows keeps its graph and its proof, which
    the page draws for that entry alone: every reply carries the whole history, and a nested
    forcing net's proof alone is 15 to 20 KB even with its nested nets' drawings left out."""
    geo = session.geometry
    shown = session.position - 1
    log = []
    for index, entry in enumerate(session.steps):
        if isinstance(entry, Move):
            data = entry.to_json(geo)
        elif index == shown:
            data = step_json(geo, entry, [e for e in session.steps[:index] if isinstance(e, Step)])
        else:
            data = step_json(geo, replace(entry, graph_source=None, proof=None))
        log.append(data)
    return log


def _part(request: Request, name: str) -> dict[str, Any]:
    """The object field ``name`` ({} when absent); its own fields are read with ``_within``."""
    found = fields.optional_object(request, name)
    return dict(found) if found is not None else {}


def _restore_play(session: Session, saved: dict[str, Any]) -> None:
    """The play counters and start time a page saved ({started, hints, checks, finished_in})."""
    try:
        started = fields.optional_number(saved, "started", low=0)
        session.finished_in = fields.optional_number(saved, "finished_in", low=0)
        session.hints = fields.integer(saved, "hints", low=0, high=10**9, default=0)
        session.checks = fields.integer(saved, "checks", low=0, high=10**9, default=0)
    except FieldError as error:
        raise FieldError("play", f"play.{error}") from None
    if started is not None:
        session.started = started


def _settings(session: Session, request: Request) -> None:
    session.auto_clear_notes = fields.boolean(request, "auto_clear_notes", default=session.auto_clear_notes)
    session.mark_mistakes = fields.boolean(request, "mark_mistakes", default=session.mark_mistakes)


def _load(request: Request, progress: Progress) -> Reply:
    """A new session from ``puzzle`` in any text form (a pencil-mark grid, a candidate string, a
    position line or a SudokuWiki string start from the candidates and placed digits they show),
    then its saved history, or the position of a link.

    A board of 16×16 or more replies before its solutions are counted (``counting_view``); a saved
    history there (whose steps need the count) is replayed by ``classify`` when the request also
    gives the saved position (``digits`` and ``notes``, empty for none), which the reply shows
    meanwhile. ``count`` false (the person cancelled the count) leaves it uncounted: no
    ``classify`` follows."""
    # A 16×16 text in 0–F is read so, with its notice.
    imported = formats.parse(fields.text(request, "puzzle"))
    count = fields.boolean(request, "count", default=True)
    shown_position = "digits" in request or "notes" in request  # a saved game's, as its link says it
    preview = (bool(fields.text_list(request, "actions", default=[])) and shown_position
               and imported.puzzle.geometry.n >= COUNT_LATER_FROM)
    session = _session_from(request, imported, replay=not preview)
    _Worker.replay = dict(request) if preview else None
    _Worker.session = session
    later = session.geometry.n >= COUNT_LATER_FROM and not session.classified
    shown = counting_view(session, stopped=not count and not preview) if later else view(session)
    reply: Reply = {"view": shown, "format": imported.format}
    if imported.notices:
        reply["notice"] = " ".join(imported.notices)
    return reply


def _session_from(request: Request, imported: formats.Imported, *, replay: bool,
                  progress: Progress | None = None) -> Session:
    """The session a ``load`` asks for, on the puzzle it read: its settings, then (``replay``) its
    ``actions`` replayed and its ``position`` gone to, else (or with no actions) the link's
    ``digits`` and ``notes`` (a saved game's position, shown while its history waits for the count).

    With ``progress`` (``classify`` replaying a big board's saved game), the solutions are counted
    first and then the replay is said, so that the status line stops saying "Counting solutions…"
    while the steps are taken: "Replaying the saved game's 12 steps…"."""
    grid = imported.puzzle
    session = Session(grid, imported.board, _disabled(request) or frozenset())
    try:
        _settings(session, _part(request, "settings"))
    except FieldError as error:
        raise FieldError("settings", f"settings.{error}") from None
    actions = fields.text_list(request, "actions", default=[]) if replay else []
    digits = fields.text(request, "digits", default="")
    notes = fields.text(request, "notes", default="")
    if not actions and (digits or notes):
        geo = grid.geometry
        try:
            values = parse_digits_line(geo, digits) if digits else (0,) * geo.cell_count
            session.play(Move("restore", values=values, notes=decode_notes(geo, notes)))
        except ValueError as error:
            raise FieldError("digits" if digits else "notes", str(error)) from None
    if actions and progress is not None:
        session.classification  # the count the replay's steps read, taken before it is said
        progress(f"Replaying the saved game's {counted(len(actions), 'step')}…", 0.0)
    try:
        session.replay(actions)
    except ValueError as error:
        raise FieldError("actions", f"actions: {error}") from None
    position = (fields.optional_integer(request, "position", low=0, high=len(session.steps))
                if replay else None)
    if position is not None:
        session.goto(position)
    _restore_play(session, _part(request, "play"))
    return session


def _classify(request: Request, progress: Progress) -> Reply:
    """The count a load left for later (its view's classification ``pending``), and the full view
    it lets the page draw: the status, what may be done, hints and Check all read it. A saved
    history the load left for now is replayed first (its steps read the count; see ``_session``),
    said to ``progress`` once the count is done."""
    return {"view": view(_session(progress=progress))}


def _export(request: Request, progress: Progress) -> Reply:
    """The loaded session as text to copy: the givens' line and the position on the board in every
    form (as the player sees it, see ``exported_board``, with remarks on what differs). None of it
    needs solving, so it comes at once on any board; the solution path is ``export_path``'s, asked
    for on its own (a 16×16 path can take minutes of forcing nets)."""
    session = _session()
    exported = exported_board(session.board, session.notes)
    board = exported.board
    return {"puzzle": session.puzzle.line(), "position": session.position,
            "formats": [{"format": f.name, "title": f.title, "text": f.write(board, "digits")}
                        for f in formats.FORMATS if f.fits(board.geometry.n)],
            "remarks": list(exported.remarks)}


def _export_path(request: Request, progress: Progress) -> Reply:
    """The solution path from the loaded session's start as ``pysolver steps`` prints it, solved
    in a session of its own (the player's history is not touched). Each step is reported to
    ``progress`` as it is taken, as Solve by logic's are; Cancel stops it (the worker restarts)."""
    session = _session()
    solver = Session(session.puzzle, session.start, session.disabled)
    wrong = solver.mistake_status()  # no step built on a wrong digit of the start's
    if wrong:
        return {"puzzle": session.puzzle.line(), "path": path_text([], wrong)}
    empty = len(solver.board.empty_cells()) or 1
    steps: list[Step] = []
    for step in solver.steps_to_end():
        steps.append(step)
        left = len(solver.board.empty_cells())
        progress(f"Writing the solution path: {counted(len(steps), 'step')}, {counted(left, 'cell')} "
                 f"to go (last: {step.name})", (empty - left) / empty)
    return {"puzzle": session.puzzle.line(), "path": path_text(steps, solver.status())}


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


def _tutoring(action: Callable[[Session], object]) -> Command:
    """A tutor's command that builds on the board: refused, with the mistake named, while a digit
    on it is wrong (``Session.refuse_on_mistakes``)."""
    def act(session: Session) -> object:
        session.refuse_on_mistakes()
        return action(session)
    return _acting(act)


def _moving(kind: MoveKind) -> Command:
    """A player's move from the request's ``cell`` and ``digit`` (0-based cell, digit 1..n)."""
    def run(request: Request, progress: Progress) -> Reply:
        session = _session(request)
        geo = session.geometry
        cell = fields.integer(request, "cell", low=0, high=geo.cell_count - 1) if kind != "fill" else None
        digit = fields.integer(request, "digit", low=1, high=geo.n) if kind in ("place", "note") else 0
        session.play(Move(kind, cell, digit, clear_peers=session.auto_clear_notes))
        return {"view": view(session)}
    return run


def _hint(request: Request, progress: Progress) -> Reply:
    """The next level of the hint ladder (or the wrong digit named)."""
    session = _session(request)
    session.hint()
    return {"view": view(session)}


def _apply(session: Session) -> None:
    hint = session.current_hint()
    if hint is None or hint["kind"] != "step":
        raise ValueError("no hint to apply: ask for a hint first")
    _step(session)


def _settings_command(request: Request, progress: Progress) -> Reply:
    session = _session()
    _settings(session, request)
    return {"view": view(session)}


def _step(session: Session) -> None:
    """The next step applied. Step is offered before forcing chains have been tried (see
    ``Session.may_step``): when they find nothing either, the view comes back saying stuck."""
    offered = session.may_step()
    if session.step() is None and not offered:
        raise ValueError(session.status().message)


def entries_words(session: Session, first: int, end: int) -> str:
    """The history's entries ``first`` to ``end`` (excluded) in words, as Undo and Redo say what
    they took back or made again: the player's move as its sentence says it, the tutor's step by
    its name and effect, a Solve by logic's batch by its count.

    >>> session = Session(Grid.parse(FIGURE_4_2))
    >>> session.play(Move("note", 3, 7))
    >>> session.step() is not None
    True
    >>> entries_words(session, 0, 1), entries_words(session, 1, 2)
    ('you toggled the note 7 in r1c4', "the tutor's Naked Single (r1c3 = 7)")
    >>> session.solve_logic() != []
    True
    >>> entries_words(session, 2, len(session.steps)) == f"Solve by logic's {len(session.steps) - 2} steps"
    True
    """
    geo = session.geometry
    entries = session.steps[first:end]
    if len(entries) > 1:
        return f"Solve by logic's {counted(len(entries), 'step')}"
    entry = entries[0]
    if isinstance(entry, Move):
        said = entry.describe(geo)[1].rstrip(".")
        return said[0].lower() + said[1:]
    return f"the tutor's {entry.name} ({effect(geo, entry)})"


def _taking(verb: str, move: Callable[[Session], bool], nothing: str) -> Command:
    """Undo or Redo (``move``): the view, and ``done``, what was undone or redone ("Undone: you
    erased r1c4."), for the page to say. The board alone shows the entry before the one undone, or
    the one redone, whose own words would read as a move just made."""
    def run(request: Request, progress: Progress) -> Reply:
        session = _session(request)
        before = session.position
        if not move(session):
            raise ValueError(nothing)
        first, end = sorted((before, session.position))
        return {"view": view(session), "done": f"{verb}: {entries_words(session, first, end)}."}
    return run


def _back(session: Session) -> None:
    if not session.back():
        raise ValueError("already at the start")


def _forward(session: Session) -> None:
    if not session.forward():
        raise ValueError("already at the last step")


def _solve_logic(request: Request, progress: Progress) -> Reply:
    """Logic steps until solved, stuck or contradictory, kept as one batch (Undo takes it whole).

    Each step is reported as it is taken: ``progress`` hears "Solving by logic: 37 steps, 120
    cells to go (last: X-Wing)" and the fraction of the empty cells filled, so that a solve of
    minutes shows it moves. Python cannot be stopped mid-run in the worker: Cancel restarts the
    worker and gives back the board from before Solve by logic (as for every other long run)."""
    session = _session(request)
    session.refuse_on_mistakes()
    empty = len(session.board.empty_cells()) or 1

    def report(steps: int, left: int, technique: str) -> None:
        progress(f"Solving by logic: {counted(steps, 'step')}, {counted(left, 'cell')} to go "
                 f"(last: {technique})", (empty - left) / empty)

    session.solve_logic(report)
    return {"view": view(session)}


def _goto(request: Request, progress: Progress) -> Reply:
    session = _session(request)
    session.goto(fields.integer(request, "position", low=0, high=len(session.steps)))
    return {"view": view(session)}


def _check(request: Request, progress: Progress) -> Reply:
    """With ``puzzle``: the digits that repeat in it (flat). Without: Check on the session's
    position (wrong digits, notes that lost the cell's digit, repeats), in the view."""
    if fields.optional_text(request, "puzzle") is None:
        session = _session()
        session.check()
        return {"view": view(session)}
    grid = Grid.parse(fields.text(request, "puzzle"), check=False)
    geo = grid.geometry
    conflicts = grid.conflicts()
    if conflicts:
        first = conflicts[0]
        a, b = first.cells
        several = "s" if len(conflicts) > 1 else ""
        message = (f"{len(conflicts)} conflict{several}: two {plural(geo.symbol(first.digit))} in "
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
        message = f"At least {limit:,} solutions (counting stopped there)."
    else:
        message = f"{count:,} solutions."
    return {"count": count, "limit": limit, "message": message}


def grade_sentence(rating: Rating) -> str:
    """A grade in one sentence: the rate reply's ``message``, and what the New puzzle panel's
    status region says of a grade (the panel's table, read whole, would be too long to hear)."""
    guesses = f", {rating.guesses} guesses" if rating.guesses else ""
    return (f"{rating.level.display}: score {rating.score}, hardest technique "
            f"{rating.hardest or 'none'}{guesses}.")


def _rate(request: Request, progress: Progress) -> Reply:
    """Rate ``puzzle``, or the loaded session's puzzle when none is given; ``summary`` is what
    the page's status region says of it."""
    grid = _puzzle_or_loaded(request)
    rating = rate(grid, _disabled(request) or frozenset())
    message = grade_sentence(rating)
    return {**rating.to_json(), "puzzle": grid.line(), "message": message,
            "summary": f"Rated {message}"}


def _techniques(request: Request, progress: Progress) -> Reply:
    """The registry: every technique's slug, title, family, level, weight and summary; and
    ``entering_cannot``, why the play keys do nothing while the givens are typed. The page asks
    it once, before its first board: these words are the same for every view, so no view sends them."""
    return {"techniques": techniques_json(), "entering_cannot": dict(ENTERING_CANNOT)}


def size_label(n: int) -> str:
    """The size as the page's menus name it, with the box shape when the boxes are not square.

    >>> size_label(9), size_label(12)
    ('9×9', '12×12 (3×4 boxes)')
    """
    rows, cols = BOX_SHAPES[n]
    return f"{n}×{n}" if rows == cols else f"{n}×{n} ({rows}×{cols} boxes)"


def sizes_json() -> list[dict[str, object]]:
    """Every grid size, smallest first, as the page's Size menus offer it: its label and box
    shape, why New puzzle does not make it (``refused``, or null), a sentence on the levels it
    does not make (``note``, or null), and each level New puzzle takes, as ``level_choices``."""
    return [{"n": n, "label": size_label(n), "box_rows": rows, "box_cols": cols,
             "refused": not_generated(n) and refused_note(n), "note": refused_note(n),
             "levels": [{"level": choice.slug, "name": choice.name, "refused": choice.refused,
                         "note": choice.note} for choice in level_choices(n)]}
            for n, (rows, cols) in BOX_SHAPES.items()]


def _sizes(request: Request, progress: Progress) -> Reply:
    """The Size menus: every grid size and, per size, the levels New puzzle makes."""
    return {"sizes": sizes_json()}


def duration_text(seconds: float) -> str:
    r"""A time as the page says it: milliseconds below a second, then seconds, then minutes; each
    number held to its unit by a no-break space.

    >>> duration_text(0.0514), duration_text(1.234), duration_text(75.4)
    ('51\xa0ms', '1.2\xa0s', '1\xa0min 15\xa0s')
    """
    no_break = "\N{NO-BREAK SPACE}"  # never "1.4" at a line's end and "s" at the next one's start
    if seconds < 1:
        return f"{seconds * 1000:.0f}{no_break}ms"
    if seconds < 60:
        return f"{seconds:.1f}{no_break}s"
    minutes, rest = divmod(round(seconds), 60)
    return f"{minutes}{no_break}min {rest}{no_break}s"


def _generate(request: Request, progress: Progress) -> Reply:
    """A new puzzle; ``seed`` (optional: a whole number, or the text typed in the panel's Seed box)
    makes it reproducible, and the reply says which was used, how long the puzzle took to make
    (``elapsed_ms``), in ``message`` how it was made and in ``summary`` what the page's status
    region says of it (no seed or timing: its size, clues and grade)."""
    size = fields.integer_choice(request, "size", tuple(BOX_SHAPES), default=9)  # 25: says why not
    level = parse_level_choice(fields.choice(request, "level", LEVEL_CHOICES, default="unique"))
    symmetry = fields.choice(request, "symmetry", SYMMETRIES, default="none")
    minimal = fields.boolean(request, "minimal", default=True)
    seed = fields.optional_typed_integer(request, "seed", low=0, high=SEED_MAX)
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    start = time.perf_counter()
    # The generator's stages are the CLI's lower-case words ("attempt 1: grading"); the page's
    # progress lines start with a capital, as Solve by logic's do.
    made = generate(size, level, random.Random(seed), symmetry=symmetry, minimal=minimal,
                    progress=lambda stage, fraction: progress(stage[:1].upper() + stage[1:], fraction))
    elapsed = time.perf_counter() - start
    grids = "1 full grid" if made.attempts == 1 else f"{made.attempts:,} full grids"
    message = (f"New {size}×{size} puzzle: {made.puzzle.clue_count} clues"
               f"{', minimal' if made.minimal else ''} · {grids} tried in {duration_text(elapsed)}"
               f" · seed {seed}")
    summary = (f"New {size}×{size} puzzle, {made.puzzle.clue_count} clues, rated "
               f"{grade_sentence(made.rating)}")
    return {**made.to_json(), "seed": seed, "elapsed_ms": elapsed * 1000, "message": message,
            "summary": summary}


def _gtsps(request: Request, progress: Progress) -> Reply:
    """GTSPS's figures stage by stage and its solutions, for ``puzzle`` or the loaded puzzle;
    ``progress`` hears each stage in words ("Building the graph G")."""
    grid = _puzzle_or_loaded(request)
    report = gtsps_report(grid, progress=lambda stage, fraction: progress(STAGE_WORDS[stage],
                                                                          fraction))
    count = report["solution_count"]
    solutions = report["solutions"]
    assert isinstance(solutions, list)
    if report["reason"]:
        message = f"No solution: {report['reason']}."
    else:
        elapsed_ms = report["elapsed_ms"]
        assert isinstance(elapsed_ms, float | int)
        message = f"{count:,} solution{'s' if count != 1 else ''} in {duration_text(elapsed_ms / 1000)}."
    return {**report, "solutions": solutions[:GTSPS_LISTED], "listed": min(len(solutions),
            GTSPS_LISTED), "puzzle": grid.line(), "message": message}


def _bipartite(request: Request, progress: Progress) -> Reply:
    """The Learn panel's editable graph: ``kind`` ('house' or 'digit'), ``candidates`` (each left
    vertex's right neighbours, from 1), ``digit`` for a rows × columns graph, and ``prefer``
    ('chain' or 'pile') for which pattern to draw when sizes tie, and ``teach`` ('exclusion', or
    'matching' for the lesson on the matching alone); the reply is drawn and worded by the
    solver's own analysis."""
    kind = fields.choice(request, "kind", ("house", "digit"))
    digit = fields.integer(request, "digit", low=1, high=MAX_SIDE, default=1)
    prefer = fields.choice(request, "prefer", ("chain", "pile"), default="chain")
    teach = fields.choice(request, "teach", TEACHES, default="exclusion")
    return lesson(kind, request.get("candidates"), digit, prefer, teach)


def _lessons(request: Request, progress: Progress) -> Reply:
    """The Learn panel's lessons in reading order: each one's tab, text and starting candidates,
    and what its ``bipartite`` request sends (``kind``, ``digit``, ``prefer``, ``teach``)."""
    return {"lessons": lessons_json()}


COMMANDS: dict[str, Command] = {
    "load": _load,
    "hint": _hint,
    "step": _tutoring(_step),
    "apply": _acting(_apply),
    "back": _acting(_back),
    "forward": _acting(_forward),
    "undo": _taking("Undone", Session.undo, "already at the start"),
    "redo": _taking("Redone", Session.redo, "already at the last step"),
    "place": _moving("place"),
    "erase": _moving("erase"),
    "note": _moving("note"),
    "fill_notes": _moving("fill"),
    "settings": _settings_command,
    "goto": _goto,
    "solve_logic": _solve_logic,
    "guess": _tutoring(Session.guess),
    "backtrack": _acting(Session.backtrack),
    "solve": _tutoring(Session.finish_by_search),
    "check": _check,
    "count": _count,
    "classify": _classify,
    "rate": _rate,
    "generate": _generate,
    "sizes": _sizes,
    "gtsps": _gtsps,
    "export": _export,
    "export_path": _export_path,
    "techniques": _techniques,
    "bipartite": _bipartite,
    "lessons": _lessons,
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


def oversized(length: int, text_length: int | None = None) -> str:
    """The reply to a request of ``length`` characters that the worker did not pass on; with
    ``text_length``, the length of the puzzle text it carries (a paste), said in that text's own
    characters rather than the request's.

    >>> json.loads(oversized(2_000_000))["error"]["kind"]
    'invalid'
    >>> json.loads(oversized(2_430_685, 2_430_000))["error"]["message"][:38]
    'the puzzle text is too long: 2,430,000'
    """
    error = fields.too_large(length, text_length)
    return json.dumps({"ok": False, "error": error.to_json()}, separators=(",", ":"))


#: How many steps the worker's warm-up takes in all (Figure 4.2 over and over).
WARM_UP_STEPS = 60


class _WarmUp:
    """The throwaway session the warm-up steps through, and the steps it has taken."""

    session: Session | None = None
    taken = 0


def warm_up() -> bool:
    """Take one tutor step, and draw its view, in a throwaway session; False once done.

    Why: after a boot from a memory snapshot the interpreter's WebAssembly has hardly run, so the
    browser still executes it as quickly compiled baseline code, and the first Steps take several
    times as long as after a boot by installing (which runs the interpreter for seconds). The worker
    calls this while no request waits, so that the browser optimises the hot code before the
    person's first Step. The worker's session is not touched.

    >>> _WarmUp.taken = WARM_UP_STEPS - 1
    >>> warm_up(), warm_up()
    (True, False)
    """
    if _WarmUp.taken >= WARM_UP_STEPS:
        return False
    if _WarmUp.session is None or _WarmUp.session.step() is None:
        _WarmUp.session = Session(Grid.parse(FIGURE_4_2))
    view(_WarmUp.session)
    _WarmUp.taken += 1
    return True


def _failure(kind: str, message: str) -> Reply:
    return {"ok": False, "error": {"kind": kind, "message": message, "cell": None, "house": None,
                                   "cells": []}}
