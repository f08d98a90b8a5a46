"""Fuzzy search: what a person typing a few letters expects to see first."""

from __future__ import annotations

import pytest

from fwk_tui.catalog import load_catalog
from fwk_tui.catalog.search import SearchIndex


@pytest.fixture(scope="module")
def index() -> SearchIndex:
    return SearchIndex(load_catalog())


def _top(index: SearchIndex, query: str, n: int = 1) -> list[str]:
    return [h.option.path for h in index.search(query, limit=n)]


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("devServer.port", "devServer.port"),
        ("port", "devServer.port"),
        ("base url", "app.baseURL"),
        ("basurl", "app.baseURL"),  # a typo
        ("bdir", "buildDir"),  # letters in order
        ("typedpages", "experimental.typedPages"),
        ("unhead", "headmgr"),  # an alias
        ("chunk error", "experimental.emitRouteChunkError"),
    ],
)
def test_the_expected_option_comes_first(index: SearchIndex, query: str, expected: str) -> None:
    assert _top(index, query) == [expected]


def test_docs_are_searched_but_rank_below_names(index: SearchIndex) -> None:
    hits = index.search("hydration")
    assert hits and hits[0].option.path == "experimental.lazyHydration"
    assert any(h.field == "doc" for h in hits)


def test_nonsense_finds_nothing_and_blank_finds_everything(index: SearchIndex) -> None:
    assert index.search("zzqqxx") == []
    assert len(index.search("", limit=1000)) == len(load_catalog().options)
