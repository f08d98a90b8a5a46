"""What spreads (``...base``) put in the config: their readable contents checked, the rest named.

The config's values are read again with each readable spread merged where it
is written, in JavaScript's order (a later key or spread wins, and a spread is
shallow), once with every condition's first branch and, when there is a
condition, once with its last. A diagnostic about a value a spread gives is
placed in the spread's own text and names the spread; an unreadable spread is
an info ``not-checked``; a key a later spread sets again is a warning.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from tree_sitter import Node

from fwk_tui.paths import OptionPath, PathError, format_path, parse_path
from fwk_tui.source.document import ConfigDocument
from fwk_tui.source.locate import locate_config
from fwk_tui.source.nodes import Member, members, text_of
from fwk_tui.source.read import Reader, is_hooks_path
from fwk_tui.source.spread_reading import SpreadReading
from fwk_tui.source.spreads import COMPUTED_REASON, computed_key, may_hide_keys
from fwk_tui.source.summary import one_line
from fwk_tui.source.values import Entry, JSValue, Span
from fwk_tui.validate.diagnostics import Diagnostic, Severity
from fwk_tui.validate.not_checked import RULE as NOT_CHECKED
from fwk_tui.validate.values import MISSING, lookup

OVERRIDDEN = "overridden-by-spread"
_SHOWN = 40  # characters of a spread's text in a message
_BUDGET_FLOOR = 1 << 18  # bytes of spread contents read at least; beyond it, four times the file


@dataclass
class Pass:
    """The config's values with the spreads merged for one choice of branches, and where each value is written."""

    values: dict[str, JSValue]
    positions: dict[OptionPath, Span]
    key_positions: dict[OptionPath, Span]
    origins: dict[OptionPath, str | None]
    """The spread (as written in the config) a value comes from; None: written there."""

    def origin(self, path_text: str) -> str | None:
        """The spread that gives the value at ``path_text`` (or at its nearest written parent)."""
        try:
            path = parse_path(path_text)
        except PathError:
            return None
        while path:
            if path in self.origins:
                return self.origins[path]
            path = path[:-1]
        return None


@dataclass(frozen=True)
class Unread:
    """A spread that could not be read: the object it is spread into, where it starts, and its name for messages."""

    path: OptionPath
    start: int
    label: str
    reason: str


@dataclass
class SpreadContents:
    """The passes to validate, and the diagnostics the spreads themselves bring (placed)."""

    passes: list[Pass]
    found: list[Diagnostic] = field(default_factory=list)
    unread: list[Unread] = field(default_factory=list)

    def diagnostics(
        self,
        run: Callable[[dict[str, JSValue]], list[Diagnostic]],
        place: Callable[[Diagnostic, Mapping[OptionPath, Span], Mapping[OptionPath, Span]], Diagnostic] | None,
    ) -> list[Diagnostic]:
        """``run`` on every pass, each diagnostic once, those about a spread's value naming it (and without fix)."""
        out: list[Diagnostic] = []
        seen: set[tuple[str, str, str, int, int]] = set()
        for p in self.passes:
            for d in run(p.values):
                spread = p.origin(d.path)
                if spread is not None:
                    d = replace(d, message=f"{d.message} (set by {spread})", fix=None, other_fixes=())
                if place is not None:
                    d = place(d, p.positions, p.key_positions)
                key = (d.rule, d.path, d.message, d.line, d.column)
                if key not in seen:
                    seen.add(key)
                    out.append(d)
        return out + self.found

    def may_set(self, path: OptionPath) -> bool:
        """True when a spread that cannot be read may give ``path`` its value at run time."""
        return any(_may_set(u, path, self.passes[0]) for u in self.unread)

    def origin(self, path: OptionPath) -> Origin:
        """Where the value at ``path`` comes from: each pass's value and spread, and spreads unread that may set it."""
        text = format_path(path)
        given = [(p.origin(text) if p.positions.get(path) else None, lookup(p.values, path)) for p in self.passes]
        may_set = [u for u in self.unread if _may_set(u, path, self.passes[0])]
        return Origin(given, may_set)


@dataclass(frozen=True)
class Origin:
    """Each pass's value at a path (MISSING when none) with the spread that gives it (None: written in the config).

    ``may_set`` are the unreadable spreads that may give it another value.
    """

    given: list[tuple[str | None, Any]]
    may_set: list[Unread]

    @property
    def value(self) -> Any:
        """The value of the first pass that has one (MISSING when none has)."""
        return next((v for _, v in self.given if v is not MISSING), MISSING)

    @property
    def from_spread(self) -> bool:
        """True when that value is given by a spread."""
        return next((s is not None for s, v in self.given if v is not MISSING), False)

    def notes(self, show: Callable[[Any], str]) -> list[str]:
        """``set by `...base` on line 3: 'smooth'`` per spread that gives the value (``show`` writes it), then
        `` `...shared` (line 6) may set it (why)`` per unreadable spread that may."""
        out: list[str] = []
        for spread, value in self.given:
            note = f"set by {spread}: {show(value)}" if spread is not None and value is not MISSING else None
            if note is not None and note not in out:
                out.append(note)
        return out + [f"{u.label} may set it ({u.reason})" for u in self.may_set]


def _may_set(unread: Unread, path: OptionPath, first: Pass) -> bool:
    """True when ``unread`` is spread into an object on the way to ``path`` after the key that leads there (or none)."""
    depth = len(unread.path)
    if depth >= len(path) or path[:depth] != unread.path:
        return False
    key = first.key_positions.get(path[: depth + 1])
    return key is None or key.start < unread.start


_last: list[tuple[ConfigDocument, SpreadContents | None]] = []  # a document never changes: one read serves all


def spread_contents(doc: ConfigDocument) -> SpreadContents | None:
    """The config read with its spreads, or None when its object literals hold no spread (most files).

    The last document's answer is kept: the check and the editor's field notes ask about the same one in turn.
    """
    if _last and _last[0][0] is doc:
        return _last[0][1]
    found = _read_spreads(doc)
    _last[:] = [(doc, found)]
    return found


def read_through_spreads(doc: ConfigDocument) -> tuple[dict[str, JSValue], Mapping[OptionPath, Span]]:
    """The config's values with its readable spreads merged (the first branch of a condition), and where each is
    written: what `get`, `check`, `resolve` and `env` all read of one file."""
    spreads = spread_contents(doc)
    if spreads is not None:
        first = spreads.passes[0]
        return first.values, first.positions
    entries = doc.entries()
    values = {str(e.path[0]): e.value for e in entries if len(e.path) == 1}  # one walk gives both
    return values, {e.path: e.span for e in entries}


def _read_spreads(doc: ConfigDocument) -> SpreadContents | None:
    if not may_hide_keys(doc.data):
        return None
    root = locate_config(doc.tree, doc.filename).node
    if root is None or not _has_spread(root):
        return None
    reading = SpreadReading.around(root)
    budget = [max(4 * len(doc.data), _BUDGET_FLOOR)]
    found: dict[tuple[int, str, str], Diagnostic] = {}
    unread: dict[int, Unread] = {}
    first = _SpreadReader(doc.data, reading, last=False, budget=budget, found=found, unread=unread)
    passes = [first.read(root)]
    if first.branches:
        second = _SpreadReader(doc.data, reading, last=True, budget=budget, found=found, unread=unread)
        passes.append(second.read(root))
    return SpreadContents(passes, list(found.values()), list(unread.values()))


def _has_spread(root: Node) -> bool:
    stack = [root]
    while stack:
        node = stack.pop()
        if node.type == "spread_element" and node.parent is not None and node.parent.type == "object":
            return True
        if computed_key(node) is not None:
            return True
        if node.type in ("object", "array", "pair"):
            stack.extend(node.named_children)
    return False


class _SpreadReader(Reader):
    """Reads values like :class:`Reader`, with each readable spread's object merged where the spread is written."""

    def __init__(
        self,
        data: bytes,
        reading: SpreadReading,
        *,
        last: bool,
        budget: list[int],
        found: dict[tuple[int, str, str], Diagnostic],
        unread: dict[int, Unread],
    ) -> None:
        self._found_entries: list[Entry] = []
        super().__init__(data, self._found_entries)
        self._reading = reading
        self._last = last
        self._budget = budget  # shared by the passes: what is left to read of spread contents
        self._found = found
        self._unread = unread
        self._labels: list[tuple[int, str]] = []  # (first entry index, spread) while a spread's content is read
        self._open: set[int] = set()  # objects being read through spreads: a cycle stops there
        self._origin_ranges: list[tuple[int, int, str]] = []
        self.branches = False

    def read(self, root: Node) -> Pass:
        values = self.value(root)
        assert isinstance(values, dict)
        labels: list[str | None] = [None] * len(self._found_entries)
        for start, end, spread in self._origin_ranges:  # inner spreads end first: theirs is the nearest name
            for i in range(start, end):
                labels[i] = labels[i] or spread
        positions: dict[OptionPath, Span] = {}
        keys: dict[OptionPath, Span] = {}
        origins: dict[OptionPath, str | None] = {}
        for entry, origin in zip(self._found_entries, labels):
            positions[entry.path] = entry.span
            if entry.key_span is not None:
                keys[entry.path] = entry.key_span
            origins[entry.path] = origin
        return Pass(values, positions, keys, origins)

    def _object(self, node: Node, path: OptionPath) -> JSValue:
        if is_hooks_path(path):
            return super()._object(node, path)  # hook handlers are code; their spreads add handlers, not options
        out: dict[str, JSValue] = {}
        written: dict[str, Member] = {}  # keys written in this object since the last spread that set them
        for member in members(node):
            if member.key is not None:
                # A key written again keeps the place it first had, as in JavaScript.
                out[member.key] = self.member_value(member, (*path, member.key))
                written[member.key] = member
            elif member.kind == "computed" and member.key_node is not None:
                self._unreadable(member.key_node, path, COMPUTED_REASON)
            elif member.kind == "spread":
                added = self._spread(member.node, path)
                for key, value in added.items():
                    out[key] = value
                    earlier = written.pop(key, None)
                    if earlier is not None:
                        self._overridden(earlier, (*path, key), member.node)
        return out

    def _spread(self, spread: Node, path: OptionPath) -> dict[str, JSValue]:
        argument = [c for c in spread.named_children if c.type != "comment"]
        if not argument:
            return {}
        content = self._reading.content(argument[0], self._last)
        self.branches = self.branches or content.branches
        obj = content.obj
        if content.reason is not None:
            self._unreadable(spread, path, content.reason)
            return {}
        if obj is None:
            return {}
        size = obj.end_byte - obj.start_byte
        if obj.id in self._open or size > self._budget[0]:
            why = "it holds itself" if obj.id in self._open else "too many spreads of spreads to read"
            self._unreadable(spread, path, why)
            return {}
        self._budget[0] -= size
        self._open.add(obj.id)
        start = len(self._found_entries)
        try:
            value = self._object(obj, path)
        finally:
            self._open.discard(obj.id)
        label = f"`{one_line(text_of(spread), _SHOWN)}` on line {self.span(spread).line}"
        if content.when:
            label = f"{label} when {content.when}"
        self._origin_ranges.append((start, len(self._found_entries), label))
        assert isinstance(value, dict)
        return value

    def _label(self, spread: Node) -> str:
        return f"`{one_line(text_of(spread), _SHOWN)}` (line {self.span(spread).line})"

    def _unreadable(self, spread: Node, path: OptionPath, reason: str) -> None:
        label = self._label(spread)
        self._unread.setdefault(spread.start_byte, Unread(path, spread.start_byte, label, reason))
        message = f"not checked: {label} may add keys fwk-tui cannot read: {reason}"
        key = (spread.start_byte, NOT_CHECKED, message)
        if key not in self._found:
            self._found[key] = Diagnostic("info", "", message, NOT_CHECKED).at(self.span(spread))

    def _overridden(self, member: Member, path: OptionPath, spread: Node) -> None:
        content = self._reading.content(_argument(spread), self._last)
        if content.when:
            # Only while the condition holds: otherwise the value written is the one used.
            message = (
                f"{format_path(path)} is set again by {self._label(spread)} when {content.when}, which comes "
                "after it and wins then: this value is used only when that does not hold"
            )
            severity: Severity = "info"
        else:
            message = (
                f"{format_path(path)} is set again by {self._label(spread)}, which comes after it "
                "and wins at run time: this value has no effect"
            )
            severity = "warning"
        where = self.span(member.key_node if member.key_node is not None else member.node)
        key = (member.node.start_byte, OVERRIDDEN, message)
        if key not in self._found:
            d = Diagnostic(severity, format_path(path), message, OVERRIDDEN, about_key=True)
            self._found[key] = d.at(where)


def _argument(spread: Node) -> Node:
    return [c for c in spread.named_children if c.type != "comment"][0]

