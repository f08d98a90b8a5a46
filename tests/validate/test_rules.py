"""The reference's rules: each fires on the config it is about, and not on its near miss."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from fwk_tui.catalog.models import Variant
from fwk_tui.validate import Layout, Package
from fwk_tui.validate.rules import RULES, looks_secret
from tests.validate.helpers import diagnose, one


@dataclass(frozen=True)
class Case:
    """A config that breaks the rule (``path``, ``severity``) and one that does not."""

    fires: str
    path: str
    severity: str
    quiet: str
    variant: Variant = "A"
    package: Package | None = None
    layout: Layout | None = None


# Sources beside the config and in app/: app/ is the source folder; pages/ is not read there.
HALF_MOVED = Layout.of(["app", "pages", "server"], folders={"app": ["app.vue"], "pages": ["index.vue"]})


NO_PACKAGES = Package.from_package_json({"devDependencies": {}})

CASES: dict[str, Case] = {
    "relative-base-url": Case("app: { baseURL: './' },", "app.baseURL", "error", "app: { baseURL: '/docs/' },"),
    "view-transition-needs-experimental": Case(
        "app: { viewTransition: true },",
        "app.viewTransition",
        "warning",
        "app: { viewTransition: true }, experimental: { viewTransition: true },",
    ),
    "json-serializable-only": Case(
        "app: { pageTransition: { name: 'page', onBeforeEnter: (el) => {} } },",
        "app.pageTransition.onBeforeEnter",
        "warning",
        "app: { pageTransition: { name: 'page', mode: isProd ? 'out-in' : 'default' } },",
    ),
    "hash-mode-with-ssr": Case(
        "router: { options: { hashMode: true } },",
        "router.options.hashMode",
        "error",
        "router: { options: { hashMode: true } }, ssr: false,",
    ),
    "spa-loading-template-with-ssr": Case(
        "spaLoadingTemplate: true,",
        "spaLoadingTemplate",
        "warning",
        "spaLoadingTemplate: true, routeRules: { '/admin/**': { ssr: false } },",
    ),
    "spa-loading-template-location-without-template": Case(
        "spaLoadingTemplate: false, experimental: { spaLoadingTemplateLocation: 'body' },",
        "experimental.spaLoadingTemplateLocation",
        "warning",
        "ssr: false, experimental: { spaLoadingTemplateLocation: 'body' },",
        "B",
    ),
    "outdated-build-check-without-manifest": Case(
        "experimental: { appManifest: false, checkOutdatedBuildInterval: 60000 },",
        "experimental.checkOutdatedBuildInterval",
        "warning",
        "experimental: { appManifest: false, checkOutdatedBuildInterval: false },",
        "B",
    ),
    "removed-in-v4": Case(
        "future: { compatibilityVersion: 4 }, experimental: { templateUtils: true },",
        "experimental.templateUtils",
        "warning",
        "future: { compatibilityVersion: 3 }, experimental: { templateUtils: true },",
        "B",
    ),
    "v3-behaviour-restored": Case(
        "future: { compatibilityVersion: 4 }, srcDir: '.',",
        "srcDir",
        "info",
        "future: { compatibilityVersion: 4 }, srcDir: 'app',",
        "B",
    ),
    "no-scripts-true": Case(
        "features: { noScripts: true },", "features.noScripts", "info", "features: { noScripts: 'production' },", "B"
    ),
    "inline-styles-vbuild-only": Case(
        "builder: 'wbuild', features: { inlineStyles: true },",
        "features.inlineStyles",
        "warning",
        "features: { inlineStyles: true },",
        "B",
    ),
    "dev-logs-hook-without-dev-logs": Case(
        "hooks: { 'dev:ssr-logs'(ctx) {} },",
        "hooks.dev:ssr-logs",
        "warning",
        "hooks: { 'dev:ssr-logs'(ctx) {} }, features: { devLogs: true },",
        "B",
    ),
    "builder-package-missing": Case(
        "builder: 'wbuild',",
        "builder",
        "warning",
        "builder: 'wbuild',",
        package=NO_PACKAGES,
    ),
    "type-check-needs-packages": Case(
        "typescript: { typeCheck: 'build' },",
        "typescript.typeCheck",
        "warning",
        "typescript: { typeCheck: false },",
        package=NO_PACKAGES,
    ),
    "bundler-options-unused": Case(
        "wbuild: { profile: false },", "wbuild", "info", "builder: 'wbuild', wbuild: { profile: false },"
    ),
    "vbuild-server-limits": Case(
        "server: { builder: 'vbuild-server' }, routeRules: { '/x': { swr: 1 } },",
        "routeRules",
        "warning",
        "server: { builder: 'srv' }, routeRules: { '/x': { swr: 1 } },",
    ),
    "dev-server-url-managed": Case(
        "devServer: { url: 'http://localhost:4000' },", "devServer.url", "warning", "devServer: { port: 4000 },"
    ),
    "listening-port": Case("devServer: { port: 65536 },", "devServer.port", "error", "devServer: { port: 0 },"),
    "generate-exclude-unused": Case(
        "generate: { exclude: ['/admin'] },", "generate.exclude", "warning", "generate: { routes: ['/'] },", "B"
    ),
    "generate-routes-prefer-prerender": Case(
        "generate: { routes: ['/'] },", "generate.routes", "info", "srv: { prerender: { routes: ['/'] } },", "B"
    ),
    "runtime-compiler-security": Case(
        "view: { runtimeCompiler: true },", "view.runtimeCompiler", "warning", "view: { runtimeCompiler: false },"
    ),
    "secret-in-public-runtime-config": Case(
        "runtimeConfig: { public: { apiSecret: '' } },",
        "runtimeConfig.public.apiSecret",
        "warning",
        "runtimeConfig: { apiSecret: '', public: { apiBase: '/api' } },",
    ),
    "extends-https": Case(
        "extends: 'https://example.com/layer.tar.gz',",
        "extends",
        "error",
        "theme: 'https://example.com/layer.tar.gz',",
    ),
    "plugin-context-conflict": Case(
        "plugins: [{ src: '~/plugins/chart.client.ts', mode: 'server' }],",
        "plugins[0].mode",
        "warning",
        "plugins: [{ src: '~/plugins/chart.client.ts', mode: 'client' }],",
    ),
    "duplicate-plugin": Case(
        "plugins: ['~/plugins/a.ts', { src: '~/plugins/a.ts' }],",
        "plugins[1]",
        "warning",
        "plugins: ['~/plugins/a.ts', '~/plugins/b.ts'],",
    ),
    "empty-plugin": Case("plugins: ['~/plugins/a.ts', { src: ' ' }],", "plugins[1]", "warning", "plugins: ['a.ts'],"),
    "empty-module": Case("modules: ['@fwk/image', ''],", "modules[1]", "warning", "modules: ['@fwk/image'],"),
    "duplicate-module": Case(
        "modules: ['@fwk/image', ['@fwk/image', { quality: 80 }]],",
        "modules[1]",
        "warning",
        "modules: ['@fwk/image'], $development: { modules: [['@fwk/image', { quality: 10 }]] },",
    ),
    "empty-css": Case("css: [''],", "css[0]", "warning", "css: ['~/assets/main.css'],"),
    "duplicate-css": Case(
        "css: ['~/assets/main.css', '~/assets/main.css'],",
        "css[1]",
        "warning",
        "css: ['~/assets/main.css', '~/assets/print.css'],",
    ),
    "empty-layer": Case("extends: ['../base', ''],", "extends[1]", "warning", "extends: ['../base'],"),
    "duplicate-layer": Case(
        "extends: ['gh:org/layer', '../base', 'gh:org/layer'],",
        "extends[2]",
        "warning",
        "extends: ['gh:org/layer', 'gh:org/layer#v2'],",
    ),
    "server-handler-method": Case(
        "serverHandlers: [{ handler: '~/server/x.ts', method: 'FETCH' }],",
        "serverHandlers[0].method",
        "error",
        "serverHandlers: [{ handler: '~/server/x.ts', method: 'POST' }],",
    ),
    "typescript-managed-options": Case(
        "typescript: { tsConfig: { compilerOptions: { paths: { '~/*': ['./*'] } } } },",
        "typescript.tsConfig.compilerOptions.paths",
        "warning",
        "typescript: { tsConfig: { compilerOptions: { strict: true } } },",
    ),
    "sources-split": Case(
        "future: { compatibilityVersion: 4 },",
        "srcDir",
        "error",
        "future: { compatibilityVersion: 4 }, dir: { pages: 'views' },",
        layout=HALF_MOVED,
    ),
    "source-folder-fallback": Case(
        "future: { compatibilityVersion: 4 },",
        "srcDir",
        "info",
        "srcDir: '.',",
        layout=Layout.of(["pages", "app.vue"], folders={"pages": ["index.vue"]}),
    ),
    "folder-elsewhere": Case(
        "srcDir: 'src', serverDir: 'server',",
        "serverDir",
        "error",
        "srcDir: 'src', serverDir: 'src/server',",
        layout=Layout.of(["src"], folders={"src": ["server", "pages"]}),
    ),
    "alias-path-outside-source": Case(
        "future: { compatibilityVersion: 4 }, modules: ['~/modules/x'],",
        "modules[0]",
        "warning",
        "future: { compatibilityVersion: 4 }, modules: ['~~/modules/x'],",
        layout=Layout.of(["app", "modules"], folders={"app": ["pages"], "modules": ["x"]}),
    ),
    "normally-not-set": Case("rootDir: '/srv/app',", "rootDir", "info", "buildDir: '.output-fwk',"),
}


def test_every_rule_has_a_case_and_a_reference_sentence() -> None:
    assert {r.id for r in RULES} == set(CASES)
    for r in RULES:
        assert r.reference and "Reference:" in (r.check.__doc__ or ""), r.id


@pytest.mark.parametrize("rule_id", sorted(CASES))
def test_rule_fires(rule_id: str) -> None:
    case = CASES[rule_id]
    d = one(diagnose(case.fires, case.variant, case.package, case.layout), case.path, rule_id)
    assert d.severity == case.severity


@pytest.mark.parametrize("rule_id", sorted(CASES))
def test_rule_stays_quiet_on_the_near_miss(rule_id: str) -> None:
    case = CASES[rule_id]
    package = Package.from_package_json(
        {"devDependencies": {"@fwk/wbuild-builder": "1", "typescript": "5", "view-tsc": "2"}}
    )
    found = diagnose(case.quiet, case.variant, package if case.package else None, case.layout)
    assert [d for d in found if d.rule == rule_id] == []


def test_relative_base_url_gives_the_references_advice_in_variant_a_only() -> None:
    d = one(diagnose("app: { baseURL: './' },", "A"), "app.baseURL")
    assert "FWK_APP_BASE_URL=./" in d.message and "srv.runtimeConfig.app.baseURL" in d.message
    assert diagnose("app: { baseURL: './' },", "B") == []


def test_view_transition_fix_turns_the_experimental_flag_on() -> None:
    d = one(diagnose("app: { viewTransition: true },"), "app.viewTransition")
    assert d.fix is not None and (d.fix.kind, d.fix.path, d.fix.value) == ("set", "experimental.viewTransition", True)


def test_hash_mode_stays_quiet_when_code_decides_ssr() -> None:
    found = diagnose("ssr: isSpa, router: { options: { hashMode: true } },")
    assert [d for d in found if d.rule == "hash-mode-with-ssr"] == []


def test_builder_checks_need_the_package_json() -> None:
    """Without a package.json the package rules say nothing: they cannot know."""
    found = diagnose("builder: 'rbuild', typescript: { typeCheck: true },", package=None)
    assert [d for d in found if d.rule in ("builder-package-missing", "type-check-needs-packages")] == []
    found = diagnose("builder: 'rbuild', typescript: { typeCheck: true },", package=NO_PACKAGES)
    assert "@fwk/rbuild-builder" in one(found, "builder", "builder-package-missing").message
    assert "typescript and view-tsc as dev dependencies" in one(found, "typescript.typeCheck").message
    only_checker = Package.from_package_json({"devDependencies": {"typescript": "5"}})
    message = one(diagnose("typescript: { typeCheck: true },", package=only_checker), "typescript.typeCheck").message
    assert "needs view-tsc as a dev dependency" in message


def test_generate_options_move_to_prerender() -> None:
    found = diagnose("generate: { exclude: ['/admin'], routes: ['/'] },", "B")
    exclude = one(found, "generate.exclude")
    assert exclude.message == "no longer used; use srv.prerender.ignore"
    assert exclude.fix is not None and (exclude.fix.kind, exclude.fix.new_path) == ("move", "srv.prerender.ignore")
    assert one(found, "generate.routes").fix.new_path == "srv.prerender.routes"  # type: ignore[union-attr]


def test_generate_in_variant_a_gets_the_rule_not_a_bare_variant_warning() -> None:
    found = diagnose("generate: { exclude: ['/admin'] },", "A")
    assert [d.rule for d in found] == ["generate-exclude-unused"]


def test_runtime_compiler_warning_names_the_risk() -> None:
    d = one(diagnose("view: { runtimeCompiler: true },"), "view.runtimeCompiler")
    assert "cross-site scripting" in d.message and "remote code execution" in d.message


def test_public_secret_moves_to_the_private_top_level() -> None:
    found = diagnose("runtimeConfig: { public: { stripe: { secretKey: '', publishableKey: '' }, authToken: '' } },")
    d = one(found, "runtimeConfig.public.stripe.secretKey")
    assert "reach the browser" in d.message
    assert d.fix is not None and d.fix.new_path == "runtimeConfig.stripe.secretKey"
    assert one(found, "runtimeConfig.public.authToken").severity == "warning"
    assert [d for d in found if d.path.endswith("publishableKey")] == []
    only_the_name = one(diagnose("runtimeConfig: { app: { apiKey: 'x' } },"), "runtimeConfig.app.apiKey")
    assert only_the_name.severity == "info" and only_the_name.message.startswith("is apiKey a secret? only its name")


@pytest.mark.parametrize(
    ("key", "secret"),
    [
        ("apiSecret", True),
        ("authToken", True),
        ("dbPassword", True),
        ("apiKey", True),
        ("api_key", True),
        ("privateKey", True),
        ("key", True),
        ("storageKey", False),
        ("siteKey", False),
        ("publishableKey", False),
        ("searchApiKey", False),
        ("apiBase", False),
        ("keyboardLayout", False),
    ],
)
def test_what_looks_like_a_secret(key: str, secret: bool) -> None:
    assert looks_secret(key) is secret


def test_spa_loading_template_counts_route_rules_that_turn_ssr_off() -> None:
    assert [d.rule for d in diagnose("spaLoadingTemplate: 'loader.html', ssr: false,")] == []
    srv_rule = "spaLoadingTemplate: true, srv: { routeRules: { '/app/**': { ssr: false } } },"
    assert [d for d in diagnose(srv_rule) if d.rule == "spa-loading-template-with-ssr"] == []


def test_removed_in_v4_lists_every_tagged_flag() -> None:
    body = "future: { compatibilityVersion: 4 }, experimental: { compileTemplate: true, relativeWatchPaths: true },"
    found = [d.path for d in diagnose(body, "B") if d.rule == "removed-in-v4"]
    assert found == ["experimental.compileTemplate", "experimental.relativeWatchPaths"]
