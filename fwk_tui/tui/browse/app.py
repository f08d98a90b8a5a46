"""``fwk-tui browse``: a read-only browser of the option catalogue."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.reactive import reactive
from textual.widgets import Button, Footer, Static, Tree

from fwk_tui.catalog import Catalog, Variant, load_catalog
from fwk_tui.catalog.models import Option
from fwk_tui.tui.browse.catalog_tree import CatalogTree, NodeData
from fwk_tui.tui.browse.status_bar import StatusBar
from fwk_tui.tui.crash_report import PrivateCrashReport
from fwk_tui.tui.escape_keys import ReadsEscapeAsEscape
from fwk_tui.tui.long_lived import KeepsStartedObjects
from fwk_tui.tui.min_size import MinimumSize
from fwk_tui.tui.render import other_variant
from fwk_tui.tui.widgets.option_detail import OptionDetail
from fwk_tui.tui.widgets.related_links import RelatedLinks

if TYPE_CHECKING:
    from fwk_tui.catalog.search import SearchIndex


class BrowseApp(PrivateCrashReport, ReadsEscapeAsEscape, MinimumSize, KeepsStartedObjects, App[None]):
    """Tree of groups and options on the left, everything about the highlighted one on the right."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("slash,ctrl+f", "search", "Search", key_display="/"),
        Binding("e", "edit", "Edit in config"),
        Binding("c", "copy_path", "Copy path"),
        Binding("v", "toggle_variant", "Variant A/B"),
        Binding("b", "jump_back", "Back"),
        Binding("f1,question_mark", "help", "Help", key_display="F1"),
        Binding("q", "quit", "Quit"),
    ]

    CSS_PATH = "browse.tcss"
    TITLE = "fwk-tui browse"
    # Search (/) is this app's palette; ctrl+p would only offer Textual's own commands.
    ENABLE_COMMAND_PALETTE = False

    variant: reactive[Variant] = reactive("A")
    """The layout variant shown: A (application directory) or B (older layout)."""

    def __init__(
        self,
        variant: Variant = "A",
        catalog: Catalog | None = None,
        *,
        start: str | None = None,
        folder: Path | None = None,
    ) -> None:
        super().__init__()
        self.catalog = catalog if catalog is not None else load_catalog()
        self.set_reactive(BrowseApp.variant, variant)
        self._search_index: SearchIndex | None = None
        self._history: list[str] = []
        self._start = start
        self.folder = folder or Path(".")
        """The folder whose config "edit in fwk.config.ts" opens (the one the command runs in)."""
        self.edit_path: str | None = None
        """Set when the user asked to edit an option: the caller opens the editor there."""

    def compose(self) -> ComposeResult:
        yield StatusBar(self.catalog, id="status").data_bind(BrowseApp.variant)
        with Horizontal(id="main"):
            yield CatalogTree(self.catalog, id="tree").data_bind(BrowseApp.variant)
            with Vertical(id="detail-side"):
                yield OptionDetail(self.catalog, id="detail").data_bind(BrowseApp.variant)
                with Horizontal(id="detail-actions"):
                    yield Button("Edit in fwk.config.ts", id="edit-option", compact=True, variant="primary")
                    yield Button("Copy path", id="copy-path", compact=True)
                yield Static(id="edit-where", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self._show_actions(self.query_one(CatalogTree).cursor_option)
        if self._start is not None:
            self.go_to(self._start, remember=False)

    def config_file(self) -> Path | None:
        """The config the editor would open: ./fwk.config.ts, .js or .mjs as ``fwk-tui`` finds it."""
        from fwk_tui.source import find_config_file

        return find_config_file(self.folder)

    def _show_actions(self, option: Option | None) -> None:
        """The detail's actions: shown for an option, naming the config they act on."""
        self.query_one("#detail-actions").display = option is not None
        where = self.query_one("#edit-where", Static)
        where.display = option is not None
        if option is None:
            return
        found = self.config_file()
        shown = os.path.relpath(found, self.folder) if found is not None else None
        button = self.query_one("#edit-option", Button)
        button.label = f"Edit in {shown}" if shown else "Create fwk.config.ts"
        if shown:
            note = f"Enter or e: open the editor at {option.path} in {shown}. c: copy the path."
        else:
            note = (
                f"No fwk.config.ts in this folder. Enter or e: start one (wizard or empty config), "
                f"then edit {option.path}. c: copy the path."
            )
        where.update(Text(note, style="dim"))

    @property
    def search_index(self) -> SearchIndex:
        """The search index, built on first use so start-up does not pay for it."""
        if self._search_index is None:
            from fwk_tui.catalog.search import SearchIndex

            self._search_index = SearchIndex(self.catalog)
        return self._search_index

    @on(Tree.NodeHighlighted, "#tree")
    def _option_highlighted(self, event: Tree.NodeHighlighted[NodeData]) -> None:
        self.query_one(OptionDetail).subject = event.node.data
        self._show_actions(event.node.data if isinstance(event.node.data, Option) else None)

    @on(CatalogTree.EditOption)
    def _edit_option(self, event: CatalogTree.EditOption) -> None:
        event.stop()
        self.action_edit()

    @on(Button.Pressed, "#edit-option")
    def _edit_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_edit()

    @on(Button.Pressed, "#copy-path")
    def _copy_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_copy_path()

    def action_edit(self) -> None:
        """Leave the browser for the editor, at the highlighted option's field."""
        option = self.query_one(CatalogTree).cursor_option
        if option is None:
            return
        self.edit_path = option.path
        self.exit()

    def action_copy_path(self) -> None:
        """Copy the highlighted option's path to the clipboard (OSC 52), and say where that may not work."""
        from fwk_tui.tui.clipboard import copy_note

        option = self.query_one(CatalogTree).cursor_option
        if option is None:
            return
        self.copy_to_clipboard(option.path)
        message, refused = copy_note(option.path, os.environ)
        self.notify(message, title="Copy path", severity="warning" if refused else "information", markup=False,
                    timeout=8 if refused else 4)  # fmt: skip

    @on(RelatedLinks.Jump, "#detail RelatedLinks")
    def _related_jump(self, event: RelatedLinks.Jump) -> None:
        self.go_to(event.path)

    def go_to(self, path: str, *, remember: bool = True) -> bool:
        """Show the option at ``path`` in the tree and the detail pane; ``False`` if unknown."""
        tree = self.query_one(CatalogTree)
        here = tree.cursor_option
        if not tree.select_option(path):
            self.notify(f"No option {path!r} in the catalogue", severity="warning")
            return False
        if remember and here is not None and here.path != path:
            self._history.append(here.path)
            self.refresh_bindings()
        tree.focus()
        return True

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in {"search", "toggle_variant", "jump_back", "quit", "edit", "copy_path"} and len(
            self.screen_stack
        ) > 1:
            # Search and help are modal: the browser behind them keeps still,
            # and there q is a letter to type or closes the help.
            return False
        if action in ("edit", "copy_path"):
            return self.query_one(CatalogTree).cursor_option is not None
        if action == "jump_back":
            # Hidden from the footer until there is somewhere to go back to.
            return bool(self._history)
        return True

    def action_search(self) -> None:
        """Open the live search; go to the option chosen there."""
        from fwk_tui.tui.screens.search import SearchScreen

        def chosen(path: str | None) -> None:
            if path is not None:
                self.go_to(path)

        self.push_screen(SearchScreen(self.catalog, self.search_index, self.variant), chosen)

    def action_toggle_variant(self) -> None:
        """Switch between variant A and variant B."""
        self.variant = other_variant(self.variant)

    def action_jump_back(self) -> None:
        """Go back to the option shown before the last jump."""
        if self._history:
            self.go_to(self._history.pop(), remember=False)
            self.refresh_bindings()

    def action_help(self) -> None:
        """Show the keys and what the markers mean."""
        from fwk_tui.tui.screens.help import HelpScreen

        self.push_screen(HelpScreen())
