"""Keys: unknown, misspelt, aliased, of the other variant, inside free-form values."""

from __future__ import annotations

import pytest

from tests.validate.helpers import at, diagnose, one


def test_a_misspelt_top_level_key_gets_did_you_mean_and_a_rename() -> None:
    d = one(diagnose("compatibiltyDate: '2025-01-01',"), "compatibiltyDate")
    assert (d.severity, d.rule, d.message) == (
        "warning",
        "unknown-key",
        "unknown option compatibiltyDate; did you mean compatibilityDate?",
    )
    assert d.fix is not None
    assert (d.fix.kind, d.fix.path, d.fix.new_key) == ("rename", "compatibiltyDate", "compatibilityDate")


def test_a_misspelling_of_a_key_already_set_is_removed_not_renamed() -> None:
    # Renaming ssrr to ssr would write ssr twice; the misspelt copy does nothing at run time.
    d = one(diagnose("ssrr: false,\n  ssr: true,"), "ssrr")
    assert d.message == "unknown option ssrr; did you mean ssr? (ssr is already set)"
    assert d.fix is not None and (d.fix.kind, d.fix.path) == ("unset", "ssrr")


def test_of_two_keys_equally_near_the_one_that_takes_the_value_is_meant() -> None:
    d = one(diagnose("buildr: 'vbuild',"), "buildr")  # builder and build are one edit away; build is an object
    assert d.message == "unknown option buildr; did you mean builder?"
    assert d.fix is not None and d.fix.new_key == "builder"
    d = one(diagnose("buildr: true,"), "buildr")  # neither takes it: no guess
    assert "did you mean" not in d.message


def test_a_key_in_the_wrong_case_is_a_misspelling() -> None:
    d = one(diagnose("app: { baseUrl: '/' },"), "app.baseUrl")
    assert d.message == "unknown option baseUrl; did you mean baseURL?"


def test_an_unknown_nested_key_lists_what_the_reference_has() -> None:
    d = one(diagnose("imports: { bogus: false },"), "imports.bogus")
    assert d.severity == "warning"
    assert d.message == (
        "unknown option bogus: the reference lists no such key under imports (it lists dirs, global and scan)"
    )
    assert d.fix is None


def test_a_key_the_framework_reads_though_the_reference_does_not_list_it_is_an_info() -> None:
    # imports.* as the framework's own type has them: no "unknown", no "did you mean"
    found = diagnose("imports: { presets: [{ from: 'x', imports: ['a'] }], autoImport: false, polyfills: true },")
    for key in ("presets", "autoImport", "polyfills"):
        d = one(found, f"imports.{key}")
        assert (d.severity, d.rule, d.fix) == ("info", "framework-key", None)
        assert d.message == f"{key} is not in the reference's list for imports; the framework's own type has it"
    # its value is checked against the framework's type: what does not fit it, the framework refuses
    d = one(diagnose("imports: { autoImport: 'yes' },"), "imports.autoImport", "type")
    assert (d.severity, d.message) == ("error", "expected true or false, got 'yes'")
    # a near spelling of one of the framework's keys is named
    d = one(diagnose("imports: { autoImprt: false },"), "imports.autoImprt")
    assert (d.severity, d.message) == ("warning", "unknown option autoImprt; did you mean autoImport?")


def test_a_key_known_elsewhere_suggests_a_move() -> None:
    d = one(diagnose("server: { port: 4000 },"), "server.port")
    assert d.message == "port is not an option of server; did you mean devServer.port?"
    assert d.fix is not None and (d.fix.kind, d.fix.new_path) == ("move", "devServer.port")
    # No move fix when the target is already written.
    assert one(diagnose("server: { port: 4000 }, devServer: { port: 3000 },"), "server.port").fix is None


@pytest.mark.parametrize("module", ["i18n", "colorMode", "content", "icon", "pwa"])
def test_unknown_top_level_groups_are_infos(module: str) -> None:
    d = one(diagnose(f"{module}: {{ enabled: true }},"), module)
    assert (d.severity, d.rule) == ("info", "unknown-group")
    assert d.message == f"{module} is not in the reference: kept untouched (the options of a module?)"
    # Options built by code may well be an object: still a module's, as far as anyone can tell.
    assert one(diagnose(f"{module}: {module}Options,"), module).severity == "info"


@pytest.mark.parametrize(("value", "shown"), [("'x'", "'x'"), ("3", "3"), ("true", "true"), ("['a']", "a list")])
def test_a_scalar_or_a_list_at_an_unknown_top_level_key_is_a_warning_not_a_module(value: str, shown: str) -> None:
    d = one(diagnose(f"siteName: {value},"), "siteName")
    assert (d.severity, d.rule, d.code) == ("warning", "unknown-key", "FWK101")
    assert d.message == (
        f"siteName is not a top-level option of the reference, and {shown} is not a module's options "
        "(those are an object)"
    )


@pytest.mark.parametrize(
    ("body", "path", "suggested"),
    [
        ("build: { loaders: { scss: {} } },", "build.loaders", "wbuild.loaders"),  # a group of the other bundler
        ("build: { plugins: [] },", "build.plugins", "wbuild.plugins"),  # not dir.plugins nor cssproc's
        ("build: { filenames: { app: 'x.js' } },", "build.filenames", "wbuild.filenames"),
        ("server: { port: 4000 },", "server.port", "devServer.port"),
    ],
)
def test_did_you_mean_offers_the_same_key_under_a_sibling_group_of_a_related_name(
    body: str, path: str, suggested: str
) -> None:
    d = one(diagnose(body), path)
    assert d.message == f"{path.split('.')[1]} is not an option of {path.split('.')[0]}; did you mean {suggested}?"
    assert d.fix is not None and (d.fix.kind, d.fix.new_path) == ("move", suggested)


@pytest.mark.parametrize(
    "body",
    [
        "router: { middleware: 'auth' },",  # dir.middleware is a folder, not a router's middleware
        "build: { loaders: true },",  # wbuild.loaders is a group: an object, not true
        "build: { plugins: 'x' },",  # wbuild.plugins is a list
    ],
)
def test_did_you_mean_never_suggests_another_meaning_or_another_kind_of_value(body: str) -> None:
    d = next(d for d in diagnose(body) if d.rule == "unknown-key")
    assert "did you mean" not in d.message and d.fix is None
    assert "the reference lists no such key under" in d.message


def test_a_move_out_of_an_environment_block_stays_in_it() -> None:
    d = one(diagnose("$production: { server: { port: 4000 } },"), "$production.server.port")
    assert d.message == "port is not an option of $production.server; did you mean $production.devServer.port?"
    assert d.fix is not None and d.fix.new_path == "$production.devServer.port"


def test_alias_gets_a_rename_fix_to_the_canonical_key() -> None:
    found = diagnose("unhead: { legacy: true },")
    d = one(found, "unhead")
    assert (d.severity, d.rule) == ("warning", "alias")
    assert d.message == "unhead is the literal spelling of headmgr; the canonical key is headmgr"
    assert d.fix is not None and (d.fix.kind, d.fix.new_key) == ("rename", "headmgr")
    # The value under the alias is checked as the canonical option.
    assert one(diagnose("unhead: { legacy: 'yes' },"), "unhead.legacy").message == "expected true or false, got 'yes'"


def test_nested_alias_spellings() -> None:
    found = diagnose("postcss: { plugins: { autoprefixer: {}, cssnano: {} } },")
    assert one(found, "postcss").fix.new_key == "cssproc"  # type: ignore[union-attr]
    assert one(found, "postcss.plugins.autoprefixer").fix.new_key == "prefixer"  # type: ignore[union-attr]
    assert one(found, "postcss.plugins.cssnano").fix.new_key == "cssminifier"  # type: ignore[union-attr]
    found = diagnose("experimental: { nitroAutoImports: false },", "B")
    assert one(found, "experimental.nitroAutoImports").rule == "alias"


def test_an_option_of_the_other_variant_names_it() -> None:
    d = one(diagnose("typescript: { appTsConfig: {} },", "B"), "typescript.appTsConfig")
    assert (d.severity, d.rule) == ("warning", "other-variant")
    assert d.message == "typescript.appTsConfig is an option of variant A only (this file is checked as variant B)"
    d = one(diagnose("dir: { static: 'public' },", "A"), "dir.static")
    assert d.message == "dir.static is an option of variant B only (this file is checked as variant A)"


def test_other_variant_type_errors_are_warnings_at_most() -> None:
    found = diagnose("oxtool: { transform: { options: { target: 5 } } },", "A")
    d = one(found, "oxtool.transform.options.target", "type")
    assert d.severity == "warning"


def test_variant_a_experimental_children_are_infos() -> None:
    """A names experimental without children; B's children are documented, so A gets an info."""
    found = diagnose("experimental: { asyncContext: true },", "A")
    d = one(found, "experimental.asyncContext")
    assert (d.severity, d.message) == ("info", "documented for variant B; variant A lists no children of experimental")
    assert one(diagnose("features: { devLogs: true },", "A"), "features.devLogs").severity == "info"
    # B documents them: no diagnostic at all.
    assert diagnose("experimental: { asyncContext: true }, features: { devLogs: true },", "B") == []


def test_variant_a_experimental_unknown_children_are_silent_but_typos_are_not() -> None:
    assert diagnose("experimental: { somethingNew: true },", "A") == []
    d = one(diagnose("experimental: { viewTransiton: true },", "A"), "experimental.viewTransiton")
    assert (d.severity, d.message) == ("warning", "unknown option viewTransiton; did you mean viewTransition?")
    # In B the group is documented in full, so an unknown child is a warning.
    found = diagnose("experimental: { somethingNew: true },", "B")
    assert one(found, "experimental.somethingNew").severity == "warning"


def test_variant_a_experimental_values_are_checked_against_b_as_warnings() -> None:
    found = diagnose("experimental: { emitRouteChunkError: 'auto' },", "A")
    # Source order: the info about the key comes before the warning about its value.
    found_here = at(found, "experimental.emitRouteChunkError")
    assert [(d.severity, d.rule) for d in found_here] == [("info", "other-variant"), ("warning", "type")]


@pytest.mark.parametrize(
    "body",
    [
        "runtimeConfig: { anything: { deep: 1 }, public: { whatever: true } },",
        "routeRules: { '/blog/**': { swr: 3600, anyKey: 1 } },",
        "alias: { images: './assets/images', '@cms': './cms' },",
        "vbuild: { define: { __MY_FLAG__: 'true', 'process.custom': false } },",
        "hooks: { 'build:done'() {}, custom: { nested() {} } },",
        "appConfig: { theme: { primary: 'green' } },",
        "devtools: { enabled: true, timeline: { enabled: true } },",
        "view: { compilerOptions: { isCustomElement: (t) => t.startsWith('x-') } },",
        "app: { head: { title: 'x', htmlAttrs: { lang: 'en' }, bodyAttrs: { class: 'y' } } },",
        "typescript: { tsConfig: { compilerOptions: { strict: true }, references: [] } },",
    ],
)
def test_keys_inside_free_form_values_are_not_unknown(body: str) -> None:
    assert diagnose(body) == []


def test_bundler_and_server_engine_groups_pass_unknown_keys_through() -> None:
    body = (
        "vbuild: { plugins: [], optimizeDeps: { include: ['x'] }, build: { sourcemap: false } },"
        "srv: { preset: 'vercel', prerender: { routes: ['/'] } },"
    )
    assert diagnose(body) == []
    # No guess inside them: the tool has keys the reference does not list (vbuild.server.ws beside fs), and a
    # "did you mean" there is wrong more often than right. Catalogued values are still checked.
    assert diagnose("vbuild: { server: { ws: false }, defien: {} }, srv: { prerendr: {} },") == []
    assert one(diagnose("vbuild: { clearScreen: 'no' },"), "vbuild.clearScreen").severity == "error"


def test_environment_blocks_are_checked_like_the_top_level() -> None:
    found = diagnose("$production: { devServer: { port: 'x' }, i18n: {} }, $env: { staging: { ssrr: true } },")
    assert one(found, "$production.devServer.port").severity == "error"
    assert one(found, "$production.i18n").severity == "info"
    assert one(found, "$env.staging.ssrr").message == "unknown option ssrr; did you mean ssr?"


def test_components_as_a_list_is_an_info_with_a_fix() -> None:
    # the framework's own type takes a list of directories: only the reference's words differ
    d = one(diagnose("components: [{ path: '~/components/ui', global: true }],"), "components")
    assert (d.severity, d.rule) == ("info", "undocumented-shape")
    assert d.fix is not None and d.fix.value == {"dirs": [{"path": "~/components/ui", "global": True}]}
    assert one(diagnose("components: 'x',"), "components").severity == "error"


def test_telemetry_object_is_an_info() -> None:
    d = one(diagnose("telemetry: { enabled: false },"), "telemetry")
    assert (d.severity, d.message) == ("info", "the reference documents telemetry as true or false, not an object")
    assert d.fix is not None and d.fix.value is False


def test_a_misspelt_runtime_config_public_is_named_with_a_rename() -> None:
    found = diagnose("runtimeConfig: { apiSecret: '', api: { key: '' }, publc: { apiBase: '/api' } },")
    d = one(found, "runtimeConfig.publc")
    assert (d.severity, d.code, d.message) == (
        "warning",
        "FWK101",
        "publc is not a block the browser reads; did you mean public? Its values are now server-only",
    )
    assert d.fix is not None and (d.fix.kind, d.fix.new_key) == ("rename", "public")
    assert at(found, "runtimeConfig.api") == []  # one letter from app, yet a private block of its own


def test_a_misspelt_runtime_config_public_beside_public_asks_to_merge() -> None:
    d = one(diagnose("runtimeConfig: { public: { a: 1 }, pubilc: { b: 2 } },"), "runtimeConfig.pubilc")
    assert d.message.endswith("(public is written too: merge the two)")
    assert d.fix is not None and (d.fix.kind, d.fix.new_path) == ("merge", "runtimeConfig.public")
