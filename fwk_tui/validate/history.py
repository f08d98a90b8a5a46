"""Keys of the framework's older major version (top-level, in groups, in list items) and what took their place.

The framework is modelled on Nuxt: these are Nuxt 2 keys that Nuxt 3 no longer
reads, with their Nuxt 3 successor renamed per spec/naming.md. Each successor
is a path of this catalogue (``path``, checked by a test) or a replacement in
words. A :class:`Move` says how the value goes there where that is mechanical.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from fwk_tui.source.document import contains_code

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
    # Nuxt 2 docs, build.publicPath: its default /_nuxt/ is the assets' path, or a CDN's URL "for maximum
    # performance"; Nuxt 3 splits the two into app.buildAssetsDir (default /_nuxt/) and app.cdnURL.
    if not isinstance(value, str):
        return None
    return Move("app.cdnURL") if value.startswith(("https://", "http://", "//")) else Move("app.buildAssetsDir")


def _postcss(value: Any) -> Move | None:
    # Nuxt 2's build.postcss also took a `preset` and a list form, which Nuxt 3's postcss does not.
    if isinstance(value, dict) and value and set(value) <= {"plugins", "order"} and not contains_code(value):
        return Move("cssproc")
    return None


def _items_to_modules(value: Any) -> Move | None:
    return Move("modules") if isinstance(value, list) else None


OLDER_KEYS: dict[str, Successor] = {
    # Nuxt 3 migration guide, "Meta Tags": head in nuxt.config is app.head.
    "head": Successor("use app.head", "app.head", lambda v: Move("app.head")),
    # Nuxt 3 migration guide, "Modules": buildModules are now listed in modules.
    "buildModules": Successor("list its items in modules", "modules", _items_to_modules),
    # Nuxt 2.9 release notes: devModules was renamed buildModules, itself now modules.
    "devModules": Successor("list its items in modules", "modules", _items_to_modules),
    # Nuxt 2.13 docs, "ssr" property: mode 'universal' / 'spa' became ssr: true / false; ssr: true is the default.
    "mode": Successor("use ssr (mode: 'spa' is ssr: false)", "ssr", _mode),
    # Nuxt 3 migration guide, "Server": a static site is prerendered (`nuxi generate`); server is the default.
    "target": Successor(
        "prerender the pages of a static site (srv.prerender.routes); the server target is the default",
        None,
        lambda v: Move(None) if v == "server" else None,
    ),
    # Nuxt 3 migration guide, "Runtime Config": environment values are read through runtimeConfig.
    "env": Successor("use runtimeConfig (runtimeConfig.public for what the browser reads)", "runtimeConfig"),
    # Nuxt 3 migration guide, "Runtime Config": privateRuntimeConfig / publicRuntimeConfig.
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
    # Nuxt 3 migration guide, "Server": Nitro serves the app; render's options went to it and to routeRules.
    "render": Successor("use the server engine's options (srv) and routeRules", "routeRules"),
    # Nuxt 3 builds modern JavaScript only (Vite's default targets); the separate modern build is gone.
    "modern": Successor("remove it: modern JavaScript is what the bundler builds", None, lambda v: Move(None)),
    # Nuxt 3 docs, "Transitions": the default page and layout transitions are app.pageTransition / app.layoutTransition.
    "transition": Successor("use app.pageTransition", "app.pageTransition", _transition("app.pageTransition")),
    # Nuxt 2.7 release notes: transition was renamed pageTransition (still top-level there).
    "pageTransition": Successor("use app.pageTransition", "app.pageTransition", _transition("app.pageTransition")),
    "layoutTransition": Successor(
        "use app.layoutTransition", "app.layoutTransition", _transition("app.layoutTransition")
    ),
    # Nuxt 3 docs, <NuxtLoadingIndicator>: the progress bar between pages is a component.
    "loading": Successor("use the <FwkLoadingIndicator> component in app.vue"),
    # Nuxt 3 docs, spaLoadingTemplate: the page shown while a single-page app loads.
    "loadingIndicator": Successor("use spaLoadingTemplate (an HTML file)", "spaLoadingTemplate"),
    # Nuxt 3 migration guide, "Server": serverMiddleware became serverHandlers and files in server/.
    "serverMiddleware": Successor("use serverHandlers, or files in the server/ directory", "serverHandlers"),
    # Nuxt 3 migration guide, "Configuration": router.base is app.baseURL.
    "router.base": Successor("use app.baseURL", "app.baseURL", lambda v: Move("app.baseURL")),
    # See _public_path: a CDN's URL is app.cdnURL, a path app.buildAssetsDir.
    "build.publicPath": Successor(
        "use app.cdnURL for a CDN's URL, app.buildAssetsDir for a path", "app.cdnURL", _public_path
    ),
    # Nuxt 3 migration guide, "Configuration": build.postcss is the top-level postcss (cssproc, naming.md).
    "build.postcss": Successor("use cssproc (the top-level CSS post-processor options)", "cssproc", _postcss),
}
"""Older keys by their path from the top of the config (of an environment block)."""

OLDER_ITEM_KEYS: dict[tuple[str, str], Successor] = {
    # Nuxt 2.4 docs, plugins: `ssr: false` became `mode: 'client'`; the reference lists {src, mode}.
    ("plugins", "ssr"): Successor(
        "use mode: 'client' (ssr: false), or nothing (loaded on both sides)",
        None,
        lambda v: Move("mode", "client") if v is False else (Move(None) if v is True else None),
    ),
}
"""Older keys of a list's items, by (list path, key): ``plugins: [{src, ssr: false}]``."""
