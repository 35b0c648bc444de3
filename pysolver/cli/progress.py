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

import sys
import time
from types import TracebackType
from typing import Callable, TextIO

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

    def __call__(self, stage: str, fraction: float | None, detail: str = "") -> None:
        now = self.clock()
        elapsed = now - self.started
        interval = REDRAW_INTERVAL if self.terminal else LINE_INTERVAL
        if elapsed < DELAY or now - self._last_shown < interval:
            return
        self._last_shown = now
        parts = [stage]
        if fraction is not None:
            parts.append(f"{bar(fraction)} {fraction:4.0%}" if self.terminal else f"{fraction:.0%}")
        if detail:
            parts.append(detail)
        parts.append(f"{elapsed:.0f} s")
        text = "pysolver: " + ", ".join(parts) if not self.terminal else "  ".join(parts)
        self._write(text)

    def _write(self, text: str) -> None:
        if self.terminal:
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


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError, OSError):
        return False
