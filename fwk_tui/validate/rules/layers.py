"""Layers and plugins: where a layer may come from, which context a plugin loads in."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from fwk_tui.paths import format_path
from fwk_tui.validate.rules.registry import Finding, RuleContext, rule
from fwk_tui.validate.text import js_text


@rule(
    "extends-https",
    "FWK322",
    "extends/theme: values are strings beginning with a git-host scheme prefix (`github:`, `gh:`, `gitlab:`, "
    "`bitbucket:`, and for `theme` also `https:`), or a local path relative to the current config.",
)
def extends_https(ctx: RuleContext) -> Iterator[Finding]:
    """https: sources are for ``theme`` only."""
    value = ctx.get("extends")
    items = [("extends", value)] if isinstance(value, str) else []
    if isinstance(value, list):
        items = [(format_path(("extends", i)), v) for i, v in enumerate(value)]
    for path, item in items:
        if isinstance(item, str) and item.lower().startswith("https:"):
            yield Finding(
                "error",
                path,
                "https: sources are accepted by theme only; extends takes github:, gh:, gitlab:, bitbucket: or a "
                "local path",
            )


def src_of(item: Any) -> str | None:
    """The file a ``plugins`` or ``css`` item names: a string, or the ``src`` of an object; None for code."""
    if isinstance(item, str):
        return item
    if isinstance(item, dict) and isinstance(item.get("src"), str):
        return str(item["src"])
    return None


def _context_suffix(src: str) -> str | None:
    """``client``/``server`` when the file name (without extension) ends ``.client``/``.server``."""
    name = src.rsplit("/", 1)[-1]
    for context in ("client", "server"):
        if name.endswith(f".{context}") or f".{context}." in name:
            return context
    return None


@rule(
    "plugin-context-conflict",
    "FWK323",
    "plugins: A name ending `.client` or `.server` loads only in that context.",
)
def plugin_context_conflict(ctx: RuleContext) -> Iterator[Finding]:
    """A plugin named for one context but given the other mode."""
    plugins = ctx.get("plugins")
    if not isinstance(plugins, list):
        return
    for i, item in enumerate(plugins):
        src = src_of(item)
        if not isinstance(item, dict) or src is None or item.get("mode") not in ("client", "server"):
            continue
        context = _context_suffix(src)
        if context is not None and context != item["mode"]:
            yield Finding(
                "warning",
                format_path(("plugins", i, "mode")),
                f"{js_text(src)} is named .{context}, so it loads only on the {context}; mode "
                f"{js_text(item['mode'])} contradicts the name",
            )
