"""Search on questions a user would type: the right option in the top 3 for nine questions in ten."""

from __future__ import annotations

from pathlib import Path

import pytest

from fwk_tui.catalog import load_catalog
from fwk_tui.catalog.search import SearchIndex

QUESTIONS = Path(__file__).parent / "data" / "search_questions.txt"


def questions(file: Path = QUESTIONS) -> list[tuple[str, tuple[str, ...]]]:
    """``question | expected path, ...`` lines of ``file`` (comments and blank lines skipped)."""
    out = []
    for line in file.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            query, _, expected = line.partition("|")
            out.append((query.strip(), tuple(p.strip() for p in expected.split(","))))
    return out


def answered(paths: list[str], expected: tuple[str, ...]) -> bool:
    return any(p == e or (e.endswith("*") and p.startswith(e[:-1])) for p in paths for e in expected)


@pytest.fixture(scope="module")
def index() -> SearchIndex:
    return SearchIndex(load_catalog())


def test_the_question_set_is_large_and_names_real_options() -> None:
    catalog = load_catalog()
    qs = questions()
    assert len(qs) >= 60
    for _, expected in qs:
        # app.head.title and its siblings are accepted alongside app.head until the catalogue types them.
        known = [e for e in expected if e.endswith("*") or catalog.get(e) is not None]
        assert known, expected


def test_nine_questions_in_ten_find_their_option_in_the_top_three(index: SearchIndex) -> None:
    misses = []
    qs = questions()
    for query, expected in qs:
        top = [h.path for h in index.search(query, limit=3)]
        if not answered(top, expected):
            misses.append(f"{query!r}: wanted {', '.join(expected)}; got {', '.join(top) or 'nothing'}")
    rate = 1 - len(misses) / len(qs)
    assert rate >= 0.9, f"top-3 rate {rate:.0%}; misses:\n" + "\n".join(misses)


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("serve assets from a CDN", ("app.cdnURL",)),
        ("assets cdn", ("app.cdnURL",)),
        # the catalogue may type the head's fields (app.head.title); until then app.head answers
        ("head title", ("app.head.title", "app.head")),
        ("turn off ssr", ("ssr",)),
    ],
)
def test_the_issues_examples_are_in_the_top_three(index: SearchIndex, query: str, expected: tuple[str, ...]) -> None:
    assert answered([h.path for h in index.search(query, limit=3)], expected)
