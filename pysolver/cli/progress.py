"""Progress of long work on stderr: a bar redrawn in place on a terminal, an occasional line elsewhere.

Counting a nearly empty grid or generating a 16×16 puzzle can take minutes; silence would look like
a hang. Nothing is shown for work that ends within ``DELAY`` seconds, so quick commands print only
their answer. On a terminal one line is redrawn (at most ten times a second) and wiped at the end,
leaving the output clean; when stderr is a file or a pipe, a plain line is written every
``LINE_INTERVAL`` seconds, so logs stay short. Used as ``progress(stage, fraction)``, the signature
generation and GTSPS already report through; ``fraction`` None means the end is not known (an
unlimited count), and ``detail`` adds a figure such as the solutions counted so far.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from contextlib import contextmanager
from types import TracebackType
from typing import Callable, Iterator, TextIO

#: Seconds of work before anything is shown.
DELAY = 1.0
#: Seconds between two redraws on a terminal, and between two lines elsewhere.
REDRAW_INTERVAL = 0.1
LINE_INTERVAL = 5.0
#: Width of the bar, in characters.
BAR_WIDTH = 24


def bar(fraction: float, width: int = BAR_WIDTH) -> str:
    """A text progress bar.

    >>> bar(0.5, 10), bar(0, 4), bar(1, 4)
    ('[#####-----]', '[----]', '[####]')
    """
    filled = round(max(0.0, min(1.0, fraction)) * width)
    return "[" + "#" * filled + "-" * (width - filled) + "]"


def guesses_so_far(count: int) -> str:
    """How many guesses a log or a rating has made, for its progress line.

    >>> guesses_so_far(0), guesses_so_far(1), guesses_so_far(12)
    ('no guess yet', '1 guess', '12 guesses')
    """
    return "no guess yet" if not count else "1 guess" if count == 1 else f"{count} guesses"


class ProgressLine:
    """Shows ``stage``, a bar or a running figure, and the time spent; a context manager that wipes
    the line when the work ends, however it ends (Ctrl-C included)."""

    def __init__(self, stream: TextIO | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.stream = stream if stream is not None else sys.stderr
        self.clock = clock
        self.started = clock()
        self.terminal = _is_terminal(self.stream)
        self._last_shown = float("-inf")
        self._width = 0  # characters of the line now on the terminal
        self._text = ""  # that line

    def __call__(self, stage: str, fraction: float | None, detail: str = "") -> None:
        now = self.clock()
        elapsed = now - self.started
        interval = REDRAW_INTERVAL if self.terminal else LINE_INTERVAL
        if elapsed < DELAY or now - self._last_shown < interval:
            return
        self._last_shown = now
        text = self._text_of(stage, fraction, detail, elapsed)
        if self.terminal:
            # A line wider than the terminal would wrap, and "\r" would redraw only its last row:
            # the detail gives way first, so that the seconds stay in sight.
            room = _columns(self.stream) - 1
            if len(text) > room and detail:
                detail = detail[:max(0, len(detail) - (len(text) - room) - 1)] + "…"
                text = self._text_of(stage, fraction, detail, elapsed)
            text = text[:room]
        self._write(text)

    def _text_of(self, stage: str, fraction: float | None, detail: str, elapsed: float) -> str:
        parts = [stage]
        if fraction is not None:
            parts.append(f"{bar(fraction)} {fraction:4.0%}" if self.terminal else f"{fraction:.0%}")
        if detail:
            parts.append(detail)
        parts.append(f"{elapsed:.0f} s")
        return "pysolver: " + ", ".join(parts) if not self.terminal else "  ".join(parts)

    def _write(self, text: str) -> None:
        if self.terminal:
            if text == self._text and self._width:
                return  # unchanged: a heartbeat redraws ten times a second, the seconds change once
            self._text = text
            padded = "\r" + text.ljust(self._width)
            self._width = len(text)  # before writing: Ctrl-C may strike while the text goes out
            self._emit(padded)
        else:
            self._emit(text + "\n")

    def _emit(self, text: str) -> None:
        try:
            self.stream.write(text)
            self.stream.flush()
        except (OSError, ValueError):  # stderr gone: the work itself goes on
            pass

    def close(self) -> None:
        """Wipe the bar from the terminal (a line written to a log stays)."""
        if self.terminal and self._width:
            self._emit("\r" + " " * self._width + "\r")
            self._width = 0

    def __enter__(self) -> ProgressLine:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()


class Heartbeat:
    """A ``ProgressLine`` redrawn from a thread with the last report it was given, so that its
    seconds keep counting through work that reports nothing for a minute (one step of a 25×25
    log, a forcing net trying its premises). Called as the line is; a context manager that stops
    the thread and wipes the line, however the work ends.

    Whatever else the command writes to the terminal goes out inside ``aside()``, which wipes the
    line first: the thread never redraws it halfway through a line of output."""

    def __init__(self, line: ProgressLine, interval: float = REDRAW_INTERVAL) -> None:
        self.line = line
        self.interval = interval
        self._lock = threading.Lock()
        self._report: tuple[str, float | None, str] | None = None
        self._stopped = threading.Event()
        # A daemon: Ctrl-C ends the command even if the thread were somehow still drawing.
        self._thread = threading.Thread(target=self._beat, name="progress", daemon=True)

    def __call__(self, stage: str, fraction: float | None, detail: str = "") -> None:
        with self._lock:
            self._report = (stage, fraction, detail)
            self.line(stage, fraction, detail)

    def _beat(self) -> None:
        while not self._stopped.wait(self.interval):
            with self._lock:
                if self._report is not None:
                    self.line(*self._report)

    @contextmanager
    def aside(self) -> Iterator[None]:
        """Write something else: the line is wiped first and drawn again after."""
        with self._lock:
            self.line.close()
            yield

    def __enter__(self) -> Heartbeat:
        self._thread.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self._stopped.set()
        self._thread.join()
        self.line.close()


def _columns(stream: TextIO) -> int:
    """The terminal's width, 80 where it cannot be asked."""
    try:
        return os.get_terminal_size(stream.fileno()).columns or 80
    except (AttributeError, ValueError, OSError):
        return 80


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError, OSError):
        return False
