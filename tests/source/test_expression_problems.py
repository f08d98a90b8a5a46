"""A typed value that does not read: the problem in the text as typed, never the parentheses it is parsed in."""

from __future__ import annotations

import pytest

from fwk_tui.source import (
    ConfigDocument,
    ExpressionError,
    ParseError,
    Problem,
    check_expression,
    find_problem,
    read_expression,
)

UNREADABLE = ["/api", "'x", "http://x.com", "{a: 'x}", "[1,", "foo bar", "{a: }", "", "1 +", "  /api", "it's", "@x"]


def _error(text: str) -> ParseError:
    with pytest.raises(ParseError) as caught:
        check_expression(text)
    with pytest.raises(ParseError) as read:
        read_expression(text)
    assert str(read.value) == str(caught.value)  # both say the same
    return caught.value


@pytest.mark.parametrize("text", UNREADABLE)
def test_no_message_names_the_wrapper(text: str) -> None:
    error = _error(text)
    assert "`(`" not in str(error) and "`)`" not in str(error)
    assert isinstance(error, ExpressionError) and error.text == text


@pytest.mark.parametrize("text", [t for t in UNREADABLE if t.strip()])
def test_the_position_is_in_the_text_as_typed(text: str) -> None:
    error = _error(text)
    assert error.line == 1
    assert 1 <= error.column <= len(text) + 1
    assert error.frame.startswith(f"   1 | {text}\n")


@pytest.mark.parametrize(
    ("text", "column", "message"),
    [
        ("/api", 1, "syntax error: `/` starts a regular expression here, and it is not closed"),
        ("  /api", 3, "syntax error: `/` starts a regular expression here, and it is not closed"),
        ("'x", 1, "syntax error: the string that starts here is not closed with '"),
        ("{a: 'x}", 5, "syntax error: the string that starts here is not closed with '"),
        ("[1,", 1, "syntax error: the `[` here is not closed with `]`"),
        ("foo bar", 5, "syntax error: unexpected `bar`"),
        ("http://x.com", 5, "syntax error: unexpected `:`"),
        ("{a: }", 4, "syntax error: missing the value of `a`"),
        ("1 +", 4, "syntax error: a value is missing here"),
        ("{a: 1,,}", 7, "syntax error: unexpected `,`"),
        ("x.y(", 4, "syntax error: the `(` here is not closed with `)`"),
    ],
)
def test_messages_and_columns(text: str, column: int, message: str) -> None:
    error = _error(text)
    assert (error.line, error.column) == (1, column)
    assert error.message.startswith(message)


@pytest.mark.parametrize(
    ("text", "quoted"),
    [("/api", "'/api'"), ("http://x.com", "'http://x.com'"), ("foo bar", "'foo bar'"), ("  /api", "'/api'")],
)
def test_a_bare_word_or_path_is_told_to_be_quoted(text: str, quoted: str) -> None:
    error = _error(text)
    assert error.message.endswith(f" (a string needs quotes: {quoted})")
    assert read_expression(quoted) == text.strip()  # the advice reads back as the text


@pytest.mark.parametrize("text", ["'x", "{a: 'x}", "[1,", "{a: }", "1 +", "1 2", ""])
def test_other_text_is_not_told_to_be_quoted(text: str) -> None:
    assert "needs quotes" not in _error(text).message


def test_an_empty_text_has_no_position() -> None:
    error = _error("   ")
    assert (error.line, error.column, error.message) == (0, 0, "it is empty")
    assert str(error) == "<code>: it is empty"


def test_a_parenthesis_the_user_typed_may_be_named() -> None:
    error = _error("(1")
    assert error.message == "syntax error: the `(` here is not closed with `)`"
    assert (error.line, error.column) == (1, 1)


def test_lines_and_columns_are_those_of_the_text_with_its_leading_lines() -> None:
    error = _error("\n\n  (d) => {\n  return d +\n}")
    assert (error.line, error.column, error.message) == (4, 3, "syntax error: unexpected `return`")


def test_messages_without_a_place_stay() -> None:
    assert _error("1 // c").message == "the expression ends in a // comment; remove it or use /* */"
    assert _error("a, b").message == "it is more than one expression; a list is written [a, b]"


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("'/api'", "/api"),
        ("  'x'  ", "x"),
        ("{a: 'x'}", {"a": "x"}),
        ("[1, 2]", [1, 2]),
        ("1 + 2", None),
        ("'http://x.com'", "http://x.com"),
        ('"foo bar"', "foo bar"),
        ("/api/", None),
    ],
)
def test_valid_text_still_reads(text: str, value: object) -> None:
    assert check_expression(text) == text.strip()
    read = read_expression(text)
    if value is not None:
        assert read == value


def test_find_problem_gives_back_the_engines_problem() -> None:
    with pytest.raises(ParseError) as caught:
        read_expression("foo bar")
    problem = find_problem("foo bar", caught.value)
    assert problem == Problem("unexpected `bar`", 4, hint="a string needs quotes: 'foo bar'")
    assert isinstance(caught.value, ExpressionError) and caught.value.problem == problem


def test_set_code_says_the_problem_in_the_code_as_typed() -> None:
    with pytest.raises(ParseError) as caught:
        ConfigDocument.new().set_code("hooks.close", "() => {")
    assert caught.value.message == "syntax error: the `{` here is not closed with `}`"
    assert (caught.value.line, caught.value.column) == (1, 7)
