"""Entries know where their key is written, beside where their value is."""

from __future__ import annotations

from fwk_tui.source import ConfigDocument

TEXT = """\
export default {
  a:
    1,
  'b-c': { d: [true, { e: 2 }] },
  ['x']: 3,
  async setup() {},
  short,
  hooks: { build: { done() {} } },
  'été': 4,
}
"""


def test_key_spans_point_at_the_key() -> None:
    doc = ConfigDocument.parse(TEXT)
    keys = {e.path: e.key_span for e in doc.entries()}
    where = {p: (s.line, s.column) for p, s in keys.items() if s is not None}
    assert where == {
        ("a",): (2, 3),
        ("b-c",): (4, 3),  # a quoted key: from its quote
        ("b-c", "d"): (4, 12),
        ("b-c", "d", 1, "e"): (4, 24),
        ("x",): (5, 3),  # a computed key: from its bracket
        ("setup",): (6, 9),  # a method: its name
        ("short",): (7, 3),
        ("hooks",): (8, 3),
        ("hooks", "build:done"): (8, 21),  # a hook written nested: its own name
        ("été",): (9, 3),
    }
    assert keys[("b-c", "d", 0)] is None and keys[("b-c", "d", 1)] is None  # array items have no key
    span = keys[("b-c",)]
    assert span is not None and doc.data[span.start : span.end] == b"'b-c'"


def test_value_spans_are_unchanged() -> None:
    doc = ConfigDocument.parse(TEXT)
    entry = next(e for e in doc.entries() if e.path == ("a",))
    assert (entry.span.line, entry.span.column) == (3, 5)
