"""Search over option paths, aliases, group titles, tags and docs, by words, best first.

Each option is indexed once by the words of its fields (the path split at dots
and camelCase, its aliases, its group's title, tags and default values, its
doc), stemmed, with the synonym groups of ``synonyms.py`` added. A query is cut into words, stop
words dropped, and each word matches the index exactly, as a synonym, as the
start of a word (it is still being typed) or, when the index does not know it,
as a near spelling. Options are ranked by how many of the query's words they
cover first, then by a BM25-like weight (rare words and path words count more
than common words and doc words). An exact path, alias or key comes first, and
a query of one word still finds names by their letters (``bdir`` → buildDir).

Tasks (``catalog/tasks.yaml``: what people want to do, as they ask it, and
the options that do it) are entries of the same index, ranked with the
options: a task's words count as a key's, the ways people ask it as aliases.
A result must hold enough of the question's words to be shown (``SURE`` in
``search_rank.py``), and of a question of several words, one result must hold
its subject: all its words, or one as a name of the catalogue (else the results
only share words of prose with it: ``my site is slow``); when none does,
:meth:`SearchIndex.closest_tasks` names the tasks nearest the question. A key under parents the question did not name
ranks below the option that is the word itself (``css`` before
wbuild.filenames.css). In a file of one variant, options of the other rank
below.

The index is ``search_index.py``, the query ``search_query.py``, the ranking
``search_rank.py``. The engine knows nothing of sessions: the file's own keys come in as
``extra`` ``(path, text)`` pairs.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from rapidfuzz import fuzz, process

from fwk_tui.catalog.models import TAG_TEXT, Catalog, Option, Task, Variant
from fwk_tui.catalog.search_index import Corpus, Entry, Field, Span, make_entry, make_task_entry, tokens_of
from fwk_tui.catalog.search_query import Query, parse_query
from fwk_tui.catalog.search_rank import rank

_EXCERPT = 120  # characters of doc around the first matched word
_BELOW_BEST = 0.45
"""Results of a question scoring less than this share of the best are not shown."""


@dataclass(frozen=True)
class Hit:
    """One search result: the option (``None`` for a key of the user's file), its score and why it matched.

    ``words`` are the query's words that were found; ``path_spans`` the spans
    of ``path`` to highlight; ``excerpt`` a piece of the doc around its first
    matched word, with ``excerpt_spans`` to highlight in it.
    """

    option: Option | None
    score: float
    field: Field
    path: str = ""
    words: tuple[str, ...] = ()
    path_spans: tuple[Span, ...] = ()
    excerpt: str = ""
    excerpt_spans: tuple[Span, ...] = ()
    task: Task | None = None
    """A task found: ``path`` is its main option, ``excerpt`` its line of how."""

    def __post_init__(self) -> None:
        if not self.path and self.option is not None:
            object.__setattr__(self, "path", self.option.path)

    @property
    def paths(self) -> tuple[str, ...]:
        """The options this result answers with: a task's, else its own path."""
        return self.task.options if self.task is not None else (self.path,)


class SearchIndex:
    """Ranks options against a query; build one per catalogue, reuse it for every keystroke."""

    def __init__(self, catalog: Catalog) -> None:
        self._catalog = catalog
        titles = {g.id: g.title for g in catalog.groups}
        entries, fields = [], []
        for o in catalog.options:
            about = " ".join((titles.get(o.group, ""), _tags(o), _defaults(o)))
            entry, f = make_entry(o.path, o, o.aliases, o.doc, about)
            entries.append(entry)
            fields.append(f)
        self._options = len(entries)
        for task in catalog.tasks:
            entry, f = make_task_entry(task, catalog.get(task.options[0]))
            entries.append(entry)
            fields.append(f)
        self._corpus = Corpus(entries, fields, None, len(entries))
        self._task_names = [(name, task) for task in catalog.tasks for name in (task.task, *task.asks)]
        self._extra: tuple[tuple[tuple[str, str], ...], Corpus] | None = None
        self._expand = lru_cache(maxsize=512)(self._corpus.expand)

    def search(
        self,
        query: str,
        limit: int = 50,
        *,
        extra: Sequence[tuple[str, str]] = (),
        variant: Variant | None = None,
        tasks: bool = True,
    ) -> list[Hit]:
        """Options and tasks matching ``query``, best first, those sure enough only; every option when it is blank.

        ``extra``: ``(path, text)`` of keys the catalogue does not know (the
        user's file's own); they are ranked among the options, ``option=None``.
        ``variant``: the file's; options of the other rank below. ``tasks``:
        include tasks (a list of options only, without).
        """
        q = parse_query(query)
        if not q.text:
            return [Hit(e.option, 0.0, "path") for e in self._corpus.entries[: min(limit, self._options)]]
        scored = [s for s in rank(self._corpus, q, self._expand) if s.sure and (tasks or not s.entry.task)]
        if extra:
            corpus = self._extra_corpus(tuple(extra))
            scored += [s for s in rank(corpus, q, corpus.expand) if s.sure]
        if len(q.terms) > 1 and not any(s.subject for s in scored):
            return []  # loose: each result shares a word of prose with the question, none its subject
        if variant is not None:
            scored = [s._replace(score=s.score * _elsewhere(s.entry, variant, self._catalog)) for s in scored]
        # Far below the best found by its words, a result shares a word of a question and answers another (a word
        # alone finds whatever holds it).
        best = max((s.score for s in scored if not s.named), default=0.0)
        floor = best * _BELOW_BEST if len(q.terms) > 1 else 0.0
        scored = [s for s in scored if s.named or s.score >= floor]
        scored.sort(key=lambda s: (-s.score, s.entry.task is not None, len(s.entry.path)))
        return [_hit(s.entry, s.score, s.matched, q) for s in scored[:limit]]

    def closest_tasks(self, query: str, limit: int = 3) -> list[Task]:
        """The tasks whose words are nearest ``query`` (offered when no result is sure enough)."""
        text = " ".join(query.lower().split())
        if not text or not self._task_names:
            return []
        found = process.extract(
            text, [n for n, _ in self._task_names], scorer=fuzz.token_set_ratio, limit=limit * 4, score_cutoff=40
        )
        out: list[Task] = []
        for _, _, i in found:
            task = self._task_names[i][1]
            if task not in out:
                out.append(task)
        return out[:limit]

    def _extra_corpus(self, extra: tuple[tuple[str, str], ...]) -> Corpus:
        if self._extra is None or self._extra[0] != extra:
            entries, fields = [], []
            for path, text in extra:
                entry, f = make_entry(path, None, (), text, "")
                entries.append(entry)
                fields.append(f)
            # Rare words are those rare in the catalogue; a word only the file has is rarest.
            self._extra = (extra, Corpus(entries, fields, self._corpus.df, self._corpus.n))
        return self._extra[1]


def _elsewhere(entry: Entry, variant: Variant, catalog: Catalog) -> float:
    """1, or less for an entry of the other variant only (a task: when none of its options is in ``variant``)."""
    if entry.task is not None:
        options = [catalog.get(p) for p in entry.task.options]
        return 1.0 if any(o is None or variant in o.variants for o in options) else 0.5
    if entry.option is None or variant in entry.option.variants:
        return 1.0
    return 0.5


def _tags(o: Option) -> str:
    return " ".join(TAG_TEXT.get(t, t) for t in o.tags)


def _defaults(o: Option) -> str:
    """The option's default values as words (`.fwk` finds buildDir, `3000` the port)."""
    values = {d.value for d in o.defaults.values() if d.kind == "value" and isinstance(d.value, str | int)}
    return " ".join(str(v) for v in values if not isinstance(v, bool))


def _hit(e: Entry, score: float, matched: dict[str, str], q: Query) -> Hit:
    tokens = set(matched)
    path_spans = tuple((a, b) for a, b, ts in e.path_tokens if ts & tokens)
    if not path_spans and q.compact:
        at = e.lower.find(q.text)
        if at >= 0:
            path_spans = ((at, at + len(q.text)),)
    if e.task is not None:  # its whole line of how, the words found marked
        if not e.doc_tokens:
            e.doc_tokens = tokens_of(e.doc)
        spans = tuple((a, b) for a, b, ts in e.doc_tokens if ts & tokens)
        ordered = tuple(dict.fromkeys(matched.values()))
        return Hit(e.option, score, "task", e.path, ordered, (), e.doc, spans, e.task)
    fields = [e.best_field.get(t, "doc") for t in tokens]
    where: Field = "file" if e.option is None else "path"
    if e.option is not None and fields and all(f == "doc" for f in fields) and not path_spans:
        where = "doc"
    elif e.option is not None and fields and any(f == "alias" for f in fields) and not path_spans:
        where = "alias"
    excerpt, spans = _excerpt(e, tokens)
    ordered = tuple(dict.fromkeys(w for _, w in sorted((-e.weights.get(t, 0), w) for t, w in matched.items())))
    return Hit(e.option, score, where, e.path, ordered, path_spans, excerpt, spans)


def _excerpt(e: Entry, tokens: set[str]) -> tuple[str, tuple[Span, ...]]:
    """The doc around its first matched word (whole words, ``…`` where cut), and the spans to highlight."""
    doc = e.doc
    if not doc:
        return "", ()
    if not e.doc_tokens:
        e.doc_tokens = tokens_of(doc)
    marks = [(a, b) for a, b, ts in e.doc_tokens if ts & tokens]
    if not marks or marks[0][1] <= _EXCERPT - 10:
        start = 0
    else:
        start = doc.rfind(" ", 0, max(marks[0][0] - 25, 0)) + 1
    end = len(doc) if len(doc) - start <= _EXCERPT else doc.rfind(" ", start, start + _EXCERPT)
    if end <= start:
        end = min(len(doc), start + _EXCERPT)
    lead = "…" if start > 0 else ""
    tail = "…" if end < len(doc) else ""
    text = lead + doc[start:end] + tail
    shift = len(lead) - start
    spans = tuple((a + shift, b + shift) for a, b in marks if a >= start and b <= end)
    return text, spans
