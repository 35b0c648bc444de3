"""The typed request readers: what each accepts, what it refuses, and how the refusal reads."""

from __future__ import annotations

import json

import pytest

from pysolver import fields
from pysolver.errors import FieldError

ACCEPTED = {
    "integer": (lambda r: fields.integer(r, "n", low=0, high=9), 7, 7),
    "integer-at-the-top": (lambda r: fields.integer(r, "n", low=0, high=9), 9, 9),
    "boolean-false": (lambda r: fields.boolean(r, "n"), False, False),
    "text-empty": (lambda r: fields.text(r, "n"), "", ""),
    "choice": (lambda r: fields.choice(r, "n", ("a", "b")), "b", "b"),
    "choice-list": (lambda r: fields.choice_list(r, "n", ("a", "b")), ["a", "a"], ["a", "a"]),
    "size": (lambda r: fields.integer_choice(r, "n", (4, 9)), 9, 9),
}


@pytest.mark.parametrize(("read", "value", "expected"), ACCEPTED.values(), ids=ACCEPTED)
def test_readers_accept_their_type(read, value, expected) -> None:  # type: ignore[no-untyped-def]
    assert read({"n": value}) == expected


REFUSED = {
    "float-for-integer": (lambda r: fields.integer(r, "n", low=0, high=9), 5.0, "not 5.0"),
    "bool-for-integer": (lambda r: fields.integer(r, "n", low=0, high=9), False, "not false"),
    "text-for-integer": (lambda r: fields.integer(r, "n", low=0, high=9), "5", 'not "5"'),
    "above-range": (lambda r: fields.integer(r, "n", low=0, high=9), 10, "from 0 to 9, not 10"),
    "zero-for-boolean": (lambda r: fields.boolean(r, "n"), 0, "n must be true or false, not 0"),
    "text-for-boolean": (lambda r: fields.boolean(r, "n"), "false", 'not "false"'),
    "case-of-choice": (lambda r: fields.choice(r, "n", ("a", "b")), "A", 'one of "a", "b", not "A"'),
    "padded-choice": (lambda r: fields.choice(r, "n", ("a", "b")), " a", 'not " a"'),
    "item-of-list": (lambda r: fields.choice_list(r, "n", ("a",)), ["a", "a", 3], "n[2] must be"),
    "object-for-list": (lambda r: fields.choice_list(r, "n", ("a",)), {}, "n must be a list, not "
                                                                         "an object ({})"),
    "long-value-cut": (lambda r: fields.text(r, "n"), ["x" * 100], "…)"),
    "size-4.9": (lambda r: fields.integer_choice(r, "n", (4, 9)), 4.9, "one of 4, 9, not 4.9"),
}


@pytest.mark.parametrize(("read", "value", "message"), REFUSED.values(), ids=REFUSED)
def test_readers_refuse_and_name_the_field(read, value, message) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(FieldError) as error:
        read({"n": value})
    assert message in str(error.value) and error.value.field == "n"
    assert error.value.to_json()["field"] == "n" and error.value.to_json()["kind"] == "invalid"


def test_a_missing_required_field_is_named_and_null_means_absent() -> None:
    with pytest.raises(FieldError, match="^n is required$"):
        fields.text({}, "n")
    with pytest.raises(FieldError, match="^n is required$"):
        fields.text({"n": None}, "n")
    assert fields.integer({"n": None}, "n", low=0, high=9, default=3) == 3
    assert fields.optional_integer({}, "n", low=0, high=9) is None
    assert fields.optional_text({"n": None}, "n") is None and fields.optional_text({"n": ""}, "n") == ""


@pytest.mark.parametrize(("text", "depth"), [
    ('{"a": "[[[[[[", "b": [[]]}', 3),
    (r'{"a": "\"[[[[\\", "b": []}', 2),
    ('"{{{{"', 0),
    ("[" * 5000 + "]" * 5000, 5000),
    ("[" * 5000, 5000),
    ('["a", "b' + "[" * 10, 1),
    ('"' + '\\"' * 400_000, 0),
    ('"' + '\\"' * 400_000 + "\\", 0),
    ('[["' + '\\"[' * 300_000 + '"]]', 2),
], ids=["string", "escaped-quote", "only-a-string", "deep", "unclosed", "unterminated-string",
        "escaped-quotes-unterminated", "escaped-quotes-then-backslash", "escaped-quotes-closed"])
def test_nesting_depth_skips_brackets_inside_strings(text: str, depth: int) -> None:
    """Linear in the text: 800 kB of escaped quotes once took hours (a retry at every quote)."""
    assert fields.nesting_depth(text) == depth


def test_decode_request_accepts_the_largest_allowed_request() -> None:
    actions = ["logic"] * ((fields.MAX_REQUEST_CHARS - 200) // 9)
    text = json.dumps({"cmd": "load", "puzzle": "." * 81, "actions": actions})
    assert len(text) <= fields.MAX_REQUEST_CHARS
    assert fields.decode_request(text)["actions"] == actions
    with pytest.raises(fields.RequestError, match="^too much was sent to the solver: 1,000,001 "
                                                  "characters in all; at most 1,000,000"):
        fields.decode_request(text + " " * (fields.MAX_REQUEST_CHARS + 1 - len(text)))


def test_a_paste_too_long_is_refused_in_its_own_characters() -> None:
    """Not the JSON around it, and never "the request": what the person pasted, and the limit."""
    paste = "..19....39..7..16..3...5..7.5......9..43.26..2......7.6..1...3..42..7..65....68.." * 3000
    with pytest.raises(FieldError) as refused:
        fields.text({"puzzle": paste}, "puzzle")
    assert refused.value.field == "puzzle"
    assert str(refused.value) == ("the puzzle text is too long: 243,000 characters; at most 150,000 "
                                  "are read (a puzzle's text, in any form and size, is at most about "
                                  "61,000)")
    assert fields.text({"puzzle": paste[:fields.MAX_TEXT_CHARS]}, "puzzle") == paste[:150_000]
    assert "request" not in str(fields.too_large(2_430_685))
    assert str(fields.too_large(2_430_685, text_length=2_430_000)).startswith(
        "the puzzle text is too long: 2,430,000 characters; at most 150,000 are read")
