"""Helpers for the tests of the language server's knowledge: texts with a cursor, positions, a catalogue."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from lsprotocol.types import Position

from fwk_tui.catalog import Catalog, load_catalog
from fwk_tui.catalog.models import Variant
from fwk_tui.lsp.knowledge import Knowledge
from fwk_tui.source import ConfigDocument, ParseError

CURSOR = "|"
PROJECTS = Path(__file__).resolve().parents[1] / "resolve" / "projects"


@cache
def catalog() -> Catalog:
    return load_catalog()


def knowledge(variant: Variant = "A") -> Knowledge:
    return Knowledge(catalog(), variant)


def config_text(body: str) -> str:
    return f"export default defineFwkConfig({{\n{body}\n}})\n"


def with_cursor(marked: str) -> tuple[str, int]:
    """The text without its one ``|``, and where it was."""
    assert marked.count(CURSOR) == 1, marked
    offset = marked.index(CURSOR)
    return marked.replace(CURSOR, ""), offset


def document_or_none(text: str) -> ConfigDocument | None:
    """The document of ``text``, or None when it does not parse (the user is typing)."""
    try:
        return ConfigDocument.parse(text)
    except ParseError:
        return None


def position_in(text: str):  # type: ignore[no-untyped-def]
    """A converter of offsets into ``text`` to LSP positions (by characters: the tests' texts are ASCII or BMP)."""

    def to_position(offset: int) -> Position:
        line = text.count("\n", 0, offset)
        return Position(line, offset - (text.rfind("\n", 0, offset) + 1))

    return to_position
