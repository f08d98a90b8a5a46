"""What a key of ``runtimeConfig`` says in the editor: the variable that overrides it, and who can read it.

A key under ``runtimeConfig.public`` (and ``app``) is sent to the browser; a
top-level key is read only on the server. The variable's name is the one
``fwk-tui env`` and the wizard give (:func:`fwk_tui.validate.env.variable_of`).
"""

from __future__ import annotations

from rich.text import Text

from fwk_tui.paths import PathError, parse_path

BROWSER_HINT = (
    "sent to the browser: every key here is public (FWK_PUBLIC_… override them); "
    "a secret belongs at a top-level key, which only the server reads"
)


def _variable(path: str) -> tuple[str, bool] | None:
    if "runtimeConfig" not in path:
        return None  # the rows of every record ask: most are elsewhere (paths write that key as it is)
    # Imported at the first key of runtimeConfig shown: the editor starts without it (~2 ms).
    from fwk_tui.validate.env import variable_of

    try:
        return variable_of(parse_path(path))
    except PathError:
        return None


def row_suffix(path: str, *, holds_keys: bool = False) -> Text | None:
    """`` env FWK_PUBLIC_API_BASE`` after the row of the key at ``path`` (``FWK_PUBLIC_…`` for an object)."""
    found = _variable(path)
    if found is None:
        return None
    name = found[0] + ("_…" if holds_keys else "")
    return Text.assemble("  ", ("env " + name, "dim"), end="")


def panel_note(path: str, *, added: bool = False, holds_keys: bool = False) -> Text | None:
    """The line under an open key of runtimeConfig: its variable, and whether the browser sees it."""
    found = _variable(path)
    if found is None or group_hint(path) is not None:
        return None  # the keys of public say it themselves, over their rows
    name, public = found
    env = f" · {name}_… override its keys at run time" if holds_keys else f" · {name} overrides it at run time"
    if public:
        lead = "added: its value is visible in the browser" if added else "visible in the browser"
        return Text.assemble((lead, "yellow" if added else "dim"), (env, "dim"), end="")
    return Text.assemble(("server only", "dim"), (env, "dim"), end="")


def group_hint(path: str) -> Text | None:
    """A permanent line over the keys of ``runtimeConfig.public``."""
    try:
        segments = parse_path(path)
    except PathError:
        return None
    if segments in (("runtimeConfig", "public"), ("srv", "runtimeConfig", "public")):
        return Text(BROWSER_HINT, style="dim italic", end="")
    return None
