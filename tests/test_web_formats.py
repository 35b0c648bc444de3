"""The worker's entry on the text forms: ``load`` reads every form and starts from its candidates,
the view's ``start`` rebuilds that start, and ``export`` gives the texts the page shows to copy."""

from __future__ import annotations

import json
from typing import Any

from pysolver import formats
from pysolver.grid import Grid
from pysolver.session import Session
from pysolver.web import handle
from tests.helpers import FIGURE_4_2
from tests.test_cli_export import position_after


def ask(cmd: str, **args: Any) -> dict[str, Any]:
    reply: dict[str, Any] = json.loads(handle(json.dumps({"cmd": cmd, **args})))
    return reply


def test_load_reads_a_pencil_mark_grid_with_its_candidates() -> None:
    board = position_after(25).board
    reply = ask("load", puzzle=formats.write(board, "pencilmarks"))
    assert reply["ok"] and reply["format"] == "pencilmarks"
    view = reply["view"]
    assert view["values"] == list(board.values)
    assert view["candidates"] == [board.candidate_digits(c) for c in range(81)]


def test_the_views_start_rebuilds_a_position_with_removed_candidates() -> None:
    session = Session(Grid.parse(FIGURE_4_2))
    board = session.board.apply(placements=((0, 9),), eliminations=((2, 5),))
    view = ask("load", puzzle=formats.write(board, "position"))["view"]
    assert view["start"] == formats.write(board, "position")
    assert view["puzzle"] == FIGURE_4_2 and view["givens"][0] == 0 and view["values"][0] == 9
    ask("step")
    stepped = ask("step")["view"]
    again = ask("load", puzzle=view["start"], actions=stepped["actions"], position=2)["view"]
    assert again["values"] == stepped["values"] and again["candidates"] == stepped["candidates"]


def test_a_plain_puzzles_start_is_its_line() -> None:
    assert ask("load", puzzle=FIGURE_4_2)["view"]["start"] == FIGURE_4_2


def test_export_gives_every_form_of_the_board_and_the_path() -> None:
    ask("load", puzzle=FIGURE_4_2)
    for _ in range(12):
        ask("step")
    reply = ask("export")
    board = position_after(12).board
    assert reply["ok"] and reply["puzzle"] == FIGURE_4_2 and reply["position"] == 12
    assert [f["format"] for f in reply["formats"]] == list(formats.FORMAT_NAMES)
    for entry in reply["formats"]:
        assert entry["text"] == formats.write(board, entry["format"]) and entry["title"]
    lines = ask("export_path")["path"].splitlines()
    assert len(lines) == 47 and lines[0].startswith("   1. ") and lines[-1] == "solved: Solved in 46 steps."


def test_load_errors_name_the_spot_in_a_pencil_mark_grid() -> None:
    text = formats.write(position_after(5).board, "pencilmarks").replace("29 ", "2x ", 1)
    error = ask("load", puzzle=text)["error"]
    assert error["kind"] == "format" and error["cell"] is not None
    assert error["message"].startswith("unexpected character 'x' at line ")


def test_export_writes_the_players_notes_in_their_cells() -> None:
    view = ask("load", puzzle=FIGURE_4_2)["view"]
    shown = view["candidates"][0]
    ask("note", cell=0, digit=shown[0])
    ask("note", cell=0, digit=shown[1])
    reply = ask("export")
    assert reply["remarks"] == ["Cells with your notes are written with them, less any digit the "
                                "tutor has ruled out; the other empty cells with the tutor's candidates."]
    for entry in reply["formats"]:
        if entry["format"] in ("pencilmarks", "candidates", "position", "sudokuwiki"):
            again = ask("load", puzzle=entry["text"])["view"]["candidates"]
            assert again[0] == shown[:2] and again[1:] == view["candidates"][1:], entry["format"]


def test_export_leaves_out_a_players_repeated_digit_so_every_text_reads_back() -> None:
    ask("load", puzzle=FIGURE_4_2)  # r1c5 is a given 2
    ask("place", cell=0, digit=2)
    reply = ask("export")
    assert reply["remarks"] == ["The 2 in r1c1 repeats the 2 in r1c5, and a text with a repeated "
                                "digit cannot be read back: it is left out."]
    fresh = ask("load", puzzle=FIGURE_4_2)["view"]
    for entry in reply["formats"]:
        again = ask("load", puzzle=entry["text"])
        assert again["ok"], (entry["format"], again)
        assert again["view"]["values"] == fresh["values"], entry["format"]


def test_export_names_the_lone_candidates_pencil_marks_read_back_as_givens() -> None:
    """After the tutor's naked single in r1c6, r3c2 is left with 5 alone, listed by no peer: the
    pencil-mark grid and the candidate string read it back filled in, and the remark names it
    (r1c4's lone 6, listed by r1c9, reads back as a candidate and is not named)."""
    ask("load", puzzle=FIGURE_4_2)
    ask("place", cell=0, digit=9)
    ask("place", cell=2, digit=7)
    shown = ask("step")["view"]
    reply = ask("export")
    assert reply["remarks"] == ["In the pencil-mark grid and the candidate string, an empty cell whose "
                                "one candidate no peer lists reads back as a given: r3c2 (5) would come "
                                "back filled in. The position line keeps it empty."]
    for entry in reply["formats"]:
        if entry["format"] in ("pencilmarks", "candidates", "position"):
            values = ask("load", puzzle=entry["text"])["view"]["values"]
            filled = [cell for cell, value in enumerate(values) if value and not shown["values"][cell]]
            assert filled == ([] if entry["format"] == "position" else [19]), entry["format"]


def test_a_sixteen_by_sixteen_puzzle_written_with_0_to_f_is_read_so_and_said_so() -> None:
    one_to_g = "123456789ABCDEFG"
    line = ask("generate", size=16, level="easy", seed=5)["puzzle"]
    hex_line = line.translate(str.maketrans(one_to_g, "0123456789ABCDEF"))
    assert "0" in hex_line and "G" not in hex_line
    reply = ask("load", puzzle=hex_line)
    assert reply["view"]["puzzle"] == line  # the same puzzle, not one with its 0s blank
    assert reply["notice"].startswith("Read as written with 0–F")
    assert "notice" not in ask("load", puzzle=line)


def test_load_names_an_invisible_character_with_its_cell_and_skips_a_leading_bom() -> None:
    """A paste from a web page with a zero-width space: named in words, with the cell before it
    marked on the board; a file's leading byte-order mark is skipped."""
    error = ask("load", puzzle=FIGURE_4_2[:40] + "\u200b" + FIGURE_4_2[40:])["error"]
    assert error["kind"] == "format" and error["cell"] == 39
    assert error["message"].startswith("unexpected character at position 41 (after r5c4): an "
                                       "invisible zero-width space (U+200B), which shows as "
                                       "nothing: delete it")
    reply = ask("load", puzzle="\ufeff" + FIGURE_4_2)
    assert reply["ok"] and reply["view"]["puzzle"] == FIGURE_4_2


def test_load_refuses_a_paste_too_long_in_its_own_characters() -> None:
    paste = FIGURE_4_2 * 3000
    error = ask("load", puzzle=paste)["error"]
    assert (error["kind"], error["field"]) == ("invalid", "puzzle")
    assert error["message"].startswith("the puzzle text is too long: 243,000 characters; at most "
                                       "150,000 are read")


def test_load_says_how_a_pencil_mark_grid_read_two_ways_was_read() -> None:
    """The page hears the formats' notice (a lone digit a peer lists is a candidate, not a given)
    in ``notice``, as it hears the 0–F one: nothing of the reading is silent."""
    from tests.test_formats import HODOKU_START_PM
    assert "notice" not in ask("load", puzzle=HODOKU_START_PM)
    slipped = HODOKU_START_PM.replace("| 478   2678  1    |", "| 478   12678 1    |")
    reply = ask("load", puzzle=slipped)
    assert reply["notice"].startswith("r1c3's lone 1 was read as a candidate, not a given, because "
                                      "r1c2 also lists 1")
