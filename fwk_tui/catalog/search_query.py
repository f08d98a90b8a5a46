"""A search query cut into words: phrases of the synonym table kept whole, stop words dropped."""

from __future__ import annotations

from dataclasses import dataclass

from fwk_tui.catalog.search_words import STOP_WORDS, SYNONYM_OF, group_tokens, split_words, stem


@dataclass(frozen=True)
class Query:
    """A query as the ranking reads it."""

    text: str  # stripped, lower case
    compact: str  # the words run together
    terms: tuple[tuple[str, str], ...]  # (the word as typed, the token it searches for)
    last_open: bool  # the last word may still be being typed


def parse_query(query: str) -> Query:
    """``query`` as typed, cut into the words (and phrases) it searches for."""
    text = query.strip().lower()
    raw = _compounds_split(split_words(text))
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
    return Query(text, "".join(w for _, _, w in raw), tuple(terms), open_end)


_COMPOUND = (6, 30)
"""The lengths of a word tried as two run together (`serverside`); a longer one is no compound of the table's."""


def _compounds_split(raw: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    """``raw`` with each word written solid that is two words of a phrase of the synonym table with its neighbours
    (`serverside rendering` → `server side rendering` ~ ssr), split in two: people write the same words spaced,
    hyphenated or run together, and the table has them spaced."""
    if len(raw) > 20:
        return raw  # a pasted text, not a question: each word is tried at each cut, kept short
    stems = [stem(w) for _, _, w in raw]
    out = list(raw)
    for i in range(len(raw) - 1, -1, -1):
        start, end, word = raw[i]
        if not _COMPOUND[0] <= len(word) <= _COMPOUND[1] or stems[i] in SYNONYM_OF:
            continue
        for cut in range(2, len(word) - 1):
            tried = [*stems[:i], stem(word[:cut]), stem(word[cut:]), *stems[i + 1 :]]
            if any(first <= i and last >= i + 2 for first, last, _ in group_tokens(tried)):
                out[i : i + 1] = [(start, start + cut, word[:cut]), (start + cut, end, word[cut:])]
                break
    return out
