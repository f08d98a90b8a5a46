"""Which editor a value gets: from the option's type in the current variant, and from the value itself.

Each kind of editor adds itself here when its module is imported
(``@register("text")`` on :class:`~fwk_tui.tui.fields.text.TextEditor`); the
package imports them all. Nothing here imports an editor: a field, a list or
a record asks :func:`editor_for` and gets whichever class stands for the kind.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal, TypeVar

from fwk_tui.catalog.models import Default
from fwk_tui.catalog.types import (
    AnyType,
    ArrayType,
    BoolType,
    CodeType,
    NumType,
    ObjectType,
    RecordType,
    TypeExpr,
    UnionType,
)
from fwk_tui.paths import PathError, parse_path
from fwk_tui.source.values import Code
from fwk_tui.tui.fields.kinds import enum_values, text_type
from fwk_tui.tui.fields.value_editor import ValueEditor, is_missing
from fwk_tui.validate.values import MISSING

EditorKind = Literal["boolean", "code", "enum", "expression", "list", "number", "record", "text", "union", "unknown"]
"""The kinds of value editor, one class each."""

E = TypeVar("E", bound=ValueEditor)

_EDITORS: dict[EditorKind, type[ValueEditor]] = {}


def register(kind: EditorKind) -> Callable[[type[E]], type[E]]:
    """Class decorator: the decorated editor edits values of ``kind``."""

    def add(cls: type[E]) -> type[E]:
        _EDITORS[kind] = cls
        return cls

    return add


def editor_of(kind: EditorKind) -> type[ValueEditor]:
    """The editor class of ``kind`` (its module must have been imported: ``fwk_tui.tui.fields`` imports them all)."""
    return _EDITORS[kind]


MAX_DEPTH = 10
"""Keys and items one inside another that open as rows; an object or a list deeper still opens as code.

Each level opened is a panel inside the one before: twenty deep, drawing the
nested panels took seconds per key."""


def too_deep(path: str) -> bool:
    """Whether an object or a list at ``path`` opens as code (see :data:`MAX_DEPTH`)."""
    if path.count(".") + path.count("[") < MAX_DEPTH:
        return False  # cheap: fewer separators, fewer segments
    try:
        return len(parse_path(path)) > MAX_DEPTH
    except PathError:
        return False


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _is_scalar(value: Any) -> bool:
    return value is None or isinstance(value, (bool, int, float, str))


def editor_kind(type_: TypeExpr | None, value: Any, path: str = "") -> EditorKind:
    """The kind of editor for ``value`` of ``type_`` at ``path``.

    Keys the catalogue does not know, and ``any``, get the value-or-code
    editor; code gets the code editor; a value of the wrong kind for its type
    (``port: '3000'``) gets a JavaScript value input until it is a right one;
    an object or a list deeper than :data:`MAX_DEPTH` gets the code editor.
    """
    kind = _kind(type_, value)
    if kind in ("list", "record") and too_deep(path):
        return "code"
    return kind


def _kind(type_: TypeExpr | None, value: Any) -> EditorKind:
    if type_ is None or isinstance(type_, AnyType):
        return "unknown"
    if isinstance(value, Code) and value.kind == "expr":
        return "code"
    if isinstance(type_, CodeType):
        return "code"
    missing = is_missing(value)
    if isinstance(type_, BoolType):
        return "boolean" if missing or isinstance(value, bool) else "expression"
    if enum_values(type_) is not None:
        return "enum" if missing or _is_scalar(value) else "expression"
    found = text_type(type_)
    if found is not None:
        regex = found[0].format == "regex"
        ok = isinstance(value, Code) if regex else isinstance(value, str)
        return "text" if missing or ok else "expression"
    if isinstance(type_, NumType):
        return "number" if missing or _is_number(value) else "expression"
    if isinstance(type_, ArrayType):
        return "list" if missing or isinstance(value, list) else "expression"
    if isinstance(type_, (RecordType, ObjectType)):
        return "record" if missing or isinstance(value, dict) else "expression"
    if isinstance(type_, UnionType):
        return "union"
    return "expression"  # tuples, a lone literal of another kind


def editor_class(type_: TypeExpr | None, value: Any, path: str = "") -> type[ValueEditor]:
    """The editor class for ``value`` of ``type_`` at ``path`` (see :func:`editor_kind`)."""
    return editor_of(editor_kind(type_, value, path))


def has_typed_editor(type_: TypeExpr | None) -> bool:
    """True when a value of ``type_`` has an editor other than code (what Ctrl+T in the code editor offers)."""
    if type_ is None or isinstance(type_, AnyType):
        return False
    return editor_kind(type_, MISSING) != "code"


def editor_for(
    path: str,
    type_: TypeExpr | None,
    value: Any,
    *,
    default: Default | None = None,
    classes: str | None = None,
) -> ValueEditor:
    """The editor of ``value`` at ``path`` (see :func:`editor_kind`)."""
    return editor_class(type_, value, path)(path, type_, value, default=default, classes=classes)
