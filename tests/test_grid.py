"""Parsing and formatting on every size, and every bad-input message."""

from __future__ import annotations

import tracemalloc

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pysolver.errors import ConflictError, PuzzleFormatError
from pysolver.geometry import BOX_SHAPES, geometry_for_size
from pysolver.grid import Grid, symbols_for
from tests.helpers import FIGURE_4_2

SIZES = sorted(BOX_SHAPES)


def pattern_solution(n: int) -> Grid:
    """A valid full grid of any size: the classic shifted pattern."""
    geo = geometry_for_size(n)
    br, bc = geo.box_rows, geo.box_cols
    values = tuple((bc * (r % br) + r // br + c) % n + 1 for r in range(n) for c in range(n))
    return Grid(geo, values)


@st.composite
def puzzles(draw: st.DrawFn) -> Grid:
    n = draw(st.sampled_from(SIZES))
    full = pattern_solution(n)
    keep = draw(st.lists(st.booleans(), min_size=n * n, max_size=n * n))
    return Grid(full.geometry, tuple(v if k else 0 for v, k in zip(full.values, keep)))


@pytest.mark.parametrize("n", SIZES)
def test_pattern_grids_are_valid(n: int) -> None:
    grid = pattern_solution(n)
    assert grid.is_solved()


@pytest.mark.parametrize("n", SIZES)
def test_tables(n: int) -> None:
    geo = geometry_for_size(n)
    assert len(geo.houses) == 3 * n
    assert all(len(h) == n for h in geo.houses)
    assert all(len(p) == 2 * (n - 1) + (n - geo.box_rows - geo.box_cols + 1) for p in geo.peers)


@settings(max_examples=60, deadline=None)
@given(puzzles())
def test_line_round_trip(grid: Grid) -> None:
    assert Grid.parse(grid.line()) == grid


@settings(max_examples=60, deadline=None)
@given(puzzles())
def test_picture_round_trip(grid: Grid) -> None:
    assert Grid.parse(grid.picture()) == grid


@settings(max_examples=30, deadline=None)
@given(puzzles(), st.sampled_from(["letters", "digits"]))
def test_alphabet_round_trip(grid: Grid, alphabet: str) -> None:
    assert Grid.parse(grid.line(alphabet), alphabet=alphabet) == grid


def test_hex_alphabet_for_16() -> None:
    grid = pattern_solution(16)
    text = grid.line("hex")
    assert text.startswith("0123") and Grid.parse(text, alphabet="hex") == grid


def test_zero_is_a_blank_and_lowercase_is_accepted() -> None:
    grid = pattern_solution(16)
    assert Grid.parse(grid.line().lower()) == grid
    assert Grid.parse(FIGURE_4_2.replace(".", "0")) == Grid.parse(FIGURE_4_2)


@pytest.mark.parametrize("char", ["ı", "١", "٣", "ｂ", "²", "K"],
                         ids=["dotless-i", "arabic-indic-1", "arabic-indic-3", "fullwidth-b",
                              "superscript-2", "kelvin-sign"])
def test_only_ascii_symbols_are_digits(char: str) -> None:
    """Characters whose Unicode case mapping or numeric value looks like a symbol are rejected."""
    for text in (char + FIGURE_4_2[1:], char * 16 + "." * 20):
        with pytest.raises(PuzzleFormatError, match=f"unexpected character '{char}' at position 1"):
            Grid.parse(text)


def test_a_ten_megabyte_line_is_refused_before_any_per_character_work() -> None:
    """The cell count is checked first: no object per character (the old parse peaked at 1.8 GB)."""
    text = "1" * 10_000_000
    tracemalloc.start()
    try:
        with pytest.raises(PuzzleFormatError, match="found 10,000,000$"):
            Grid.parse(text)
        with pytest.raises(PuzzleFormatError, match="unexpected character 'x' at position 10000001"):
            Grid.parse(text + "x")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 3 * len(text)


def test_picture_with_separators() -> None:
    picture = Grid.parse(FIGURE_4_2).picture()
    assert "+" in picture and "|" in picture
    assert str(Grid.parse(picture)) == FIGURE_4_2


@pytest.mark.parametrize(("text", "message"), [
    ("12", "expected a puzzle of 16 (4×4), 36 (6×6), 81 (9×9), 144 (12×12), 256 (16×16) or "
           "625 (25×25) cells, found 2"),
    (FIGURE_4_2[:80], "found 80"),
    (FIGURE_4_2[:13] + "x" + FIGURE_4_2[14:],
     "unexpected character 'x' at position 14 (r2c5): a 9×9 puzzle uses 1-9, and '.' or '0' "
     "for a blank"),
    (FIGURE_4_2[:40] + "A" + FIGURE_4_2[41:], "unexpected character 'A' at position 41 (r5c5)"),
    ("1..?" + "." * 12, "unexpected character '?' at position 4 (r1c4)"),
    ("?" * 5, "unexpected character '?' at position 1"),
    ("1 2 . .\n. . x .\n" + ". . . .\n" * 2, "unexpected character 'x' at line 2, column 5 (r2c3)"),
], ids=["too-few", "eighty", "letter-x", "letter-above-9", "question-4x4", "bad-and-short",
        "multiline"])
def test_format_errors_name_the_spot(text: str, message: str) -> None:
    with pytest.raises(PuzzleFormatError) as error:
        Grid.parse(text)
    assert message in str(error.value)


@pytest.mark.parametrize(("text", "message", "house"), [
    ("11.." + "." * 12, "two 1s in row 1: r1c1 and r1c2", 0),
    ("1..." "...." "1..." "....", "two 1s in column 1: r1c1 and r3c1", 4),
    ("1..." ".1.." + "." * 8, "two 1s in box 1: r1c1 and r2c2", 8),
], ids=["row", "column", "box"])
def test_conflicts_name_digit_house_and_cells(text: str, message: str, house: int) -> None:
    with pytest.raises(ConflictError) as error:
        Grid.parse(text)
    assert str(error.value) == message
    assert error.value.house == house


def test_conflict_json_names_both_cells() -> None:
    with pytest.raises(ConflictError) as error:
        Grid.parse("1..1" + "." * 12)
    data = error.value.to_json()
    assert data["message"] == "two 1s in row 1: r1c1 and r1c4"
    assert (data["house"], data["cells"], data["digit"]) == (0, [0, 3], 1)


def test_symbols() -> None:
    assert symbols_for(9) == "123456789"
    assert symbols_for(25, "letters")[-1] == "Y"
    with pytest.raises(ValueError, match="hex alphabet"):
        symbols_for(9, "hex")


def test_an_unknown_alphabet_is_named() -> None:
    with pytest.raises(ValueError, match="unknown alphabet 'foo': choose one of digits, letters, hex"):
        Grid.parse("." * 16, alphabet="foo")


@pytest.mark.parametrize("at", [40, 81])
def test_an_invisible_character_is_named_in_words_with_its_cell(at: int) -> None:
    """Grid.parse (what `check` and `count` read a line with) names a zero-width space as the
    formats' reader does, with the cell before it, not as '\\u200b' and a bare position."""
    text = FIGURE_4_2[:at] + "\u200b" + FIGURE_4_2[at:]
    with pytest.raises(PuzzleFormatError) as refused:
        Grid.parse(text)
    assert str(refused.value).startswith(
        f"unexpected character at position {at + 1} (after {'r5c4' if at == 40 else 'r9c9'}): "
        "an invisible zero-width space (U+200B), which shows as nothing: delete it")
    assert "\\u200b" not in str(refused.value)
