"""The search index: each option's words by field, weighted BM25-like, and what a query word expands to.

A word counts by where it is found (key, path, alias, title, doc) and how rare
it is; a query word matches exactly, as a synonym, as the start of a word or as
a near spelling (see ``search.py`` for the whole picture).
"""

from __future__ import annotations

import math
from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from rapidfuzz import process
from rapidfuzz.distance import DamerauLevenshtein

from fwk_tui.catalog.models import Option, Task
from fwk_tui.catalog.search_words import (
    GROUP_LINKS,
    GROUP_MEMBERS,
    STOP_WORDS,
    SYNONYM_OF,
    group_tokens,
    split_words,
    stem,
)

Field = Literal["path", "alias", "doc", "file", "task"]
Span = tuple[int, int]

# How much a word counts by where it is found.
_KEY, _PATH, _ALIAS, _TITLE, _DOC = 3.0, 2.0, 2.4, 0.8, 1.0
_FIELDS = ("key", "alias", "path", "title", "doc")  # strongest first
_NAME_FIELDS = ("key", "alias", "path")
_FIELD_WEIGHT = {"key": _KEY, "path": _PATH, "alias": _ALIAS, "title": _TITLE, "doc": _DOC}
# How much a word counts by how it matched.
_EXACT, _SYNONYM, _PREFIX, TYPO = 1.0, 0.7, 0.75, 0.6
_K1, _B = 1.2, 0.6  # BM25 saturation and length normalisation of the doc field


@dataclass
class Entry:
    """One searchable thing (an option, or a key of the user's file) and the weights of its words."""

    option: Option | None
    path: str
    lower: str  # path, lower case
    key: str  # last segment, lower case, without punctuation
    key_words: tuple[str, ...]
    key_raw: str  # last segment as written, lower case
    aliases: tuple[str, ...]
    doc: str
    # token → weight summed over fields, and the field it counts most in
    weights: dict[str, float] = field(default_factory=dict)
    best_field: dict[str, Field] = field(default_factory=dict)
    path_tokens: list[tuple[int, int, frozenset[str]]] = field(default_factory=list)
    key_tokens: tuple[frozenset[str], ...] = ()
    doc_tokens: list[tuple[int, int, frozenset[str]]] = field(default_factory=list)
    task: Task | None = None


def tokens_of(text: str) -> list[tuple[int, int, frozenset[str]]]:
    """Each word of ``text`` with its span and the tokens it stands for (its stem, its synonym groups)."""
    found = split_words(text)
    stems = [stem(w) for _, _, w in found]
    per = [{s} for s in stems]
    for first, last, token in group_tokens(stems):
        for i in range(first, last):
            per[i].add(token)
    return [(a, b, frozenset(t)) for (a, b, _), t in zip(found, per, strict=True)]


class Corpus:
    """Entries and the vocabulary they use, with the weights of each token per entry."""

    def __init__(
        self, entries: list[Entry], fields: list[dict[str, list[str]]], df: dict[str, int] | None, n: int
    ) -> None:
        self.entries = entries
        own_df: dict[str, int] = {}
        for f in fields:
            for t in {t for toks in f.values() for t in toks}:
                own_df[t] = own_df.get(t, 0) + 1
        self.df = df if df is not None else own_df
        self.n = max(n, 1)
        lengths = [len(f["doc"]) for f in fields] or [1]
        avg = max(sum(lengths) / len(lengths), 1.0)
        for entry, f in zip(entries, fields, strict=True):
            names: dict[str, float] = {}
            for name in _FIELDS:
                toks = f[name]
                counts: dict[str, int] = {}
                for t in toks:
                    counts[t] = counts.get(t, 0) + 1
                for t, tf in counts.items():
                    if name == "doc":
                        w = _DOC * tf * (_K1 + 1) / (tf + _K1 * (1 - _B + _B * len(toks) / avg))
                    else:
                        w = _FIELD_WEIGHT[name]
                    w *= self.idf(t)
                    if t not in entry.best_field:  # fields go from the strongest down
                        entry.best_field[t] = _as_field(name)
                    if name in _NAME_FIELDS:  # a word of the name counts once, however many names hold it
                        names[t] = max(names.get(t, 0.0), w)
                    else:
                        entry.weights[t] = entry.weights.get(t, 0.0) + w
            for t, w in names.items():
                entry.weights[t] = entry.weights.get(t, 0.0) + w
        self.max_idf = self.idf("")
        # The words of the names (of options and file keys, not of tasks) and of the synonym table.
        named = {t for e, f in zip(entries, fields, strict=True) if e.task is None for n in _NAME_FIELDS for t in f[n]}
        self.names = frozenset(t for t in own_df if t in named or t in SYNONYM_OF or t.startswith("~"))
        self.vocab = sorted(own_df)
        self.vocab_set = frozenset(own_df)
        self.postings: dict[str, list[int]] = {}
        for i, e in enumerate(entries):
            for t in e.weights:
                self.postings.setdefault(t, []).append(i)

    def idf(self, token: str) -> float:
        df = self.df.get(token, 0)
        return math.log(1 + (self.n - df + 0.5) / (df + 0.5))

    def expand(self, term: str, last: bool) -> dict[str, float]:
        """Index tokens ``term`` stands for, with how well each matches."""
        return _expand(self, term, last)


def _as_field(name: str) -> Field:
    return "alias" if name == "alias" else "doc" if name in ("doc", "title") else "path"


def _expand(corpus: Corpus, term: str, last: bool) -> dict[str, float]:
    out: dict[str, float] = {}
    known = term in corpus.vocab_set
    if known:
        out[term] = _EXACT
    if term.startswith("~"):  # a phrase of the synonym table, as typed: its groups and their words
        for group in term.split("|"):
            out[group] = _EXACT
            _synonyms(corpus, group, out, _SYNONYM)
        return out
    groups = SYNONYM_OF.get(term, ())
    for group in groups:
        out[group] = max(out.get(group, 0.0), _SYNONYM if known else _EXACT)
        _synonyms(corpus, group, out, _SYNONYM)
    if len(term) >= 2 and (last or not known):
        # The start of a word: the query is typed a letter at a time.
        i = bisect_left(corpus.vocab, term)
        for token in corpus.vocab[i : i + 40]:
            if not token.startswith(term):
                break
            if token != term:
                how = _PREFIX * (0.6 + 0.4 * len(term) / len(token))
                # A finished word the index does not know is not the start of another (`cook` is not `cookie`).
                out.setdefault(token, how if last else min(how, TYPO))
    if not known and not groups and len(term) >= 3 and not term.startswith("~"):
        for token in _near(corpus, term):
            out.setdefault(token, TYPO)
            for group in SYNONYM_OF.get(token, ()):
                out.setdefault(group, TYPO)
    return out


def _synonyms(corpus: Corpus, group: str, out: dict[str, float], how: float) -> None:
    """Add the words of a synonym group, and the other groups those words belong to, to ``out``."""
    for member in GROUP_MEMBERS.get(group, ()):
        if member in corpus.vocab_set:
            out.setdefault(member, how)
        for other in SYNONYM_OF.get(member, ()):
            out.setdefault(other, how * 0.9)
    for other in GROUP_LINKS.get(group, ()):  # a phrase of both: `static assets` joins assets and public
        out.setdefault(other, how * 0.9)


def _near(corpus: Corpus, term: str) -> list[str]:
    # A slip per four letters: cnd → cdn, trasnition → transition.
    limit = 1 if len(term) < 7 else 2
    found = process.extract(
        term,
        corpus.vocab,
        scorer=DamerauLevenshtein.distance,
        score_cutoff=limit,
        limit=4,
        processor=None,
    )
    return [t for t, _, _ in found if t[0] != "~" and t not in STOP_WORDS and abs(len(t) - len(term)) <= limit]


def make_entry(
    path: str, option: Option | None, aliases: Sequence[str], doc: str, title: str
) -> tuple[Entry, dict[str, list[str]]]:
    """An entry and the tokens of its fields: the key (last segment), the rest of the path, aliases, title, doc."""
    key = str(option.segments[-1]) if option is not None and option.segments else path.rsplit(".", 1)[-1]
    key_start = max(path.rfind(key), 0)
    path_tokens = tokens_of(path)
    key_words = [w for _, _, w in split_words(key)]
    joined = ["".join(key_words)] if len(key_words) > 1 else []  # `typecheck` finds typeCheck
    f: dict[str, list[str]] = {
        "key": [t for a, _, ts in path_tokens if a >= key_start for t in ts] + joined,
        "path": [t for a, _, ts in path_tokens if a < key_start for t in ts],
        "alias": [t for a in aliases for _, _, ts in tokens_of(a) for t in ts],
        "title": [t for _, _, ts in tokens_of(title) for t in ts],
        "doc": [t for a, b, ts in tokens_of(doc) if doc[a:b].lower() not in STOP_WORDS for t in ts],
    }
    entry = Entry(
        option=option,
        path=path,
        lower=path.lower(),
        key="".join(key_words) or key.lower(),
        key_words=tuple(key_words),
        key_raw=key.lower(),
        aliases=tuple(a.lower() for a in aliases),
        doc=doc,
        path_tokens=path_tokens,
        key_tokens=tuple(ts for a, _, ts in path_tokens if a >= key_start),
    )
    return entry, f


def make_task_entry(task: Task, option: Option | None) -> tuple[Entry, dict[str, list[str]]]:
    """A task's entry: its words as the key, the ways people ask it as aliases, its options' names as the title
    and its line of how as the doc. It stands at its main option's path (choosing it goes there)."""
    key_tokens = tokens_of(task.task)
    names = " ".join(task.options)
    f: dict[str, list[str]] = {
        "key": [t for _, _, ts in key_tokens for t in ts],
        "path": [],
        "alias": [t for a in task.asks for _, _, ts in tokens_of(a) for t in ts],
        "title": [t for _, _, ts in tokens_of(names) for t in ts],
        "doc": [t for a, b, ts in tokens_of(task.how) if task.how[a:b].lower() not in STOP_WORDS for t in ts],
    }
    entry = Entry(
        option=option,
        path=task.options[0],
        lower="",
        key="",
        key_words=(),
        key_raw="",
        aliases=tuple(a.lower() for a in (task.task, *task.asks)),
        doc=task.how,
        key_tokens=tuple(ts for a, b, ts in key_tokens if task.task[a:b].lower() not in STOP_WORDS),
        task=task,
    )
    return entry, f
