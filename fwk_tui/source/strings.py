"""The string literals of a config object: values and strings inside code alike, never keys."""

from __future__ import annotations

from dataclasses import dataclass

from fwk_tui.source.document import ConfigDocument
from fwk_tui.source.literals import decode_string
from fwk_tui.source.nodes import text_of


@dataclass(frozen=True)
class StringLiteral:
    """One string written in the config: where its text is (inside the quotes), what it reads as, and its line."""

    start: int
    end: int
    value: str
    line: int
    plain: bool
    """True when its text has no escape: a new text without its quote can be written in place."""
    quote: str


def string_literals(doc: ConfigDocument) -> list[StringLiteral]:
    """Every string literal inside the exported config object, in the order written (keys left out)."""
    root = doc.config_node
    if root is None:
        return []
    found: list[StringLiteral] = []
    stack = [root]
    while stack:  # no recursion: expressions may nest deeply
        node = stack.pop()
        if node.type == "string":
            parent = node.parent
            if parent is not None and parent.type == "pair" and parent.child_by_field_name("key") == node:
                continue
            raw = text_of(node)
            if len(raw) >= 2:
                body = raw[1:-1]
                found.append(
                    StringLiteral(
                        node.start_byte + 1, node.end_byte - 1, decode_string(raw), node.start_point[0] + 1,
                        "\\" not in body, raw[0],
                    )
                )  # fmt: skip
            continue
        stack.extend(reversed(node.children))
    return found


def rewrite_strings(doc: ConfigDocument, change: dict[str, str]) -> tuple[ConfigDocument, list[StringLiteral]]:
    """``doc`` with each plain string whose value is a key of ``change`` written as its value, and those rewritten."""
    spans = []
    done = []
    for literal in string_literals(doc):
        new = change.get(literal.value)
        if new is not None and literal.plain and literal.quote not in new and "\\" not in new:
            spans.append((literal.start, literal.end, new))
            done.append(literal)
    return (doc.replace_spans(spans) if spans else doc), done
