"""Rank a query against the index: coverage first, then word weights, then the letters of names."""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from rapidfuzz import fuzz

from fwk_tui.catalog.search_index import TYPO, Corpus, Entry
from fwk_tui.catalog.search_query import Query
from fwk_tui.catalog.search_words import SYNONYM_OF, stem

_COVER = 12.0  # per query word found: coverage beats frequency
_KEY_COVER = 5.0  # all of the key's words asked for: `turn off ssr` → ssr
_PARENT_COVER = 4.0
"""To a key whose words are all asked for, all of the path's words before it asked for too (a top-level option has
none): a key under parents the question did not name (`wbuild.filenames.css`) ranks below the option that is the word
itself (`css`); else the length of their docs decided, a short doc saying the word once outweighing a long one. Not
to an entry found by its doc only (that would lift doc matches of top-level options above the floor of the results)."""
_WHOLE = 100.0
"""The same for a key named by the question (`where do i put my css` → css before wbuild.filenames.css and
wbuild.loaders.css, as for `css` typed alone)."""
_PLACE = "~dir"
"""A question asking `where` asks for a folder: a parent `dir` counts as asked (`where are my pages` → dir.pages)."""
SURE = 0.5
"""How much of a question an entry must hold, in words found as written, as a synonym or as the start of the word
being typed (near spellings do not count): one word of some weight (a common word counts 0.4, the rarest 1)."""

class Scored(NamedTuple):
    """An entry found."""

    score: float
    entry: Entry
    matched: dict[str, str]
    """The tokens matched, to the query word."""
    sure: bool
    """Sure enough to be shown (see :data:`SURE`)."""
    named: bool
    """Named by the question's letters (a path, a key, an alias as typed), not only by its words."""
    subject: bool
    """Holds the question's subject (see :func:`holds_subject`)."""


def rank(corpus: Corpus, q: Query, expand: Callable[[str, bool], dict[str, float]]) -> list[Scored]:
    """Each entry of ``corpus`` that ``q`` finds (see :data:`Scored`)."""
    expanded = [(word, expand(token, q.last_open and n == len(q.terms) - 1)) for n, (word, token) in enumerate(q.terms)]
    # entry index → (score, covered, tokens matched → the query word)
    acc: dict[int, list[float]] = {}
    matched: dict[int, dict[str, str]] = {}
    for word, tokens in expanded:
        best: dict[int, float] = {}
        which: dict[int, str] = {}
        hows: dict[int, float] = {}
        for token, how in tokens.items():
            for i in corpus.postings.get(token, ()):
                s = corpus.entries[i].weights[token] * how
                if s > best.get(i, 0.0):
                    best[i] = s
                    which[i] = token
                    hows[i] = how
        for i, s in best.items():
            sums = acc.setdefault(i, [0.0, 0.0, 0.0])
            sums[0] += s
            # A rare word found counts more towards coverage than a common one.
            covered = 0.4 + 0.6 * corpus.idf(which[i]) / corpus.max_idf
            sums[1] += covered
            # Towards being sure, a near spelling counts only as a question's one word (`cnd`; `cook dinner` is not
            # about hooks).
            sums[2] += covered if hows[i] > TYPO or len(q.terms) == 1 else 0.0
            matched.setdefault(i, {})[which[i]] = word
    out: list[Scored] = []
    single = " " not in q.text  # one word, a name or a path as typed: its letters count too
    known = single and any(q.terms[0][1] in corpus.vocab_set or t in SYNONYM_OF for _, t in q.terms)
    wanted = "".join(w for w, _ in q.terms).replace(" ", "")
    place = "where" in q.text.split()
    for i, e in enumerate(corpus.entries):
        row = acc.get(i)
        score = 0.0
        cover = row[2] if row else 0.0
        parents = _parents_asked(e, matched.get(i, {}), place)
        if row:
            score = row[0] + _COVER * row[1]
            got = matched[i]
            if keyed := sum(1 for ts in e.key_tokens if not ts.isdisjoint(got)):
                score += _KEY_COVER * keyed / len(e.key_tokens)
                if keyed == len(e.key_tokens):
                    score += _PARENT_COVER * parents
        bonus = _name_bonus(e, q, single, known, wanted, parents)
        score += bonus
        if score > 0:
            got = matched.get(i, {})
            subject = bonus > 0 or holds_subject(got, len(q.terms), corpus.names)
            out.append(Scored(score, e, got, bonus > 0 or cover >= SURE, bonus > 0, subject))
    return out


def holds_subject(got: dict[str, str], words: int, names: frozenset[str]) -> bool:
    """True when an entry holds all the question's ``words``, or one of them as a name of the catalogue.

    The catalogue's names (``Corpus.names``: the words of its options' paths and aliases, of the synonym table) are
    what it is about; the other words of its docs and tasks are prose, shared by entries about anything. A result
    holding only some of the question's words, and those as prose (`my site is slow`: `slow` in a task about
    profiling the build, `site` in one about static sites), shares words with the question, not its subject.
    """
    return len(set(got.values())) >= words or not names.isdisjoint(got)


def _parents_asked(e: Entry, got: dict[str, str], place: bool) -> float:
    """The share of the words of ``e``'s path before its key that the question asked for (1 with none)."""
    parents = e.path_tokens[: len(e.path_tokens) - len(e.key_tokens)]
    if not parents:
        return 1.0
    asked = sum(1 for _, _, ts in parents if not ts.isdisjoint(got) or place and _PLACE in ts)
    return asked / len(parents)


def _name_bonus(e: Entry, q: Query, single: bool, known: bool, wanted: str, parents: float) -> float:
    """The letters of a name: an exact path, alias or key first; for one unknown word, letters in order.

    ``parents``: the share of the path's words before the key that the question asked for."""
    if e.task is not None:  # a task asked in its own words comes after an option named by the question
        return 400.0 if q.text in e.aliases else 0.0
    if q.text == e.lower or q.text in e.aliases:
        return 2000.0  # the path itself, or an alias of it
    whole = _WHOLE * parents
    if q.text == e.key or (q.compact and q.compact == e.key and "." not in q.text):
        return 1000.0 + whole  # the key: `port` → devServer.port
    if wanted and wanted == e.key and " " in q.text:  # the question's meaning words are the key: `turn off ssr`
        return 500.0 + whole
    if len(q.terms) == 1 and q.terms[0][1].startswith("~") and " " in q.text:
        # A phrase whose synonym group is named by the key: `server side rendering` → ssr.
        if len(e.key_words) == 1 and "~" + stem(e.key) in q.terms[0][1].split("|"):
            return 500.0 + whole
    if not e.key_words and e.key in q.text.split():  # a key of signs typed among words: `@ alias`
        return 60.0
    if not single or not q.compact:
        return 0.0
    if "." in q.text and e.lower.startswith(q.text):  # a path being typed: `app.` lists app's options
        return 100.0
    if e.key_raw.startswith(q.text) and e.key_raw != e.key:  # a key with signs, as written: `#sh`
        return 60.0
    if e.key.startswith(q.compact):
        return 40.0
    if len(q.compact) < 2:
        return 0.0
    if known:  # a word the index knows is matched as a word, not as letters scattered in names
        return 0.0
    if q.text in e.lower or any(q.text in a for a in e.aliases):
        return 30.0
    if _initials(q.compact, e.key_words):
        return 25.0
    if len(q.compact) >= 4 and fuzz.ratio(q.compact, e.key) >= 78:
        return 20.0
    return 0.0


def _initials(needle: str, words: tuple[str, ...]) -> bool:
    """True when ``needle`` is made of starts of ``words`` in order, from the first: ``bdir`` in build, dir."""
    if not words or not needle or not words[0].startswith(needle[0]):
        return False

    def fit(rest: str, i: int) -> bool:
        if not rest:
            return True
        for j in range(i, len(words)):
            w = words[j]
            n = 0
            while n < len(rest) and n < len(w) and rest[n] == w[n]:
                n += 1
            if any(fit(rest[k:], j + 1) for k in range(n, 0, -1)):
                return True
        return False

    return fit(needle, 0)
