"""A key written twice in one object: warned at the earlier copy, which a fix removes exactly."""

from __future__ import annotations

from pathlib import Path

import pytest

from fwk_tui.catalog import load_catalog
from fwk_tui.journal import decode_edit, encode_edit
from fwk_tui.session import Edit
from fwk_tui.source import ConfigDocument
from fwk_tui.validate import check_document
from fwk_tui.validate.fixes import apply_fix
from tests.cli.helpers import run
from tests.validate.helpers import at, config, diagnose, one

CONFIG = """\
export default defineFwkConfig({
  ssr: true,
  devServer: {
    port: 3000, // the old port
    'port': 4000,
  },
  app: { head: { title: 'a' }, "head": { title: 'b' } },
  ssr: false,
})
"""


def check(text: str) -> list:
    return check_document(ConfigDocument.parse(text), load_catalog(), "A").diagnostics


def test_the_earlier_copy_is_warned_at_its_key_naming_the_line_of_the_one_that_wins() -> None:
    found = [d for d in check(CONFIG) if d.rule == "duplicate-key"]
    assert [(d.path, d.line, d.column, d.severity, d.code) for d in found] == [
        ("ssr", 2, 3, "warning", "FWK106"),
        ("devServer.port", 4, 5, "warning", "FWK106"),
        ("app.head", 7, 10, "warning", "FWK106"),
    ]
    wins = "the later one wins, so this one has no effect"
    assert found[0].message == f"ssr is written again in the config object at line 8: {wins}"
    assert found[1].message == f"port is written again in devServer at line 5: {wins}"


def test_the_fix_removes_exactly_the_earlier_copy_and_keeps_the_rest_byte_for_byte() -> None:
    doc = ConfigDocument.parse(CONFIG)
    d = next(d for d in check(CONFIG) if d.path == "devServer.port")
    assert d.fix is not None and d.fix.title == "Remove the earlier port"
    fixed = apply_fix(doc, d.fix)
    assert fixed.text == CONFIG.replace("    port: 3000, // the old port\n", "")
    assert fixed.values() == doc.values()  # what the app gets is unchanged
    assert not at(check(fixed.text), "devServer.port", "duplicate-key")


def test_three_copies_each_earlier_one_points_at_the_next_and_is_removed_by_its_own_fix() -> None:
    text = "export default defineFwkConfig({\n  ssr: true,\n  ssr: false,\n  ssr: true,\n})\n"
    found = [d for d in check(text) if d.rule == "duplicate-key"]
    assert [(d.line, d.message.split(": ")[0]) for d in found] == [
        (2, "ssr is written again in the config object at line 3"),
        (3, "ssr is written again in the config object at line 4"),
    ]
    second = apply_fix(ConfigDocument.parse(text), found[1].fix)
    assert second.text == "export default defineFwkConfig({\n  ssr: true,\n  ssr: true,\n})\n"


@pytest.mark.parametrize(
    "body",
    [
        "devServer: { port: 3000, port: 4000 },",
        "devServer: { port: 3000, 'port': 4000 },",
        "devServer: { \"port\": 3000, ['port']: 4000 },",
        "devServer: { p\\u006frt: 3000, port: 4000 },",
        "alias: { 'a-b': './x', \"a-b\": './y' },",
        "modules: [['m', { o: 1, o: 2 }]],",
        # hooks read as flat names (build:done, build:before): the namespace written twice still is
        "hooks: { build: { done() {} }, build: { before() {} } },",
        "hooks: { build: { done() {}, done: () => {} } },",
        "$production: { hooks: { close() {}, 'close': () => {} } },",
    ],
)
def test_spellings_of_one_key_are_duplicates_at_any_depth(body: str) -> None:
    assert len([d for d in diagnose(body) if d.rule == "duplicate-key"]) == 1


@pytest.mark.parametrize(
    "body",
    [
        "devServer: { port: 3000, ...base, port: 4000 },",  # the spread may itself hold port
        "hooks: { get ready() { return 1 }, set ready(v) {} },",  # one property with a getter and a setter
        "devServer: { port: 3000, host: 'x' },",
        "a: { x: 1 }, b: { x: 2 },",  # the same key in two objects
    ],
)
def test_no_duplicate_where_javascript_keeps_both_or_a_spread_may_decide(body: str) -> None:
    assert not [d for d in diagnose(body) if d.rule == "duplicate-key"]


def test_what_an_overridden_copy_holds_is_not_reported_again() -> None:
    found = [d for d in diagnose("app: { x: 1, x: 2 },\n  app: { y: 1 },") if d.rule == "duplicate-key"]
    assert [d.path for d in found] == ["app"]


def test_no_fix_when_the_earlier_value_does_something_when_evaluated() -> None:
    assert one(diagnose("devServer: { port: getPort(), port: 4000 },"), "devServer.port", "duplicate-key").fix is None
    # A function's body does not run when the object is built: removing it changes nothing.
    d = one(diagnose("hooks: { ready: () => log(), ready: () => {} },"), "hooks.ready", "duplicate-key")
    assert d.fix is not None


def test_the_fix_survives_the_journal() -> None:
    d = one(diagnose("ssr: true,\n  ssr: false,"), "ssr", "duplicate-key")
    assert d.fix is not None
    edit = Edit("fix", d.fix.path, fix=d.fix)
    assert decode_edit(encode_edit(edit)) == edit


def test_remove_occurrence_refuses_a_copy_that_is_not_there() -> None:
    doc = config("ssr: true,")
    with pytest.raises(KeyError):
        doc.remove_occurrence("ssr", 1)
    with pytest.raises(KeyError):
        doc.remove_occurrence("devServer.port", 0)


def test_check_fix_removes_the_earlier_copies(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "fwk.config.ts").write_text(CONFIG, encoding="utf-8")
    code, out, err = run(capsys, "check")
    assert (code, err) == (0, "")
    assert "fwk.config.ts:4:5: warning FWK106: port is written again in devServer at line 5" in out
    code, out, err = run(capsys, "check", "--fix")
    assert (code, err) == (0, "")
    # the earlier port carries a comment: removing it would lose what the user wrote, so it stays
    assert "not fixed FWK106 at devServer.port: it would drop the comment // the old port" in out
    assert (tmp_path / "fwk.config.ts").read_text(encoding="utf-8") == (
        "export default defineFwkConfig({\n"
        "  devServer: {\n"
        "    port: 3000, // the old port\n"
        "    'port': 4000,\n"
        "  },\n"
        "  app: { \"head\": { title: 'b' } },\n"
        "  ssr: false,\n"
        "})\n"
    )
