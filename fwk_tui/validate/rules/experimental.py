"""Rules of experimental flags, features, hooks and the v4 compatibility switch."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from fwk_tui.paths import format_path
from fwk_tui.validate.rules.registry import Finding, RuleContext, finding, rule, set_fix, unset_fix
from fwk_tui.validate.text import js_text
from fwk_tui.validate.values import MISSING


@finding(
    "outdated-build-check-without-manifest",
    "FWK307",
    "experimental.checkOutdatedBuildInterval: Interval for checking new builds; `false` disables; disabled "
    "when `appManifest` is false.",
    path="experimental.checkOutdatedBuildInterval",
    severity="warning",
    message="has no effect: checking for new builds is disabled while experimental.appManifest is false",
    fix=unset_fix("experimental.checkOutdatedBuildInterval"),
)
def outdated_build_check_without_manifest(ctx: RuleContext) -> bool:
    """The new-build check is off whenever the app manifest is."""
    interval = ctx.get("experimental.checkOutdatedBuildInterval")
    return interval is not MISSING and interval is not False and ctx.get("experimental.appManifest") is False


@rule(
    "removed-in-v4",
    "FWK308",
    "Flags `compileTemplate`, `templateUtils`, `relativeWatchPaths` are removed with v4 and exist for testing "
    "on v3.12 and later.",
)
def removed_in_v4(ctx: RuleContext) -> Iterator[Finding]:
    """Flags removed in v4, set in a config that opts into v4."""
    if not ctx.v4:
        return
    for option in ctx.catalog.options:
        if "removed-in-v4" in option.tags and ctx.has(option.path):
            yield Finding(
                "warning",
                option.path,
                "removed in v4 (it exists for testing on v3.12 and later), and this config sets "
                "future.compatibilityVersion: 4",
                unset_fix(option.path),
            )


# Settings the reference says bring back v3 behaviour under compatibilityVersion 4.
_V3_SETTINGS: dict[str, Any] = {
    "srcDir": ".",
    "dir.app": "app",
    "experimental.resetAsyncDataToUndefined": True,
    "experimental.defaults.useAsyncData.deep": True,
    "headmgr.renderSSRHeadOptions.omitLineBreaks": False,
}


@rule(
    "v3-behaviour-restored",
    "FWK309",
    "future.compatibilityVersion: `4` enables v4 behaviours and changes defaults; v3 behaviour may be "
    "re-enabled by setting `srcDir` to `.`, `dir.app` to `app`, `experimental.compileTemplate`, "
    "`templateUtils`, `relativeWatchPaths`, `resetAsyncDataToUndefined` to true, "
    "`experimental.defaults.useAsyncData.deep` to true, and `headmgr.renderSSRHeadOptions.omitLineBreaks` "
    "to false.",
)
def v3_behaviour_restored(ctx: RuleContext) -> Iterator[Finding]:
    """Under v4, say which settings keep v3 behaviour (deliberate or left over)."""
    if not ctx.v4:
        return
    for path, v3 in _V3_SETTINGS.items():
        value = ctx.get(path)
        if value is not MISSING and type(value) is type(v3) and value == v3:
            yield Finding(
                "info",
                path,
                f"{path}: {js_text(v3)} restores v3 behaviour although future.compatibilityVersion is 4",
            )


@finding(
    "no-scripts-true",
    "FWK310",
    "features.noScripts: `production` or `true` disables JS in production only.",
    path="features.noScripts",
    severity="info",
    message="true works like 'production': scripts are turned off in production only, not in development",
    fix=set_fix("features.noScripts", "production"),
)
def no_scripts_true(ctx: RuleContext) -> bool:
    """``noScripts: true`` reads as "never", but scripts still run in development."""
    return ctx.get("features.noScripts") is True


@finding(
    "dev-logs-hook-without-dev-logs",
    "FWK312",
    "Hook `dev:ssr-logs` (receives streamed server logs when `features.devLogs` is on).",
    path=format_path(("hooks", "dev:ssr-logs")),
    severity="warning",
    message="never called while features.devLogs is off: server logs are streamed only when it is on",
    fix=set_fix("features.devLogs", True),
    about="key",
)
def dev_logs_hook_without_dev_logs(ctx: RuleContext) -> bool:
    """A dev:ssr-logs listener hears nothing while features.devLogs is off."""
    hooks = ctx.get("hooks")
    dev_logs = ctx.get("features.devLogs")
    return isinstance(hooks, dict) and "dev:ssr-logs" in hooks and (dev_logs is MISSING or dev_logs is False)
