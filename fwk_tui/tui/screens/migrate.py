"""Moving to layout A: the plan as a screen, a choice per option, and the config as it would be written.

The source folder comes first (changing it makes the plan again), then each
option whose value changes for this project with its value before and after and
the choice to keep the old behaviour or adopt the new one, the folders that
would move (shown only: the editor moves no folder), and the diff. Enter
applies (the caller makes it one undoable edit); a move that brings an error
under layout A is refused with a message. Every value quoted from the file is
shown as text, never markup.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.events import Click
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Static

from fwk_tui.migrate.draft import Draft, change, choosable, imports_words, shown, warned, why_fixed
from fwk_tui.migrate.plan import Item
from fwk_tui.source.textutil import plain
from fwk_tui.tui.messages import Sent
from fwk_tui.tui.screens.save_preview import diff_stats, diff_text

VALUE_WIDTH = 60
"""The longest value shown on a line of an item (folded at its deepest brackets first, then cut)."""
SOURCE_ROW = "source-folder"


class ChoiceRow(Vertical, can_focus=True):
    """One choice between two answers: a title, the two answers (the chosen one marked), lines of detail.

    Space switches, ← chooses the first answer and → the second; a click switches.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("space", "switch", "Switch"),
        Binding("left", "choose(True)", "First", show=False),
        Binding("right", "choose(False)", "Second", show=False),
        # Before the plan's own scrolling: ↓ ↑ go from choice to choice (the plan scrolls to the focus).
        Binding("down", "screen.step(1)", "Next choice", show=False),
        Binding("up", "screen.step(-1)", "Previous choice", show=False),
    ]

    DEFAULT_CSS = """
    ChoiceRow { height: auto; padding: 0 1; }
    ChoiceRow:focus { background: $accent 25%; }
    ChoiceRow > Horizontal { height: auto; }
    ChoiceRow .row-title { width: 1fr; text-style: bold; }
    ChoiceRow .row-choice { width: auto; }
    ChoiceRow .row-detail { color: $text-muted; padding: 0 0 0 2; }
    """

    class Changed(Sent["ChoiceRow"]):
        """The user chose: ``first`` is True when the first answer is chosen."""

        def __init__(self, row: ChoiceRow, first: bool) -> None:
            super().__init__(row)
            self.first = first

    def __init__(self, key: str, title: str, answers: tuple[str, str], first: bool, detail: Text) -> None:
        super().__init__(id=key if key == SOURCE_ROW else None)
        self.key = key
        self._title = title
        self._answers = answers
        self.first = first
        self._detail = detail

    def compose(self) -> ComposeResult:
        with Horizontal():
            yield Static(Text(plain(self._title)), classes="row-title", markup=False)
            yield Static(self._choice_text(), classes="row-choice", markup=False)
        yield Static(self._detail, classes="row-detail", markup=False)

    def _choice_text(self) -> Text:
        first, second = self._answers
        out = Text()
        out.append(f"{'●' if self.first else '○'} {first}", style="bold" if self.first else "dim")
        out.append("  ")
        out.append(f"{'○' if self.first else '●'} {second}", style="dim" if self.first else "bold")
        return out

    def set_detail(self, detail: Text) -> None:
        self._detail = detail
        self.query_one(".row-detail", Static).update(detail)

    def action_switch(self) -> None:
        """Choose the other answer."""
        self.action_choose(not self.first)

    def action_choose(self, first: bool) -> None:
        if first != self.first:
            self.first = first
            self.query_one(".row-choice", Static).update(self._choice_text())
            self.post_message(self.Changed(self, first))

    def on_click(self, event: Click) -> None:
        event.stop()
        self.focus()
        self.action_switch()


def item_detail(item: Item) -> Text:
    """The value before and after of ``item`` (for two lists: what the new one drops and adds)."""
    out = Text()
    out.append("before  ", style="bold")
    out.append(plain(shown(item.before, VALUE_WIDTH)))
    out.append("\nafter   ", style="bold")
    if isinstance(item.before, list) and isinstance(item.after, list):
        out.append(plain(change(item.before, item.after, VALUE_WIDTH)))
    elif item.before == item.after and type(item.before) is type(item.after):
        out.append(plain(f"{shown(item.after, VALUE_WIDTH)} (the same default; the reference's way back pins it)"))
    else:
        out.append(plain(shown(item.after, VALUE_WIDTH)))
    return out


def fixed_item(item: Item) -> Vertical:
    """An item without a choice: its values, and why it cannot be kept (or that its key goes)."""
    title = Text()
    title.append(plain(item.path), style="bold")
    title.append("   ")
    title.append(why_fixed(item), style="italic")
    return Vertical(
        Static(title, markup=False),
        Static(item_detail(item), classes="row-detail", markup=False),
        classes="fixed-item",
    )


class MigrateScreen(ModalScreen["Draft | None"]):
    """The plan of the move to layout A; Enter applies it (returns the draft), Esc changes nothing (``None``)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "apply", "Apply the move", key_display="Enter"),
        Binding("escape", "cancel", "Cancel", key_display="Esc"),
        Binding("down", "step(1)", "Next choice", show=False),
        Binding("up", "step(-1)", "Previous choice", show=False),
        Binding("pagedown", "scroll_plan(1)", "Scroll down", show=False),
        Binding("pageup", "scroll_plan(-1)", "Scroll up", show=False),
    ]

    DEFAULT_CSS = """
    MigrateScreen {
        align: center middle;
        background: $background 60%;
    }
    #migrate-box {
        width: 96%;
        max-width: 120;
        height: 94%;
        border: round $accent;
        border-title-color: $text;
        border-subtitle-color: $text-muted;
        background: $surface;
    }
    #migrate-plan { height: 1fr; scrollbar-size-vertical: 1; }
    #migrate-plan > Static { padding: 0 1; height: auto; }
    #migrate-plan > .section { text-style: bold; margin: 1 0 0 0; }
    #migrate-intro { color: $text-muted; }
    #migrate-errors { color: $text-error; }
    #migrate-notes { color: $text-warning; }
    #migrate-folders { color: $text; }
    #migrate-plan > .fixed-item { height: auto; padding: 0 1; color: $text-muted; }
    #migrate-plan > .fixed-item > Static { height: auto; }
    #migrate-plan > .fixed-item > .row-detail { padding: 0 0 0 2; }
    #migrate-buttons { height: auto; align-horizontal: center; dock: bottom; }
    #migrate-buttons > Button { margin: 0 1; min-width: 14; height: 1; border: none; }
    """

    def __init__(self, draft: Draft, label: str) -> None:
        super().__init__()
        self.draft = draft
        self._label = label

    # --------------------------------------------------------------- layout

    def compose(self) -> ComposeResult:
        draft = self.draft
        with Vertical(id="migrate-box") as box:
            box.border_title = Text(f"Move {plain(self._label)} to layout A")  # a file name is never markup
            box.border_subtitle = "Space switches · Enter applies · Esc cancels"
            with VerticalScroll(id="migrate-plan", can_focus=False):
                yield Static(self._intro(), id="migrate-intro", markup=False)
                yield Static(Text(), id="migrate-errors", markup=False)
                yield self._source_row()
                yield Static(Text(), id="migrate-summary", classes="section", markup=False)
                for item in draft.items:
                    yield self._item_row(item)
                yield Static(Text(), id="migrate-notes", markup=False)
                yield Static(Text(), id="migrate-folders", markup=False)
                yield Static(Text(), id="migrate-diff-title", classes="section", markup=False)
                yield Static(Text(), id="migrate-diff", markup=False)
            with Horizontal(id="migrate-buttons"):
                yield Button("Apply (Enter)", id="migrate-apply", variant="primary")
                yield Button("Cancel (Esc)", id="migrate-cancel")
        yield Footer()

    def on_mount(self) -> None:
        self._show_outcome()
        rows = self.query(ChoiceRow)  # the source folder's choice first, when there is one
        (rows.first() if rows else self.query_one("#migrate-apply", Button)).focus()
        # Focusing before the first layout scrolls the intro away: the plan starts at its top.
        self.call_after_refresh(self.query_one("#migrate-plan", VerticalScroll).scroll_home, animate=False)

    def _intro(self) -> Text:
        version = self.draft.plan.version_before
        return Text(
            f"future.compatibilityVersion {shown(version)} → 4. For each option whose value changes "
            "for this project: "
            "keep the old behaviour (its old value is written) or adopt the new one. Ctrl+Z undoes the move; "
            'when folders move too, the file is written with them and the palette\'s "Undo the move to layout A" '
            "takes both back."
        )

    def _source_row(self) -> Static | ChoiceRow:
        draft = self.draft
        if draft.source_folder_fixed:
            text = Text()
            text.append("Source folder   ", style="bold")
            folder = plain(shown(draft.plan.source_folder))
            text.append(f"srcDir is set in the config ({folder}): the sources stay there")
            return Static(text, id=SOURCE_ROW, markup=False)
        return ChoiceRow(
            SOURCE_ROW,
            "Source folder",
            ("keep where they are", "move into app/"),
            draft.keep_source_folder,
            self._source_detail(),
        )

    def _source_detail(self) -> Text:
        draft = self.draft
        names = ", ".join(m.name for m in draft.folders_to_move) or "none exist yet"
        if draft.keep_source_folder:
            return Text(f"srcDir: '.' is written; the sources stay beside the config ({plain(names)})")
        return Text(f"srcDir becomes 'app'; into app/: {plain(names)}")

    def _item_row(self, item: Item) -> Vertical:
        if not choosable(item):
            return fixed_item(item)
        keeps = self.draft.keeps(item.path)
        return ChoiceRow(item.path, item.path, ("keep old", "adopt new"), keeps, item_detail(item))

    # -------------------------------------------------------------- updates

    def _show_outcome(self) -> None:
        """Show the summary, the errors, the folders and the diff of the draft as chosen now."""
        draft = self.draft
        self.query_one("#migrate-summary", Static).update(self._summary())
        errors = draft.outcome.new_errors
        error_text = Text()
        if errors:
            error_text.append(
                f"The move would bring {len(errors)} error{'s' if len(errors) > 1 else ''} under layout A: "
                "Apply is refused until the config or a choice changes.\n",
                style="bold",
            )
            for d in errors:
                error_text.append(f"  {plain(d.path)}: {plain(d.message)}\n")
            error_text.rstrip()
        errors_widget = self.query_one("#migrate-errors", Static)
        errors_widget.update(error_text)
        errors_widget.display = bool(errors)
        notes = self.query_one("#migrate-notes", Static)
        said = [*draft.plan.notes, *warned(draft.outcome)]
        notes.update(Text("\n".join(f"Note: {plain(n)}" for n in said)))
        notes.display = bool(said)
        folders = self.query_one("#migrate-folders", Static)
        folders.update(self._folders())
        folders.display = bool(draft.moves or draft.plan.imports_left)
        diff = draft.diff
        added, removed = diff_stats(diff)
        self.query_one("#migrate-diff-title", Static).update(
            Text(
                f"{plain(self._label)} as it would be written: {added} line{'s' if added != 1 else ''} added, "
                f"{removed} removed"
            )
        )
        self.query_one("#migrate-diff", Static).update(diff_text(diff))

    def _summary(self) -> Text:
        draft = self.draft
        items = draft.items
        kept = sum(1 for i in items if choosable(i) and draft.keeps(i.path))
        adopted = sum(1 for i in items if choosable(i) and not draft.keeps(i.path))
        fixed = len(items) - kept - adopted
        parts = [f"{kept} keep the old behaviour", f"{adopted} adopt the new one"]
        if fixed:
            parts.append(f"{fixed} without a choice")
        return Text(f"Options that change ({len(items)}): {', '.join(parts)}")

    def _folders(self) -> Text:
        out = Text()
        moves = self.draft.moves
        out.append("Folders and files that move", style="bold")
        out.append(" (Enter lists them and asks; they move and the file is written together)\n")
        for m in moves:
            why = f"   (imported through ~/ by {', '.join(m.imported_by)})" if m.imported_by else ""
            out.append(f"  {plain(m.source)} -> {plain(m.target)}{plain(why)}\n")
        for line in imports_words(self.draft.plan):
            out.append(f"{plain(line)}\n")
        out.rstrip()
        return out

    async def _rebuild_items(self) -> None:
        """The source folder changed: the plan's items are others; show them, the focus staying on the choice."""
        plan = self.query_one("#migrate-plan", VerticalScroll)
        for widget in list(plan.children):
            if (isinstance(widget, ChoiceRow) and widget.key != SOURCE_ROW) or widget.has_class("fixed-item"):
                await widget.remove()
        await plan.mount_all(
            [self._item_row(item) for item in self.draft.items], after=self.query_one("#migrate-summary", Static)
        )

    @on(ChoiceRow.Changed)
    async def _chosen(self, event: ChoiceRow.Changed) -> None:
        event.stop()
        row = event.control
        if row.key == SOURCE_ROW:
            self.draft.set_source_folder(event.first)
            row.set_detail(self._source_detail())
            await self._rebuild_items()
        else:
            self.draft.choose(row.key, event.first)
        self._show_outcome()

    # -------------------------------------------------------------- actions

    def action_step(self, step: int) -> None:
        """To the next or previous choice (the editor's own actions wait while a screen is shown)."""
        if step > 0:
            self.focus_next()
        else:
            self.focus_previous()

    def action_scroll_plan(self, pages: int) -> None:
        plan = self.query_one("#migrate-plan", VerticalScroll)
        if pages > 0:
            plan.scroll_page_down()
        else:
            plan.scroll_page_up()

    def action_apply(self) -> None:
        """Apply the move as one edit; refused while it would bring an error under layout A."""
        errors = self.draft.outcome.new_errors
        if errors:
            first = errors[0]
            self.notify(
                plain(f"Not applied: the move would bring an error under layout A at {first.path}: {first.message}"),
                title="Move refused",
                severity="error",
                timeout=8,
                markup=False,
            )
            return
        self.dismiss(self.draft)

    def action_cancel(self) -> None:
        """Close; nothing changes."""
        self.dismiss(None)

    @on(Button.Pressed, "#migrate-apply")
    def _apply_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_apply()

    @on(Button.Pressed, "#migrate-cancel")
    def _cancel_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_cancel()
