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

The engine knows nothing of sessions: the file's own keys come in as
``extra`` ``(path, text)`` pairs.
"""

from __future__ import annotations

import math
from bisect import bisect_left
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Literal

from rapidfuzz import fuzz, process
from rapidfuzz.distance import DamerauLevenshtein

from fwk_tui.catalog.models import TAG_TEXT, Catalog, Option
from fwk_tui.catalog.search_words import GROUP_LINKS, GROUP_MEMBERS, STOP_WORDS, SYNONYM_OF, group_tokens, split_words, stem

Field = Literal["path", "alias", "doc", "file"]
Span = tuple[int, int]

# How much a word counts by where it is found.
_KEY, _PATH, _ALIAS, _TITLE, _DOC = 3.0, 2.0, 2.4, 0.8, 1.0
_FIELDS = ("key", "alias", "path", "title", "doc")  # strongest first
_NAME_FIELDS = ("key", "alias", "path")
_FIELD_WEIGHT = {"key": _KEY, "path": _PATH, "alias": _ALIAS, "title": _TITLE, "doc": _DOC}
# How much a word counts by how it matched.
_EXACT, _SYNONYM, _PREFIX, _TYPO = 1.0, 0.7, 0.75, 0.6
_COVER = 12.0  # per query word found: coverage beats frequency
_KEY_COVER = 5.0  # all of the key's words asked for: `turn off ssr` → ssr
_K1, _B = 1.2, 0.6  # BM25 saturation and length normalisation of the doc field
_EXCERPT = 120  # characters of doc around the first matched word


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

    def __post_init__(self) -> None:
        if not self.path and self.option is not None:
            object.__setattr__(self, "path", self.option.path)


@dataclass
class _Entry:
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


def _tokens(text: str) -> list[tuple[int, int, frozenset[str]]]:
    """Each word of ``text`` with its span and the tokens it stands for (its stem, its synonym groups)."""
    found = split_words(text)
    stems = [stem(w) for _, _, w in found]
    per = [{s} for s in stems]
    for first, last, token in group_tokens(stems):
        for i in range(first, last):
            per[i].add(token)
    return [(a, b, frozenset(t)) for (a, b, _), t in zip(found, per, strict=True)]


class _Corpus:
    """Entries and the vocabulary they use, with the weights of each token per entry."""

    def __init__(
        self, entries: list[_Entry], fields: list[dict[str, list[str]]], df: dict[str, int] | None, n: int
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


def _expand(corpus: _Corpus, term: str, last: bool) -> dict[str, float]:
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
                out.setdefault(token, _PREFIX * (0.6 + 0.4 * len(term) / len(token)))
    if not known and not groups and len(term) >= 3 and not term.startswith("~"):
        for token in _near(corpus, term):
            out.setdefault(token, _TYPO)
            for group in SYNONYM_OF.get(token, ()):
                out.setdefault(group, _TYPO)
    return out


def _synonyms(corpus: _Corpus, group: str, out: dict[str, float], how: float) -> None:
    """Add the words of a synonym group, and the other groups those words belong to, to ``out``."""
    for member in GROUP_MEMBERS.get(group, ()):
        if member in corpus.vocab_set:
            out.setdefault(member, how)
        for other in SYNONYM_OF.get(member, ()):
            out.setdefault(other, how * 0.9)
    for other in GROUP_LINKS.get(group, ()):  # a phrase of both: `static assets` joins assets and public
        out.setdefault(other, how * 0.9)


def _near(corpus: _Corpus, term: str) -> list[str]:
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


@dataclass(frozen=True)
class _Query:
    text: str  # stripped, lower case
    compact: str  # the words run together
    terms: tuple[tuple[str, str], ...]  # (the word as typed, the token it searches for)
    last_open: bool  # the last word may still be being typed


def _parse(query: str) -> _Query:
    text = query.strip().lower()
    raw = split_words(text)
    stems = [stem(w) for _, _, w in raw]
    phrases: dict[int, tuple[int, str]] = {}
    for first, last, token in group_tokens(stems):
        if last - first > 1:
            end, tokens = phrases.get(first, (0, ""))
            if last > end:
                phrases[first] = (last, token)
            elif last == end:
                phrases[first] = (last, tokens + "|" + token)
    terms: list[tuple[str, str]] = []
    i = 0
    while i < len(raw):
        if i in phrases:
            last, token = phrases[i]
            terms.append((" ".join(w for _, _, w in raw[i:last]), token))
            i = last
            continue
        word = raw[i][2]
        if i + 1 < len(raw) and i + 1 not in phrases and stem(word + raw[i + 1][2]) in SYNONYM_OF:
            terms.append((f"{word} {raw[i + 1][2]}", stem(word + raw[i + 1][2])))  # `sub folder` ~ subfolder
            i += 2
            continue
        if word not in STOP_WORDS:
            terms.append((word, stems[i]))
        i += 1
    if not terms and raw:  # a query of stop words only still means something
        terms = [(w, s) for (_, _, w), s in zip(raw, stems, strict=True)]
    # The last word may be half typed, unless a space followed it or it was a stop word.
    open_end = bool(raw) and not query.endswith(" ") and raw[-1][2] not in STOP_WORDS
    return _Query(text, "".join(w for _, _, w in raw), tuple(terms), open_end)


class SearchIndex:
    """Ranks options against a query; build one per catalogue, reuse it for every keystroke."""

    def __init__(self, catalog: Catalog) -> None:
        self._catalog = catalog
        titles = {g.id: g.title for g in catalog.groups}
        entries, fields = [], []
        for o in catalog.options:
            about = " ".join((titles.get(o.group, ""), _tags(o), _defaults(o)))
            entry, f = _entry(o.path, o, o.aliases, o.doc, about)
            entries.append(entry)
            fields.append(f)
        self._corpus = _Corpus(entries, fields, None, len(entries))
        self._extra: tuple[tuple[tuple[str, str], ...], _Corpus] | None = None
        self._expand = lru_cache(maxsize=512)(self._corpus.expand)

    def search(self, query: str, limit: int = 50, *, extra: Sequence[tuple[str, str]] = ()) -> list[Hit]:
        """Options matching ``query``, best first; every option when it is blank.

        ``extra``: ``(path, text)`` of keys the catalogue does not know (the
        user's file's own); they are ranked among the options, ``option=None``.
        """
        q = _parse(query)
        if not q.text:
            return [Hit(e.option, 0.0, "path") for e in self._corpus.entries[:limit]]
        scored = self._score(self._corpus, q, self._expand)
        if extra:
            corpus = self._extra_corpus(tuple(extra))
            scored += self._score(corpus, q, corpus.expand)
        scored.sort(key=lambda s: (-s[0], len(s[1].path)))
        return [_hit(entry, score, matched, q) for score, entry, matched in scored[:limit]]

    def _extra_corpus(self, extra: tuple[tuple[str, str], ...]) -> _Corpus:
        if self._extra is None or self._extra[0] != extra:
            entries, fields = [], []
            for path, text in extra:
                entry, f = _entry(path, None, (), text, "")
                entries.append(entry)
                fields.append(f)
            # Rare words are those rare in the catalogue; a word only the file has is rarest.
            self._extra = (extra, _Corpus(entries, fields, self._corpus.df, self._corpus.n))
        return self._extra[1]

    @staticmethod
    def _score(
        corpus: _Corpus, q: _Query, expand: Callable[[str, bool], dict[str, float]]
    ) -> list[tuple[float, _Entry, dict[str, str]]]:
        expanded = [
            (word, expand(token, q.last_open and n == len(q.terms) - 1))
            for n, (word, token) in enumerate(q.terms)
        ]
        # entry index → (score, covered, tokens matched → the query word)
        acc: dict[int, list[float]] = {}
        matched: dict[int, dict[str, str]] = {}
        for word, tokens in expanded:
            best: dict[int, float] = {}
            which: dict[int, str] = {}
            for token, how in tokens.items():
                for i in corpus.postings.get(token, ()):
                    s = corpus.entries[i].weights[token] * how
                    if s > best.get(i, 0.0):
                        best[i] = s
                        which[i] = token
            for i, s in best.items():
                sums = acc.setdefault(i, [0.0, 0.0])
                sums[0] += s
                # A rare word found counts more towards coverage than a common one.
                sums[1] += 0.4 + 0.6 * corpus.idf(which[i]) / corpus.max_idf
                matched.setdefault(i, {})[which[i]] = word
        out: list[tuple[float, _Entry, dict[str, str]]] = []
        single = " " not in q.text  # one word, a name or a path as typed: its letters count too
        known = single and any(q.terms[0][1] in corpus.vocab_set or t in SYNONYM_OF for _, t in q.terms)
        wanted = "".join(w for w, _ in q.terms).replace(" ", "")
        for i, e in enumerate(corpus.entries):
            row = acc.get(i)
            score = 0.0
            if row:
                score = row[0] + _COVER * row[1]
                got = matched[i]
                if e.key_tokens:
                    score += _KEY_COVER * sum(1 for ts in e.key_tokens if not ts.isdisjoint(got)) / len(e.key_tokens)
            score += _name_bonus(e, q, single, known, wanted)
            if score > 0:
                out.append((score, e, matched.get(i, {})))
        return out


def _tags(o: Option) -> str:
    return " ".join(TAG_TEXT.get(t, t) for t in o.tags)


def _defaults(o: Option) -> str:
    """The option's default values as words (`.fwk` finds buildDir, `3000` the port)."""
    values = {d.value for d in o.defaults.values() if d.kind == "value" and isinstance(d.value, str | int)}
    return " ".join(str(v) for v in values if not isinstance(v, bool))


def _entry(
    path: str, option: Option | None, aliases: Sequence[str], doc: str, title: str
) -> tuple[_Entry, dict[str, list[str]]]:
    """An entry and the tokens of its fields: the key (last segment), the rest of the path, aliases, title, doc."""
    key = str(option.segments[-1]) if option is not None and option.segments else path.rsplit(".", 1)[-1]
    key_start = max(path.rfind(key), 0)
    path_tokens = _tokens(path)
    key_words = [w for _, _, w in split_words(key)]
    joined = ["".join(key_words)] if len(key_words) > 1 else []  # `typecheck` finds typeCheck
    f: dict[str, list[str]] = {
        "key": [t for a, _, ts in path_tokens if a >= key_start for t in ts] + joined,
        "path": [t for a, _, ts in path_tokens if a < key_start for t in ts],
        "alias": [t for a in aliases for _, _, ts in _tokens(a) for t in ts],
        "title": [t for _, _, ts in _tokens(title) for t in ts],
        "doc": [t for a, b, ts in _tokens(doc) if doc[a:b].lower() not in STOP_WORDS for t in ts],
    }
    entry = _Entry(
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


def _name_bonus(e: _Entry, q: _Query, single: bool, known: bool, wanted: str) -> float:
    """The letters of a name: an exact path, alias or key first; for one unknown word, letters in order."""
    if q.text == e.lower or q.text in e.aliases:
        return 2000.0  # the path itself, or an alias of it
    if q.text == e.key or (q.compact and q.compact == e.key and "." not in q.text):
        return 1000.0  # the key: `port` → devServer.port
    if wanted and wanted == e.key and " " in q.text:  # the question's meaning words are the key: `turn off ssr`
        return 500.0
    if len(q.terms) == 1 and q.terms[0][1].startswith("~") and " " in q.text:
        # A phrase whose synonym group is named by the key: `server side rendering` → ssr.
        if len(e.key_words) == 1 and "~" + stem(e.key) in q.terms[0][1].split("|"):
            return 500.0
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


def _hit(e: _Entry, score: float, matched: dict[str, str], q: _Query) -> Hit:
    tokens = set(matched)
    path_spans = tuple((a, b) for a, b, ts in e.path_tokens if ts & tokens)
    if not path_spans and q.compact:
        at = e.lower.find(q.text)
        if at >= 0:
            path_spans = ((at, at + len(q.text)),)
    fields = [e.best_field.get(t, "doc") for t in tokens]
    where: Field = "file" if e.option is None else "path"
    if e.option is not None and fields and all(f == "doc" for f in fields) and not path_spans:
        where = "doc"
    elif e.option is not None and fields and any(f == "alias" for f in fields) and not path_spans:
        where = "alias"
    excerpt, spans = _excerpt(e, tokens)
    ordered = tuple(dict.fromkeys(w for _, w in sorted((-e.weights.get(t, 0), w) for t, w in matched.items())))
    return Hit(e.option, score, where, e.path, ordered, path_spans, excerpt, spans)


def _excerpt(e: _Entry, tokens: set[str]) -> tuple[str, tuple[Span, ...]]:
    """The doc around its first matched word (whole words, ``…`` where cut), and the spans to highlight."""
    doc = e.doc
    if not doc:
        return "", ()
    if not e.doc_tokens:
        e.doc_tokens = _tokens(doc)
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
