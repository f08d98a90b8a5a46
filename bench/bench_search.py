"""Search per keystroke over the whole catalogue, against the letter-scoring engine it replaced.

    .venv/bin/python bench/bench_search.py [--rounds N]

Types realistic queries letter by letter ("serve assets from a cdn", a path,
a typo...) and times each keystroke's search, in one run for both engines:
the word engine (fwk_tui.catalog.search) and the old tiered letter scorer,
kept below only as the named peer. Budget: median <= 5 ms per keystroke.
The index is built once before timing, as the apps build it once per catalogue.
Exits 1 when the budget is missed.
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass

from rapidfuzz import fuzz

from fwk_tui.catalog import load_catalog
from fwk_tui.catalog.models import Catalog, Option
from fwk_tui.catalog.search import SearchIndex

BUDGET_MS = 5.0
TYPED = (
    "serve assets from a cdn",
    "head title",
    "turn off ssr",
    "devServer.port",
    "trasnition between pages",
    "minify css",
    "bdir",
    "environment variables",
    "where are built files written",
    "typescript strict",
)


# --- the old engine (letters in tiers), the peer ------------------------------------------
_WORD = re.compile(r"[A-Z]?[a-z0-9]+|[A-Z]+(?![a-z])|[^\W_]+")


def _words(text: str) -> list[str]:
    return [w.lower() for w in _WORD.findall(text)]


@dataclass(frozen=True)
class _OldEntry:
    option: Option
    path: str
    key: str
    aliases: tuple[str, ...]
    name_words: tuple[str, ...]
    doc_words: frozenset[str]
    doc: str


class OldIndex:
    def __init__(self, catalog: Catalog) -> None:
        self._entries = [
            _OldEntry(
                o,
                o.path.lower(),
                str(o.segments[-1]).lower() if o.segments else o.path.lower(),
                tuple(a.lower() for a in o.aliases),
                tuple(_words(o.path) + [w for a in o.aliases for w in _words(a)]),
                frozenset(_words(o.doc)),
                o.doc.lower(),
            )
            for o in catalog.options
        ]

    def search(self, query: str, limit: int = 50) -> list[tuple[Option, float]]:
        q = query.strip().lower()
        if not q:
            return [(e.option, 0.0) for e in self._entries[:limit]]
        qwords = _words(q) or [q]
        compact = "".join(qwords)
        hits = []
        for e in self._entries:
            score = _old_score(e, q, qwords, compact)
            if score > 0:
                hits.append((e.option, score - len(e.path) / 1000))
        hits.sort(key=lambda h: -h[1])
        return hits[:limit]


def _old_score(e: _OldEntry, q: str, qwords: list[str], compact: str) -> float:
    if q in (e.path, e.key) or q in e.aliases:
        return 200.0
    if e.key.startswith(q):
        return 150.0
    if q in e.path:
        return 120.0
    if any(q in a for a in e.aliases):
        return 110.0
    if all(any(w.startswith(qw) for w in e.name_words) for qw in qwords):
        return 100.0
    if len(compact) >= 2 and e.key.startswith(compact[0]):
        it = iter(e.key)
        if all(ch in it for ch in compact):
            return 90.0
    typo = max(fuzz.ratio(compact, e.key), fuzz.ratio(q, e.path))
    if typo >= 78.0:
        return typo - 10
    matched = sum(1 for qw in qwords if any(w.startswith(qw) for w in e.doc_words))
    if len(q) >= 3 and matched == len(qwords):
        return 50.0 + (10.0 if q in e.doc else 0.0)
    return 0.0


# ------------------------------------------------------------------------------------------


def keystrokes() -> list[str]:
    return [text[:i] for text in TYPED for i in range(1, len(text) + 1)]


def time_each(search: Callable[[str], object], queries: list[str], rounds: int) -> list[float]:
    times: list[float] = []
    for _ in range(rounds):
        for q in queries:
            t = time.perf_counter()
            search(q)
            times.append(time.perf_counter() - t)
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    ns = parser.parse_args()
    catalog = load_catalog()
    t = time.perf_counter()
    new = SearchIndex(catalog)
    build = time.perf_counter() - t
    old = OldIndex(catalog)
    queries = keystrokes()
    new_times: list[float] = []
    old_times: list[float] = []
    for _ in range(ns.rounds):  # interleaved, so load on the machine hits both alike
        # A fresh index each round: the first keystrokes pay for their word look-ups as in the app.
        new = SearchIndex(catalog)
        new_times += time_each(lambda q: new.search(q, limit=30), queries, 1)
        old_times += time_each(lambda q: old.search(q, limit=30), queries, 1)
    med_new = statistics.median(new_times) * 1000
    med_old = statistics.median(old_times) * 1000
    p90 = statistics.quantiles(new_times, n=10)[-1] * 1000
    print(f"{len(queries)} keystrokes x {ns.rounds} rounds over {len(catalog.options)} options")
    print(f"index build (once per catalogue)  {build * 1000:.1f} ms")
    print(f"words engine   median {med_new:.2f} ms   p90 {p90:.2f} ms   worst {max(new_times) * 1000:.2f} ms")
    print(f"letters engine median {med_old:.2f} ms   (the engine it replaced)")
    print(f"ratio words / letters {med_new / med_old:.2f}   budget median <= {BUDGET_MS:.0f} ms: "
          f"{'ok' if med_new <= BUDGET_MS else 'MISSED'}")
    return 0 if med_new <= BUDGET_MS else 1


if __name__ == "__main__":
    sys.exit(main())
