"""A type expression in words for people (labels and messages); its canonical text is ``render``."""

from __future__ import annotations

from fwk_tui.catalog.types.nodes import (
    ArrayType,
    BoolType,
    CodeType,
    LiteralType,
    NumType,
    ObjectType,
    RecordType,
    StrType,
    TupleType,
    TypeExpr,
    UnionType,
    render,
)


def describe(node: TypeExpr) -> str:
    """A short human name for the kind of value (for labels and messages)."""
    if isinstance(node, UnionType):
        return " or ".join(describe(o) for o in node.options)
    if isinstance(node, LiteralType):
        return render(node)
    if isinstance(node, StrType):
        return {
            "string": "text",
            "date": "date (YYYY-MM-DD)",
            "url": "absolute URL",
            "path": "path",
            "glob": "glob pattern",
            "regex": "regular expression",
            "source": "layer source",
        }[node.format]
    if isinstance(node, NumType):
        return render(node).replace("integer", "whole number")
    if isinstance(node, ArrayType):
        return f"list of {describe(node.item)}"
    if isinstance(node, RecordType):
        return f"map of {describe(node.value)}"
    if isinstance(node, ObjectType):
        return "object"
    if isinstance(node, TupleType):
        return "tuple"
    if isinstance(node, CodeType):
        return "function" if node.function else "code"
    if isinstance(node, BoolType):
        return "boolean"
    return "any value"
