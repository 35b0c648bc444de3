"""Option values the CLI accepts: whole numbers written in ASCII digits, within a range.

``int()`` reads far more than a person means: ``int("١٠")`` is 10 (Arabic-Indic digits), and
``" 1_0 "`` is 10 too. An option is a number only when it is spelt with 0-9 alone, and a number
too large for the work it bounds is refused with the range rather than failing deep inside.
"""

from __future__ import annotations

import argparse
from typing import Callable


def whole_number(low: int, high: int, note: str = "") -> Callable[[str], int]:
    """An argparse ``type`` reading a whole number from ``low`` to ``high`` in ASCII digits.

    >>> whole_number(0, 10)("7")
    7
    >>> whole_number(0, 10)("١٠")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: expected a whole number from 0 to 10 in the digits 0-9, not '١٠'
    >>> whole_number(0, 3)("4")  # the digits are right, the number is not: only the range is said
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: expected a whole number from 0 to 3, not '4'
    """
    def read(text: str) -> int:
        written = text.isascii() and text.isdigit()
        if written and len(text) <= len(str(high)):
            value = int(text)
            if low <= value <= high:
                return value
        spelling = "" if written else " in the digits 0-9"
        raise argparse.ArgumentTypeError(
            f"expected a whole number from {low:,} to {high:,}{note}{spelling}, not {text!r}")
    return read


def one_of(values: tuple[int, ...]) -> Callable[[str], int]:
    """An argparse ``type`` reading one of ``values``, written in ASCII digits; anything else gets
    the one message listing them (a number out of range and a word alike).

    >>> one_of((4, 6, 9, 16))("25")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: expected 4, 6, 9 or 16, not '25'
    """
    names = ", ".join(map(str, values[:-1])) + f" or {values[-1]}"

    def read(text: str) -> int:
        if text.isascii() and text.isdigit() and int(text) in values:
            return int(text)
        raise argparse.ArgumentTypeError(f"expected {names}, not {text!r}")
    return read
