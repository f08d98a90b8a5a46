"""A misspelt object beside the key it meant: the merge is offered first (its values kept), then the removal."""

from __future__ import annotations

from fwk_tui.source import ConfigDocument
from fwk_tui.validate import apply_fix
from fwk_tui.validate.fixes import is_safe, is_unsafe
from fwk_tui.validate.merge_fix import choices
from tests.validate.helpers import config, diagnose, one


def test_a_misspelt_object_beside_its_key_is_merged_first_then_removed() -> None:
    body = "  devServr: { port: 3000 },\n  devServer: { host: 'x' },"
    d = one(diagnose(body), "devServr")
    assert d.message == "unknown option devServr; did you mean devServer? (devServer is already set)"
    assert [(f.kind, f.title) for f in d.fixes] == [
        ("merge", "Merge devServr into devServer"),
        ("unset", "Remove devServr (devServer is already set)"),
    ]
    assert d.fix is not None and (d.fix.new_path, d.fix.conflicts, d.fix.needs_choice) == ("devServer", (), False)
    assert not is_safe(d) and is_unsafe(d)  # the misspelt values start to count
    fixed = apply_fix(config(body), d.fix)
    assert fixed.text == "export default defineFwkConfig({\n  devServer: { host: 'x', port: 3000 },\n})\n"
    assert diagnose("  devServer: { host: 'x', port: 3000 },") == []


def test_a_nested_misspelt_object_merges_into_its_sibling() -> None:
    body = "  devServer: {\n    httpz: { key: 'k.pem' },\n    https: { cert: 'c.pem' },\n  },"
    d = one(diagnose(body), "devServer.httpz")
    assert d.fix is not None and (d.fix.kind, d.fix.new_path) == ("merge", "devServer.https")
    fixed = apply_fix(config(body), d.fix)
    assert "https: { cert: 'c.pem', key: 'k.pem' }," in fixed.text and "httpz" not in fixed.text


def test_keys_set_differently_in_both_wait_for_a_choice() -> None:
    body = "  devServr: { port: 3000, https: { key: 'a' } },\n  devServer: { port: 4000, https: { key: 'b' } },"
    d = one(diagnose(body), "devServr")
    fix = d.fix
    assert fix is not None and fix.conflicts == ("port", "https.key") and fix.needs_choice
    assert fix.title == "Merge devServr into devServer (port, https.key are set in both: choose which to keep)"
    assert not is_safe(d) and not is_unsafe(d)  # nothing applies it without a person
    keep, take = choices(fix)
    assert keep.title == "Merge devServr into devServer, keeping devServer's port, https.key"
    assert take.title == "Merge devServr into devServer, taking devServr's port, https.key"
    doc = config(body)
    assert "devServer: { port: 4000, https: { key: 'b' } }," in apply_fix(doc, keep).text
    assert "devServer: { port: 3000, https: { key: 'a' } }," in apply_fix(doc, take).text


def test_equal_values_are_no_conflict_and_true_is_not_one() -> None:
    d = one(diagnose("  devServr: { port: 3000, https: true },\n  devServer: { port: 3000, https: 1 },"), "devServr")
    assert d.fix is not None and d.fix.conflicts == ("https",)


def test_a_misspelt_scalar_beside_its_key_is_still_removed() -> None:
    d = one(diagnose("  ssrr: false,\n  ssr: true,"), "ssrr")
    assert [f.kind for f in d.fixes] == ["unset"]
    assert d.fix is not None and d.fix.new_path == "ssr"  # the editor's focus goes there after it
    d = one(diagnose("  devServr: 3000,\n  devServer: { host: 'x' },"), "devServr")
    assert [f.kind for f in d.fixes] == ["unset"]


def test_the_other_spellings_that_said_merge_the_two_offer_the_merge() -> None:
    d = one(diagnose("  unhead: { legacy: true },\n  headmgr: { renderSSRHeadOptions: {} },"), "unhead")
    assert d.fix is not None and (d.fix.kind, d.fix.new_path) == ("merge", "headmgr")
    assert not is_safe(d)  # an alias's rename is safe; a merge is not
    d = one(diagnose("  runtimeConfig: { public: { a: 1 }, pubilc: { b: 2 } },"), "runtimeConfig.pubilc")
    assert d.fix is not None and d.fix.kind == "merge"
    doc = ConfigDocument.parse("export default { runtimeConfig: { public: { a: 1 }, pubilc: { b: 2 } } }\n")
    assert apply_fix(doc, d.fix).text == "export default { runtimeConfig: { public: { a: 1, b: 2 } } }\n"
