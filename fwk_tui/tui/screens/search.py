"""Live search over the catalogue (and the file's own keys), as a modal over the browser or the editor."""

from __future__ import annotations

from typing import ClassVar

from rich.cells import cell_len, set_cell_size
from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.reactive import reactive
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Footer, Input, OptionList
from textual.widgets.option_list import Option as ListItem

from fwk_tui.catalog.models import Catalog, Task, Variant
from fwk_tui.catalog.search import Hit, SearchIndex
from fwk_tui.source.textutil import plain
from fwk_tui.tui.file_search import holder_of
from fwk_tui.tui.held_keys import HeldKeys
from fwk_tui.tui.render import only_in_text
from fwk_tui.tui.screens.parts import part
from fwk_tui.tui.widgets.safe_input import MAX_QUERY, SafeInput

RESULT_LIMIT = 30
MATCH = "bold underline"  # the words that matched, in the path and the doc excerpt


def hit_path(hit: Hit, style: str = "bold") -> Text:
    """The hit's path with the matched words highlighted (plain text: never read as markup)."""
    path = Text(plain(hit.path), style=style)
    for start, end in hit.path_spans:
        path.stylize(MATCH, start, end)
    return path


def hit_excerpt(hit: Hit, width: int, style: str = "dim") -> Text:
    """The doc excerpt around the first matched word, highlighted, cut to ``width`` cells."""
    text = Text(plain(hit.excerpt), style=style)
    for start, end in hit.excerpt_spans:
        text.stylize(f"not dim {MATCH}", start, end)
    if width > 1 and text.cell_len > width:
        text.truncate(width, overflow="ellipsis")
    return text


HOW_LINES = 2
"""Lines of a task's line of how in the list; what does not fit ends in an ellipsis."""


def task_text(task: Task, width: int, label: str = "task") -> Text:
    """A task and its options on one line, how they combine on the next two (dim), wrapped at words."""
    text = Text.assemble((f"{label}  ", "italic"), (task.task, "bold"), ("  → " + ", ".join(task.options), "dim"))
    text.truncate(width - 1, overflow="ellipsis")  # one line: the list measures a row before it is drawn
    for line in wrap_lines(plain(task.how), width - 3, HOW_LINES):
        text.append("\n  ")
        text.append(line, style="dim")
    return text


def wrap_lines(line: str, width: int, most: int) -> list[str]:
    """``line`` wrapped at spaces into at most ``most`` lines of ``width`` cells, the last ending in ``…`` when
    some is left over (a word longer than a line is cut)."""
    width = max(width, 2)
    out: list[str] = []
    rest = " ".join(line.split())
    while rest and len(out) < most:
        if cell_len(rest) <= width:
            out.append(rest)
            return out
        last = len(out) == most - 1
        room = width - 1 if last else width  # the last line keeps a cell for the ellipsis
        cut = set_cell_size(rest, room + 1)
        space = cut.rfind(" ")
        head = cut[:space] if space > 0 else set_cell_size(rest, room).rstrip()
        out.append(head.rstrip(" ,;:(") + "…" if last else head)
        rest = rest[len(head) :].lstrip()
    return out


class _Info(Widget):
    """One line under the query; a new text repaints it without laying the screen out again."""

    text: reactive[Text] = reactive(Text)

    def update(self, text: Text) -> None:
        self.text = text

    def render(self) -> Text:
        return self.text


class _SearchInput(SafeInput):
    """The query: Enter chooses as it comes, in order with the characters; keys typed after it wait for the field."""

    chosen = False
    """A result was chosen: the search is closing."""

    async def _on_key(self, event: events.Key) -> None:
        if self.chosen and isinstance(self.app, HeldKeys) and self.app.hold_key(event.key, event.character):
            pass  # typed with the Enter, read before the search closed: for the field it goes to
        elif event.key == "enter" and isinstance(self.screen, SearchScreen):
            self.screen.action_choose()
        else:
            return
        event.stop()
        event.prevent_default()


class SearchScreen(ModalScreen[str | None]):
    """Type to search paths, aliases and docs; Enter returns the highlighted option's path."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Close", key_display="Esc"),
        # The input's own Up/Down/Enter bindings hide these from the footer,
        # so the line under the input says them.
        Binding("enter", "choose", "Go to option", show=False),
        Binding("down", "cursor_down", "Next", show=False),
        Binding("up", "cursor_up", "Previous", show=False),
        Binding("pagedown", "page_down", "Next page", show=False),
        Binding("pageup", "page_up", "Previous page", show=False),
    ]

    DEFAULT_CSS = """
    SearchScreen {
        align: center top;
        background: $background 50%;
    }
    #search-box {
        width: 90%;
        max-width: 110;
        height: 80%;
        margin-top: 1;
        border: round $accent;
        border-title-color: $text;
        background: $surface;
        padding: 0 1;
    }
    #search-input {
        border: tall $border;
    }
    #search-info {
        color: $text-muted;
        padding: 0 1;
        height: 1;
    }
    #search-results {
        height: 1fr;
        scrollbar-size-vertical: 1;
        border: none;
        padding: 0;
        background: $surface;
        & > .option-list--option-highlighted {
            color: $block-cursor-foreground;
            background: $block-cursor-background;
            text-style: $block-cursor-text-style;
        }
    }
    """

    def __init__(
        self,
        catalog: Catalog,
        index: SearchIndex,
        variant: Variant,
        query: str = "",
        *,
        file_keys: tuple[tuple[str, str], ...] = (),
        title: str = "Search options",
    ) -> None:
        super().__init__()
        self._catalog = catalog
        self._index = index
        self._variant = variant
        self._query = query[:MAX_QUERY]
        # Keys of the user's file the catalogue does not know (module options), with text to search.
        self._file_keys = file_keys
        self._title = title
        self._shown_query: str | None = None
        self._goes_to: dict[str, str] = {}
        """A result's id → the path it goes to (a task's ids are its own: its main option may be listed too)."""

    def compose(self) -> ComposeResult:
        with Vertical(id="search-box") as box:
            box.border_title = Text(plain(self._title))
            yield _SearchInput(
                self._query,
                placeholder="a path, words, or a question: how do i redirect an old url",
                id="search-input",
                max_length=MAX_QUERY,
            )
            yield _Info(id="search-info")
            results = OptionList(id="search-results")
            # Typing must always reach the input: the list follows Up/Down from the screen.
            results.can_focus = False
            yield results
        yield Footer()

    def on_mount(self) -> None:
        self._show_results(self._query)

    @on(Input.Changed, "#search-input")
    def _query_changed(self, event: Input.Changed) -> None:
        self._show_results(event.value)

    @on(Input.Submitted, "#search-input")
    def _query_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_choose()

    @on(OptionList.OptionSelected, "#search-results")
    def _result_clicked(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(self._goes_to.get(event.option.id or "", event.option.id))

    def _show_results(self, query: str) -> None:
        results = part(self, "#search-results", OptionList)
        info = part(self, "#search-info", _Info)
        if results is None or info is None:
            return  # the search was closed (its widgets are gone) while the query changed
        self._shown_query = query
        if not query.strip():
            results.clear_options()
            options, tasks = len(self._catalog.options), len(self._catalog.tasks)
            info.update(Text(f"{options} options, {tasks} tasks: type a path, words, or what you want to do"))
            return
        hits = self._index.search(query, limit=RESULT_LIMIT + 1, extra=self._file_keys, variant=self._variant)
        more = len(hits) > RESULT_LIMIT
        hits = hits[:RESULT_LIMIT]
        width = results.scrollable_content_region.width or 80
        self._goes_to = {}
        items = []
        for n, hit in enumerate(hits):
            if hit.task is not None:
                self._goes_to[f"task-{n}"] = hit.path
                items.append(ListItem(task_text(hit.task, width), id=f"task-{n}"))
            else:
                items.append(ListItem(self._hit_text(hit, width), id=hit.path))
        if not hits:  # nothing sure enough: the tasks nearest the question, to choose or to ask again
            for n, task in enumerate(self._index.closest_tasks(query)):
                self._goes_to[f"task-{n}"] = task.options[0]
                items.append(ListItem(task_text(task, width, "closest task"), id=f"task-{n}"))
        results.set_options(items)
        if hits:
            results.highlighted = 0
            count = f"{len(hits)}{'+' if more else ''} match{'es' if len(hits) != 1 else ''}, best first"
            info.update(Text(f"{count} · ↑↓ move, Enter goes there, Esc closes"))
        elif items:
            info.update(Text(f"no good match for {plain(query.strip())!r}; the closest tasks (↑↓, Enter):"))
        else:
            info.update(Text(f"no good match for {plain(query.strip())!r}"))

    def _hit_text(self, hit: Hit, width: int) -> Text:
        option = hit.option
        if option is None:
            text = hit_path(hit)
            holder = holder_of(hit.path, lambda p: self._catalog.get(p) is not None)
            # A key of an option's object is the user's own, not a wrong one.
            mark = f"your key in {plain(holder)}" if holder else "in your file, not in the catalogue"
            text.append(f"  {mark}", style="dim")
            text.truncate(width, overflow="ellipsis")
            text.append("\n  ")
            if hit.excerpt:  # the key's value, when it is a plain one
                text.append_text(hit_excerpt(hit, width - 3))
            return text
        present = option.in_variant(self._variant)
        group = self._catalog.group(option.group).title
        text = Text.assemble(hit_path(hit, "bold" if present else "dim"), ("  " + group, "dim"))
        if only := only_in_text(option):
            text.append(f"  {only}", style="dim italic")
        if hit.field == "alias" and option.aliases:
            text.append(f"  alias: {', '.join(option.aliases)}", style="dim")
        text.truncate(width, overflow="ellipsis")  # one line: a long path does not push its group onto the next
        text.append("\n  ")
        text.append_text(hit_excerpt(hit, width - 3))
        return text

    def action_close(self) -> None:
        """Close the search without moving."""
        self.dismiss(None)

    def action_choose(self) -> None:
        """Close the search and go to the highlighted result."""
        query = part(self, "#search-input", _SearchInput)
        if query is not None and query.value != self._shown_query:
            self._show_results(query.value)  # Enter came before the query's Changed: choose among its results
        results = part(self, "#search-results", OptionList)
        item = results.highlighted_option if results is not None else None
        if item is not None:
            if query is not None:
                query.chosen = True
            if isinstance(self.app, HeldKeys):
                self.app.hold_keys()  # for the field it goes to, released once it has the focus
                if query is not None:
                    self.app.hold_queued_keys(query)
            self.dismiss(self._goes_to.get(item.id or "", item.id))

    def action_cursor_down(self) -> None:
        if (results := part(self, "#search-results", OptionList)) is not None:
            results.action_cursor_down()

    def action_cursor_up(self) -> None:
        if (results := part(self, "#search-results", OptionList)) is not None:
            results.action_cursor_up()

    def action_page_down(self) -> None:
        if (results := part(self, "#search-results", OptionList)) is not None:
            results.action_page_down()

    def action_page_up(self) -> None:
        if (results := part(self, "#search-results", OptionList)) is not None:
            results.action_page_up()
