"""`check` judges an installed module's options by its declarations: a misspelt key, a value outside its type,
as warnings with the module named; a module listed but not installed says so; nothing is guessed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.helpers import run
from tests.modules.test_declarations import COLOR_MODE
from tests.modules.test_installed import _install


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    manifest = {"name": "@fwk/color-mode", "version": "4.0.1", "configKey": "colorMode"}
    _install(tmp_path, "@fwk/color-mode", {"module.d.mts": COLOR_MODE}, manifest)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _check(capsys: pytest.CaptureFixture[str], config: str) -> tuple[int, list[dict[str, object]], str]:
    Path("fwk.config.ts").write_text(f"export default defineFwkConfig({{ {config} }})\n")
    code, out, err = run(capsys, "check", "--format", "json")
    return code, json.loads(out), err


def test_a_misspelt_key_and_a_value_outside_the_modules_type_are_warnings(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, found, err = _check(capsys, "modules: ['@fwk/color-mode'], colorMode: { preferenc: 'dark', storage: 'x' }")
    assert code == 0, err  # warnings: the declarations may be partial
    by_code = {d["code"]: d for d in found}
    assert set(by_code) == {"FWK110", "FWK204"}
    typo = by_code["FWK110"]
    assert typo["path"] == "colorMode.preferenc" and "did you mean preference?" in str(typo["message"])
    assert "(@fwk/color-mode 4.0.1)" in str(typo["message"]) and typo["fix"]["new_key"] == "preference"  # type: ignore[index]
    assert "'localStorage', 'sessionStorage', 'cookie'" in str(by_code["FWK204"]["message"])


def test_right_options_give_nothing_not_even_the_info_of_an_unknown_group(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, found, _ = _check(capsys, "modules: ['@fwk/color-mode'], colorMode: { preference: 'dark' }")
    assert (code, found) == (0, [])


def test_a_module_package_json_depends_on_is_known_without_being_listed(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    Path("package.json").write_text(json.dumps({"dependencies": {"@fwk/color-mode": "^4"}}))
    _, found, _ = _check(capsys, "colorMode: { storage: 'x' }")
    assert [d["code"] for d in found] == ["FWK204"]


def test_a_module_listed_but_not_installed_keeps_the_info_and_says_why(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, found, err = _check(capsys, "modules: ['@fwk/i18n'], i18n: { strategy: 'prefix_exceptt' }")
    assert code == 0 and [d["code"] for d in found] == ["FWK102"]
    assert "note: @fwk/i18n is not installed here (no node_modules/@fwk/i18n): install the project's packages" in err


def test_the_editor_and_the_language_server_give_the_same_warnings(project: Path) -> None:
    from lsprotocol import types
    from pygls.workspace.position_codec import PositionCodec

    from fwk_tui.catalog import load_catalog
    from fwk_tui.lsp.diagnostics import check_open
    from fwk_tui.lsp.documents import OpenDocument
    from fwk_tui.project import Project
    from fwk_tui.session import EditSession
    from fwk_tui.validate.codes import code_of

    file = project / "fwk.config.ts"
    file.write_text("export default defineFwkConfig({ modules: ['@fwk/color-mode'], colorMode: { preferenc: 1 } })\n")
    session = EditSession.open(file, load_catalog())
    assert [(d.path, code_of(d.rule)) for d in session.diagnostics] == [("colorMode.preferenc", "FWK110")]
    session.set("ssr", True)  # the next document: the modules read are kept while package.json is the same
    assert [code_of(d.rule) for d in session.diagnostics] == ["FWK110"]
    opened = OpenDocument.opened(file.as_uri(), file.read_text(), 1, PositionCodec(types.PositionEncodingKind.Utf16))
    served = check_open(opened, load_catalog(), Project.at(file))
    assert [d.code for d in served.diagnostics] == ["FWK110"]


def test_explain_says_a_modules_option_from_its_declarations(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    Path("fwk.config.ts").write_text("export default defineFwkConfig({ modules: ['@fwk/color-mode'] })\n")
    code, out, _ = run(capsys, "explain", "colorMode.storage")
    assert code == 0 and out.startswith("colorMode.storage    [module @fwk/color-mode 4.0.1]")
    assert "'localStorage' | 'sessionStorage' | 'cookie'" in out and "The default storage" in out
    code, out, _ = run(capsys, "explain", "colorMode.preference", "--json")
    data = json.loads(out)
    assert (data["module"]["config_key"], data["type"], data["default"]) == ("colorMode", "string", "`system`")
    code, _, err = run(capsys, "explain", "colorMode.preferenc")
    assert code == 4 and "did you mean colorMode.preference?" in err


def test_hover_on_a_modules_key_says_its_type_default_and_doc(project: Path) -> None:
    from fwk_tui.catalog import load_catalog
    from fwk_tui.lsp.hover import hover
    from fwk_tui.lsp.knowledge import Knowledge
    from fwk_tui.project import Project
    from fwk_tui.source import load_document
    from tests.lsp.knowledge_helpers import position_in

    file = project / "fwk.config.ts"
    file.write_text("export default defineFwkConfig({ modules: ['@fwk/color-mode'], colorMode: { storage: 'x' } })\n")
    doc = load_document(file)
    found = hover(doc, doc.text.index("storage") + 2, Knowledge.of(load_catalog(), doc, Project.at(file)),
                  position_in(doc.text))  # fmt: skip
    assert found is not None
    text = found.contents.value  # type: ignore[union-attr]
    assert "an option of the module `@fwk/color-mode 4.0.1`" in text and "The default storage" in text
    assert "'localStorage' | 'sessionStorage' | 'cookie'" in text


def test_completion_offers_a_modules_key_and_its_options_with_their_docs(project: Path) -> None:
    from fwk_tui.catalog import load_catalog
    from fwk_tui.lsp.complete import complete
    from fwk_tui.lsp.knowledge import Knowledge
    from fwk_tui.project import Project
    from fwk_tui.source import load_document
    from tests.lsp.knowledge_helpers import position_in

    file = project / "fwk.config.ts"
    file.write_text("export default defineFwkConfig({ modules: ['@fwk/color-mode'], colorMode: { pre } })\n")
    doc = load_document(file)
    known = Knowledge.of(load_catalog(), doc, Project.at(file))
    inside = complete(doc, doc.text.index("pre }") + 3, known, position_in(doc.text))
    storage = next(i for i in inside.items if i.label == "storage")
    assert "The default storage" in storage.documentation.value  # type: ignore[union-attr]
    assert {"preference", "cookieAttrs", "disableTransition", "nested"} <= {i.label for i in inside.items}
    top = complete(doc, doc.text.index("modules"), known, position_in(doc.text))
    assert "colorMode" not in {i.label for i in top.items}  # written already


def test_resolve_with_defaults_fills_in_a_modules_defaults_naming_it(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    Path("fwk.config.ts").write_text(
        "export default defineFwkConfig({ modules: ['@fwk/color-mode'], colorMode: { storage: 'cookie' } })\n"
    )
    _, out, _ = run(capsys, "resolve", "--with-defaults", "--json")
    values = json.loads(out)["values"]["colorMode"]
    assert (values["storage"], values["preference"], values["disableTransition"]) == ("cookie", "system", False)
    _, text, _ = run(capsys, "resolve", "--with-defaults")
    assert "colorMode.preference = 'system'    the default of module @fwk/color-mode 4.0.1" in text
    _, plain, _ = run(capsys, "resolve")
    assert "colorMode.preference" not in plain  # without --with-defaults: what is written


def test_why_names_a_modules_default_and_suggests_its_near_key(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    Path("fwk.config.ts").write_text(
        "export default defineFwkConfig({ modules: ['@fwk/color-mode'], colorMode: { storage: 'cookie' } })\n"
    )
    code, out, _ = run(capsys, "why", "colorMode.preference")
    assert code == 0
    assert "1. the default of module @fwk/color-mode 4.0.1: 'system'  <- the app gets this" in out
    code, out, _ = run(capsys, "why", "colorMode.preference", "--json")
    assert json.loads(out)["value"] == "system"
    code, out, _ = run(capsys, "why", "colorMode.storage")
    assert code == 0 and "1. the default of module @fwk/color-mode 4.0.1: 'localStorage'\n" in out
    assert "2. fwk.config.ts:1:86: 'cookie'  <- the app gets this" in out  # written: stronger than the module's
    code, out, _ = run(capsys, "why", "colorMode.prefrence")
    assert code == 4 and "did you mean colorMode.preference?" in out


def test_options_in_the_modules_entry_are_judged_by_the_same_type(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, found, _ = _check(capsys, "modules: [['@fwk/color-mode', { storag: 'cookie', preference: 3 }]]")
    assert code == 0
    assert [(d["code"], d["path"], d["severity"]) for d in found] == [
        ("FWK110", "modules[0][1].storag", "warning"),
        ("FWK204", "modules[0][1].preference", "warning"),
    ]
    assert "did you mean storage?" in str(found[0]["message"])


@pytest.mark.parametrize(
    "config",
    [
        "modules: ['@fwk/color-mode'], colorMode: { storage: '' }",
        "modules: [['@fwk/color-mode', { storage: '' }]]",
    ],
)
def test_completion_and_hover_in_a_modules_options_under_its_key_and_in_its_entry(project: Path, config: str) -> None:
    from fwk_tui.catalog import load_catalog
    from fwk_tui.lsp.complete import complete
    from fwk_tui.lsp.hover import hover
    from fwk_tui.lsp.knowledge import Knowledge
    from fwk_tui.project import Project
    from fwk_tui.source import load_document
    from tests.lsp.knowledge_helpers import position_in

    file = project / "fwk.config.ts"
    file.write_text(f"export default defineFwkConfig({{ {config} }})\n")
    doc = load_document(file)
    known = Knowledge.of(load_catalog(), doc, Project.at(file))
    values = complete(doc, doc.text.index("storage: ''") + 10, known, position_in(doc.text))
    assert [i.label for i in values.items] == ["localStorage", "sessionStorage", "cookie"]
    keys = complete(doc, doc.text.index("storage"), known, position_in(doc.text))
    assert {"preference", "storage", "disableTransition"} <= {i.label for i in keys.items}
    found = hover(doc, doc.text.index("storage") + 2, known, position_in(doc.text))
    assert found is not None and "an option of the module `@fwk/color-mode 4.0.1`" in found.contents.value  # type: ignore[union-attr]


def test_a_misspelt_choice_of_a_modules_option_names_the_near_one_with_a_fix(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, found, _ = _check(capsys, "modules: ['@fwk/color-mode'], colorMode: { storage: 'cokie' }")
    assert code == 0 and [(d["code"], d["path"]) for d in found] == [("FWK204", "colorMode.storage")]
    assert "got 'cokie'; did you mean 'cookie'? (@fwk/color-mode 4.0.1)" in str(found[0]["message"])
    code, _, _ = run(capsys, "check", "--fix")
    assert "storage: 'cokie'" in Path("fwk.config.ts").read_text()  # it changes what the module does: not safe


def test_why_says_what_check_says_of_the_value_and_nested_defaults_need_their_object(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    Path("fwk.config.ts").write_text(
        "export default defineFwkConfig({ modules: ['@fwk/color-mode'], colorMode: { storag: 'cookie' } })\n"
    )
    code, out, _ = run(capsys, "why", "colorMode.storag")
    assert code == 0
    assert "note: check: warning FWK110: unknown field storag in colorMode; did you mean storage?" in out
    # nested.deep.flag has no @default; nested has none either: none of its members is a value of the app's
    _, text, _ = run(capsys, "resolve", "--with-defaults")
    assert "colorMode.preference = 'system'" in text and "colorMode.nested" not in text


def test_a_nested_default_applies_where_its_object_is_given() -> None:
    from fwk_tui.resolve.defaults import ModuleDefault, add_module_defaults
    from fwk_tui.resolve.tree import Leaf, Obj

    label = "@fwk/i18n 10.6.0"
    defaults = [ModuleDefault(("i18n", "strategy"), "prefix", label), ModuleDefault(("i18n", "overrides", "locale"), "", label)]
    bare = Obj()
    assert add_module_defaults(bare, defaults) == 1  # the module's key comes with it; overrides does not
    assert set(bare.members["i18n"].members) == {"strategy"}  # type: ignore[union-attr]
    given = Obj({"i18n": Obj({"overrides": Obj({"other": Leaf(1, None)})})})
    assert add_module_defaults(given, defaults) == 2


def test_a_module_a_layer_lists_is_known_in_the_app_that_extends_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The base layer lists the module (its package installed beside it, as a workspace installs it); the app
    sets the module's options: they are checked, completed and explained as the app's own."""
    manifest = {"name": "@fwk/color-mode", "version": "4.0.1", "configKey": "colorMode"}
    base = tmp_path / "layers" / "base"
    base.mkdir(parents=True)
    _install(base, "@fwk/color-mode", {"module.d.mts": COLOR_MODE}, manifest)
    (base / "fwk.config.ts").write_text("export default defineFwkConfig({ modules: ['@fwk/color-mode'] })\n")
    app = tmp_path / "app"
    app.mkdir()
    (app / "fwk.config.ts").write_text(
        "export default defineFwkConfig({ extends: ['../layers/base'], colorMode: { storag: 'cookie' } })\n"
    )
    monkeypatch.chdir(app)
    code, out, _ = run(capsys, "check", "--format", "json")
    found = [(d["code"], d["path"]) for d in json.loads(out)]
    assert ("FWK110", "colorMode.storag") in found and ("FWK102", "colorMode") not in found
    code, out, _ = run(capsys, "explain", "colorMode.storage")
    assert code == 0 and "[module @fwk/color-mode 4.0.1]" in out
