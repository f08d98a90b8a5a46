"""The config's edits the answers ask for, through the document engine.

:func:`apply_answers` compares what the starting answers and the new answers ask
of each option and edits only the options whose wish changed, so a config the
wizard read keeps every other byte (comments, functions, unknown keys).
"""

from __future__ import annotations

from typing import Any

from fwk_tui.paths import format_path, parse_path
from fwk_tui.source import ConfigDocument
from fwk_tui.validate.env import is_private_path
from fwk_tui.validate.values import MISSING
from fwk_tui.wizard.answers import DEFAULT_SRC_DIR, Answers, description_index, module_names

ABSENT = MISSING
"""Wish: the option is not written (its default applies)."""


class _Keep:
    def __repr__(self) -> str:
        return "KEEP"


KEEP: Any = _Keep()
"""Wish: whatever the file has stays (a builder written as code)."""


class _Not3:
    def __repr__(self) -> str:
        return "NOT_3"


NOT_3: Any = _Not3()
"""Wish for ``future.compatibilityVersion`` in layout A: anything but 3 (v3 behaviour is layout B)."""

MODULES = "modules"
DESCRIPTION = "app.head.meta#description"
"""Pseudo-paths with their own edits: module names in a list of mixed items; one item of ``app.head.meta``."""


def wishes(a: Answers) -> dict[str, Any]:
    """What ``a`` asks of each option the wizard covers, in the order a new file lists them."""
    spa = a.rendering == "spa"
    out: dict[str, Any] = {
        "compatibilityDate": a.compatibility_date or ABSENT,
        "srcDir": ABSENT if a.src_dir == DEFAULT_SRC_DIR[a.variant] else a.src_dir,
        "future.compatibilityVersion": 3 if a.variant == "B" else NOT_3,
        "ssr": False if spa else ABSENT,
        "spaLoadingTemplate": a.spa_loading_template if spa and a.spa_loading_template is not None else ABSENT,
        "builder": KEEP if a.bundler is None else ABSENT if a.bundler == "vbuild" else a.bundler,
        MODULES: a.modules,
        "app.head.title": a.title or ABSENT,
        "app.head.htmlAttrs.lang": a.lang or ABSENT,
        DESCRIPTION: a.description or ABSENT,
    }
    for item in a.runtime:
        out[item.path] = item.value
    out.update(
        {
            "typescript.strict": ABSENT if a.strict else False,
            "typescript.typeCheck": KEEP
            if a.type_check is None
            else ABSENT
            if a.type_check == "off"
            else a.type_check_value,
            "devServer.port": ABSENT if a.port == 3000 else a.port,
            "devServer.host": a.host or ABSENT,
        }
    )
    return out


def _same(a: Any, b: Any) -> bool:
    return a is b or (type(a) is type(b) and a == b)


def apply_answers(doc: ConfigDocument, start: Answers, answers: Answers) -> ConfigDocument:
    """``doc`` edited so that it says ``answers`` where ``start`` (what it said) differs.

    Each changed wish is one edit of the document engine; options the wizard
    does not cover, and covered ones whose answer did not change, stay as written.
    """
    before, after = wishes(start), wishes(answers)
    for path in [*after, *(p for p in before if p not in after)]:
        old, new = before.get(path, ABSENT), after.get(path, ABSENT)
        if new is KEEP or _same(old, new):
            continue
        if path == MODULES:
            doc = _set_modules(doc, new or ())
        elif path == DESCRIPTION:
            doc = _set_description(doc, new)
        elif new is NOT_3:
            if doc.has(path) and _same(doc.get(path), 3):
                doc = _unset(doc, path)
        elif new is ABSENT:
            if doc.has(path):
                doc = _unset(doc, path)
        else:
            # A private key's value goes to .env (fwk_tui.wizard.dotenv), '' here.
            doc = doc.set(path, "" if is_private_path(parse_path(path)) and new not in ("", None) else new)
    return doc


def _unset(doc: ConfigDocument, path: str) -> ConfigDocument:
    """Remove ``path``, then the objects above it that this left empty (comments or not)."""
    doc = doc.unset(path)
    segments = parse_path(path)
    for depth in range(len(segments) - 1, 0, -1):
        parent = format_path(segments[:depth])
        if not doc.has(parent):
            continue  # the engine's unset removed it already
        if doc.get(parent) != {}:
            break
        doc = doc.unset(parent)
    return doc


def _set_modules(doc: ConfigDocument, names: tuple[str, ...]) -> ConfigDocument:
    """Keep the listed modules as written (options, inline functions), remove the others, add the new.

    New names are added before old ones are removed, so the array keeps its own layout.
    """
    current = doc.get(MODULES) if doc.has(MODULES) else []
    if not isinstance(current, list):
        return doc.set(MODULES, list(names)) if names else doc
    present = set(module_names(current))
    added = [name for name in dict.fromkeys(names) if name not in present]
    if added:
        doc = doc.insert(MODULES, len(current), *added)  # one edit: no re-read per name
    for index in range(len(current) - 1, -1, -1):
        named = module_names([current[index]])
        if named and named[0] not in names:
            doc = doc.remove(f"{MODULES}[{index}]")
    if doc.has(MODULES) and doc.get(MODULES) == []:
        doc = _unset(doc, MODULES)
    return doc


def _set_description(doc: ConfigDocument, content: Any) -> ConfigDocument:
    meta = doc.get("app.head.meta") if doc.has("app.head.meta") else MISSING
    index = description_index(meta)
    if content is ABSENT:
        if index is None:
            return doc
        doc = doc.remove(f"app.head.meta[{index}]")
        return _unset(doc, "app.head.meta") if doc.get("app.head.meta") == [] else doc
    if index is not None:
        return doc.set(f"app.head.meta[{index}].content", content)
    count = len(meta) if isinstance(meta, list) else 0
    return doc.insert("app.head.meta", count, {"name": "description", "content": content})
