"""Random bytes, random JSON and random requests against every way in: nothing breaks.

Thrown at ``Grid.parse``, ``pysolver.web.handle`` (the worker's entry point) and every CLI command
(in process, through ``pysolver.cli.main``), each input must be answered within ``ANSWER_SECONDS``
of CPU time, with a result or an error of a known kind, never a traceback or an ``internal``
error; and the same session must answer a normal request afterwards.

Valid values are drawn only where the work they ask for is quick (a generated 16×16 puzzle or an
unlimited count on an empty grid are slow on purpose; the CLI's progress tests cover those), so
what is measured is how the entry points treat input, not how long a legitimate search runs.
``PYSOLVER_FUZZ_EXAMPLES`` raises the number of examples for a longer hunt.
"""

from __future__ import annotations

import io
import json
import os
import sys
import time
from typing import Any, Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pysolver import formats
from pysolver.board import Board
from pysolver.cli import COMMANDS as CLI_COMMANDS
from pysolver.cli import main
from pysolver.cli.export import CHOICES as EXPORT_CHOICES
from pysolver.errors import PuzzleError
from pysolver.grid import Grid
from pysolver.web import COMMANDS, LEVEL_CHOICES, handle
from tests.helpers import FIGURE_4_2, FIGURE_4_2_SOLUTION, FIGURE_4_9

ANSWER_SECONDS = 1.0
EXAMPLES = int(os.environ.get("PYSOLVER_FUZZ_EXAMPLES", "150"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])

#: Error kinds a reply may carry ("internal" means a bug, and fails the test).
KNOWN_KINDS = {"format", "conflict", "invalid", "gtsps-limit"}

#: Puzzles every command answers quickly: one solution, 127 solutions, an empty 4×4 (288), a 6×6,
#: a repeated digit, a Hard one that needs guessing.
PUZZLES = [
    FIGURE_4_2,
    FIGURE_4_9,
    "." * 16,
    "1.34.64.61.32.15.45.42.13.26.56.53.2",
    "11" + "." * 14,
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
]
#: Figure 4.2 in the text forms with candidates that the page, ``steps`` and ``export`` read too.
PUZZLES += [formats.write(Board.from_grid(Grid.parse(FIGURE_4_2)), name)
            for name in ("pencilmarks", "candidates", "position", "sudokuwiki")]
SEPARATORS = " \t\r\n|-+"


def timed(call: Callable[[], Any]) -> Any:
    """``call()``, which must take less than ``ANSWER_SECONDS`` of this process's CPU time (wall
    time would measure the other jobs of a shared machine too)."""
    started = time.process_time()
    result = call()
    elapsed = time.process_time() - started
    assert elapsed < ANSWER_SECONDS, f"answered in {elapsed:.2f} s of CPU time"
    return result


# --- strategies ---------------------------------------------------------------------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=5),
    max_leaves=20)


@st.composite
def mutated_puzzles(draw: st.DrawFn) -> str:
    """A puzzle with characters inserted, deleted or replaced: near misses are the likely input."""
    text = list(draw(st.sampled_from(PUZZLES)))
    for _ in range(draw(st.integers(0, 4))):
        where = draw(st.integers(0, len(text)))
        action = draw(st.sampled_from(["insert", "delete", "replace"]))
        char = draw(st.characters() | st.sampled_from(list(SEPARATORS + ".0123456789ABCDEFGabcı١")))
        if action == "insert" or not text:
            text.insert(where, char)
        elif action == "delete":
            del text[min(where, len(text) - 1)]
        else:
            text[min(where, len(text) - 1)] = char
    return "".join(text)


puzzle_texts = (st.sampled_from(PUZZLES) | mutated_puzzles() | st.text(max_size=120)
                | st.binary(max_size=120).map(lambda b: b.decode("utf-8", "replace")))

#: Values a field may take: a valid one where it is quick, or anything at all.
FIELD_VALUES: dict[str, st.SearchStrategy[Any]] = {
    "puzzle": puzzle_texts,
    "actions": st.lists(st.sampled_from(["logic", "guess", "backtrack", "search", "nope"]),
                        max_size=12),
    "position": st.integers(-2, 60),
    "limit": st.integers(-5, 10**12),
    "size": st.sampled_from([4, 6, 0, 5, 4.9, "6", -4, True]),
    "level": st.sampled_from(["easy", "unique", "Easy", "evil", "", 3]),
    "seed": st.integers(-(2**70), 2**70) | st.floats(allow_nan=False),
    "symmetry": st.sampled_from(["none", "rotational", "mirror", "diagonal", None]),
    "minimal": st.sampled_from([True, False, "no", "true", 0, 1, None]),
}


@st.composite
def requests(draw: st.DrawFn) -> dict[str, Any]:
    """A request for a real command, with some of its fields well typed and some not."""
    request: dict[str, Any] = {"cmd": draw(st.sampled_from(sorted(COMMANDS)))}
    for name in draw(st.lists(st.sampled_from(sorted(FIELD_VALUES)), max_size=5, unique=True)):
        junk = draw(st.booleans()) and name not in ("size", "level")
        request[name] = draw(json_values if junk else FIELD_VALUES[name])
    if draw(st.booleans()):
        request[draw(st.text(max_size=6))] = draw(json_values)
    return request


request_texts = (st.text(max_size=200)
                 | st.binary(max_size=200).map(lambda b: b.decode("latin-1"))
                 | json_values.map(json.dumps)
                 | requests().map(json.dumps)
                 | st.integers(1, 3000).map(lambda depth: "[" * depth + "]" * depth)
                 | st.text(alphabet='"\\[]{}:, a1', max_size=2000)
                 | st.integers(1, 20_000).map(lambda n: '"' + '\\"' * n))


# --- Grid.parse ---------------------------------------------------------------------------------

@FUZZ
@given(puzzle_texts | st.text(alphabet=st.sampled_from(list(SEPARATORS + ".123456789ı١x")),
                              max_size=700))
def test_grid_parse_answers_every_text(text: str) -> None:
    try:
        grid = timed(lambda: Grid.parse(text))
    except PuzzleError as error:
        assert error.kind in {"format", "conflict"} and error.message
    else:
        assert Grid.parse(grid.line()) == grid


# --- web.handle ---------------------------------------------------------------------------------

def assert_session_answers() -> None:
    loaded = json.loads(handle(json.dumps({"cmd": "load", "puzzle": FIGURE_4_2})))
    stepped = json.loads(handle('{"cmd": "step"}'))
    assert loaded["ok"] and stepped["ok"] and stepped["view"]["position"] == 1


@FUZZ
@given(st.lists(request_texts, min_size=1, max_size=3))
def test_handle_answers_every_request(texts: list[str]) -> None:
    handle(json.dumps({"cmd": "load", "puzzle": FIGURE_4_9}))
    for text in texts:
        reply = json.loads(timed(lambda: handle(text)))
        assert isinstance(reply, dict) and isinstance(reply.get("ok"), bool)
        if not reply["ok"]:
            error = reply["error"]
            assert error["kind"] in KNOWN_KINDS, error
            assert error["message"] and "Traceback" not in error["message"]
    assert_session_answers()


# --- the command line ---------------------------------------------------------------------------

OPTION_VALUES = st.sampled_from(["0", "1", "2", "10", "-1", "١٠", "1e3", "x", "", "4", "6"])


@st.composite
def command_lines(draw: st.DrawFn) -> list[str]:
    """A subcommand, its puzzle argument (or - for stdin) and some of its options."""
    name = draw(st.sampled_from(CLI_COMMANDS))
    argv = [name]
    if name not in ("generate", "techniques"):
        argv.append(draw(puzzle_texts.filter(lambda t: not t.startswith("-")) | st.just("-")))
    flags = {"play": ["--check"], "steps": ["--json", "--no-guess"], "solve": ["--all"], "count": ["--limit"],
             "check": [], "rate": ["--json"], "gtsps": ["--count", "--stats", "--json"],
             "generate": ["--size", "--count", "--seed", "--json", "--no-minimal",
                          "--symmetry"],
             "export": ["--format", "--after", "--no-guess"], "techniques": ["--json"]}[name] + (
                 ["--alphabet"] if name not in ("generate", "techniques") else [])
    for flag in draw(st.lists(st.sampled_from(flags), max_size=3, unique=True)):
        argv.append(flag)
        if flag == "--alphabet":
            argv.append(draw(st.sampled_from(["digits", "letters", "hex", "roman"])))
        elif flag == "--symmetry":
            argv.append(draw(st.sampled_from(["none", "mirror", "spiral"])))
        elif flag == "--limit":
            argv.append(draw(OPTION_VALUES.filter(lambda v: v != "0")))
        elif flag == "--format":
            argv.append(draw(st.sampled_from([*EXPORT_CHOICES, "pm"])))
        elif flag in ("--size", "--count", "--seed", "--after"):
            argv.append(draw(OPTION_VALUES))
    if name == "generate" and "--size" not in argv:
        argv += ["--size", draw(st.sampled_from(["4", "6"]))]
    if name == "generate":
        argv += ["--level", "easy"]
    return argv


@FUZZ
@given(argv=command_lines(), stdin=st.binary(max_size=200) | puzzle_texts.map(str.encode))
def test_every_cli_command_answers_in_one_piece(argv: list[str], stdin: bytes,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    saved = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
    try:
        try:
            code = timed(lambda: main(argv))
        except SystemExit as stop:  # argparse: a usage error (2), or --help (0)
            code = stop.code
    finally:
        sys.stdin = saved
    out, err = capsys.readouterr()
    assert code in (0, 1, 2), (argv, code, err)
    assert "Traceback" not in err and "internal error" not in err, err
    if code == 2:  # said on stderr, or on stdout as check's and rate's "invalid: <why>" lines
        said = err.splitlines()[-1] if err else out.splitlines()[-1]
        assert said.startswith("pysolver") or "invalid: " in said, (err, out)
    assert main(["solve", FIGURE_4_2]) == 0
    assert capsys.readouterr().out == FIGURE_4_2_SOLUTION + "\n"
