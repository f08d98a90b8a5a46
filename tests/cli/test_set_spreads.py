"""``set`` and ``unset`` refuse an edit a spread of the same object overrides or hides at run time, unless --force."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.helpers import run

Capsys = pytest.CaptureFixture[str]

CONFIG = """\
const routerBase = { router: { base: '/docs/' } }
export default defineFwkConfig({
  ...routerBase,
  ssr: true,
  app: { head: { title: 'Docs' }, ...appExtra },
})
"""


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "fwk.config.ts").write_text(CONFIG)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def config(project: Path) -> str:
    return (project / "fwk.config.ts").read_text()


def test_a_new_key_that_replaces_a_spreads_value_is_refused(project: Path, capsys: Capsys) -> None:
    code, out, err = run(capsys, "set", "router.options.strict", "true")
    assert (code, out) == (1, "")
    assert err == (
        "fwk.config.ts:3:3: `...routerBase`: `routerBase` (line 1) sets router: { base: '/docs/' }, "
        "which this edit replaces at run time (a key written after a spread wins over it)\n"
        "nothing written: a spread of the same object defines the key too; --force writes it anyway\n"
    )
    assert config(project) == CONFIG


def test_force_writes_it_and_still_says_so(project: Path, capsys: Capsys) -> None:
    code, _out, err = run(capsys, "set", "router.options.strict", "true", "--force")
    assert code == 0
    assert "fwk.config.ts:3:3: `...routerBase`" in err
    assert err.endswith("written despite the spread (--force)\n")
    assert config(project).endswith("  router: {\n    options: {\n      strict: true,\n    },\n  },\n})\n")


def test_a_key_the_spread_does_not_hold_is_written(project: Path, capsys: Capsys) -> None:
    code, _out, err = run(capsys, "set", "telemetry", "false")
    assert (code, err) == (0, "")
    assert "  telemetry: false,\n})" in config(project)


def test_a_later_unreadable_spread_may_win(project: Path, capsys: Capsys) -> None:
    code, _out, err = run(capsys, "set", "app.head.title", "'Guide'", "--dry-run")
    assert code == 1
    assert "fwk.config.ts:5:36: `...appExtra` may define app.head (`appExtra` is not a const of this file), " in err
    assert "so it would win at run time: the edit changes nothing\nwould not be written: " in err
    assert config(project) == CONFIG


def test_json_lists_the_spreads(project: Path, capsys: Capsys) -> None:
    code, out, _err = run(capsys, "set", "router.options.strict", "true", "--json")
    data = json.loads(out)
    assert (code, data["refused"], data["written"]) == (1, True, False)
    assert [(s["key"], s["line"], s["column"], s["outcome"]) for s in data["spreads"]] == [("router", 3, 3, "hides")]


def test_unset_a_key_an_earlier_spread_defines_says_its_value_shows(tmp_path: Path, capsys: Capsys) -> None:
    file = tmp_path / "c.ts"
    text = "const base = { ssr: false }\nexport default { ...base, ssr: true }\n"
    file.write_text(text)
    code, out, err = run(capsys, "unset", "ssr", "--file", str(file))
    assert (code, out) == (1, "")
    assert err.startswith(
        f"{file}:2:18: `...base`: `base` (line 1) sets ssr: false, which shows at run time once the key "
        "written after the spread is removed\n"
    )
    assert file.read_text() == text
    code, _out, _err = run(capsys, "unset", "ssr", "--file", str(file), "--force")
    assert code == 0
    assert file.read_text() == "const base = { ssr: false }\nexport default { ...base }\n"


def test_unset_a_key_a_later_spread_defines_changes_nothing(tmp_path: Path, capsys: Capsys) -> None:
    file = tmp_path / "c.ts"
    text = "export default { ssr: true, ...(prod ? { ssr: false } : {}) }\n"
    file.write_text(text)
    code, _out, err = run(capsys, "unset", "ssr", "--file", str(file))
    assert code == 1
    assert "sets ssr: false when prod, and it comes after the key, so it wins at run time: removing the key" in err
    assert file.read_text() == text


def test_dump_folds_code_keeping_the_spread_and_its_condition(tmp_path: Path, capsys: Capsys) -> None:
    file = tmp_path / "c.ts"
    long = ", ".join(f"'@acme/module-number-{i}'" for i in range(6))
    file.write_text(
        "export default {\n  modules: [\n    ...(process.env.ANALYZE\n"
        f"      ? [{long}]\n      : []),\n    'a',\n  ],\n}}\n"
    )
    code, out, _err = run(capsys, "dump", "--file", str(file))
    assert code == 0
    assert out == "modules[0] = ...(process.env.ANALYZE ? […] : [])\nmodules[1] = 'a'\n"


def test_check_shows_a_function_folded_not_cut_after_its_first_line(tmp_path: Path, capsys: Capsys) -> None:
    file = tmp_path / "c.ts"
    file.write_text(
        "export default {\n  app: {\n    pageTransition: {\n      name: 'page',\n"
        "      onEnter: (el) => {\n        el.focus()\n      },\n    },\n  },\n}\n"
    )
    _code, _out, err = run(capsys, "check", str(file))
    assert "a function ((el) => { el.focus() }) is not: set it per page" in err + _out


COMPUTED = """\
export default defineFwkConfig({
  runtimeConfig: { public: { k1: 0, [`k${1}`]: 1, other: 2 } },
})
"""


@pytest.mark.parametrize(
    ("command", "outcome"),
    [
        (["set", "runtimeConfig.public.k1", "5"], "it comes after the key, so it would win at run time"),
        (["set", "runtimeConfig.public.k2", "5"], "which this edit would replace at run time"),
        (["unset", "runtimeConfig.public.other"], "which may show at run time once the key written after"),
    ],
)
def test_a_computed_key_may_be_any_key_so_an_edit_beside_it_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: Capsys, command: list[str], outcome: str
) -> None:
    """`[`k${1}`]` is `k1` at run time: `set k1 5` wrote `k1: 5`, which the computed key after it replaces, and
    nothing said so (`get` said 0, `check` nothing)."""
    (tmp_path / "fwk.config.ts").write_text(COMPUTED)
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, *command)
    assert code == 1 and out == ""
    assert "fwk.config.ts:2:37: `[`k${1}`]` may define" in err and outcome in err
    assert err.endswith(
        "nothing written: a computed key of the same object defines the key too; --force writes it anyway\n"
    )
    assert (tmp_path / "fwk.config.ts").read_text() == COMPUTED
    code, out, err = run(capsys, "get", "runtimeConfig.public.k1")
    assert out == "0\n" and "`[`k${1}`]` (line 2) may set it (a computed key" in err
    code, out, _ = run(capsys, "check")
    assert "info FWK401: not checked: `[`k${1}`]` (line 2) may add keys" in out
