"""The interaction oracle: seeded random edit scripts against the real editor, at a person's speed.

A script is a list of steps (go to an option, press one key), each followed by
a pause of 0 to 400 ms, long enough in some steps for every re-render. A plain
model (:class:`Model`) says what each step should do to the values and where
the focus should be; after every step the driver compares it with the app:

- the focused option is the one the script is editing;
- the session's values equal the model's;
- after a save, the file read back equals the model, and every value and
  comment the script did not edit keeps its exact bytes (node's loader checks
  the saved files too: see ``test_oracle.py``).

Scripts are generated from a seed (the same seed, the same script), so a
failure replays; :func:`shrink` cuts a failing script down to the steps that
matter, to keep as a regression test.
"""

from __future__ import annotations

import asyncio
import copy
import random
import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from dataclasses import field as dataclass_field
from pathlib import Path
from typing import Any

from textual import events
from textual.app import _character_to_key
from textual.keys import REPLACED_KEYS, _get_unicode_name_from_key
from textual.widgets import Input

from fwk_tui.catalog import load_catalog
from fwk_tui.journal import Journal
from fwk_tui.paths import format_path, parse_path
from fwk_tui.session import EditSession
from fwk_tui.settings import Settings
from fwk_tui.source import ConfigDocument
from fwk_tui.source.values import Code
from fwk_tui.tui.editor import EditorApp
from fwk_tui.tui.editor.widgets.config_form import ConfigForm
from fwk_tui.tui.editor.widgets.group_tree import GroupTree
from fwk_tui.tui.fields.field import OptionField
from fwk_tui.tui.fields.list import ListEditor
from fwk_tui.tui.fields.record import RecordEditor
from fwk_tui.tui.screens.save_preview import SavePreviewScreen
from fwk_tui.tui.screens.search import SearchScreen
from fwk_tui.tui.settle import settle

# The configs scripts start from: comments, imports and code that every save must keep.
BODIES: tuple[str, ...] = (
    """// Shop front (comments and code survive every save)
import { defineFwkConfig } from 'fwk/config'
import { localModule } from './modules/local'

export default defineFwkConfig({
  ssr: true,
  app: {
    baseURL: '/shop/', // where the app is served
    head: { title: 'Shop' },
  },
  css: ['~/a.css', '~/b.css'],
  modules: ['@fwk/content', localModule()],
  devServer: { port: 3000 },
  alias: { images: './assets/images' },
  // a module's own options
  content: { highlight: true },
})
""",
    """export default defineFwkConfig({
  ssrr: false,
  devServer: { port: 'abc' },
  modules: [],
})
""",
    "export default defineFwkConfig({})\n",
)

# The options scripts edit, by the kind of field a person meets.
FIELDS: dict[str, str] = {
    "ssr": "switch",
    "ssrr": "unknown",
    "app.baseURL": "text",
    "devServer.host": "text",
    "devServer.port": "number",
    "css": "list",
    "modules": "list",
    "alias": "map",
}
DEFAULTS: dict[str, Any] = {"ssr": True}
TEXT_CHARS = "abc/.-"
DIGITS = "1234567890"
ITEM_CHARS = "abcxyz/~.@"
KEY_CHARS = "xyz"
MAP_VALUE_CHARS = "abc/."

MISSING = object()


@dataclass(frozen=True)
class Step:
    """Go to ``arg`` by search (``goto``) or by its group in the tree (``tree``), or press the key ``arg`` (``key``);
    ``pause``: seconds before the next step."""

    kind: str
    arg: str
    pause: float

    def __repr__(self) -> str:
        return f"Step({self.kind!r}, {self.arg!r}, {self.pause!r})"


class OracleFailure(AssertionError):
    """The app and the model disagree after a step."""


class ScriptFailure(OracleFailure):
    """A script failed: the message names its steps (to replay and shrink)."""

    steps: list[Step]
    body: int


# -- values -------------------------------------------------------------------------


def canon(value: Any) -> Any:
    """A value compared as JavaScript would: code by its text, booleans apart from numbers."""
    if isinstance(value, Code):
        return ("code", value.text)
    if isinstance(value, bool):
        return ("bool", value)
    if isinstance(value, dict):
        return {k: canon(v) for k, v in value.items()}
    if isinstance(value, list):
        return [canon(v) for v in value]
    return value


def get_at(values: Any, path: str) -> Any:
    node = values
    for seg in parse_path(path):
        if isinstance(node, dict) and isinstance(seg, str) and seg in node:
            node = node[seg]
        elif isinstance(node, list) and isinstance(seg, int) and 0 <= seg < len(node):
            node = node[seg]
        else:
            return MISSING
    return node


def set_at(values: dict[str, Any], path: str, value: Any) -> None:
    segs = parse_path(path)
    node: Any = values
    for seg in segs[:-1]:
        if isinstance(node, dict):
            node = node.setdefault(seg, {})
        else:
            node = node[seg]
    node[segs[-1]] = value


def unset_at(values: dict[str, Any], path: str, keep: set[str]) -> None:
    """Remove ``path``, and each object above it left empty that was not empty in the file as opened."""
    segs = parse_path(path)
    parent_path = segs[:-1]
    parent = get_at(values, format_path(parent_path)) if parent_path else values
    if isinstance(parent, dict):
        parent.pop(segs[-1], None)
    elif isinstance(parent, list):
        assert isinstance(segs[-1], int)
        del parent[segs[-1]]
        return
    while parent_path and isinstance(segs[len(parent_path) - 1], str):
        node = get_at(values, format_path(parent_path))
        if node != {} or format_path(parent_path) in keep:
            return
        up = get_at(values, format_path(parent_path[:-1])) if len(parent_path) > 1 else values
        if not isinstance(up, dict):
            return
        up.pop(parent_path[-1])
        parent_path = parent_path[:-1]


def empty_objects(values: Any, prefix: tuple[str | int, ...] = ()) -> set[str]:
    """Paths of the empty objects (the file's own ``{}``, kept when emptied again)."""
    out: set[str] = set()
    if isinstance(values, dict):
        if not values and prefix:
            out.add(format_path(prefix))
        for k, v in values.items():
            out |= empty_objects(v, (*prefix, k))
    return out


def field_of(path: str) -> str:
    """The field editing ``path`` (``css`` for ``css[2]``)."""
    for name in sorted(FIELDS, key=len, reverse=True):
        if path == name or path.startswith(name + ".") or path.startswith(name + "["):
            return name
    return path


# -- the model ----------------------------------------------------------------------


@dataclass
class Model:
    """What a person expects: the values after each key, the field holding the focus, one undo step per edit."""

    values: dict[str, Any]
    keep: set[str]
    field: str | None = None
    text: str | None = ""
    """What the focused input shows; ``None`` when not predicted (a value of another kind, until cleared)."""
    in_item: bool = False
    item_index: int | None = None
    draft: bool = False
    undo: list[tuple[dict[str, Any], str]] = dataclass_field(default_factory=list)
    redo: list[tuple[dict[str, Any], str]] = dataclass_field(default_factory=list)
    typing: tuple[str, int | str | None] | None = None
    """The input whose keystrokes join the current undo step."""
    map_mode: str | None = None
    """In a key-value field: ``key`` (a new key typed), ``rename``, ``value`` (a value's input), or ``None``."""
    row: bool = False
    """The field itself holds the focus (after an undo, a redo, a fix or a reset): `/` searches, Enter enters the
    field, another key enters it and is typed there."""
    open_key: str | None = None
    renaming: str | None = None
    touched: set[str] = dataclass_field(default_factory=set)
    pending: dict[str, str] = dataclass_field(default_factory=dict)
    """Text typed into a field that does not read: the field keeps showing it when the focus comes back."""

    @property
    def kind(self) -> str | None:
        return FIELDS.get(self.field) if self.field else None

    def value(self, path: str | None = None) -> Any:
        return get_at(self.values, path or self.field or "")

    # -- edits ----------------------------------------------------------------------

    def _edit(self, change: Callable[[], None], *, typing: tuple[str, int | str | None] | None = None) -> None:
        before = copy.deepcopy(self.values)
        change()
        if self.values == before:
            return
        assert self.field is not None
        self.touched.add(self.field)
        if typing is None or typing != self.typing:
            self.undo.append((before, self.field))
        self.typing = typing
        self.redo.clear()

    def go_to(self, path: str, *, row: bool = False) -> None:
        self.field = path
        self.row = row
        self.map_mode = None
        self.open_key = None
        self.in_item = False
        self.draft = False
        self.item_index = None
        self.typing = None
        self.text = self.pending.get(path, self._text_of(self.value()))

    def _text_of(self, value: Any) -> str | None:
        if value is MISSING:
            return ""
        if self.kind == "text":
            return value if isinstance(value, str) else None
        if self.kind == "number":
            return str(value) if isinstance(value, int) and not isinstance(value, bool) else None
        return ""

    def _read(self, text: str) -> tuple[bool, Any]:
        if self.kind == "number" and not self.in_item:
            if re.fullmatch(r"[1-9][0-9]*", text) and int(text) <= 65535:
                return True, int(text)
            return False, None
        return True, text

    def type_text(self, text: str) -> None:
        """The focused input now shows ``text``: write what it reads as."""
        self.text = text
        if self.in_item:
            self._type_item(text)
            return
        path = self.field
        assert path is not None
        current = self.value()
        self.pending.pop(path, None)
        if (not text and current is MISSING) or text == self._text_of(current):
            return
        ok, value = self._read(text)
        if not ok:
            self.pending[path] = text
        elif value != current:
            self._edit(lambda: set_at(self.values, path, value), typing=(path, None))

    def _type_item(self, text: str) -> None:
        assert self.field is not None and self.item_index is not None
        items = self.value()
        index = self.item_index
        if self.draft:
            if not text:
                return
            self.draft = False

            def insert() -> None:
                lst = self.value()
                if lst is MISSING:
                    set_at(self.values, self.field or "", [text])
                else:
                    lst.insert(index, text)

            self._edit(insert, typing=(self.field, index))
            return
        if isinstance(items, list) and index < len(items) and items[index] != text:
            self._edit(lambda: items.__setitem__(index, text), typing=(self.field, index))

    def toggle(self) -> None:
        path = self.field
        assert path is not None
        current = self.value()
        now = DEFAULTS.get(path, False) if current is MISSING else current
        if isinstance(now, bool):
            self._edit(lambda: set_at(self.values, path, not now))

    def reset(self) -> None:
        path = self.field
        if path is None or self.value() is MISSING:
            return
        self._edit(lambda: unset_at(self.values, path, self.keep))
        self.pending.pop(path, None)
        self.typing = None
        self.in_item = False
        self.draft = False
        self.map_mode = None
        self.text = ""
        self.row = True
        if self.kind == "unknown":
            self.field = None  # a key the catalogue does not know: its field goes with it

    def remove_item(self, row: int) -> None:
        items = self.value()
        if isinstance(items, list) and 0 <= row < len(items):
            self._edit(lambda: items.pop(row))

    def move_item(self, row: int, step: int) -> None:
        items = self.value()
        target = row + step
        if isinstance(items, list) and 0 <= row < len(items) and 0 <= target < len(items):
            self._edit(lambda: items.insert(target, items.pop(row)))

    def map_key(self, key: str) -> None:
        """A key-value field's rows or inputs get ``key``."""
        path = self.field
        assert path is not None
        current = self.value()
        mapping = current if isinstance(current, dict) else {}
        if self.map_mode in ("key", "rename"):
            text = self.text or ""
            if key == "escape":
                self.map_mode = None
            elif key == "backspace":
                self.text = text[:-1]
            elif key == "ctrl+u":
                self.text = ""
            elif key == "enter":
                if not text or text in mapping:
                    return  # refused: the message under the input says why
                if self.map_mode == "rename":
                    old = self.renaming
                    assert old is not None

                    def rename() -> None:
                        m = self.value()
                        m[text] = m.pop(old)

                    self._edit(rename)
                    self.map_mode = None
                    self.typing = None
                else:
                    self._edit(lambda: set_at(self.values, f"{path}.{text}", ""), typing=(path, text))
                    self.map_mode = "value"
                    self.open_key = text
                    self.text = ""
            elif len(key) == 1:
                self.text = text + key
            return
        if self.map_mode == "value":
            open_key = self.open_key
            assert open_key is not None
            text = self.text or ""
            if key in ("escape", "enter"):  # Enter on a value that reads (a path: any text) goes back to the rows
                self.map_mode = None
                self.typing = None
                return
            if key == "backspace":
                text = text[:-1]
            elif key == "ctrl+u":
                text = ""
            elif len(key) == 1:
                text += key
            else:
                return
            self.text = text
            if mapping.get(open_key) != text:
                self._edit(lambda: set_at(self.values, f"{path}.{open_key}", text), typing=(path, open_key))

    def map_rows(self, key: str, row_key: str | None) -> None:
        """``key`` on the rows of a key-value field; ``row_key`` is the key of the highlighted row."""
        path = self.field
        assert path is not None
        current = self.value()
        mapping = current if isinstance(current, dict) else {}
        self.typing = None
        if key == "a":
            self.map_mode, self.text = "key", ""
        elif key == "r" and row_key in mapping:
            self.map_mode, self.text, self.renaming = "rename", row_key, row_key
        elif key == "delete" and row_key in mapping:
            self._edit(lambda: unset_at(self.values, f"{path}.{row_key}", self.keep))
        elif key == "enter" and row_key in mapping and isinstance(mapping[row_key], str):
            self.map_mode, self.open_key, self.text = "value", row_key, mapping[row_key]

    def history(self, undo: bool) -> None:
        if undo and self.kind in ("text", "number") and not self.in_item and self.text is not None:
            shown = self._text_of(self.value())
            if self.text != shown and not (not self.text and self.value() is MISSING):
                # Text that does not read is undone first: the field shows the file's value again.
                self.text = shown
                self.typing = None
                self.pending.pop(self.field or "", None)
                return
        source, target = (self.undo, self.redo) if undo else (self.redo, self.undo)
        if not source:
            return
        values, touched = source.pop()
        target.append((copy.deepcopy(self.values), touched))
        self.values = values
        self.pending.pop(touched, None)
        self.go_to(touched, row=True)

    def fix(self, fix: Any) -> None:
        """Apply the fix the field shows (its title says what it does)."""
        if fix.kind == "rename" and fix.new_key:
            segs = parse_path(fix.path)
            new = format_path((*segs[:-1], fix.new_key))

            def rename() -> None:
                parent = get_at(self.values, format_path(segs[:-1])) if len(segs) > 1 else self.values
                parent[fix.new_key] = parent.pop(segs[-1])

            self._edit(rename)
            self.touched.add(new)
            self.go_to(new, row=True)
        elif fix.kind == "set":
            self._edit(lambda: set_at(self.values, fix.path, fix.value))
            self.go_to(field_of(fix.path), row=True)
        elif fix.kind == "unset":
            self._edit(lambda: unset_at(self.values, fix.path, self.keep))
            self.go_to(field_of(fix.path), row=True)
            if self.kind == "unknown":
                self.field = None  # its field went with the key
        else:
            raise OracleFailure(f"the oracle does not model a {fix.kind} fix yet: {fix}")


# -- driving the app ----------------------------------------------------------------


def make_app(file: Path) -> EditorApp:
    session = EditSession.open(file, load_catalog())
    return EditorApp(
        session,
        settings=Settings.load(file.parent.parent / "settings.toml"),
        journal=Journal(file.parent.parent / "journal"),
        label=file.name,
        watch_disk=False,
    )


def focused_field(app: EditorApp) -> str | None:
    focused = app.focused
    form = app.query_one(ConfigForm)
    for path, option_field in form.fields.items():
        if focused is not None and (focused is option_field or option_field in focused.ancestors):
            return path
    return None


def list_editor(app: EditorApp, path: str) -> ListEditor | None:
    option_field = app.query_one(ConfigForm).fields.get(path)
    if option_field is None:
        return None
    found = option_field.query(ListEditor)
    return found.first() if found else None


def map_key(app: EditorApp, path: str) -> str | None:
    """The key of the highlighted row of the key-value field of ``path``, if set in the file."""
    option_field = app.query_one(ConfigForm).fields.get(path)
    found = option_field.query(RecordEditor) if option_field is not None else None
    entry = found.first().current if found else None
    return entry.key if entry is not None and entry.is_set else None


def list_row(app: EditorApp, path: str) -> int | None:
    editor = list_editor(app, path)
    return editor.rows.row if editor is not None else None


@dataclass
class Run:
    """One script run: the file, the app, the model, what was saved."""

    file: Path
    original: str
    app: EditorApp
    pilot: Any
    model: Model
    rng: random.Random
    saves: int = 0
    row_moves: int = 0
    """Arrows pressed on a field's row (they move to the row beside)."""
    steps: list[Step] = dataclass_field(default_factory=list)
    saved: tuple[str, Any] | None = None
    """The text of the last save and the model's values then (for node's check)."""

    async def step(self, step: Step) -> None:
        self.steps.append(step)
        if step.kind == "goto":
            await self._goto(step.arg)
        elif step.kind == "tree":
            await self._tree(step.arg, step.pause)
        else:
            await self._key(step.arg)
        await self.check(step)

    async def press(self, key: str, pause: float = 0.0) -> None:
        """Send ``key`` as a terminal does, without waiting for the app; wait ``pause``; then let it settle."""
        send_key(self.app, key)
        await asyncio.sleep(pause)
        await self.settle()

    async def settle(self) -> None:
        """Wait until the app has handled every key and message, and its workers are done (or a screen waits)."""
        app = self.app
        for _ in range(200):
            await settle(app, rounds=4)
            busy = [w for w in app.workers if w.is_running and w.group != "save"]
            if not busy:
                await self.pilot.pause()  # and a refresh: some widgets mount after one (call_after_refresh)
                await settle(app, rounds=2)
                return
            await asyncio.sleep(0.01)

    async def _goto(self, path: str) -> None:
        send_key(self.app, "ctrl+f")
        await asyncio.sleep(0.02)
        await self.settle()
        for ch in path:
            send_key(self.app, ch)
            await asyncio.sleep(0.002)
        await self.settle()
        await self.press("enter", 0.02)
        self.model.go_to(path)

    async def _tree(self, path: str, pause: float) -> None:
        """Shift+Tab back to the tree, Up/Down to the group of ``path``, Enter: its first field."""
        app = self.app
        tree = app.query_one(GroupTree)
        for _ in range(60):
            if app.focused is tree:
                break
            await self.press("shift+tab", 0.003)
        else:
            raise OracleFailure(f"Shift+Tab never reached the tree (focus on {app.focused!r})")
        order = [g.id for g in app._layout().groups]
        group = app.model.group_of_path(path)
        assert group in order, f"{path} has no group in the tree"
        for _ in range(len(order) + 2):
            node = tree.cursor_node
            here = node.data.id if node is not None and node.data is not None else None
            if here == group:
                break
            down = here is None or order.index(here) < order.index(group)
            await self.press("down" if down else "up", 0.003)
        await self.press("enter", pause)
        first = next(iter(app.query_one(ConfigForm).fields), None)
        if first is None:
            raise OracleFailure(f"Enter on the group of {path} opened no field")
        self.model.go_to(first)

    async def _key(self, key: str) -> None:
        app, model = self.app, self.model
        before_row = list_row(app, model.field) if model.kind == "list" and model.field else None
        before_key = map_key(app, model.field) if model.kind == "map" and model.field else None
        fix = app._focused_fix() if key == "f3" else None
        row = model.row and model.field is not None
        await self.press(key, self.steps[-1].pause)
        if row and key not in ROW_COMMANDS:
            if key in ("/", "slash"):  # a command there: the search opens, and nothing is typed into the value
                if not isinstance(app.screen, SearchScreen):
                    raise OracleFailure(f"`/` on the row of {model.field} did not open the search")
                await self.press("escape", 0.05)
                return
            if key in ("up", "down", "left", "right"):  # rows are moved between, never entered
                order = list(app.query_one(ConfigForm).fields)
                at = order.index(model.field) + {"up": -1, "down": 1}.get(key, 0)
                model.go_to(order[min(max(at, 0), len(order) - 1)], row=True)
                self.row_moves += 1
                return
            model.row = False
            if key == "enter":
                return  # it enters the field's editor, nothing more
        if key == "ctrl+s":
            await self._save()
            return
        if key in ("ctrl+z", "ctrl+y"):
            model.history(undo=key == "ctrl+z")
            return
        if key == "ctrl+r":
            model.reset()
            return
        if key == "f3":
            if fix is not None:
                model.fix(fix)
            return
        if key == "f2":
            return
        kind = model.kind
        if kind == "text" and not model.in_item and key in ("enter", "escape") and model.text is not None:
            # Done typing in the field's own text: its undo step ends, the focus goes to its row (a text reads).
            model.row = True
            model.typing = None
            return
        if kind in ("text", "number") or (kind == "list" and model.in_item):
            if model.in_item and key in ("enter", "escape"):
                if key == "escape" or model.text is not None:
                    model.in_item = False
                    model.draft = False
                    model.typing = None
                return
            if model.text is None and key != "ctrl+u":
                return
            text = model.text or ""
            if key == "backspace":
                model.type_text(text[:-1])
            elif key == "ctrl+u":
                model.type_text("")
            elif len(key) == 1 or key in ("full_stop", "slash", "minus", "tilde", "at"):
                model.type_text(text + _char(key))
            return
        if kind == "switch" and key == "space":
            model.toggle()
            return
        if kind == "map":
            if model.map_mode is None:
                model.map_rows(key, before_key)
            else:
                model.map_key(_char(key))
            return
        if kind == "list":
            items = model.value()
            count = len(items) if isinstance(items, list) else 0
            if key == "a":
                model.in_item = True
                model.draft = True
                model.item_index = count if before_row is None else before_row + 1
                model.text = ""
                model.typing = None
            elif key == "delete" and before_row is not None:
                model.remove_item(before_row)
            elif key in ("ctrl+up", "ctrl+down") and before_row is not None:
                model.move_item(before_row, -1 if key == "ctrl+up" else 1)
            elif key == "enter" and before_row is not None and before_row < count:
                item = items[before_row]
                model.in_item = True
                model.draft = False
                model.item_index = before_row
                model.text = item if isinstance(item, str) else None  # code: its own editor, only Esc here
                model.typing = None

    async def _save(self) -> None:
        app, model = self.app, self.model
        await self.settle()
        model.typing = None  # typing after a save is a step of its own
        if isinstance(app.screen, SavePreviewScreen):
            await self.press("enter", 0.05)
            self.saves += 1
            saved = ConfigDocument.parse(self.file.read_text())
            if canon(saved.values()) != canon(model.values):
                raise OracleFailure(f"the saved file reads {saved.values()!r}, the model says {model.values!r}")
            self._check_bytes(saved)
            self.saved = (saved.text, canon(model.values))
        elif model.values != ConfigDocument.parse(self.file.read_text()).values():
            raise OracleFailure("Ctrl+S saved nothing, and the file does not say what the model says")

    def _check_bytes(self, saved: ConfigDocument) -> None:
        """Every value and comment the script did not touch keeps its exact bytes."""
        before = ConfigDocument.parse(self.original)
        touched = {p for f in self.model.touched for p in (f, field_of(f))}
        text = saved.text
        for entry in before.entries():
            path = format_path(entry.path)
            if not path or any(_related(path, t) for t in touched):
                continue
            old = self.original.encode()[entry.span.start : entry.span.end]
            try:
                span = saved.span(path)
            except KeyError:
                raise OracleFailure(f"{path}, never edited, is gone from the saved file") from None
            new = text.encode()[span.start : span.end]
            if old != new:
                raise OracleFailure(f"{path}, never edited, changed bytes: {old!r} -> {new!r}")
        own_lines = set()  # a comment on the line of a value the script edited may go with it
        for entry in before.entries():
            if any(format_path(entry.path) == t for t in touched):
                first = self.original.encode()[: entry.span.start].count(b"\n")
                last = self.original.encode()[: entry.span.end].count(b"\n")
                own_lines.update(range(first, last + 1))
        for number, line in enumerate(self.original.split("\n")):
            comment = re.search(r"//[^\n]*", line)
            if comment and number not in own_lines and comment.group() not in text:
                raise OracleFailure(f"the comment {comment.group()!r} is gone from the saved file")
        head = self.original.split("defineFwkConfig({", 1)[0]
        if not text.startswith(head):
            raise OracleFailure("the lines before the config object changed")

    async def check(self, step: Step) -> None:
        app, model = self.app, self.model
        if len(app.screen_stack) > 1:
            raise OracleFailure(f"a screen is left open after {step}: {type(app.screen).__name__}")
        if model.field is not None:
            now = focused_field(app)
            if now != model.field:
                raise OracleFailure(f"focus on {now!r}, the script is editing {model.field!r}")
            if model.kind in ("text", "number") and model.text is not None:
                focused = app.focused
                drawn = False
                if model.row:  # the field itself holds the focus: its editor's input shows the value
                    if not (isinstance(focused, OptionField) and focused.holds_row):
                        raise OracleFailure(f"after {step} the focus is on {focused!r}, not {model.field}'s row")
                    drawn = not focused.active  # its value drawn as text, no editor yet: the session's is checked below
                    focused = next(iter(focused.query(Input)), None)
                    if drawn:
                        focused = None
                shown = focused.value if isinstance(focused, Input) else None
                if model.row and focused is None and drawn:
                    shown = model.text
                if shown != model.text:
                    raise OracleFailure(f"{model.field} shows {shown!r}, typed {model.text!r}")
        actual = app.session.values()
        if canon(actual) != canon(model.values):
            raise OracleFailure(f"the session holds {actual!r}, the model says {model.values!r}")


def send_key(app: EditorApp, key: str) -> None:
    """Put ``key`` in the app's queue as the terminal driver does (a Pilot would wait for idle after each)."""
    if len(key) == 1 and not key.isalnum():
        key = _character_to_key(key)
    try:
        char: str | None = unicodedata.lookup(_get_unicode_name_from_key(REPLACED_KEYS.get(key, key)))
    except KeyError:
        char = key if len(key) == 1 else None
    event = events.Key(key, char)
    event.set_sender(app)
    assert app._driver is not None
    app._driver.send_message(event)


def _related(a: str, b: str) -> bool:
    """``a`` and ``b`` are the same value or one holds the other."""
    return a == b or a.startswith(b + ".") or a.startswith(b + "[") or b.startswith(a + ".") or b.startswith(a + "[")


ROW_COMMANDS = frozenset({"ctrl+z", "ctrl+y", "ctrl+r", "f3", "f2", "ctrl+s", "escape"})
"""Keys the app binds: on a field's row they act as commands (the row stays)."""


def _char(key: str) -> str:
    names = {"full_stop": ".", "slash": "/", "minus": "-", "tilde": "~", "at": "@"}
    return names.get(key, key)


# -- generating ---------------------------------------------------------------------


def pause(rng: random.Random, slow: bool) -> float:
    """Most keys come quickly; some wait long enough for every re-render (where races live)."""
    roll = rng.random()
    if slow or roll < 0.1:
        return round(rng.uniform(0.25, 0.4), 3)
    if roll < 0.3:
        return round(rng.uniform(0.05, 0.15), 3)
    return round(rng.uniform(0.0, 0.02), 3)


def next_step(model: Model, rng: random.Random, slow: bool, fields: list[str]) -> Step:
    """A step a person could take from the model's state."""
    p = pause(rng, slow)
    kind = model.kind
    roll = rng.random()
    if kind is None or roll < 0.1:
        # A key the catalogue does not know has a field only while the file has it.
        here = [f for f in fields if FIELDS[f] != "unknown" or model.value(f) is not MISSING]
        if rng.random() < 0.25:
            return Step("tree", rng.choice(here), p)  # Enter on its group: the group's first field
        return Step("goto", rng.choice(here), p)
    if roll < 0.2:
        return Step("key", rng.choice(["ctrl+z", "ctrl+z", "ctrl+y", "ctrl+r", "f3", "f2", "ctrl+s"]), p)
    if model.row and roll < 0.5:
        return Step("key", rng.choice(["up", "down", "down", "left", "right"]), p)  # from row to row
    if kind in ("text", "number") or model.in_item:
        if model.text is None:
            return Step("key", "escape" if model.in_item else "ctrl+u", p)
        options = ["backspace", "ctrl+u"] + ["char"] * 8
        if model.in_item:
            options += ["enter", "enter", "escape"]
        elif kind == "text" and rng.random() < 0.3:
            options += ["enter", "escape"]  # done typing: the row, where `/` must search
        pick = rng.choice(options)
        if pick != "char":
            return Step("key", pick, p)
        if kind == "number" and not model.in_item:
            chars = DIGITS if model.text else DIGITS[:-1]
            if rng.random() < 0.1:
                chars = "x"
        else:
            chars = ITEM_CHARS if model.in_item else TEXT_CHARS
        return Step("key", rng.choice(chars), p)
    if kind == "switch":
        return Step("key", "space", p)
    if kind == "map":
        if model.map_mode is None:
            return Step("key", rng.choice(["a", "a", "r", "delete", "enter", "up", "down"]), p)
        chars = MAP_VALUE_CHARS if model.map_mode == "value" else KEY_CHARS
        return Step("key", rng.choice([*chars * 3, "backspace", "enter", "escape"] if model.map_mode != "value"
                                      else [*chars * 3, "backspace", "escape"]), p)
    if kind == "list":
        return Step("key", rng.choice(["a", "a", "a", "delete", "ctrl+up", "ctrl+down", "enter", "up", "down"]), p)
    return Step("key", rng.choice(["ctrl+r", "f3", "ctrl+z"]), p)


def start_model(body: str) -> Model:
    values = ConfigDocument.parse(body).values()
    return Model(values=copy.deepcopy(values), keep=empty_objects(values))


def fields_for(body: str) -> list[str]:
    values = ConfigDocument.parse(body).values()
    return [f for f in FIELDS if FIELDS[f] != "unknown" or get_at(values, f) is not MISSING]


def script_for(seed: int) -> tuple[int, int, bool]:
    """(body, length, slow) of the script of ``seed``."""
    rng = random.Random(seed)
    return rng.randrange(len(BODIES)), rng.randint(6, 14), rng.random() < 0.15


async def run_script(
    tmp_path: Path, body_index: int, steps: list[Step] | None = None, *, seed: int = 0, length: int = 10,
    slow: bool = False,
) -> Run:
    """Run ``steps`` (or generate ``length`` steps from ``seed``) on the editor; OracleFailure on a mismatch."""
    body = BODIES[body_index]
    folder = tmp_path / "project"
    folder.mkdir(parents=True, exist_ok=True)
    file = folder / "fwk.config.ts"
    file.write_text(body)
    rng = random.Random(seed * 7919 + 1)
    app = make_app(file)
    model = start_model(body)
    fields = fields_for(body)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        run = Run(file, body, app, pilot, model, rng)
        await run.settle()
        try:
            if steps is not None:
                for step in steps:
                    await run.step(step)
            else:
                for _ in range(length):
                    step = next_step(model, rng, slow, fields)
                    await run.step(step)
                if rng.random() < 0.6:
                    await run.step(Step("key", "ctrl+s", pause(rng, slow)))
        except OracleFailure as exc:
            failure = ScriptFailure(f"{exc}\nbody {body_index}, steps:\n  " + ",\n  ".join(map(repr, run.steps)))
            failure.steps = run.steps
            failure.body = body_index
            raise failure from None
    return run


async def shrink(tmp_path: Path, body_index: int, steps: list[Step]) -> list[Step]:
    """The shortest sub-script (by removing steps one at a time) that still fails."""
    count = 0
    current = list(steps)
    changed = True
    while changed:
        changed = False
        for i in range(len(current) - 1, -1, -1):
            candidate = current[:i] + current[i + 1 :]
            count += 1
            try:
                await run_script(tmp_path / f"shrink{count}", body_index, candidate)
            except OracleFailure:
                current = candidate
                changed = True
    return current
