"""The words search knows: splitting, stemming, stop words and this domain's synonyms.

Small pure functions and the stop words; the engine is ``search.py``, the
synonym table ``synonyms.py``. A synonym phrase is matched after stemming, so
``server-side rendering``, ``server side rendered`` and ``SSR`` all land in the
``ssr`` group.
"""

from __future__ import annotations

import re

from fwk_tui.catalog.synonyms import SYNONYMS

_WORD = re.compile(r"[A-Z]?[a-z0-9]+|[A-Z]+(?![a-z])|[^\W_]+")


def split_words(text: str) -> list[tuple[int, int, str]]:
    """Words of ``text`` with their spans: dots, dashes and camelCase split (``cdnURL`` → cdn, url)."""
    return [(m.start(), m.end(), m.group().lower()) for m in _WORD.finditer(text)]


# Words a question is made of that say nothing about which option is meant.
STOP_WORDS = frozenset(
    """
    a an the to from of in on at by for with into onto via as and or but so if
    i me my we our you your it its this that these those there here
    is are be been being was were am do does did done can could should would will shall may might must
    how what where which when why who whom whose
    set sets setting settings turn turning use using used make making change changing want need
    enable enabling disable disabling configure configuring config configuration
    option options value values on off not no yes get put let give
    """.split()
)

# Endings removed, longest first; what is left must keep three letters.
_ENDINGS = ("ations", "ation", "ions", "ion", "ings", "ing", "ies", "ied", "ed", "es", "s")


def stem(word: str) -> str:
    """A crude stem so that forms of a word meet: transitions ~ transition, served ~ serve ~ serving.

    Not a linguist's stemmer: it only has to map the forms people type and the
    forms the reference writes onto one key, the same way on both sides.
    """
    w = word.lower()
    if len(w) <= 3 or not w.isalpha():
        return w
    for end in _ENDINGS:
        if w.endswith(end) and len(w) - len(end) >= (4 if end.startswith("ion") else 3):
            if end == "s" and w[-2] in "su" or end == "s" and w.endswith("is"):
                break
            if end in ("ies", "ied"):
                w = w[: -len(end)] + "y"
            elif end in ("ation", "ations"):
                w = w[: -len(end)] + "ate"
            else:
                w = w[: -len(end)]
            break
    if len(w) > 3 and w.endswith("e"):
        w = w[:-1]
    if len(w) > 4 and w[-1] == w[-2] and w[-1] not in "ls":  # running → run(n): stop doubling
        w = w[:-1]
    # British and American spellings meet: optimise ~ optimize, minimis(ed) ~ minimiz(ed).
    if w.endswith("is") and len(w) > 4:
        w = w[:-2] + "iz"
    return w


def _phrase(text: str) -> tuple[str, ...]:
    return tuple(stem(w) for _, _, w in split_words(text))


def _build() -> tuple[dict[str, tuple[str, ...]], dict[tuple[str, ...], tuple[str, ...]], dict[str, tuple[str, ...]]]:
    single: dict[str, tuple[str, ...]] = {}  # stem → the group tokens it belongs to
    multi: dict[tuple[str, ...], tuple[str, ...]] = {}  # stems of a phrase → group tokens
    members: dict[str, tuple[str, ...]] = {}  # group token → single-stem members
    for group in SYNONYMS:
        token = "~" + "_".join(_phrase(group[0]))
        ones: list[str] = []
        for text in group:
            stems = _phrase(text)
            if len(stems) == 1:
                if token not in single.get(stems[0], ()):
                    single[stems[0]] = (*single.get(stems[0], ()), token)
                ones.append(stems[0])
            elif stems and token not in multi.get(stems, ()):
                multi[stems] = (*multi.get(stems, ()), token)
        members[token] = tuple(ones)
    return single, multi, members


SYNONYM_OF, PHRASE_OF, GROUP_MEMBERS = _build()


def _links() -> dict[str, tuple[str, ...]]:
    """Group token → the other groups sharing a phrase of several words with it."""
    links: dict[str, tuple[str, ...]] = {}
    for groups in PHRASE_OF.values():
        for g in groups:
            links[g] = (*links.get(g, ()), *(o for o in groups if o != g and o not in links.get(g, ())))
    return links


GROUP_LINKS = _links()
LONGEST_PHRASE = max((len(p) for p in PHRASE_OF), default=1)


def group_tokens(stems: list[str]) -> list[tuple[int, int, str]]:
    """Synonym groups found in a run of stems, as ``(first, last + 1, token)`` index ranges."""
    found: list[tuple[int, int, str]] = []
    for i, s in enumerate(stems):
        for token in SYNONYM_OF.get(s, ()):
            found.append((i, i + 1, token))
        for n in range(2, min(LONGEST_PHRASE, len(stems) - i) + 1):
            for phrase in PHRASE_OF.get(tuple(stems[i : i + n]), ()):
                found.append((i, i + n, phrase))
    return found
