"""Fixes apply cleanly and make their diagnostic go away; diagnostics point at the value."""

from __future__ import annotations

import pytest

from fwk_tui.catalog import load_catalog
from fwk_tui.source import ConfigDocument
from fwk_tui.validate import apply_fix, check_document, validate
from tests.validate.helpers import config, one


@pytest.mark.parametrize(
    ("body", "path", "kind", "after"),
    [
        ("compatibiltyDate: '2025-01-01',", "compatibiltyDate", "rename", {"compatibilityDate": "2025-01-01"}),
        ("devServer: { port: '3000' },", "devServer.port", "set", {"devServer": {"port": 3000}}),
        ("devServer: { port: 3000, url: 'http://x' },", "devServer.url", "unset", {"devServer": {"port": 3000}}),
        ("server: { port: 4000 },", "server.port", "move", {"server": {}, "devServer": {"port": 4000}}),
        ("unhead: { legacy: true },", "unhead", "rename", {"headmgr": {"legacy": True}}),
        (
            "runtimeConfig: { public: { apiSecret: 'x' } },",
            "runtimeConfig.public.apiSecret",
            "move",
            {"runtimeConfig": {"public": {}, "apiSecret": "x"}},
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
    found = validate(load_catalog(), {"devServer": {"port": 0}}, "A")
    assert [(d.line, d.column) for d in found] == [(1, 1)]


def test_diagnostics_come_in_source_order() -> None:
    doc = config("ssrr: true,\ndevServer: { port: 0 },\napp: { baseURL: './' },")
    lines = [d.line for d in check_document(doc, load_catalog(), "A").diagnostics]
    assert lines == sorted(lines) and len(lines) == 3
