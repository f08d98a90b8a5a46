"""Snapshots of representative fields at 80 columns (reviewed like code)."""

from __future__ import annotations

from tests.tui.fields.harness import FieldHarness, FormHarness, config

SCALARS = config(
    "  ssr: false,\n"
    "  app: { baseURL: 'base/' },\n"
    "  devServer: { port: 70000 },\n"
)

STRUCTURES = config(
    "  app: { pageTransition: { name: 'page', mode: 'out-in' } },\n"
    "  runtimeConfig: { public: { apiBase: '/api' }, secret: process.env.SECRET },\n"
)


def test_snapshot_scalars(snap_compare) -> None:  # type: ignore[no-untyped-def]
    app = FormHarness(["ssr", "app.baseURL", "devServer.port", "typescript.typeCheck", "app.cdnURL"], SCALARS)
    assert snap_compare(app, terminal_size=(80, 24))


def test_snapshot_union_and_record(snap_compare) -> None:  # type: ignore[no-untyped-def]
    app = FormHarness(["app.pageTransition", "runtimeConfig"], STRUCTURES)
    assert snap_compare(app, terminal_size=(80, 24), press=["tab", "tab", "tab", "enter"])


def test_snapshot_list_with_an_open_item(snap_compare) -> None:  # type: ignore[no-untyped-def]
    app = FieldHarness("modules", config("  modules: ['@fwk/a', ['@fwk/b', { x: 1 }], () => import('./c')],"))
    assert snap_compare(app, terminal_size=(80, 24), press=["tab", "down", "down", "enter"])


def test_snapshot_code_with_a_parse_error(snap_compare) -> None:  # type: ignore[no-untyped-def]
    async def type_broken_code(pilot) -> None:  # type: ignore[no-untyped-def]
        await pilot.press("tab")
        pilot.app.field.editor.area.load_text("(data: Data) => {\n  return `<h1>${data.title}</h1>` +\n}")
        await pilot.press("ctrl+enter")
        await pilot.pause()

    app = FieldHarness("devServer.loadingTemplate")
    assert snap_compare(app, terminal_size=(80, 24), run_before=type_broken_code)


def test_snapshot_user_text_shown_literally(snap_compare) -> None:  # type: ignore[no-untyped-def]
    markup = r"'[bold]x[/]\x1b[2J\x07 [link=https://e.com]y[/link]'"
    app = FormHarness(
        ["app.buildAssetsDir", "css", "alias"],
        config(f"  app: {{ buildAssetsDir: {markup} }},\n  css: [{markup}],\n  alias: {{ {markup}: './x' }},"),
    )
    assert snap_compare(app, terminal_size=(80, 24))
