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

import json
import re
from typing import Any

from tests.node_jobs import NODE_DIR, run_node_script

PACKAGES = ("typescript", "@nuxt/schema", "nuxt-schema-3", "compatx", "vue", "@unhead/vue", "unimport")

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


def framework_accepts(
    texts: dict[str, str], majors: dict[str, int] | None = None, *, module_keys: bool = False
) -> dict[str, tuple[bool, list[tuple[str, str]]]]:
    """Whether the framework's ``NuxtConfig`` type accepts each config object literal.

    ``texts`` maps an id to an object literal's source in the framework's real spelling
    (see ``to_framework``); ``majors`` gives an id's major version (4 unless said: 3
    checks against @nuxt/schema 3); ``module_keys`` takes an unknown top-level key for a module's
    options, as the framework does (its value unchecked). One node process for all; the answer maps each id to
    (accepted, [(property path, message)]). Fails the calling test when node or the
    packages of tests/node are not installed (a missing install fails, never skips).
    """
    majors = majors or {}
    jobs = [
        {"id": key, "text": text, "major": majors.get(key, 4), "moduleKeys": module_keys} for key, text in texts.items()
    ]
    raw = run_node_script("typecheck-config.mjs", jobs, needs="the framework-types oracle", packages=PACKAGES)
    return {key: (bool(raw[key]["ok"]), [(e["path"], e["message"]) for e in raw[key]["errors"]]) for key in texts}


# Real word -> neutral word: ../shared/corpus/neutralize.py's RULES, the naming table of
# ../shared/spec/naming.md (a test compares the two when ../shared is there).
NEUTRAL_RULES = [
    (r"vitest", "vbuildtest"), (r"Vitest", "Vbuildtest"),
    (r"webpack", "wbuild"), (r"Webpack", "Wbuild"), (r"WEBPACK", "WBUILD"),
    (r"rspack", "rbuild"), (r"Rspack", "Rbuild"),
    (r"esbuild", "ebuild"), (r"Esbuild", "Ebuild"), (r"ESBUILD", "EBUILD"),
    (r"autoprefixer", "prefixer"), (r"cssnano", "cssminifier"),
    (r"postcss", "cssproc"), (r"PostCSS", "Cssproc"), (r"Postcss", "Cssproc"),
    (r"unhead", "headmgr"), (r"Unhead", "Headmgr"),
    (r"chokidar", "filewatcher"),
    (r"\boxc\b", "oxtool"),
    (r"nuxt", "fwk"), (r"Nuxt", "Fwk"), (r"NUXT", "FWK"),
    (r"nitro", "srv"), (r"Nitro", "Srv"), (r"NITRO", "SRV"),
    (r"vite", "vbuild"), (r"Vite", "Vbuild"), (r"VITE", "VBUILD"),
    (r"(?<![.\w])vue|(?<=[-@/_])vue|(?<=[a-z])vue", "view"),
    (r"Vue", "View"), (r"VUE", "VIEW"),
]  # fmt: skip
_NEUTRAL = [(re.compile(pattern), word) for pattern, word in NEUTRAL_RULES]


def to_neutral(text: str) -> str:
    """``text`` in the project's neutral spelling (the naming table applied)."""
    for pattern, word in _NEUTRAL:
        text = pattern.sub(word, text)
    return text


def framework_types(paths: dict[str, tuple[int, list[str], int]]) -> dict[str, Any]:
    """The framework's config type of major ``m`` at each (m, neutral path, depth), in the JSON form of the
    catalogue's types, still in the framework's spelling; None where its types do not say (see
    tests/node/framework-types.mjs)."""
    jobs = [
        {"id": key, "major": major, "path": [to_framework(segment) for segment in path], "depth": depth}
        for key, (major, path, depth) in paths.items()
    ]
    raw = run_node_script("framework-types.mjs", jobs, needs="the framework-types oracle", packages=PACKAGES)
    return {key: raw[key] for key in paths}


SHIPPED_DEPTH = {"option": 3, "group": 1}
SHIPPED_MAX_CHARS = 6000
SCHEMA_PACKAGES = {"A": "@nuxt/schema", "B": "nuxt-schema-3"}


def _neutral_type(node: Any) -> Any:
    """A type's JSON form with the naming table applied to its field names and string literals."""
    if isinstance(node, list):
        return [_neutral_type(n) for n in node]
    if not isinstance(node, dict):
        return node
    out = {k: _neutral_type(v) for k, v in node.items()}
    if isinstance(out.get("name"), str) and "type" in out:
        out["name"] = to_neutral(out["name"])
    if out.get("kind") == "literal" and isinstance(out.get("value"), str) and to_neutral(out["value"]) != out["value"]:
        # The reference renames some values (builder: 'vbuild') and leaves others as the framework spells
        # them (naming.md, rule 3): both spellings are taken.
        return {"kind": "union", "options": [{**out, "value": to_neutral(out["value"])}, out]}
    return out


def shipped_framework_types(catalog: Any) -> dict[str, Any]:
    """What fwk_tui/catalog/framework_types.json holds, made from the schema packages of tests/node.

    For each variant (A: the schema of major 4, B: of major 3), the framework's type at every
    catalogued option's path (of either variant) (three levels down) and at every group above one (its keys, one
    level down), in the catalogue's spelling; paths where the framework's types do not say are
    left out.
    """
    from fwk_tui.paths import format_path

    wanted: dict[tuple[str, tuple[str, ...]], int] = {}
    for option in catalog.options:
        segments = tuple(str(s) for s in option.segments)
        for variant in SCHEMA_PACKAGES:  # an option of one variant is still read (or refused) by the other
            wanted[(variant, segments)] = SHIPPED_DEPTH["option"]
            for i in range(1, len(segments)):
                wanted.setdefault((variant, segments[:i]), SHIPPED_DEPTH["group"])
    keyed = {(variant, segments): f"{variant}|{format_path(segments)}" for variant, segments in wanted}
    raw = framework_types(
        {keyed[k]: ({"A": 4, "B": 3}[k[0]], list(k[1]), depth) for k, depth in sorted(wanted.items())}
    )
    # A type too big to ship (the head's tags: every HTML attribute) is summarised less deep:
    # deeper objects become "an object", which only widens what it takes.
    for depth in range(SHIPPED_DEPTH["option"] - 1, -1, -1):
        big = {k: key for k, key in keyed.items() if len(json.dumps(raw[key])) > SHIPPED_MAX_CHARS}
        if not big:
            break
        raw.update(framework_types({key: ({"A": 4, "B": 3}[k[0]], list(k[1]), depth) for k, key in big.items()}))
    node_modules = NODE_DIR / "node_modules"
    versions = {
        variant: json.loads((node_modules / package / "package.json").read_text())["version"]
        for variant, package in SCHEMA_PACKAGES.items()
    }
    types: dict[str, dict[str, Any]] = {"A": {}, "B": {}}
    for (variant, segments), key in sorted(keyed.items()):
        found = raw[key]
        if found is not None:
            types[variant][format_path(segments)] = _neutral_type(found)
    return {"schema": versions, "types": types}
