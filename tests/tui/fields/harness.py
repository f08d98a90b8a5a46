"""A tiny app around one field: it records what the field asks for and, like the editor, applies it."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from textual.app import App, ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Input

from fwk_tui.catalog import Catalog, Variant, load_catalog
from fwk_tui.catalog.models import Option
from fwk_tui.session import Edit, EditError, EditSession
from fwk_tui.source import ConfigDocument
from fwk_tui.tui.fields import MISSING, OptionField, field_for

EMPTY = "export default defineFwkConfig({\n})\n"


@lru_cache(maxsize=1)
def catalog() -> Catalog:
    return load_catalog()


def config(body: str) -> str:
    """A config file whose object holds ``body`` (members, one per line)."""
    return "export default defineFwkConfig({\n" + body + "\n})\n"


class FieldHarness(App[None]):
    """Mounts the field of ``path`` over a real edit session of ``source``; Tab reaches an input below it.

    ``active``: the field's editor is mounted from the start (otherwise the first Tab mounts it).
    """

    CSS = """
    #form { height: 1fr; padding: 0 1; }
    #elsewhere { dock: bottom; }
    """

    def __init__(
        self,
        path: str,
        source: str = EMPTY,
        *,
        variant: Variant = "A",
        option: Option | None | str = "catalogue",
        apply: bool = True,
        active: bool = False,
    ) -> None:
        super().__init__()
        self.path = path
        self.session = EditSession(ConfigDocument.parse(source), catalog(), variant=variant)
        self.option = catalog().get(path) if option == "catalogue" else option
        self.apply_edits = apply
        self.edits: list[tuple[Edit, bool]] = []
        self.sealed: list[str] = []
        self.focus_events: list[str] = []
        self.errors: list[str] = []
        self.field: OptionField = field_for(
            path,
            self.option,  # type: ignore[arg-type]
            self.session.get(path, MISSING),
            self.session.variant,
            self.session.diagnostics_for(path),
        )
        if active:  # the editor mounted from the start, as after the field was first focused
            self.field.activate(focus=False)

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="form"):
            yield self.field
        yield Input(id="elsewhere", compact=True)

    @property
    def value(self) -> Any:
        return self.session.get(self.path, MISSING)

    @property
    def text(self) -> str:
        return self.session.text

    def refresh_field(self) -> None:
        self.field.refresh_state(self.value, self.session.variant, self.session.diagnostics_for(self.path))

    def on_option_field_edit_requested(self, event: OptionField.EditRequested) -> None:
        self.edits.append((event.edit, event.merge))
        if self.apply_edits:
            try:
                self.session.apply(event.edit, merge=event.merge)
            except EditError as exc:
                self.errors.append(str(exc))
                return
            self.refresh_field()

    def on_option_field_sealed(self, event: OptionField.Sealed) -> None:
        self.sealed.append(event.path)
        self.session.seal()

    def on_option_field_focused(self, event: OptionField.Focused) -> None:
        self.focus_events.append(event.path)


def screen_text(app: App[Any]) -> str:
    """Everything on the screen as plain text, one line per terminal row."""
    strips = app.screen._compositor.render_strips()
    return "\n".join("".join(seg.text for seg in strip) for strip in strips)


class FormHarness(App[None]):
    """Several fields of one file stacked like the editor's form, for snapshots (edits are applied too)."""

    CSS = """
    #form { height: 1fr; padding: 0 1; }
    """

    def __init__(self, paths: list[str], source: str = EMPTY, *, variant: Variant = "A") -> None:
        super().__init__()
        self.session = EditSession(ConfigDocument.parse(source), catalog(), variant=variant)
        self.fields = [
            field_for(
                path,
                catalog().get(path),
                self.session.get(path, MISSING),
                self.session.variant,
                self.session.diagnostics_for(path),
            )
            for path in paths
        ]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="form"):
            yield from self.fields

    def on_option_field_edit_requested(self, event: OptionField.EditRequested) -> None:
        self.session.apply(event.edit, merge=event.merge)
        for field in self.fields:
            field.refresh_state(
                self.session.get(field.path, MISSING), self.session.variant, self.session.diagnostics_for(field.path)
            )
