"""A module's own defaults, read from its built code (the ``defaults`` of its ``define...Module`` call): only
that text is parsed, nothing run; what code computes is no default."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fwk_tui.modules.built_defaults import MAX_BUILT_BYTES, built_defaults, leaf_values
from tests.cli.helpers import run
from tests.modules.test_declarations import COLOR_MODE
from tests.modules.test_installed import _install

SETUP = """
  async setup(options, fwk) {
    const text = `a ${options.x ? '{' : '}'} b`; // a } in a comment and in strings: '}' "}" `}`
    /* { */ if (options.storage === "cookie") { options.cookieAttrs ??= { "max-age": "31536000" }; }
  }
"""


@pytest.mark.parametrize(
    "code",
    [
        "export default defineFwkModule({\n  meta: { name: 'x', defaults: 'not this' },\n"
        "  defaults: { preference: 'system', storage: 'localStorage', nested: { deep: { flag: true } } },\n"
        + SETUP
        + "})\n",
        "const DEFAULTS = {\n  preference: 'system',\n  storage: \"localStorage\",\n"
        "  nested: { deep: { flag: true } },\n};\n"
        "const module$1 = defineFwkModule({ meta: { configKey: 'colorMode' }, defaults: DEFAULTS," + SETUP + "});\n",
        "export default defineFwkModule({ defaults: (fwk) => ({ preference: 'system', storage: 'localStorage',"
        " nested: { deep: { flag: true } } })," + SETUP + "});\n",
    ],
    ids=["written there", "a const it names", "an arrow function's object"],
)
def test_the_defaults_of_the_call_are_read_however_written(code: str) -> None:
    assert built_defaults(code.encode()) == {
        "preference": "system",
        "storage": "localStorage",
        "nested": {"deep": {"flag": True}},
    }


def test_what_code_computes_is_no_default_and_nothing_runs() -> None:
    code = b"""export default defineFwkModule({
  defaults: (fwk) => ({
    dev: fwk.options.dev, cookieAttrs: void 0, list: ['a', process.env.X], ok: ['a', 'b'],
    hooked: { when: Date.now(), kept: 1 }, pattern: /x/, fn() { return 1 },
  }),
});
"""
    assert built_defaults(code) == {"ok": ["a", "b"], "hooked": {"kept": 1}}


@pytest.mark.parametrize(
    "data",
    [
        b"",
        b"export const x = 1\n",
        b"defineFwkModule({ defaults: ",  # cut off
        b"defineFwkModule({ defaults: { a: 'unclosed } })",
        b"defineFwkModule({ defaults: SOMEWHERE_ELSE })",
        b"defineFwkModule({ defaults: { a: 1 \0 } })",
        b"defineFwkModule({ defaults: {" + b"{" * 5000 + b"}" * 5000 + b"} })",
        b"defineFwkModule({ defaults: { a: 1 } })" + b"//" + b"x" * MAX_BUILT_BYTES,
    ],
    ids=["empty", "no call", "cut", "unclosed string", "an unknown name", "NUL", "deep", "too big"],
)
def test_what_does_not_read_gives_no_defaults_never_an_error(data: bytes) -> None:
    assert built_defaults(data) == {}


def test_leaf_values_walk_objects_in_order() -> None:
    values = {"a": 1, "b": {"c": [1], "d": {}}, "e": {"f": {"g": None}}}
    assert list(leaf_values(values)) == [(("a",), 1), (("b", "c"), [1]), (("b", "d"), {}), (("e", "f", "g"), None)]


def test_the_modules_own_defaults_win_over_at_default_in_why_resolve_and_the_editor(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from fwk_tui.catalog import load_catalog
    from fwk_tui.modules.installed import InstalledModule, read_module
    from fwk_tui.tui.form_model import FormModel

    built = b"export default defineFwkModule({ defaults: { preference: 'dark', nested: { deep: { flag: true } } } })\n"
    manifest = {"name": "@fwk/color-mode", "version": "4.0.1", "configKey": "colorMode"}
    _install(tmp_path, "@fwk/color-mode", {"module.d.mts": COLOR_MODE, "module.mjs": built}, manifest)
    monkeypatch.chdir(tmp_path)
    Path("fwk.config.ts").write_text("export default defineFwkConfig({ modules: ['@fwk/color-mode'] })\n")
    code, out, _ = run(capsys, "why", "colorMode.preference")
    assert code == 0 and "1. the default of module @fwk/color-mode 4.0.1: 'dark'  <- the app gets this" in out
    code, out, _ = run(capsys, "why", "colorMode.nested.deep.flag")  # the module's defaults give `nested`
    assert code == 0 and "'dark'" not in out and ": true  <- the app gets this" in out
    _, out, _ = run(capsys, "resolve", "--with-defaults", "--json")
    values = json.loads(out)["values"]["colorMode"]
    assert (values["preference"], values["storage"], values["nested"]) == (
        "dark",
        "localStorage",
        {"deep": {"flag": True}},
    )
    module = read_module("@fwk/color-mode", tmp_path)
    assert isinstance(module, InstalledModule)
    model = FormModel(load_catalog())
    model.set_modules([module])
    fields = model.layout({}, "A").fields["module:colorMode"]
    preference = next(e.option for e in fields if e.path == "colorMode.preference")
    assert preference is not None and preference.default_for("A").value == "dark"  # type: ignore[union-attr]
