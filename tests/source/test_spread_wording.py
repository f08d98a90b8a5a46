"""How a spread note reads: a condition's two values, and a const the file writes and code also changes."""

from __future__ import annotations

from fwk_tui.source import ConfigDocument
from fwk_tui.source.spreads import spread_notes


def _messages(text: str, path: tuple[str, ...], value: object) -> list[str]:
    doc = ConfigDocument.parse(text)
    return [n.message() for n in spread_notes(doc, doc.set(path, value), path)]


def test_a_condition_with_a_value_in_each_branch_says_which_when() -> None:
    text = (
        "const extra = process.env.CI ? { telemetry: false } : { telemetry: true }\n"
        "export default defineFwkConfig({\n"
        "  dev: false,\n"
        "  ...extra,\n"
        "})\n"
    )
    assert _messages(text, ("telemetry",), True) == [
        "`...extra`: `extra` (line 1) sets telemetry: false when process.env.CI, else true, "
        "which this edit replaces at run time (a key written after a spread wins over it)"
    ]


def test_a_const_changed_by_code_says_what_it_sets_and_where_code_changes_it() -> None:
    text = (
        "const base = {\n"
        "  app: { baseURL: '/' },\n"
        "  ssr: true,\n"
        "}\n"
        "base.dev = true\n"
        "export default defineFwkConfig({\n"
        "  dev: false,\n"
        "  ...base,\n"
        "})\n"
    )
    assert _messages(text, ("ssr",), False) == [
        "`...base`: `base` (line 1) sets ssr: true (line 3), and is changed by code on line 5, "
        "which this edit would replace at run time (a key written after a spread wins over it)"
    ]
    # A key the literal does not hold may still come from the code that changes it.
    assert _messages(text, ("devServer", "port"), 3000)[0].startswith(
        "`...base` may define devServer (`base` is changed by code on line 5)"
    )
