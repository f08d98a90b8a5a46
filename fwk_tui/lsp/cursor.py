"""Where the cursor is in a config: the object around it, as a path, and whether a key or a value is typed.

From the document's tree when the text parses (a walk up from the cursor: no
reading of the whole file); otherwise, while the user is typing (``port: |``,
an unclosed brace), from a textual scan backward from the cursor for the
chain of ``key: {`` and ``[`` openings, over code with strings and comments
blanked out, line by line: linear in the text before the cursor, and bounded.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal

from tree_sitter import Node

from fwk_tui.lsp.offsets import offsets_of
from fwk_tui.paths import OptionPath, Segment
from fwk_tui.source import ConfigDocument
from fwk_tui.source.nodes import FUNCTIONS, elements, members
from fwk_tui.source.written import written_path

SCAN_LIMIT = 1_000_000
"""Characters looked at, at most, by a textual scan (a config is far smaller)."""
_FORWARD_LINES = 400
"""Lines looked at after the cursor for the keys the object already has."""

_NAME_CHAR = re.compile(r"[\w$]")
_PUNCT = re.compile(r"[{}\[\]():,]")
_KEY_BEFORE = re.compile(r"""(?:([A-Za-z_$][\w$]*)|'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)")\s*$""")
_QUOTES = "'\"`"


@dataclass(frozen=True)
class Place:
    """The cursor in a config's object or array.

    ``path`` is the container as written (``()``: the config object); ``at`` says
    whether a key or a value is being typed there; ``key`` is the key whose value
    is typed (in an object); ``index`` the item typed (in an array). ``start`` and
    ``end`` (offsets into the text) are the word under the cursor, what a
    completion replaces; ``quote`` the quote the cursor is inside, if any.
    ``written`` holds the keys the object already has (the one typed excepted).
    """

    path: OptionPath
    in_array: bool
    at: Literal["key", "value"]
    key: str | None
    index: int
    start: int
    end: int
    quote: str | None
    written: frozenset[str]

    @property
    def value_path(self) -> OptionPath | None:
        """The path of the value typed (None at a key)."""
        if self.at != "value":
            return None
        if self.in_array:
            return (*self.path, self.index)
        return None if self.key is None else (*self.path, self.key)

    @property
    def prefix_length(self) -> int:
        return self.end - self.start


# -- offsets -----------------------------------------------------------------------------


def byte_offset(doc: ConfigDocument, offset: int) -> int:
    """The UTF-8 byte offset of the character offset ``offset`` of ``doc.text``."""
    return offsets_of(doc.data).to_byte(offset)


def char_offset(doc: ConfigDocument, byte: int) -> int:
    """The character offset into ``doc.text`` of the UTF-8 byte offset ``byte``."""
    return offsets_of(doc.data).to_char(byte)


# -- masking -------------------------------------------------------------------------------


def mask(line: str) -> tuple[str, str | None]:
    """``line`` with the insides of strings and comments blanked (same length); the quote still open at its end."""
    out = list(line)
    quote: str | None = None
    i, n = 0, len(line)
    while i < n:
        ch = line[i]
        if quote is not None:
            if ch == "\\":
                out[i] = " "
                if i + 1 < n:
                    out[i + 1] = " "
                i += 2
                continue
            if ch == quote:
                quote = None
            else:
                out[i] = " "
        elif ch in _QUOTES:
            quote = ch
        elif ch == "/" and line.startswith("//", i):
            out[i:] = " " * (n - i)
            break
        elif ch == "/" and line.startswith("/*", i):
            close = line.find("*/", i + 2)
            stop = n if close == -1 else close + 2
            out[i:stop] = " " * (stop - i)
            i = stop
            continue
        i += 1
    return "".join(out), quote


def _lines_back(text: str, end: int) -> Iterator[tuple[int, str]]:
    """``(start, masked code)`` of each line from the one holding ``end`` (cut there) back to the text's start."""
    stop = max(0, end - SCAN_LIMIT)
    while True:
        start = text.rfind("\n", 0, end) + 1
        yield start, mask(text[start:end])[0]
        if start <= stop:
            return
        end = start - 1


def _previous(text: str, pos: int) -> tuple[str, int]:
    """The last character of code before ``pos`` that is not white space, and where; ``("", -1)`` at the start."""
    for start, code in _lines_back(text, pos):
        stripped = code.rstrip()
        if stripped:
            return stripped[-1], start + len(stripped) - 1
    return "", -1


def _key_before(text: str, colon: int) -> str | None:
    """The key written right before the colon at ``colon`` (a name or a quoted string)."""
    found = _key_span(text, colon)
    return None if found is None else found[0]


def _key_span(text: str, colon: int) -> tuple[str, int] | None:
    """The key written right before the colon at ``colon``, and where it starts."""
    line_start = text.rfind("\n", 0, colon) + 1
    found = _KEY_BEFORE.search(text, line_start, colon)
    if found is None:
        return None
    name, single, double = found.groups()
    key = name if name is not None else single if single is not None else double
    return (key.replace("\\", ""), found.start()) if key is not None else None


# -- the word under the cursor ---------------------------------------------------------------


@dataclass(frozen=True)
class _Word:
    start: int
    end: int
    quote: str | None


def _word(text: str, offset: int) -> _Word:
    line_start = text.rfind("\n", 0, offset) + 1
    _code, quote = mask(text[line_start:offset])
    if quote is not None:
        opening = text.rfind(quote, line_start, offset)
        line_end = text.find("\n", offset)
        line_end = len(text) if line_end == -1 else line_end
        closing = text.find(quote, offset, line_end)
        return _Word(opening + 1, offset if closing == -1 else closing, quote)
    start = offset
    while start > line_start and _NAME_CHAR.match(text[start - 1]):
        start -= 1
    end = offset
    while end < len(text) and _NAME_CHAR.match(text[end]):
        end += 1
    return _Word(start, end, None)


# -- the place ---------------------------------------------------------------------------------


def place_at(doc: ConfigDocument | None, offset: int, text: str | None = None) -> Place | None:
    """Where ``offset`` (into ``text``, by default ``doc.text``) is in the config; None outside its objects.

    The document's tree is used when it is of ``text`` and has no error; else the text is scanned.
    """
    if text is None:
        if doc is None:
            return None
        text = doc.text
    offset = max(0, min(offset, len(text)))
    word = _word(text, offset)
    if doc is not None and not doc.tree.root_node.has_error and doc.text == text:
        container = _tree_container(doc, byte_offset(doc, word.start))
        if container is None:
            return None  # in code, or outside the config object
        path, node = container
        in_array = node.type == "array"
        written = frozenset() if in_array else _member_keys(doc, node, word)
        index = _tree_index(doc, node, word.start) if in_array else 0
    else:
        scanned = _scan(text, word.start - (1 if word.quote else 0))
        if scanned is None:
            return None
        path, in_array, index, opening = scanned
        written = frozenset() if in_array else _scanned_keys(text, opening, word)
    before = word.start - (1 if word.quote else 0)
    previous, where = _previous(text, before)
    if in_array:
        return Place(path, True, "value", None, index, word.start, word.end, word.quote, written)
    if previous == ":":
        key = _key_before(text, where)
        return Place(path, False, "value", key, 0, word.start, word.end, word.quote, written)
    return Place(path, False, "key", None, 0, word.start, word.end, word.quote, written)


# -- from the tree ---------------------------------------------------------------------------


def _tree_container(doc: ConfigDocument, byte: int) -> tuple[OptionPath, Node] | None:
    root = doc.config_node
    if root is None:
        return None
    node: Node | None = doc.tree.root_node.descendant_for_byte_range(byte, byte)
    while node is not None and not (node.type in ("object", "array") and node.start_byte < byte < node.end_byte):
        if node.type in FUNCTIONS or node.type == "statement_block":
            return None
        node = node.parent
    if node is None:
        return None
    path = written_path(node, root)
    return None if path is None else (path, node)


def _member_keys(doc: ConfigDocument, obj: Node, word: _Word) -> frozenset[str]:
    start, end = byte_offset(doc, word.start), byte_offset(doc, word.end)
    return frozenset(
        m.key for m in members(obj) if m.key is not None and not (m.node.start_byte <= start and end <= m.node.end_byte)
    )


def _tree_index(doc: ConfigDocument, array: Node, offset: int) -> int:
    byte = byte_offset(doc, offset)
    return sum(1 for item in elements(array) if item.end_byte <= byte)


# -- from the text -----------------------------------------------------------------------------


@dataclass(frozen=True)
class _Opening:
    char: str
    at: int
    commas: int  # commas at its own level between it and the opening (or cursor) inside it


def _scan(text: str, offset: int) -> tuple[OptionPath, bool, int, int] | None:
    """The path of the innermost container around ``offset``, whether it is an array, the item index, its opening."""
    chain = _openings(text, offset)
    if not chain:
        return None
    chain.reverse()  # outermost first
    if chain[0].char != "{":
        return None
    path: list[Segment] = []
    for parent, child in zip(chain, chain[1:]):
        previous, where = _previous(text, child.at)
        if previous == ":" and parent.char == "{":
            key = _key_before(text, where)
            if key is None:
                return None
            path.append(key)
        elif previous in ("[", ",") and parent.char == "[":
            path.append(parent.commas)
        else:
            return None
    inner = chain[-1]
    return tuple(path), inner.char == "[", inner.commas, inner.at


def _openings(text: str, offset: int) -> list[_Opening]:
    """The unclosed ``{`` and ``[`` before ``offset``, innermost first, up to a ``(`` or the text's start."""
    depth = 0
    commas = 0
    chain: list[_Opening] = []
    for start, code in _lines_back(text, offset):
        for found in reversed(list(_PUNCT.finditer(code))):
            ch = found.group()
            if ch in "}])":
                depth += 1
            elif ch in "{[(":
                if depth:
                    depth -= 1
                    continue
                if ch == "(":
                    return chain
                chain.append(_Opening(ch, start + found.start(), commas))
                commas = 0
            elif ch == "," and depth == 0:
                commas += 1
    return chain


def _scanned_keys(text: str, opening: int, word: _Word) -> frozenset[str]:
    """The keys written at the top level of the object opened at ``opening`` (the word typed excepted)."""
    keys: set[str] = set()
    depth = 0
    pos = opening + 1
    for count, (start, code) in enumerate(_lines_forward(text, pos)):
        if count > _FORWARD_LINES:
            break
        for found in _PUNCT.finditer(code):
            ch = found.group()
            at = start + found.start()
            if ch in "{[(":
                depth += 1
            elif ch in "}])":
                depth -= 1
                if depth < 0:
                    return frozenset(keys)
            elif ch == ":" and depth == 0:
                found_key = _key_span(text, at)
                if found_key is None:
                    continue
                key, key_start = found_key
                typed = word.end > word.start and key_start <= word.start <= at
                if not typed:
                    keys.add(key)
    return frozenset(keys)


def _lines_forward(text: str, pos: int) -> Iterator[tuple[int, str]]:
    while pos <= len(text):
        end = text.find("\n", pos)
        end = len(text) if end == -1 else end
        yield pos, mask(text[pos:end])[0]
        pos = end + 1
