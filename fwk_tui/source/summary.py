"""Code folded to one line that keeps its structure: ``[...(process.env.X ? […] : []), 'a']``."""

from __future__ import annotations

from tree_sitter import Node

from fwk_tui.source.parse import parse_bytes

FOLD = "…"
# Brackets whose contents fold to `…`; spreads, conditions and operators stay.
_FOLDABLE = frozenset({"object", "array", "statement_block", "class_body", "arguments", "object_pattern"})
# Tokens kept whole: their inner white space is their value.
_ATOMS = frozenset({"string", "template_string", "regex", "number"})
# Past this many bytes the text is squeezed and cut, not parsed: a summary stays cheap.
_MAX_PARSED = 20_000

# A token: its text, whether white space came before it, and how many foldable brackets hold it.
_Token = tuple[str, bool, int]


def one_line(text: str, width: int = 60) -> str:
    """``text`` (code) on one line of at most ``width`` characters, inner brackets folded first.

    White space runs become one space and comments go; when that is too long, the
    contents of the deepest brackets fold to ``…`` level by level, so a spread
    and its condition stay readable; a line still too long is cut with ``…``.
    Text that does not parse is only squeezed and cut.
    """
    if "\n" not in text and "/" not in text and len(text) <= width:
        return text  # one line already, no comment to drop
    squeezed = " ".join(text.split())
    data = text.encode("utf-8")
    tokens = _parsed_tokens(data) if len(data) <= _MAX_PARSED else None
    if tokens is None:
        return _cut(squeezed, width)
    deepest = max((depth for _text, _gap, depth in tokens), default=0)
    whole = _render(tokens, deepest + 1)
    if len(whole) <= width:
        return whole
    # The least folding that fits; folding at level 1 would leave only `[…]`, so the search stops at 2.
    low, high = 2, deepest + 1
    best: str | None = None
    while low < high:
        middle = (low + high) // 2
        shown = _render(tokens, middle)
        if len(shown) <= width:
            best, low = shown, middle + 1
        else:
            high = middle
    return best if best is not None else _cut(_render(tokens, 2), width)


def _parsed_tokens(data: bytes) -> list[_Token] | None:
    """The tokens of ``data`` read as an expression, or as an object method; None when neither parses."""
    for before, after in ((b"(", b"\n)"), (b"({", b"\n})")):
        tree = parse_bytes(before + data + after)
        if not tree.root_node.has_error:
            return _tokens(tree.root_node, len(before), len(before) + len(data))
    return None


def _tokens(root: Node, start: int, end: int) -> list[_Token]:
    """The tokens between bytes ``start`` and ``end`` in order, comments left out."""
    out: list[_Token] = []
    last_end = start
    stack: list[tuple[Node, int]] = [(root, 0)]
    while stack:
        node, depth = stack.pop()
        kind = node.type
        if kind == "comment":
            continue
        if node.child_count == 0 or kind in _ATOMS:
            if start <= node.start_byte and node.end_byte <= end and node.end_byte > node.start_byte:
                text = (node.text or b"").decode("utf-8", "replace")
                gap = node.start_byte > last_end
                out.append((text, gap, depth))
                last_end = node.end_byte
            continue
        inner = depth + 1 if kind in _FOLDABLE else depth
        children = node.children
        for i in range(len(children) - 1, -1, -1):
            child = children[i]
            # The brackets themselves sit at the outer depth; what is between them at the inner one.
            edge = kind in _FOLDABLE and (i == 0 or i == len(children) - 1)
            stack.append((child, depth if edge else inner))
    return out


def _render(tokens: list[_Token], level: int) -> str:
    """The tokens on one line, with every bracket's contents at depth >= ``level`` as ``…``."""
    parts: list[str] = []
    folded = False
    for text, gap, depth in tokens:
        if depth >= level:
            if not folded:
                parts.append(FOLD)
                folded = True
            continue
        folded = False
        if gap and parts and parts[-1] != FOLD:
            parts.append(" ")
        parts.append(" ".join(text.split()) if text[:1] == "`" else text)
    return "".join(parts)


def _cut(text: str, width: int) -> str:
    if width <= 1:
        return FOLD
    return text if len(text) <= width else text[: width - 1].rstrip() + FOLD
