"""Rules of the client bundler, the server builder and the packages they need."""

from __future__ import annotations

from collections.abc import Iterator

from fwk_tui.validate.rules.registry import Finding, RuleContext, finding, rule
from fwk_tui.validate.text import js_text, quote_list
from fwk_tui.validate.values import MISSING


def builder_of(ctx: RuleContext) -> str | None:
    """The client bundler by shorthand ('vbuild' when unset); None when it cannot be told."""
    value = ctx.get("builder")
    if value is MISSING:
        return "vbuild"
    if not isinstance(value, str):
        return None
    for name in ("vbuild", "wbuild", "rbuild"):
        if value in (name, f"@fwk/{name}-builder"):
            return name
    return None


@finding(
    "inline-styles-vbuild-only",
    "FWK311",
    "features.inlineStyles: boolean or function taking a component path and returning boolean; default "
    "`true`; vbuild only.",
    path="features.inlineStyles",
    severity="warning",
    message=lambda ctx: f"has no effect with builder {js_text(builder_of(ctx))}: inlining styles is a vbuild feature",
)
def inline_styles_vbuild_only(ctx: RuleContext) -> bool:
    """Inlined styles are a vbuild feature."""
    value = ctx.get("features.inlineStyles")
    return builder_of(ctx) in ("wbuild", "rbuild") and value is not MISSING and value is not False


def _builder_package(ctx: RuleContext) -> str | None:
    """The package of a wbuild or rbuild builder when the project's package.json does not list it."""
    value = ctx.get("builder")
    if ctx.package is None or value not in ("wbuild", "rbuild"):
        return None
    package = f"@fwk/{value}-builder"  # named like the default, @fwk/vbuild-builder
    return None if ctx.package.lists(package) else package


@finding(
    "builder-package-missing",
    "FWK313",
    "builder: Using `wbuild` or `rbuild` requires the matching builder package to be installed explicitly.",
    path="builder",
    severity="warning",
    message=lambda ctx: (
        f"builder {js_text(ctx.get('builder'))} needs the package {_builder_package(ctx)} installed explicitly, and "
        f"the package.json beside the config does not list it (npm install -D {_builder_package(ctx)})"
    ),
)
def builder_package_missing(ctx: RuleContext) -> bool:
    """The wbuild and rbuild builders are separate packages."""
    return _builder_package(ctx) is not None


def _type_check_packages(ctx: RuleContext) -> list[str]:
    """What type checking needs that the project's package.json does not list (nothing when it is off)."""
    value = ctx.get("typescript.typeCheck")
    if ctx.package is None or not (value is True or value == "build"):
        return []
    return [p for p in ("typescript", "view-tsc") if not ctx.package.lists(p)]


def _type_check_message(ctx: RuleContext) -> str:
    missing = _type_check_packages(ctx)
    single = len(missing) == 1
    return (
        f"type checking needs {quote_list(missing)} as {'a dev dependency' if single else 'dev dependencies'}, "
        f"and the package.json beside the config does not list {'it' if single else 'them'} "
        f"(npm install -D {' '.join(missing)})"
    )


@finding(
    "type-check-needs-packages",
    "FWK314",
    "typescript.typeCheck: `true` checks in development; `'build'` only at build; requires `typescript` and "
    "`vue-tsc`-kind checker as dev dependencies.",
    path="typescript.typeCheck",
    severity="warning",
    message=_type_check_message,
)
def type_check_needs_packages(ctx: RuleContext) -> bool:
    """Type checking runs typescript and view-tsc, which the project must install."""
    return bool(_type_check_packages(ctx))


@rule(
    "bundler-options-unused",
    "FWK315",
    "builder: Client bundler, default `@fwk/vbuild-builder`; `vbuild` is the default client bundler and "
    "`wbuild` the alternative bundler (top-level keys `vbuild`, `wbuild`).",
    about="key",
)
def bundler_options_unused(ctx: RuleContext) -> Iterator[Finding]:
    """Options of a bundler the config does not use are kept but do nothing."""
    builder = builder_of(ctx)
    if builder not in ("vbuild", "wbuild"):
        return  # the reference says nothing of which options rbuild reads
    for key in ("vbuild", "wbuild"):
        if key != builder and ctx.has(key):
            yield Finding(
                "info",
                key,
                f"{key} options have no effect while the client bundler is {js_text(builder)}",
            )


@rule(
    "vbuild-server-limits",
    "FWK316",
    "server.builder: The second shorthand (`vite-server`-kind) is experimental: it builds only the client, "
    "ships no server; ... server routes, route rules and prerendering are unavailable and modules that need "
    "a server do not work.",
    about="key",
)
def vbuild_server_limits(ctx: RuleContext) -> Iterator[Finding]:
    """What the client-only server builder cannot do."""
    if ctx.variant != "A" or ctx.get("server.builder") != "vbuild-server":
        return
    for path, what in (
        ("routeRules", "route rules"),
        ("srv.routeRules", "route rules"),
        ("srv.prerender", "prerendering"),
        ("serverHandlers", "server routes"),
    ):
        if ctx.has(path):
            yield Finding(
                "warning",
                path,
                f"{what} are unavailable with server.builder 'vbuild-server', which ships no server",
            )
