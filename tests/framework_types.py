"""The framework's own config type as an oracle of which configs make sense.

tests/node/typecheck-config.mjs type-checks config object literals against the real
``NuxtConfig`` of @nuxt/schema 4.x with TypeScript (one in-memory program for all of
them); ``framework_accepts`` asks it about many texts in one node process. The texts
must be in the framework's real spelling: ``to_framework`` turns the project's
neutral spelling (../shared/corpus/neutralize.py, ../shared/spec/naming.md) back.

What the oracle can and cannot say (vite/webpack/vue... subtrees accept anything,
nitro and routeRules use the schema's fallback shapes, module options are unknown
keys) is written at the top of the script.
"""

from __future__ import annotations

import re

from tests.node_jobs import run_node_script

PACKAGES = ("typescript", "@nuxt/schema")

# Neutral word -> real word, the inverse of neutralize.py's RULES. Longest words first
# (vbuildtest before vbuild). Where neutralize maps two spellings to one word
# (PostCSS and Postcss -> Cssproc) the common one comes back.
_WORDS = {
    "vbuildtest": "vitest",
    "Vbuildtest": "Vitest",
    "wbuild": "webpack",
    "Wbuild": "Webpack",
    "WBUILD": "WEBPACK",
    "rbuild": "rspack",
    "Rbuild": "Rspack",
    "ebuild": "esbuild",
    "Ebuild": "Esbuild",
    "EBUILD": "ESBUILD",
    "cssminifier": "cssnano",
    "prefixer": "autoprefixer",
    "cssproc": "postcss",
    "Cssproc": "PostCSS",
    "headmgr": "unhead",
    "Headmgr": "Unhead",
    "filewatcher": "chokidar",
    "oxtool": "oxc",
    "fwk": "nuxt",
    "Fwk": "Nuxt",
    "FWK": "NUXT",
    "srv": "nitro",
    "Srv": "Nitro",
    "SRV": "NITRO",
    "vbuild": "vite",
    "Vbuild": "Vite",
    "VBUILD": "VITE",
}
_GUARDS = {
    # "rebuild" and "prebuild" hold "ebuild" but were never "esbuild".
    "ebuild": r"(?<![a-z])",
    # autoprefixer -> prefixer; a "prefixer" glued to other letters was not made so.
    "prefixer": r"(?<![A-Za-z])",
    "oxtool": r"\b",
}
_ORDERED = sorted(_WORDS, key=len, reverse=True)
_WORD_RE = re.compile(
    "|".join(f"{_GUARDS.get(word, '')}(?P<w{index}>{re.escape(word)})" for index, word in enumerate(_ORDERED))
)

# "view" is an English word too: neutralize made it from "vue" except inside these words
# (viewTransition, viewport, preview... hold a "view" of their own).
_VIEW_RE = re.compile(r"view", re.IGNORECASE)
_ENGLISH_VIEW = re.compile(
    r"preview|review|overview|interview|webview|viewport|viewtransition|view-transition|viewbox|viewer|viewing"
    r"|viewed|viewmodel",
    re.IGNORECASE,
)


def _vue(match: re.Match[str]) -> str:
    word = match.group(0)
    return {"view": "vue", "View": "Vue", "VIEW": "VUE"}.get(word, word)


def _words_back(text: str) -> str:
    def swap(match: re.Match[str]) -> str:
        index = next(i for i, group in enumerate(match.groups()) if group is not None)
        return _WORDS[_ORDERED[index]]

    return _WORD_RE.sub(swap, text)


def _views_back(text: str) -> str:
    out: list[str] = []
    last = 0
    for match in _VIEW_RE.finditer(text):
        start, end = match.span()
        # the run of letters around this "view"
        left = start
        while left > 0 and text[left - 1].isalpha():
            left -= 1
        right = end
        while right < len(text) and (
            text[right].isalpha() or text[right] == "-" and text[right + 1 : right + 2].isalpha()
        ):
            right += 1
        english = any(m.start() <= start - left < m.end() for m in _ENGLISH_VIEW.finditer(text[left:right]))
        out.append(text[last:start])
        out.append(match.group(0) if english else _vue(match))
        last = end
    out.append(text[last:])
    return "".join(out)


def to_framework(text: str) -> str:
    """``text`` in the framework's real spelling: the inverse of neutralize.py's RULES."""
    return _views_back(_words_back(text))


def framework_accepts(texts: dict[str, str]) -> dict[str, tuple[bool, list[tuple[str, str]]]]:
    """Whether the framework's ``NuxtConfig`` type accepts each config object literal.

    ``texts`` maps an id to an object literal's source in the framework's real spelling
    (see ``to_framework``). One node process for all; the answer maps each id to
    (accepted, [(property path, message)]). Fails the calling test when node or the
    packages of tests/node are not installed (a missing install fails, never skips).
    """
    jobs = [{"id": key, "text": text} for key, text in texts.items()]
    raw = run_node_script("typecheck-config.mjs", jobs, needs="the framework-types oracle", packages=PACKAGES)
    return {key: (bool(raw[key]["ok"]), [(e["path"], e["message"]) for e in raw[key]["errors"]]) for key in texts}
