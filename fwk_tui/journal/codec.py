"""How the journal writes edits and values as JSON, and reads them back checked: damage is refused, never applied."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Any, TypeVar, get_args

from fwk_tui.session import Edit, EditKind
from fwk_tui.source import UNDEFINED, Code
from fwk_tui.source.values import JSValue
from fwk_tui.validate import Fix

_EDIT_KINDS = frozenset(get_args(EditKind))
_FIX_KINDS = frozenset({"set", "unset", "rename", "move", "replace", "remove-duplicate", "merge"})
_PREFERS = frozenset({"existing", "moved"})
_CODE_KINDS = frozenset({"expr", "regex"})
_T = TypeVar("_T")
_NON_FINITE = {"nan": math.nan, "inf": math.inf, "-inf": -math.inf}


class JournalFormatError(ValueError):
    """An entry that is not a journal entry of this version (it is ignored)."""


def typed(value: Any, kinds: type | tuple[type, ...]) -> Any:
    """``value`` when it is of ``kinds`` (a bool only where bool is named); JournalFormatError otherwise."""
    if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in _as_tuple(kinds)):
        raise JournalFormatError(f"unexpected {type(value).__name__} {value!r:.40}")
    return value


def _as_tuple(kinds: type | tuple[type, ...]) -> tuple[type, ...]:
    return kinds if isinstance(kinds, tuple) else (kinds,)


def _optional(value: Any, kind: type) -> Any:
    return typed(value, (kind, type(None)))


def encode_value(value: JSValue) -> Any:
    """A JSON-ready form of a config value that :func:`decode_value` turns back into an equal value.

    JSON scalars stay as they are; everything else is an object tagged by
    ``"$"``: dicts (so a plain ``{"code": "x"}`` never reads back as Code),
    ``Code`` with its kind, ``UNDEFINED`` and non-finite floats. TypeError for
    anything that is not a config value.
    """
    if value is None or isinstance(value, (bool, str, int)):
        return value
    if isinstance(value, float):
        if math.isfinite(value):
            return value
        return {"$": "float", "value": "nan" if math.isnan(value) else ("inf" if value > 0 else "-inf")}
    if isinstance(value, list):
        return [encode_value(v) for v in value]
    if isinstance(value, dict):
        if not all(isinstance(k, str) for k in value):
            raise TypeError("object keys must be strings")
        return {"$": "dict", "items": [[k, encode_value(v)] for k, v in value.items()]}
    if isinstance(value, Code):
        return {"$": "code", "text": value.text, "kind": value.kind}
    if value is UNDEFINED:
        return {"$": "undefined"}
    raise TypeError(f"not a config value: {type(value).__name__}")


def decode_value(data: Any) -> JSValue:
    """The value :func:`encode_value` encoded; JournalFormatError for anything else."""
    return checked(_decode_value, data)


def checked(decode: Callable[[Any], _T], data: Any) -> _T:
    """``decode(data)``; entries come from disk, so any shape error is the entry's fault: a JournalFormatError."""
    try:
        return decode(data)
    except (KeyError, TypeError, ValueError, AttributeError, RecursionError) as exc:
        if isinstance(exc, JournalFormatError):
            raise
        raise JournalFormatError(f"malformed journal entry: {exc!r:.80}") from exc


def _decode_value(data: Any) -> JSValue:
    if data is None or isinstance(data, (bool, str, int, float)):
        return data
    if isinstance(data, list):
        return [_decode_value(v) for v in data]
    if not isinstance(data, dict):
        raise JournalFormatError(f"not an encoded value: {data!r:.40}")
    tag = data.get("$")
    if tag == "dict":
        return {typed(k, str): _decode_value(v) for k, v in typed(data["items"], list)}
    if tag == "code":
        kind = data["kind"]
        if kind not in _CODE_KINDS:
            raise JournalFormatError(f"bad code kind {kind!r}")
        return Code(typed(data["text"], str), kind=kind)
    if tag == "undefined":
        return UNDEFINED
    if tag == "float" and data.get("value") in _NON_FINITE:
        return _NON_FINITE[data["value"]]
    raise JournalFormatError(f"unknown value tag {tag!r}")


def encode_edit(edit: Edit) -> dict[str, Any]:
    """A JSON-ready form of ``edit`` (values tagged as :func:`encode_value` does)."""
    return {
        "kind": edit.kind,
        "path": edit.path,
        "value": encode_value(edit.value),
        "key": edit.key,
        "index": edit.index,
        "fix": None if edit.fix is None else _encode_fix(edit.fix),
    }


def _encode_fix(fix: Fix) -> dict[str, Any]:
    return {
        "kind": fix.kind,
        "path": fix.path,
        "title": fix.title,
        "value": encode_value(fix.value),
        "new_key": fix.new_key,
        "new_path": fix.new_path,
        "occurrence": fix.occurrence,
        "conflicts": list(fix.conflicts),
        "prefer": fix.prefer,
    }


def decode_edit(data: Any) -> Edit:
    """The edit :func:`encode_edit` encoded, checked to be applicable; JournalFormatError otherwise."""
    return checked(_decode_edit, data)


def _decode_edit(data: Any) -> Edit:
    kind = _kind(data, _EDIT_KINDS, "edit")
    edit = Edit(
        kind=kind,
        path=typed(data["path"], str),
        value=_decode_value(data["value"]),
        key=_optional(data["key"], str),
        index=_optional(data["index"], int),
        fix=None if data["fix"] is None else _decode_fix(data["fix"]),
    )
    # What Edit.apply asserts, checked here so a damaged entry is ignored instead.
    _require(
        kind,
        {"rename": edit.key, "insert": edit.index, "move": edit.index, "fix": edit.fix},
        "edit without its argument",
    )
    if kind in ("set_code", "replace") and not isinstance(edit.value, str):
        raise JournalFormatError(f"{kind} edit without its text")
    return edit


def _decode_fix(data: Any) -> Fix:
    kind = _kind(data, _FIX_KINDS, "fix")
    fix = Fix(
        kind=kind,
        path=typed(data["path"], str),
        title=typed(data["title"], str),
        value=_decode_value(data["value"]),
        new_key=_optional(data["new_key"], str),
        new_path=_optional(data["new_path"], str),
        occurrence=_optional(data.get("occurrence"), int),  # absent in older journals
        conflicts=tuple(typed(c, str) for c in typed(data.get("conflicts", []), list)),
        prefer=_prefer(data.get("prefer")),
    )
    targets = {
        "rename": fix.new_key,
        "move": fix.new_path,
        "replace": fix.new_path,
        "remove-duplicate": fix.occurrence,
        "merge": fix.new_path,
    }
    _require(kind, targets, "fix without its target")
    return fix


def _prefer(data: Any) -> Any:
    """A merge's choice: ``existing``, ``moved`` or None."""
    if data is not None and data not in _PREFERS:
        raise JournalFormatError(f"unknown merge choice {data!r}")
    return data


def _kind(data: Any, kinds: frozenset[str], what: str) -> Any:
    """The ``kind`` of the encoded object ``data``, one of ``kinds``."""
    kind = typed(data, dict)["kind"]
    if kind not in kinds:
        raise JournalFormatError(f"unknown {what} kind {kind!r}")
    return kind


def _require(kind: str, needs: Mapping[str, object], missing: str) -> None:
    """JournalFormatError when ``kind`` needs an argument (in ``needs``) that is absent."""
    if kind in needs and needs[kind] is None:
        raise JournalFormatError(f"{kind} {missing}")


__all__ = ["JournalFormatError", "checked", "decode_edit", "decode_value", "encode_edit", "encode_value", "typed"]
