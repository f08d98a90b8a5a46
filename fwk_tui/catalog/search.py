"""Fuzzy search over option paths, aliases and docs, best first.

Scoring is in tiers a person can predict: an exact name beats a name that
starts with the query, which beats one that contains it, then every query
word starting a word of the name, then the query's letters in order
(``bdir`` finds ``buildDir``), then a near spelling (rapidfuzz, for typos),
then the docs. Within a tier, shorter paths come first.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from rapidfuzz import fuzz

from fwk_tui.catalog.models import Catalog, Option

Field = Literal["path", "alias", "doc"]

_WORD = re.compile(r"[A-Z]?[a-z0-9]+|[A-Z]+(?![a-z])|[^\W_]+")
_TYPO_MIN = 78.0  # rapidfuzz ratio from which a name counts as a misspelling of the query


@dataclass(frozen=True)
class Hit:
    """One search result: the option, its score and where it matched."""

    option: Option
    score: float
    field: Field


def words(text: str) -> list[str]:
    """``devServer.loadingTemplate`` → ``['dev', 'server', 'loading', 'template']``."""
    return [w.lower() for w in _WORD.findall(text)]


@dataclass(frozen=True)
class _Entry:
    option: Option
    path: str  # lower case
    key: str  # last segment, lower case
    aliases: tuple[str, ...]
    name_words: tuple[str, ...]
    doc_words: frozenset[str]
    doc: str


class SearchIndex:
    """Scores options against a query; build one per catalogue."""

    def __init__(self, catalog: Catalog) -> None:
        self._entries = [
            _Entry(
                option=o,
                path=o.path.lower(),
                key=str(o.segments[-1]).lower() if o.segments else o.path.lower(),
                aliases=tuple(a.lower() for a in o.aliases),
                name_words=tuple(words(o.path) + [w for a in o.aliases for w in words(a)]),
                doc_words=frozenset(words(o.doc)),
                doc=o.doc.lower(),
            )
            for o in catalog.options
        ]

    def search(self, query: str, limit: int = 50) -> list[Hit]:
        """Options matching ``query``, best first; every option when it is blank."""
        q = query.strip().lower()
        if not q:
            return [Hit(e.option, 0.0, "path") for e in self._entries[:limit]]
        qwords = words(q) or [q]
        compact = "".join(qwords)
        hits: list[Hit] = []
        for e in self._entries:
            score, field = _score(e, q, qwords, compact)
            if score > 0:
                hits.append(Hit(e.option, score - len(e.path) / 1000, field))
        hits.sort(key=lambda h: -h.score)
        return hits[:limit]


def _score(e: _Entry, q: str, qwords: list[str], compact: str) -> tuple[float, Field]:
    if q in (e.path, e.key) or q in e.aliases:
        return 200.0, "path"
    if e.key.startswith(q):
        return 150.0, "path"
    if q in e.path:
        return 120.0, "path"
    if any(q in a for a in e.aliases):
        return 110.0, "alias"
    if all(any(w.startswith(qw) for w in e.name_words) for qw in qwords):
        return 100.0, "path"
    if _subsequence(compact, e.key):
        return 90.0, "path"
    typo = max(fuzz.ratio(compact, e.key), fuzz.ratio(q, e.path))
    if typo >= _TYPO_MIN:
        return typo - 10, "path"
    matched = sum(1 for qw in qwords if any(w.startswith(qw) for w in e.doc_words))
    if len(q) >= 3 and matched == len(qwords):
        return 50.0 + (10.0 if q in e.doc else 0.0), "doc"
    return 0.0, "doc"


def _subsequence(needle: str, hay: str) -> bool:
    """True when ``needle``'s letters occur in ``hay`` in order, from its first letter."""
    if len(needle) < 2 or not hay.startswith(needle[0]):
        return False
    it = iter(hay)
    return all(ch in it for ch in needle)
