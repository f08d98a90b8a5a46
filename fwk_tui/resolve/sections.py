"""Environment sections of a config: ``$production``, ``$development``, ``$test`` and ``$env: { name: {...} }``."""

from __future__ import annotations

from fwk_tui.paths import OptionPath
from fwk_tui.resolve.tree import Node, Obj
from fwk_tui.validate.keys import ENV_BLOCKS

ENVIRONMENTS = tuple(block[1:] for block in ENV_BLOCKS)
"""``development``, ``production``, ``test``: the environments a ``$`` block names."""


def section_names(config: Obj) -> list[str]:
    """The environments ``config`` has a section for: ``$production``... and the names of ``$env``."""
    names = [k[1:] for k in config.members if k[1:] in ENVIRONMENTS and k.startswith("$")]
    by_name = config.members.get("$env")
    if isinstance(by_name, Obj):
        names += [k for k, v in by_name.members.items() if isinstance(v, Obj)]
    return names


def section_name_of(path: OptionPath) -> str | None:
    """``$production`` for a path inside that section, ``$env.staging`` inside ``$env: { staging }``."""
    head = path[0] if path else None
    if not isinstance(head, str) or not head.startswith("$"):
        return None
    if head == "$env":
        return f"$env.{path[1]}" if len(path) >= 2 else None
    return head


def section_length(path: OptionPath) -> int:
    """How many of ``path``'s first segments name an environment section: 1 for ``$production...``, 2 for
    ``$env.staging...``, 0 outside one (``$env`` alone is the sections' holder, not one)."""
    head = path[0] if path else None
    if head in ENV_BLOCKS:
        return 1
    return 2 if head == "$env" and len(path) >= 2 else 0


def section_of(config: Obj, env: str) -> Obj:
    """``{...config["$" + env], ...config.$env?.[env]}``: the members of both sections, the second winning."""
    members: dict[str, Node] = {}
    named = config.members.get("$" + env)
    if isinstance(named, Obj):
        members.update(named.members)
    by_name = config.members.get("$env")
    if isinstance(by_name, Obj):
        inner = by_name.members.get(env)
        if isinstance(inner, Obj):
            members.update(inner.members)
    return Obj(members)
