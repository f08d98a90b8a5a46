"""Rendering rules: server rendering, hash routing, the SPA loading template, the runtime compiler."""

from __future__ import annotations

from fwk_tui.validate.rules.registry import RuleContext, finding, set_fix, unset_fix
from fwk_tui.validate.values import is_code


@finding(
    "hash-mode-with-ssr",
    "FWK304",
    "router.options.hashMode: Hash history in single-page-app mode; the URL after `#` is never sent to the "
    "server and SSR is unsupported.",
    path="router.options.hashMode",
    severity="error",
    message="hash mode is unsupported with server rendering: the part after # never reaches the server; "
    "set ssr: false for a single-page app",
    fix=set_fix("ssr", False),
)
def hash_mode_with_ssr(ctx: RuleContext) -> bool:
    """Hash routing with server rendering on is unsupported."""
    return ctx.get("router.options.hashMode") is True and ctx.flag("ssr", True) is True


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


@finding(
    "spa-loading-template-with-ssr",
    "FWK305",
    "spaLoadingTemplate: HTML inserted into every page rendered with `ssr: false`.",
    path="spaLoadingTemplate",
    severity="warning",
    message="has no effect: the template is shown only on pages rendered with ssr: false, and ssr is on for "
    "every page (no route rule turns it off)",
    fix=unset_fix("spaLoadingTemplate"),
)
def spa_loading_template_with_ssr(ctx: RuleContext) -> bool:
    """A loading template is never shown when every page renders on the server."""
    value = ctx.get("spaLoadingTemplate")
    return (value is True or (isinstance(value, str) and bool(value))) and _spa_pages_exist(ctx) is False


@finding(
    "spa-loading-template-location-without-template",
    "FWK306",
    "spaLoadingTemplate: `false`: no loader. experimental.spaLoadingTemplateLocation: Keep showing the loading "
    "template until `suspense:resolve`.",
    path="experimental.spaLoadingTemplateLocation",
    severity="warning",
    message="has no effect: spaLoadingTemplate is false, so no loading template is shown",
    fix=unset_fix("experimental.spaLoadingTemplateLocation"),
)
def spa_loading_template_location_without_template(ctx: RuleContext) -> bool:
    """Where to show the loader means nothing when there is no loader."""
    return ctx.has("experimental.spaLoadingTemplateLocation") and ctx.get("spaLoadingTemplate") is False


@finding(
    "runtime-compiler-security",
    "FWK320",
    "view.runtimeCompiler: Includes the compiler in the runtime bundle so templates can be compiled at run "
    "time. A: this uses dynamic code evaluation and can cause cross-site scripting or remote code execution.",
    path="view.runtimeCompiler",
    severity="warning",
    message="security: compiling templates at run time uses dynamic code evaluation and can cause cross-site "
    "scripting or remote code execution; precompile templates instead",
    fix=set_fix("view.runtimeCompiler", False),
)
def runtime_compiler_security(ctx: RuleContext) -> bool:
    """The runtime template compiler evaluates code in the browser."""
    return ctx.get("view.runtimeCompiler") is True
