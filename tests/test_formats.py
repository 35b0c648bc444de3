"""pysolver.formats: every text form round-trips at every size, auto-detection, HoDoKu's and Sudoku
Explainer's printed layouts, and errors that name the line, column, position and cell."""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pysolver import formats
from pysolver.board import Board, open_candidates
from pysolver.errors import ConflictError, PuzzleError, PuzzleFormatError
from pysolver.formats.marks import board_from_marks, cell_marks
from pysolver.geometry import BOX_SHAPES, geometry_for_size
from pysolver.grid import Grid
from pysolver.search import solve
from pysolver.session import Session
from tests.helpers import FIGURE_4_2

SIZES = list(BOX_SHAPES)


@cache
def solution(n: int) -> Grid:
    found = solve(Grid.empty(n))
    assert found is not None
    return found


@st.composite
def positions(draw: st.DrawFn, n: int) -> Board:
    """A position on a solved grid's digits: some givens, some placed digits, and candidates that
    the digits allow less a few the player removed (the solution's own digit is never removed)."""
    geo = geometry_for_size(n)
    answer = solution(n).values
    kinds = draw(st.lists(st.sampled_from("gp..."), min_size=geo.cell_count, max_size=geo.cell_count))
    givens = tuple(d if k == "g" else 0 for d, k in zip(answer, kinds))
    values = tuple(d if k != "." else 0 for d, k in zip(answer, kinds))
    removals = draw(st.lists(st.integers(0, geo.all_digits), min_size=geo.cell_count,
                             max_size=geo.cell_count))
    candidates = tuple(mask & ~removed | (1 << answer[cell] >> 1) if mask else 0
                       for cell, (mask, removed)
                       in enumerate(zip(open_candidates(Grid(geo, values)), removals)))
    return Board(geo, givens, values, candidates)


def settled(board: Board) -> Board:
    """What a form without givens or placed marks gives back: HoDoKu's reading of the marks."""
    return board_from_marks(board.geometry, cell_marks(board))


def examples(n: int) -> int:
    return 25 if n <= 9 else 5


def read_back(board: Board, name: str) -> tuple[Board, str]:
    """What each form gives back, and the form it is detected as: the position line everything;
    pencil marks and candidate strings every cell's digits, read as HoDoKu reads them (a pencil-mark
    grid of one digit a cell is a picture); a line or picture the digits, as givens."""
    one_each = all(mask.bit_count() == 1 for mask in cell_marks(board))
    if name in ("position", "sudokuwiki"):
        return board, name
    if name in ("pencilmarks", "candidates"):
        return settled(board), "picture" if one_each and name == "pencilmarks" else name
    return Board.from_grid(Grid(board.geometry, board.values)), name


@pytest.mark.parametrize("n, name", [(n, f.name) for n in SIZES for f in formats.FORMATS if f.fits(n)],
                         ids=[f"{n}x{n}-{f.name}" for n in SIZES for f in formats.FORMATS if f.fits(n)])
def test_every_form_round_trips_at_every_size(n: int, name: str) -> None:
    @settings(max_examples=examples(n), deadline=None)
    @given(positions(n))
    def check(board: Board) -> None:
        text = formats.write(board, name)
        imported = formats.parse(text)
        assert (imported.board, imported.format) == read_back(board, name)
        assert formats.write(imported.board, name) == text
        if formats.format_named(name).carries_candidates:
            assert cell_marks(imported.board) == cell_marks(board)
    check()


@pytest.mark.parametrize("name", [f.name for f in formats.FORMATS if f.fits(16)])
@pytest.mark.parametrize("alphabet", ["letters", "hex"])
def test_other_alphabets_round_trip(name: str, alphabet: str) -> None:
    board = Session(solution(16).with_value(0, 0).with_value(17, 0)).board
    text = formats.write(board, name, alphabet)
    assert cell_marks(formats.parse(text, alphabet).board) == cell_marks(board)


def test_a_puzzles_start_is_read_exactly_from_the_mark_forms() -> None:
    """Givens alone: every lone digit is a given (no peer lists it), so nothing is lost."""
    board = Board.from_grid(Grid.parse(FIGURE_4_2))
    for name in ("pencilmarks", "candidates", "position"):
        assert formats.parse(formats.write(board, name)).board == board


# --- HoDoKu's and Sudoku Explainer's layouts ---------------------------------------------------

# A grid in HoDoKu's pencil-mark layout, typed by hand: columns padded unevenly, a cell touching
# its box's '|', and '.', ':' and "'" rules.
HODOKU_PM = """\
.----------------.-------------------.--------------.
| 9    1     7   | 6    2      5     | 3    4   8   |
| 4    8     23  | 1    39     39    | 5    27  26  |
| 23   5     6   | 7    349    8     | 129  29  12  |
:----------------+-------------------+--------------:
| 368  2     1   | 4    3589   39    | 7    5   36  |
| 5    7     4   | 23   1      23    | 26   8   9   |
| 8    3     9   | 258  578    6     | 4    1   2   |
:----------------+-------------------+--------------:
| 1236 46    234 | 9    3456   7     | 8    23  1235|
| 236  46    5   | 28   34689  1     | 29   39  7   |
| 127  9     8   | 25   3      24    | 12   6   125 |
'----------------'-------------------'--------------'
"""

# The same kind of grid as Sudoku Explainer and Simple Sudoku posts print it.
EXPLAINER_PM = """\
*-----------------------------------------------------------*
| 12   3    4    | 1234 1234 1234 | 1234 1234 1234 |
"""


# HoDoKu's pencil marks of the puzzle "..19....39..7..16..": every given's digit is gone from its peers.
HODOKU_START_PM = """\
.------------------.--------------------.-------------------.
| 478   2678  1    | 9     2468    48   | 245    2458  3    |
| 9     28    58   | 7     2348    348  | 1      6     2458 |
| 48    3     68   | 2468  12468   5    | 249    2489  7    |
:------------------+--------------------+-------------------:
| 1378  5     3678 | 468   14678   148  | 234    1248  9    |
| 178   1789  4    | 3     15789   2    | 6      158   158  |
| 2     1689  3689 | 4568  145689  1489 | 345    7     1458 |
:------------------+--------------------+-------------------:
| 6     789   789  | 1     24589   489  | 24579  3     245  |
| 138   4     2    | 58    3589    7    | 59     159   6    |
| 5     179   379  | 24    2349    6    | 8      1249  124  |
'------------------'--------------------'-------------------'
"""


def test_a_lone_digit_a_peer_lists_is_a_candidate_and_the_reading_is_said() -> None:
    """One slip (r1c2 lists the 1 of the given beside it) makes r1c3 read as an empty cell with one
    candidate, HoDoKu's reading: the notice says so, why, and how to make it a given."""
    start = formats.parse(HODOKU_START_PM)
    assert sum(map(bool, start.board.givens)) == 28 and start.notices == ()
    slipped = HODOKU_START_PM.replace("| 478   2678  1    |", "| 478   12678 1    |")
    for text in (slipped, formats.write(formats.parse(slipped).board, "candidates")):
        imported = formats.parse(text)
        assert sum(map(bool, imported.board.givens)) == 27
        assert imported.board.values[2] == 0 and imported.board.candidate_digits(2) == [1]
        assert imported.notices == (
            "r1c3's lone 1 was read as a candidate, not a given, because r1c2 also lists 1 (a "
            "given's digit is listed by none of its peers): if r1c3 is a given, take 1 out of "
            "r1c2.",)


def test_several_lone_candidates_are_named_in_one_notice() -> None:
    assert formats.parse(HODOKU_PM).notices == (
        "r4c8's lone 5 (r4c5 also lists 5), r5c3's lone 4 (r7c3 also lists 4), r6c1's lone 8 (r4c1, "
        "r6c4 and r6c5 also list 8) and 4 more were read as candidates, not givens, because a peer "
        "lists the same digit (a given's digit is listed by none of its peers): to make one a "
        "given, take its digit out of those peers.",)


def test_hodoku_pencil_marks_are_read() -> None:
    imported = formats.parse(HODOKU_PM)
    board = imported.board
    geo = board.geometry
    assert imported.format == "pencilmarks" and geo.n == 9
    assert board.values[:9] == (9, 1, 7, 6, 2, 5, 3, 4, 8)
    assert board.candidate_digits(geo.cell_at(6, 0)) == [1, 2, 3, 6]
    assert board.candidate_digits(geo.cell_at(6, 8)) == [1, 2, 3, 5]
    assert board.givens == board.values


def test_hodoku_grid_with_its_step_is_read() -> None:
    """HoDoKu's "pencil marks with step": '*' before the pattern's cells, '-' before the candidates
    the step removes (still candidates), and the step's text after the closing rule."""
    board = Board.from_grid(Grid.parse(FIGURE_4_2))
    lines = formats.write(board, "pencilmarks").splitlines()
    lines[1] = lines[1].replace("| 789 ", "|*7-89", 1).replace(" 68 ", "*-68", 1)
    marked = "\n".join([*lines, "Hidden Single: 7 in r1c3 => r1c1<>7, r1c9<>6"])
    imported = formats.parse(marked)
    assert imported.format == "pencilmarks" and imported.board == board


@pytest.mark.parametrize("mark", ["7-", "8*9", "-"])
def test_step_marks_elsewhere_are_errors(mark: str) -> None:
    lines = formats.write(Board.from_grid(Grid.parse(FIGURE_4_2)), "pencilmarks").splitlines()
    lines[1] = lines[1].replace("| 789 ", f"| {mark} ", 1)
    with pytest.raises(PuzzleFormatError, match="unexpected character '[-*]' at line 2, column "):
        formats.parse("\n".join(lines))


def test_explainer_and_forum_layouts_are_read() -> None:
    rows = [["1234"] * 9 for _ in range(9)]
    rows[0][:3] = ["12", "3", "4"]
    lines = ["*" + "-" * 40 + "*"]
    for r, row in enumerate(rows):
        if r in (3, 6):
            lines.append("|" + "-" * 14 + "+" + "-" * 14 + "+" + "-" * 14 + "|")
        lines.append("| " + " | ".join("  ".join(row[b:b + 3]) for b in (0, 3, 6)) + " |")
    lines.append("*" + "-" * 40 + "*")
    board = formats.parse("\n".join(lines)).board
    assert board.candidate_digits(0) == [1, 2]
    assert board.values[1:3] == (0, 0) and board.candidate_digits(1) == [3]


@pytest.mark.parametrize("rules", [
    (".-------.-------.-------.", ":-------+-------+-------:", "'-------'-------'-------'"),
    ("*-----------------------*", "|-------+-------+-------|", "*-----------------------*"),
], ids=["hodoku", "explainer"])
def test_pictures_with_ruled_boxes_are_read(rules: tuple[str, str, str]) -> None:
    top, middle, bottom = rules
    rows = Grid.parse(FIGURE_4_2).picture().splitlines()
    body = [middle if set(row) <= set("-+") else "| " + row + " |" for row in rows]
    imported = formats.parse("\n".join([top, *body, bottom]))
    assert imported.format == "picture" and imported.puzzle == Grid.parse(FIGURE_4_2)


def test_hodoku_library_line_is_read() -> None:
    """HoDoKu's library format: '+' before placed digits, removed candidates as digit-row-column,
    and a step's fields (its technique, digits, eliminations, placements, a chain's length) not
    read."""
    text = ":0000:x:+1" + "." * 79 + "2:523 623::"
    board = formats.parse(text).board
    assert board.givens[:2] == (0, 0) and board.values[0] == 1 and board.givens[80] == 2
    assert board.candidate_digits(11) == [2, 3, 4, 7, 8, 9]
    for step in ("0701:5", "03111:5", "0110-1:56", "0606-x:", "0610:", "xxxx:7"):
        code, digits = step.split(":")
        for fields in ("533 543::7", ":829:", "::"):
            line = f":{code}:{digits}:+1" + "." * 79 + f"2:523 623:{fields}"
            assert formats.parse(line).board == board, line


@pytest.mark.parametrize("text, name", [
    (":0000:x:" + "." * 81 + ":::", "position"),
    ("." * 729, "candidates"),
    (HODOKU_PM, "pencilmarks"),
    (Grid.parse(FIGURE_4_2).picture(), "picture"),
    (FIGURE_4_2, "line"),
    ("1 2 | 3 4\n3 4 | 1 2\n2 1 | 4 3\n4 3 | 2 1", "picture"),
], ids=["position", "candidates", "pencilmarks", "picture", "line", "spaced-picture"])
def test_detect(text: str, name: str) -> None:
    assert formats.detect(text) == name


def test_sudokuwiki_string_is_written_in_its_s9b_codes() -> None:
    """1-9 a given, 9 + the digit a placed one, 18 + the candidates' bitmask an empty cell."""
    board = Board.from_grid(Grid.parse(FIGURE_4_2)).apply(placements=((0, 9),))
    text = formats.write(board, "sudokuwiki")
    assert len(text) == 3 + 162 and text.startswith("S9B")
    codes = [int(text[3 + 2 * c:5 + 2 * c], 36) for c in range(81)]
    assert codes[0] == 9 + 9 and codes[1] == 1
    assert codes[2] == 18 + board.candidates[2]


def test_sudokuwiki_earlier_base32_string_is_read() -> None:
    """No prefix, two base-32 digits a cell: bit 0 flags a given, bits 1-9 the cell's digits."""
    board = Board.from_grid(Grid.parse(FIGURE_4_2)).apply(placements=((0, 9),), eliminations=((2, 7),))
    digits = "0123456789abcdefghijklmnopqrstuv"
    codes = [(1 << value) + bool(given) if value else mask << 1
             for given, value, mask in zip(board.givens, board.values, board.candidates)]
    text = "".join(digits[code // 32] + digits[code % 32] for code in codes)
    imported = formats.parse(text)
    assert imported.format == "sudokuwiki" and imported.board == board


def test_sudokuwiki_string_is_for_9x9_grids() -> None:
    with pytest.raises(ValueError, match="SudokuWiki's board string is for 9×9 grids, not 16×16"):
        formats.write(Board.from_grid(Grid.empty(16)), "sudokuwiki")


def test_start_text_is_the_line_unless_the_player_moved() -> None:
    board = Board.from_grid(Grid.parse(FIGURE_4_2))
    assert formats.start_text(board) == FIGURE_4_2
    moved = board.apply(eliminations=((0, board.candidate_digits(0)[0]),))
    assert formats.start_text(moved).startswith(":0000:x:")
    assert formats.parse(formats.start_text(moved)).board == moved


# --- errors -----------------------------------------------------------------------------------

def pm_lines() -> list[str]:
    return HODOKU_PM.splitlines()


@pytest.mark.parametrize("edit, message", [
    (lambda lines: lines[:2] + lines[3:], "a pencil-mark grid has 4, 6, 9, 12, 16 or 25 rows of cells, found 8"),
    (lambda lines: lines[:2] + [lines[2].replace("23  |", "|")] + lines[3:],
     "line 3 has 8 cells: every row of a 9×9 pencil-mark grid has 9"),
    (lambda lines: lines[:5] + [lines[5].replace("3589", "35x9")] + lines[6:],
     "unexpected character 'x' at line 6, column 27 (r4c5): a 9×9 grid's candidates are 1-9, "
     "and '.' alone marks a cell without any"),
    (lambda lines: lines[:10] + [lines[10].replace("236 ", "233 ")] + lines[11:],
     "r8c1 lists 3 twice (line 11, column 5)"),
    (lambda lines: lines[:3] + [lines[3].replace("| 23 ", "| 0  ")] + lines[4:],  # not "no candidate"
     "unexpected character '0' at line 4, column 3 (r3c1): a 9×9 grid's candidates are 1-9, "
     "and '.' alone marks a cell without any"),
], ids=["rows", "row-cells", "character", "twice", "zero"])
def test_pencil_mark_errors_name_the_line_column_and_cell(edit: object, message: str) -> None:
    text = "\n".join(edit(pm_lines()))  # type: ignore[operator]
    with pytest.raises(PuzzleFormatError) as error:
        formats.parse(text)
    assert str(error.value) == message


def test_candidate_string_errors_name_the_position_cell_and_digit() -> None:
    text = formats.write(Board.from_grid(Grid.parse(FIGURE_4_2)), "candidates")
    bad = text[:13] + "7" + text[14:]
    with pytest.raises(PuzzleFormatError) as error:
        formats.parse(bad)
    assert str(error.value) == ("unexpected character '7' at position 14 (r1c2, digit 5): expected "
                                "'5' for a candidate or '.' for none")
    assert error.value.cell == 1


#: What the technique field's errors say HoDoKu writes there.
TECHNIQUE_FORM = ("HoDoKu writes a technique's code there, four digits (or x's) as '0000' for none "
                  "or '0100', a siamese fish's with a fifth '1', a library case's variant after "
                  "'-', as '0110-1' or '0606-x'")


@pytest.mark.parametrize("text, kind, message", [
    (":0000:x:1234", PuzzleFormatError, "a position line reads ':0000:x:<cells>:<removed "
     "candidates>::' (HoDoKu's library form), found 3 ':'-separated fields"),
    (":0000:x:1.3x34.........2:::", PuzzleFormatError, "unexpected character 'x' at position 12 "
     "(r1c4): cells are 1-4, '+' before a placed digit, and '.' for a blank"),
    (":0000:x:1+.3.34.........2:::", PuzzleFormatError, "unexpected character '.' after '+' at "
     "position 11 (r1c2): cells are 1-4, '+' before a placed digit, and '.' for a blank"),
    (":0000:x:1.3.34.........2+:::", PuzzleFormatError, "'+' at the end of the cells field "
     "(position 25) has no digit after it"),
    (":0000:x:1.3.34.........:::", PuzzleFormatError, "the cells field of a position line holds "
     "15 cells, not a square grid's 16, 36, 81, 144, 256 or 625"),
    (":0000:x:1.3.34.........2:2x3::", PuzzleFormatError, "removed candidate '2x3' at position 26: "
     "write digit, row and column, as '523' for 5 in r2c3 (digits 1-4, rows and columns 1-4)"),
    (":0000:x:1.3.34.........2:111::", ConflictError, "removed candidate '111' at position 26: "
     "r1c1 holds 1, so it has no candidates"),
    (":0000:x:1+1..............:::", ConflictError, "two 1s in row 1: r1c1 and r1c2"),
    (":banana:x:1.3.34.........2:::", PuzzleFormatError, "unexpected character 'b' at position 2 "
     f"in the technique field of a position line: {TECHNIQUE_FORM}"),
    (":99999:x:1.3.34.........2:::", PuzzleFormatError, "unexpected character '9' at position 6 "
     f"in the technique field of a position line: {TECHNIQUE_FORM}"),
    (":0100-y:x:1.3.34.........2:::", PuzzleFormatError, "unexpected character 'y' at position 7 "
     f"in the technique field of a position line: {TECHNIQUE_FORM}"),
    (":12:x:1.3.34.........2:::", PuzzleFormatError, "the technique field of a position line ends "
     f"after '12' at position 4: {TECHNIQUE_FORM}"),
    ("::x:1.3.34.........2:::", PuzzleFormatError, "the technique field of a position line is "
     f"empty at position 2: {TECHNIQUE_FORM}"),
    (":0000:15:1.3.34.........2:::", PuzzleFormatError, "unexpected character '5' at position 8 in "
     "the digits field of a position line: HoDoKu writes the technique's digits there (1-4), or "
     "'x' for none"),
    (":0000:x:1.3.34.........2::: trailing words", PuzzleFormatError, "'trailing' at position 29 in "
     "the placements field of a position line: HoDoKu writes each candidate as digit, row and "
     "column, as '523' for 5 in r2c3 (digits 1-4, rows and columns 1-4)"),
    (":0100:1:1.3.34.........2::122 1x2::", PuzzleFormatError, "'1x2' at position 31 in the "
     "eliminations field of a position line: HoDoKu writes each candidate as digit, row and "
     "column, as '523' for 5 in r2c3 (digits 1-4, rows and columns 1-4)"),
    (":0701:1:1.3.34.........2::122::5a", PuzzleFormatError, "unexpected character 'a' at position "
     "33 in the extra field of a position line: HoDoKu writes a chain's length there, in the digits "
     "0-9, or nothing"),
    (":0701:1:1.3.34.........2::122::5:6", PuzzleFormatError, "text after the last field of a "
     "position line, at position 33: ':6' (HoDoKu's library line has 7 ':'-separated fields: "
     "technique, digits, cells, removed, eliminations, placements and extra)"),
    ("  :0000:x:1.3.34.........2:::::", PuzzleFormatError, "text after the last field of a "
     "position line, at position 31: ':' (HoDoKu's library line has 7 ':'-separated fields: "
     "technique, digits, cells, removed, eliminations, placements and extra)"),
], ids=["fields", "character", "plus-blank", "plus-end", "count", "removed", "removed-filled",
        "conflict", "technique-word", "technique-long", "technique-variant", "technique-short",
        "technique-empty", "digits", "trailing-words", "eliminations", "extra", "after-last",
        "after-last-indented"])
def test_position_errors(text: str, kind: type[Exception], message: str) -> None:
    with pytest.raises(kind) as error:
        formats.parse(text)
    assert str(error.value) == message


@pytest.mark.parametrize("text, kind, message", [
    ("S9B" + "01" * 80 + "zz", PuzzleFormatError, "'zz' at position 164 (r9c9) is not a SudokuWiki "
     "cell code: each cell is a base-36 code up to 'ep'"),
    ("S9B" + "01" * 80, PuzzleFormatError, "a SudokuWiki board string has 162 characters after "
     "'S9B', found 160"),
    ("S9B0101" + "00" * 79, ConflictError, "two 1s in row 1: r1c1 and r1c2"),
    ("S9B01" + "0j" + "00" * 79, ConflictError, "r1c2 lists 1 as a candidate, but r1c1 holds 1"),
], ids=["code", "length", "conflict", "candidate"])
def test_sudokuwiki_errors(text: str, kind: type[Exception], message: str) -> None:
    with pytest.raises(kind) as error:
        formats.parse(text)
    assert str(error.value) == message


def test_a_line_too_long_for_a_grid_names_the_candidate_string_too() -> None:
    with pytest.raises(PuzzleFormatError, match="found 728; nor is it a candidate string"):
        formats.parse("." * 728)


def test_unknown_format_name() -> None:
    with pytest.raises(ValueError, match="unknown format 'pm': choose one of line, picture, "
                                         "pencilmarks, candidates, position, sudokuwiki"):
        formats.write(Board.from_grid(Grid.empty(4)), "pm")


# --- a session from an imported position ------------------------------------------------------

def test_a_session_continues_from_imported_candidates() -> None:
    """The log from an exported position is the rest of the log from the start."""
    session = Session(Grid.parse(FIGURE_4_2))
    steps = session.solve()
    solved = session.board
    session.goto(20)
    imported = formats.parse(formats.write(session.board, "position"))
    later = Session(imported.puzzle, imported.board)
    assert [s.text for s in later.solve()] == [s.text for s in steps[20:]]
    assert later.board == solved


# --- any text ---------------------------------------------------------------------------------

FORM_TEXTS = [formats.write(Board.from_grid(Grid.parse(FIGURE_4_2)), f.name) for f in formats.FORMATS]


@st.composite
def near_forms(draw: st.DrawFn) -> str:
    """A form of Figure 4.2 with a few characters replaced by ones the forms use."""
    text = list(draw(st.sampled_from(FORM_TEXTS)))
    for _ in range(draw(st.integers(1, 4))):
        text[draw(st.integers(0, len(text) - 1))] = draw(st.sampled_from(list(".:+|-'* \n0159Sxz")))
    return "".join(text)


@settings(max_examples=300, deadline=None)
@given(near_forms() | st.text(alphabet=".:+|-'* \n0123456789S9Bxz", max_size=800) | st.text(max_size=200))
def test_parse_answers_every_text_with_a_board_or_a_named_error(text: str) -> None:
    try:
        imported = formats.parse(text)
    except PuzzleError as error:
        assert error.kind in {"format", "conflict"} and error.message
    else:
        assert imported.format in formats.FORMAT_NAMES
        assert formats.parse(formats.write(imported.board, "position")).board == imported.board


PICTURE_ROWS = Grid.parse(FIGURE_4_2).picture().splitlines()


def test_a_picture_row_of_the_wrong_length_is_named_by_its_line() -> None:
    rows = PICTURE_ROWS.copy()
    rows[5] += " 7"
    with pytest.raises(PuzzleFormatError, match=r"^line 6 has 10 cells: every row of a 9×9 "
                                                r"picture has 9$"):
        formats.parse("\n".join(rows))


def test_a_picture_with_a_row_too_many_names_its_lines() -> None:
    with pytest.raises(PuzzleFormatError, match=r"^a 9×9 picture has 9 rows of cells, found 10 "
                                                r"\(lines 1 to 12\)$"):
        formats.parse("\n".join([*PICTURE_ROWS, PICTURE_ROWS[0]]))


def test_a_title_line_does_not_turn_a_picture_into_pencil_marks() -> None:
    text = "\n".join(["Puzzle one", *PICTURE_ROWS])
    assert formats.detect(text) == "picture"
    with pytest.raises(PuzzleFormatError, match=r"^unexpected character 'u' at line 1, column 2"):
        formats.parse(text)


def test_a_picture_after_blank_lines_is_named_by_the_lines_of_the_text() -> None:
    rows = PICTURE_ROWS.copy()
    rows[4] = rows[4].replace(".", "x", 1)
    with pytest.raises(PuzzleFormatError, match=r"^unexpected character 'x' at line 7, column"):
        formats.parse("\n\n" + "\n".join(rows))


# --- characters that show as nothing ----------------------------------------------------------

INVISIBLE_LINE = FIGURE_4_2[:40] + "\u200b" + FIGURE_4_2[40:]
CANDIDATES = formats.write(Board.from_grid(Grid.parse(FIGURE_4_2)), "candidates")
SUDOKUWIKI = formats.write(Board.from_grid(Grid.parse(FIGURE_4_2)), "sudokuwiki")
# HoDoKu's picture: '.', ':' and "'" corners, whose dots are no cells.
_BOX_ROWS = ["| " + " | ".join(" ".join(FIGURE_4_2[r * 9 + b * 3:r * 9 + b * 3 + 3]) for b in range(3))
             + " |" for r in range(9)]
HODOKU_PICTURE = "\n".join([".-------.-------.-------.", *_BOX_ROWS[:3], ":-------+-------+-------:",
                            *_BOX_ROWS[3:6], ":-------+-------+-------:", *_BOX_ROWS[6:],
                            "'-------'-------'-------'"])


@pytest.mark.parametrize("text, message", [
    (INVISIBLE_LINE, "unexpected character at position 41 (after r5c4): an invisible zero-width "
                     "space (U+200B), which shows as nothing: delete it (a 9×9 puzzle uses 1-9, and "
                     "'.' or '0' for a blank)"),
    ("\u200f" + FIGURE_4_2, "unexpected character at position 1 (before r1c1): an invisible "
                            "right-to-left mark (U+200F), which shows as nothing: delete it (a 9×9 "
                            "puzzle uses 1-9, and '.' or '0' for a blank)"),
    ("\n".join(FIGURE_4_2[i:i + 9] + "\u200d" for i in range(0, 81, 9)),
     "unexpected character at line 1, column 10 (after r1c9): an invisible zero-width joiner "
     "(U+200D), which shows as nothing: delete it (a 9×9 puzzle uses 1-9, and '.' or '0' for a "
     "blank)"),
    (HODOKU_START_PM.replace("| 9     28 ", "| 9\u2060     28 "),
     "unexpected character at line 3, column 4 (after r2c1): an invisible word joiner (U+2060), "
     "which shows as nothing: delete it (a 9×9 grid's candidates are 1-9, and '.' alone marks a "
     "cell without any)"),
    (HODOKU_START_PM.replace("| 9     28 ", "| 9     2\u200e8 "),
     "unexpected character at line 3, column 10 (in r2c2): an invisible left-to-right mark "
     "(U+200E), which shows as nothing: delete it (a 9×9 grid's candidates are 1-9, and '.' alone "
     "marks a cell without any)"),
    (CANDIDATES[:100] + "\u200b" + CANDIDATES[100:],
     "unexpected character at position 101 (in r2c3): an invisible zero-width space (U+200B), "
     "which shows as nothing: delete it"),
    (FIGURE_4_2 + "\ufeff", "unexpected character at position 82 (after r9c9): an invisible "
                            "byte-order mark (zero-width no-break space) (U+FEFF), which shows as "
                            "nothing: delete it (a 9×9 puzzle uses 1-9, and '.' or '0' for a blank)"),
    (":0000:x:" + FIGURE_4_2[:12] + "\u2066" + FIGURE_4_2[12:] + "::",
     "unexpected character at position 21 (after r2c3): an invisible left-to-right isolate "
     "(U+2066), which shows as nothing: delete it"),
    (SUDOKUWIKI[:8] + "\u200c" + SUDOKUWIKI[8:],
     "unexpected character at position 9 (in r1c3): an invisible zero-width non-joiner (U+200C), "
     "which shows as nothing: delete it"),
    (HODOKU_PICTURE.replace(":-------+", ":---\u200d----+", 1),
     "unexpected character at line 5, column 5 (after r3c9): an invisible zero-width joiner "
     "(U+200D), which shows as nothing: delete it (a 9×9 puzzle uses 1-9, and '.' or '0' for a "
     "blank)"),
], ids=["zero-width-space", "rtl-mark-first", "joiner-per-row", "pencil-mark-after-cell",
        "pencil-mark-in-cell", "candidate-string", "late-byte-order-mark", "position-line",
        "sudokuwiki", "picture-rule-line"])
def test_an_invisible_character_is_named_in_words_with_its_cell(text: str, message: str) -> None:
    with pytest.raises(PuzzleFormatError) as raised:
        formats.parse(text)
    assert str(raised.value) == message


def test_a_byte_order_mark_at_the_start_is_skipped_as_a_file_reader_does() -> None:
    for text in (FIGURE_4_2, HODOKU_START_PM):
        assert formats.parse("\ufeff" + text) == formats.parse(text)


def test_a_16x16_written_with_0_to_f_is_read_so_with_the_pages_notice() -> None:
    """``parse`` reads a 0–F text with the hex alphabet unless another is asked, and says so in
    the notice the page shows (one text for both: the page's load and the CLI)."""
    from tests.test_cli_inputs import SIXTEEN, SIXTEEN_HEX
    imported = formats.parse(SIXTEEN_HEX)
    assert imported.puzzle == Grid.parse(SIXTEEN)
    assert imported.notices == (formats.HEX_NOTICE,)
    assert formats.parse(SIXTEEN).notices == () and formats.parse(SIXTEEN_HEX, "hex").notices == ()
