"""Rendering rules: server rendering, hash routing, the SPA loading template, the runtime compiler."""

from __future__ import annotations

from collections.abc import Iterator

from fwk_tui.validate.rules.registry import Finding, RuleContext, rule, set_fix, unset_fix
from fwk_tui.validate.values import is_code


@rule(
    "hash-mode-with-ssr",
    "FWK304",
    "router.options.hashMode: Hash history in single-page-app mode; the URL after `#` is never sent to the "
    "server and SSR is unsupported.",
)
def hash_mode_with_ssr(ctx: RuleContext) -> Iterator[Finding]:
    """Hash routing with server rendering on is unsupported."""
    if ctx.get("router.options.hashMode") is not True or ctx.flag("ssr", True) is not True:
        return
    yield Finding(
        "error",
        "router.options.hashMode",
        "hash mode is unsupported with server rendering: the part after # never reaches the server; "
        "set ssr: false for a single-page app",
        set_fix("ssr", False),
    )


def _spa_pages_exist(ctx: RuleContext) -> bool | None:
    """True when some page renders with ssr off (globally or by a route rule); None when code decides."""
    ssr = ctx.flag("ssr", True)
    if ssr is None:
        return None
    if ssr is False:
        return True
    for path in ("routeRules", "srv.routeRules"):
        rules = ctx.get(path)
        if is_code(rules):
            return None
        if isinstance(rules, dict):
            for options in rules.values():
                if is_code(options) or (isinstance(options, dict) and is_code(options.get("ssr"))):
                    return None
                if isinstance(options, dict) and options.get("ssr") is False:
                    return True
    return False


@rule(
    "spa-loading-template-with-ssr",
    "FWK305",
    "spaLoadingTemplate: HTML inserted into every page rendered with `ssr: false`.",
)
def spa_loading_template_with_ssr(ctx: RuleContext) -> Iterator[Finding]:
    """A loading template is never shown when every page renders on the server."""
    value = ctx.get("spaLoadingTemplate")
    if not (value is True or (isinstance(value, str) and value)):
        return
    if _spa_pages_exist(ctx) is not False:
        return
    yield Finding(
        "warning",
        "spaLoadingTemplate",
        "has no effect: the template is shown only on pages rendered with ssr: false, and ssr is on for "
        "every page (no route rule turns it off)",
        unset_fix("spaLoadingTemplate"),
    )


@rule(
    "spa-loading-template-location-without-template",
    "FWK306",
    "spaLoadingTemplate: `false`: no loader. experimental.spaLoadingTemplateLocation: Keep showing the loading "
    "template until `suspense:resolve`.",
)
def spa_loading_template_location_without_template(ctx: RuleContext) -> Iterator[Finding]:
    """Where to show the loader means nothing when there is no loader."""
    if not ctx.has("experimental.spaLoadingTemplateLocation") or ctx.get("spaLoadingTemplate") is not False:
        return
    yield Finding(
        "warning",
        "experimental.spaLoadingTemplateLocation",
        "has no effect: spaLoadingTemplate is false, so no loading template is shown",
        unset_fix("experimental.spaLoadingTemplateLocation"),
    )


@rule(
    "runtime-compiler-security",
    "FWK320",
    "view.runtimeCompiler: Includes the compiler in the runtime bundle so templates can be compiled at run "
    "time. A: this uses dynamic code evaluation and can cause cross-site scripting or remote code execution.",
)
def runtime_compiler_security(ctx: RuleContext) -> Iterator[Finding]:
    """The runtime template compiler evaluates code in the browser."""
    if ctx.get("view.runtimeCompiler") is True:
        yield Finding(
            "warning",
            "view.runtimeCompiler",
            "security: compiling templates at run time uses dynamic code evaluation and can cause cross-site "
            "scripting or remote code execution; precompile templates instead",
            set_fix("view.runtimeCompiler", False),
        )
