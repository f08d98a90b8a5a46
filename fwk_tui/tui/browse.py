"""``fwk-tui browse``: a read-only browser of the option catalogue."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.reactive import reactive
from textual.widgets import Footer, Tree

from fwk_tui.catalog import Catalog, Variant, load_catalog
from fwk_tui.tui.long_lived import KeepsStartedObjects
from fwk_tui.tui.render import other_variant
from fwk_tui.tui.widgets.catalog_tree import CatalogTree, NodeData
from fwk_tui.tui.widgets.option_detail import OptionDetail
from fwk_tui.tui.widgets.related_links import RelatedLinks
from fwk_tui.tui.widgets.status_bar import StatusBar

if TYPE_CHECKING:
    from fwk_tui.catalog.search import SearchIndex


class BrowseApp(KeepsStartedObjects, App[None]):
    """Tree of groups and options on the left, everything about the highlighted one on the right."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("slash,ctrl+f", "search", "Search", key_display="/"),
        Binding("v", "toggle_variant", "Variant A/B"),
        Binding("b", "jump_back", "Back"),
        Binding("f1,question_mark", "help", "Help", key_display="F1"),
        Binding("q", "quit", "Quit"),
    ]

    CSS_PATH = "app.tcss"
    TITLE = "fwk-tui browse"
    # Search (/) is this app's palette; ctrl+p would only offer Textual's own commands.
    ENABLE_COMMAND_PALETTE = False

    variant: reactive[Variant] = reactive("A")
    """The layout variant shown: A (application directory) or B (older layout)."""

    def __init__(self, variant: Variant = "A", catalog: Catalog | None = None) -> None:
        super().__init__()
        self.catalog = catalog if catalog is not None else load_catalog()
        self.set_reactive(BrowseApp.variant, variant)
        self._search_index: SearchIndex | None = None
        self._history: list[str] = []

    def compose(self) -> ComposeResult:
        yield StatusBar(self.catalog, id="status").data_bind(BrowseApp.variant)
        with Horizontal(id="main"):
            yield CatalogTree(self.catalog, id="tree").data_bind(BrowseApp.variant)
            yield OptionDetail(self.catalog, id="detail").data_bind(BrowseApp.variant)
        yield Footer()

    @property
    def search_index(self) -> SearchIndex:
        """The search index, built on first use so start-up does not pay for it."""
        if self._search_index is None:
            from fwk_tui.catalog.search import SearchIndex

            self._search_index = SearchIndex(self.catalog)
        return self._search_index

    def on_tree_node_highlighted(self, event: Tree.NodeHighlighted[NodeData]) -> None:
        self.query_one(OptionDetail).subject = event.node.data

    def on_related_links_jump(self, event: RelatedLinks.Jump) -> None:
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
        if action in {"search", "toggle_variant", "jump_back", "quit"} and len(self.screen_stack) > 1:
            # Search and help are modal: the browser behind them keeps still,
            # and there q is a letter to type or closes the help.
            return False
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
