"""The editor shows every character that command output escapes (controls, bidi, zero-width, lone surrogates)."""

from __future__ import annotations

from fwk_tui.source.textutil import UNSAFE
from fwk_tui.tui.widgets.safe_input import visible


def test_what_plain_escapes_the_editor_makes_visible() -> None:
    unsafe = [chr(c) for c in range(0x110000) if UNSAFE.match(chr(c))]
    assert {"\u061c", "\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\ud800", "\u202e", "\x85"} <= set(unsafe)
    for ch in unsafe:
        shown = visible(ch)
        assert len(shown) == 1  # one cell per character: the cursor stays where it was
        assert not UNSAFE.match(shown), repr(ch)
    assert visible("a\u200bb\u061cc") == "a\ufffdb\ufffdc"
