"""A string format is one entry of FORMATS: a new one is read by the type language, checked, described, in the
JSON Schema and in the editor, with nothing else to add."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from fwk_tui.catalog.types import ArrayType, StrType, describe, parse_type
from fwk_tui.catalog.types.formats import FORMATS, StringFormat
from fwk_tui.catalog.types.json_schema import type_schema
from fwk_tui.validate.phrases import phrase
from fwk_tui.validate.typecheck import check_value
from fwk_tui.validate.values import MISSING


def _email_problem(text: str, shown: str) -> str | None:
    return None if "@" in text.strip("@") else f"expected an e-mail address, got {shown}"


EMAIL = StringFormat(
    "email", "e-mail address", "an e-mail address", "e-mail addresses", _email_problem, {"format": "email"},
    "name@example.com", "a@example.com",
)  # fmt: skip


@pytest.fixture
def email() -> Iterator[StringFormat]:
    FORMATS["email"] = EMAIL
    try:
        yield EMAIL
    finally:
        del FORMATS["email"]


def test_a_new_format_is_read_checked_described_and_in_the_schema(email: StringFormat) -> None:
    assert parse_type("email") == StrType("email")
    assert parse_type("array<email>") == ArrayType(StrType("email"))
    assert describe(StrType("email")) == "e-mail address"
    assert check_value(StrType("email"), "a@example.com", ()) == []
    [issue] = check_value(StrType("email"), "nobody", ("contact",))
    assert issue.severity == "error" and issue.message == "expected an e-mail address, got 'nobody'"
    [issue] = check_value(StrType("email"), 5, ("contact",))
    assert issue.message.startswith("expected an e-mail address, got 5")
    assert phrase(ArrayType(StrType("email"))) == "a list of e-mail addresses"
    assert type_schema(StrType("email")) == {"type": "string", "format": "email"}


async def test_the_editor_field_of_a_new_format_shows_its_placeholder(email: StringFormat) -> None:
    from textual.app import App, ComposeResult
    from textual.widgets import Input

    from fwk_tui.tui.fields.registry import editor_for
    from fwk_tui.tui.fields.text import TextEditor

    editor = editor_for("contact", StrType("email"), MISSING)
    assert isinstance(editor, TextEditor)

    class One(App[None]):
        def compose(self) -> ComposeResult:
            yield editor

    async with One().run_test() as pilot:
        await pilot.pause()
        assert pilot.app.query_one(Input).placeholder == "name@example.com"


def test_every_format_is_whole() -> None:
    """Each entry says everything a surface asks (a format added with a gap would fail at run time)."""
    for name, fmt in FORMATS.items():
        assert fmt.name == name and fmt.words and fmt.phrase and fmt.plural, name
        assert parse_type(name) == StrType(name)
        assert describe(StrType(name)) == fmt.words and type_schema(StrType(name))["type"] == "string"
