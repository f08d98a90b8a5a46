"""Type checks: one test per kind of type expression, with the message a person reads."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from fwk_tui.catalog.models import Variant
from fwk_tui.catalog.types import parse_type
from fwk_tui.validate.typecheck import check_value, compile_type
from tests.validate.helpers import diagnose, one


def errors(body: str, variant: Variant = "A") -> list[str]:
    return [f"{d.path}: {d.message}" for d in diagnose(body, variant) if d.severity == "error"]


def warnings(body: str, variant: Variant = "A") -> list[str]:
    """What the reference states and a type cannot say (a range, a URL's form, a field a value needs): where
    the framework's own type takes the value, a broken one is a warning in the reference's words."""
    return [f"{d.path}: {d.message}" for d in diagnose(body, variant) if d.severity == "warning"]


def test_boolean_rejects_a_string_and_offers_the_boolean() -> None:
    d = one(diagnose("ssr: 'false',"), "ssr")
    assert (d.severity, d.message) == ("error", "expected true or false, got 'false'")
    assert d.fix is not None and (d.fix.kind, d.fix.value) == ("set", False)
    assert errors("ssr: false,") == []


def test_port_range_message_names_the_range() -> None:
    # The framework's type says "a number"; the platform takes 0 to 65535 (rule FWK339, proven against node).
    d = one(diagnose("devServer: { port: 70000 },"), "devServer.port")
    assert (d.severity, d.rule, d.message) == (
        "error",
        "listening-port",
        "a listening port is a whole number from 0 to 65535, not 70000: the dev server would not start",
    )
    assert diagnose("devServer: { port: 0 },") == []  # any free port
    assert errors("devServer: { port: 3000.5 },") == [
        "devServer.port: a listening port is a whole number from 0 to 65535, not 3000.5: the dev server would not start"
    ]
    assert diagnose("devServer: { port: 4e3 },") == []  # 4e3 is a whole number in JavaScript
    assert errors("devServer: { port: true },") != []  # true is not 1, and the framework wants a number


def test_port_written_as_text_gets_a_number_fix() -> None:
    d = one(diagnose("devServer: { port: '3000' },"), "devServer.port")
    assert d.message == "expected a whole number from 0 to 65535, got '3000'"
    assert d.fix is not None and d.fix.value == 3000 and isinstance(d.fix.value, int)
    assert one(diagnose("devServer: { port: '99999' },"), "devServer.port").fix is None


def test_non_negative_interval() -> None:
    assert warnings("watchers: { wbuild: { aggregateTimeout: -5 } },") == [
        "watchers.wbuild.aggregateTimeout: expected a number of 0 or more, got -5"
    ]
    assert errors("watchers: { wbuild: { aggregateTimeout: '5' } },") != []
    assert errors("watchers: { wbuild: { aggregateTimeout: 0 } },") == []


def test_enum_lists_the_allowed_values() -> None:
    d = one(diagnose("experimental: { emitRouteChunkError: 'auto' },", "B"), "experimental.emitRouteChunkError")
    assert d.message == "expected one of 'automatic', 'automatic-immediate', 'manual', false, got 'auto'"
    assert d.severity == "error"
    assert errors("experimental: { emitRouteChunkError: false },", "B") == []
    assert errors("experimental: { emitRouteChunkError: 'manual' },", "B") == []


def test_enum_value_in_the_wrong_case_gets_a_fix() -> None:
    d = one(diagnose("experimental: { componentIslands: 'Auto' },", "B"), "experimental.componentIslands")
    assert d.message == "expected one of true, false, 'auto', got 'Auto'"
    assert d.fix is not None and d.fix.value == "auto"


def test_boolean_or_literal() -> None:
    assert errors("typescript: { typeCheck: 'dev' },") == [
        "typescript.typeCheck: expected one of true, false, 'build', got 'dev'"
    ]
    assert errors("typescript: { typeCheck: 'build' },") == []


def test_compatibility_date_must_be_written_yyyy_mm_dd_and_exist() -> None:
    assert errors("compatibilityDate: '2024/01/15',") == [
        "compatibilityDate: expected a date written YYYY-MM-DD, got '2024/01/15'"
    ]
    assert errors("compatibilityDate: '2024-02-30',") == [
        "compatibilityDate: '2024-02-30' is not a real date (YYYY-MM-DD)"
    ]
    assert errors("compatibilityDate: '20240115',") != []  # Python would read it; the reference wants dashes
    assert errors("compatibilityDate: '2024-02-29',") == []


def test_cdn_url_must_be_absolute() -> None:
    assert warnings("app: { cdnURL: '/static/' },") == [
        "app.cdnURL: expected '' or an absolute URL such as https://cdn.example.com/, got '/static/'"
    ]
    assert warnings("app: { cdnURL: 'cdn.example.com' },") != []
    assert errors("app: { cdnURL: 3 },") != []
    assert errors("app: { cdnURL: 'https://cdn.example.com/' },") == []
    assert errors("app: { cdnURL: '' },") == []


def test_layer_sources() -> None:
    ok = "extends: ['github:org/layer', 'gh:org/layer#v2', 'gitlab:g/p', 'bitbucket:b/r', '../base', '@org/layer'],"
    assert errors(ok) == []
    assert warnings("extends: 'npm:layer',") == [
        (
            "extends: unknown source prefix npm: in 'npm:layer'; expected github:, gh:, gitlab:, bitbucket:, "
            "https: (theme only) or a local path"
        )
    ]
    assert errors("theme: 'https://example.com/theme.tar.gz',") == []  # https: is fine for theme
    assert errors("extends: ['https://example.com/layer'],") == [  # the reference's rule (FWK322)
        (
            "extends[0]: https: sources are accepted by theme only; extends takes github:, gh:, gitlab:, "
            "bitbucket: or a local path"
        )
    ]
    assert errors("theme: 'C:\\\\themes\\\\mine',") == []  # a drive letter is a path, not a scheme


def test_globs_are_checked_for_balanced_brackets() -> None:
    assert errors("ignore: ['**/*.{spec,test}.ts', 'src/[ab]/*'],") == []
    assert warnings("ignore: ['src/{a,b'],") == ["ignore[0]: glob pattern 'src/{a,b' has an unclosed {"]
    assert warnings("ignore: ['src/a]'],") == ["ignore[0]: glob pattern 'src/a]' has a ] without its opening ["]
    assert warnings("pages: { pattern: ['**/*.vue', ''] },") == [
        "pages.pattern[1]: an empty glob pattern matches nothing"
    ]


def test_regular_expressions_are_values_not_code() -> None:
    assert diagnose("watch: ['~/custom/**', /\\.config\\.ts$/],") == []
    assert diagnose("build: { transpile: [/^element-ui/, 'pkg', ({ isLegacy }) => isLegacy && 'x'] },") == []
    assert errors("ignore: [/\\.tmp$/],") == ["ignore[0]: expected a glob pattern, got a regular expression /\\.tmp$/"]


def test_plugin_items() -> None:
    assert errors("plugins: ['~/plugins/a.ts', { src: '~/plugins/b.ts', mode: 'client' }],") == []
    assert errors("plugins: [{ src: '~/plugins/b.ts', mode: 'browser' }],") == [
        "plugins[0].mode: expected one of 'client', 'server', got 'browser'"
    ]
    assert warnings("plugins: [{ mode: 'client' }],") == ["plugins[0]: missing src (expected an object {src, mode})"]
    assert errors("plugins: [42],") == ["plugins[0]: expected a path or an object {src, mode}, got 42"]


def test_module_items_string_tuple_function() -> None:
    assert diagnose("modules: ['@fwk/image', ['@fwk/content', { a: 1 }], () => {}, function (o, fwk) {}],") == []
    assert errors("modules: [['@fwk/content', 'x', 'y']],") == [
        "modules[0]: expected a list [string, object] of 2 items, got 3 items"
    ]
    assert errors("modules: [['@fwk/content', 'x']],") == ["modules[0][1]: expected an object, got 'x'"]
    assert errors("modules: [true],") == [
        "modules[0]: expected a string, a list [string, object] or a function, got true"
    ]


def test_server_handler_fields() -> None:
    ok = (
        "serverHandlers: [{ route: '/api/x', handler: '~/server/x.ts', method: 'post', middleware: false, "
        "lazy: true }],"
    )
    assert diagnose(ok) == []
    found = diagnose("serverHandlers: [{ route: '/api/x', handlr: '~/server/x.ts', lazy: 'yes' }],")
    assert one(found, "serverHandlers[0]").message == (
        "missing handler (expected an object {handler, route, method, middleware, lazy})"
    )
    assert one(found, "serverHandlers[0].lazy").message == "expected true or false, got 'yes'"
    typo = one(found, "serverHandlers[0].handlr")
    assert typo.severity == "warning"
    assert typo.message == "unknown field handlr in serverHandlers[0]; did you mean handler?"
    assert typo.fix is not None and (typo.fix.kind, typo.fix.new_key) == ("rename", "handler")


def test_sourcemap_shapes() -> None:
    for good in ("true", "false", "{ server: true, client: 'hidden' }", "{ client: false }"):
        assert errors(f"sourcemap: {good},") == [], good
    assert errors("sourcemap: 'hidden',") == [
        "sourcemap: expected true, false or an object {server, client}, got 'hidden'"
    ]
    assert errors("sourcemap: { server: 'yes' },") == [
        "sourcemap.server: expected one of true, false, 'hidden', got 'yes'"
    ]
    assert one(diagnose("sourcemap: { sever: true },"), "sourcemap.sever").message == (
        "unknown field sever in sourcemap; did you mean server?"
    )


def test_union_of_scalars_and_null() -> None:
    assert errors("spaLoadingTemplate: null, ssr: false,") == []
    assert errors("spaLoadingTemplate: 5,") == ["spaLoadingTemplate: expected true, false, null or a path, got 5"]


def test_record_and_open_object_values_are_checked_but_not_their_keys() -> None:
    assert errors("app: { rootAttrs: { id: '__app', 'data-theme': 'dark' } },") == []
    assert errors("app: { rootAttrs: { tabindex: 0, hidden: true, title: null } },") == []
    assert errors("app: { rootAttrs: { style: { color: 'red' } } },") == [
        "app.rootAttrs.style: expected true, false, null, a string or a number, got an object"
    ]
    assert errors("app: { spaLoaderAttrs: { id: 3, class: 'x' } },") == [
        "app.spaLoaderAttrs.id: expected a string, got 3"
    ]


def test_code_is_not_checked_but_said_so() -> None:
    found = diagnose("devServer: { port: Number(process.env.PORT) },")
    d = one(found, "devServer.port")
    assert (d.severity, d.message) == ("info", "not checked (code); expected a whole number from 0 to 65535")
    # Where code is a valid value (functions, any), nothing is said.
    assert diagnose("hooks: { ready: () => {} }, runtimeConfig: { public: { x: process.env.X } },") == []


def test_undefined_means_not_set() -> None:
    assert diagnose("ssr: undefined, devServer: { port: undefined },") == []


def test_a_group_given_a_scalar() -> None:
    assert errors("dir: 'src',") == [
        "dir: expected an object of options (dir.app, dir.assets, dir.layouts, …), got 'src'"
    ]


def test_checkers_are_compiled_once_per_type() -> None:
    t = parse_type("integer(1..65535)")
    assert compile_type(t) is compile_type(parse_type("integer(1..65535)"))
    assert check_value(t, 80, ("p",)) == []


def test_validating_imports_no_pydantic(tmp_path: Path) -> None:
    # A cache of its own, warmed by a first process: the compiled cache is what spares validation pydantic.
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path)}
    warm = "from fwk_tui.catalog import load_catalog; load_catalog()"
    subprocess.run([sys.executable, "-c", warm], capture_output=True, text=True, check=True, env=env)
    code = (
        "import sys\n"
        "from fwk_tui.catalog import load_catalog\n"
        "from fwk_tui.source import ConfigDocument\n"
        "from fwk_tui.validate import check_document\n"
        "doc = ConfigDocument.parse(\"export default { devServer: { port: 'x' } }\")\n"
        "assert check_document(doc, load_catalog(), 'A').diagnostics\n"
        "print('pydantic' in sys.modules)\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env)
    assert proc.stdout.strip() == "False"


@pytest.mark.parametrize("variant", ["A", "B"])
def test_a_clean_config_has_no_diagnostics(variant: Variant) -> None:
    body = """
  compatibilityDate: '2025-07-22',
  ssr: true,
  app: { baseURL: '/docs/', head: { title: 'Docs', meta: [{ name: 'x', content: 'y' }] } },
  devServer: { port: 4000, host: 'localhost' },
  modules: ['@fwk/image'],
  runtimeConfig: { apiSecret: '', public: { apiBase: '/api' } },
  routeRules: { '/admin/**': { ssr: false } },
  typescript: { strict: true },
"""
    assert diagnose(body, variant) == []


# -- the type audit: no error the reference does not state (each decision: docs/type-decisions.md) --------------


def test_css_items_may_be_objects_the_reference_gives_no_item_type() -> None:
    body = "css: ['~/assets/main.css', { src: '~/assets/theme.scss', lang: 'scss' }, '@scope/ui/style.css'],"
    assert diagnose(body) == []
    assert errors("css: [42],") == ["css[0]: expected a string or an object, got 42"]


def test_keyed_composables_need_a_name_and_an_argument_length_not_a_source() -> None:
    assert diagnose("optimization: { keyedComposables: [{ name: 'useX', argumentLength: 2 }] },") == []
    assert warnings("optimization: { keyedComposables: [{ argumentLength: 2, source: '~/x' }] },") == [
        "optimization.keyedComposables[0]: missing name (expected an object {name, argumentLength, source})"
    ]


def test_required_fields_only_where_the_value_cannot_work_without_them() -> None:
    # build.templates: the reference marks neither src nor dst required.
    assert errors("build: { templates: [{ filename: 'x.mjs', getContents: () => 'export {}' }] },") == []
    # plugins: src names the file to load; mode is optional.
    assert errors("plugins: [{ src: '~/plugins/a.ts' }],") == []
    assert warnings("plugins: [{ mode: 'client' }],") == ["plugins[0]: missing src (expected an object {src, mode})"]


def test_a_one_item_module_is_an_info_with_a_fix_to_the_string_form() -> None:
    # the framework's own type takes [module, options?]: only the reference's words differ
    found = diagnose("modules: ['@fwk/image', ['@scope/pwa'], ['@scope/seo', { a: 1 }], ['@scope/og']],")
    assert [(d.severity, d.path, d.rule) for d in found] == [
        ("info", "modules[1]", "undocumented-shape"),
        ("info", "modules[3]", "undocumented-shape"),
    ]
    d = found[0]
    assert d.message == (
        "a one-item ['@scope/pwa'] is the same module as the string '@scope/pwa', the form the reference documents"
    )
    assert d.fix is not None and (d.fix.kind, d.fix.path, d.fix.value) == ("set", "modules[1]", "@scope/pwa")
    # Other items are still checked as usual beside a tolerated one.
    assert errors("modules: [['@scope/pwa'], true],") == [
        "modules[1]: expected a string, a list [string, object] or a function, got true"
    ]


def test_an_extends_pair_is_an_info_not_an_error() -> None:
    found = diagnose("extends: ['./base', ['github:org/theme', { auth: 'x' }]],")
    assert [(d.severity, d.path, d.rule, d.fix) for d in found] == [("info", "extends[1]", "undocumented-shape", None)]


def test_a_name_where_the_reference_says_function_is_an_info_when_the_framework_takes_it() -> None:
    # the framework's type: a function, a list of names, or one of its presets (in either spelling)
    for preset in ("cssminifierLast", "cssnanoLast"):
        d = one(diagnose(f"cssproc: {{ order: '{preset}' }},"), "cssproc.order")
        assert (d.severity, d.rule) == ("info", "undocumented-shape")
        assert d.message.startswith("the reference documents cssproc.order as a function; a preset name")
    assert one(diagnose("cssproc: { order: ['prefixer', 'cssminifier'] },"), "cssproc.order").severity == "info"
    assert errors("cssproc: { order: 'presetName' },") == ["cssproc.order: expected a function, got 'presetName'"]
    assert errors("cssproc: { order: 42 },") == ["cssproc.order: expected a function, got 42"]
    d = one(diagnose("wbuild: { filenames: { chunk: '[name].js' } },"), "wbuild.filenames.chunk")
    assert (d.severity, d.rule) == ("info", "undocumented-shape")
    assert errors("devServer: { loadingTemplate: '<p>…</p>' },") == [
        "devServer.loadingTemplate: expected a function, got '<p>…</p>'"
    ]


def test_compatibility_version_5_is_an_info_where_the_framework_takes_it() -> None:
    # the framework's major 4 takes 4 | 5, its major 3 takes 3 | 4
    found = diagnose("future: { compatibilityVersion: 5 },", "A")
    d = one(found, "future.compatibilityVersion", "undocumented-shape")
    assert (d.severity, d.message) == ("info", "the reference describes compatibility versions 3 and 4 only, not 5")
    assert errors("future: { compatibilityVersion: 5 },", "B") == [
        "future.compatibilityVersion: expected one of 3, 4, got 5"
    ]
    assert errors("future: { compatibilityVersion: 'v4' },", "B") == [
        "future.compatibilityVersion: expected one of 3, 4, got 'v4'"
    ]


def test_objects_the_reference_leaves_open_are_not_narrowed() -> None:
    assert errors("view: { transformAssetUrls: { includeAbsolute: false, tags: { img: ['src'] } } },") == []
    assert errors("vbuild: { viewJsx: { isCustomElement: (tag) => tag.startsWith('x-') } },") == []
    assert errors("srv: { routeRules: { '/a': { prerender: true } } },") == []
    assert errors("watchers: { wbuild: { aggregateTimeout: 300.5 } },") == []


def test_a_config_full_of_shapes_people_write_checks_with_no_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from fwk_tui.cli import main

    text = (
        "export default defineFwkConfig({\n"
        "  css: [{ src: '~/a.css', lang: 'scss' }],\n"
        "  modules: [['@scope/pwa']],\n"
        "  optimization: { keyedComposables: [{ name: 'useX', argumentLength: 2 }] },\n"
        "  cssproc: { order: 'cssminifierLast' },\n"
        "})\n"
    )
    path = tmp_path / "fwk.config.ts"
    path.write_text(text)
    code = main(["check", str(path)])
    out, err = capsys.readouterr()
    assert code == 0, out
    assert out.endswith("0 errors, 0 warnings, 2 infos (infos hidden; --verbose shows them)\n")
    assert err == ""
    assert path.read_text() == text


def test_check_fix_writes_the_one_item_module_as_a_string(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from fwk_tui.cli import main

    path = tmp_path / "fwk.config.ts"
    path.write_text("export default defineFwkConfig({\n  modules: ['@fwk/image', ['@scope/pwa']],\n})\n")
    code = main(["check", "--fix", str(path)])
    out, err = capsys.readouterr()
    assert code == 0, out + err
    assert path.read_text() == "export default defineFwkConfig({\n  modules: ['@fwk/image', '@scope/pwa'],\n})\n"


def test_every_tolerated_shape_is_named_in_its_options_type_note() -> None:
    from fwk_tui.catalog import load_catalog
    from fwk_tui.paths import format_path
    from fwk_tui.validate.tolerated import TOLERATED

    catalog = load_catalog()
    unnamed = []
    for path in TOLERATED:
        option = catalog.get(format_path(path))
        if option is None or option.type_note is None or "(undocumented shapes)" not in option.type_note.why:
            unnamed.append(format_path(path))
    assert unnamed == []
