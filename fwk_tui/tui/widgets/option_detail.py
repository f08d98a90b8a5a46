"""Everything about the highlighted option (or group), for the current variant."""

from __future__ import annotations

from typing import Unpack

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.reactive import reactive
from textual.widgets import Static

from fwk_tui.catalog.models import Catalog, Group, Option, Variant
from fwk_tui.catalog.present import env_of, tags_text
from fwk_tui.tui.render import DIFFERS_MARK, default_renderable, other_variant
from fwk_tui.tui.widgets.options import WidgetOptions
from fwk_tui.tui.widgets.related_links import RelatedLinks

Subject = Option | Group | None


class _DetailBody(VerticalScroll):
    """The scrolling part of the pane; a Tab stop only when there is something to scroll."""

    def allow_focus(self) -> bool:
        return self.max_scroll_y > 0


class OptionDetail(Vertical):
    """Path, group, type, defaults in both variants, tags, the rule and related links."""

    DEFAULT_CSS = """
    OptionDetail {
        height: 1fr;
        padding: 0 0 0 1;
        & > _DetailBody {
            height: 1fr;
            scrollbar-size-vertical: 1;
            &:focus { background-tint: $foreground 5%; }
        }
        & #detail-title { margin: 0 1 0 0; }
        & #detail-banner {
            margin: 1 1 0 0;
            color: $text-warning;
            display: none;
        }
        & #detail-fields { margin: 1 1 0 0; }
        & #detail-doc { margin: 1 1 1 0; }
    }
    """

    subject: reactive[Subject] = reactive(None)
    """The option (or group) shown."""

    variant: reactive[Variant] = reactive("A")
    """The layout variant whose default and type come first."""

    def __init__(self, catalog: Catalog, **options: Unpack[WidgetOptions]) -> None:
        super().__init__(**options)
        self._catalog = catalog

    def compose(self) -> ComposeResult:
        with _DetailBody():
            yield Static(id="detail-title", markup=False)
            yield Static(id="detail-banner", markup=False)
            yield Static(id="detail-fields", markup=False)
            yield Static(id="detail-doc", markup=False)
            # In the scroll, after the rule: a short pane shows the description first.
            yield RelatedLinks(self._catalog, id="related")

    def on_mount(self) -> None:
        self._show()

    def watch_subject(self) -> None:
        self._show()

    def watch_variant(self) -> None:
        self._show()

    def _show(self) -> None:
        if not self.is_mounted:
            return
        subject = self.subject
        title = self.query_one("#detail-title", Static)
        banner = self.query_one("#detail-banner", Static)
        fields = self.query_one("#detail-fields", Static)
        doc = self.query_one("#detail-doc", Static)
        related = self.query_one(RelatedLinks)
        if isinstance(subject, Option):
            title.update(self._option_title(subject))
            banner_text = self._absent_banner(subject)
            fields.update(self._option_fields(subject))
            doc.update(Text(subject.doc))
            related.show(subject, self.variant)
        elif isinstance(subject, Group):
            title.update(self._group_title(subject))
            banner_text = None
            fields.update(self._group_fields(subject))
            doc.update(Text(subject.summary))
            related.show(None, self.variant)
        else:
            title.update(Text("Nothing selected", style="italic"))
            banner_text = None
            fields.update(Text())
            doc.update(Text())
            related.show(None, self.variant)
        banner.display = banner_text is not None
        banner.update(banner_text or Text())
        self.query_one(_DetailBody).scroll_home(animate=False)

    def _option_title(self, option: Option) -> Text:
        text = Text(option.path, style="bold")
        text.append("\n")
        if option.module is not None:
            text.append(f"module {option.module}", style="dim")
        else:
            text.append(self._catalog.group(option.group).title, style="dim")
        return text

    def _absent_banner(self, option: Option) -> Text | None:
        if option.in_variant(self.variant):
            return None
        other = other_variant(self.variant)
        return Text(f"Not in variant {self.variant}: only variant {other} has this option (F2 switches).")

    def _option_fields(self, option: Option) -> RenderableType:
        variant, other = self.variant, other_variant(self.variant)
        grid = _grid()
        if option.module is not None:  # the same in both variants: the module's declarations say it
            grid.add_row("type", Text(option.type_text(variant)))
            grid.add_row("default", default_renderable(option.default_for(variant)))
            grid.add_row("source", Text(f"the declarations of module {option.module}"))
            return grid
        types_differ = option.in_variant(other) and option.type_text(variant) != option.type_text(other)
        if types_differ and option.in_variant(variant):
            grid.add_row(f"type ({variant})", Text(option.type_text(variant)))
            grid.add_row(f"type ({other})", _marked(Text(option.type_text(other))))
        else:
            grid.add_row("type", Text(option.type_text(variant)))
        current = option.default_for(variant) if option.in_variant(variant) else None
        grid.add_row(f"default ({variant})", default_renderable(current))
        if option.in_variant(other):
            other_default = default_renderable(option.default_for(other))
            same = current is not None and current == option.default_for(other)
            grid.add_row(f"default ({other})", other_default if same else _marked(other_default))
        grid.add_row("variants", Text(", ".join(option.variants)))
        if option.aliases:
            grid.add_row("aliases", Text(", ".join(option.aliases)))
        if env := env_of(option):
            grid.add_row("environment", Text(env))
        if option.tags:
            grid.add_row("tags", Text(tags_text(option)))
        if option.beyond_reference is not None:
            grid.add_row("source", Text("beyond the reference's list. " + option.beyond_reference))
        return grid

    def _group_title(self, group: Group) -> Text:
        text = Text(group.title, style="bold")
        text.append("\n")
        kind = "group of options" if self._catalog.in_group(group.id) else "group"
        text.append(f"{kind} (Enter or → opens it)", style="dim")
        return text

    def _group_fields(self, group: Group) -> RenderableType:
        options = self._catalog.in_group(group.id)
        if not options:
            return Text()  # a group of the editor's own (Layers, a key of the file): its summary says it
        grid = _grid()
        grid.add_row("options", Text(str(len(options))))
        for v in (self.variant, other_variant(self.variant)):
            grid.add_row(f"in variant {v}", Text(str(sum(1 for o in options if o.in_variant(v)))))
        grid.add_row("differ (A≠B)", Text(str(sum(1 for o in options if o.differs))))
        return grid


def _grid() -> Table:
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="dim", no_wrap=True)
    grid.add_column(overflow="fold")
    return grid


def _marked(text: Text) -> Text:
    """``text`` followed by the differs marker, for the other variant's row."""
    marked = text.copy()
    marked.append(f"  {DIFFERS_MARK}", style="bold")
    return marked
