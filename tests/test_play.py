"""Player moves: their notation round-trips, bad text is named, and the notes code packs a position."""

from __future__ import annotations

import pytest

from pysolver.geometry import geometry_for_size
from pysolver.play import Move, decode_notes, encode_notes, parse_digits_line

NINE = geometry_for_size(9)
SIXTEEN = geometry_for_size(16)


@pytest.mark.parametrize("text", ["place r3c5 4", "place r9c9 1 keep", "erase r1c1", "note r2c2 6",
                                  "fill"])
def test_move_text_round_trips(text: str) -> None:
    assert Move.parse(text, NINE).text(NINE) == text


def test_sixteen_uses_letters_for_digits_above_nine() -> None:
    move = Move.parse("place r16c16 g", SIXTEEN)
    assert (move.cell, move.digit, move.text(SIXTEEN)) == (255, 16, "place r16c16 G")


@pytest.mark.parametrize("text, message", [
    ("jump r1c1", "'jump r1c1' is not a move"),
    ("place r10c1 4", "'r10c1' is not a cell of a 9×9 grid (r1c1 to r9c9)"),
    ("note r1c1 A", "'A' is not a digit of a 9×9 grid (1-9)"),
    ("place r1c1 4 now", "a place move ends with 'keep' or nothing"),
    ("restore " + "." * 80 + " -", "take 81 characters, not 80"),
    ("restore " + "x" + "." * 80 + " -", "'x' is not a digit of a 9×9 grid (1-9) at position 1 (r1c1)"),
    ("restore " + "." * 81 + " abc", "the notes code of a 9×9 position is 123 characters"),
], ids=["kind", "cell", "digit", "suffix", "length", "character", "notes"])
def test_bad_moves_are_named(text: str, message: str) -> None:
    with pytest.raises(ValueError) as raised:
        Move.parse(text, NINE)
    assert message in str(raised.value)


@pytest.mark.parametrize("geometry", [NINE, SIXTEEN], ids=["9x9", "16x16"])
def test_notes_code_round_trips_every_mask(geometry: object) -> None:
    geo = NINE if geometry is NINE else SIXTEEN
    notes = tuple((cell * 2654435761) % (geo.all_digits + 1) for cell in range(geo.cell_count))
    code = encode_notes(geo, notes)
    assert decode_notes(geo, code) == notes
    assert len(code) == -(-((geo.n * geo.cell_count + 7) // 8) * 4 // 3)  # bytes as base64, unpadded
    assert encode_notes(geo, (0,) * geo.cell_count) == ""


def test_restore_round_trips_a_position() -> None:
    values = parse_digits_line(NINE, "9" + "." * 80)
    notes = (0, 0b110) + (0,) * 79
    move = Move("restore", values=values, notes=notes)
    again = Move.parse(move.text(NINE), NINE)
    assert (again.values, again.notes) == (values, notes)


def test_a_restored_position_counts_its_digits_and_noted_cells_in_the_singular_too() -> None:
    values = (4,) + (0,) * 80
    notes = (0, 0b11) + (0,) * 79
    name, sentence, effect = Move("restore", values=values, notes=notes).describe(NINE)
    assert sentence == "The position from the link: 1 digit and notes in 1 cell on top of the givens."
    assert effect == "1 digit, notes in 1 cell"


def test_a_restored_position_names_only_what_the_link_holds() -> None:
    digits_only = Move("restore", values=(9,) + (0,) * 80, notes=(0,) * 81).describe(NINE)
    assert digits_only[1:] == ("The position from the link: 1 digit on top of the givens.",
                               "1 digit")
    notes_only = Move("restore", values=(0,) * 81, notes=(0, 0b11, 0b1) + (0,) * 78).describe(NINE)
    assert notes_only[1:] == ("The position from the link: notes in 2 cells on top of the givens.",
                              "notes in 2 cells")
