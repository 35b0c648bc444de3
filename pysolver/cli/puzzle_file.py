"""A file of puzzles cut into its puzzles, block by block, each block classified once.

Puzzle files mix forms: one puzzle per line (a grid's line, a candidate string, a HoDoKu position
or library line, a SudokuWiki string), pictures of one row per line (bands set apart by rule lines
or by blank lines, several back to back between ``*-----*`` borders), pencil-mark grids (HoDoKu's
copy with a step's text after it), and headers naming the next puzzle (Project Euler's
``Grid 01``). ``split_puzzles`` reads the lines in order and makes each one part of exactly one
puzzle, or a label:

- a header (words then a number: ``Grid 01``) is the next puzzle's label, not a bad line, unless
  it reads as a picture's row in the alphabet being read (``AB 00`` in letters: ``reads_as_row``);
- a line that can only be a puzzle of its own (a position line, a line of a grid's cell count
  without spaces, more cells than a picture's row) is one;
- a run of lines that HoDoKu's pencil-mark layout fits is one pencil-mark grid; a step's text
  after its closing rule (``Hidden Single: r6c2=4``) stays with it, as HoDoKu writes it;
- any other line is a picture's row or rule: a picture of n cells a row is whole at its n-th row
  (and, when its first line is a rule, one closing rule after it), blank lines within it
  included, so that bands set apart by blank lines are one picture and the blank line after its
  last row ends it.

A picture cut short (the file ends, or a line of another kind comes, before its n-th row) is not
read as something else: it is a puzzle whose ``problem`` says where it stops and how many rows it
has. A line no picture starts with (a title, a row of 7 cells) and a lone row are no picture:
each is reported as the line it is. Sixteen lines of sixteen cells are both a 16×16 picture and
sixteen 4×4 puzzles: ``_is_picture_of_whole_rows`` decides, from the first such line on, so a 4×4
puzzle's line right before a 16×16 picture drawn without rule lines or ``|`` is taken for its
first row (the picture's last row is then a line of its own, reported as a bad 4×4 puzzle).
"""

from __future__ import annotations

from math import isqrt

from ..errors import PuzzleFormatError
from ..frozen import Frozen
from ..geometry import BOX_SHAPES, size_for_cell_count
from ..grid import ALPHABETS, SEPARATORS, symbols_for

_DROP_SEPARATORS = str.maketrans("", "", "".join(sorted(SEPARATORS)))
#: The most cells a picture's row holds (25×25): a longer line is a puzzle of its own.
_LONGEST_ROW = max(BOX_SHAPES)
#: The most lines a grid takes: a 25×25 grid's rows, the rules between its bands and around it.
_MOST_GRID_LINES = 2 * _LONGEST_ROW
#: The corners a closing rule starts with: HoDoKu's ``'---'`` and Sudoku Explainer's ``*---*``.
_CLOSING_CORNERS = "'*"
#: Characters that stand for a blank cell in some alphabet.
_BLANKS = "".join(sorted({char for _, blanks in ALPHABETS.values() for char in blanks}))


class PuzzleText(Frozen):
    """One puzzle's text, where it came from ('' for an argument), and, for a picture cut short,
    the error that says so (its text is then not read)."""

    text: str
    label: str
    problem: PuzzleFormatError | None

    def __init__(self, text: str, label: str = "", problem: PuzzleFormatError | None = None) -> None:
        object.__setattr__(self, "text", text)
        object.__setattr__(self, "label", label)
        object.__setattr__(self, "problem", problem)


def cell_count(line: str) -> int:
    """The cells a line shows: its characters but for separators (``|``, ``-``, ``+``, spaces)."""
    return len(line.translate(_DROP_SEPARATORS))


def is_header(line: str, alphabet: str = "digits") -> bool:
    """A line naming the puzzle after it: words, then a number (``Grid 01``, ``Puzzle #3:``).

    No row of a picture written with digits ends so after a word (its cells are one character
    each), nor does a step's text (``Hidden Single: r6c2=4``). Where letters are digits, a row
    whose last box is blank (``AB 00``) does: a line that reads as a row is one, not a header.

    >>> is_header("Grid 01"), is_header("Puzzle #3:"), is_header("1 2 3 4"), is_header("AB CD")
    (True, True, False, False)
    >>> is_header("AB 00"), is_header("AB 00", "letters"), is_header("Grid 01", "letters")
    (True, False, True)
    """
    words = line.split()
    number = words[-1].rstrip(":").lstrip("#") if len(words) > 1 else ""
    return (number.isascii() and number.isdigit() and len(words[0]) > 1
            and all(word.isascii() and word.isalpha() for word in words[:-1])
            and not reads_as_row(line, alphabet))


def reads_as_row(line: str, alphabet: str) -> bool:
    """Whether each of the n cells of ``line`` is a digit of an n×n puzzle written in
    ``alphabet`` (in either case, as puzzles are read) or one of its blanks: a picture's row.

    >>> reads_as_row("DAG CFI 000", "letters"), reads_as_row("DAG CFI 000", "digits")
    (True, False)
    >>> reads_as_row("Grid 00", "letters")  # G and R are no digits of a 6×6 puzzle (A-F)
    False
    """
    cells = line.translate(_DROP_SEPARATORS)
    n = len(cells)
    if not cells.isascii() or n not in BOX_SHAPES or alphabet == "hex" and n != 16:
        return False  # no n×n puzzle is written so (hex spells 16×16 ones only)
    return set(cells.upper()) <= set(symbols_for(n, alphabet) + ALPHABETS[alphabet][1])


def is_step_text(line: str) -> bool:
    """HoDoKu's text of a step, written after a pencil-mark grid: a technique's name, ``:``, what
    it does (``Locked Candidates Type 1 (Pointing): 5 in b1 => r1c4<>5``).

    >>> is_step_text("Hidden Single: r6c2=4"), is_step_text(":0000:x:1.3.::"), is_step_text("1|2")
    (True, False, False)
    """
    head, colon, _ = line.partition(":")
    return bool(colon) and "|" not in head and sum(char.isalpha() for char in head) >= 3


def stands_alone(line: str) -> bool:
    """A line that can only be a puzzle of its own: a HoDoKu position or library line (``:``
    first, unlike HoDoKu's ``:---+---:`` rule), or, without spaces or ``|``, a grid's line other
    than a 4×4 one (whose 16 cells a 16×16 picture's row has too) or another one-line form (a
    candidate or SudokuWiki string)."""
    from ..formats.pencilmarks import is_rule  # only for a file that is not one puzzle a line
    stripped = line.strip()
    if is_rule(stripped):
        return False
    if stripped.startswith(":"):
        return True
    if "|" in stripped or len(stripped.split()) > 1:
        return False
    cells = cell_count(stripped)
    if size_for_cell_count(cells):
        return cells != 16
    from .. import formats  # only for a line that is no grid's line
    return formats.detect(stripped) != "line"


def is_whole_puzzle(line: str) -> bool:
    """A line that is a puzzle on its own: a grid's line, a candidate string or a position line.

    The text formats are imported only for a line that is not a grid's line, so ``solve`` and
    ``count`` on a file of plain lines do not pay for loading them.
    """
    if size_for_cell_count(cell_count(line)):
        return True
    from .. import formats
    return formats.detect(line) != "line"


def _is_picture_of_whole_rows(lines: list[str]) -> bool:
    """Whether n lines of n cells each are one n×n picture although each line is a whole puzzle.

    Only sixteen lines of sixteen cells are both: a 16×16 picture without rule lines, or sixteen
    4×4 puzzles. The picture spells more than the four digits a 4×4 puzzle can (a 16×16 puzzle
    with one solution shows at least fifteen), so a fifth symbol decides it.

    >>> rows = ["123456789ABCDEFG"[i:] + "123456789ABCDEFG"[:i] for i in range(16)]
    >>> _is_picture_of_whole_rows(rows), _is_picture_of_whole_rows(["1234" * 4] * 16)
    (True, False)
    """
    counts = {cell_count(line) for line in lines}
    if counts != {len(lines)} or not size_for_cell_count(len(lines)):
        return False
    return _symbols_shown(lines) > isqrt(len(lines))


def _spell_sixteen_symbols(lines: list[str]) -> bool:
    """Whether 16-cell lines show more than a 4×4 puzzle's four digits between them: only then
    may some of them be a 16×16 picture's rows (``_is_picture_of_whole_rows``)."""
    return _symbols_shown(lines) > 4


def _symbols_shown(lines: list[str]) -> int:
    """How many different digits ``lines`` show between them (blanks and separators aside)."""
    return len(set("".join(lines).translate(_DROP_SEPARATORS)) - set(_BLANKS))


def split_puzzles(text: str, source: str, alphabet: str = "digits") -> list[PuzzleText]:
    """The puzzles of a file's text, each labelled with its header (``f Grid 01``) or its lines
    (``f line 3``, ``f lines 14-26``); ``#`` lines are comments, read as blank lines. [] when the
    text holds nothing but comments and blank lines. ``alphabet`` is the one its puzzles are
    written in: where letters are digits, a line may read as a row rather than a header.

    >>> [p.label for p in split_puzzles("1234341221434321\\n\\n" + "." * 16, "f")]
    ['f line 1', 'f line 3']
    >>> [p.label for p in split_puzzles("12|34\\n34|12\\n\\n21|43\\n43|21", "f")]
    ['f lines 1-5']
    >>> [p.label for p in split_puzzles("# four\\n" + "." * 81 + "\\n" + "." * 80, "f")]
    ['f line 2', 'f line 3']
    """
    lines = ["" if line.lstrip().startswith("#") else line for line in text.splitlines()]
    numbered = [(i, line) for i, line in enumerate(lines, 1) if line.strip()]
    if all(is_whole_puzzle(line) for _, line in numbered) and not _spell_sixteen_symbols(
            [line for _, line in numbered if cell_count(line) == 16]):
        return [PuzzleText(line.strip(), f"{source} line {i}") for i, line in numbered]
    return _Reader(lines, numbered, source, alphabet).read()


class _Piece:
    """One puzzle as the reader gathers it: its lines (1-based, inclusive), what it is, and for a
    picture its width (cells a row, 0 until its first row) and rows so far."""

    def __init__(self, kind: str, first: int, label: str, width: int = 0) -> None:
        self.kind = kind  # "line", "picture" or "pencilmarks"
        self.first = self.last = first
        self.label = label
        self.width = width
        self.rows = 1 if width else 0
        self.opens_with_rule = False  # a picture whose first line is a rule (its top border)
        self.closed = False  # its closing rule read after its last row
        self.problem: PuzzleFormatError | None = None

    @property
    def whole(self) -> bool:
        """A picture with all its rows."""
        return self.width in BOX_SHAPES and self.rows >= self.width


class _Reader:
    """``split_puzzles``'s pass over the lines: the picture being read, the header waiting for
    its puzzle, and the puzzles so far."""

    def __init__(self, lines: list[str], numbered: list[tuple[int, str]], source: str,
                 alphabet: str) -> None:
        self.lines = lines
        self.numbered = numbered
        self.source = source
        self.alphabet = alphabet
        self.pieces: list[_Piece] = []
        self.picture: _Piece | None = None
        self.header: tuple[int, str] | None = None

    def read(self) -> list[PuzzleText]:
        """Every line read once, in order (see the module's docstring)."""
        index = 0
        while index < len(self.numbered):
            number, line = self.numbered[index]
            if is_header(line, self.alphabet):
                self._end_picture(f"line {number} is a header ({line.strip()!r})")
                self._take_header(number, line)
            elif stands_alone(line) or cell_count(line) > _LONGEST_ROW:
                self._end_picture(f"line {number} is a puzzle of its own")
                self._start("line", number)
            elif self._follows_pencilmarks(line):
                self.pieces[-1].last = number
            elif self._closes_picture(number, line):
                assert self.picture is not None
                self.picture.last = number
                self.picture.closed = True
            elif (self.picture is None or self.picture.whole) \
                    and (run := self._pencilmark_run(index)):
                self._end_picture("")
                self._start("pencilmarks", number).last = run
                index += sum(1 for n, _ in self.numbered[index:] if n <= run) - 1
            else:
                self._picture_line(index, number, line)
            index += 1
        self._end_picture("")
        if self.header is not None:
            self._dangling_header()
        return [self._text(piece) for piece in self.pieces]

    def _start(self, kind: str, number: int, width: int = 0) -> _Piece:
        """A new puzzle from line ``number``, labelled by the header before it if any."""
        label = f"{self.source} {self.header[1]}" if self.header else ""
        self.header = None
        piece = _Piece(kind, number, label, width)
        self.pieces.append(piece)
        return piece

    def _take_header(self, number: int, line: str) -> None:
        if self.header is not None:
            self._dangling_header()
        self.header = (number, line.strip().rstrip(":"))

    def _dangling_header(self) -> None:
        """A header with no puzzle after it: reported, not dropped."""
        assert self.header is not None
        number, name = self.header
        piece = self._start("line", number)
        piece.problem = PuzzleFormatError(f"line {number} names a puzzle ({name!r}), but no "
                                          f"puzzle follows it", line=number)

    def _follows_pencilmarks(self, line: str) -> bool:
        """A step's text after the pencil-mark grid just read (HoDoKu's copy of a step)."""
        return (self.picture is None and bool(self.pieces) and self.pieces[-1].kind == "pencilmarks"
                and is_step_text(line))

    def _closes_picture(self, number: int, line: str) -> bool:
        """The rule right after the last row of a picture that opened with one (its bottom
        border); a picture drawn without a top border takes none, so a grid's top rule right
        after it starts that grid."""
        from ..formats.pencilmarks import is_rule
        picture = self.picture
        return (picture is not None and picture.whole and picture.opens_with_rule
                and not picture.closed and number == picture.last + 1 and is_rule(line))

    def _pencilmark_run(self, index: int) -> int:
        """The last line of the pencil-mark grid starting at ``numbered[index]``, or 0 when none
        does: its lines run to a blank line, a closing rule (HoDoKu's ``'---'``, Sudoku
        Explainer's ``*---*``), a step's text or a line of another form, and HoDoKu's layout must
        fit them."""
        from ..formats.pencilmarks import is_rule, looks_like_pencilmarks
        first = self.numbered[index][1]
        if not is_rule(first) and "|" not in first and len(first.split()) == 1:
            return 0  # a picture's row written without spaces: no pencil-mark row is
        run: list[tuple[int, str]] = []
        for number, line in self.numbered[index:index + _MOST_GRID_LINES]:
            if run and number != run[-1][0] + 1 or is_header(line, self.alphabet) \
                    or stands_alone(line) or is_step_text(line):
                break
            run.append((number, line))
            if len(run) > 1 and is_rule(line) and line.strip()[0] in _CLOSING_CORNERS:
                break
        if len(run) < min(BOX_SHAPES) or not looks_like_pencilmarks("\n".join(l for _, l in run)):
            return 0
        return run[-1][0]

    def _picture_line(self, index: int, number: int, line: str) -> None:
        """A row or rule of a picture: the picture being read takes it, or it starts one."""
        from ..formats.pencilmarks import is_rule
        picture = self.picture
        rule = is_rule(line)
        cells = 0 if rule else cell_count(line)
        if picture is not None and picture.whole:
            self._end_picture("")
            picture = None
        if picture is not None and cells == 16 and picture.width not in (0, 16):
            self._end_picture(f"line {number} is a puzzle of its own")
            self._start("line", number)
            return
        if picture is None:
            if not rule and cells not in BOX_SHAPES or cells == 16 and len(line.split()) == 1 \
                    and "|" not in line and not self._sixteen_rows_from(index):
                self._start("line", number)  # no picture's first row: a (bad) puzzle line
                return
            self.picture = self._start("picture", number, cells)
            self.picture.opens_with_rule = rule
            return
        picture.last = number
        if cells:
            picture.width = picture.width or cells
            picture.rows += 1

    def _sixteen_rows_from(self, index: int) -> bool:
        """Whether the 16-cell line at ``numbered[index]``, written without spaces or ``|`` as a
        4×4 puzzle's line is, and the fifteen after it are a 16×16 picture rather than 4×4
        puzzles (``_is_picture_of_whole_rows``)."""
        following = [line for _, line in self.numbered[index:index + 16]]
        return len(following) == 16 and _is_picture_of_whole_rows(following)

    def _end_picture(self, why: str) -> None:
        """Close the picture being read. Cut short, it gets a problem saying where it stops
        (``why``: the line that cut it, or '' at the end of the file), unless it is one line
        alone, which is then the puzzle line it looks like (and is reported as such)."""
        picture, self.picture = self.picture, None
        if picture is None or picture.whole:
            return
        if picture.first == picture.last:
            picture.kind = "line"
            return
        n = picture.width
        size = f"a {n}×{n} picture" if n in BOX_SHAPES else f"a picture of {n} cells a row"
        rows = f"{picture.rows} of its {n} rows" if n in BOX_SHAPES else f"{picture.rows} rows"
        where = f"lines {picture.first}-{picture.last}"
        message = (f"{size} stops after {rows} ({where}): {why}" if why else
                   f"the input ends at line {picture.last} in the middle of {size}: {rows} read "
                   f"({where})")
        picture.problem = PuzzleFormatError(message, line=picture.last, found=picture.rows)

    def _text(self, piece: _Piece) -> PuzzleText:
        """The piece as the commands read it: a line alone, or the lines of a grid after as many
        blank lines as come before it, so that messages name the line of the file."""
        if piece.kind == "line":
            label = piece.label or f"{self.source} line {piece.first}"
            return PuzzleText(self.lines[piece.first - 1].strip(), label, piece.problem)
        label = piece.label or f"{self.source} lines {piece.first}-{piece.last}"
        text = "\n" * (piece.first - 1) + "\n".join(self.lines[piece.first - 1:piece.last])
        return PuzzleText(text, label, piece.problem)
