"""Options the tools manage: the dev server, generate, server handlers, TypeScript, options left alone."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from fwk_tui.paths import format_path
from fwk_tui.validate.fix import Severity
from fwk_tui.validate.rules.registry import Finding, RuleContext, finding, move_fix, rule, unset_fix
from fwk_tui.validate.text import js_text


@finding(
    "dev-server-url-managed",
    "FWK317",
    "devServer.url: Always overridden by the dev server with the full URL; not to be set directly.",
    path="devServer.url",
    severity="warning",
    message="the dev server always overrides it with the full URL; set devServer.host and devServer.port instead",
    fix=unset_fix("devServer.url"),
)
def dev_server_url_managed(ctx: RuleContext) -> bool:
    """devServer.url is computed by the dev server."""
    return ctx.has("devServer.url")


@dataclass(frozen=True)
class _Superseded:
    """An option another one replaces: its rule reports it where it is written, with a fix moving it there."""

    rule_id: str
    code: str
    reference: str
    path: str
    successor: str
    severity: Severity
    message: str
    doc: str  # the rule's docstring (the title ``explain`` shows)


_SUPERSEDED = (
    _Superseded(
        "generate-exclude-unused",
        "FWK318",
        "generate.exclude: no longer used; use `srv.prerender.ignore`.",
        path="generate.exclude",
        successor="srv.prerender.ignore",
        severity="warning",
        message="no longer used; use srv.prerender.ignore",
        doc="generate.exclude is ignored; the server engine's prerender options replace it.",
    ),
    _Superseded(
        "generate-routes-prefer-prerender",
        "FWK319",
        "generate.routes: starting points for generation, or the full list without a crawler; prefer "
        "`srv.prerender.routes`.",
        path="generate.routes",
        successor="srv.prerender.routes",
        severity="info",
        message="prefer srv.prerender.routes",
        doc="generate.routes still works; srv.prerender.routes is preferred.",
    ),
)


def _register_superseded(option: _Superseded) -> None:
    """Register the rule reporting ``option.path`` wherever it is written, with the fix moving it to its successor."""

    def written(ctx: RuleContext) -> bool:
        return ctx.has(option.path)

    written.__name__ = written.__qualname__ = option.rule_id.replace("-", "_")
    written.__doc__ = option.doc
    finding(
        option.rule_id,
        option.code,
        option.reference,
        path=option.path,
        severity=option.severity,
        message=option.message,
        fix=lambda ctx: move_fix(option.path, option.successor, ctx),
    )(written)


for _option in _SUPERSEDED:
    _register_superseded(_option)


_HTTP_METHODS = ("get", "head", "post", "put", "delete", "connect", "options", "trace", "patch")


@rule("listening-port", "FWK339", "devServer.port: number, default `3000`: Listening port.")
def listening_port(ctx: RuleContext) -> Iterator[Finding]:
    """A listening port is a whole number from 0 to 65535: the platform refuses any other, and the dev server
    does not start (Node: ERR_SOCKET_BAD_PORT; 0 asks for any free port). The framework's own type says only
    "a number"."""
    for path in _PORTS:
        value = ctx.get(path)
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            continue
        if not float(value).is_integer() or not 0 <= value <= MAX_PORT:
            message = f"a listening port is a whole number from 0 to {MAX_PORT}, not {js_text(value)}: the dev server would not start"
            yield Finding("error", path, message)


_PORTS = ("devServer.port",)
MAX_PORT = 65535


@rule("server-handler-method", "FWK332", "serverHandlers: Item fields: ... `method` (HTTP method).")
def server_handler_method(ctx: RuleContext) -> Iterator[Finding]:
    """A handler's method must be an HTTP method."""
    for group in ("serverHandlers", "devServerHandlers"):
        handlers = ctx.get(group)
        if not isinstance(handlers, list):
            continue
        for i, handler in enumerate(handlers):
            method = handler.get("method") if isinstance(handler, dict) else None
            if isinstance(method, str) and method.lower() not in _HTTP_METHODS:
                yield Finding(
                    "error",
                    format_path((group, i, "method")),
                    f"expected an HTTP method ({', '.join(_HTTP_METHODS)}), got {js_text(method)}",
                )


@rule(
    "typescript-managed-options",
    "FWK333",
    "typescript.tsConfig (A): `types`, `paths`, `noEmit` are managed per context and cannot be set globally.",
)
def typescript_managed_options(ctx: RuleContext) -> Iterator[Finding]:
    """Compiler options the framework sets per generated tsconfig."""
    if ctx.variant != "A":
        return
    options = ctx.get("typescript.tsConfig.compilerOptions")
    if not isinstance(options, dict):
        return
    for name in ("types", "paths", "noEmit"):
        if name in options:
            path = f"typescript.tsConfig.compilerOptions.{name}"
            yield Finding(
                "warning",
                path,
                f"{name} is managed per context (app, server, node, shared) and cannot be set globally in "
                "typescript.tsConfig",
                unset_fix(path),
            )


# -- options normally left alone -----------------------------------------------------------------

_NORMALLY_UNSET = {
    "rootDir": "normally not configured: pass a directory to the command line tool instead",
    "workspaceDir": "auto-detected; an override is normally unnecessary",
    "dev": "normally not set: the command line tool sets development mode",
    "wbuild.profile": "normally enabled with the command line argument --profile",
}


@rule(
    "normally-not-set",
    "FWK334",
    "rootDir: Normally not configured. workspaceDir: auto-detected, override normally unnecessary. dev: "
    "normally not set. wbuild.profile: normally enabled by CLI argument `--profile`.",
    about="key",
)
def normally_not_set(ctx: RuleContext) -> Iterator[Finding]:
    """Options the tools set themselves."""
    for path, message in _NORMALLY_UNSET.items():
        if ctx.has(path):
            yield Finding("info", path, message)
