"""What the session works out from paths and values: the paths edits touch, values carried across an edit."""

from __future__ import annotations

from typing import Any

from fwk_tui.paths import OptionPath as KeyPath
from fwk_tui.paths import PathError, format_path, parse_path
from fwk_tui.session.edit import Edit
from fwk_tui.source import ConfigDocument, DocumentError
from fwk_tui.source.values import JSValue


def touched_paths(edits: list[Edit]) -> list[KeyPath]:
    """The paths ``edits`` write or remove (a renamed key at both names), each once, in order."""
    texts: list[str] = []
    for edit in edits:
        fix = edit.fix
        if edit.kind == "replace":
            continue
        if fix is not None:
            texts.append(fix.path)
            if fix.new_path:
                texts.append(fix.new_path)
            if fix.new_key:
                texts.append(_renamed(fix.path, fix.new_key))
            continue
        texts.append(edit.path)
        if edit.kind == "rename" and edit.key is not None:
            texts.append(_renamed(edit.path, edit.key))
    out: list[KeyPath] = []
    for text in dict.fromkeys(texts):
        try:
            out.append(parse_path(text))
        except PathError:
            continue
    return out


def _renamed(path: str, key: str) -> str:
    try:
        return format_path((*parse_path(path)[:-1], key))
    except PathError:
        return path


_ABSENT = object()


def value_at(doc: ConfigDocument, path: KeyPath) -> Any:
    try:
        return doc.get(path)
    except (KeyError, DocumentError):
        return _ABSENT


def _exact_scalar(value: Any) -> bool:
    return value is None or isinstance(value, (str, bool, int)) and not isinstance(value, float)


def _holds(node: Any, seg: str | int) -> bool:
    if isinstance(node, dict):
        return isinstance(seg, str) and seg in node
    return isinstance(node, list) and isinstance(seg, int) and 0 <= seg < len(node)


def carried_values(edit: Edit, values: dict[str, JSValue]) -> dict[str, JSValue] | None:
    """The values after ``edit``, derived from ``values`` (before it) when it replaced a scalar by another; else None.

    Typing in a field is such an edit at every keystroke; reading a 450-line
    file costs a few milliseconds. Only kinds that read back exactly as set
    qualify (not floats: ``1.0`` reads back as ``1``), and not hooks, which
    the reader flattens.
    """
    if edit.kind != "set" or not _exact_scalar(edit.value):
        return None
    try:
        segments = parse_path(edit.path)
    except PathError:
        return None
    if not segments or segments[0] == "hooks" or str(segments[0]).startswith("$"):
        return None
    root: Any = dict(values)
    node = root
    for seg in segments[:-1]:
        child = node[seg] if _holds(node, seg) else None
        if isinstance(child, dict):
            child = dict(child)
        elif isinstance(child, list):
            child = list(child)
        else:
            return None
        node[seg] = child
        node = child
    last = segments[-1]
    if not _holds(node, last) or not _exact_scalar(node[last]):
        return None
    node[last] = edit.value
    return root
