"""Command palette provider: every option of the catalogue, found by the search engine, to jump to its field."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from textual.command import Hit, Hits, Provider
from textual.markup import escape

if TYPE_CHECKING:
    from fwk_tui.catalog.search import Hit as SearchHit
    from fwk_tui.tui.editor import EditorApp

PALETTE_LIMIT = 30


class OptionsProvider(Provider):
    """``app.baseURL`` and every other option, ranked by the words typed as in search; Enter goes there."""

    async def search(self, query: str) -> Hits:
        from fwk_tui.tui.screens.search import hit_path

        app: EditorApp = self.app  # type: ignore[assignment]
        hits = app.search_index.search(query, limit=PALETTE_LIMIT)
        for rank, hit in enumerate(hits):
            # The palette orders by score in [0, 1]: keep the engine's order.
            score = 1.0 - rank / (PALETTE_LIMIT + 1)
            yield Hit(score, hit_path(hit, ""), _go(app, hit.path), hit.path, help=help_markup(hit))


def help_markup(hit: SearchHit) -> str:
    """The doc excerpt as markup for the palette's help line: every piece escaped, the matched words underlined."""
    if "\\" in hit.excerpt:  # a backslash before a tag would escape it: no underlining then
        return escape(hit.excerpt)
    out: list[str] = []
    at = 0
    for start, end in hit.excerpt_spans:
        out.append(_literal(hit.excerpt[at:start]))
        out.append(f"[u]{_literal(hit.excerpt[start:end])}[/u]")
        at = end
    out.append(_literal(hit.excerpt[at:]))
    return "".join(out)


def _literal(text: str) -> str:
    # Every bracket escaped: Textual's escape() leaves a lone `[` that a following tag then swallows.
    return text.replace("[", "\\[")


def _go(app: EditorApp, path: str) -> Callable[[], None]:
    def go() -> None:
        app.run_worker(app.go_to(path))

    return go
