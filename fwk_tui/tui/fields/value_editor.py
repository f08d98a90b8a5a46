"""The part of a field that edits one value, and what every kind of value editor shares.

One subclass per kind of value (``text.py``, ``list.py``...); each adds itself
to :mod:`fwk_tui.tui.fields.registry`, which picks the editor a value gets.
An editor never touches the session or the document: it posts
:class:`ValueEditor.EditRequested` and the app applies the edit, then calls
:meth:`ValueEditor.show` (through its field) with the file's new value.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.text import Text
from textual import events
from textual.css.query import NoMatches
from textual.widget import Widget
from textual.widgets import Static

from fwk_tui.catalog.models import Default, Variant
from fwk_tui.catalog.types import TypeExpr
from fwk_tui.session import Edit
from fwk_tui.source.values import UNDEFINED, Code
from fwk_tui.tui.fields.lines import PreviewLine
from fwk_tui.tui.fields.present import default_value, js, not_set
from fwk_tui.tui.fields.steady import SteadyArrange
from fwk_tui.tui.messages import Sent
from fwk_tui.validate.values import MISSING

REVEAL_TRIES = 50
"""Refreshes an editor waits for its parts before :meth:`ValueEditor.reveal_once_composed` gives up."""

__all__ = ["PreviewLine", "ValueEditor", "is_missing", "lazy_static", "same_value"]


def is_missing(value: Any) -> bool:
    """True when the file does not set the value (or sets ``undefined``)."""
    return value is MISSING or value is UNDEFINED


def lazy_static(parent: Widget, name: str, *, after: Widget | None = None) -> Static:
    """The child ``Static`` of class ``name``, mounted on first use.

    Messages and key hints are mounted only when there is something to say:
    a form holds dozens of fields, and each widget costs styling and layout.
    """
    found = parent.query_children(f".{name}")
    if found:
        return found.first(Static)
    static = Static(classes=name)
    parent.mount(static, after=after)
    return static


def same_value(a: Any, b: Any) -> bool:
    """The same value for a field: ``MISSING`` and ``undefined`` alike, ``1`` not ``true`` nor ``1.0``."""
    if is_missing(a) or is_missing(b):
        return is_missing(a) and is_missing(b)
    return type(a) is type(b) and a == b


class ValueEditor(SteadyArrange):
    """The part of a field that edits one value; one subclass per kind of value.

    ``path`` is where the value lives, ``type_`` its type (``None``: not in the
    catalogue), ``value`` the value in the file (``MISSING`` when not set) and
    ``default`` the option's default in the current variant, if any.
    """

    class EditRequested(Sent["ValueEditor"], namespace="option_field"):
        """Apply ``edit``; ``merge``: typing, joins the last undo step of the same path.

        Handled as ``on_option_field_edit_requested`` (it is the field's too: :attr:`OptionField.EditRequested`).
        """

        def __init__(self, editor: ValueEditor, edit: Edit, merge: bool = False) -> None:
            super().__init__(editor)  # the editor that asked: a refused edit puts the file's value back in it
            self.edit = edit
            self.merge = merge

    class Entered(Sent["ValueEditor"]):
        """Enter in the editor's input, on a right text: a list whose item it is goes back to its rows."""

    class SourceWanted(Sent["ValueEditor"]):
        """An editor shows the object or list at ``path`` as code: the app answers with its text as written in the
        file (``answer(text)``); without an answer it shows the value rendered."""

        def __init__(self, editor: ValueEditor, path: str, answer: Callable[[str], None]) -> None:
            super().__init__(editor)
            self.path = path
            self.answer = answer

    class ReadChanged(Sent["ValueEditor"]):
        """The editor's typed text started or stopped not reading (class ``-invalid``): the app counts such fields."""

    DEFAULT_CSS = """
    ValueEditor {
        height: auto;
        & > .editor--hint {
            height: auto;
            color: $text-muted;
            display: none;
        }
        &:focus-within > .editor--hint {
            display: block;
        }
    }
    """

    def __init__(
        self,
        path: str,
        type_: TypeExpr | None,
        value: Any,
        *,
        default: Default | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(id=id, classes=classes)
        self.path = path
        self.type_ = type_
        self.value = value
        self.default = default
        self.last_typed: Edit | None = None
        """The last edit typing in this editor asked for (its own value coming back is not a change of kind)."""
        self.prepare()

    default_in_value = True
    """Whether the value's line says the default while the file does not set the value: the field's header says
    it too (the wizard's fields leave it to the header; see ``OptionField.DEFAULT_IN_VALUE``)."""

    @property
    def said_default(self) -> Default | None:
        """The default the value's line says while the file does not set the value (``None``: it says none)."""
        return self.default if self.default_in_value else None

    def unset_text(self) -> str:
        """What the value's line says while the file does not set the value: the default, if it says one."""
        default = default_value(self.said_default)
        return f"not set: {js(default)} by default" if not is_missing(default) else not_set(self.said_default)

    @property
    def variant(self) -> Variant:
        """The layout variant the file is edited as (A where the app does not say)."""
        try:
            session = getattr(self.app, "session", None)
        except Exception:  # noqa: BLE001 (not mounted: no app to ask)
            return "A"
        variant = getattr(session, "variant", "A")
        return "B" if variant == "B" else "A"

    def prepare(self) -> None:
        """Set up what a kind of editor keeps beside its value (called once, at the end of ``__init__``)."""

    def typed_here(self, value: Any) -> bool:
        """True when ``value`` is what typing in this editor last wrote at its own path."""
        edit = self.last_typed
        if edit is None or edit.path != self.path:
            return False
        if edit.kind == "set":
            return same_value(edit.value, value)
        if edit.kind == "set_code":
            return isinstance(value, Code) and value.text == edit.value
        return False

    def pending_text(self) -> str | None:
        """Text the user typed here that does not read as a value (so the file does not have it), or ``None``."""
        return None

    def restore_text(self, text: str) -> None:
        """Show ``text``, typed here earlier and not read (the form was left meanwhile)."""

    def discard_text(self) -> None:
        """Show the file's value again in place of text typed here that does not read (see ``pending_text``)."""

    def show(self, value: Any) -> None:
        """Show ``value``, the file's new value; keep what the user is typing when it says the same."""
        self.value = value

    def request(self, edit: Edit, *, merge: bool = False) -> None:
        """Ask the app to apply ``edit``."""
        self.last_typed = edit if merge else None
        self.post_message(self.EditRequested(self, edit, merge))

    def request_set(self, value: Any, *, merge: bool = False) -> None:
        """Ask the app to write ``value`` at this editor's path."""
        self.request(Edit("set", self.path, value), merge=merge)

    def preview(self) -> list[PreviewLine]:
        """The value as lines of text, shown until the field gets the focus (then this editor is mounted)."""
        if is_missing(self.value):
            return [(Text(not_set(self.said_default), style="dim italic"), True)]
        return [(Text(js(self.value)), True)]

    def hint(self) -> Text | None:
        """The keys of this editor, shown under it while it has the focus (mounted on first focus)."""
        return None

    def hint_after(self) -> Widget | None:
        """The child the hint goes after (``None``: last)."""
        return None

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        self._show_hint()

    def on_focus(self, event: events.Focus) -> None:
        self._show_hint()

    def _show_hint(self) -> None:
        if self.query_children(".editor--hint"):
            return
        hint = self.hint()
        if hint is not None:
            lazy_static(self, "editor--hint", after=self.hint_after()).update(hint)

    def enters_with(self, editor: ValueEditor) -> bool:
        """True when Enter in ``editor`` (see :class:`Entered`) is Enter on this editor's own text."""
        return editor is self

    def reveal(self, segments: tuple[str | int, ...]) -> None:
        """Focus the part editing ``segments`` below this editor's path (opening what holds it)."""
        self.focus_first()

    def reveal_once_composed(self, segments: tuple[str | int, ...], tries: int = REVEAL_TRIES) -> None:
        """:meth:`reveal` after the next refresh, or after later ones while the editor's parts are not composed yet
        (an editor opened deep inside others composes in steps); nothing once the editor is gone."""

        def attempt(left: int) -> None:
            if not self.is_attached:
                return
            try:
                self.reveal(segments)
            except NoMatches:
                if left:
                    self.call_after_refresh(attempt, left - 1)

        self.call_after_refresh(attempt, tries)

    def focus_first(self, *, scroll_visible: bool = True) -> bool:
        """Focus the first focusable part of the editor; ``False`` when it has none."""
        if self.focusable:
            self.focus(scroll_visible=scroll_visible)
            return True
        target = next((w for w in self.query("*") if w.focusable), None)
        if target is None:
            return False
        target.focus(scroll_visible=scroll_visible)
        return True
