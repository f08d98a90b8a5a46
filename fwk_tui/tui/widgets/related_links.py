"""Jump links to an option's related options."""

from __future__ import annotations

from typing import Unpack

from rich.text import Text
from textual.widgets import OptionList
from textual.widgets.option_list import Option as ListItem

from fwk_tui.catalog.models import Catalog, Option, Variant
from fwk_tui.tui.messages import Sent
from fwk_tui.tui.render import only_in_text, truncate
from fwk_tui.tui.widgets.options import WidgetOptions


class RelatedLinks(OptionList):
    """The related options of one option; Enter or a click asks to jump there."""

    DEFAULT_CSS = """
    RelatedLinks {
        height: auto;
        max-height: 8;
        border: round $border-blurred;
        border-title-color: $text-muted;
        padding: 0 1;
        background: $surface;
        &:focus {
            border: round $border;
            border-title-color: $text;
        }
    }
    """

    class Jump(Sent["RelatedLinks"]):
        """The user chose a related option to go to."""

        def __init__(self, links: RelatedLinks, path: str) -> None:
            super().__init__(links)
            self.path = path
            """Canonical path of the option to show."""

    def __init__(self, catalog: Catalog, **options: Unpack[WidgetOptions]) -> None:
        super().__init__(**options)
        self._catalog = catalog
        self._shown: tuple[Option | None, Variant] = (None, "A")
        self.border_title = "Related"

    def show(self, option: Option | None, variant: Variant) -> None:
        """List the options related to ``option`` (none when it is ``None``)."""
        self._shown = (option, variant)
        items: list[ListItem] = []
        for path in option.related if option is not None else ():
            target = self._catalog.get(path)
            if target is None:
                continue
            items.append(ListItem(self._link_text(target, variant), id=target.path))
        self.set_options(items)
        self.display = bool(items)
        if items:
            self.highlighted = 0

    def _link_text(self, target: Option, variant: Variant) -> Text:
        text = Text("→ ", style="dim")
        text.append(target.path, style="" if target.in_variant(variant) else "dim")
        if only := only_in_text(target):
            text.append(f"  {only}", style="dim italic")
        if target.doc:
            # One line per link: the doc is a hint, the detail pane has it in full.
            room = max(self.scrollable_content_region.width, 40) - text.cell_len - 2
            if room > 10:
                text.append("  " + truncate(target.doc, room), style="dim")
        return text

    def on_resize(self) -> None:
        # The doc hints are cut to the width, so lay them out again.
        highlighted = self.highlighted
        self.show(*self._shown)
        if highlighted is not None and highlighted < self.option_count:
            self.highlighted = highlighted

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id is not None:
            self.post_message(self.Jump(self, event.option.id))
