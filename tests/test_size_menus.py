"""The page's Size and Level menus as index.html first draws them are what Python's ``sizes`` reply
says, so that nothing changes (or moves) when the page rebuilds them from that reply after boot."""

from __future__ import annotations

import json
from html.parser import HTMLParser
from pathlib import Path

from pysolver.web import handle, sizes_json

INDEX = Path(__file__).resolve().parents[1] / "web" / "index.html"


class _Menus(HTMLParser):
    """Each ``<select>``'s options (value, text, disabled, title), by its id (else ``[name=…]``), the text
    of the element with id ``generate-note`` (with whether it is hidden)."""

    def __init__(self) -> None:
        super().__init__()
        self.selects: dict[str, list[dict[str, object]]] = {}
        self.note: tuple[str, bool] | None = None
        self._select: str | None = None
        self._option: dict[str, object] | None = None
        self._in_note = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "select":
            self._select = found.get("id") or f"[name={found.get('name')}]"
            self.selects[self._select] = []
        elif tag == "option" and self._select is not None:
            self._option = {"value": found.get("value"), "text": "", "disabled": "disabled" in found,
                            "title": found.get("title")}
            self.selects[self._select].append(self._option)
        elif found.get("id") == "generate-note":
            self._in_note = True
            self.note = ("", "hidden" in found)

    def handle_endtag(self, tag: str) -> None:
        if tag == "select":
            self._select = None
        elif tag == "option":
            self._option = None
        elif tag == "p":
            self._in_note = False

    def handle_data(self, data: str) -> None:
        if self._option is not None:
            self._option["text"] = str(self._option["text"]) + data
        elif self._in_note and self.note is not None:
            self.note = (self.note[0] + data, self.note[1])


def _menus() -> _Menus:
    parser = _Menus()
    parser.feed(INDEX.read_text(encoding="utf-8"))
    return parser


def test_the_sizes_are_every_grid_size_in_order_with_box_shapes() -> None:
    sizes = sizes_json()
    assert [(s["n"], s["label"]) for s in sizes] == [
        (4, "4×4"), (6, "6×6 (2×3 boxes)"), (9, "9×9"), (12, "12×12 (3×4 boxes)"), (16, "16×16"),
        (25, "25×25")]
    assert json.loads(handle('{"cmd": "sizes"}')) == {"ok": True, "sizes": sizes}


def test_the_board_size_menu_matches_python() -> None:
    shown = [(o["value"], o["text"]) for o in _menus().selects["size"]]
    assert shown == [(str(s["n"]), s["label"]) for s in sizes_json()]


def test_the_new_puzzle_size_menu_matches_python() -> None:
    panel = [(o["value"], o["text"], o["disabled"], o["title"])
             for o in _menus().selects["[name=size]"]]
    assert panel == [(str(s["n"]), s["label"], bool(s["refused"]), s["refused"])
                     for s in sizes_json()]


def test_the_level_menu_and_note_match_python_at_9x9() -> None:
    """Before Python answers, the board is 9×9 (Figure 4.2) and so is the panel's size."""
    menus = _menus()
    nine = next(s for s in sizes_json() if s["n"] == 9)
    levels = nine["levels"]
    assert isinstance(levels, list)
    assert [(o["value"], o["text"], o["disabled"], o["title"])
            for o in menus.selects["[name=level]"]] == [
        (level["level"], level["name"], bool(level["refused"]), level["refused"])
        for level in levels]
    assert menus.note == (nine["note"], False)
