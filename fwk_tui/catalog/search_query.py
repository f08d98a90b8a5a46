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
    return Query(text, "".join(w for _, _, w in raw), tuple(terms), open_end)
