"""Keys of the framework's older major version (top-level, in groups, in list items) and what took their place.

These are keys of the framework's major version 2 that major 3 no longer
reads, with their major-3 successor named as spec/naming.md names keys. Each successor
is a path of this catalogue (``path``, checked by a test) or a replacement in
words. A :class:`Move` says how the value goes there where that is mechanical; :func:`older_fix`
is the edit that does it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from fwk_tui.paths import OptionPath, format_path, parse_path
from fwk_tui.source.document import contains_code
from fwk_tui.validate.fix import Fix
from fwk_tui.validate.text import js_text

KEEP: Any = object()
"""The value goes as it is."""


@dataclass(frozen=True)
class Move:
    """Where the value goes and as what, and the words for this value when they differ from the successor's.

    ``to`` is a path from the top of the config (of its environment block), or from the list item for
    :data:`OLDER_ITEM_KEYS`; None: the key goes, having no effect.
    """

    to: str | None
    value: Any = KEEP
    advice: str | None = None


@dataclass(frozen=True)
class Successor:
    """What replaced an older key: ``advice`` in words, the catalogue ``path`` it names, the mechanical ``move``."""

    advice: str
    path: str | None = None
    move: Callable[[Any], Move | None] | None = None


def _transition(to: str) -> Callable[[Any], Move | None]:
    # The older key took a transition name or its props; the successor takes true/false or
    # JSON-serializable props (the reference), so a name becomes {name} and code has no fix.
    def move(value: Any) -> Move | None:
        if isinstance(value, str):
            return Move(to, {"name": value})
        if isinstance(value, bool) or (isinstance(value, dict) and not contains_code(value)):
            return Move(to)
        return None

    return move


def _mode(value: Any) -> Move | None:
    if value == "spa":
        return Move("ssr", False)
    if value == "universal":
        return Move(None, advice="universal is the default (ssr: true); remove it")
    return None


def _public_path(value: Any) -> Move | None:
    # the major-2 docs, build.publicPath: its default /_fwk/ is the assets' path, or a CDN's URL "for maximum
    # performance"; major 3 splits the two into app.buildAssetsDir (default /_fwk/) and app.cdnURL.
    if not isinstance(value, str):
        return None
    return Move("app.cdnURL") if value.startswith(("https://", "http://", "//")) else Move("app.buildAssetsDir")


def _postcss(value: Any) -> Move | None:
    # major 2's build.postcss also took a `preset` and a list form, which major 3's postcss does not.
    if isinstance(value, dict) and value and set(value) <= {"plugins", "order"} and not contains_code(value):
        return Move("cssproc")
    return None


def _items_to_modules(value: Any) -> Move | None:
    return Move("modules") if isinstance(value, list) else None


OLDER_KEYS: dict[str, Successor] = {
    # the migration guide to major 3, "Meta Tags": head in fwk.config is app.head.
    "head": Successor("use app.head", "app.head", lambda v: Move("app.head")),
    # the migration guide to major 3, "Modules": buildModules are now listed in modules.
    "buildModules": Successor("list its items in modules", "modules", _items_to_modules),
    # the 2.9 release notes: devModules was renamed buildModules, itself now modules.
    "devModules": Successor("list its items in modules", "modules", _items_to_modules),
    # the 2.13 docs, "ssr" property: mode 'universal' / 'spa' became ssr: true / false; ssr: true is the default.
    "mode": Successor("use ssr (mode: 'spa' is ssr: false)", "ssr", _mode),
    # the migration guide to major 3, "Server": a static site is prerendered (the generate command); server is the default.
    "target": Successor(
        "prerender the pages of a static site (srv.prerender.routes); the server target is the default",
        None,
        lambda v: Move(None) if v == "server" else None,
    ),
    # the migration guide to major 3, "Runtime Config": environment values are read through runtimeConfig.
    "env": Successor("use runtimeConfig (runtimeConfig.public for what the browser reads)", "runtimeConfig"),
    # the migration guide to major 3, "Runtime Config": privateRuntimeConfig / publicRuntimeConfig.
    "privateRuntimeConfig": Successor(
        "use runtimeConfig (its keys outside public are private)",
        "runtimeConfig",
        lambda v: Move("runtimeConfig") if isinstance(v, dict) else None,
    ),
    "publicRuntimeConfig": Successor(
        "use runtimeConfig.public",
        "runtimeConfig",
        lambda v: Move("runtimeConfig.public") if isinstance(v, dict) else None,
    ),
    # the migration guide to major 3, "Server": the server engine serves the app; render's options went to it and to routeRules.
    "render": Successor("use the server engine's options (srv) and routeRules", "routeRules"),
    # major 3 builds modern JavaScript only (the client bundler's default targets); the separate modern build is gone.
    "modern": Successor("remove it: modern JavaScript is what the bundler builds", None, lambda v: Move(None)),
    # the major-3 docs, "Transitions": the default page and layout transitions are app.pageTransition / app.layoutTransition.
    "transition": Successor("use app.pageTransition", "app.pageTransition", _transition("app.pageTransition")),
    # the 2.7 release notes: transition was renamed pageTransition (still top-level there).
    "pageTransition": Successor("use app.pageTransition", "app.pageTransition", _transition("app.pageTransition")),
    "layoutTransition": Successor(
        "use app.layoutTransition", "app.layoutTransition", _transition("app.layoutTransition")
    ),
    # the major-3 docs, the loading-indicator component: the progress bar between pages is a component.
    "loading": Successor("use the <FwkLoadingIndicator> component in app.vue"),
    # the major-3 docs, spaLoadingTemplate: the page shown while a single-page app loads.
    "loadingIndicator": Successor("use spaLoadingTemplate (an HTML file)", "spaLoadingTemplate"),
    # the migration guide to major 3, "Server": serverMiddleware became serverHandlers and files in server/.
    "serverMiddleware": Successor("use serverHandlers, or files in the server/ directory", "serverHandlers"),
    # the migration guide to major 3, "Configuration": router.base is app.baseURL.
    "router.base": Successor("use app.baseURL", "app.baseURL", lambda v: Move("app.baseURL")),
    # See _public_path: a CDN's URL is app.cdnURL, a path app.buildAssetsDir.
    "build.publicPath": Successor(
        "use app.cdnURL for a CDN's URL, app.buildAssetsDir for a path", "app.cdnURL", _public_path
    ),
    # the migration guide to major 3, "Configuration": build.postcss is the top-level postcss (cssproc, naming.md).
    "build.postcss": Successor("use cssproc (the top-level CSS post-processor options)", "cssproc", _postcss),
}
"""Older keys by their path from the top of the config (of an environment block)."""

OLDER_ITEM_KEYS: dict[tuple[str, str], Successor] = {
    # the 2.4 docs, plugins: `ssr: false` became `mode: 'client'`; the reference lists {src, mode}.
    ("plugins", "ssr"): Successor(
        "use mode: 'client' (ssr: false), or nothing (loaded on both sides)",
        None,
        lambda v: Move("mode", "client") if v is False else (Move(None) if v is True else None),
    ),
}
"""Older keys of a list's items, by (list path, key): ``plugins: [{src, ssr: false}]``."""


def older_fix(
    key: str, value: Any, actual: OptionPath, move: Move | None, base: OptionPath, written: Callable[[OptionPath], bool]
) -> Fix | None:
    """The fix of older key ``key`` at ``actual`` where its move is mechanical and its successor is not ``written``.

    A successor's path is taken from ``base`` (the top of the config or of its block, or the list item).
    """
    if move is None:
        return None
    path = format_path(actual)
    if move.to is None:
        return Fix("unset", path, f"Remove {key} (it has no effect)")
    target = (*base, *parse_path(move.to))
    if written(target):
        return None
    if move.value is not KEEP:
        title = f"Replace {key}: {_literal(value)} with {move.to}: {_literal(move.value)}"
        return Fix("replace", path, title, value=move.value, new_path=format_path(target))
    if target[:-1] == actual[:-1]:
        return Fix("rename", path, f"Rename {key} to {move.to}", new_key=str(target[-1]))
    return Fix("move", path, f"Move {key} to {move.to}", new_path=format_path(target))


def _literal(value: Any) -> str:
    """``value`` as written in a fix's title: ``false``, ``'page'``, ``{name: 'page'}``."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {js_text(v)}" for k, v in value.items()) + "}"
    return js_text(value)
