"""The modules a config's layers list: a layer (``extends: ['../base']``) may install a module whose options the
config then sets (``i18n: {...}`` in the app, ``modules: ['@fwk/i18n']`` in its base layer).

Each layer is found as the loader finds it (``find_source``: a folder, a file, a package), its config read as a
document (never run), and its ``modules`` taken, the layers it names in turn (each file once, at most
:data:`MAX_LAYER_FILES`). A layer's file is read again only when it changes (its time and size): the editor asks
at every keystroke. What cannot be read gives no module: the loader's own findings say why.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from fwk_tui.modules.installed import module_names
from fwk_tui.resolve.loader import LAYER_KEYS
from fwk_tui.resolve.sources import find_source
from fwk_tui.source import DocumentError, load_document

MAX_LAYER_FILES = 64
"""Layer files read for their modules, for one config (a project has a few)."""

_VALUES: dict[tuple[str, int, int], dict[str, Any]] = {}


def layer_modules(values: dict[str, Any], folder: Path) -> list[tuple[str, Path]]:
    """Each module the layers of a config writing ``values`` in ``folder`` list (by package name), with the
    folder its package is looked for from (the layer's own)."""
    out: list[tuple[str, Path]] = []
    pending: list[tuple[dict[str, Any], Path]] = [(values, folder)]
    seen: set[Path] = set()
    while pending and len(seen) < MAX_LAYER_FILES:
        written, here = pending.pop(0)
        for source in _sources(written):
            found = find_source(source, here)
            if found.status != "file" or found.file is None or found.file in seen:
                continue
            seen.add(found.file)
            layer = _values_of(found.file)
            where = found.folder or found.file.parent
            out += [(name, found.file.parent) for name in module_names(layer)]
            pending.append((layer, where))
            if len(seen) >= MAX_LAYER_FILES:
                break
    return out


def _sources(values: dict[str, Any]) -> Iterator[str]:
    for key in LAYER_KEYS:
        value = values.get(key)
        for item in value if isinstance(value, list) else [value]:
            if isinstance(item, list) and item:
                item = item[0]
            elif isinstance(item, dict):
                item = item.get("source")
            if isinstance(item, str) and item:
                yield item


def _values_of(file: Path) -> dict[str, Any]:
    try:
        stat = os.stat(file)
    except OSError:
        return {}
    key = (str(file), stat.st_mtime_ns, stat.st_size)
    kept = _VALUES.get(key)
    if kept is None:
        try:
            kept = load_document(file).values()
        except (DocumentError, OSError):
            kept = {}
        if len(_VALUES) > 4 * MAX_LAYER_FILES:
            _VALUES.clear()
        _VALUES[key] = kept
    return kept
