"""The editor's command palette: its own commands, and every option of the catalogue to jump to its field.

The palette receives the editor as ``Palette`` (a protocol of what it calls), not by importing the app.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable
from typing import TYPE_CHECKING, Any, Protocol, cast

from rich.text import Text
from textual.app import SystemCommand
from textual.command import Hit, Hits, Provider
from textual.markup import escape

from fwk_tui.tui.editor.migrate_flow import COMMAND as MOVE_COMMAND
from fwk_tui.tui.editor.migrate_flow import FOLDERS_COMMAND, UNDO_COMMAND
from fwk_tui.tui.form_model import FILTER_TITLES, FILTERS
from fwk_tui.tui.render import other_variant

if TYPE_CHECKING:
    from pathlib import Path

    from textual.geometry import Size

    from fwk_tui.catalog.search import Hit as SearchHit
    from fwk_tui.catalog.search import SearchIndex
    from fwk_tui.session import EditSession
    from fwk_tui.tui.editor.migrate_flow import MoveToLayoutA

HELP_WIDTH = 100
"""The longest description the palette shows under a command (cut at a word, with an ellipsis)."""

KEPT_BUILT_INS = frozenset({"Theme"})
"""Textual's own palette commands that the editor keeps: the others duplicate its keys (Quit, Keys)."""


def cut_at_word(text: str, width: int = HELP_WIDTH) -> str:
    """``text`` on one line, at most ``width`` characters, cut after a whole word with "…"."""
    return _cut(" ".join(text.split()), width)


def _cut(line: str, width: int) -> str:
    if len(line) <= width:
        return line
    cut = line[: width - 1]
    space = cut.rfind(" ")
    if space > width // 2:
        cut = cut[:space]
    return cut.rstrip(" ,;:.-(") + "…"


def built_ins(commands: Iterable[SystemCommand]) -> Iterable[SystemCommand]:
    """Textual's commands the editor keeps (see ``KEPT_BUILT_INS``)."""
    return (c for c in commands if c.title in KEPT_BUILT_INS)


PALETTE_LIMIT = 30


class Palette(Protocol):
    """What the palette's commands call: the editor app."""

    session: EditSession
    move_to_layout_a: MoveToLayoutA

    @property
    def size(self) -> Size: ...

    @property
    def search_index(self) -> SearchIndex: ...

    def run_worker(self, work: Awaitable[Any]) -> object: ...

    async def go_to(self, path: str, *, quiet: bool = False) -> bool: ...

    def run_wizard(self, path: Path) -> None: ...

    def action_save(self) -> object: ...
    def action_undo(self) -> object: ...
    def action_redo(self) -> object: ...
    def action_toggle_variant(self) -> object: ...
    def action_set_filter(self, name: str) -> object: ...
    def action_next_problem(self) -> object: ...
    def action_previous_problem(self) -> object: ...
    def action_reset(self) -> object: ...
    def action_fix(self) -> object: ...
    def action_toggle_docs(self) -> object: ...
    def action_reload(self) -> object: ...
    def action_search(self) -> object: ...
    def action_help(self) -> object: ...
    def action_quit(self) -> object: ...
    def action_set_environment(self, name: str) -> object: ...
    def action_set_in_environment(self, section: str) -> object: ...
    def environment_targets(self) -> list[tuple[str, str]]: ...
    def focused_option_path(self) -> str | None: ...
    def action_leave_layer(self) -> object: ...
    def environment_names(self) -> list[str | None]: ...

    @property
    def layer_of(self) -> str | None: ...


class OptionsProvider(Provider):
    """``app.baseURL`` and every other option, ranked by the words typed as in search; Enter goes there."""

    async def search(self, query: str) -> Hits:
        from fwk_tui.tui.screens.search import hit_path

        app = cast("Palette", self.app)
        width = min(HELP_WIDTH, max(30, app.size.width - 8))  # one line of the palette, cut at a word
        hits = app.search_index.search(query, limit=PALETTE_LIMIT, variant=app.session.variant)
        for rank, hit in enumerate(hits):
            # The palette orders by score in [0, 1]: keep the engine's order.
            score = 1.0 - rank / (PALETTE_LIMIT + 1)
            if hit.task is not None:
                options = ("  → " + ", ".join(hit.task.options), "dim")
                title = Text.assemble(("task  ", "italic"), hit.task.task, options)
                yield Hit(score, title, _go(app, hit.path), hit.task.task, help=_literal(_cut(hit.task.how, width)))
                continue
            yield Hit(score, hit_path(hit, ""), _go(app, hit.path), hit.path, help=help_markup(hit, width))


def help_markup(hit: SearchHit, width: int = HELP_WIDTH) -> str:
    """The doc excerpt as markup for the palette's help line, cut at a word to ``width``: every piece
    escaped, the matched words underlined."""
    line = "".join(" " if c.isspace() else c for c in hit.excerpt)  # one line, the spans' offsets kept
    excerpt = _cut(line, width)
    if "\\" in excerpt:  # a backslash before a tag would escape it: no underlining then
        return escape(excerpt)
    kept = len(excerpt) if excerpt == line else len(excerpt) - 1  # the ellipsis is not the doc's
    out: list[str] = []
    at = 0
    for start, end in hit.excerpt_spans:
        if end > kept:
            break
        out.append(_literal(excerpt[at:start]))
        out.append(f"[u]{_literal(excerpt[start:end])}[/u]")
        at = end
    out.append(_literal(excerpt[at:]))
    return "".join(out)


def _literal(text: str) -> str:
    # Every bracket escaped: Textual's escape() leaves a lone `[` that a following tag then swallows.
    return text.replace("[", "\\[")


def _go(app: Palette, path: str) -> Callable[[], None]:
    def go() -> None:
        app.run_worker(app.go_to(path))

    return go


def editor_commands(app: Palette) -> Iterable[SystemCommand]:
    """The editor's own commands, each naming its key."""
    yield SystemCommand("Save", "Preview the changes and write the file (Ctrl+S)", app.action_save)
    yield SystemCommand("Undo", "Undo the last edit (Ctrl+Z)", app.action_undo)
    yield SystemCommand("Redo", "Redo the last undone edit (Ctrl+Y)", app.action_redo)
    other = other_variant(app.session.variant)
    yield SystemCommand(
        f"Switch to variant {other}", "Defaults and checks of the other layout (F2)", app.action_toggle_variant
    )
    if app.session.get("future.compatibilityVersion") != 4:
        yield SystemCommand(
            MOVE_COMMAND,
            "Version 4, option by option: keep the old behaviour or adopt the new",
            app.move_to_layout_a.open,
        )
    mover = app.move_to_layout_a
    if mover.can_undo():
        yield SystemCommand(UNDO_COMMAND, "Folders and file back as they were before the move", mover.undo)
    if mover.folders_left():
        yield SystemCommand(
            FOLDERS_COMMAND,
            "The sources layout A does not read, and the commands that move them",
            mover.show_folders_left,
        )
    for name in FILTERS:
        yield SystemCommand(
            f"Show {FILTER_TITLES[name]}",
            "Filter the tree and the form (F4 cycles)",
            lambda name=name: app.action_set_filter(name),  # type: ignore[misc]
        )
    yield SystemCommand("Next problem", "Go to the next error or warning, across groups (F8)", app.action_next_problem)
    yield SystemCommand(
        "Previous problem", "Go to the previous error or warning (Shift+F8)", app.action_previous_problem
    )
    yield SystemCommand("Reset option", "Reset the focused option to its default (Ctrl+R)", app.action_reset)
    yield SystemCommand("Apply fix", "Apply the focused diagnostic's fix (F3)", app.action_fix)
    focused = app.focused_option_path()
    for section, env_name in app.environment_targets():
        yield SystemCommand(
            f"Set {focused} for {env_name}",
            f"Copy it into {section}: the app gets that value when it runs in {env_name}",
            lambda section=section: app.action_set_in_environment(section),  # type: ignore[misc]
        )
    yield SystemCommand("Fold or show the docs pane", "Kept in settings.toml (F9)", app.action_toggle_docs)
    yield SystemCommand("Reload from disk", "Re-read the file, keeping your edits (F5)", app.action_reload)
    for env in app.environment_names():
        yield SystemCommand(
            f"Environment: {env or 'none'}",
            "Fields show the values of its sections, layers and variables (F6 cycles)",
            lambda env=env: app.action_set_environment(env or ""),  # type: ignore[misc]
        )
    if app.layer_of is not None:
        yield SystemCommand(f"Back to {app.layer_of}", "Leave this layer's file (Esc)", app.action_leave_layer)
    yield SystemCommand("Search options", "Go to any option (/ or Ctrl+F)", app.action_search)
    path = app.session.path
    if path is not None and path.name == "fwk.config.ts" and not app.session.dirty:
        yield SystemCommand(
            "New-project wizard",
            "Answer the wizard's questions; it writes only the answers you change",
            lambda: app.run_wizard(path),
        )
    yield SystemCommand("Help", "Every key, and what the tree's badges mean (F1)", app.action_help)
    yield SystemCommand("Quit", "Quit; asks first about unsaved edits (Ctrl+Q)", app.action_quit)
