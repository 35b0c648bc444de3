"""Long CLI work shows progress on stderr and stops cleanly on Ctrl-C.

``pysolver count --limit 0`` on an empty grid counts for ever, and a 16×16 Expert puzzle takes
``pysolver generate`` seconds (with this seed, over ten, where the default level, any below
guessing, comes out in under one): after ``DELAY`` seconds a progress line appears (a redrawn bar
on a terminal), and SIGINT ends the command with exit status 130, one line, no traceback.
"""

from __future__ import annotations

import io
import os
import pty
import re
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pysolver.cli import progress as progress_module
from pysolver.cli.progress import DELAY, LINE_INTERVAL, Heartbeat, ProgressLine, guesses_so_far

ROOT = Path(__file__).resolve().parents[1]


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_nothing_is_shown_for_quick_work_then_a_line_at_intervals() -> None:
    clock, log = Clock(), io.StringIO()
    line = ProgressLine(log, clock)
    line("counting", 0.5)
    clock.now += DELAY / 2
    line("counting", 0.6)
    assert log.getvalue() == ""
    clock.now += DELAY
    line("counting", 0.75, "750 solutions")
    line("counting", 0.8, "800 solutions")  # too soon after the last line
    clock.now += LINE_INTERVAL
    line("counting", None, "900 solutions")
    line.close()
    assert log.getvalue().splitlines() == ["pysolver: counting, 75%, 750 solutions, 2 s",
                                           "pysolver: counting, 900 solutions, 6 s"]


def test_on_a_terminal_the_bar_is_redrawn_in_place_and_wiped_at_the_end() -> None:
    clock, screen = Clock(), Terminal()
    with ProgressLine(screen, clock) as line:
        clock.now += DELAY
        line("attempt 1: removing clues", 0.25)
        clock.now += 1
        line("attempt 1: grading", 1.0)
    text = screen.getvalue()
    first = "\rattempt 1: removing clues  [######------------------]  25%  1 s"
    second = "\rattempt 1: grading  [########################] 100%  2 s"
    assert text.startswith(first + second.ljust(len(first)))
    assert text.endswith("\r" + " " * (len(second) - 1) + "\r") and "\n" not in text


def interrupt_after_progress(argv: list[str], *, terminal: bool) -> tuple[int, str]:
    """Start ``pysolver argv`` with stderr on a terminal (a pty) or a pipe, wait for its first
    progress report, press Ctrl-C; the exit status and all of stderr."""
    read_end, write_end = pty.openpty() if terminal else os.pipe()
    # A shell without job control starts background jobs with Ctrl-C ignored, and Python keeps an
    # ignored SIGINT ignored: give the child the default disposition, as a terminal would.
    process = subprocess.Popen([sys.executable, "-m", "pysolver", *argv], cwd=ROOT,
                               stdout=subprocess.DEVNULL, stderr=write_end,
                               preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    os.close(write_end)
    seen = b""
    deadline = time.monotonic() + 120
    while b"pysolver" not in seen and b"[" not in seen and time.monotonic() < deadline:
        ready, _, _ = select.select([read_end], [], [], 1)
        if ready:
            seen += os.read(read_end, 4096)
    process.send_signal(signal.SIGINT)
    code = process.wait(timeout=60)
    while True:
        try:
            chunk = os.read(read_end, 4096)
        except OSError:  # a pty reports EIO once the child has gone
            break
        if not chunk:
            break
        seen += chunk
    os.close(read_end)
    return code, seen.decode()


#: Each command's first progress line in a log, up to its seconds. The line appears after
#: ``DELAY``, and how many steps of a log are done by then depends on the machine's load.
FIRST_LINE = {"count": r"pysolver: counting, ",
              "generate": r"pysolver: attempt ",
              "steps": r"pysolver: step (\d+), (no guess yet|1 guess|\d+ guesses), (\d+) cells left, ",
              "rate": r"pysolver: rating, (\d+) steps?, (no guess yet|1 guess|\d+ guesses), "}


@pytest.mark.parametrize("argv", [
    ["count", "--limit", "0", "." * 81],
    ["generate", "--size", "16", "--level", "expert", "--seed", "1"],
    ["steps", "." * 625],
    ["rate", "." * 625],
], ids=["count-unlimited", "generate-16x16", "steps-25x25", "rate-25x25"])
def test_long_work_reports_progress_and_ctrl_c_stops_it(argv: list[str]) -> None:
    """The log of an empty 25×25 grid takes minutes, a guess at a time, as its rating does."""
    code, err = interrupt_after_progress(argv, terminal=False)
    lines = err.splitlines()
    assert code == 130 and "Traceback" not in err
    assert lines[-1] == "pysolver: interrupted"
    assert re.match(FIRST_LINE[argv[0]], lines[0]), lines[0]


def test_on_a_terminal_count_draws_a_bar_and_ctrl_c_wipes_it() -> None:
    code, screen = interrupt_after_progress(["count", "--limit", "1000000000", "." * 81],
                                            terminal=True)
    assert code == 130 and "Traceback" not in screen
    assert "\rcounting  [" in screen and "% " in screen and " solutions  " in screen
    # The bar is wiped before the one line that says why the command stopped.
    assert screen.rstrip("\r\n").endswith("\rpysolver: interrupted")


def test_on_a_terminal_steps_shows_what_it_tries_and_stdout_holds_the_log_alone() -> None:
    """The line names the step looked for and what the engine tries, and is wiped before each
    step is printed (a terminal shows both streams), so the log's lines come out whole."""
    read_end, write_end = pty.openpty()
    process = subprocess.Popen([sys.executable, "-m", "pysolver", "steps", "." * 625], cwd=ROOT,
                               stdout=subprocess.PIPE, stderr=write_end,
                               preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    assert process.stdout is not None
    os.close(write_end)
    screen = ""
    drawn: list[tuple[str, ...]] = []  # (step, guesses, cells left) of each line drawn
    deadline = time.monotonic() + 300
    while len({step for step, *_ in drawn}) < 2 and time.monotonic() < deadline:
        ready, _, _ = select.select([read_end], [], [], 1)
        if ready:
            screen += os.read(read_end, 4096).decode()
            drawn = re.findall(r"\rstep (\d+)  (no guess yet|1 guess|\d+ guesses), (\d+) cells left, ",
                               screen)
    process.send_signal(signal.SIGINT)
    code = process.wait(timeout=60)
    log = process.stdout.read().decode()
    os.close(read_end)
    assert code == 130 and len({step for step, *_ in drawn}) >= 2, screen
    # Each step of an empty grid's log is a guess, placing a digit: the figures move together.
    for step, guesses, left in drawn:
        assert guesses == guesses_so_far(int(step) - 1) and int(left) == 626 - int(step)
    lines = log.splitlines()
    assert lines[0].startswith("   1. Guess: ") and all(line.startswith(" ") for line in lines)
    assert "\r" not in log and "cells left" not in log


def test_a_heartbeat_keeps_the_seconds_counting_and_wipes_the_line_for_other_output() -> None:
    clock, screen = Clock(), Terminal()
    with ProgressLine(screen, clock) as line, Heartbeat(line, interval=0.01) as progress:
        clock.now += DELAY
        progress("step 7", None, "trying Forcing Net")
        clock.now += 30  # a forcing net at work, reporting nothing
        deadline = time.monotonic() + 60
        while "31 s" not in screen.getvalue() and time.monotonic() < deadline:
            time.sleep(0.01)
        with progress.aside():
            wiped = screen.getvalue()
            screen.write("   7. Forcing Net: ...\n")
    later = "step 7  trying Forcing Net  31 s"
    assert wiped == "\rstep 7  trying Forcing Net  1 s\r" + later + "\r" + " " * len(later) + "\r"


def test_quick_commands_print_no_progress(capsys: pytest.CaptureFixture[str]) -> None:
    from pysolver.cli import main

    assert main(["count", "--limit", "0", "." * 16]) == 0
    assert capsys.readouterr() == ("288\n", "")
    assert progress_module.DELAY >= 0.5


def test_steps_prints_each_step_as_found_and_ctrl_c_keeps_them() -> None:
    """A 25×25 log takes minutes: its first steps come out at once, and Ctrl-C keeps them."""
    puzzle = (ROOT / "bench" / "data" / "unique25x25_seed15.txt").read_text(encoding="utf-8").split()[0]
    process = subprocess.Popen([sys.executable, "-m", "pysolver", "steps", "--no-guess", puzzle],
                               cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    assert process.stdout is not None and process.stderr is not None
    first = process.stdout.readline().decode()  # while the rest of the log is still being found
    process.send_signal(signal.SIGINT)
    code = process.wait(timeout=60)
    rest, err = process.stdout.read().decode(), process.stderr.read().decode()
    assert first.startswith("   1. ") and code == 130
    assert err.splitlines()[-1] == "pysolver: interrupted" and "Traceback" not in err
    assert all(line.startswith("pysolver: step ") for line in err.splitlines()[:-1])
    assert all(line.startswith(" ") for line in rest.splitlines())  # steps, no status line
