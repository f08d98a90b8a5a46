"""The app shell's rules: app.baseURL, app.viewTransition, what is serialized into the page."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from fwk_tui.paths import OptionPath, format_path, parse_path
from fwk_tui.source.summary import one_line
from fwk_tui.validate.rules.registry import Finding, RuleContext, finding, rule, set_fix
from fwk_tui.validate.text import js_text
from fwk_tui.validate.values import code_in, is_code


@finding(
    "relative-base-url",
    "FWK301",
    "app.baseURL: Relative values such as `./` are not supported in the config file (A): for relative asset "
    "paths in static hosting, set the env var at build time to `./` for the generate command, or set the "
    "server-engine runtime config `app.baseURL` to `./`.",
    path="app.baseURL",
    severity="error",
    message=lambda ctx: (
        f"relative base URL {js_text(ctx.get('app.baseURL'))} is not supported in the config file (variant A); for "
        "relative asset paths on static hosting, run the generate command with FWK_APP_BASE_URL=./ or set the server "
        "engine's runtime config app.baseURL (srv.runtimeConfig.app.baseURL) to './'"
    ),
)
def relative_base_url(ctx: RuleContext) -> bool:
    """A relative app.baseURL in variant A is an error, with the reference's way out."""
    value = ctx.get("app.baseURL")
    relative = isinstance(value, str) and bool(value) and not value.startswith("/") and "://" not in value
    return ctx.variant == "A" and relative


@finding(
    "view-transition-needs-experimental",
    "FWK302",
    "app.viewTransition: Effective only when experimental view-transition support is on.",
    path="app.viewTransition",
    severity="warning",
    message="has no effect while experimental.viewTransition is off; turn it on to use the View Transition API",
    fix=set_fix("experimental.viewTransition", True),
)
def view_transition_needs_experimental(ctx: RuleContext) -> bool:
    """app.viewTransition does nothing while experimental.viewTransition is off."""
    return ctx.get("app.viewTransition") is True and ctx.flag("experimental.viewTransition", False) is False


@rule(
    "json-serializable-only",
    "FWK303",
    "app.keepalive / app.layoutTransition / app.pageTransition: JSON-serializable only. view.config: only "
    "serializable options; others must be set in a runtime plugin.",
)
def json_serializable_only(ctx: RuleContext) -> Iterator[Finding]:
    """Functions in options that are serialized into the page are lost."""
    advice = {
        "app.keepalive": "set it per page with definePageMeta",
        "app.layoutTransition": "set it per page with definePageMeta",
        "app.pageTransition": "set it per page with definePageMeta",
        "view.config": "set it in a runtime plugin",
    }
    for path, where in advice.items():
        for inner, code in _functions_in(ctx.get(path), parse_path(path)):
            yield Finding(
                "warning",
                format_path(inner),
                f"only JSON-serializable values work in {path}; a function ({_short(code)}) is not: {where}",
            )


_FUNCTION = re.compile(r"^\s*(?:async\b\s*)?(?:function\b|\([^()]*\)\s*=>|[\w$]+\s*=>|[\w$'\"\[\]]+\s*\([^()]*\)\s*\{)")


def _functions_in(value: Any, path: OptionPath) -> Iterator[tuple[OptionPath, str]]:
    return ((inner, code.text) for inner, code in code_in(value, path) if is_code(code) and _FUNCTION.match(code.text))


def _short(text: str) -> str:
    return one_line(text, 40)  # folded, not cut after its first line: `(x) => {…}`
