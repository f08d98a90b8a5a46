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
