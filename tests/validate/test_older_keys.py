"""Keys of the framework's older major version: a warning naming what replaced them, a fix where mechanical."""

from __future__ import annotations

from pathlib import Path

import pytest

from fwk_tui.catalog import load_catalog
from fwk_tui.journal import decode_edit, encode_edit
from fwk_tui.session import Edit
from fwk_tui.source import ConfigDocument
from fwk_tui.validate import check_document
from fwk_tui.validate.fixes import apply_fix
from fwk_tui.validate.index import index_of
from fwk_tui.validate.older_keys import OLDER_KEYS
from tests.cli.helpers import run
from tests.validate.helpers import diagnose, one

OLD = "is a key of the framework's older major version, which this one no longer reads"


def test_every_successor_named_by_path_is_in_the_catalogue() -> None:
    index = index_of(load_catalog())
    named = {key: s.path for key, s in OLDER_KEYS.items() if s.path is not None}
    assert len(named) >= 10
    for key, path in named.items():
        segments = tuple(path.split("."))
        assert segments in index.options or index.is_group(segments), (key, path)
        assert path in s_advice(key), (key, path)  # the message names what the table says


def s_advice(key: str) -> str:
    return OLDER_KEYS[key].advice


@pytest.mark.parametrize(
    ("body", "key", "advice"),
    [
        ("buildModules: ['@x/a'],", "buildModules", "list its items in modules"),
        ("devModules: ['@x/a'],", "devModules", "list its items in modules"),
        ("mode: 'spa',", "mode", "use ssr (mode: 'spa' is ssr: false)"),
        ("mode: 'universal',", "mode", "universal is the default (ssr: true); remove it"),
        ("pageTransition: { name: 'page' },", "pageTransition", "use app.pageTransition"),
        ("router: { base: '/docs/' },", "router.base", "use app.baseURL"),
        ("build: { publicPath: '/a/' },", "build.publicPath", "use app.cdnURL for a CDN's URL, app.buildAssetsDir"),
        ("build: { postcss: { preset: {} } },", "build.postcss", "use cssproc (the top-level CSS post-processor"),
        ("plugins: [{ src: '~/p.ts', ssr: false }],", "plugins[0].ssr", "use mode: 'client' (ssr: false)"),
        ("target: 'static',", "target", "prerender the pages of a static site (srv.prerender.routes)"),
        ("env: { API_URL: 'x' },", "env", "use runtimeConfig (runtimeConfig.public for what the browser reads)"),
        ("render: { compressor: false },", "render", "use the server engine's options (srv) and routeRules"),
        ("modern: 'client',", "modern", "remove it: modern JavaScript is what the bundler builds"),
        ("transition: 'page',", "transition", "use app.pageTransition"),
        ("loading: { color: 'blue' },", "loading", "use the <FwkLoadingIndicator> component in app.vue"),
        ("loadingIndicator: 'circle',", "loadingIndicator", "use spaLoadingTemplate (an HTML file)"),
        ("head: { title: 'x' },", "head", "use app.head"),
    ],
)
def test_an_older_key_is_a_warning_at_the_key_saying_what_to_use(body: str, key: str, advice: str) -> None:
    d = one(diagnose(body), key)
    assert (d.severity, d.rule, d.code, d.about_key) == ("warning", "older-major-key", "FWK105", True)
    assert d.message.startswith(f"{key.split('[0].')[-1]} {OLD}: {advice}")


@pytest.mark.parametrize(
    ("before", "after"),
    [
        ("mode: 'spa',\n  app: {},", "ssr: false,\n  app: {},"),  # in the old key's place
        ("mode: 'universal',\n  app: {},", "app: {},"),  # the default: it goes
        ("pageTransition: 'page',", "app: { pageTransition: { name: 'page' } },"),
        ("router: { base: '/docs/' },", "app: { baseURL: '/docs/' },"),  # the emptied group goes too
        ("build: { publicPath: 'https://cdn.acme.com/' },", "app: { cdnURL: 'https://cdn.acme.com/' },"),
        ("build: { publicPath: '/assets/' },", "app: { buildAssetsDir: '/assets/' },"),
        ("build: { postcss: { plugins: { prefixer: {} } } },", "cssproc: { plugins: { prefixer: {} } },"),
        ("plugins: [{ src: '~/p/chart.ts', ssr: false }],", "plugins: [{ src: '~/p/chart.ts', mode: 'client' }],"),
        ("plugins: [{ src: '~/plugins/chart.ts', ssr: true }],", "plugins: [{ src: '~/plugins/chart.ts' }],"),
        ("buildModules: ['@x/a'],", "modules: ['@x/a'],"),
        ("transition: 'page',", "app: { pageTransition: { name: 'page' } },"),
        ("layoutTransition: { name: 'fade' },", "app: { layoutTransition: { name: 'fade' } },"),
        ("head: { title: 'x' },", "app: { head: { title: 'x' } },"),
        ("publicRuntimeConfig: { apiBase: '/api' },", "runtimeConfig: { public: { apiBase: '/api' } },"),
        ("privateRuntimeConfig: { token: 't' },", "runtimeConfig: { token: 't' },"),
        ("target: 'server',\n  ssr: true,", "ssr: true,"),
        ("modern: true,\n  ssr: true,", "ssr: true,"),
    ],
)
def test_the_fix_writes_the_successor_where_the_move_is_mechanical(before: str, after: str) -> None:
    doc = ConfigDocument.parse(f"export default defineFwkConfig({{\n  {before}\n}})\n")
    d = next(d for d in check_document(doc, load_catalog(), "A").diagnostics if d.rule == "older-major-key")
    assert d.fix is not None
    fixed = apply_fix(doc, d.fix)
    assert fixed.values() == ConfigDocument.parse(f"export default defineFwkConfig({{\n  {after}\n}})\n").values()
    if "\n" in before:  # a rename keeps the key's place in the file
        assert fixed.text == f"export default defineFwkConfig({{\n  {after}\n}})\n"
    assert not [x for x in check_document(fixed, load_catalog(), "A").diagnostics if x.severity != "info"]


@pytest.mark.parametrize(
    "body",
    [
        "buildModules: ['@x/a'],\n  modules: ['@x/b'],",  # two lists to merge: a person's call
        "mode: 'spa',\n  ssr: true,",  # the successor is set already, to something else
        "mode: process.env.MODE,",
        "transition: { name: 'x', beforeEnter(el) {} },",  # the successor takes JSON-serializable props only
        "target: 'static',",
        "env: { A: 'x' },",  # code reads process.env: moving the values does not move the reads
        "loading: false,",
        "build: { postcss: { preset: { stage: 1 } } },",  # Nuxt 2's preset has no place in cssproc
        "router: { base: '/a/' },\n  app: { baseURL: '/b/' },",
        "plugins: [{ src: '~/p.ts', ssr: false, mode: 'server' }],",
    ],
)
def test_no_fix_where_the_move_is_not_mechanical(body: str) -> None:
    d = next(d for d in diagnose(body) if d.rule == "older-major-key")
    assert d.fix is None


def test_in_an_environment_block_the_fix_stays_in_the_block() -> None:
    doc = ConfigDocument.parse("export default defineFwkConfig({\n  $production: { mode: 'spa' },\n})\n")
    d = one(check_document(doc, load_catalog(), "A").diagnostics, "$production.mode")
    assert d.rule == "older-major-key" and d.fix is not None
    assert apply_fix(doc, d.fix).text == "export default defineFwkConfig({\n  $production: { ssr: false },\n})\n"


def test_an_older_key_nested_in_a_group_is_not_taken_for_one() -> None:
    # Only top-level keys have this history; `mode` inside vbuild is the bundler's own option.
    assert not [d for d in diagnose("vbuild: { mode: 'development' },") if d.rule == "older-major-key"]


def test_the_replace_fix_survives_the_journal() -> None:
    d = one(diagnose("mode: 'spa',"), "mode")
    assert d.fix is not None and d.fix.kind == "replace"
    edit = Edit("fix", d.fix.path, fix=d.fix)
    assert decode_edit(encode_edit(edit)) == edit


def test_check_names_the_older_key_at_its_line_and_fix_leaves_it_for_a_person(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    text = "export default defineFwkConfig({\n  ssr: true,\n  buildModules: ['@x/a'],\n})\n"
    (tmp_path / "fwk.config.ts").write_text(text, encoding="utf-8")
    code, out, err = run(capsys, "check")
    assert (code, err) == (0, "")
    assert f"fwk.config.ts:3:3: warning FWK105: buildModules {OLD}: list its items in modules" in out
    assert "= fix: Rename buildModules to modules" in out
    code, out, err = run(capsys, "check", "--fix")
    assert (tmp_path / "fwk.config.ts").read_text(encoding="utf-8") == text  # a module list that moves: asked, not done


def test_a_top_level_port_is_the_dev_server_port_misplaced() -> None:
    d = one(diagnose("port: 3000,"), "port")
    assert (d.severity, d.code, d.message) == (
        "warning",
        "FWK101",
        "port is not a top-level option; did you mean devServer.port?",
    )
    assert d.fix is not None and (d.fix.kind, d.fix.new_path) == ("move", "devServer.port")
