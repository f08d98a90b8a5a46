"""A closed set of values (``'automatic' | 'manual' | false``): a select listing each value as JavaScript."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.markup import escape
from textual.widgets import Select

from fwk_tui.session import Edit
from fwk_tui.tui.fields.kinds import enum_values
from fwk_tui.tui.fields.present import default_value, js
from fwk_tui.tui.fields.registry import register
from fwk_tui.tui.fields.value_editor import PreviewLine, ValueEditor, is_missing
from fwk_tui.validate.typecheck import same_literal


@register("enum")
class EnumEditor(ValueEditor):
    """A select of the allowed values; the default is marked, and a value the type does not allow is listed as such.

    Picking a value writes it; picking the blank line ("not set") removes the key.
    """

    # Enter, Space, Up and Down open the list: the Select's own keys.

    DEFAULT_CSS = """
    EnumEditor {
        height: auto;
        & > Select {
            width: 1fr;
            margin: 0 1 0 0;
        }
    }
    """

    def prepare(self) -> None:
        super().prepare()
        self.values: list[Any] = (enum_values(self.type_) if self.type_ is not None else None) or []

    def compose(self) -> ComposeResult:
        yield Select(
            self._options(self.value),
            prompt=escape(self.unset_text()),
            allow_blank=True,
            value=self._index(self.value),
            compact=True,
        )

    def _choices(self, value: Any) -> list[Any]:
        """The allowed values, then ``value`` when the type does not allow it."""
        if is_missing(value) or any(same_literal(value, v) for v in self.values):
            return self.values
        return [*self.values, value]

    def _options(self, value: Any) -> list[tuple[Text, int]]:
        default = default_value(self.default)
        out: list[tuple[Text, int]] = []
        for i, choice in enumerate(self._choices(value)):
            label = Text(js(choice), end="")
            if i >= len(self.values):
                label.append("  (not allowed)", style="red")
            elif not is_missing(default) and same_literal(choice, default):
                label.append("  (default)", style="dim")
            out.append((label, i))
        return out

    def _index(self, value: Any) -> int | Any:
        if is_missing(value):
            return Select.NULL
        for i, choice in enumerate(self._choices(value)):
            if same_literal(choice, value):
                return i
        return Select.NULL

    def preview(self) -> list[PreviewLine]:
        if is_missing(self.value):
            return [(Text(self.unset_text(), style="dim"), True)]
        index = self._index(self.value)
        return [(self._options(self.value)[index][0] if isinstance(index, int) else Text(js(self.value)), True)]

    def show(self, value: Any) -> None:
        grew = len(self._choices(self.value)) != len(self._choices(value)) or len(self._choices(value)) > len(
            self.values
        )
        super().show(value)
        select = self.query_one(Select)
        with self.prevent(Select.Changed):
            if grew:
                select.set_options(self._options(value))
            select.value = self._index(value)

    def on_select_changed(self, event: Select.Changed) -> None:
        event.stop()
        if event.value is Select.NULL:
            if not is_missing(self.value):
                self.request(Edit("unset", self.path))
            return
        assert isinstance(event.value, int)
        chosen = self._choices(self.value)[event.value]
        if is_missing(self.value) or not same_literal(chosen, self.value):
            self.request_set(chosen)
