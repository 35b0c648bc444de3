"""Characters a text box shows as nothing, named in words wherever a puzzle's text is read.

Text copied from a web page, a chat or a right-to-left document brings along characters that take
no room on screen: a zero-width space, a direction mark, a joiner. Quoted as ``'\\u200b'`` a message
about one helps nobody, so each is named (``an invisible zero-width space (U+200B)``) with where it
stands and what to do: delete it. It is never dropped unsaid, which would read a text other than
the one shown. A byte-order mark at the very start is the one exception, and no coercion: editors on
Windows begin their files with one, and readers skip it (``without_byte_order_mark``).

>>> print(invisible_name("\\u200f"))
an invisible right-to-left mark (U+200F)
>>> first_invisible("1.3\\u200b4"), first_invisible("1.34")
(3, None)
"""

from __future__ import annotations

#: The characters that show as nothing and come along in pasted text, with their Unicode names.
_NAMES = {
    "\u00ad": "soft hyphen",
    "\u034f": "combining grapheme joiner",
    "\u061c": "Arabic letter mark",
    "\u180e": "Mongolian vowel separator",
    "\u200b": "zero-width space",
    "\u200c": "zero-width non-joiner",
    "\u200d": "zero-width joiner",
    "\u200e": "left-to-right mark",
    "\u200f": "right-to-left mark",
    "\u202a": "left-to-right embedding",
    "\u202b": "right-to-left embedding",
    "\u202c": "pop directional formatting",
    "\u202d": "left-to-right override",
    "\u202e": "right-to-left override",
    "\u2060": "word joiner",
    "\u2061": "function application",
    "\u2062": "invisible times",
    "\u2063": "invisible separator",
    "\u2064": "invisible plus",
    "\u2066": "left-to-right isolate",
    "\u2067": "right-to-left isolate",
    "\u2068": "first strong isolate",
    "\u2069": "pop directional isolate",
    "\ufeff": "byte-order mark (zero-width no-break space)",
}

BYTE_ORDER_MARK = "\ufeff"


def invisible_name(char: str) -> str | None:
    """``char`` in words when it shows as nothing, else None."""
    name = _NAMES.get(char)
    return None if name is None else f"an invisible {name} (U+{ord(char):04X})"


def first_invisible(text: str) -> int | None:
    """The offset of the first character of ``text`` that shows as nothing, or None.

    (A scan in C: ``str.find`` per character, each at most one pass over a text of millions.)
    """
    found = [at for at in map(text.find, _NAMES) if at >= 0]
    return min(found, default=None)


def without_byte_order_mark(text: str) -> str:
    """``text`` without the byte-order mark a file saved on Windows starts with (only there: one
    anywhere else is named like any other invisible character)."""
    return text[1:] if text.startswith(BYTE_ORDER_MARK) else text


def without_invisible(text: str) -> str:
    """``text`` without its invisible characters: what it shows, to find which cell the first one
    stands in or after (never read in place of ``text``)."""
    return text.translate(_DELETE)


_DELETE = {ord(char): None for char in _NAMES}
