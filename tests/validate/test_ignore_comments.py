"""`// fwk-tui-ignore CODE` on the line before a key silences that code there, and only there."""

from __future__ import annotations

from fwk_tui.catalog import load_catalog
from fwk_tui.source import ConfigDocument
from fwk_tui.validate import check_document

CONFIG = """\
export default defineFwkConfig({
  // fwk-tui-ignore FWK201
  ssr: 'yes',
  devServer: {
    /* fwk-tui-ignore FWK101, FWK201 */

    // the port is set by the platform
    prot: 3000,
  },
  spaLoadingTemplate: 'yes',
  // fwk-tui-ignore FWK101
  app: {},
})
"""


def check(text: str, positions: bool = True):  # type: ignore[no-untyped-def]
    return check_document(ConfigDocument.parse(text), load_catalog(), "A", positions=positions)


def test_the_comment_silences_its_code_on_the_next_line_with_code() -> None:
    result = check(CONFIG)
    assert [(i.diagnostic.path, i.diagnostic.code, i.comment_line) for i in result.ignored] == [
        ("ssr", "FWK201", 2),
        ("devServer.prot", "FWK101", 5),
    ]
    assert "ssr" not in {d.path for d in result.diagnostics}


def test_a_comment_that_silences_nothing_is_reported() -> None:
    unused = [(d.line, d.message) for d in check(CONFIG).diagnostics if d.code == "FWK501"]
    assert unused == [
        (5, "fwk-tui-ignore FWK201: line 8 has no FWK201 to silence; remove the comment"),
        (11, "fwk-tui-ignore FWK101: line 12 has no FWK101 to silence; remove the comment"),
    ]


def test_without_the_comment_the_same_diagnostics_are_there() -> None:
    plain = check(CONFIG.replace("fwk-tui-ignore", "note"))
    assert plain.ignored == []
    assert {("ssr", "FWK201"), ("devServer.prot", "FWK101")} <= {(d.path, d.code) for d in plain.diagnostics}


def test_another_code_on_that_line_is_not_silenced() -> None:
    result = check("export default {\n  // fwk-tui-ignore FWK101\n  ssr: 'yes',\n}\n")
    assert [d.code for d in result.diagnostics if d.path == "ssr"] == ["FWK201"]


def test_the_editor_which_does_not_place_diagnostics_gets_the_same_silence() -> None:
    result = check(CONFIG, positions=False)
    assert "ssr" not in {d.path for d in result.diagnostics}
    assert "devServer.prot" not in {d.path for d in result.diagnostics}
