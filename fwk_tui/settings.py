"""The user's settings: ``settings.toml`` in the user config folder (``$XDG_CONFIG_HOME/fwk-tui``).

Read and written with tomlkit, so the user's comments, order and unknown keys
survive every change the app makes. A file with mistakes never stops the app:
the bad parts fall back to their defaults and each mistake is reported as a
``file:line: message`` in :attr:`Settings.problems`. No Textual at import.
"""

from __future__ import annotations

import re
from difflib import get_close_matches
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, cast, get_args

from platformdirs import user_config_path

from fwk_tui.atomic import write_text_atomically
from fwk_tui.oserrors import os_error_message
from fwk_tui.userfiles import FileNotThere, UnreadableFile, read_file_bytes

if TYPE_CHECKING:
    from tomlkit.exceptions import ParseError as TOMLParseError
    from tomlkit.toml_document import TOMLDocument

# tomlkit (~7 ms to import) is imported where a file is read or written: with no
# settings file, the editor starts without it.

VariantSetting = Literal["auto", "A", "B"]
VARIANT_SETTINGS: tuple[str, ...] = get_args(VariantSetting)

DEFAULT_THEME = "textual-dark"
DEFAULT_VARIANT: VariantSetting = "auto"
DocsSetting = Literal["auto", "shown", "folded"]
DOCS_SETTINGS: tuple[str, ...] = get_args(DocsSetting)
DEFAULT_DOCS: DocsSetting = "auto"
KNOWN = ("theme", "variant", "docs", "keymap")
"""The settings fwk-tui reads; other keys of the file are kept but reported."""

HEADER = """\
# fwk-tui settings: edit freely, fwk-tui keeps your comments when it changes a value.
# theme   = a Textual theme name ("textual-dark", "nord", "gruvbox", ...)
# variant = "auto" (detected from each config file), "A" or "B"
# docs    = the editor's docs pane: "auto" (folded on short terminals), "shown" or "folded" (F9)
# [keymap]  binding id = keys, e.g.  save = "ctrl+s"   undo = "ctrl+z,f12"
"""

# A binding id as the editor names them ("save", "toggle_variant"), and keys
# as Textual writes them ("ctrl+s", "f2,ctrl+y", "slash").
_BINDING_ID = re.compile(r"[A-Za-z_][\w.-]*\Z")
_KEYS = re.compile(r"[^\s,]+(,[^\s,]+)*\Z")
_BOM = b"\xef\xbb\xbf"


def default_path() -> Path:
    """Where the settings live: ``<user config folder>/fwk-tui/settings.toml`` (honours XDG_CONFIG_HOME)."""
    return user_config_path("fwk-tui") / "settings.toml"


# Textual's built-in themes (textual 8): App.theme refuses an unknown name at
# start, so a typo in the file must fall back to the default here. Written out
# rather than read from Textual, which stays in the views (docs/architecture.md);
# tests/tui/test_settings_themes.py checks each name against Textual's list.
KNOWN_THEMES = frozenset(
    {
        "ansi-dark", "ansi-light", "atom-one-dark", "atom-one-light", "catppuccin-frappe", "catppuccin-latte",
        "catppuccin-macchiato", "catppuccin-mocha", "dracula", "flexoki", "gruvbox", "monokai", "nord",
        "rose-pine", "rose-pine-dawn", "rose-pine-moon", "solarized-dark", "solarized-light", "textual-dark",
        "textual-light", "tokyo-night",
    }
)  # fmt: skip


class Settings:
    """The settings of ``path`` (missing values at their defaults), and what was wrong with the file.

    ``problems`` holds a ``file:line: message`` for each part of the file that
    was ignored. Make one with :meth:`load`.
    """

    def __init__(self, path: Path, text: str | None, problems: list[str]) -> None:
        self.path = path
        self.problems = problems
        # The file's TOML as last read or written ("" when there is none yet); None when the
        # file does not parse: then it is never written over.
        self._text = text
        self._theme = DEFAULT_THEME
        self._variant: VariantSetting = DEFAULT_VARIANT
        self._keymap: dict[str, str] = {}
        self._docs: DocsSetting = DEFAULT_DOCS
        self._bom = False
        self._lines: dict[tuple[str, str | None], int] | None = None  # where keys are written, found once

    @classmethod
    def load(cls, path: Path | None = None) -> Settings:
        """Read ``path`` (default :func:`default_path`); a missing file gives the defaults.

        Never raises: an unreadable or invalid file gives defaults for its bad
        parts and a message in :attr:`problems`.
        """
        path = path if path is not None else default_path()
        try:
            raw = read_file_bytes(path)
            # A BOM (Windows editors add one) is not TOML; it is put back on write.
            bom = raw.startswith(_BOM)
            text = raw[len(_BOM) if bom else 0 :].decode("utf-8")
        except FileNotThere:
            return cls(path, "", [])
        except UnreadableFile as exc:
            return cls(path, None, [f"{exc}; using the defaults"])
        except UnicodeDecodeError as exc:
            return cls(path, None, [f"{path}: cannot read it ({_reason(exc)}); using the defaults"])
        import tomlkit
        from tomlkit.exceptions import ParseError

        try:
            document = tomlkit.parse(text)
        except ParseError as exc:
            return cls(path, None, [f"{path}:{exc.line}: {_parse_message(exc)}; using the default settings"])
        settings = cls(path, document.as_string(), [])
        settings._bom = bom
        settings._read(document, text)
        return settings

    def _read(self, document: TOMLDocument, text: str) -> None:
        for name, value in document.unwrap().items():
            if name not in KNOWN:
                self._problem(text, name, None, f"unknown setting {name!r} (fwk-tui reads {', '.join(KNOWN)})")
            elif name == "keymap" and isinstance(value, dict):
                self._read_keymap(text, value)
            else:
                try:
                    self._assign(name, value)
                except ValueError as exc:
                    self._problem(text, name, None, f"{exc}; using the default")

    def _read_keymap(self, text: str, table: dict[str, Any]) -> None:
        # One bad binding must not cost the user the others.
        for action, keys in table.items():
            try:
                self._keymap.update(_check_keymap({action: keys}))
            except ValueError as exc:
                self._problem(text, "keymap", action, f"{exc}; that binding is ignored")

    def _problem(self, text: str, name: str, sub: str | None, message: str) -> None:
        if self._lines is None:
            self._lines = _key_lines(text)
        line = self._lines.get((name, sub))
        where = f"{self.path}:{line}" if line else str(self.path)
        self.problems.append(f"{where}: {message}")

    def _assign(self, name: str, value: Any) -> Any:
        # Check, store, and return the value in the form the file keeps.
        if name == "theme":
            self._theme = _check_theme(value)
            return self._theme
        if name == "variant":
            self._variant = _check_variant(value)
            return self._variant
        if name == "keymap":
            self._keymap = _check_keymap(value)
            return self._keymap
        if name == "docs":
            if value not in DOCS_SETTINGS:
                raise ValueError(f"docs must be one of {', '.join(map(repr, DOCS_SETTINGS))}, not {value!r}")
            self._docs = value
            return self._docs
        raise ValueError(f"unknown setting {name!r} (fwk-tui reads {', '.join(KNOWN)})")

    def problems_to_show(self, limit: int = 3) -> list[str]:
        """The first ``limit`` problems, then one line counting the others: a notice each, never thousands."""
        shown = self.problems[:limit]
        if len(self.problems) > limit:
            shown.append(f"{self.path}: {len(self.problems) - limit} more problems, not shown")
        return shown

    # ------------------------------------------------------------- values

    @property
    def theme(self) -> str:
        """The Textual theme of the editor (default ``textual-dark``)."""
        return self._theme

    @property
    def variant(self) -> VariantSetting:
        """``"auto"`` to detect the layout variant from each file, or ``"A"``/``"B"`` to force it."""
        return self._variant

    @property
    def docs(self) -> DocsSetting:
        """The editor's docs pane: ``"auto"`` (folded when the terminal is short), ``"shown"`` or ``"folded"``."""
        return self._docs

    @property
    def keymap(self) -> dict[str, str]:
        """Binding id → keys, overriding the editor's defaults (``{"save": "ctrl+s"}``); a copy."""
        return dict(self._keymap)

    # -------------------------------------------------------------- write

    def set(self, name: str, value: Any) -> None:
        """Check ``value``, then write it to the file atomically, keeping every other byte of it.

        ValueError for an unknown setting, a bad value, a file that does not
        parse (fix it first: it is never overwritten) or one that cannot be
        written (``file: why``). Creates the folder and the file (with a short commented
        header) when missing.
        """
        import tomlkit

        if self._text is None:
            raise ValueError(f"{self.path} has mistakes fwk-tui cannot read around; fix them first")
        old = (self._theme, self._variant, dict(self._keymap), self._docs)
        stored = self._assign(name, value)
        # Edit a copy: after a failed write the file and this object still agree.
        document = tomlkit.parse(self._text or HEADER)
        if name == "keymap":
            _merge_table(document, name, stored)
        else:
            _set_value(document, name, stored)
        try:
            write_text_atomically(self.path, ("\ufeff" if self._bom else "") + document.as_string())
        except OSError as exc:
            self._theme, self._variant, self._keymap, self._docs = old
            raise ValueError(f"{os_error_message(exc, self.path)}; the setting was not saved") from None
        self._text = document.as_string()


def _check_theme(value: Any) -> str:
    if isinstance(value, str) and value in KNOWN_THEMES:
        return value
    close = get_close_matches(value, sorted(KNOWN_THEMES), n=1) if isinstance(value, str) else []
    hint = f"did you mean {close[0]!r}?" if close else "e.g. textual-dark, textual-light, nord, gruvbox"
    raise ValueError(f"theme {value!r} is not a Textual theme ({hint})")


def _check_variant(value: Any) -> VariantSetting:
    if value not in VARIANT_SETTINGS:
        raise ValueError(f"variant {value!r} is not one of \"auto\", \"A\", \"B\"")
    return cast(VariantSetting, value)


def _check_keymap(value: Any) -> dict[str, str]:
    if not isinstance(value, dict):
        raise ValueError('keymap must be a table of binding id = "keys"')  # noqa: TRY004 (a user's value, not a caller's bug)
    for action, keys in value.items():
        if not isinstance(action, str) or not _BINDING_ID.match(action):
            raise ValueError(f"keymap: {action!r} is not a binding id")
        # isprintable: a control or format character in a key name would reach the terminal in the footer.
        if not isinstance(keys, str) or not _KEYS.match(keys) or not keys.isprintable():
            raise ValueError(f'keymap: {action} = {keys!r} is not a key list like "ctrl+s" or "f2,ctrl+y"')
    return dict(value)


def _set_value(document: TOMLDocument, name: str, value: Any) -> None:
    import tomlkit
    from tomlkit.items import Item, Table

    old = document.get(name)
    if isinstance(old, Table):
        del document[name]  # re-added as a plain value, placed before the tables
    elif isinstance(old, Item):
        # Keep the comment after the old value and the spacing around "=".
        new = tomlkit.item(value)
        new.trivia.comment_ws = old.trivia.comment_ws
        new.trivia.comment = old.trivia.comment
        new.trivia.trail = old.trivia.trail
        document[name] = new
        return
    document[name] = value


def _merge_table(document: TOMLDocument, name: str, values: dict[str, str]) -> None:
    # Change the table key by key so comments on untouched bindings stay; an
    # inline table (keymap = { ... }) stays inline.
    import tomlkit
    from tomlkit.items import InlineTable, Table

    table = document.get(name)
    if not isinstance(table, (Table, InlineTable)):
        if name in document:
            del document[name]
        document[name] = tomlkit.table()
        table = document[name]
    assert isinstance(table, (Table, InlineTable))
    for key in [k for k in table if k not in values]:
        del table[key]
    for key, keys in values.items():
        if table.get(key) != keys:
            table[key] = keys


def _key_lines(text: str) -> dict[tuple[str, str | None], int]:
    """Where each setting is first written: ``(name, None)`` for a top-level key or ``[name]``,
    ``(name, sub)`` for ``sub`` inside ``[name]`` or ``name.sub`` at the top. One pass over ``text``.
    """
    found: dict[tuple[str, str | None], int] = {}
    table = ""
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        header = re.match(r"\[\s*([^\]]+?)\s*\]", line)
        if header and not line.startswith("[["):
            table = _unquote(header.group(1))
            found.setdefault((table, None), number)
            continue
        key = re.match(r"""("[^"]*"|'[^']*'|[\w.-]+)\s*=""", line)
        if key is None:
            continue
        written = _unquote(key.group(1))
        if table:
            found.setdefault((table, written), number)
        else:
            name, dot, sub = written.partition(".")
            found.setdefault((name, None), number)
            if dot:
                found.setdefault((name, sub), number)
    return found


def _unquote(key: str) -> str:
    return key[1:-1] if len(key) >= 2 and key[0] == key[-1] and key[0] in "\"'" else key


def _parse_message(exc: TOMLParseError) -> str:
    # tomlkit appends " at line L col C"; the location is already in front.
    return re.sub(r"\s+at line \d+ col \d+$", "", str(exc)).rstrip(".")


def _reason(exc: BaseException) -> str:
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror
    return str(exc)


__all__ = ["DEFAULT_THEME", "DEFAULT_VARIANT", "HEADER", "KNOWN", "Settings", "VariantSetting", "default_path"]
