"""check_document on configs with spreads: what a readable spread holds is checked, the rest is named."""

from __future__ import annotations

from fwk_tui.catalog import load_catalog
from fwk_tui.source import ConfigDocument
from fwk_tui.validate import check_document
from fwk_tui.validate.codes import code_of


def _check(source: str) -> list[tuple[str, int, int, str, str]]:
    result = check_document(ConfigDocument.parse(source), load_catalog(), "A")
    return [(d.code, d.line, d.column, d.path, d.message) for d in result.diagnostics]


def test_a_local_const_spread_is_checked_where_its_values_are_written() -> None:
    source = (
        "const shared = {\n"
        "  router: { options: { hashMode: 'on' } },\n"
        "  buildModules: ['@scope/thing'],\n"
        "}\n"
        "export default defineFwkConfig({\n"
        "  devServer: { port: 3001 },\n"
        "  ...shared,\n"
        "})\n"
    )
    found = _check(source)
    assert [(c, line, col, path) for c, line, col, path, _ in found] == [
        ("FWK201", 2, 34, "router.options.hashMode"),
        ("FWK105", 3, 3, "buildModules"),
    ]
    assert all(m.endswith("(set by `...shared` on line 7)") for *_, m in found)
    # The fix of a value a spread gives would edit the config, not the const: none is offered.
    result = check_document(ConfigDocument.parse(source), load_catalog(), "A")
    assert all(d.fix is None for d in result.diagnostics)


def test_each_branch_of_a_conditional_spread_is_checked() -> None:
    source = (
        "export default defineFwkConfig({\n"
        "  ...(process.env.STAGING ? { devServer: { port: 99999 } } : { telemetry: 'maybe' }),\n"
        "})\n"
    )
    found = _check(source)
    assert [(c, line, col, path) for c, line, col, path, _ in found] == [
        ("FWK339", 2, 50, "devServer.port"),
        ("FWK201", 2, 75, "telemetry"),
    ]
    assert found[0][4].endswith("when process.env.STAGING)")
    assert found[1][4].endswith("when not process.env.STAGING)")


def test_an_unreadable_spread_is_not_checked_and_named() -> None:
    source = (
        "import { preset } from './preset'\n"
        "export default defineFwkConfig({\n"
        "  ssr: true,\n"
        "  ...preset,\n"
        "  devServer: { ...makeDev() },\n"
        "  ...sharedConfig,\n"
        "})\n"
    )
    assert _check(source) == [
        (
            code_of("not-checked"),
            4,
            3,
            "",
            "not checked: `...preset` (line 4) may add keys fwk-tui cannot read: `preset` is imported",
        ),
        (
            "FWK401",
            5,
            16,
            "",
            "not checked: `...makeDev()` (line 5) may add keys fwk-tui cannot read: "
            "a call: its result is not in the file",
        ),
        (
            "FWK401",
            6,
            3,
            "",
            "not checked: `...sharedConfig` (line 6) may add keys fwk-tui cannot read: "
            "`sharedConfig` is not a const of this file",
        ),
    ]


def test_a_const_changed_by_code_is_not_read() -> None:
    source = (
        "const base = { ssr: 'yes' }\n"
        "Object.assign(base, { ssr: true })\n"
        "export default defineFwkConfig({ ...base })\n"
    )
    found = [f for f in _check(source) if f[0] == "FWK401" and "`...base`" in f[4]]
    assert [(line, col, m) for _, line, col, _, m in found] == [
        (3, 34, "not checked: `...base` (line 3) may add keys fwk-tui cannot read: `base` is changed by code on line 2")
    ]
    assert not [f for f in _check(source) if f[0] == "FWK201"]  # its literal is not what runs


def test_a_key_before_a_spread_that_sets_it_again_has_no_effect() -> None:
    source = (
        "const base = { ssr: true, app: { baseURL: '/' } }\n"
        "export default defineFwkConfig({\n"
        "  ssr: false,\n"
        "  devServer: { port: 3000 },\n"
        "  ...base,\n"
        "  app: { baseURL: '/x/' },\n"
        "})\n"
    )
    assert _check(source) == [
        (
            "FWK108",
            3,
            3,
            "ssr",
            "ssr is set again by `...base` (line 5), which comes after it and wins at run time: "
            "this value has no effect",
        )
    ]


def test_a_key_a_conditional_spread_may_set_again_says_when() -> None:
    source = "export default defineFwkConfig({\n  ssr: false,\n  ...(process.env.CI && { ssr: true }),\n})\n"
    found = _check(source)
    assert [(c, line, col) for c, line, col, *_ in found] == [("FWK108", 2, 3)]
    assert "when process.env.CI," in found[0][4]


def test_spreads_that_hold_each_other_stop() -> None:
    source = (
        "const a = { ...b, ssr: 1 }\n"
        "const b = { ...a }\n"
        "export default defineFwkConfig({ ...a })\n"
    )
    found = _check(source)
    assert ("FWK201", 1, 24, "ssr") in [f[:4] for f in found]
    assert any(f[0] == "FWK401" and "it holds itself" in f[4] for f in found)


def test_a_const_spread_many_times_is_read_within_a_budget() -> None:
    # Each const spreads the one before it twice: read naively, 2**40 objects.
    lines = ["const c0 = { devServer: { port: 3000 } }"]
    lines += [f"const c{i} = {{ ...c{i - 1}, ...c{i - 1} }}" for i in range(1, 41)]
    source = "\n".join(lines) + "\nexport default defineFwkConfig({ ...c40 })\n"
    found = _check(source)
    assert any(f[0] == "FWK401" and "too many spreads" in f[4] for f in found)


def test_a_config_without_spreads_is_checked_as_before() -> None:
    source = "export default defineFwkConfig({\n  ssr: false,\n  devServer: { port: 3000 },\n})\n"
    assert _check(source) == []
