"""The player's moves as small immutable values that parse and format their own notation.

A learner plays the puzzle as in any good Sudoku app: places and erases digits, toggles pencil marks
(notes), fills the notes from the solver's candidates, or restores a whole position from a shared
link. Like python-chess's ``Move.from_uci`` / ``move.uci()``, a ``Move`` reads and writes one line of
text (``place r3c5 4``, ``note r2c2 6``, ``erase r3c5``, ``fill``, ``restore <digits> <notes>``),
so the session's history replays from a list of strings saved by the page or typed in a test.

The position in a link is the givens, the digits on top of them as a line (``.`` for none), and
the notes packed n bits per cell into URL-safe base64 (123 characters for a 9×9 grid full of
notes, none when there are no notes).

>>> from pysolver.geometry import geometry_for_size
>>> geo = geometry_for_size(9)
>>> Move.parse("place r3c5 4", geo)
Move(kind='place', cell=22, digit=4, clear_peers=True)
>>> Move.parse("note r1c1 9", geo).text(geo)
'note r1c1 9'
>>> decode_notes(geo, encode_notes(geo, (0b101,) + (0,) * 80))[:2]
(5, 0)
"""

from __future__ import annotations

import base64
import re
from dataclasses import dataclass, field
from typing import Any, Literal

from .geometry import SYMBOLS, Geometry, written_symbols

MoveKind = Literal["place", "erase", "note", "fill", "restore"]

#: The moves a person types, as messages and ``pysolver play --help`` show them (``restore``, which
#: the page writes for a position from a link, is read too but is not for typing).
TYPED_MOVES = ("place r1c1 9", "note r2c2 6", "erase r1c1", "fill")


def listed(words: tuple[str, ...]) -> str:
    """Quoted words joined as a sentence lists them.

    >>> listed(("fill", "logic", "guess"))
    "'fill', 'logic' or 'guess'"
    """
    quoted = [f"'{word}'" for word in words]
    return f"{', '.join(quoted[:-1])} or {quoted[-1]}"


#: ``r3c5``, in ASCII digits only (``\d`` would take ``r١c1``, with an Arabic-Indic one, as r1c1).
_CELL = re.compile(r"^r([0-9]+)c([0-9]+)$")


def parse_cell(text: str, geometry: Geometry) -> int:
    """``r3c5`` → 22 on a 9×9 grid; a ValueError naming the text when it is no cell of the grid.

    >>> from pysolver.geometry import geometry_for_size
    >>> parse_cell("r10c1", geometry_for_size(9))
    Traceback (most recent call last):
    ...
    ValueError: 'r10c1' is not a cell of a 9×9 grid (r1c1 to r9c9)
    """
    match = _CELL.match(text)
    n = geometry.n
    if match is None or not (1 <= int(match[1]) <= n and 1 <= int(match[2]) <= n):
        foreign = next((char for char in text if not char.isascii()), None)
        because = (f": {foreign!r} is not one of the digits 0-9" if foreign and foreign.isdigit()
                   else "")
        raise ValueError(f"{text!r} is not a cell of a {n}×{n} grid (r1c1 to r{n}c{n}){because}")
    return geometry.cell_at(int(match[1]) - 1, int(match[2]) - 1)


def parse_digit(text: str, geometry: Geometry, symbols: str | None = None) -> int:
    """A digit symbol (``4``, ``A`` for 10, or in ``symbols``: by default as texts spell digits,
    see ``geometry.written_symbols``) → its value, or a ValueError naming the symbol.

    >>> from pysolver.geometry import geometry_for_size
    >>> parse_digit("i", geometry_for_size(25)), parse_digit("ı", geometry_for_size(25))
    Traceback (most recent call last):
    ...
    ValueError: 'ı' is not a digit of a 25×25 grid (1-P)
    """
    symbols = written_symbols(geometry.n) if symbols is None else symbols
    if len(text) != 1 or not text.isascii() or text.upper() not in symbols:  # 'ı'.upper() is 'I'
        raise ValueError(f"{text!r} is not a digit of a {geometry.n}×{geometry.n} grid "
                         f"({symbols[0]}-{symbols[-1]})")
    return symbols.index(text.upper()) + 1


def digits_line(geometry: Geometry, values: tuple[int, ...]) -> str:
    """Values as a line of symbols, ``.`` for 0."""
    return "".join(SYMBOLS[v - 1] if v else "." for v in values)  # a link's: always SYMBOLS


def parse_digits_line(geometry: Geometry, text: str) -> tuple[int, ...]:
    """A line of symbols and ``.`` (one per cell) → values; errors name the position and cell."""
    if len(text) != geometry.cell_count:
        raise ValueError(f"the digits of a {geometry.n}×{geometry.n} position take "
                         f"{geometry.cell_count} characters, not {len(text)}")
    values = []
    for cell, char in enumerate(text):
        if char in ".0":
            values.append(0)
            continue
        try:
            values.append(parse_digit(char, geometry, SYMBOLS[:geometry.n]))
        except ValueError as error:
            raise ValueError(f"{error} at position {cell + 1} ({geometry.cell_name(cell)})") from None
    return tuple(values)


def encode_notes(geometry: Geometry, notes: tuple[int, ...]) -> str:
    """Every cell's note bitmask, n bits per cell, as unpadded URL-safe base64; '' for no notes."""
    if not any(notes):
        return ""
    number = 0
    for mask in reversed(notes):
        number = number << geometry.n | mask
    size = (geometry.n * geometry.cell_count + 7) // 8
    return base64.urlsafe_b64encode(number.to_bytes(size, "little")).decode().rstrip("=")


def decode_notes(geometry: Geometry, text: str) -> tuple[int, ...]:
    """The inverse of ``encode_notes``; a ValueError says what is wrong with a damaged code."""
    if not text:
        return (0,) * geometry.cell_count
    size = (geometry.n * geometry.cell_count + 7) // 8
    if not re.fullmatch(r"[A-Za-z0-9_-]+", text) or len(text) != (size * 4 + 2) // 3:
        raise ValueError(f"the notes code of a {geometry.n}×{geometry.n} position is "
                         f"{(size * 4 + 2) // 3} characters of A-Z, a-z, 0-9, '-' and '_'")
    number = int.from_bytes(base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)), "little")
    if number >> geometry.n * geometry.cell_count:
        raise ValueError("the notes code has bits beyond the last cell")
    return tuple(number >> (cell * geometry.n) & geometry.all_digits
                 for cell in range(geometry.cell_count))


@dataclass(frozen=True)
class Move:
    """One thing the player did; ``text``/``parse`` round-trip it through the saved history.

    ``place`` puts ``digit`` in ``cell`` (and, with ``clear_peers``, removes it from the notes of
    the cell's peers); ``erase`` empties ``cell``; ``note`` toggles ``digit`` in ``cell``'s notes;
    ``fill`` sets every empty cell's notes to the solver's candidates; ``restore`` puts a whole
    position (``values`` on top of the givens, and ``notes``) on the board at once.
    """

    kind: MoveKind
    cell: int | None = None
    digit: int = 0
    clear_peers: bool = True
    values: tuple[int, ...] = field(default=(), repr=False)
    notes: tuple[int, ...] = field(default=(), repr=False)

    def __repr__(self) -> str:
        if self.kind == "place":
            return f"Move(kind='place', cell={self.cell}, digit={self.digit}, clear_peers={self.clear_peers})"
        if self.kind in ("erase", "note"):
            return f"Move(kind={self.kind!r}, cell={self.cell}, digit={self.digit})"
        return f"Move(kind={self.kind!r})"

    @classmethod
    def parse(cls, text: str, geometry: Geometry) -> Move:
        """Read one move; a ValueError quotes the text that is not a move."""
        words = text.split()
        kind = words[0] if words else ""
        shapes = {"place": (3, 4), "erase": (2, 2), "note": (3, 3), "fill": (1, 1), "restore": (3, 3)}
        if kind not in shapes or not shapes[kind][0] <= len(words) <= shapes[kind][1]:
            raise ValueError(f"{text!r} is not a move: expected {listed(TYPED_MOVES)}")
        if kind == "fill":
            return cls("fill")
        if kind == "restore":
            notes = decode_notes(geometry, "" if words[2] == "-" else words[2])
            return cls("restore", values=parse_digits_line(geometry, words[1]), notes=notes)
        cell = parse_cell(words[1], geometry)
        if kind == "erase":
            return cls("erase", cell)
        digit = parse_digit(words[2], geometry)
        if kind == "note":
            return cls("note", cell, digit)
        if len(words) == 4 and words[3] != "keep":
            raise ValueError(f"{text!r}: a place move ends with 'keep' or nothing")
        return cls("place", cell, digit, clear_peers=len(words) == 3)

    def text(self, geometry: Geometry) -> str:
        """The move's line, as ``parse`` reads it."""
        if self.kind == "fill":
            return "fill"
        if self.kind == "restore":
            notes = encode_notes(geometry, self.notes) or "-"
            return f"restore {digits_line(geometry, self.values)} {notes}"
        assert self.cell is not None
        where = geometry.cell_name(self.cell)
        if self.kind == "erase":
            return f"erase {where}"
        keep = "" if self.clear_peers or self.kind == "note" else " keep"
        return f"{self.kind} {where} {geometry.symbol(self.digit)}{keep}"

    def describe(self, geometry: Geometry) -> tuple[str, str, str]:
        """(name, sentence, short effect) for the history list and the reason panel."""
        if self.kind == "fill":
            return ("Fill notes", "You filled every empty cell's notes with the solver's candidates.",
                    "notes = candidates")
        if self.kind == "restore":
            digits = sum(1 for v in self.values if v)
            noted = sum(1 for m in self.notes if m)
            # Only what the link holds: "1 digit and notes in 0 cells" read as if notes were lost.
            parts = ([counted(digits, "digit")] if digits else []) + (
                [f"notes in {counted(noted, 'cell')}"] if noted else [])
            held = " and ".join(parts) or "no digit and no note"
            return ("Position", f"The position from the link: {held} on top of the givens.",
                    ", ".join(parts) or "the givens alone")
        assert self.cell is not None
        where = geometry.cell_name(self.cell)
        symbol = geometry.symbol(self.digit) if self.digit else ""
        if self.kind == "place":
            return "Your digit", f"You placed {symbol} in {where}.", f"{where} = {symbol}"
        if self.kind == "erase":
            return "Erase", f"You erased {where}.", f"{where} erased"
        return "Note", f"You toggled the note {symbol} in {where}.", f"{where} note {symbol}"

    def to_json(self, geometry: Geometry) -> dict[str, Any]:
        """The same fields as a step's JSON, so the history draws moves and steps alike."""
        name, text, effect = self.describe(geometry)
        cells = [self.cell] if self.cell is not None else []
        return {"technique": "move", "move": self.kind, "name": name, "size": 0, "view": "cell",
                "houses": [], "digit": self.digit or None, "cells": cells,
                "digits": [self.digit] if self.digit else [], "pattern": [],
                "placements": [[self.cell, self.digit]] if self.kind == "place" else [],
                "eliminations": [], "text": text, "details": "", "effect": effect, "graph": None,
                "action": self.text(geometry)}


def counted(number: int, word: str) -> str:
    """A count with its noun, singular for one: '1 cell', '3 cells', '0 hints'.

    >>> counted(1, "cell"), counted(3, "cell"), counted(0, "hint")
    ('1 cell', '3 cells', '0 hints')
    """
    return f"{number} {word}{'' if number == 1 else 's'}"
