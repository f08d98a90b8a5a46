"""Sniff how a file is written, so inserted code looks like its neighbours."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from functools import cache, cached_property

from tree_sitter import Node, Query, QueryCursor, Tree

from fwk_tui.source.parse import language
from fwk_tui.source.quotes import quote_read_as_text
from fwk_tui.source.textutil import same_line

# Style is a majority vote; the first part of a file is a large enough sample.
_SAMPLE_BYTES = 16 * 1024
_SAMPLE_LINES = 600

_SEMICOLON_STATEMENTS = frozenset(
    {
        "lexical_declaration",
        "variable_declaration",
        "expression_statement",
        "import_statement",
        "export_statement",
        "type_alias_declaration",
    }
)


@dataclass(frozen=True)
class Style:
    """How a file writes code. The defaults are the framework starter's style."""

    indent: str = "  "
    quote: str = "'"
    semicolons: bool = False
    trailing_commas: bool = False
    brace_spaces: bool = True
    newline: str = "\n"


STARTER_STYLE = Style()


@cache
def _query(kind: str) -> Query:
    patterns = {
        "string": "(string) @n",
        "container": "[(object) (array)] @n",
        "brace": "[(object) (named_imports) (object_pattern)] @n",
    }
    return Query(language(), patterns[kind])


class SniffedStyle(Style):
    """The style of a file, each part worked out the first time an edit needs it.

    Changing a scalar only needs the quote style; sniffing everything up front
    would cost more than the edit itself on small files.
    """

    def __init__(self, data: bytes, tree: Tree) -> None:  # noqa: D107 (frozen base)
        object.__setattr__(self, "_data", data)
        object.__setattr__(self, "_tree", tree)
        object.__setattr__(self, "_end", min(len(data), _SAMPLE_BYTES))

    def _nodes(self, kind: str) -> list[Node]:
        cursor = QueryCursor(_query(kind))
        if self._end < len(self._data):  # type: ignore[attr-defined]
            cursor.set_byte_range(0, self._end)  # type: ignore[attr-defined]  # (a range costs time: only when cut)
        return cursor.captures(self._tree.root_node).get("n", [])  # type: ignore[attr-defined]

    @cached_property
    def indent(self) -> str:  # type: ignore[override]
        return _indent(self._data[: self._end])  # type: ignore[attr-defined]

    @cached_property
    def quote(self) -> str:  # type: ignore[override]
        data = self._data  # type: ignore[attr-defined]
        return quote_read_as_text(data, self._end) or _quote(self._nodes("string"), data)  # type: ignore[attr-defined]

    @cached_property
    def semicolons(self) -> bool:  # type: ignore[override]
        return _semicolons(self._tree.root_node, self._data)  # type: ignore[attr-defined]

    @cached_property
    def trailing_commas(self) -> bool:  # type: ignore[override]
        return _trailing_commas(self._nodes("container"), self._data)  # type: ignore[attr-defined]

    @cached_property
    def brace_spaces(self) -> bool:  # type: ignore[override]
        return _brace_spaces(self._nodes("brace"), self._data)  # type: ignore[attr-defined]

    @cached_property
    def newline(self) -> str:  # type: ignore[override]
        data = self._data  # type: ignore[attr-defined]
        if b"\r" not in data:
            return "\n"
        crlf, lf = data.count(b"\r\n"), data.count(b"\n")
        if data.count(b"\r") - crlf > lf:
            return "\r"  # classic Mac line ends, which TypeScript reads too
        return "\r\n" if crlf * 2 > lf else "\n"

    def _fields(self) -> tuple[object, ...]:
        return (self.indent, self.quote, self.semicolons, self.trailing_commas, self.brace_spaces, self.newline)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Style):
            return NotImplemented
        return self._fields() == (
            other.indent, other.quote, other.semicolons, other.trailing_commas, other.brace_spaces, other.newline
        )

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return "Sniffed" + repr(Style(*self._fields()))  # type: ignore[arg-type]


def sniff_style(data: bytes, tree: Tree) -> Style:
    """The style of ``data``: indent, quotes, semicolons, trailing commas, brace spaces, newlines."""
    return SniffedStyle(data, tree)


# The indentation of each line that holds code: blank lines and comment bodies
# say nothing about indentation.
_LEAD = re.compile(rb"^([ \t]*)(?!//|\*)[^\s]", re.M)


def _indent(sample: bytes) -> str:
    leads = _LEAD.findall(sample)[:_SAMPLE_LINES]
    tabs = sum(1 for lead in leads if lead[:1] == b"\t")
    spaces = [len(lead) for lead in leads if lead[:1] != b"\t"]
    if tabs > sum(1 for w in spaces if w):
        return "\t"
    steps = Counter(b - a for a, b in zip([0, *spaces], spaces) if b > a)
    for step, _count in steps.most_common():
        if 2 <= step <= 8:
            return " " * step
    return STARTER_STYLE.indent


def _quote(strings: list[Node], data: bytes) -> str:
    single = sum(1 for s in strings if data[s.start_byte] == 0x27)
    double = len(strings) - single
    return '"' if double > single else "'"


def _semicolons(root: Node, data: bytes) -> bool:
    votes = Counter[bool]()
    for stmt in root.named_children:
        if stmt.type not in _SEMICOLON_STATEMENTS:
            continue
        if stmt.type == "export_statement" and stmt.child_by_field_name("declaration") is not None:
            declared = stmt.child_by_field_name("declaration")
            if declared is not None and declared.type not in _SEMICOLON_STATEMENTS:
                continue  # `export function f() {}` takes no semicolon either way
        votes[data[stmt.end_byte - 1] == 0x3B] += 1
    return votes[True] > votes[False]


def _trailing_commas(containers: list[Node], data: bytes) -> bool:
    votes = Counter[bool]()
    for node in containers:
        if same_line(data, node.start_byte, node.end_byte):
            continue
        children = [c for c in node.children[1:-1] if c.type != "comment"]
        if children:
            votes[children[-1].type == ","] += 1
    return votes[True] > votes[False]


def _brace_spaces(nodes: list[Node], data: bytes) -> bool:
    votes = Counter[bool]()
    for node in nodes:
        if not same_line(data, node.start_byte, node.end_byte) or node.named_child_count == 0:
            continue
        votes[data[node.start_byte + 1] in b" \t"] += 1
    return votes[True] >= votes[False]
