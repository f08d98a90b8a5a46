"""What JavaScript and TypeScript refuse that the tree-sitter grammar lets through.

The grammar's identifiers take any character that is not ASCII punctuation
(``sssr\\u202e``, ``a—b``), and its escapes and numbers take forms a module
refuses (``'\\u{110000}'``, ``'\\01'``, ``017``, ``0_1``), regular expression flags
JavaScript refuses (``/a/gg``) and private names outside a class (``{#ssr: 1}``).
A file TypeScript or node refuses must not read as clean: each case is a syntax
error at its own line and column.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from tree_sitter import Node, Tree

from fwk_tui.source.textutil import plain

# Other_ID_Start and Other_ID_Continue (Unicode's PropList), and the two joiners
# ECMAScript adds to ID_Continue; Pattern_Syntax takes U+2E2F back out.
_OTHER_ID_START = frozenset("\u1885\u1886\u2118\u212e\u309b\u309c")
_OTHER_ID_CONTINUE = frozenset(
    "\u00b7\u0387\u1369\u136a\u136b\u136c\u136d\u136e\u136f\u1370\u1371\u19da\u200c\u200d\u30fb\uff65"
)
_START_CATEGORIES = frozenset({"Lu", "Ll", "Lt", "Lm", "Lo", "Nl"})
_CONTINUE_CATEGORIES = _START_CATEGORIES | {"Mn", "Mc", "Nd", "Pc"}

_NON_ASCII_RUN = re.compile(rb"[\x80-\xff]+")
_ASCII_NAME_BYTE = re.compile(rb"[A-Za-z0-9_$]")
# Escapes worth a look: \u{...} and \uXXXX (also in names), a backslash before a digit (octal, \8, \9).
_ESCAPE_SUSPECT = re.compile(rb"\\(?:u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|[0-9])")
# Starting with the literal 0 lets the scan skip to each 0 at C speed.
_LEGACY_NUMBER = re.compile(rb"0(?<![\w$.]0)[0-9_]")
_FLAGS = frozenset("dgimsuvy")
# Letters after a slash that are not valid flags: one that is no flag, one twice,
# or both u and v. Valid flags need no look at the tree, nor do letters after an
# unescaped `//` (the second slash cannot end an expression: `//` starts a comment).
_BAD_REGEX_FLAGS = re.compile(
    rb"/(?=[a-z])(?<![^\\]//)"
    rb"(?=[dgimsuvy]*+[abcefhjklnopqrtwxz]|[a-z]*?([dgimsuvy])[a-z]*?\1|[a-z]*?u[a-z]*?v|[a-z]*?v[a-z]*?u)[a-z]+"
)
# A slash that may open a regular expression: not one that starts `//` (a comment),
# nor one right after a slash that does not end a block comment (`https://`: after
# a regular expression or a division, a slash divides). Flags need one before them
# on their line, or they are not flags: most paths and URLs in strings have none.
_MAY_OPEN_REGEX = re.compile(rb"/(?!/)(?:(?<!//)|(?<=\*//))")
_PRIVATE_NAME = re.compile(rb"#(?=[A-Za-z_$\\\x80-\xff])")
# Levels looked up for a class around a private name; deeper files are refused by the depth rule.
_MAX_CLASS_SEARCH = 1_000


@lru_cache(maxsize=4096)
def _id_class(ch: str) -> int:
    """2 when ``ch`` may start a JavaScript name, 1 when it may only continue one, 0 otherwise."""
    if ch == "\u2e2f":
        return 0
    category = unicodedata.category(ch)
    if category in _START_CATEGORIES or ch in _OTHER_ID_START:
        return 2
    if category in _CONTINUE_CATEGORIES or ch in _OTHER_ID_CONTINUE:
        return 1
    return 0


def lexical_problem(tree: Tree, data: bytes, within: tuple[int, int] | None = None) -> tuple[int, str] | None:
    """Byte offset and message of the first thing JavaScript refuses that ``tree`` accepted, or None.

    ``within`` limits the search to the lines holding those bytes (what an edit wrote).
    """
    start, end = 0, len(data)
    if within is not None:
        start = data.rfind(b"\n", 0, within[0]) + 1
        newline = data.find(b"\n", within[1])
        end = len(data) if newline == -1 else newline
    checks = (_bad_name, _bad_escape, _legacy_number, _bad_regex_flags, _private_name_outside_class)
    found = [p for p in (check(tree, data, start, end) for check in checks) if p]
    return min(found) if found else None


def _bad_name(tree: Tree, data: bytes, start: int, end: int) -> tuple[int, str] | None:
    """A character no JavaScript name may hold, inside a name the grammar read."""
    if data.isascii():
        return None
    root = tree.root_node
    # One match per run of non-ASCII bytes: text in strings and comments is cheap.
    for run in _NON_ASCII_RUN.finditer(data, start, end):
        text = run.group().decode("utf-8", "replace")
        pos = run.start()
        after_name = pos > 0 and _ASCII_NAME_BYTE.match(data, pos - 1) is not None
        # Python's identifier test (XID, a subset of ID) clears most runs at C speed.
        if ("a" + text if after_name else text).isidentifier():
            continue
        for i, ch in enumerate(text):
            size = len(ch.encode("utf-8"))
            kind = _id_class(ch)
            suspect = kind == 0 or (kind == 1 and i == 0 and not after_name)
            if suspect:
                node = root.descendant_for_byte_range(pos, pos + size)
                if node is not None and _is_name(node) and (kind == 0 or node.start_byte == pos):
                    return pos, f"syntax error: invalid character {_describe(ch)} in the name `{_name_text(node)}`"
            pos += size
    return None


def _is_name(node: Node) -> bool:
    return node.type.endswith("identifier")


def _name_text(node: Node) -> str:
    return plain((node.text or b"").decode("utf-8", "replace"))


def _describe(ch: str) -> str:
    name = unicodedata.name(ch, "")
    return f"U+{ord(ch):04X}" + (f" ({name.lower()})" if name else "")


def _bad_escape(tree: Tree, data: bytes, start: int, end: int) -> tuple[int, str] | None:
    """An escape in a string, a template or a name that a module refuses."""
    if data.find(b"\\", start, end) == -1:
        return None  # found at memchr speed: most files hold no backslash
    root = tree.root_node
    for match in _ESCAPE_SUSPECT.finditer(data, start, end):
        node = root.descendant_for_byte_range(match.start(), match.end())
        if node is None:
            continue
        text = match.group().decode("ascii")
        code = int(text[3:-1] if text.startswith("\\u{") else text[2:], 16) if text[1] == "u" else None
        if code is not None and code > 0x10FFFF:
            if (node.type == "escape_sequence" and node.start_byte == match.start()) or _is_name(node):
                return match.start(), f"syntax error: {text} is past U+10FFFF, the last code point"
            continue
        if _is_name(node) and code is not None:
            kind = _id_class(chr(code)) if not 0xD800 <= code <= 0xDFFF else 0
            if kind == 0 or (kind == 1 and node.start_byte == match.start()):
                return (
                    match.start(),
                    f"syntax error: {text} in a name stands for {_describe(chr(code))}, which no name may hold",
                )
            continue
        if node.type != "escape_sequence" or node.start_byte != match.start() or code is not None:
            continue  # in a comment or a regular expression, the second half of `\\`, or a fine \u escape
        if text != "\\0" or _digit_follows(data, match.end()):
            shown = (node.text or b"").decode("ascii", "replace")
            digits = shown[1:]
            instead = f"\\x{int(digits, 8):02x}" if set(digits) <= set("01234567") else digits
            return match.start(), f"syntax error: the escape {shown} is not allowed in a module; write {instead}"
    return None


def _short(text: str, most: int = 40) -> str:
    """A token as a message quotes it: a 5,000-digit number is its first digits (the code frame shows where)."""
    return text if len(text) <= most else text[: most - 1] + "…"


def _digit_follows(data: bytes, pos: int) -> bool:
    return pos < len(data) and 0x30 <= data[pos] <= 0x39


def _legacy_number(tree: Tree, data: bytes, start: int, end: int) -> tuple[int, str] | None:
    """A number written with a leading zero (``017``) or a separator after it (``0_1``), which a module refuses."""
    root = tree.root_node
    for match in _LEGACY_NUMBER.finditer(data, start, end):
        node = root.descendant_for_byte_range(match.start(), match.end())
        if node is not None and node.type == "number" and node.start_byte == match.start():
            text = (node.text or b"").decode("ascii", "replace")
            if text[1] == "_":
                return (
                    match.start(),
                    f"syntax error: {_short(text)}: a numeric separator `_` may not follow a leading 0",
                )
            digits = text[1:].replace("_", "")
            instead = f"0o{digits} for octal" if set(digits) <= set("01234567") else digits.lstrip("0") or "0"
            return (
                match.start(),
                f"syntax error: {_short(text)}: a number may not start with 0 (write {_short(instead)})",
            )
    return None


def _bad_regex_flags(tree: Tree, data: bytes, start: int, end: int) -> tuple[int, str] | None:
    """Regular expression flags JavaScript refuses: unknown, repeated, or both ``u`` and ``v``."""
    root = tree.root_node
    flags_kind = tree.language.id_for_node_kind("regex_flags", True)
    # The line of the last candidate, read once from its start for a slash that may
    # open an expression: up to ``searched`` without one, or one was found.
    searched = data.rfind(b"\n", 0, start) + 1
    opener = False
    before = start
    rfind, may_open = data.rfind, _MAY_OPEN_REGEX.search
    for match in _BAD_REGEX_FLAGS.finditer(data, start, end):
        at = match.start() + 1
        newline = rfind(b"\n", before, at)
        before = at
        if newline != -1:
            searched = newline + 1
            opener = False
        if not opener:
            if may_open(data, searched, at - 1) is None:
                searched = at - 1
                continue  # no slash before on the line could open one
            opener = True
        node = root.descendant_for_byte_range(at, match.end())
        if node is None or node.kind_id != flags_kind or node.start_byte != at:
            continue  # in a string, a comment, a path: not flags
        flags = match.group()[1:].decode("ascii")
        unknown = next((f for f in flags if f not in _FLAGS), None)
        if unknown is not None:
            problem = f"`{unknown}` is not a regular expression flag (they are {', '.join(sorted(_FLAGS))})"
        elif len(set(flags)) != len(flags):
            problem = "a regular expression flag is repeated"
        else:
            problem = "the flags `u` and `v` may not be used together"
        return at, f"syntax error: /{flags}: {problem}"
    return None


def _private_name_outside_class(tree: Tree, data: bytes, start: int, end: int) -> tuple[int, str] | None:
    """A private name (``#ssr``) outside a class body, such as an object's key."""
    if data.find(b"#", start, end) == -1:
        return None
    root = tree.root_node
    for match in _PRIVATE_NAME.finditer(data, start, end):
        node = root.descendant_for_byte_range(match.start(), match.end())
        if node is None or node.type != "private_property_identifier" or node.start_byte != match.start():
            continue
        parent = node.parent
        # An object's key is never private, even inside a class.
        is_key = parent is not None and (
            parent.type == "pair" or (parent.type == "method_definition" and _in_object(parent))
        )
        if is_key or not _in_class(node):
            name = _name_text(node)
            return match.start(), f"syntax error: {name}: a private name (`#`) may only be used inside a class"
    return None


def _in_object(node: Node) -> bool:
    return node.parent is not None and node.parent.type == "object"


def _in_class(node: Node) -> bool:
    parent = node.parent
    for _ in range(_MAX_CLASS_SEARCH):
        if parent is None:
            return False
        if parent.type == "class_body":
            return True
        parent = parent.parent
    return True
