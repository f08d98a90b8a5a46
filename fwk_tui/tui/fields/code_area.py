"""A TextArea for TypeScript: tree-sitter highlighting with the queries the packages ship."""

from __future__ import annotations

from functools import lru_cache
from importlib.resources import files

import tree_sitter_typescript
from rich.text import Text
from textual.content import Content
from textual.widgets import TextArea
from tree_sitter import Language, Query

from fwk_tui.tui.widgets.ordered_keys import OrderedKeys
from fwk_tui.tui.widgets.safe_input import visible

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
        # An empty query to register the language cheaply; _set_document puts the shared one in.
        self.register_language(LANGUAGE_NAME, typescript_language(), "")
        self.language = LANGUAGE_NAME

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
        if language == LANGUAGE_NAME and self._highlight_query is not None:
            self._highlight_query = highlight_query()
            self._build_highlight_map()
