"""One user edit: what it does to a document, replayable after a reload or from the journal."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Literal, TypeVar

from fwk_tui.paths import OptionPath as KeyPath
from fwk_tui.paths import PathError, format_path, parse_path
from fwk_tui.source import Code, ConfigDocument, DocumentError, ParseError, ReadOnlyError, check_expression
from fwk_tui.validate import Fix, apply_fix

_T = TypeVar("_T")

EditKind = Literal["set", "set_code", "unset", "rename", "insert", "remove", "move", "fix", "replace"]

# What an edit raises when it cannot be applied to a document; the session
# turns these into EditError so callers catch one thing.
EDIT_ERRORS = (KeyError, IndexError, PathError, DocumentError, ParseError, ReadOnlyError)


class EditError(Exception):
    """An edit that could not be applied; the document is unchanged."""


@dataclass(frozen=True)
class Edit:
    """One user edit, replayable on another document (after a reload, from the journal).

    ``value`` is the JS value for ``set``/``insert``, the source text for
    ``set_code`` and the whole new text for ``replace``; ``key`` the new key of ``rename`` (for ``replace``: what
    the new text does, "Move to layout A"); ``index`` the position of
    ``insert``/``move``; ``fix`` the diagnostic fix applied.
    """

    kind: EditKind
    path: str
    value: Any = None
    key: str | None = None
    index: int | None = None
    fix: Fix | None = None

    @property
    def label(self) -> str:
        """What the edit did, for undo/redo notices ("Set app.baseURL")."""
        if self.kind == "fix" and self.fix is not None:
            return self.fix.title
        if self.kind == "replace":
            return self.key or "Restore the unsaved text"
        if self.kind == "rename":
            return f"Rename {self.path} to {self.key}"
        if self.kind == "move":
            return f"Move {self.path} to position {self.index}"
        if self.kind == "insert":
            return f"Add an item to {self.path}"
        verbs = {"set": "Set", "set_code": "Set", "unset": "Reset", "remove": "Remove"}
        return f"{verbs[self.kind]} {self.path}"

    def apply(self, doc: ConfigDocument, keep: Mapping[KeyPath, str] | None = None) -> ConfigDocument:
        """``doc`` with this edit applied (raises what the document's edits raise).

        ``keep``: for an unset (or a fix that unsets), the objects it must not
        prune, as :meth:`ConfigDocument.empty_objects` gives them.
        """
        return _APPLY[self.kind](self, doc, keep)


_Keep = Mapping[KeyPath, str] | None


def _given(value: _T | None) -> _T:
    assert value is not None  # checked when the edit was made or decoded from the journal
    return value


def _apply_code(edit: Edit, doc: ConfigDocument, _keep: _Keep) -> ConfigDocument:
    if is_spread_item(edit.path, edit.value):
        check_spread(edit.value)
        return doc.set(edit.path, Code(edit.value.strip()))
    return doc.set_code(edit.path, edit.value)


def _apply_fix(edit: Edit, doc: ConfigDocument, keep: _Keep) -> ConfigDocument:
    fix = _given(edit.fix)
    if fix.kind == "unset":
        return doc.unset(fix.path, keep=keep)  # the session's objects to keep: beyond what apply_fix knows
    return apply_fix(doc, fix)


def _replace(edit: Edit, doc: ConfigDocument, _keep: _Keep) -> ConfigDocument:
    return ConfigDocument.from_bytes(edit.value.encode("utf-8"), doc.filename, link=doc.link)


_APPLY: dict[str, Callable[[Edit, ConfigDocument, _Keep], ConfigDocument]] = {
    "set": lambda e, doc, _keep: doc.set(e.path, e.value),
    "set_code": _apply_code,
    "unset": lambda e, doc, keep: doc.unset(e.path, keep=keep),
    "remove": lambda e, doc, _keep: doc.remove(e.path),
    "rename": lambda e, doc, _keep: doc.rename(e.path, _given(e.key)),
    "insert": lambda e, doc, _keep: doc.insert(e.path, _given(e.index), e.value),
    "move": lambda e, doc, _keep: doc.move(e.path, _given(e.index)),
    "replace": _replace,
    "fix": _apply_fix,
}


def is_spread_item(path: str, source: str) -> bool:
    """True when ``source`` is a spread (``...rest``) and ``path`` names an array item, where one is valid."""
    if not source.lstrip().startswith("..."):
        return False
    try:
        return isinstance(parse_path(path)[-1], int)
    except (PathError, IndexError):
        return False


def check_spread(source: str) -> None:
    """ParseError unless ``source`` (``...rest``) spreads one expression; its line and column are in ``source``."""
    # The dots become blanks, so the expression's problems are placed where they were typed.
    check_expression(source.replace("...", "   ", 1))


def joined(first: Edit, then: Edit) -> Edit | None:
    """One edit doing ``first`` then ``then`` (typing merged into one undo step), or ``None``.

    A set (or code) at the same path: the later edit. A value typed into an
    item just added (``insert`` at ``css`` index 2, then ``set`` of ``css[2]``):
    the insert of that value.
    """
    if (first.kind, first.path) == (then.kind, then.path) and first.kind in ("set", "set_code"):
        return then  # the same value typed on; two items added to one list are two steps
    if first.kind == "insert" and then.kind == "set" and first.index is not None:
        try:
            item = format_path((*parse_path(first.path), first.index))
        except PathError:
            return None
        if then.path == item:
            return Edit("insert", first.path, then.value, index=first.index)
    return None


def reason(exc: BaseException) -> str:
    if isinstance(exc, KeyError):
        return f"{exc.args[0] if exc.args else ''} is not in the file"
    return str(exc)
