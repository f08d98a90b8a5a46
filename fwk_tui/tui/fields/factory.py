"""Which editor a value gets: from the option's type in the current variant, and from the value itself."""

from __future__ import annotations

from typing import Any

from fwk_tui.catalog.models import Default, Option, Variant
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
from fwk_tui.source.values import Code
from fwk_tui.tui.fields.base import OptionField, ValueEditor, is_missing
from fwk_tui.tui.fields.boolean import BooleanEditor
from fwk_tui.tui.fields.code import CodeEditor
from fwk_tui.tui.fields.enum import EnumEditor
from fwk_tui.tui.fields.expression import ExpressionEditor
from fwk_tui.tui.fields.kinds import enum_values, text_type
from fwk_tui.tui.fields.list import ListEditor
from fwk_tui.tui.fields.number import NumberEditor
from fwk_tui.tui.fields.record import RecordEditor
from fwk_tui.tui.fields.text import TextEditor
from fwk_tui.tui.fields.union import UnionEditor
from fwk_tui.tui.fields.unknown import UnknownEditor
from fwk_tui.validate import Diagnostic
from fwk_tui.validate.values import MISSING


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _is_scalar(value: Any) -> bool:
    return value is None or isinstance(value, (bool, int, float, str))


def editor_class(type_: TypeExpr | None, value: Any) -> type[ValueEditor]:
    """The editor for ``value`` of ``type_``.

    Keys the catalogue does not know, and ``any``, get the value-or-code
    editor; code gets the code editor; a value of the wrong kind for its type
    (``port: '3000'``) gets a JavaScript value input until it is a right one.
    """
    if type_ is None or isinstance(type_, AnyType):
        return UnknownEditor
    if isinstance(value, Code) and value.kind == "expr":
        return CodeEditor
    if isinstance(type_, CodeType):
        return CodeEditor
    missing = is_missing(value)
    if isinstance(type_, BoolType):
        return BooleanEditor if missing or isinstance(value, bool) else ExpressionEditor
    if enum_values(type_) is not None:
        return EnumEditor if missing or _is_scalar(value) else ExpressionEditor
    found = text_type(type_)
    if found is not None:
        regex = found[0].format == "regex"
        ok = isinstance(value, Code) if regex else isinstance(value, str)
        return TextEditor if missing or ok else ExpressionEditor
    if isinstance(type_, NumType):
        return NumberEditor if missing or _is_number(value) else ExpressionEditor
    if isinstance(type_, ArrayType):
        return ListEditor if missing or isinstance(value, list) else ExpressionEditor
    if isinstance(type_, (RecordType, ObjectType)):
        return RecordEditor if missing or isinstance(value, dict) else ExpressionEditor
    if isinstance(type_, UnionType):
        return UnionEditor
    return ExpressionEditor  # tuples, a lone literal of another kind


def has_typed_editor(type_: TypeExpr | None) -> bool:
    """True when a value of ``type_`` has an editor other than code (what Ctrl+T in the code editor offers)."""
    if type_ is None or isinstance(type_, AnyType):
        return False
    return editor_class(type_, MISSING) is not CodeEditor


def make_editor(
    cls: type[ValueEditor],
    path: str,
    type_: TypeExpr | None,
    value: Any,
    *,
    default: Default | None = None,
    classes: str | None = None,
) -> ValueEditor:
    """An editor of class ``cls`` (with what that class needs beyond the common arguments)."""
    if cls is CodeEditor:
        return CodeEditor(path, type_, value, default=default, typed=has_typed_editor(type_), classes=classes)
    return cls(path, type_, value, default=default, classes=classes)


def editor_for(
    path: str,
    type_: TypeExpr | None,
    value: Any,
    *,
    default: Default | None = None,
    classes: str | None = None,
) -> ValueEditor:
    """The editor of ``value`` at ``path`` (see :func:`editor_class`)."""
    return make_editor(editor_class(type_, value), path, type_, value, default=default, classes=classes)


def field_for(
    path: str,
    option: Option | None,
    value: Any,
    variant: Variant,
    diagnostics: list[Diagnostic],
) -> OptionField:
    """The editor's form field of ``path``: header (named below the top-level key), the editor its type and
    value need, diagnostics."""
    return OptionField(path, option, value, variant, diagnostics, full_name=True)

