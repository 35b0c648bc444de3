"""Typed readers for the fields of a JSON request: each returns the value or raises ``FieldError``.

The worker's requests come from a page that may be old, broken or hostile, so no command reads a
field raw: ``integer(request, "limit", default=1000, low=1, high=10**9)`` returns an ``int`` or
refuses with a message naming the field and the value. Nothing is coerced: ``5.0``, ``"5"``,
``true`` and ``1e999`` are not integers, ``"no"`` is not a boolean, and a missing required field is
an error, not a default. ``null`` counts as absent (JSON's way of leaving an optional field out).

>>> integer({"limit": 5}, "limit", default=1000, low=1, high=10)
5
>>> integer({"limit": 0}, "limit", default=1000, low=1, high=10)
Traceback (most recent call last):
...
pysolver.errors.FieldError: limit must be a whole number from 1 to 10, not 0
>>> boolean({"minimal": "no"}, "minimal", default=True)
Traceback (most recent call last):
...
pysolver.errors.FieldError: minimal must be true or false, not "no"
"""

from __future__ import annotations

import json
import re
from itertools import accumulate
from typing import Any, Collection, Mapping, Sequence, TypeVar

from .errors import FieldError, PuzzleError

Request = Mapping[str, object]
Choice = TypeVar("Choice", bound=str)

#: The longest request text accepted, in characters. The largest real request (a 25×25 puzzle with
#: a long log of actions) is a few tens of kilobytes; the worker refuses longer text before it
#: reaches Python, and ``decode_request`` again before parsing it.
MAX_REQUEST_CHARS = 1_000_000
#: The longest text a string field holds, in its own characters. The longest real one is a puzzle's
#: text: a 25×25 position line with all but one candidate of each cell removed is 60,635 characters
#: (its pencil-mark grid 21,141, its candidate string 15,625). A paste far longer is refused in its
#: own characters, before any reader scans it.
MAX_TEXT_CHARS = 150_000
#: How a message names a text field whose name alone would not say what it holds.
_TEXT_WORDS = {"puzzle": "the puzzle text"}
#: The deepest nesting of lists and objects accepted (real requests nest two or three levels).
#: Checked before ``json.loads``, whose recursion a deep enough text would exhaust (fatally, in
#: Pyodide's small WebAssembly stack).
MAX_NESTING = 32

_MISSING = object()

#: How much of a refused value a message quotes.
_QUOTED = 40


def show(value: object) -> str:
    """A refused value as JSON text, cut short: messages quote what was sent, not Python's repr.

    >>> show("no"), show(1.5), show(True), show([1, 2]), show(float("inf"))
    ('"no"', '1.5', 'true', '[1, 2]', '1e999')
    """
    if isinstance(value, float) and value in (float("inf"), float("-inf")):
        return "1e999" if value > 0 else "-1e999"
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        text = repr(value)
    return text if len(text) <= _QUOTED else text[:_QUOTED - 1] + "…"


def _kind(value: object) -> str:
    """The JSON type of a value, for messages: ``a string``, ``a list``..."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    return "an object"


def _get(request: Request, name: str, default: object) -> object:
    """The field's value; ``default`` when absent or null; FieldError when required and absent."""
    value = request.get(name)
    if value is None:
        if default is _MISSING:
            raise FieldError(name, f"{name} is required")
        return default
    return value


def integer(request: Request, name: str, *, low: int, high: int,
            default: int | object = _MISSING) -> int:
    """A whole number from ``low`` to ``high`` (JSON integer only: no 5.0, no "5", no true)."""
    value = _get(request, name, default)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise FieldError(name, f"{name} must be a whole number from {low:,} to {high:,}, "
                               f"not {show(value)}")
    return value


def optional_integer(request: Request, name: str, *, low: int, high: int) -> int | None:
    """Like ``integer``, but None when the field is absent or null."""
    if request.get(name) is None:
        return None
    return integer(request, name, low=low, high=high)


#: More digits than any whole number a typed field takes (int() refuses texts of thousands).
_TYPED_DIGITS_MAX = 40


def optional_typed_integer(request: Request, name: str, *, low: int, high: int) -> int | None:
    """Like ``optional_integer``, but the field may also be the text a person typed in a box (the
    page sends it as typed, so that Python says what is wrong with it): blank for none, else
    decimal digits, spaces around them allowed.

    >>> optional_typed_integer({"seed": " 42 "}, "seed", low=0, high=99)
    42
    >>> optional_typed_integer({"seed": ""}, "seed", low=0, high=99) is None
    True
    >>> optional_typed_integer({"seed": "4 2"}, "seed", low=0, high=99)
    Traceback (most recent call last):
    pysolver.errors.FieldError: seed must be a whole number from 0 to 99, not "4 2"
    """
    value = request.get(name)
    if not isinstance(value, str):
        return optional_integer(request, name, low=low, high=high)
    typed = value.strip()
    if not typed:
        return None
    if not (typed.isascii() and typed.isdigit() and len(typed) <= _TYPED_DIGITS_MAX):
        raise FieldError(name, f"{name} must be a whole number from {low:,} to {high:,}, not {show(value)}")
    return integer({name: int(typed)}, name, low=low, high=high)


def integer_choice(request: Request, name: str, choices: Collection[int], *,
                   default: int | object = _MISSING) -> int:
    """One of a few whole numbers (a grid size)."""
    value = _get(request, name, default)
    if isinstance(value, bool) or not isinstance(value, int) or value not in choices:
        listed = ", ".join(str(c) for c in choices)
        raise FieldError(name, f"{name} must be one of {listed}, not {show(value)}")
    return value


def boolean(request: Request, name: str, *, default: bool | object = _MISSING) -> bool:
    """JSON ``true`` or ``false`` (no "no", no 0)."""
    value = _get(request, name, default)
    if not isinstance(value, bool):
        raise FieldError(name, f"{name} must be true or false, not {show(value)}")
    return value


def text(request: Request, name: str, *, default: str | object = _MISSING,
         longest: int = MAX_TEXT_CHARS) -> str:
    """A string of at most ``longest`` characters.

    >>> text({"puzzle": "1" * 200_000}, "puzzle")
    Traceback (most recent call last):
    ...
    pysolver.errors.FieldError: the puzzle text is too long: 200,000 characters; at most 150,000 \
are read (a puzzle's text, in any form and size, is at most about 61,000)
    """
    value = _get(request, name, default)
    if not isinstance(value, str):
        raise FieldError(name, f"{name} must be a string, not {_kind(value)} ({show(value)})")
    if len(value) > longest:
        raise FieldError(name, text_too_long(_TEXT_WORDS.get(name, name), len(value), longest))
    return value


def text_too_long(what: str, length: int, longest: int = MAX_TEXT_CHARS) -> str:
    """The refusal of ``what`` (``the puzzle text``), ``length`` characters of its own long."""
    return (f"{what} is too long: {length:,} characters; at most {longest:,} are read (a puzzle's "
            f"text, in any form and size, is at most about 61,000)")


def optional_text(request: Request, name: str) -> str | None:
    """A string, or None when the field is absent or null ("" is a string, and stays one)."""
    if request.get(name) is None:
        return None
    return text(request, name)


def text_list(request: Request, name: str, *, default: list[str] | object = _MISSING,
              longest: int = 10_000) -> list[str]:
    """A list of strings of at most ``longest`` characters; the message names the bad item's index."""
    value = _get(request, name, default)
    if not isinstance(value, list):
        raise FieldError(name, f"{name} must be a list, not {_kind(value)} ({show(value)})")
    for index, item in enumerate(value):
        if not isinstance(item, str) or len(item) > longest:
            raise FieldError(name, f"{name}[{index}] must be a string of at most {longest:,} "
                                   f"characters, not {_kind(item)} ({show(item)})")
    return list(value)


def optional_number(request: Request, name: str, *, low: float) -> float | None:
    """A finite JSON number (integer or not) of at least ``low``, or None when absent or null."""
    value = request.get(name)
    if value is None:
        return None
    if (isinstance(value, bool) or not isinstance(value, (int, float))
            or not low <= value < float("inf")):
        raise FieldError(name, f"{name} must be a number of at least {low}, not {show(value)}")
    return float(value)


def optional_object(request: Request, name: str) -> Mapping[str, object] | None:
    """A JSON object, or None when the field is absent or null."""
    value = request.get(name)
    if value is None:
        return None
    if not isinstance(value, dict):
        raise FieldError(name, f"{name} must be an object, not {_kind(value)} ({show(value)})")
    return value


def _pick(name: str, value: object, choices: Sequence[Choice]) -> Choice:
    """The entry of ``choices`` equal to ``value``, or FieldError listing them."""
    if isinstance(value, str) and value in choices:
        return choices[choices.index(value)]
    listed = ", ".join(f'"{c}"' for c in choices)
    raise FieldError(name.split("[")[0], f"{name} must be one of {listed}, not {show(value)}")


def choice(request: Request, name: str, choices: Sequence[Choice], *,
           default: str | object = _MISSING) -> Choice:
    """One of a few strings, exactly as listed (no case folding, no trimming)."""
    return _pick(name, _get(request, name, default), choices)


def choice_list(request: Request, name: str, choices: Sequence[Choice], *,
                default: list[str] | object = _MISSING) -> list[Choice]:
    """A list whose every item is one of a few strings; the message names the bad item's index."""
    value = _get(request, name, default)
    if not isinstance(value, list):
        raise FieldError(name, f"{name} must be a list, not {_kind(value)} ({show(value)})")
    return [_pick(f"{name}[{index}]", item, choices) for index, item in enumerate(value)]


# --- the request as a whole -------------------------------------------------------------------

class RequestError(PuzzleError):
    """The request text itself is refused: too long, nested too deep, or not a JSON object."""

    kind = "invalid"


#: A JSON string, or an unterminated one running to the end of the text. Possessive quantifiers and
#: the open end keep the scan linear: a failed match would otherwise be retried from every later
#: quote (``"\"\"\"...``, 48 kB of it, took 18 s).
_STRING = re.compile(r'"[^"\\]*+(?:\\.[^"\\]*+)*+\\?+(?:"|\Z)', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_DEPTH_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def nesting_depth(text: str) -> int:
    """How deep lists and objects nest in JSON ``text`` (brackets inside strings do not count).

    Regular expressions and ``accumulate`` do the work in C, so a megabyte answers in milliseconds
    without any recursion.

    >>> nesting_depth('{"a": [1, [2]], "b": "[[[["}'), nesting_depth("5")
    (3, 0)
    """
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    return max(accumulate(map(_DEPTH_STEP.__getitem__, brackets)), default=0)


def _no_constants(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def too_large(length: int, text_length: int | None = None) -> RequestError:
    """The refusal of request text ``length`` characters long (the worker sends the same one, without
    passing the text to Python), said to a person: what they sent is too long, never "the request".

    ``text_length`` is the length of the text the request carries (a paste), in its own characters:
    given, the message counts those, as the puzzle field's own refusal does (``text``); without it
    only the characters sent in all are known, JSON's quotes and escapes included, and are said so.

    >>> print(too_large(2_430_685, text_length=2_430_000))
    the puzzle text is too long: 2,430,000 characters; at most 150,000 are read (a puzzle's text, \
in any form and size, is at most about 61,000)
    >>> print(too_large(20_000_000))
    too much was sent to the solver: 20,000,000 characters in all; at most 1,000,000 are accepted, \
and a puzzle's text is read up to 150,000 characters
    """
    if text_length is not None:
        return RequestError(text_too_long(_TEXT_WORDS["puzzle"], text_length))
    return RequestError(f"too much was sent to the solver: {length:,} characters in all; at most "
                        f"{MAX_REQUEST_CHARS:,} are accepted, and a puzzle's text is read up to "
                        f"{MAX_TEXT_CHARS:,} characters")


def decode_request(request_text: str) -> dict[str, Any]:
    """The request's JSON object, once its size and nesting are known to be safe to parse.

    >>> decode_request('{"cmd": "hint"}')
    {'cmd': 'hint'}
    >>> decode_request("[" * 100 + "]" * 100)
    Traceback (most recent call last):
    ...
    pysolver.fields.RequestError: the request nests lists and objects 100 deep; at most 32 are \
accepted
    """
    if not isinstance(request_text, str):
        raise RequestError(f"a request must be JSON text, not {type(request_text).__name__}")
    if len(request_text) > MAX_REQUEST_CHARS:
        raise too_large(len(request_text))
    depth = nesting_depth(request_text)
    if depth > MAX_NESTING:
        raise RequestError(f"the request nests lists and objects {depth:,} deep; at most "
                           f"{MAX_NESTING} are accepted")
    try:
        request = json.loads(request_text, parse_constant=_no_constants)
    except (ValueError, RecursionError) as error:
        raise RequestError(f"the request is not valid JSON: {error}") from None
    if not isinstance(request, dict):
        raise RequestError(f"a request must be a JSON object, not {_kind(request)}")
    return request
