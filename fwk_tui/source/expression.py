"""One JavaScript expression, as typed in a field or on the command line: checked, or read as a value."""

from __future__ import annotations

from fwk_tui.paths import OptionPath
from fwk_tui.source.errors import ParseError
from fwk_tui.source.expression_problem import ExpressionError, Problem, find_problem
from fwk_tui.source.lexical import lexical_problem
from fwk_tui.source.parse import error_at, first_error, parse_bytes, stray_comma, too_deep
from fwk_tui.source.read import Reader
from fwk_tui.source.textutil import first_surrogate
from fwk_tui.source.values import Code, JSValue


def check_expression(source: str) -> str:
    """``source`` stripped, when it is one JavaScript expression; ParseError otherwise.

    The error (an :class:`ExpressionError`) says the first problem of ``source``
    as typed, with its line and column in ``source``: never the parentheses the
    parser reads it in.
    """
    surrogate = first_surrogate(source)
    if surrogate is not None:
        raise ExpressionError(source, Problem(surrogate[1], surrogate[0], syntax=False))
    try:
        return _check_stripped(source.strip())
    except ParseError as exc:
        raise ExpressionError(source, find_problem(source, exc)) from None


def _check_stripped(text: str) -> str:
    """``text`` when it is one expression; else the parser's ParseError, in the columns of ``text``."""
    if not text:
        raise ParseError("an empty expression", filename="<code>")
    raw = text.encode("utf-8")
    data = b"(" + raw + b")"
    tree = parse_bytes(data)
    if tree.root_node.has_error:
        if not parse_bytes(b"(" + raw + b"\n)").root_node.has_error:
            raise ParseError("the expression ends in a // comment; remove it or use /* */", filename="<code>")
        pos, message = first_error(tree)
        raise error_at(raw, min(max(pos - 1, 0), len(raw)), message, "<code>")
    stray = stray_comma(tree, data)
    if stray is not None:
        raise error_at(raw, stray - 1, "syntax error: unexpected `,`", "<code>")
    deep = too_deep(tree, 0, len(data))
    if deep is not None:
        raise error_at(raw, max(deep[0] - 1, 0), deep[1], "<code>")
    refused = lexical_problem(tree, data)
    if refused is not None:
        raise error_at(raw, refused[0] - 1, refused[1], "<code>")
    statements = [c for c in tree.root_node.named_children if c.type != "comment"]
    expr = statements[0].named_children[0] if len(statements) == 1 and statements[0].named_children else None
    if (
        expr is None
        or statements[0].type != "expression_statement"
        or expr.type != "parenthesized_expression"
        or expr.end_byte != len(data)
        or any(c.type == "sequence_expression" for c in expr.named_children)
    ):
        raise ParseError(f"not a single expression: {text[:60]!r}", filename="<code>")
    return text


def read_expression(source: str) -> JSValue:
    """The value of one JavaScript expression (a JSON or JS literal); ParseError when it is not one.

    What a literal cannot hold whole (``{...base}``, ``{[k]: 1}``) reads as ``Code``, never as fewer members.
    """
    text = check_expression(source)
    data = b"(" + text.encode("utf-8") + b")"
    expr = parse_bytes(data).root_node.named_children[0].named_children[0]
    inner = [c for c in expr.named_children if c.type != "comment"][0]
    return Reader(data, whole_objects=True).value(inner)


def contains_code(value: JSValue) -> bool:
    """True when ``value`` is or holds a ``Code`` (not a plain literal)."""
    if isinstance(value, Code):
        return True
    if isinstance(value, dict):
        return any(contains_code(v) for v in value.values())
    if isinstance(value, list):
        return any(contains_code(v) for v in value)
    return False


def code_in(value: JSValue, path: OptionPath = ()) -> list[tuple[OptionPath, Code]]:
    """Each piece of code in ``value`` (an expression, a function, a spread; not a regular expression, which is a
    literal), with its path below ``path``, in order."""
    if isinstance(value, Code):
        return [(path, value)] if value.kind == "expr" else []
    if isinstance(value, dict):
        return [found for key, item in value.items() for found in code_in(item, (*path, key))]
    if isinstance(value, list):
        return [found for index, item in enumerate(value) for found in code_in(item, (*path, index))]
    return []


def dropped_code(old: JSValue, new: JSValue) -> list[tuple[OptionPath, Code]]:
    """The code of ``old`` that ``new``, written in its place, does not keep (by its text, wherever it moved).

    Code written over code (``new`` an expression) drops nothing: that is an edit of the code. What code gives
    is known only when the config runs, so a value written over it may change what the app gets.
    """
    if isinstance(new, Code) and new.kind == "expr":
        return []
    kept = {code.text for _, code in code_in(new)}
    return [(path, code) for path, code in code_in(old) if code.text not in kept]


__all__ = ["check_expression", "code_in", "contains_code", "dropped_code", "read_expression"]
