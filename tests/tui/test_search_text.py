"""How a search hit is drawn: matched words styled, user and doc text never read as markup."""

from __future__ import annotations

from textual.content import Content

from fwk_tui.catalog import load_catalog
from fwk_tui.catalog.search import SearchIndex
from fwk_tui.tui.editor.commands import help_markup
from fwk_tui.tui.screens.search import MATCH, hit_excerpt, hit_path

INDEX = SearchIndex(load_catalog())


def _styled(text: object) -> list[str]:
    return [text.plain[s.start : s.end] for s in text.spans if MATCH in str(s.style)]  # type: ignore[attr-defined]


def test_the_path_and_the_excerpt_highlight_the_matched_words() -> None:
    hit = INDEX.search("serve assets from a cdn", limit=1, tasks=False)[0]
    assert _styled(hit_path(hit)) == ["cdn"]
    excerpt = hit_excerpt(hit, 60)
    assert "served" in _styled(excerpt) and excerpt.cell_len <= 60 and excerpt.plain.endswith("…")


def test_markup_in_a_key_of_the_file_is_shown_as_written() -> None:
    hit = INDEX.search("bold", extra=[("content[bold].x", "[red]value[/red]")])[0]
    assert hit_path(hit).plain == "content[bold].x"
    assert "[red]value[/red]" in hit_excerpt(hit, 80).plain


def test_the_palettes_help_escapes_the_doc_and_underlines_the_matched_words() -> None:
    hit = next(h for h in INDEX.search("chunk file name", limit=10, tasks=False) if h.path == "wbuild.filenames.chunk")
    markup = help_markup(hit, width=200)
    content = Content.from_markup(markup)
    assert content.plain == hit.excerpt and "[name].js" in content.plain  # brackets of the doc kept
    underlined = [content.plain[s.start : s.end] for s in content.spans if str(s.style) in ("u", "underline")]
    assert "chunks" in underlined
    # On a narrow palette the line is cut at a word, and the words kept are still underlined.
    cut = Content.from_markup(help_markup(hit, width=40))
    kept = cut.plain[:-1]
    assert cut.plain.endswith("…") and len(cut.plain) <= 40 and hit.excerpt.startswith(kept)
    assert not hit.excerpt[len(kept)].isalnum()  # not mid-word
