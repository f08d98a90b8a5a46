"""The task index: what people want to do, as they ask it, answered by options; searched with the options."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from fwk_tui.catalog import load_catalog
from fwk_tui.catalog.cache import decode, encode
from fwk_tui.catalog.models import Catalog, Task
from fwk_tui.catalog.search import SearchIndex

from .test_search_questions import answered, questions

QUESTIONS = Path(__file__).parent / "data" / "task_questions.txt"


def task_questions() -> list[tuple[str, tuple[str, ...]]]:
    return questions(QUESTIONS)


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog()


@pytest.fixture(scope="module")
def index(catalog: Catalog) -> SearchIndex:
    return SearchIndex(catalog)


def _words(text: str) -> str:
    return " ".join(text.replace("`", "").lower().split())


def test_there_are_enough_tasks_each_named_once_with_options_of_the_catalogue(catalog: Catalog) -> None:
    assert len(catalog.tasks) >= 150
    names = [t.task for t in catalog.tasks]
    assert len(set(names)) == len(names)
    for task in catalog.tasks:
        assert task.options and all(catalog.get(p) is not None for p in task.options), task.task
        assert "\n" not in task.how and len(task.how) <= 200, task.task


def test_every_task_rests_on_the_references_own_words(catalog: Catalog) -> None:
    from .reference import reference_text

    reference = _words(reference_text())
    unfounded = [(t.task, q) for t in catalog.tasks for q in t.source if _words(q) not in reference]
    assert not unfounded, unfounded
    assert all(len(q.split()) >= 4 for t in catalog.tasks for q in t.source)


def test_a_task_naming_an_option_the_catalogue_lacks_stops_the_compile(tmp_path: Path) -> None:
    from fwk_tui.catalog.loader import CatalogError, compile_catalog, data_dir

    for f in data_dir().glob("*.yaml"):
        if f.name != "tasks.yaml":
            (tmp_path / f.name).write_bytes(f.read_bytes())
    (tmp_path / "tasks.yaml").write_text(
        "tasks:\n  - task: do a thing\n    options: [devServer.prot]\n    how: Set it.\n    source: [a b c d]\n"
    )
    with pytest.raises(CatalogError, match=r"devServer\.prot"):
        compile_catalog(tmp_path)


def test_the_tasks_are_kept_in_the_compiled_catalogue(catalog: Catalog) -> None:
    again = decode(encode(catalog))
    assert again.tasks == catalog.tasks and again == catalog


def test_nine_task_questions_in_ten_find_their_option_in_the_top_three(index: SearchIndex) -> None:
    """Questions written from how people ask in issues and forums (brand words renamed), not from the index."""
    misses = []
    qs = task_questions()
    assert len(qs) >= 120
    for query, expected in qs:
        top = index.search(query, limit=3, variant="A")
        if not answered([p for h in top for p in h.paths], expected):
            got = [f"task {h.task.task!r}" if h.task else h.path for h in top]
            misses.append(f"{query!r}: wanted {', '.join(expected)}; got {', '.join(got) or 'nothing'}")
    rate = 1 - len(misses) / len(qs)
    assert rate >= 0.9, f"top-3 rate {rate:.0%}; misses:\n" + "\n".join(misses)


@pytest.mark.parametrize(
    ("query", "option"),
    [
        ("proxy api calls in development", "routeRules"),
        ("redirect an old url to a new one", "routeRules"),
        ("single page app", "ssr"),
        ("serverside rendering off", "ssr"),
        ("where does the app code go", "srcDir"),
        ("run code when the build finishes", "hooks"),
        ("make the site static", "ssr"),
        ("prerender pages at build time", "routeRules"),
    ],
)
def test_the_issues_questions_find_a_task_answering_them(index: SearchIndex, query: str, option: str) -> None:
    top = index.search(query, limit=3, variant="A")
    tasks = [h.task for h in top if h.task is not None]
    assert tasks, [h.path for h in top]
    assert any(option in t.options for t in tasks) or option in [h.path for h in top], [
        (h.task.task if h.task else h.path) for h in top
    ]


def test_a_task_says_how_its_options_combine(index: SearchIndex) -> None:
    hit = next(h for h in index.search("build a static site", limit=5) if h.task is not None)
    assert len(hit.task.options) >= 2 and hit.task.how
    assert hit.path == hit.task.options[0] and hit.paths == hit.task.options


def test_nothing_good_is_said_and_the_closest_tasks_offered(index: SearchIndex) -> None:
    for query in ("xyzzy frobnicate", "cook dinner tonight", "qwertyuiop"):
        assert index.search(query) == [], query
    closest = index.closest_tasks("make my site statik")
    assert closest and all(isinstance(t, Task) for t in closest)
    assert any("static" in t.task or any("static" in a for a in t.asks) for t in closest)


@pytest.mark.parametrize(
    "query",
    [
        "my site is slow",
        "it is slow on my phone",
        "speed up my site",
        "make my site better",
        "improve performance",
        "something went wrong",
        "everything is broken after the update",
        "it looks wrong",
        "deployment fails",
        "users complain",
    ],
)
def test_a_vague_question_is_told_nothing_is_a_good_match_and_offered_the_closest_tasks(
    index: SearchIndex, query: str
) -> None:
    # Its results would each share a word of prose with it (`slow` in a task about profiling the build, `site` in
    # one about static sites), none a name of the catalogue or all its words.
    assert index.search(query, variant="A") == [], [h.task.task if h.task else h.path for h in index.search(query)]
    assert index.closest_tasks(query)


@pytest.mark.parametrize(
    ("query", "option"),
    [
        ("remove telemetry", "telemetry"),  # `remove` is prose, `telemetry` a name
        ("ssl certificate", "devServer.https"),  # a word of the synonym table
        ("it is too slow", "experimental.watcher"),  # a task holding all its words: `watcher too slow`
    ],
)
def test_a_question_naming_a_subject_of_the_catalogue_is_answered(index: SearchIndex, query: str, option: str) -> None:
    assert option in [p for h in index.search(query, limit=3, variant="A") for p in h.paths]


def test_far_below_the_best_results_are_not_shown(index: SearchIndex) -> None:
    hits = index.search("change the dev server port", limit=50)
    assert "devServer.port" in hits[0].paths
    # Each result is about the dev server: none shares only `change` with the question.
    assert all(any(p.startswith("devServer") for p in h.paths) or "dev" in h.excerpt.lower() for h in hits)
    assert len(hits) < 20


def test_in_a_variant_a_file_options_of_b_only_rank_below(index: SearchIndex, catalog: Catalog) -> None:
    query = "view transition"  # app.viewTransition (both) and experimental.viewTransition (B only) alike
    b_only = "experimental.viewTransition"
    assert catalog.get(b_only) is not None and catalog.get(b_only).variants == ("B",)
    in_a = [h.path for h in index.search(query, limit=10, variant="A", tasks=False)]
    in_b = [h.path for h in index.search(query, limit=10, variant="B", tasks=False)]
    assert in_a.index(b_only) > in_a.index("app.viewTransition")
    assert in_b.index(b_only) <= in_a.index(b_only)


def test_an_option_named_by_the_question_comes_before_the_task(index: SearchIndex) -> None:
    assert index.search("turn off ssr", limit=3)[0].path == "ssr"
    assert index.search("ssr", limit=3)[0].task is None


@pytest.mark.parametrize("question", [q for q, _ in task_questions()[:40]])
def test_a_task_hit_marks_the_words_of_its_line(index: SearchIndex, question: str) -> None:
    for hit in index.search(question, limit=5):
        if hit.task is not None:
            assert hit.excerpt == hit.task.how
            for a, b in hit.excerpt_spans:
                assert re.fullmatch(r"[\w.\-#@~/$]+", hit.excerpt[a:b]), (hit.excerpt, a, b)
