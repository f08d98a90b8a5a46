"""Fixes apply cleanly and make their diagnostic go away; diagnostics point at the value, or at their key."""

from __future__ import annotations

import pytest

from fwk_tui.catalog import load_catalog
from fwk_tui.source import ConfigDocument
from fwk_tui.validate import Diagnostic, Fix, apply_fix, check_document, key_positions_of, positions_of, validate
from tests.validate.helpers import config, one


@pytest.mark.parametrize(
    ("body", "path", "kind", "after"),
    [
        ("compatibiltyDate: '2025-01-01',", "compatibiltyDate", "rename", {"compatibilityDate": "2025-01-01"}),
        ("devServer: { port: '3000' },", "devServer.port", "set", {"devServer": {"port": 3000}}),
        ("devServer: { port: 3000, url: 'http://x' },", "devServer.url", "unset", {"devServer": {"port": 3000}}),
        ("server: { port: 4000 },", "server.port", "move", {"devServer": {"port": 4000}}),  # server left empty goes
        ("unhead: { legacy: true },", "unhead", "rename", {"headmgr": {"legacy": True}}),
        (
            "runtimeConfig: { public: { apiSecret: 'x' } },",
            "runtimeConfig.public.apiSecret",
            "move",
            {"runtimeConfig": {"apiSecret": "x"}},
        ),
        ("components: [{ path: 'ui' }],", "components", "set", {"components": {"dirs": [{"path": "ui"}]}}),
        ("plugins: ['a.ts', 'a.ts'],", "plugins[1]", "unset", {"plugins": ["a.ts"]}),
    ],
)
def test_fix_resolves_its_diagnostic(body: str, path: str, kind: str, after: dict[str, object]) -> None:
    doc = config(body)
    catalog = load_catalog()
    d = next(d for d in check_document(doc, catalog, "A").diagnostics if d.path == path and d.fix)
    assert d.fix is not None and d.fix.kind == kind
    fixed = apply_fix(doc, d.fix)
    assert fixed.values() == after
    assert [x for x in check_document(fixed, catalog, "A").diagnostics if x.severity != "info"] == []


def test_position_is_the_value() -> None:
    doc = ConfigDocument.parse("export default defineFwkConfig({\n  devServer: {\n    port: 70000,\n  },\n})\n")
    d = one(check_document(doc, load_catalog(), "A").diagnostics, "devServer.port")
    assert (d.line, d.column) == (3, 11)
    assert d.span is not None and doc.data[d.span.start : d.span.end] == b"70000"


def test_a_missing_field_points_at_its_object() -> None:
    doc = ConfigDocument.parse("export default {\n  plugins: [\n    { mode: 'client' },\n  ],\n}\n")
    d = one(check_document(doc, load_catalog(), "A").diagnostics, "plugins[0]")
    assert (d.line, d.column) == (3, 5)


def test_a_rule_about_an_absent_option_points_at_the_nearest_parent() -> None:
    """app.viewTransition's fix sets experimental.viewTransition; the diagnostic stays where the user wrote."""
    doc = ConfigDocument.parse("export default {\n  app: { viewTransition: true },\n}\n")
    d = one(check_document(doc, load_catalog(), "A").diagnostics, "app.viewTransition")
    assert (d.line, d.column) == (2, 26)


def test_without_positions_everything_is_at_1_1() -> None:
    found = validate(load_catalog(), {"devServer": {"port": -1}}, "A")
    assert [(d.line, d.column) for d in found] == [(1, 1)]


def test_diagnostics_come_in_source_order() -> None:
    doc = config("ssrr: true,\ndevServer: { port: -1 },\napp: { baseURL: './' },")
    lines = [d.line for d in check_document(doc, load_catalog(), "A").diagnostics]
    assert lines == sorted(lines) and len(lines) == 3


def test_a_diagnostic_about_a_key_points_at_the_key_even_on_another_line() -> None:
    doc = ConfigDocument.parse("export default defineFwkConfig({\n  ssrr:\n    false,\n})\n")
    d = one(check_document(doc, load_catalog(), "A").diagnostics, "ssrr")
    assert (d.line, d.column, d.about_key) == (2, 3, True)
    assert d.span is not None and doc.data[d.span.start : d.span.end] == b"ssrr"


def test_a_nested_hook_key_is_pointed_at() -> None:
    doc = ConfigDocument.parse("export default {\n  hooks: {\n    dev: { 'ssr-logs'() {} },\n  },\n}\n")
    d = one(check_document(doc, load_catalog(), "A").diagnostics, "hooks.dev:ssr-logs")
    assert (d.rule, d.line, d.column) == ("dev-logs-hook-without-dev-logs", 3, 12)


def test_an_array_item_to_remove_points_at_the_item() -> None:
    """An item has no key: the diagnostic stays at its value."""
    doc = ConfigDocument.parse("export default {\n  plugins: ['a.ts',\n    'a.ts'],\n}\n")
    d = one(check_document(doc, load_catalog(), "A").diagnostics, "plugins[1]", "duplicate-plugin")
    assert (d.about_key, d.line, d.column) == (True, 3, 5)


def test_a_fix_that_renames_moves_or_removes_the_key_makes_it_about_the_key() -> None:
    renames_moves_removes = (
        Fix("rename", "a.b", "t", new_key="c"),
        Fix("move", "a.b", "t", new_path="c"),
        Fix("unset", "a.b", "t"),
    )
    for fix in renames_moves_removes:
        assert Diagnostic("warning", "a.b", "m", "r", fix).about_key
    assert not Diagnostic("warning", "a.b", "m", "r", Fix("set", "a.b", "t", value=1)).about_key
    assert not Diagnostic("warning", "a.b", "m", "r", Fix("unset", "c", "t")).about_key  # another path's key
    assert not Diagnostic("warning", "a.b", "m", "r").about_key


def test_validate_places_with_value_and_key_positions() -> None:
    doc = ConfigDocument.parse("export default {\n  ssrr: 1,\n  devServer: { port: -1 },\n}\n")
    found = validate(
        load_catalog(), doc.values(), "A", positions=positions_of(doc), key_positions=key_positions_of(doc)
    )
    assert [(d.path, d.line, d.column) for d in found] == [("ssrr", 2, 3), ("devServer.port", 3, 22)]
