"""Spreads (``...base``) and computed keys that could give a key a value at run time other than the one an edit writes.

In ``{ ...base, router: x }`` the key written after the spread wins; in
``{ router: x, ...base }`` the spread does. An edit that adds, changes or
removes a key therefore means something else at run time when a spread of the
same object defines that key: :func:`spread_notes` says which spread, where,
what it holds when it can be read in the file, and what the edit does. A
computed key (``[`k${n}`]: v``) may be any key: it counts as a spread that
cannot be read.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Literal

from tree_sitter import Node

from fwk_tui.paths import OptionPath, format_path
from fwk_tui.source.document import ConfigDocument
from fwk_tui.source.locate import locate_config
from fwk_tui.source.nodes import Member, static_key, text_of
from fwk_tui.source.read import Reader, keyed_members
from fwk_tui.source.spread_reading import SHOWN, Definition, SpreadReading, statement_of
from fwk_tui.source.summary import one_line

Outcome = Literal["hides", "overridden", "reveals", "safe"]
"""What the edit does beside the spread: its new key hides the spread's value; the spread comes
after and wins (the edit changes nothing at run time); removing the key lets the spread's value
show; or the spread (read in the file) does not define the key."""


_WHITE = b" \t\n\r\f\v"


_COMPUTED_KEY = re.compile(rb"\]\s*[:(]")
"""``[expr]: value`` or ``[expr]() {}``: a computed key may be written here (or a `]` before a ternary's `:`)."""


def may_hide_keys(data: bytes) -> bool:
    """False when no object literal of ``data`` can hold a spread or a computed key; True when one may."""
    return _may_spread(data) or _COMPUTED_KEY.search(data) is not None


def _may_spread(data: bytes) -> bool:
    """False when no object literal of ``data`` can hold a spread; True when one may (so look at the tree).

    In an object, ``...`` follows its ``{`` or a comma, with white space or comments
    between: a ``...`` after anything else (``push(...items)``, ``[a, ...b]`` is
    after a comma, so it counts) is no object's. A comment before it counts as
    a maybe. Each ``...`` looks back over its own white space only: linear.
    """
    at = data.find(b"...")
    while at != -1:
        end = at
        while end and data[end - 1] in _WHITE:
            end -= 1
        if end and data[end - 1] in b"{,/":  # `/`: the end of a comment, maybe
            return True
        if b"\n" in data[end:at] and b"//" in data[data.rfind(b"\n", 0, end) + 1 : end]:
            return True  # a line comment may end the line before
        at = data.find(b"...", at + 3)
    return False


COMPUTED_REASON = "a computed key: its name is known at run time only"


def computed_key(child: Node) -> Node | None:
    """The key of ``child``, an object's member, when it is computed from code (``[`k${n}`]``), else None."""
    if child.type == "pair":
        key = child.child_by_field_name("key")
    elif child.type == "method_definition":
        key = child.child_by_field_name("name")
    else:
        return None
    if key is None or key.type != "computed_property_name" or static_key(key) is not None:
        return None
    return key


@dataclass(frozen=True)
class SpreadNote:
    """A spread of an object on an edit's way that defines (or may define) the key the edit writes there."""

    key_path: OptionPath
    spread: str
    line: int
    column: int
    outcome: Outcome
    definition: Definition
    removing: bool
    removal: bool = False  # the whole edit removes a key (at this level or below)

    @property
    def certain(self) -> bool:
        """True when the spread was read in the file and gives the key its value in every case."""
        d = self.definition
        return d.defines and d.value is not None and not d.reason and not d.when

    @property
    def risky(self) -> bool:
        """True when the edit does not mean at run time what it says.

        Removing a key that a later spread surely replaces is harmless: the key had no effect.
        """
        if self.outcome == "overridden" and self.removal and self.certain:
            return False
        return self.outcome != "safe"

    def message(self) -> str:
        """One sentence: the spread, what it holds for the key, and what the edit does because of it."""
        d = self.definition
        key = format_path(self.key_path)
        who = d.source or f"`{self.spread}`"
        if self.outcome == "safe":
            return f"{who} sets no {key}: safe"
        if d.value is None:
            why = f" ({d.reason})" if d.reason else ""
            holds = f"`{self.spread}` may define {key}{why}"
        else:
            when = f" when {d.when}" if d.when else ""
            holds = f"{who} sets {key}: {d.value}{when}"
            if d.reason:  # read in the file, and changed by code too
                holds = f"{who} sets {key}: {d.value} (line {d.line}){when}, and {d.reason}"
            if d.source is not None:
                holds = f"`{self.spread}`: {holds}"
        certain = d.value is not None and not d.reason
        return f"{holds}, {_consequence(self.outcome, self.removing, certain)}"


def _consequence(outcome: Outcome, removing: bool, certain: bool) -> str:
    verb = "replaces" if certain else "would replace"
    if outcome == "hides":
        return f"which this edit {verb} at run time (a key written after a spread wins over it)"
    if outcome == "reveals":
        shows = "shows" if certain else "may show"
        return f"which {shows} at run time once the key written after the spread is removed"
    what = "removing the key" if removing else "the edit"
    wins = "wins" if certain else "would win"
    return f"and it comes after the key, so it {wins} at run time: {what} changes nothing"


def spread_notes(before: ConfigDocument, after: ConfigDocument, path: OptionPath) -> list[SpreadNote]:
    """The spreads on the way to ``path`` that define (or may define) a key the edit ``before`` → ``after`` writes.

    At each object on the way: a key the edit creates is hidden from earlier
    spreads and overridden by later ones; a key it keeps only by later ones; a
    key it removes lets earlier spreads show and stays overridden by later ones.
    Spreads read in the file that do not define the key come back as ``safe``.
    """
    notes: list[SpreadNote] = []
    if not may_hide_keys(before.data) and not may_hide_keys(after.data):
        return notes  # no spread, no computed key anywhere: most files
    old_node = _root(before)
    new_node = _root(after)
    for depth, key in enumerate(path):
        if not isinstance(key, str):
            return notes  # array items: spreads in arrays shift indexes, not keys
        where = path[:depth]
        old_member = _member(old_node, where, key)
        new_member = _member(new_node, where, key)
        if old_member is None and new_member is None:
            return notes
        if old_member is not None and new_member is None:
            assert old_node is not None
            notes += _level(before, old_node, old_member, path[: depth + 1], "removed")
            return [replace(n, removal=True) for n in notes]
        assert new_node is not None and new_member is not None
        state = "created" if old_member is None else "kept"
        notes += _level(after, new_node, new_member, path[: depth + 1], state)
        old_node = old_member.value if old_member is not None else None
        new_node = new_member.value
    return notes


def _root(doc: ConfigDocument) -> Node | None:
    return locate_config(doc.tree, doc.filename).node


def _member(obj: Node | None, where: OptionPath, key: str) -> Member | None:
    if obj is None or obj.type != "object":
        return None
    return keyed_members(obj, where).get(key)


def _level(doc: ConfigDocument, obj: Node, member: Member, key_path: OptionPath, state: str) -> list[SpreadNote]:
    key = key_path[-1]
    assert isinstance(key, str)
    reader: Reader | None = None
    reading: SpreadReading | None = None
    out: list[SpreadNote] = []
    # The spreads and computed keys alone: cheaper than every member of a large object.
    for spread in (c for c in obj.named_children if c.type == "spread_element" or computed_key(c) is not None):
        later = spread.start_byte > member.node.start_byte
        if later:
            outcome: Outcome = "overridden"
        elif state == "created":
            outcome = "hides"
        elif state == "removed":
            outcome = "reveals"
        else:
            continue  # the key written after it already hid the spread's value; the edit changes nothing there
        computed = computed_key(spread)
        if computed is not None:
            definition = Definition(True, reason=COMPUTED_REASON)
        else:
            argument = [c for c in spread.named_children if c.type != "comment"]
            reading = reading or SpreadReading(doc.tree.root_node, statement_of(obj))
            definition = reading.define(argument[0], key, 0) if argument else Definition(False)
        if not definition.defines:
            outcome = "safe"
        reader = reader or Reader(doc.data)
        span = reader.span(spread)
        shown = one_line(text_of(computed if computed is not None else spread), SHOWN)
        out.append(SpreadNote(key_path, shown, span.line, span.column, outcome, definition, state == "removed"))
    return out
