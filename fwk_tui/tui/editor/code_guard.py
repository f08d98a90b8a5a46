"""The question before a field's edit replaces code by a value: what code gives is known only when the config runs.

``port: getPort()`` or ``apiBase: process.env.API_BASE ?? '/api'`` is code: a
value typed in its place (the unknown value's editor as values, Ctrl+T for a
typed value) is the same on every run. ``fwk-tui set`` refuses such an edit
without ``--force``; the editor asks. Code written over code (the code editor)
is an edit of the code and is not asked about; neither are Ctrl+R and Delete,
which remove what the field shows, nor the fixes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from fwk_tui.paths import OptionPath, PathError, format_path, parse_path
from fwk_tui.session import Edit
from fwk_tui.source import ParseError, read_expression
from fwk_tui.source.expression import dropped_code
from fwk_tui.source.summary import one_line
from fwk_tui.source.values import Code
from fwk_tui.tui.fields.present import js
from fwk_tui.tui.fields.value_editor import ValueEditor

if TYPE_CHECKING:
    from fwk_tui.tui.editor.host import EditorHost
    from fwk_tui.tui.screens.choice import ChoiceScreen

SHOWN = 60
"""Characters of the code and of the new value the question shows (folded to one line)."""

REPLACE = "replace"


@dataclass(eq=False)
class _Asked:
    """The edit a question waits on (the latest one typed at its path) and the editor that asked for it."""

    edit: Edit
    editor: ValueEditor


@dataclass(eq=False)
class CodeGuard:
    """Holds an edit that would replace code until the user says so; ``apply`` applies an edit (``False``: not)."""

    app: EditorHost
    apply: Callable[[Edit], bool]
    _asking: dict[str, _Asked] = field(default_factory=dict, init=False)

    def holds(self, editor: ValueEditor, edit: Edit) -> bool:
        """True when ``edit`` waits for an answer: it replaces code (the question is asked now), or a question about
        its path is open already (then it is what the answer applies: the keys typed before the question came)."""
        asked = self._asking.get(edit.path)
        if asked is not None:
            asked.edit, asked.editor = edit, editor
            return True
        dropped = self._dropped(edit)
        if not dropped:
            return False
        self._asking[edit.path] = _Asked(edit, editor)
        self.app.push_screen(_question(edit, dropped), callback=lambda answer: self._answered(edit.path, answer))
        return True

    def _dropped(self, edit: Edit) -> list[tuple[OptionPath, Code]]:
        session = self.app.session
        if session.read_only is not None or edit.kind not in ("set", "set_code"):
            return []  # a read-only config takes no edit: that is said instead
        missing = object()
        old = session.get(edit.path, missing)
        if old is missing:
            return []
        return dropped_code(old, _new_value(edit))

    def _answered(self, path: str, answer: str | None) -> None:
        asked = self._asking.pop(path, None)
        if asked is None:
            return
        if answer != REPLACE or not self.apply(asked.edit):
            asked.editor.discard_text()  # the code stays: the field shows it again


def _new_value(edit: Edit) -> Any:
    if edit.kind == "set":
        return edit.value
    try:
        return read_expression(edit.value)  # `4000` accepted in the code editor is a value
    except ParseError:
        return Code(edit.value)


def _question(edit: Edit, dropped: list[tuple[OptionPath, Code]]) -> ChoiceScreen:
    from fwk_tui.tui.screens.choice import Answer, ChoiceScreen  # a question is not shown at start

    inner, code = dropped[0]
    try:
        where = format_path((*parse_path(edit.path), *inner))
    except PathError:
        where = edit.path
    more = f" (and {len(dropped) - 1} more piece{'s' if len(dropped) > 2 else ''} of code)" if len(dropped) > 1 else ""
    new = one_line(edit.value, SHOWN) if edit.kind == "set_code" else js(edit.value)
    what = "it" if not inner else edit.path
    return ChoiceScreen(
        "Replace code?",
        f"{where} is code: {one_line(code.text, SHOWN)}{more}. Replace {what} by {new}?",
        # Keeping comes first, so Enter (the focused button) keeps the code: only `y` replaces it.
        [Answer("keep", "Keep the code", "n", "primary"), Answer(REPLACE, "Replace", "y", "warning")],
        detail=(
            "What code gives is known only when the config runs (a variable, a call); a value in its place is the "
            "same on every run. Ctrl+Z undoes the replacement."
        ),
        cancel_value="keep",
    )
