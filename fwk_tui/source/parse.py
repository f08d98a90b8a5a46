"""Tree-sitter parsing, input checks and syntax errors with a code frame."""

from __future__ import annotations

import re
from functools import cache, lru_cache

import tree_sitter_typescript
from tree_sitter import Language, Node, Parser, Query, QueryCursor, Tree

from fwk_tui.source.errors import DocumentError, ParseError
from fwk_tui.source.lexical import lexical_problem
from fwk_tui.source.textutil import display_width, line_col, line_end, line_start, plain

MAX_BYTES = 10 * 1024 * 1024
"""Config files above this size are refused: no real config comes close."""

_EJS_TAG = re.compile(rb"<%[_=\-#%]?")


@cache
def language() -> Language:
    """The TypeScript grammar (a superset of the JavaScript configs are written in)."""
    return Language(tree_sitter_typescript.language_typescript())


@cache
def _parser() -> Parser:
    return Parser(language())


def parse_bytes(data: bytes, old_tree: Tree | None = None) -> Tree:
    """Parse ``data``; ``old_tree`` (already edited) makes the parse incremental."""
    if old_tree is None:
        return _parser().parse(data)
    return _parser().parse(data, old_tree)


def check_input(data: bytes, filename: str) -> None:
    """Refuse input that is not a config before parsing it: too big, binary, empty."""
    name = filename or "<text>"
    if len(data) > MAX_BYTES:
        raise DocumentError(
            f"{name}: {len(data) / 1_048_576:.1f} MB is too big for a config file "
            f"(fwk-tui opens files up to {MAX_BYTES // 1_048_576} MB)"
        )
    if b"\0" in data:
        raise DocumentError(f"{name}: this is a binary file, not a config file")
    body = data[3:] if data.startswith(b"\xef\xbb\xbf") else data
    if not body.strip():
        raise DocumentError(f"{name}: the file is empty; there is no config to read")


def syntax_error(tree: Tree, data: bytes, filename: str) -> ParseError | None:
    """The first syntax error of ``tree`` as a ParseError, or None when it parses cleanly.

    Besides the grammar's errors, this is what JavaScript refuses that the grammar
    accepts (:func:`fwk_tui.source.lexical.lexical_problem`).
    """
    if not tree.root_node.has_error:
        problem = lexical_problem(tree, data)
        return None if problem is None else error_at(data, problem[0], problem[1], filename)
    tag = _EJS_TAG.search(data)
    if tag is not None:
        return error_at(
            data, tag.start(), "this is a template (EJS tags like `<%`), not a config file", filename
        )
    pos, message = first_error(tree)
    return error_at(data, pos, message, filename)


# The grammar accepts some commas that JavaScript rejects (`{a: 1,,}`,
# `{, a}`, `f(a,,b)`); arrays may have holes, so they are left alone.
_LENIENT_COMMAS = """
(object "," @double . ",") (object "," @double . (comment)+ . ",") (object . "," @lead)
(arguments "," @double . ",") (arguments "," @double . (comment)+ . ",") (arguments . "," @lead)
"""


@lru_cache(maxsize=1)
def _comma_query() -> Query:
    return Query(language(), _LENIENT_COMMAS)


# A comma right after `,`, `{` or `(`, maybe behind comments: the only text
# that can hold such a comma. Possessive groups keep the scan linear; most
# files have none, and skip the query over the whole tree.
_SUSPECT = re.compile(rb"[,{(](?>\s|/\*.*?\*/|//[^\n]*+)*+,", re.S)


def stray_comma(tree: Tree, data: bytes) -> int | None:
    """Byte offset of a comma the grammar tolerates but JavaScript rejects, if any."""
    if _SUSPECT.search(data) is None:
        return None
    captures = QueryCursor(_comma_query()).captures(tree.root_node)
    found = [n.start_byte for nodes in captures.values() for n in nodes]
    if not found:
        return None
    pos = min(found)
    if pos in {n.start_byte for n in captures.get("double", [])}:
        pos = data.index(b",", pos + 1)  # point at the second comma, the unexpected one
    return pos


def stray_comma_error(tree: Tree, data: bytes, filename: str) -> ParseError | None:
    """:func:`stray_comma` as a ParseError with a code frame."""
    pos = stray_comma(tree, data)
    return None if pos is None else error_at(data, pos, "syntax error: unexpected `,`", filename)


def first_error(tree: Tree) -> tuple[int, str]:
    """Byte offset and description of the first syntax error in ``tree``."""
    node = _first_error(tree.root_node)
    if node.is_missing:
        return node.start_byte, f"syntax error: missing `{node.type}`"
    return node.start_byte, f"syntax error: unexpected `{_token_text(node)}`"


def error_at(data: bytes, pos: int, message: str, filename: str) -> ParseError:
    """A ParseError pointing at byte ``pos`` of ``data``, with the line and a caret."""
    line, column = line_col(data, pos)
    start = line_start(data, pos)
    text = data[start : line_end(data, pos)].decode("utf-8", "replace")
    if start == 0:
        text = text.removeprefix("\ufeff")
    before = text[: column - 1]
    shown = plain(text.expandtabs(4))
    caret_col = display_width(plain(before.expandtabs(4)))
    gutter = f"{line:>4} | "
    frame = f"{gutter}{shown}\n{' ' * (len(gutter) - 2)}| {' ' * caret_col}^"
    return ParseError(message, filename=filename, line=line, column=column, frame=frame)


def _first_error(node: Node) -> Node:
    while True:
        if node.is_error or node.is_missing:
            return node
        for child in node.children:
            if child.has_error or child.is_missing:
                node = child
                break
        else:
            return node


def _token_text(node: Node) -> str:
    while node.child_count:
        node = node.children[0]
    text = (node.text or b"").decode("utf-8", "replace").splitlines()
    first = text[0] if text else ""
    return plain(first[:30])
