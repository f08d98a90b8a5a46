"""Code and functions (hooks, ``cssproc.order``...): a TypeScript editor whose text is parsed before it is written."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType

from fwk_tui.session import Edit, check_spread, is_spread_item
from fwk_tui.source import ParseError, check_expression
from fwk_tui.source.render import Renderer, is_method_source
from fwk_tui.source.style import STARTER_STYLE
from fwk_tui.source.textutil import plain
from fwk_tui.source.values import Code
from fwk_tui.tui.fields.present import safe
from fwk_tui.tui.fields.registry import has_typed_editor, register
from fwk_tui.tui.fields.value_editor import (
    PreviewLine,
    ValueEditor,
    is_missing,
    lazy_static,
    same_value,
)
from fwk_tui.tui.widgets.safe_input import cap_words

if TYPE_CHECKING:
    # Imported when a code editor is first shown: the TextArea and the grammar cost ~10 ms at start.
    from fwk_tui.tui.fields.code_area import CodeArea

ACCEPT_KEYS = "ctrl+enter,ctrl+j"
"""Keys that write the code (leaving the editor with Tab writes it too)."""

_renderer = Renderer(STARTER_STYLE)

PREVIEW_LINES = 6
"""Lines of code shown before the field is focused."""


def code_text(value: Any) -> str:
    """The source a value is edited as: code as written, other values as JavaScript."""
    if is_missing(value):
        return ""
    if isinstance(value, Code):
        return value.text
    try:
        return _renderer.value(value)
    except Exception:  # noqa: BLE001 (a value the renderer refuses starts empty)
        return ""


def parse_problem(source: str, path: str = "") -> str | None:
    """``None`` when ``source`` is one expression (or one method, or at an array item's ``path`` a spread
    ``...rest``); else ``line:col: message``."""
    text = source.strip()
    if text and is_method_source(text):
        return None
    try:
        if is_spread_item(path, source):
            check_spread(source)
        else:
            check_expression(source)
    except ParseError as exc:
        where = f"{exc.line}:{exc.column}: " if exc.line else ""
        return f"{where}{exc.message}"
    return None


@register("code")
class CodeEditor(ValueEditor):
    """The value as TypeScript source; written (``set_code``) when accepted, only if it parses.

    Tab away or Ctrl+Enter accepts; a parse error shows with its line and
    column and writes nothing; Esc goes back to the file's text. Ctrl+T
    replaces code by a typed value when the option's type has a widget.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(ACCEPT_KEYS, "accept", "Accept code", key_display="tab/^j"),
        Binding("escape", "revert", "Revert code", key_display="esc"),
        Binding("ctrl+t", "typed", "Typed value"),
    ]

    DEFAULT_CSS = """
    CodeEditor {
        height: auto;
        & > CodeArea {
            margin: 0 1 0 0;
            background: $boost;
        }
        &.-invalid > .editor--hint {
            display: block;
            color: $text-error;
        }
    }
    """

    def prepare(self) -> None:
        super().prepare()
        self.typed = has_typed_editor(self.type_)
        """Whether Ctrl+T offers a typed value instead of the code (the type has another editor)."""
        self.problem: str | None = None
        """The parse error of the text, as ``line:col: message``, once refused."""
        self._revertable = False
        self._source: str | None = None
        """The value's text as written in the file, when the app gave it (:meth:`written_as`)."""
        self._rendered: str | None = None
        """The value rendered as code, made once per value (each key typed compares the text with it)."""

    def compose(self) -> ComposeResult:
        from fwk_tui.tui.fields.code_area import CodeArea

        yield CodeArea(self.file_text(), placeholder=self._placeholder())

    def preview(self) -> list[PreviewLine]:
        text = self.file_text()
        if not text:
            return [(Text(self._placeholder(), style="dim"), True)]
        lines = text.splitlines()
        shown: list[PreviewLine] = [(Text(plain(line), end=""), True) for line in lines[:PREVIEW_LINES]]
        if len(lines) > PREVIEW_LINES:
            shown.append((Text(f"… {len(lines) - PREVIEW_LINES} more lines", style="dim italic"), True))
        return shown

    def _placeholder(self) -> str:
        if not is_missing(self.value):
            return ""
        if self.type_ is None:
            return "not set: type a JavaScript expression"
        from fwk_tui.validate.typecheck import phrase

        return f"not set: type {phrase(self.type_)} (TypeScript)"

    @property
    def area(self) -> CodeArea:
        from fwk_tui.tui.fields.code_area import CodeArea

        return self.query_one(CodeArea)

    def _shown_area(self) -> CodeArea | None:
        """The area, when it is there: messages and the footer's questions can come before it is composed or
        after it went with a record closed."""
        from fwk_tui.tui.fields.code_area import CodeArea

        areas = self.query_children(CodeArea)
        return areas.first() if areas else None

    def hint(self) -> Text:
        hint = "Tab or Ctrl+J: accept · Esc: revert"
        if self.typed:
            hint += " · Ctrl+T: typed value"
        return Text(hint, end="")

    def _status(self, problem: str | None) -> None:
        if problem == self.problem:
            return
        if (problem is None) != (self.problem is None):
            self.post_message(ValueEditor.ReadChanged(self))
        self.problem = problem
        self.set_class(problem is not None, "-invalid")
        if problem is not None or self.query_children(".editor--hint"):
            lazy_static(self, "editor--hint").update(safe("✖ " + problem) if problem else self.hint())

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "typed":
            return self.typed
        if action == "revert":
            # Nothing to revert: Esc goes on to the list or record holding this editor.
            area = self._shown_area()
            return self.problem is not None or (area is not None and area.text.strip() != self.file_text().strip())
        return True

    # -- accepting ------------------------------------------------------------------

    def accept(self) -> bool:
        """Write the text when it changed and parses; ``False`` when it was refused."""
        area = self._shown_area()
        if area is None or self._untouched(area.text):
            self._status(None)
            return True
        source = area.text
        problem = parse_problem(source, self.path)
        self._status(problem)
        if problem is not None:
            return False
        self.request(Edit("set_code", self.path, source.strip()))
        return True

    def pending_text(self) -> str | None:
        area = self._shown_area()
        if area is None:
            return None  # not composed: nothing typed
        return None if self._untouched(area.text) else area.text

    def action_accept(self) -> None:
        """Parse the code and write it."""
        self.accept()

    def action_revert(self) -> None:
        """Back to the file's text."""
        if (area := self._shown_area()) is not None:
            area.load_text(self.file_text())
        self._status(None)

    discard_text = action_revert

    def action_typed(self) -> None:
        """Replace the code by a typed value (the default when it fits, else an empty one)."""
        from fwk_tui.tui.fields.kinds import starter

        if self.typed:
            self.request_set(starter(self.type_, self.default))

    def on_code_area_full(self, event: events.Event) -> None:
        event.stop()
        self.notify(f"This code {cap_words(self.area.max_length)}.")

    def on_text_area_changed(self, event: events.Event) -> None:
        # Typed text that does not parse is said as it is typed, as a typed value's field says it: the status
        # line counts the field, never "no problems" while it holds text no save could write.
        source = self.area.text
        self._status(None if self._untouched(source) else parse_problem(source, self.path))
        # The footer shows Esc (revert) once there is something to revert, and drops it after.
        revertable = bool(self.check_action("revert", ()))
        if revertable != self._revertable:
            self._revertable = revertable
            self.refresh_bindings()

    def on_descendant_blur(self, event: events.DescendantBlur) -> None:
        if event.widget is self._shown_area():
            self.accept()

    # -- the file's value -----------------------------------------------------------

    def show(self, value: Any) -> None:
        previous = self.value
        shown = self.file_text()
        super().show(value)
        if same_value(previous, value):
            return  # the user's text stays, accepted or not
        self._source = self._rendered = None
        area = self._shown_area()
        if area is not None and area.text.strip() in (shown.strip(), self.file_text().strip()):
            area.load_text(self.file_text())  # not typed over: the new value (as written, once the app says)
            self._status(None)
        self._ask_source()  # also after this editor's own text was written: it is then what the file holds

    # -- the value as written ---------------------------------------------------------

    def on_mount(self) -> None:
        self._ask_source()

    def _ask_source(self) -> None:
        if isinstance(self.value, (dict, list)):  # an object or a list: shown as written, comments and all
            self.post_message(ValueEditor.SourceWanted(self, self.path, self.written_as))

    def written_as(self, text: str) -> None:
        """The value's text in the file (the app's answer to :class:`ValueEditor.SourceWanted`): shown instead of
        the value rendered, so a change writes back only what was changed; kept as the text typed over."""
        if self._source == text or not self.is_mounted:
            return
        area = self._shown_area()
        if area is None:  # its area not composed yet (it shows the text then), or removed with the editor (a
            self._source = text  # record closed, a deeper one opened as code) by the time the answer comes
            return
        untouched = self._untouched(area.text)
        self._source = text
        if untouched:
            area.load_text(text)

    def _untouched(self, source: str) -> bool:
        """``source`` is what the file holds (nothing typed over it, or nothing for a value not set)."""
        return source.strip() == self.file_text().strip() or (not source.strip() and is_missing(self.value))

    def file_text(self) -> str:
        """What the file holds, as the editor shows it: the text as written when known, else the value rendered."""
        if self._source is not None:
            return self._source
        if self._rendered is None:
            self._rendered = code_text(self.value)
        return self._rendered
