"""Fuzzy search: what a person typing a few letters expects to see first."""

from __future__ import annotations

import pytest

from fwk_tui.catalog import load_catalog
from fwk_tui.catalog.search import SearchIndex
from fwk_tui.catalog.search_words import GROUP_LINKS


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


# --- words: forms, synonyms, typos, questions --------------------------------------------


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("page transitions", "app.pageTransition"),  # a plural finds the singular of the name
        ("minified css", "cssproc.plugins.cssminifier"),  # a form of the word (minify)
        ("serving static files", "dir.public"),  # serving ~ served, static files ~ public
        ("server side rendering", "ssr"),  # a phrase of the synonym table
        ("universal rendering", "ssr"),
        ("content delivery network", "app.cdnURL"),
        ("subfolder", "app.baseURL"),
        ("ssl certificate", "devServer.https"),
        ("trasnition between layouts", "app.layoutTransition"),  # a slip in one word
        ("cnd", "app.cdnURL"),  # two letters swapped in a word of three
    ],
)
def test_words_are_understood(index: SearchIndex, query: str, expected: str) -> None:
    assert expected in _top(index, query, 3)


def test_the_option_covering_most_of_the_question_comes_first(index: SearchIndex) -> None:
    # `chunk` alone is in many names; `chunk` and `error` together in one.
    assert _top(index, "what happens on a chunk error") == ["experimental.emitRouteChunkError"]


def test_stop_words_do_not_match_and_rare_words_outweigh_common_ones(index: SearchIndex) -> None:
    # `the`, `of`, `a` are in nearly every doc: the question is decided by `cdn`.
    assert _top(index, "the cdn of a site") == ["app.cdnURL"]
    # The letters of `cdn` scattered in a long name no longer match it.
    assert "experimental.checkOutdatedBuildInterval" not in _top(index, "cdn", 50)


def test_an_exact_key_comes_first_even_inside_a_question(index: SearchIndex) -> None:
    assert _top(index, "turn off ssr") == ["ssr"]
    assert _top(index, "telemetry") == ["telemetry"]


def test_a_half_typed_last_word_finds_names_while_typing(index: SearchIndex) -> None:
    assert "app.cdnURL" in _top(index, "serve assets from a cd", 3)
    assert _top(index, "devServer.po") == ["devServer.port"]


def test_hits_say_which_words_matched_and_where(index: SearchIndex) -> None:
    hit = index.search("serve assets from a CDN", limit=1, tasks=False)[0]
    assert hit.path == "app.cdnURL"
    assert "cdn" in hit.words and "serve" in hit.words and "assets" in hit.words and "from" not in hit.words
    assert [hit.path[a:b] for a, b in hit.path_spans] == ["cdn"]
    assert hit.excerpt.startswith("An absolute URL")
    # Forms of `serve`, and the public folder, where static assets are served from.
    assert [hit.excerpt[a:b] for a, b in hit.excerpt_spans] == ["public", "folder", "served", "serves"]


def test_groups_sharing_a_phrase_find_each_other() -> None:
    # `static assets` is a phrase of both the assets and the public folder groups.
    assert "~public" in GROUP_LINKS["~asset"] and "~asset" in GROUP_LINKS["~public"]


def test_the_excerpt_is_cut_around_the_first_matched_word_far_into_the_doc(index: SearchIndex) -> None:
    hit = next(h for h in index.search("static single page app", limit=30, tasks=False) if h.path == "server.builder")
    assert hit.excerpt.startswith("…") and len(hit.excerpt) < len(hit.option.doc)  # type: ignore[union-attr]
    marked = [hit.excerpt[a:b].lower() for a, b in hit.excerpt_spans]
    assert "static" in marked


def test_keys_of_the_users_file_are_ranked_among_the_options(index: SearchIndex) -> None:
    extra = [("content.highlight", ""), ("content.highlight.theme", ""), ("ssrr", "")]
    hits = index.search("hihglight", extra=extra)  # a typo of a key only the file has
    assert hits[0].path == "content.highlight" and hits[0].option is None and hits[0].field == "file"
    assert [hits[0].path[a:b] for a, b in hits[0].path_spans] == ["highlight"]
    # An option named exactly as typed still comes before a file key that starts with it.
    assert [h.path for h in index.search("ssr", extra=extra)][:2] == ["ssr", "ssrr"]
    assert index.search("ssrr", extra=extra)[0].path == "ssrr"
    # The catalogue alone knows nothing of them.
    assert all(h.option is not None for h in index.search("highlight"))


def test_an_exact_path_beats_an_option_whose_key_is_the_same(index: SearchIndex) -> None:
    assert _top(index, "modules", 2) == ["modules", "dir.modules"]
    assert _top(index, "dir.modules") == ["dir.modules"]


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        # css, wbuild.filenames.css and wbuild.loaders.css share the key: the question did not name wbuild
        ("where do i put my css", "css"),
        ("add css", "css"),
        ("my routeRules", "routeRules"),  # not srv.routeRules
        ("runtime config", "runtimeConfig"),
        ("my plugins", "plugins"),
        # `where` asks for a folder: the dir option is asked for
        ("where are my plugins", "dir.plugins"),
        ("where do i put my pages", "dir.pages"),
    ],
)
def test_a_word_shared_by_keys_finds_the_option_it_names_not_one_under_parents_not_asked_for(
    index: SearchIndex, query: str, expected: str
) -> None:
    assert index.search(query, limit=1, tasks=False)[0].path == expected


def test_only_a_key_asked_for_wholly_is_helped_by_having_no_parents(index: SearchIndex) -> None:
    # `alias` holds `variant` in its doc only: being top-level does not lift it among the results.
    assert "alias" not in [h.path for h in index.search("switch to variant", tasks=False)]
    # ignorePrefix holds half its key (`prefix`): cssproc.plugins.prefixer, its whole key asked for, stays first.
    assert _top(index, "configure autoprefixer and cssnano options") == ["cssproc.plugins.prefixer"]


@pytest.mark.parametrize(
    ("query", "expected", "n"),
    [
        ("app.", "app.", 3),  # a path being typed lists what is under it
        ("app.b", "app.b", 2),
        ("devServer.", "devServer.", 3),
        ("#sh", "alias.#shared", 1),  # a key with signs, as written
    ],
)
def test_a_path_or_key_typed_as_written_lists_what_starts_so(
    index: SearchIndex, query: str, expected: str, n: int
) -> None:
    assert all(path.startswith(expected) for path in _top(index, query, n))


@pytest.mark.parametrize(
    "query", ["serverside rendering off", "turn off serverside rendering", "disable serverside render"]
)
def test_words_run_together_are_the_phrase_written_spaced(index: SearchIndex, query: str) -> None:
    # The synonym table writes `server side rendering`; people also write it solid. The solid word found a head
    # manager task by `rendered` and `ssr` inside renderSSRHeadOptions, above ssr.
    assert _top(index, query) == ["ssr"]
    assert _top(index, query.replace("serverside", "server side")) == ["ssr"]
