"""The reference's rules about values, one small function each.

Every rule quotes the sentence of the reference (shared/spec/config-reference.md)
it enforces. A rule reads the config through :class:`RuleContext` and returns
findings; it never fires on code it cannot evaluate (``ssr: isProd`` is
neither on nor off).

Severity: ``error`` when the reference says a value is not supported or
cannot work; ``warning`` when the value has no effect, is no longer used, or is
risky; ``info`` for what is worth knowing but needs no change.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, Literal

from fwk_tui.catalog.models import Catalog, Variant
from fwk_tui.paths import Path, format_path, parse_path
from fwk_tui.source.summary import one_line
from fwk_tui.source.values import Code
from fwk_tui.validate.diagnostics import Fix, Severity
from fwk_tui.validate.project import Project
from fwk_tui.validate.text import js_text, quote_list, split_words
from fwk_tui.validate.values import MISSING, code_in, is_code, lookup


@dataclass(frozen=True)
class Finding:
    """What a rule reports, before it gets a position."""

    severity: Severity
    path: str
    message: str
    fix: Fix | None = None
    related: str | None = None  # a path the message names; placed, the message says its line


@dataclass
class RuleContext:
    """The config and what is known around it, as rules read them."""

    values: dict[str, Any]
    variant: Variant
    catalog: Catalog
    project: Project | None = None
    # True for a path a spread fwk-tui cannot read may set at run time: its value is unknown, like code.
    unknown: Callable[[Path], bool] | None = None
    _cache: dict[str, Any] = field(default_factory=dict, repr=False)

    def get(self, path: str) -> Any:
        """The value at ``path`` (code included), or MISSING; code when an unreadable spread may replace it."""
        found = self._cache.get(path, self)
        if found is self:
            parsed = parse_path(path)
            found = lookup(self.values, parsed)
            if found is not MISSING and self.unknown is not None and self.unknown(parsed):
                found = UNREAD_SPREAD  # written, but a later spread may replace it
            self._cache[path] = found
        return found

    def has(self, path: str) -> bool:
        return self.get(path) is not MISSING

    def flag(self, path: str, default: bool) -> bool | None:
        """A boolean option's effective value; None when code decides it or it is not a boolean."""
        value = self.get(path)
        if value is MISSING:
            return None if self.unknown is not None and self.unknown(parse_path(path)) else default
        return value if isinstance(value, bool) else None

    @property
    def compatibility_version(self) -> Any:
        return self.get("future.compatibilityVersion")

    @property
    def v4(self) -> bool:
        version = self.compatibility_version
        return version == 4 and not isinstance(version, bool)


# What a rule reads where a spread it cannot read may set the value: code, so no rule judges it.
UNREAD_SPREAD = Code("(a spread fwk-tui cannot read may set it)")

Check = Callable[[RuleContext], Iterator[Finding]]


Subject = Literal["key", "value"]


@dataclass(frozen=True)
class Rule:
    """One rule: an id for tools and tests, the check, and the sentence it enforces.

    ``about`` is ``"key"`` for a rule whose findings are about a key being written
    at all (its value does not matter): they point at the key. A finding whose fix
    renames, moves or removes its own path points at the key whatever ``about`` says.
    """

    id: str
    check: Check
    reference: str
    about: Subject = "value"


RULES: list[Rule] = []


def rule(rule_id: str, reference: str, *, about: Subject = "value") -> Callable[[Check], Check]:
    """Register ``check`` as rule ``rule_id`` enforcing the quoted ``reference``."""

    def register(check: Check) -> Check:
        check.__doc__ = f"{(check.__doc__ or '').strip()}\n\nReference: {reference}"
        RULES.append(Rule(rule_id, check, reference, about))
        return check

    return register


def _move(path: str, new_path: str, ctx: RuleContext) -> Fix | None:
    """A fix moving ``path`` to ``new_path``, unless something is already there."""
    if ctx.has(new_path):
        return None
    return Fix("move", path, f"Move {path} to {new_path}", new_path=new_path)


def _unset(path: str) -> Fix:
    return Fix("unset", path, f"Remove {path}")


def _set(path: str, value: Any) -> Fix:
    return Fix("set", path, f"Set {path} to {js_text(value)}", value=value)


# -- app --------------------------------------------------------------------------


@rule(
    "relative-base-url",
    "app.baseURL: Relative values such as `./` are not supported in the config file (A): for relative asset "
    "paths in static hosting, set the env var at build time to `./` for the generate command, or set the "
    "server-engine runtime config `app.baseURL` to `./`.",
)
def relative_base_url(ctx: RuleContext) -> Iterator[Finding]:
    """A relative app.baseURL in variant A is an error, with the reference's way out."""
    value = ctx.get("app.baseURL")
    if ctx.variant != "A" or not isinstance(value, str) or not value or value.startswith("/") or "://" in value:
        return
    yield Finding(
        "error",
        "app.baseURL",
        f"relative base URL {js_text(value)} is not supported in the config file (variant A); for relative "
        "asset paths on static hosting, run the generate command with FWK_APP_BASE_URL=./ or set the server "
        "engine's runtime config app.baseURL (srv.runtimeConfig.app.baseURL) to './'",
    )


@rule(
    "view-transition-needs-experimental",
    "app.viewTransition: Effective only when experimental view-transition support is on.",
)
def view_transition_needs_experimental(ctx: RuleContext) -> Iterator[Finding]:
    """app.viewTransition does nothing while experimental.viewTransition is off."""
    if ctx.get("app.viewTransition") is not True or ctx.flag("experimental.viewTransition", False) is not False:
        return
    yield Finding(
        "warning",
        "app.viewTransition",
        "has no effect while experimental.viewTransition is off; turn it on to use the View Transition API",
        _set("experimental.viewTransition", True),
    )


@rule(
    "json-serializable-only",
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


def _functions_in(value: Any, path: Path) -> Iterator[tuple[Path, str]]:
    return ((inner, code.text) for inner, code in code_in(value, path) if is_code(code) and _FUNCTION.match(code.text))


def _short(text: str) -> str:
    return one_line(text, 40)  # folded, not cut after its first line: `(x) => {…}`


# -- rendering, router, SPA loading -------------------------------------------------


@rule(
    "hash-mode-with-ssr",
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
        _set("ssr", False),
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
        _unset("spaLoadingTemplate"),
    )


@rule(
    "spa-loading-template-location-without-template",
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
        _unset("experimental.spaLoadingTemplateLocation"),
    )


# -- experimental, features, future ---------------------------------------------------


@rule(
    "outdated-build-check-without-manifest",
    "experimental.checkOutdatedBuildInterval: Interval for checking new builds; `false` disables; disabled "
    "when `appManifest` is false.",
)
def outdated_build_check_without_manifest(ctx: RuleContext) -> Iterator[Finding]:
    """The new-build check is off whenever the app manifest is."""
    interval = ctx.get("experimental.checkOutdatedBuildInterval")
    if interval is MISSING or interval is False or ctx.get("experimental.appManifest") is not False:
        return
    yield Finding(
        "warning",
        "experimental.checkOutdatedBuildInterval",
        "has no effect: checking for new builds is disabled while experimental.appManifest is false",
        _unset("experimental.checkOutdatedBuildInterval"),
    )


@rule(
    "removed-in-v4",
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
                _unset(option.path),
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


@rule(
    "no-scripts-true",
    "features.noScripts: `production` or `true` disables JS in production only.",
)
def no_scripts_true(ctx: RuleContext) -> Iterator[Finding]:
    """``noScripts: true`` reads as "never", but scripts still run in development."""
    if ctx.get("features.noScripts") is True:
        yield Finding(
            "info",
            "features.noScripts",
            "true works like 'production': scripts are turned off in production only, not in development",
            _set("features.noScripts", "production"),
        )


@rule(
    "inline-styles-vbuild-only",
    "features.inlineStyles: boolean or function taking a component path and returning boolean; default "
    "`true`; vbuild only.",
)
def inline_styles_vbuild_only(ctx: RuleContext) -> Iterator[Finding]:
    """Inlined styles are a vbuild feature."""
    builder = _builder(ctx)
    value = ctx.get("features.inlineStyles")
    if builder in ("wbuild", "rbuild") and value is not MISSING and value is not False:
        yield Finding(
            "warning",
            "features.inlineStyles",
            f"has no effect with builder {js_text(builder)}: inlining styles is a vbuild feature",
        )


@rule(
    "dev-logs-hook-without-dev-logs",
    "Hook `dev:ssr-logs` (receives streamed server logs when `features.devLogs` is on).",
    about="key",
)
def dev_logs_hook_without_dev_logs(ctx: RuleContext) -> Iterator[Finding]:
    """A dev:ssr-logs listener hears nothing while features.devLogs is off."""
    hooks = ctx.get("hooks")
    if not isinstance(hooks, dict) or "dev:ssr-logs" not in hooks:
        return
    dev_logs = ctx.get("features.devLogs")
    if dev_logs is MISSING or dev_logs is False:
        yield Finding(
            "warning",
            format_path(("hooks", "dev:ssr-logs")),
            "never called while features.devLogs is off: server logs are streamed only when it is on",
            _set("features.devLogs", True),
        )


# -- builders and packages ----------------------------------------------------------------


def _builder(ctx: RuleContext) -> str | None:
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
    "builder-package-missing",
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
    "builder: Client bundler, default `@fwk/vbuild-builder`; `vbuild` is the default client bundler and "
    "`wbuild` the alternative bundler (top-level keys `vbuild`, `wbuild`).",
    about="key",
)
def bundler_options_unused(ctx: RuleContext) -> Iterator[Finding]:
    """Options of a bundler the config does not use are kept but do nothing."""
    builder = _builder(ctx)
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


# -- dev server, generate, security --------------------------------------------------------


@rule(
    "dev-server-url-managed",
    "devServer.url: Always overridden by the dev server with the full URL; not to be set directly.",
)
def dev_server_url_managed(ctx: RuleContext) -> Iterator[Finding]:
    """devServer.url is computed by the dev server."""
    if ctx.has("devServer.url"):
        yield Finding(
            "warning",
            "devServer.url",
            "the dev server always overrides it with the full URL; set devServer.host and devServer.port instead",
            _unset("devServer.url"),
        )


@rule("generate-exclude-unused", "generate.exclude: no longer used; use `srv.prerender.ignore`.")
def generate_exclude_unused(ctx: RuleContext) -> Iterator[Finding]:
    """generate.exclude is ignored; the server engine's prerender options replace it."""
    if ctx.has("generate.exclude"):
        yield Finding(
            "warning",
            "generate.exclude",
            "no longer used; use srv.prerender.ignore",
            _move("generate.exclude", "srv.prerender.ignore", ctx),
        )


@rule(
    "generate-routes-prefer-prerender",
    "generate.routes: starting points for generation, or the full list without a crawler; prefer "
    "`srv.prerender.routes`.",
)
def generate_routes_prefer_prerender(ctx: RuleContext) -> Iterator[Finding]:
    """generate.routes still works; srv.prerender.routes is preferred."""
    if ctx.has("generate.routes"):
        yield Finding(
            "info",
            "generate.routes",
            "prefer srv.prerender.routes",
            _move("generate.routes", "srv.prerender.routes", ctx),
        )


@rule(
    "runtime-compiler-security",
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
            _set("view.runtimeCompiler", False),
        )


# Words that make a key look like a credential, and words that say it is public by design.
_SECRET_WORDS = frozenset({"secret", "token", "password", "passwd", "credential", "credentials", "private"})
_KEY_QUALIFIERS = frozenset(
    "api private secret access auth service role signing encryption master admin write".split()
)
# A last word that makes the key about a secret (its name, where it is sent, its size, a switch), not the secret.
_ABOUT_WORDS = frozenset(
    "name header cookie field param query length min max size enabled disabled required expires expiry ttl age "
    "prefix path route page url endpoint strategy type mode".split()
)
_PUBLIC_WORDS = frozenset(
    {"public", "publishable", "site", "search", "anon", "client", "analytics", "measurement", "tracking", "widget"}
)
# The shapes of well-known credentials, and of keys that are public by design
# (Stripe's pk_, Mapbox's pk., PostHog's phc_, GA's G-).
_SECRET_VALUE = re.compile(
    r"^(?:sk_(?:live|test)_|rk_(?:live|test)_|sk-|ghp_|gho_|github_pat_|xox[abpr]-|AKIA[0-9A-Z]{16}|-----BEGIN)"
)
_PUBLIC_VALUE = re.compile(r"^(?:pk_(?:live|test)_|pk\.|phc_|G-|UA-|GTM-)")
# A URL with a password in it (scheme://user:password@host): the credentials of a database or a service.
_URL_CREDENTIALS = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*://[^/\s:@]*:[^/\s@]+@")
_ENV_READ = re.compile(r"(?:process\.env|import\.meta\.env)\.([A-Za-z_$][\w$]*)|process\.env\[\s*['\"]([^'\"]+)['\"]")


def looks_secret(key: str) -> bool:
    """True for ``apiSecret``, ``authToken``, ``dbPassword``, ``apiKey``, ``key``; not ``storageKey``, ``siteKey``."""
    words = _words(key)
    if not words or _PUBLIC_WORDS & set(words):
        return False
    return bool(_SECRET_WORDS & set(words)) or _key_word(words)


def _words(key: str) -> list[str]:
    return [w.lower() for w in split_words(key) if w]


def _key_word(words: list[str]) -> bool:
    """``key`` alone, ``apiKey``, ``privateKey``: a key whose name only says "key" of something sensitive."""
    for i, word in enumerate(words):
        if word in ("key", "apikey", "privatekey"):
            if word != "key" or len(words) == 1 or (i > 0 and words[i - 1] in _KEY_QUALIFIERS):
                return True
    return False


def secret_evidence(key: str, value: Any) -> tuple[Severity, str] | None:
    """How strongly ``key: value`` looks like a secret: a warning with the evidence, an info on the name alone, or None.

    Publishable keys (search-only, analytics, payment-widget keys) are meant to be public: a public word in the
    name or a publishable value shape clears it; a secret's value shape, an env read of a secret-named variable,
    or a secret word in the name (secret, private, password, token) weigh towards it.
    """
    if isinstance(value, (bool, int, float)):
        return None  # a switch or a size (secretPageEnabled, passwordMinLength) is never the secret
    words = _words(key)
    text = value if isinstance(value, str) else None
    if (text is not None and _PUBLIC_VALUE.match(text)) or _PUBLIC_WORDS & set(words):
        return None
    if text is not None and _SECRET_VALUE.match(text):
        return "warning", "its value has the shape of a secret key"
    if text is not None and _URL_CREDENTIALS.match(text):
        return "warning", "its value is a URL with a password in it"
    read = _ENV_READ.search(value.text) if isinstance(value, Code) else None
    variable = (read.group(1) or read.group(2)) if read else None
    if variable and looks_secret(variable) and not _PUBLIC_WORDS & set(_words(variable)):
        return "warning", f"it is read from {variable}"
    if words and words[-1] in _ABOUT_WORDS:
        return None  # csrfTokenName names a token; it is not one
    strong = sorted(_SECRET_WORDS & set(words))
    if strong:
        return "warning", f"its name says {strong[0]}"
    if _key_word(words):
        return "info", "only its name hints so"
    return None


@rule(
    "secret-in-public-runtime-config",
    "private values (such as API secrets) belong in top-level `runtimeConfig`, which is readable only on the "
    "server; values under `public` and `app` are exposed to the frontend.",
)
def secret_in_public_runtime_config(ctx: RuleContext) -> Iterator[Finding]:
    """A value under runtimeConfig.public or runtimeConfig.app that looks like a secret reaches the browser."""
    for exposed in ("public", "app"):
        block = ctx.get(f"runtimeConfig.{exposed}")
        if isinstance(block, dict):
            yield from _secrets(ctx, block, ("runtimeConfig", exposed))


def _secrets(ctx: RuleContext, block: dict[str, Any], path: Path) -> Iterator[Finding]:
    for key, value in block.items():
        here = (*path, key)
        if isinstance(value, dict):
            yield from _secrets(ctx, value, here)
            continue
        evidence = secret_evidence(key, value)
        if evidence is None:
            continue
        severity, why = evidence
        private = format_path(("runtimeConfig", *here[2:]))
        exposed = f"values under runtimeConfig.{here[1]} reach the browser"
        if severity == "info":
            message = (
                f"is {key} a secret? {why}, and {exposed}. Publishable keys (search-only, analytics, payment "
                f"widgets) are meant to be public; a secret belongs at {private}, which only the server reads"
            )
        else:
            message = f"is {key} a secret? {why}, and {exposed}; keep secrets at {private}, which only the server reads"
        yield Finding(severity, format_path(here), message, _move(format_path(here), private, ctx))


# -- layers, plugins, handlers, typescript ------------------------------------------------------


@rule(
    "extends-https",
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


def _src_of(item: Any) -> str | None:
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
    "plugins: A name ending `.client` or `.server` loads only in that context.",
)
def plugin_context_conflict(ctx: RuleContext) -> Iterator[Finding]:
    """A plugin named for one context but given the other mode."""
    plugins = ctx.get("plugins")
    if not isinstance(plugins, list):
        return
    for i, item in enumerate(plugins):
        src = _src_of(item)
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


# -- list entries: modules, plugins, css, extends -------------------------------------------------

# Blocks holding options for one environment: their lists are compared each with itself, since
# an entry repeated there on purpose (other options in development) is not a duplicate.
_ENV_BLOCKS = ("$development", "$production", "$test")


def _lists(ctx: RuleContext, key: str) -> Iterator[tuple[Path, Any]]:
    """The value of ``key`` at the top level and in each environment block, with its path."""
    bases: list[Path] = [(), *((b,) for b in _ENV_BLOCKS)]
    envs = ctx.get("$env")
    if isinstance(envs, dict):
        bases.extend(("$env", name) for name in envs)
    for base in bases:
        value = lookup(ctx.values, (*base, key))
        if value is not MISSING:
            yield (*base, key), value


def _module_name(item: Any) -> str | None:
    """The module a ``modules`` item names: a string, or the first of ``[name, options]``; None for code."""
    if isinstance(item, str):
        return item
    if isinstance(item, list) and item and isinstance(item[0], str):
        return str(item[0])
    return None


def _empty_entries(
    ctx: RuleContext, key: str, name_of: Callable[[Any], str | None], what: str, names: str
) -> Iterator[Finding]:
    """An entry of list ``key`` whose name (``what``) is empty or blank: it names no ``names``, so it goes."""
    for path, value in _lists(ctx, key):
        items = [(path, value)] if isinstance(value, str) else []
        if isinstance(value, list):
            items = [((*path, i), item) for i, item in enumerate(value)]
        for where, item in items:
            name = name_of(item)
            if name is not None and not name.strip():
                text = format_path(where)
                yield Finding(
                    "warning",
                    text,
                    f"empty {what} {js_text(name)}: it names no {names}; remove the entry",
                    Fix("unset", text, f"Remove the empty {text}"),
                )


@dataclass(frozen=True)
class _Repeat:
    """A later entry of a list (``path``, ``item``) naming what an earlier one (``earlier``, ``first``) names."""

    path: str
    name: str
    item: Any
    earlier: str
    first: Any


def _duplicates(ctx: RuleContext, key: str, name_of: Callable[[Any], str | None]) -> Iterator[_Repeat]:
    """Each entry of list ``key`` that names what an earlier entry of the same list names."""
    for path, value in _lists(ctx, key):
        if not isinstance(value, list):
            continue
        seen: dict[str, int] = {}
        for i, item in enumerate(value):
            name = name_of(item)
            if name is None or not name.strip():
                continue  # code is not compared; an empty name is the empty rule's
            if name in seen:
                first = seen[name]
                yield _Repeat(format_path((*path, i)), name, item, format_path((*path, first)), value[first])
            else:
                seen[name] = i


def _remove_duplicate(r: _Repeat) -> Fix:
    """Remove the later entry; a fix that keeps what the app does only when it is the earlier one written again."""
    if r.item == r.first:
        return Fix("unset", r.path, f"Remove the duplicate {r.path}")
    return Fix("unset", r.path, f"Remove the duplicate {r.path} (what it adds is lost)", keeps_behaviour=False)


_MODULES_REFERENCE = (
    "modules: Each item is a string (package or file path), a tuple `[module_string, options_object]`, or an "
    "inline function."
)


@rule("empty-module", _MODULES_REFERENCE)
def empty_module(ctx: RuleContext) -> Iterator[Finding]:
    """A module item whose name is empty names no package or file."""
    yield from _empty_entries(ctx, "modules", _module_name, "module name", "package or file")


@rule("duplicate-module", _MODULES_REFERENCE)
def duplicate_module(ctx: RuleContext) -> Iterator[Finding]:
    """The same module listed twice in one list (as a name or as ``[name, options]``)."""
    for r in _duplicates(ctx, "modules", _module_name):
        options = r.item[1:] if isinstance(r.item, list) else []
        first_options = r.first[1:] if isinstance(r.first, list) else []
        differ = options not in ([], [{}], first_options)
        also = "; this entry's options differ: move what they need into the first" if differ else ""
        yield Finding(
            "warning",
            r.path,
            f"the module {js_text(r.name)} is already listed at {r.earlier}; list a module once{also}",
            _remove_duplicate(r),
            r.earlier,
        )


_PLUGINS_REFERENCE = "plugins: Each item is a path string or object `{src: string, mode: 'client' or 'server'}`."


@rule("empty-plugin", _PLUGINS_REFERENCE)
def empty_plugin(ctx: RuleContext) -> Iterator[Finding]:
    """A plugin whose path (or src) is empty names no file."""
    yield from _empty_entries(ctx, "plugins", _src_of, "plugin path", "file")


@rule("duplicate-plugin", "plugins: Plugins are deduplicated by `src`.")
def duplicate_plugin(ctx: RuleContext) -> Iterator[Finding]:
    """The same plugin listed twice is kept once."""
    for r in _duplicates(ctx, "plugins", _src_of):
        yield Finding(
            "warning",
            r.path,
            f"{js_text(r.name)} is already listed at {r.earlier}; plugins are deduplicated by src, so only one is kept",
            _remove_duplicate(r),
            r.earlier,
        )


_CSS_REFERENCE = (
    "css: Global CSS files, modules or libraries on every page; preprocessor chosen by file extension; the "
    "loader must be installed."
)


@rule("empty-css", _CSS_REFERENCE)
def empty_css(ctx: RuleContext) -> Iterator[Finding]:
    """A css entry whose path (or src) is empty names no stylesheet."""
    yield from _empty_entries(ctx, "css", _src_of, "stylesheet path", "file")


@rule("duplicate-css", _CSS_REFERENCE)
def duplicate_css(ctx: RuleContext) -> Iterator[Finding]:
    """The same stylesheet listed twice."""
    for r in _duplicates(ctx, "css", _src_of):
        yield Finding(
            "warning",
            r.path,
            f"{js_text(r.name)} is already listed at {r.earlier}; listing it once includes it on every page",
            _remove_duplicate(r),
            r.earlier,
        )


_EXTENDS_REFERENCE = "extends: Layers to extend from; local paths or git-host prefixed sources."


@rule("empty-layer", _EXTENDS_REFERENCE)
def empty_layer(ctx: RuleContext) -> Iterator[Finding]:
    """An extends entry whose source is empty names no layer."""
    yield from _empty_entries(ctx, "extends", _module_name, "layer source", "layer")


@rule("duplicate-layer", _EXTENDS_REFERENCE)
def duplicate_layer(ctx: RuleContext) -> Iterator[Finding]:
    """The same layer extended twice."""
    for r in _duplicates(ctx, "extends", _module_name):
        yield Finding(
            "warning",
            r.path,
            f"the layer {js_text(r.name)} is already listed at {r.earlier}; extending it again adds nothing",
            _remove_duplicate(r),
            r.earlier,
        )


# Rules whose finding on a path says more than a type error there (an empty source is not a source).
EMPTY_ENTRY_RULES = frozenset({"empty-module", "empty-plugin", "empty-css", "empty-layer"})


_HTTP_METHODS = ("get", "head", "post", "put", "delete", "connect", "options", "trace", "patch")


@rule("server-handler-method", "serverHandlers: Item fields: ... `method` (HTTP method).")
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
                _unset(path),
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
    "rootDir: Normally not configured. workspaceDir: auto-detected, override normally unnecessary. dev: "
    "normally not set. wbuild.profile: normally enabled by CLI argument `--profile`.",
    about="key",
)
def normally_not_set(ctx: RuleContext) -> Iterator[Finding]:
    """Options the tools set themselves."""
    for path, message in _NORMALLY_UNSET.items():
        if ctx.has(path):
            yield Finding("info", path, message)
