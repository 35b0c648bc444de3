"""Errors that name the exact spot of bad input, for people and for the browser.

Every error is a ``ValueError`` whose message quotes the input (which character, which cell, which
house) and which turns into ``{kind, message, cell, house, ...}`` JSON, so the CLI prints only the
message and the page can point at the cell.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing.TYPE_CHECKING without loading typing: see pysolver.cli
if TYPE_CHECKING:
    from typing import Any


class PuzzleError(ValueError):
    """Base class: bad puzzle input. ``kind`` is a stable slug for the front end."""

    kind = "invalid"

    def __init__(self, message: str, *, cell: int | None = None, house: int | None = None,
                 cells: tuple[int, ...] = (), **details: Any) -> None:
        super().__init__(message)
        self.message = message
        self.cell = cell
        self.house = house
        self.cells = cells if cells else ((cell,) if cell is not None else ())
        self.details = details

    def to_json(self) -> dict[str, Any]:
        """Plain data for the UI: kind, message, the cell and house it concerns (or null)."""
        return {"kind": self.kind, "message": self.message, "cell": self.cell,
                "house": self.house, "cells": list(self.cells), **self.details}


class PuzzleFormatError(PuzzleError):
    """The text is not a puzzle: wrong number of cells, or an unexpected character."""

    kind = "format"


class ConflictError(PuzzleError):
    """A digit stands twice in one house: ``two 5s in row 3: r3c1 and r3c7``."""

    kind = "conflict"


class FieldError(PuzzleError):
    """A request field is missing, of the wrong type or out of range: ``limit must be ..., not 0``.

    ``field`` names it in the JSON (``{"kind": "invalid", "field": "limit", ...}``), so the page can
    say which of its inputs was refused.
    """

    kind = "invalid"

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message, field=field)
        self.field = field
