"""The runtime step's field: a private key's value is a secret, masked while typed and in its row until Ctrl+R.

The value's input is a password input (``•`` per character) and its row reads
``****``, the mask every command prints for a private value; Ctrl+R shows them
in clear and hides them again. What is private is :func:`is_private_path`'s
word, the one secrets policy.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from textual import events
from textual.message import Message
from textual.widgets import Input

from fwk_tui.catalog.models import Variant
from fwk_tui.paths import PathError, parse_path
from fwk_tui.tui.fields import ValueEditor
from fwk_tui.tui.fields.record import Entry, RecordEditor
from fwk_tui.tui.fields.slot import EditorSlot
from fwk_tui.tui.wizard.page import WizardField
from fwk_tui.validate import Diagnostic
from fwk_tui.validate.env import MASK, is_private_path


def _private(path: str) -> bool:
    """A value under a key of runtimeConfig the server alone reads (not runtimeConfig itself: its keys' names)."""
    try:
        segments = parse_path(path)
    except PathError:
        return False
    return len(segments) > 1 and is_private_path(segments)


def _masked(value: Any) -> Any:
    """``value`` with each text, number or flag as ``****`` (an empty one stays empty: there is nothing to hide)."""
    if isinstance(value, dict):
        return {k: _masked(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_masked(v) for v in value]
    return value if value in ("", None) else MASK


def _mask(editor: RecordEditor, shown: Callable[[], bool]) -> None:
    """Make ``editor``'s rows show its private values as ``****`` while ``shown()`` is false, and the text of a
    private value's panel invisible until its input is a password input (see :class:`PrivateValuesField`).

    On the instance: the field gives its value to an editor of exactly the record kind's class, or
    replaces it (``slot.update_editor``), so a subclass would not stay.
    """
    rows_text = editor.rows_text
    mount_panel = editor.mount_panel

    def masked_rows() -> Any:
        if shown():
            return rows_text()
        real = editor.entries
        editor.entries = [_masked_entry(editor, e) for e in real]
        try:
            return rows_text()
        finally:
            editor.entries = real

    def masked_panel(*children: Any) -> None:
        if not shown():
            for child in children:
                if isinstance(child, EditorSlot) and _private(child.editor.path):
                    child.add_class(_UNMASKED)
        mount_panel(*children)
        editor.call_after_refresh(editor.post_message, PrivatePanelOpened())

    editor.rows_text = masked_rows  # type: ignore[method-assign]
    editor.mount_panel = masked_panel  # type: ignore[method-assign]


_UNMASKED = "-private-unmasked"
"""A private value's panel whose inputs are not password inputs yet: their text is not drawn."""


class PrivatePanelOpened(Message):
    """A panel was opened under the rows: its inputs are there to mask."""


def _masked_entry(editor: RecordEditor, entry: Entry) -> Entry:
    if not entry.is_set or not _private(editor.key_path(entry.key)):
        return entry
    return replace(entry, value=_masked(entry.value))


class PrivateValuesField(WizardField):
    """The field of ``runtimeConfig`` in the wizard: private values masked until :meth:`show_private`.

    A value's input becomes a password input once it is there (a panel opened, the focus come, the value
    changed); until then its panel draws no text: the value opened again from its row never shows.
    """

    DEFAULT_CSS = f"""
    PrivateValuesField EditorSlot.{_UNMASKED} Input {{ text-opacity: 0%; }}
    """

    shown = False
    """Whether the private values show in clear (Ctrl+R)."""

    def _new_editor(self) -> ValueEditor:
        editor = super()._new_editor()
        if isinstance(editor, RecordEditor):
            _mask(editor, lambda: self.shown)
        return editor

    def show_private(self, shown: bool) -> None:
        """Show the private values in clear (``True``) or masked, in the rows and in the open input."""
        self.shown = shown
        self.refresh_state(self.value, self.variant, self.diagnostics)  # the rows again, from the same value

    def refresh_state(self, value: Any, variant: Variant, diagnostics: list[Diagnostic]) -> None:
        super().refresh_state(value, variant, diagnostics)
        self._mask_inputs()

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        super().on_descendant_focus(event)
        self._mask_inputs()  # a value's input: masked before a key reaches it

    def on_private_panel_opened(self, event: PrivatePanelOpened) -> None:
        event.stop()
        self._mask_inputs()

    def _mask_inputs(self) -> None:
        for input in self.query(Input):
            editor = next((node for node in input.ancestors if isinstance(node, ValueEditor)), None)
            private = editor is not None and not isinstance(editor, RecordEditor) and _private(editor.path)
            if input.password != (private and not self.shown):
                input.password = private and not self.shown
        for slot in self.query(f"EditorSlot.{_UNMASKED}"):
            if self.shown or slot.query(Input):
                slot.remove_class(_UNMASKED)
