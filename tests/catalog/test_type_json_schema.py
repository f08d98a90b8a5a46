"""Type expressions as JSON Schema: the same values pass as with the type checker, within what JSON can say."""

from __future__ import annotations

from typing import Any

import pytest
from jsonschema import Draft202012Validator, FormatChecker

from fwk_tui.catalog.types import parse_type
from fwk_tui.catalog.types.json_schema import CODE_COMMENT, type_schema
from fwk_tui.validate.typecheck import fits

URL = "^[A-Za-z][A-Za-z0-9+.-]*://[^/?#]"
FORMS = [
    ("boolean", {"type": "boolean"}),
    ("integer(1..65535)", {"type": "integer", "minimum": 1, "maximum": 65535}),
    ("number(0.5..)", {"type": "number", "minimum": 0.5}),
    ("date", {"type": "string", "format": "date", "pattern": r"^\d{4}-\d{2}-\d{2}$"}),
    ("url", {"type": "string", "format": "uri", "pattern": URL}),
    ("glob", {"type": "string", "minLength": 1}),
    (
        "'automatic' | 'automatic-immediate' | 'manual' | false",
        {"enum": ["automatic", "automatic-immediate", "manual", False]},
    ),
    ("'info' | 'silent' | string", {"anyOf": [{"type": "string"}, {"enum": ["info", "silent"]}]}),
    ("url | ''", {"anyOf": [{"type": "string", "format": "uri", "pattern": URL}, {"const": ""}]}),
    ("array<string>", {"type": "array", "items": {"type": "string"}}),
    (
        "[string, object]",
        {"type": "array", "prefixItems": [{"type": "string"}, {"type": "object"}], "minItems": 2, "maxItems": 2},
    ),
    ("record<boolean>", {"type": "object", "additionalProperties": {"type": "boolean"}}),
    ("record<any>", {"type": "object"}),
    ("object", {"type": "object"}),
    (
        "{src: path, mode?: 'client' | 'server'}",
        {
            "type": "object",
            "properties": {"src": {"type": "string"}, "mode": {"enum": ["client", "server"]}},
            "required": ["src"],
            "additionalProperties": False,
        },
    ),
    ("{id?: string, ...}", {"type": "object", "properties": {"id": {"type": "string"}}}),
    ("string | function", {"type": "string"}),
    ("function", {"$comment": CODE_COMMENT, "not": {}}),
    ("any", {}),
]


@pytest.mark.parametrize(("text", "expected"), FORMS, ids=[t for t, _ in FORMS])
def test_each_kind_of_type_has_its_json_schema_form(text: str, expected: dict[str, Any]) -> None:
    schema = type_schema(parse_type(text))
    assert schema == expected
    Draft202012Validator.check_schema(schema)


AGREE = [
    ("integer(1..65535)", [3000, 1, 65535, 4000.0], [0, 70000, 3.5, "3000", True, None]),
    ("boolean", [True, False], [0, "true", None]),
    ("'automatic' | 'manual' | false", ["automatic", False], ["Automatic", True, 0, ""]),
    (
        "boolean | {server?: boolean | 'hidden', client?: boolean | 'hidden'}",
        [True, {"server": "hidden"}],
        [{"server": "no"}, "hidden"],
    ),
    ("array<string | {src: path}>", [["a", {"src": "b"}], []], [[{"mode": "x"}], "a", [1]]),
    ("[string, object]", [["x", {}]], [["x"], ["x", {}, 1], [1, {}]]),
    ("date", ["2025-07-15"], ["15/07/2025", "2025-13-01"]),
    ("url | ''", ["https://cdn.example.com/", ""], ["/relative", "https:/x", "https://", 3]),
    ("glob", ["**/*.ts"], [""]),
    ("source", ["github:org/repo", "../base"], ["", "   "]),
    ("record<array<string>>", [{"view": ["a"]}, {}], [{"view": "a"}, ["a"]]),
]


@pytest.mark.parametrize(("text", "good", "bad"), AGREE, ids=[t for t, _, _ in AGREE])
def test_the_schema_and_the_type_checker_take_the_same_values(text: str, good: list[Any], bad: list[Any]) -> None:
    type_ = parse_type(text)
    validator = Draft202012Validator(type_schema(type_), format_checker=FormatChecker())
    for value in good:
        assert fits(type_, value), value
        assert validator.is_valid(value), value
    for value in bad:
        assert not fits(type_, value), value
        assert not validator.is_valid(value), value
