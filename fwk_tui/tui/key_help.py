"""The editor's help, built from the bindings themselves so that no key is left out of it.

Each section lists the bindings of one place (the editor, a list, a key-value
editor, the code editor...) with a longer description where one is written
here, else the binding's own.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from textual.binding import Binding, BindingType

Row = tuple[str, str]
Section = tuple[str, Sequence[Row]]

_KEY_NAMES = {
    "slash": "/",
    "question_mark": "?",
    "escape": "Esc",
    "delete": "Delete",
    "backspace": "Backspace",
    "insert": "Insert",
    "enter": "Enter",
    "space": "Space",
    "tab": "Tab",
    "up": "↑",
    "down": "↓",
    "left": "←",
    "right": "→",
    "pageup": "PgUp",
    "pagedown": "PgDn",
}


def key_name(key: str) -> str:
    """``ctrl+up`` → ``Ctrl+↑``, ``slash`` → ``/``, ``f8`` → ``F8``."""
    *mods, last = key.split("+")
    name = _KEY_NAMES.get(last, last.upper() if len(last) <= 3 else last.capitalize())
    if len(last) == 1 and not mods:
        name = last  # a letter typed as is: `a`, `r`
    return "+".join([*(m.capitalize() for m in mods), name])


def keys_label(keys: str) -> str:
    """All the keys of a binding, as the help shows them: ``Delete  Backspace``."""
    return "  ".join(key_name(k.strip()) for k in keys.split(","))


def binding_rows(
    bindings: Iterable[BindingType], described: dict[str, str] | None = None, *, skip: Iterable[str] = ()
) -> list[Row]:
    """One row per binding (keys, what they do); ``described`` gives longer texts by action."""
    described = described or {}
    skipped = set(skip)
    rows: list[Row] = []
    for b in bindings:
        if not isinstance(b, Binding) or b.id in skipped or b.action in skipped:
            continue
        rows.append((keys_label(b.key), described.get(b.action, b.description)))
    return rows


EDITOR_DESCRIBED = {
    "save": "save: shows the diff (and fields whose text does not read) first, then writes atomically",
    "undo": "undo (every edit of this session; first, text typed here that does not read)",
    "redo": "redo the last undone edit",
    "search": "search every option and your file's keys, jump to the field (in a text field / types a slash)",
    "toggle_variant": "switch between variant A and variant B",
    "fix": "apply the fix of the focused field's first diagnostic (says so when there is none)",
    "cycle_filter": "filter the tree and the form: all, set in the file, with problems, experimental",
    "reset": "reset the focused option to its default (removes the key)",
    "reload": "reload the file from disk, re-applying your unsaved edits",
    "toggle_docs": "fold or show the docs pane (remembered in settings.toml)",
    "environment": "environment: none, development, production, test, then the $env names of the files "
    "(fields show the values of its sections)",
    "leave_layer": "back from a layer's file to the config it was opened from (asks first about its unsaved edits)",
    "next_problem": "next problem, across groups (wraps)",
    "previous_problem": "previous problem, across groups (wraps)",
    "help": "this help (Esc closes it; ↑ ↓ PgUp PgDn scroll)",
    "quit": "quit (asks when there are unsaved edits or typed text the file does not have)",
}

MOVING: tuple[Row, ...] = (
    ("↑ ↓  Enter", "in the tree: pick a group; Enter goes to its first field"),
    ("Tab  Shift+Tab", "the next or previous field (↑ ↓ too, in a one-line value; the tree comes before the first, "
     "the docs after the last)"),
    ("Enter  Esc", "in a text or number: done typing, the field's row holds the focus (/ searches from there; "
     "↑ ↓ go to the row above or below; Enter or a letter enters the value again)"),
    ("Ctrl+P", "command palette: the editor's commands and every option"),
    ("Layers", "the tree's group where the config has layers, sections or a .env: what each gives; Enter on a "
     "layer (or on one of its values) opens its file, Esc comes back"),
)

def palette_only() -> tuple[Row, ...]:
    """The editor's commands that have no key of their own: Ctrl+P, then their name."""
    from fwk_tui.tui.editor.migrate_flow import COMMAND as MOVE

    return (
        (MOVE, "move a layout-B config to layout A (version 4), option by option: keep the old behaviour or "
         "adopt the new; one edit, Ctrl+Z undoes it (also `fwk-tui migrate` in a shell)"),
        ("New-project wizard", "the wizard's questions on this file; it writes only the answers you change"),
        ("Environment: NAME", "show the values of one environment's sections directly (F6 cycles them)"),
        ("Set OPTION for NAME", "on a field: copy it into that environment's section ($production, $env.NAME) and "
         "go there; each section is a group of its own, Environment › NAME"),
    )


BADGES: tuple[Row, ...] = (
    ("●3  ✖1  ▲2", "in the tree: options set in the file, errors, warnings"),
    ("3/12", "with a filter: the group's fields that match / all its fields"),
)


def editor_sections(editor_bindings: Iterable[BindingType]) -> list[Section]:
    """Every key of the editor (``editor_bindings``) and of its fields, grouped by where they work."""
    from fwk_tui.tui.fields.code import CodeEditor
    from fwk_tui.tui.fields.kind_picker import KindPicker
    from fwk_tui.tui.fields.list import ListEditor
    from fwk_tui.tui.fields.record import RecordEditor
    from fwk_tui.tui.fields.unknown import UnknownEditor

    rows_entry: Row = ("Enter", "edit the row under the cursor (↑ ↓ move between rows)")
    return [
        ("Moving around", MOVING),
        ("Editor", binding_rows(editor_bindings, EDITOR_DESCRIBED, skip=("no_fix",))),
        ("In a list", [rows_entry, *binding_rows(ListEditor.BINDINGS, {"close": "close the open item"})]),
        (
            "In a key-value editor",
            [rows_entry, *binding_rows(RecordEditor.BINDINGS, {"close": "close the open key's editor"})],
        ),
        (
            "In the code editor",
            binding_rows(
                CodeEditor.BINDINGS,
                {
                    "accept": "accept the code (Tab away accepts too; Ctrl+Enter where the terminal sends it)",
                    "revert": "go back to the file's text",
                    "typed": "replace the code by a typed value, where the type has a widget",
                },
            ),
        ),
        (
            "In a value of unknown type",
            binding_rows(
                UnknownEditor.BINDINGS,
                {
                    "toggle_mode": "edit as values or as code",
                    "as_number": "a number typed as 1.10 or 2.0 is kept as text: write the number (1.1, 2) instead",
                },
            ),
        ),
        ("In a choice of kinds", binding_rows(KindPicker.BINDINGS)),
        ("In the command palette (Ctrl+P)", palette_only()),
        ("Badges", BADGES),
    ]
