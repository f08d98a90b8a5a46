"""Text typed where any value goes: plain words are a string, literals and unmistakable code are what they say."""

from __future__ import annotations

import pytest

from fwk_tui.source import ParseError
from fwk_tui.source.loose import read_loose
from fwk_tui.source.values import UNDEFINED, Code


@pytest.mark.parametrize(
    ("text", "value", "taken"),
    [
        ("Docs Site", "Docs Site", "text"),
        ("Docs", "Docs", "text"),
        ("  spaced ", "  spaced ", "text"),  # kept as typed
        ("it's", "it's", "text"),
        ("hello, world", "hello, world", "text"),
        ("Docs - Site", "Docs - Site", "text"),
        ("Docs (beta)", "Docs (beta)", "text"),
        ("example.com", "example.com", "text"),
        ("https://example.com", "https://example.com", "text"),
        ("/api", "/api", "text"),
        ("/api/", "/api/", "text"),  # a path, not a pattern
        ("isProd", "isProd", "text"),
        ("08", "08", "text"),
        ("", "", "text"),
        ("3000", 3000, "number"),
        ("-3.5", -3.5, "number"),
        ("(1)", 1, "number"),
        ("true", True, "boolean"),
        ("null", None, "null"),
        ("undefined", UNDEFINED, "undefined"),
        ("'3000'", "3000", "string"),
        ('"Docs"', "Docs", "string"),
        ("[1, 'a']", [1, "a"], "list"),
        ("{ a: 1 }", {"a": 1}, "object"),
        ("process.env.FOO", Code("process.env.FOO"), "code"),
        ("import.meta.env.X", Code("import.meta.env.X"), "code"),
        ("process", Code("process"), "code"),
        ("resolve('x')", Code("resolve('x')"), "code"),
        ("new Date()", Code("new Date()"), "code"),
        ("x => x", Code("x => x"), "code"),
        ("`a${b}`", Code("`a${b}`"), "code"),
        ("60 * 60", Code("60 * 60"), "code"),
        ("{a: 1, ...base}", Code("{a: 1, ...base}"), "code"),
    ],
)
def test_what_typed_text_is_taken_as(text: str, value: object, taken: str) -> None:
    reading = read_loose(text)
    assert (reading.value, reading.taken) == (value, taken)
    assert type(reading.value) is type(value)  # 1 is not True, '3000' is not 3000


@pytest.mark.parametrize("text", ["[1, 2", "{a: 1", "'abc", '"abc', "process.", "process.env.", "resolve(", "(x"])
def test_unfinished_literals_and_code_are_not_text(text: str) -> None:
    with pytest.raises(ParseError):
        read_loose(text)


def test_every_reading_has_a_note() -> None:
    assert read_loose("Docs").note == "as text"
    assert read_loose("42").note == "as a number"
    assert "Enter writes it as code" in read_loose("process.env.X").note


@pytest.mark.parametrize(
    ("text", "written"),
    [("1.10", "1.1"), ("2.0", "2"), ("1e3", "1000"), ("-1.0", "-1"), ("+5", "5"), ("0x10", "16"), ("1_000", "1000")],
)
def test_a_number_the_file_would_write_otherwise_is_kept_as_text(text: str, written: str) -> None:
    # A version typed as 1.10 was written 1.1: the text changed silently.
    reading = read_loose(text)
    assert (reading.value, reading.taken) == (text, "number_text")
    assert reading.reshaped is not None and reading.reshaped.written == written
    assert reading.note == f"kept as text (as a number: {written})"


@pytest.mark.parametrize(("text", "value"), [("42", 42), ("1.5", 1.5), ("-3", -3), ("-0", -0.0), ("1e-7", 1e-7)])
def test_a_number_that_keeps_its_form_is_a_number(text: str, value: float) -> None:
    reading = read_loose(text)
    assert (reading.value, reading.taken, reading.reshaped) == (value, "number", None)
