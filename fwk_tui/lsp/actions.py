"""Code actions: the fixes ``check`` knows, "reset to default" on a key, and every safe fix at once.

Each action's edit is the text the document engine writes for it (the same
bytes as ``check --fix`` for a safe fix), sent as the one span that changed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from lsprotocol import types

from fwk_tui.catalog import Catalog, Variant
from fwk_tui.catalog.present import value_text
from fwk_tui.lsp.diagnostics import lsp_diagnostic, range_of
from fwk_tui.lsp.documents import OpenDocument
from fwk_tui.paths import format_path
from fwk_tui.session.edit import EDIT_ERRORS, Edit
from fwk_tui.source import ConfigDocument, Entry
from fwk_tui.validate import Diagnostic, apply_fix
from fwk_tui.validate.fixes import apply_safe_fixes, is_safe
from fwk_tui.validate.merge_fix import choices

FIX_ALL = f"{types.CodeActionKind.SourceFixAll.value}.fwk-tui"
KINDS: list[types.CodeActionKind | str] = [types.CodeActionKind.QuickFix, types.CodeActionKind.RefactorRewrite, FIX_ALL]
"""The kinds of action the server offers (its capability)."""

Check = Callable[[ConfigDocument], list[Diagnostic]]

MAX_QUICK_FIXES = 50
"""Quick fixes one request gets at most (those of the first problems in the range): each is the whole text
edited once, so a selection of a file with thousands of problems took a minute and held up every other answer.
The fix-all action makes all the safe ones at once."""


def code_actions(
    doc: OpenDocument,
    diagnostics: Sequence[Diagnostic],
    check: Check,
    catalog: Catalog,
    variant: Variant,
    params: types.CodeActionParams,
) -> list[types.CodeAction]:
    """The actions for ``params.range`` of ``doc``, whose check gave ``diagnostics`` (``check`` checks again)."""
    config = doc.config
    if config is None:
        return []
    only = params.context.only
    actions: list[types.CodeAction] = []
    if _wanted(types.CodeActionKind.QuickFix, only):
        actions += _fixes(doc, config, diagnostics, params.range)
    if _wanted(types.CodeActionKind.RefactorRewrite, only):
        reset = _reset(doc, config, catalog, variant, params.range)
        if reset is not None and not any(a.edit == reset.edit for a in actions):  # a fix that does the same
            actions.append(reset)
    # Asked for by name only (on save, or the source actions menu): it edits and checks the whole file.
    if only and _wanted(FIX_ALL, only) and any(is_safe(d) for d in diagnostics):
        fix_all = _fix_all(doc, config, check)
        actions += [fix_all] if fix_all is not None else []
    return actions


def _wanted(kind: types.CodeActionKind | str, only: Sequence[types.CodeActionKind | str] | None) -> bool:
    """True when the client asks for every kind, or for ``kind`` or a kind above it (``source`` holds ``source.*``)."""
    if only is None:
        return True
    wanted = _text(kind)
    return any(wanted == _text(k) or wanted.startswith(f"{_text(k)}.") for k in only)


def _text(kind: types.CodeActionKind | str) -> str:
    return kind.value if isinstance(kind, types.CodeActionKind) else kind


def _fixes(
    doc: OpenDocument, config: ConfigDocument, diagnostics: Sequence[Diagnostic], where: types.Range
) -> list[types.CodeAction]:
    """Each fix of each diagnostic in ``where``, in the order the diagnostic offers them; a merge of keys both
    objects set differently as two actions, keeping the existing value first (what the app reads today)."""
    actions: list[types.CodeAction] = []
    for d in diagnostics:
        if len(actions) >= MAX_QUICK_FIXES:
            break
        if d.fix is None or not _overlaps(range_of(doc, d), where):
            continue
        for fix in (variant for offered in d.fixes for variant in choices(offered)):
            try:
                fixed = apply_fix(config, fix)
            except EDIT_ERRORS:
                continue  # it no longer applies to this text
            actions.append(
                types.CodeAction(
                    title=fix.title,
                    kind=types.CodeActionKind.QuickFix,
                    diagnostics=[lsp_diagnostic(doc, d)],
                    is_preferred=is_safe(d) and fix is d.fix,
                    edit=workspace_edit(doc, fixed.data),
                )
            )
    return actions


def _reset(
    doc: OpenDocument, config: ConfigDocument, catalog: Catalog, variant: Variant, where: types.Range
) -> types.CodeAction | None:
    """Remove the option whose key (or plain value) is under the cursor, as the editor's reset does."""
    entry = _entry_at(config, doc.positions.offset(where.start))
    if entry is None:
        return None
    path = format_path(entry.path)
    try:
        reset = Edit("unset", path).apply(config, config.empty_objects())
    except EDIT_ERRORS:
        return None
    return types.CodeAction(
        title=_reset_title(catalog, variant, path),
        kind=types.CodeActionKind.RefactorRewrite,
        edit=workspace_edit(doc, reset.data),
    )


def _reset_title(catalog: Catalog, variant: Variant, path: str) -> str:
    option = catalog.get(path)
    if option is None:
        return f"Remove {path}"
    default = option.default_for(variant)
    if default is not None and default.kind == "value":
        shown = value_text(default.value)
        if len(shown) <= 30:
            return f"Reset {path} to its default ({shown})"
    return f"Reset {path} to its default"


def _entry_at(config: ConfigDocument, offset: int) -> Entry | None:
    """The innermost member whose key holds ``offset``, or whose value does when it is not an object or array."""
    found = None
    for entry in config.entries():
        if entry.key_span is None:
            continue
        on_key = entry.key_span.start <= offset <= entry.key_span.end
        on_value = entry.span.start <= offset <= entry.span.end and not isinstance(entry.value, dict | list)
        if on_key or on_value:
            found = entry  # source order: an inner member comes after the one holding it
    return found


def _fix_all(doc: OpenDocument, config: ConfigDocument, check: Check) -> types.CodeAction | None:
    outcome = apply_safe_fixes(config, check)
    if not outcome.applied:
        return None
    n = len(outcome.applied)
    return types.CodeAction(
        title=f"Apply the {n} safe fix{'es' if n != 1 else ''} of fwk-tui (as check --fix)",
        kind=FIX_ALL,
        edit=workspace_edit(doc, outcome.doc.data),
    )


def _overlaps(a: types.Range, b: types.Range) -> bool:
    def key(p: types.Position) -> tuple[int, int]:
        return (p.line, p.character)

    return key(a.start) <= key(b.end) and key(b.start) <= key(a.end)


def workspace_edit(doc: OpenDocument, new: bytes) -> types.WorkspaceEdit:
    """The edit that turns ``doc``'s text into ``new``: one replacement of the span that differs."""
    return types.WorkspaceEdit(changes={doc.uri: [text_edit(doc, new)]})


def text_edit(doc: OpenDocument, new: bytes) -> types.TextEdit:
    """One replacement of the bytes between the common start and the common end of the two texts.

    Both ends fall between whole characters, never inside a CRLF.
    """
    old = doc.data
    limit = min(len(old), len(new))
    start = 0
    while start < limit and old[start] == new[start]:
        start += 1
    while start > 0 and (_continues(old, start) or old[start - 1 : start + 1] == b"\r\n"):
        start -= 1
    tail = 0
    while tail < limit - start and old[-1 - tail] == new[-1 - tail]:
        tail += 1
    end = len(old) - tail
    while end < len(old) and (_continues(old, end) or old[end - 1 : end + 1] == b"\r\n"):
        end += 1
    replaced = new[start : len(new) - (len(old) - end)]
    return types.TextEdit(range=doc.positions.range(start, end), new_text=replaced.decode("utf-8"))


def _continues(data: bytes, offset: int) -> bool:
    """True when byte ``offset`` is inside a character (a UTF-8 continuation byte)."""
    return offset < len(data) and 0x80 <= data[offset] < 0xC0
