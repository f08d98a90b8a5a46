"""Type expressions: the grammar the catalogue writes types in."""

from __future__ import annotations

import pytest

from fwk_tui.catalog.types import (
    ArrayType,
    LiteralType,
    NumType,
    ObjectType,
    StrType,
    TypeSyntaxError,
    UnionType,
    describe,
    literal_values,
    parse_type,
    render,
)

ROUND_TRIP = [
    "boolean",
    "integer(1..65535)",
    "number(0..)",
    "'automatic' | 'automatic-immediate' | 'manual' | false",
    "array<string | regex>",
    "record<array<string>>",
    "{src: path, mode?: 'client' | 'server'}",
    "boolean | {server?: boolean | 'hidden', client?: boolean | 'hidden'}",
    "[string, object]",
    "{id?: string, ...}",
    "{'#app'?: array<string>}",
    "url | ''",
    "function",
    "code",
    "any",
]


@pytest.mark.parametrize("text", ROUND_TRIP)
def test_render_gives_back_the_text_and_the_same_type(text: str) -> None:
    node = parse_type(text)
    assert render(node) == text
    assert parse_type(render(node)) == node


def test_the_parsed_shape_is_what_the_text_says() -> None:
    port = parse_type("integer(1..65535)")
    assert isinstance(port, NumType) and port.integer and (port.min, port.max) == (1, 65535)
    plugins = parse_type("array<path | {src: path, mode?: 'client' | 'server'}>")
    assert isinstance(plugins, ArrayType) and isinstance(plugins.item, UnionType)
    obj = plugins.item.options[1]
    assert isinstance(obj, ObjectType) and not obj.open
    mode = obj.field("mode")
    assert mode is not None and mode.optional and literal_values(mode.type) == ["client", "server"]
    assert isinstance(parse_type("string[]"), ArrayType)
    assert parse_type("date") == StrType(format="date")
    assert parse_type("3 | 4") == UnionType(options=(LiteralType(value=3), LiteralType(value=4)))


@pytest.mark.parametrize("bad", ["", "array<string", "integer(1..", "{a string}", "strng", "boolean |", "'x' 'y'"])
def test_malformed_types_are_refused(bad: str) -> None:
    with pytest.raises(TypeSyntaxError):
        parse_type(bad)


def test_describe_reads_like_prose() -> None:
    assert describe(parse_type("array<glob>")) == "list of glob pattern"
    assert describe(parse_type("boolean | 'build'")) == "boolean or 'build'"
