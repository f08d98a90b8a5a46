"""ConfigDocument: a config file as lossless source plus a path → value view."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from tree_sitter import Node, Tree

from fwk_tui.paths import OptionPath, Segment, format_path
from fwk_tui.source.disk import DiskLink
from fwk_tui.source.edit import Editor, Splice
from fwk_tui.source.errors import DocumentError, ReadOnlyError
from fwk_tui.source.expression import check_expression, contains_code, read_expression
from fwk_tui.source.gaps import fill_gap
from fwk_tui.source.locate import BuiltByCode, locate_config
from fwk_tui.source.merge import Prefer
from fwk_tui.source.nodes import layout, members, text_of
from fwk_tui.source.parse import (
    check_input,
    dense_error,
    nesting_error,
    parse_bytes,
    stray_comma_error,
    syntax_error,
)
from fwk_tui.source.read import Reader
from fwk_tui.source.render import method_name
from fwk_tui.source.slots import (
    Gap,
    NotFound,
    array_node,
    checked_path,
    edit_target,
    object_at,
    require,
    slot_value,
)
from fwk_tui.source.splice import apply_splices
from fwk_tui.source.style import STARTER_STYLE, Style, sniff_style
from fwk_tui.source.textutil import same_line
from fwk_tui.source.values import Code, Entry, JSValue, Span, value_in
from fwk_tui.source.written import empty_objects

NEW_CONFIG = "export default defineFwkConfig({\n})\n"

PathLike = str | Sequence[Segment]


class ConfigDocument:
    """An immutable parsed config; every edit returns a new document."""

    def __init__(
        self,
        data: bytes,
        tree: Tree,
        filename: str,
        *,
        link: DiskLink | None = None,
        style: Style | None = None,
    ) -> None:
        located = locate_config(tree, filename)
        self._data = data
        self._tree = tree
        self._root = located.node
        self._read_only = located.read_only
        self._built = located.built
        self._entries: list[Entry] | None = None  # a document never changes: read once, on demand
        self._values: dict[str, JSValue] | None = None
        self._repeats: bool | None = None
        self._style = style
        self._text: str | None = None
        self.filename = filename
        self.link = link or DiskLink()

    # -- construction --------------------------------------------------------------

    @classmethod
    def parse(cls, text: str, filename: str = "fwk.config.ts") -> ConfigDocument:
        """Parse config source; ParseError for syntax errors, DocumentError for non-configs."""
        try:
            data = text.encode("utf-8")
        except UnicodeEncodeError as exc:
            raise DocumentError(f"{filename}: the text has an unpaired surrogate at {exc.start}") from None
        return cls.from_bytes(data, filename)

    @classmethod
    def from_bytes(cls, data: bytes, filename: str = "fwk.config.ts", link: DiskLink | None = None) -> ConfigDocument:
        """Parse UTF-8 source bytes (a BOM is kept)."""
        check_input(data, filename)
        return cls._checked(data, parse_bytes(data), filename, link)

    @classmethod
    def from_tree(cls, data: bytes, tree: Tree, filename: str = "fwk.config.ts") -> ConfigDocument:
        """A document of ``data`` already parsed into ``tree`` (re-parsed after an edit); errors as ``from_bytes``."""
        check_input(data, filename)
        return cls._checked(data, tree, filename, None)

    @classmethod
    def _checked(cls, data: bytes, tree: Tree, filename: str, link: DiskLink | None) -> ConfigDocument:
        error = (
            dense_error(tree, filename)
            or syntax_error(tree, data, filename)
            or stray_comma_error(tree, data, filename)
            or nesting_error(tree, data, filename)
        )
        if error is not None:
            raise error
        return cls(data, tree, filename, link=link)

    @classmethod
    def new(cls, filename: str = "fwk.config.ts") -> ConfigDocument:
        """An empty config in the framework starter's style."""
        data = NEW_CONFIG.encode()
        return cls(data, parse_bytes(data), filename, style=STARTER_STYLE)

    # -- reading -------------------------------------------------------------------

    @property
    def text(self) -> str:
        """The current full source text."""
        text = self._text
        if text is None:
            text = self._text = self._data.decode("utf-8")
        return text

    @property
    def data(self) -> bytes:
        """The current source as UTF-8 bytes, exactly as it would be written."""
        return self._data

    @property
    def tree(self) -> Tree:
        """The tree-sitter tree of :attr:`data`."""
        return self._tree

    @property
    def read_only(self) -> str | None:
        """None when the config object can be edited, else the reason it cannot."""
        return self._read_only

    @property
    def built_by_code(self) -> BuiltByCode | None:
        """The code that makes or may change the config (so it is read-only and not all checked), or None."""
        return self._built

    @property
    def config_node(self) -> Node | None:
        """The config object literal in :attr:`tree` (None when the file has no literal to read)."""
        return self._root

    @property
    def style(self) -> Style:
        """How the file writes code, sniffed once."""
        if self._style is None:
            self._style = sniff_style(self._data, self._tree)
        return self._style

    def get(self, path: PathLike) -> JSValue:
        """The value at ``path``; KeyError when there is none."""
        p = checked_path(path)
        try:
            slot = require(self._require_root(p), p)
        except KeyError as exc:
            if isinstance(exc.__cause__, NotFound) and exc.__cause__.holes:
                return self._get_from_values(p)
            raise
        return slot_value(slot, Reader(self._data))

    def has(self, path: PathLike) -> bool:
        """True when ``path`` has a value."""
        try:
            self.get(path)
        except KeyError:
            return False
        return True

    def values(self) -> dict[str, JSValue]:
        """The whole config as Python values (``Code`` for what is not a literal)."""
        if self._root is None:
            self._repeats = False
            return {}
        values = self._values
        if values is None:
            values = self._read(None)
        return dict(values)  # a caller's own top level; what lies below is shared, never changed

    @property
    def repeats_keys(self) -> bool | None:
        """Whether an object of the config writes a key twice, learnt when :meth:`values` reads it (None before)."""
        return self._repeats

    def entries(self) -> list[Entry]:
        """Every object, array and leaf under the config, in source order, with spans."""
        if self._root is None:
            return []
        found = self._entries
        if found is None:
            found = []
            self._read(found)
            self._entries = found
        return list(found)

    def _read(self, entries: list[Entry] | None) -> dict[str, JSValue]:
        """Read the config's values (kept), filling ``entries`` when it is a list."""
        assert self._root is not None
        reader = Reader(self._data, entries)
        value = reader.value(self._root)
        assert isinstance(value, dict)
        self._values, self._repeats = value, reader.repeats_keys
        return value

    def drop_caches(self) -> None:
        """Let go of what was read from the text (values, entries, the decoded text): a document kept for undo
        holds its bytes and tree only, and reads the rest again when it is asked. Safe while another thread
        reads the document (it reads again)."""
        self._values = None
        self._entries = None
        self._text = None

    def span(self, path: PathLike) -> Span:
        """Where the value at ``path`` is written; KeyError when there is none."""
        p = checked_path(path)
        slot = require(self._require_root(p), p)
        return Reader(self._data).span(slot.value)

    def replace_spans(self, spans: list[tuple[int, int, str]]) -> ConfigDocument:
        """The document with each byte span ``(start, end, text)`` replaced (spans apart from each other); refused
        (DocumentError) when the result does not parse."""
        return self._apply([Splice(start, end, text.encode("utf-8")) for start, end, text in spans])

    def spreads(self, path: PathLike = ()) -> list[Code]:
        """The spreads (``...base``) and computed keys of the object at ``path``: kept, not addressable."""
        p = checked_path(path)
        node = self._root if not p else self._object_at(p)
        if node is None:
            return []
        reader = Reader(self._data)
        kinds = ("spread", "computed")
        return [Code(text_of(m.node), "expr", reader.span(m.node)) for m in members(node) if m.kind in kinds]

    # -- editing -------------------------------------------------------------------

    def set(self, path: PathLike, value: JSValue) -> ConfigDocument:
        """A document where ``path`` is ``value``; missing objects on the way are created."""
        p = checked_path(path)
        root = self._writable_root()
        target = edit_target(root, p)
        editor = self._editor()
        if isinstance(target, Gap):
            return self._apply(fill_gap(editor, target, value))
        if target.member is not None:
            return self._apply(editor.replace_member(target.member, target.container, value))
        single = same_line(self._data, target.container.start_byte, target.container.end_byte)
        return self._apply(editor.replace_node(target.item, value, single))

    def set_code(self, path: PathLike, source: str) -> ConfigDocument:
        """Like :meth:`set` with an expression (or an object method) written as code.

        A method must be named like the key it is set under (``ready() {}`` for
        ``hooks.ready``). ParseError when ``source`` is neither.
        """
        p = checked_path(path)
        text = source.strip()
        if p and method_name(text) == p[-1]:
            return self.set(p, Code(text))
        return self.set(p, Code(check_expression(source)))

    def unset(self, path: PathLike, *, keep: Mapping[OptionPath, str] | None = None) -> ConfigDocument:
        """A document without ``path`` (every duplicate of the key); KeyError when absent.

        An object this leaves empty goes too, and so on upward: one that is the value
        of an object's member and holds no member, spread or comment. The config
        object and array items stay. ``keep`` (as from :meth:`empty_objects`) names
        objects that stay; the one the pruning stops at, when empty, is written back
        as its text in ``keep``.
        """
        from fwk_tui.source.removals import prune, remove_every_copy

        doc, container = remove_every_copy(self, checked_path(path))
        return prune(doc, container, keep or {})

    def remove(self, path: PathLike) -> ConfigDocument:
        """A document without the array item (or member) at ``path``; its container stays, even empty."""
        from fwk_tui.source.removals import remove_every_copy

        return remove_every_copy(self, checked_path(path))[0]

    def remove_all(self, places: Sequence[tuple[PathLike, int | None]]) -> ConfigDocument:
        """A document without each place: an array item ``(path, None)`` or a key's copy ``(path, occurrence)``,
        as :meth:`remove` and :meth:`remove_occurrence` would remove them from the last up, read once."""
        from fwk_tui.source.removals import remove_places

        return remove_places(self, [(checked_path(path), occurrence) for path, occurrence in places])

    def remove_occurrence(self, path: PathLike, occurrence: int) -> ConfigDocument:
        """A document without one copy of a key written more than once: the ``occurrence``-th (from 0).

        ``path`` is as written (keys and indexes in the source, the last copy of a key
        on the way); the other copies stay. KeyError when there is no such copy.
        """
        from fwk_tui.source.removals import remove_occurrence

        return remove_occurrence(self, checked_path(path), occurrence)

    def empty_objects(self) -> dict[OptionPath, str]:
        """The object literals without members (comments allowed), by path as written, with their text.

        Paths as written: keys and indexes as in the source, so a hooks namespace
        ``build: {}`` is ``("hooks", "build")``; the config object is ``()``.
        """
        return {} if self._root is None else empty_objects(self._root)

    def rename(self, path: PathLike, new_key: str) -> ConfigDocument:
        """A document where the member at ``path`` is called ``new_key``; its value is kept."""
        from fwk_tui.source.reshape import rename

        return rename(self, checked_path(path), new_key)

    def merge(self, path: PathLike, into: PathLike, *, prefer: Prefer = "existing") -> ConfigDocument:
        """A document where the members of the object at ``path`` have joined the object at ``into`` (each copied
        as written, with its comments; objects in both merged key by key) and ``path`` is gone. A key written in
        both with different values keeps the value ``prefer`` names: ``existing`` (``into``'s) or ``moved``."""
        from fwk_tui.source.merge import merge

        return merge(self, checked_path(path), checked_path(into), prefer)

    def insert(self, path: PathLike, index: int, value: JSValue, *more: JSValue) -> ConfigDocument:
        """A document with ``value`` inserted at ``index`` of the array at ``path`` (created if missing).

        ``more`` values follow it, in one edit (many items cost one re-parse, not one each).
        """
        p = checked_path(path)
        root = self._writable_root()
        target = edit_target(root, p)
        if isinstance(target, Gap):
            if index not in (0, -1):
                raise DocumentError(f"{format_path(p)} does not exist; insert at index 0 to create it")
            return self.set(p, [value, *more])
        array = array_node(target, p)
        count = len(layout(array).items)
        position = max(0, count + index) if index < 0 else index
        if position > count:
            raise DocumentError(f"{format_path(p)} has {count} items; cannot insert at {index}")
        return self._apply(self._editor().insert(array, position, value, more=more))

    def move(self, path: PathLike, new_index: int) -> ConfigDocument:
        """A document where the array item at ``path`` sits at ``new_index`` (comments travel along)."""
        from fwk_tui.source.reshape import move

        return move(self, checked_path(path), new_index)

    # -- internals -----------------------------------------------------------------

    def _editor(self) -> Editor:
        return Editor(self._data, self.style)

    def _require_root(self, path: OptionPath) -> Node:
        if self._root is None:
            raise KeyError(format_path(path))
        return self._root

    def _writable_root(self) -> Node:
        if self._read_only is not None:
            raise ReadOnlyError(f"{self.filename}: read-only: {self._read_only}")
        assert self._root is not None
        return self._root

    def _object_at(self, path: OptionPath) -> Node | None:
        return None if self._root is None else object_at(self._root, path)

    def _get_from_values(self, path: OptionPath) -> JSValue:
        # Only arrays with holes are not addressable by node; read them as values.
        try:
            return value_in(self.values(), path)
        except KeyError:
            raise KeyError(format_path(path)) from None

    def _apply(self, splices: list[Splice]) -> ConfigDocument:
        """Splice once, re-parse incrementally, and refuse a result that does not parse."""
        data, tree = apply_splices(self._data, self._tree, splices, self.filename)
        return ConfigDocument(data, tree, self.filename, link=self.link, style=self._style)

    def __repr__(self) -> str:
        return f"<ConfigDocument {self.filename!r} {len(self._data)} bytes>"


__all__ = ["NEW_CONFIG", "ConfigDocument", "check_expression", "contains_code", "read_expression"]
