"""Sniff how a file is written, so inserted code looks like its neighbours."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from functools import cache

from tree_sitter import Node, Query, QueryCursor, Tree

from fwk_tui.source.parse import language

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
def _query() -> Query:
    return Query(
        language(),
        "(string) @string [(object) (array)] @container [(object) (named_imports) (object_pattern)] @brace",
    )


def sniff_style(data: bytes, tree: Tree) -> Style:
    """The style of ``data``: indent, quotes, semicolons, trailing commas, brace spaces, newlines."""
    root = tree.root_node
    end = min(len(data), _SAMPLE_BYTES)
    cursor = QueryCursor(_query())
    cursor.set_byte_range(0, end)
    found = cursor.captures(root)
    return Style(
        indent=_indent(data[:end]),
        quote=_quote(found.get("string", []), data),
        semicolons=_semicolons(root, data),
        trailing_commas=_trailing_commas(found.get("container", [])),
        brace_spaces=_brace_spaces(found.get("brace", []), data),
        newline="\r\n" if data.count(b"\r\n") * 2 > data.count(b"\n") else "\n",
    )


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


def _trailing_commas(containers: list[Node]) -> bool:
    votes = Counter[bool]()
    for node in containers:
        if node.start_point[0] == node.end_point[0]:
            continue
        children = [c for c in node.children[1:-1] if c.type != "comment"]
        if children:
            votes[children[-1].type == ","] += 1
    return votes[True] > votes[False]


def _brace_spaces(nodes: list[Node], data: bytes) -> bool:
    votes = Counter[bool]()
    for node in nodes:
        if node.start_point[0] != node.end_point[0] or node.named_child_count == 0:
            continue
        votes[data[node.start_byte + 1] in b" \t"] += 1
    return votes[True] >= votes[False]
