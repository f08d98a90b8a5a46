"""Tree-sitter parsing, input checks and syntax errors with a code frame."""

from __future__ import annotations

import re
import threading
from functools import cache, lru_cache

import tree_sitter_typescript
from tree_sitter import Language, Node, Parser, Query, QueryCursor, Tree

from fwk_tui.source.errors import DocumentError, ParseError
from fwk_tui.source.lexical import lexical_problem
from fwk_tui.source.lines import line_index
from fwk_tui.source.textutil import display_width, plain

MAX_BYTES = 2 * 1024 * 1024
"""Config files above this size are refused: no real config comes close (the largest seen are 5 KB)."""

MAX_NODES = 600_000
"""Syntax nodes a config may parse into (a config written as people write has about one per two bytes: this is
about 1.2 MB of it). What the commands read and build after the parse (values, spans, the effective
configuration with an origin per value, a finding per value) costs up to about 1 KB a node, so a file of more is
refused before it is read: at this cap a command takes at most about 600 MB; a dense 2 MB file (a list of numbers,
two million nodes) would take gigabytes."""

_EJS_TAG = re.compile(rb"<%[_=\-#%]?")


@cache
def language() -> Language:
    """The TypeScript grammar (a superset of the JavaScript configs are written in)."""
    return Language(tree_sitter_typescript.language_typescript())


_PARSERS = threading.local()


def _parser() -> Parser:
    # One parser per thread: the language server checks a document in a thread while its loop parses edits.
    parser: Parser | None = getattr(_PARSERS, "parser", None)
    if parser is None:
        parser = _PARSERS.parser = Parser(language())
    return parser


_LONE_CR = re.compile(rb"\r(?!\n)")


def parse_bytes(data: bytes, old_tree: Tree | None = None) -> Tree:
    """Parse ``data``; ``old_tree`` (already edited) makes the parse incremental.

    A lone CR is parsed as the LF it stands for (same length, so every offset
    holds): the grammar ends a statement without ``;`` only at an LF.
    """
    source = _LONE_CR.sub(b"\n", data) if b"\r" in data else data
    if old_tree is None:
        return _parser().parse(source)
    return _parser().parse(source, old_tree)


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
    if not body or body.isspace():  # (strip would copy the whole file)
        raise DocumentError(f"{name}: the file is empty; there is no config to read")


def dense_error(tree: Tree, filename: str) -> DocumentError | None:
    """A DocumentError when ``tree`` holds more nodes than a config may (counted without a walk)."""
    count = tree.root_node.descendant_count
    if count <= MAX_NODES:
        return None
    return DocumentError(
        f"{filename or '<text>'}: too many values and tokens for a config file ({count:,} parts; "
        f"fwk-tui reads up to {MAX_NODES:,})"
    )


def syntax_error(
    tree: Tree, data: bytes, filename: str, within: tuple[int, int] | None = None
) -> ParseError | None:
    """The first syntax error of ``tree`` as a ParseError, or None when it parses cleanly.

    Besides the grammar's errors, this is what JavaScript refuses that the grammar
    accepts (:func:`fwk_tui.source.lexical.lexical_problem`), looked for ``within``
    those bytes only when given (an edit checks what it wrote).
    """
    if not tree.root_node.has_error:
        problem = lexical_problem(tree, data, within)
        return None if problem is None else error_at(data, problem[0], problem[1], filename)
    tag = _EJS_TAG.search(data)
    if tag is not None:
        return error_at(
            data, tag.start(), "this is a template (EJS tags like `<%`), not a config file", filename
        )
    # What JavaScript refuses that the grammar took (`a: 1,,`, a bad escape) may come before the grammar's
    # first error: the first in the file is said, as a person fixes them top down.
    found = [first_error(tree), lexical_problem(tree, data, within)]
    comma = stray_comma(tree, data)
    if comma is not None:
        found.append((comma, "syntax error: unexpected `,`"))
    pos, message = min(p for p in found if p is not None)
    return error_at(data, pos, message, filename)


MAX_NESTING = 100
"""Brackets (objects, arrays, parentheses, calls, blocks) a config may nest; deeper is refused."""

_BRACKETED = (
    "object", "array", "parenthesized_expression", "arguments", "template_substitution", "formal_parameters",
    "statement_block", "class_body", "switch_body", "object_pattern", "array_pattern", "object_type",
    "tuple_type", "type_arguments", "type_parameters", "enum_body", "interface_body",
)  # fmt: skip


@cache
def _bracketed_ids() -> frozenset[int]:
    ids = (language().id_for_node_kind(name, True) for name in _BRACKETED)
    return frozenset(i for i in ids if i)


MAX_DEPTH = 500
"""Levels of the syntax tree in any form (operators, calls, member chains, functions); deeper is refused.

TypeScript's emitter (what loads a config) overflows its stack near 1,000 levels
(`a ?? a ?? ...`, `(a) => (a) => ...`): half of that keeps a margin, and brackets
at the :data:`MAX_NESTING` limit sit far lower (two or three levels each).
"""


def nesting_error(tree: Tree, data: bytes, filename: str) -> ParseError | None:
    """A ParseError where the tree first nests too deep (:func:`too_deep`), or None."""
    found = too_deep(tree, 0, len(data))
    return None if found is None else error_at(data, found[0], found[1], filename)


def too_deep(tree: Tree, start: int, end: int) -> tuple[int, str] | None:
    """Byte offset and message of the first node past :data:`MAX_NESTING` brackets or :data:`MAX_DEPTH` levels.

    Only nodes that meet bytes ``start`` to ``end`` are visited (an edit checks
    what it wrote); one walk without recursion, so any depth is measured safely.
    """
    if start == 0 and end >= tree.root_node.end_byte and not _may_nest_too_deep(tree):
        return None  # the cheap walk settles most files
    bracketed = _bracketed_ids()
    cursor = tree.walk()
    opened: list[bool] = []
    depth = 0
    while True:
        node = cursor.node
        assert node is not None
        moved = False
        if node.start_byte <= end:
            here = node.kind_id in bracketed
            if depth + here > MAX_NESTING:
                return node.start_byte, f"nesting deeper than {MAX_NESTING} levels"
            if len(opened) > MAX_DEPTH:
                return node.start_byte, f"expression nested deeper than {MAX_DEPTH} levels"
            if cursor.goto_first_child_for_byte(start) is not None:  # skips the children before ``start``
                opened.append(here)
                depth += here
                continue
            moved = cursor.goto_next_sibling()
        while not moved:
            if not opened:
                return None
            cursor.goto_parent()
            depth -= opened.pop()
            moved = cursor.goto_next_sibling()


def _may_nest_too_deep(tree: Tree) -> bool:
    """False when no node of ``tree`` can be past :data:`MAX_NESTING` brackets or :data:`MAX_DEPTH` levels.

    A subtree of ``n`` nodes is at most ``n - 1`` levels deep and holds at most
    ``(n - 1) // 2`` brackets on any path (each bracketed node has its opening
    bracket as a child off that path). Only the subtrees big enough to go past a
    limit are entered, so a flat file costs a few nodes per block.
    """
    bracketed = _bracketed_ids()
    stack = [(tree.root_node, 0, 0)]  # a node, its depth, the brackets above it
    while stack:
        node, depth, above = stack.pop()
        brackets = above + (node.kind_id in bracketed)
        if depth > MAX_DEPTH or brackets > MAX_NESTING:
            return True
        depth += 1
        room_depth = MAX_DEPTH - depth  # levels a child's subtree may have below the child
        room_brackets = MAX_NESTING - brackets  # counted as if the child were bracketed
        for child in node.children:
            below = child.descendant_count - 1
            if below > room_depth or below // 2 >= room_brackets:
                stack.append((child, depth, brackets))
    return False


# The grammar accepts some commas that JavaScript rejects (`{a: 1,,}`,
# `{, a}`, `f(a,,b)`); arrays may have holes, so they are left alone.
_LENIENT_COMMAS = """
(object "," @double . ",") (object "," @double . (comment)+ . ",")
(object . "," @lead) (object . (comment)+ . "," @lead)
(arguments "," @double . ",") (arguments "," @double . (comment)+ . ",")
(arguments . "," @lead) (arguments . (comment)+ . "," @lead)
"""


@lru_cache(maxsize=1)
def _comma_query() -> Query:
    return Query(language(), _LENIENT_COMMAS)


# A comma right after `,`, `{` or `(`, maybe behind comments: the only text
# that can hold such a comma. Possessive groups keep the scan linear; most
# files have none, and skip the query over the whole tree.
_SUSPECT = re.compile(rb"[,{(](?>\s++|/\*.*?\*/|//[^\n]*+)*+,", re.S)
# What any such comma comes right after: the opener, white space (a line comment
# ends at a line break) or a block comment's `/`. One scan from comma to comma;
# most files have none.
_COMMA_AFTER_OPENER = re.compile(rb",(?<=[,{(\s/],)")


def _may_have_stray_comma(data: bytes) -> bool:
    return _COMMA_AFTER_OPENER.search(data) is not None


def stray_comma(tree: Tree, data: bytes) -> int | None:
    """Byte offset of a comma the grammar tolerates but JavaScript rejects, if any."""
    if not _may_have_stray_comma(data) or _SUSPECT.search(data) is None:
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
        parent = node.parent
        key = parent.child_by_field_name("key") if parent is not None and parent.type == "pair" else None
        if key is not None and node.type == "identifier":  # `cors: }`: the value is what is missing
            return node.start_byte, f"syntax error: missing the value of `{_line_text(key)}`"
        return node.start_byte, f"syntax error: missing `{node.type}`"
    return node.start_byte, f"syntax error: unexpected `{_token_text(node)}`"


def error_at(data: bytes, pos: int, message: str, filename: str) -> ParseError:
    """A ParseError pointing at byte ``pos`` of ``data``, with the line and a caret."""
    lines = line_index(data)
    row = lines.row(pos)
    line, column = row + 1, lines.chars(lines.start(row), pos) + 1
    before, after = _frame_text(data, lines.start(row), pos, lines.end(row))
    shown = plain(before.expandtabs(4))
    caret_col = display_width(shown)
    shown += plain(after.expandtabs(4))
    gutter = f"{line:>4} | "
    frame = f"{gutter}{shown}\n{' ' * (len(gutter) - 2)}| {' ' * caret_col}^"
    return ParseError(message, filename=filename, line=line, column=column, frame=frame, offset=pos)


FRAME_CONTEXT = 60
"""Characters a code frame shows on each side of its caret; a minified line is cut to them."""


def _frame_text(data: bytes, start: int, pos: int, end: int) -> tuple[str, str]:
    """The line's text before and from ``pos``, cut with ``…`` beyond :data:`FRAME_CONTEXT` characters."""
    # Four bytes at most per character: decode a bounded window, never the whole line.
    low = max(start, pos - 4 * FRAME_CONTEXT)
    high = min(end, pos + 4 * FRAME_CONTEXT)
    while low > start and 0x80 <= data[low] < 0xC0:
        low -= 1  # start on a whole character
    before = data[low:pos].decode("utf-8", "replace")
    after = data[pos:high].decode("utf-8", "replace")
    if low == 0:
        before = before.removeprefix("\ufeff")
    if len(before) > FRAME_CONTEXT or low > start:
        before = "…" + before[-FRAME_CONTEXT:]
    if len(after) > FRAME_CONTEXT or high < end:
        after = after[:FRAME_CONTEXT] + "…"
    return before, after


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
    """The first token of ``node``, as an error message quotes it."""
    while node.child_count:
        node = node.children[0]
    return _line_text(node)


def _line_text(node: Node) -> str:
    """The first line of ``node``'s text (at most 30 characters), safe to print."""
    text = (node.text or b"").decode("utf-8", "replace").splitlines()
    return plain(text[0][:30] if text else "")
