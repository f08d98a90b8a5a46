"""Rules of the client bundler, the server builder and the packages they need."""

from __future__ import annotations

from collections.abc import Iterator

from fwk_tui.validate.rules.registry import Finding, RuleContext, rule
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


@rule(
    "inline-styles-vbuild-only",
    "FWK311",
    "features.inlineStyles: boolean or function taking a component path and returning boolean; default "
    "`true`; vbuild only.",
)
def inline_styles_vbuild_only(ctx: RuleContext) -> Iterator[Finding]:
    """Inlined styles are a vbuild feature."""
    builder = builder_of(ctx)
    value = ctx.get("features.inlineStyles")
    if builder in ("wbuild", "rbuild") and value is not MISSING and value is not False:
        yield Finding(
            "warning",
            "features.inlineStyles",
            f"has no effect with builder {js_text(builder)}: inlining styles is a vbuild feature",
        )


@rule(
    "builder-package-missing",
    "FWK313",
    "builder: Using `wbuild` or `rbuild` requires the matching builder package to be installed explicitly.",
)
def builder_package_missing(ctx: RuleContext) -> Iterator[Finding]:
    """The wbuild and rbuild builders are separate packages."""
    value = ctx.get("builder")
    if ctx.project is None or value not in ("wbuild", "rbuild"):
        return
    package = f"@fwk/{value}-builder"  # named like the default, @fwk/vbuild-builder
    if not ctx.project.lists(package):
        yield Finding(
            "warning",
            "builder",
            f"builder {js_text(value)} needs the package {package} installed explicitly, and the package.json "
            f"beside the config does not list it (npm install -D {package})",
        )


@rule(
    "type-check-needs-packages",
    "FWK314",
    "typescript.typeCheck: `true` checks in development; `'build'` only at build; requires `typescript` and "
    "`vue-tsc`-kind checker as dev dependencies.",
)
def type_check_needs_packages(ctx: RuleContext) -> Iterator[Finding]:
    """Type checking runs typescript and view-tsc, which the project must install."""
    value = ctx.get("typescript.typeCheck")
    if ctx.project is None or not (value is True or value == "build"):
        return
    missing = [p for p in ("typescript", "view-tsc") if not ctx.project.lists(p)]
    single = len(missing) == 1
    if missing:
        yield Finding(
            "warning",
            "typescript.typeCheck",
            f"type checking needs {quote_list(missing)} as {'a dev dependency' if single else 'dev dependencies'}, "
            f"and the package.json beside the config does not list {'it' if single else 'them'} "
            f"(npm install -D {' '.join(missing)})",
        )


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
