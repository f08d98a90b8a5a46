"""Editing keys run in the order they were typed.

Textual's ``Input`` and ``TextArea`` insert a printable character as soon as
its key reaches them, but run a bound key (Backspace, Ctrl+U, Delete, the
arrows...) only once its event has bubbled up to the app, one message queue
per ancestor. When keys arrive together (a fast typist, a paste of keys
through tmux, a busy app catching up) the characters typed after a Backspace
overtake it: ``a b Backspace c`` gives ``ac``... or ``abc`` with its ``c``
deleted. :class:`OrderedKeys` runs the widget's own bindings when the key
reaches it, as Textual would a moment later, so the text is what was typed.
"""

from __future__ import annotations

from textual import events
from textual.widget import Widget

from fwk_tui.tui.held_keys import HeldKeys


async def run_own_binding(widget: Widget, event: events.Key) -> bool:
    """Run ``widget``'s own binding of ``event``'s key now; ``False`` when it has none that acts.

    The bindings are those Textual would try first for the focused widget
    (the keymap applied); priority bindings already ran before the key came.
    """
    chain = widget.screen._modal_binding_chain
    if not chain or chain[0][0] is not widget:
        return False
    for binding in chain[0][1].key_to_bindings.get(event.key, ()):
        if not binding.priority and await widget.app.run_action(binding.action, widget):
            event.stop()
            event.prevent_default()
            return True
    return False


class OrderedKeys:
    """Mix in before ``Input`` or ``TextArea`` (``class X(OrderedKeys, Input)``): bound keys act in typing order.

    Textual calls the ``_on_key`` of each class of the MRO in turn, this one
    first: a key bound here runs now and goes no further; any other key goes
    on to the widget's own handling (characters) and up to the app. A plain
    class, not a ``Widget``: a widget class would set ``can_focus`` and
    shadow the input's own.
    """

    async def _on_key(self, event: events.Key) -> None:
        if not event.is_printable and isinstance(self, Widget) and not await run_own_binding(self, event):
            hold_behind(self, event)


def hold_behind(widget: Widget, event: events.Key) -> None:
    """A key the widget does not bind goes up to whoever does (Ctrl+F's search, F1's help, Escape closing a
    panel, Tab): the keys typed after it wait until it has acted, then go where the focus is (else a character
    typed right after Ctrl+F went into this field, the search opening behind it)."""
    app = widget.app
    if isinstance(app, HeldKeys):
        app.hold_keys()
        app.hold_queued_keys(widget)
        app.release_keys_soon()
