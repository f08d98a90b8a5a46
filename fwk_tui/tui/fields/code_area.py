"""A TextArea for TypeScript: tree-sitter highlighting with the queries the packages ship."""

from __future__ import annotations

from functools import lru_cache
from importlib.resources import files
from typing import Any

import tree_sitter_typescript
from rich.text import Text
from textual.content import Content
from textual.document import _document
from textual.widgets import TextArea, _text_area
from textual.widgets.text_area import EditResult, Location
from tree_sitter import Language, Query

from fwk_tui.tui.messages import Sent
from fwk_tui.tui.widgets.ordered_keys import OrderedKeys
from fwk_tui.tui.widgets.safe_input import MAX_TYPED, visible

LANGUAGE_NAME = "typescript"


@lru_cache(maxsize=1)
def typescript_language() -> Language:
    return Language(tree_sitter_typescript.language_typescript())


@lru_cache(maxsize=1)
def highlight_query_text() -> str:
    """Textual's JavaScript query, then the TypeScript additions of tree-sitter-typescript.

    tree-sitter-typescript's ``highlights.scm`` holds only what TypeScript adds
    (types, ``interface``, ``satisfies``...): its grammar inherits the
    JavaScript one, and so must its query. Textual ships that JavaScript query.
    """
    try:
        javascript = (files("textual") / "tree-sitter" / "highlights" / "javascript.scm").read_text()
    except OSError:
        javascript = ""
    return javascript + "\n" + str(tree_sitter_typescript.HIGHLIGHTS_QUERY)


@lru_cache(maxsize=1)
def highlight_query() -> Query:
    """The highlight query, compiled once (compiling it takes ~20 ms; a form may hold several code fields)."""
    return Query(typescript_language(), highlight_query_text())


class CodeArea(OrderedKeys, TextArea):
    """A ``TextArea`` highlighting TypeScript; the compiled query is shared by every instance."""

    DEFAULT_CSS = """
    CodeArea {
        height: auto;
        min-height: 1;
        max-height: 12;
    }
    """

    def __init__(
        self,
        text: str = "",
        *,
        placeholder: str = "",
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(
            text,
            language=None,
            soft_wrap=True,
            tab_behavior="focus",
            show_line_numbers=False,
            compact=True,
            highlight_cursor_line=False,
            placeholder=Content(placeholder),  # literal text, never markup
            id=id,
            classes=classes,
        )
        self._told_full = False
        self.max_length = max(MAX_TYPED, len(text))
        """The most characters typing or a paste makes of the code (the file's own longer text is kept whole)."""
        # An empty query to register the language cheaply; _set_document puts the shared one in.
        self.register_language(LANGUAGE_NAME, typescript_language(), "")
        self.language = LANGUAGE_NAME

    class Full(Sent["CodeArea"]):
        """A key or a paste did not fit: the code holds as many characters as typing may make."""

    def _replace_via_keyboard(self, insert: str, start: Location, end: Location) -> EditResult | None:
        # Each key re-parses and re-highlights the whole code: past the cap a key costs no edit.
        replaced = len(self.document.get_text_range(*sorted((start, end))))
        room = self.max_length - (len(self.document.text) - replaced)
        if len(insert) > room:
            insert = insert[: max(room, 0)]
            if not self._told_full:  # once: a paste typed as keys would post a message per key
                self._told_full = True
                self.post_message(self.Full(self))
            if not insert and not replaced:
                return None
        return super()._replace_via_keyboard(insert, start, end)

    def edit(self, edit: Any) -> EditResult:
        result = super().edit(edit)
        if self._told_full and len(self.document.text) < self.max_length:
            self._told_full = False
        # Textual caches the bytes of the last 1,024 line texts and the byte offsets of the last 128: with each
        # key making a new version of a long line, those caches grew with the line's length times the keys.
        _text_area.build_byte_to_codepoint_dict.cache_clear()
        _document._utf8_encode.cache_clear()
        return result

    def get_line(self, line_index: int) -> Text:
        # Escape sequences and bidirectional overrides in the code must not reach the terminal.
        line = self.document.get_line(line_index)
        shown = visible(line)
        text = Text(shown, end="", no_wrap=True)
        if shown != line:
            for i, (a, b) in enumerate(zip(line, shown, strict=True)):
                if a != b:
                    text.stylize("reverse", i, i + 1)
        return text

    def _set_document(self, text: str, language: str | None) -> None:
        super()._set_document(text, language)
        self.max_length = max(getattr(self, "max_length", MAX_TYPED), len(text))  # the file's own text, kept whole
        if language == LANGUAGE_NAME and self._highlight_query is not None:
            self._highlight_query = highlight_query()
            self._build_highlight_map()
