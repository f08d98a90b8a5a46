"""`fwk-tui check` on a config built by code: the headline says what was not checked, exit 3."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.helpers import run

HEAD = "fwk.config.ts: checked as variant A (nothing in the file or its folder tells; A is the current layout)"

PUSHED = """\
const config = defineFwkConfig({
  ssr: false,
})
config.modules.push('@scope/extra')
export default config
"""

FACTORY = """\
import { make } from './make'
export default defineFwkConfig(make())
"""

ASYNC_WITH_CODE = """\
export default async () => {
  const base = await load()
  return { ssr: base.ssr }
}
"""


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_a_variable_changed_after_it_is_written_is_the_headline_and_exits_3(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (project / "fwk.config.ts").write_text(PUSHED)
    code, out, err = run(capsys, "check")
    assert (code, err) == (3, "")
    assert out == (
        f"{HEAD}\n"
        "fwk.config.ts:4:1: info FWK401: not checked: the config is built by code at 4:1: "
        "`config.modules.push('@scope/extra')` may change `config` after it is written; fwk-tui never runs code, "
        "so only the object literal on line 1 was checked\n"
        "   4 | config.modules.push('@scope/extra')\n"
        "     | ^\n"
        "0 errors, 0 warnings, 1 info\n"
    )


def test_a_factory_call_checks_nothing_and_says_so(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (project / "fwk.config.ts").write_text(FACTORY)
    code, out, _ = run(capsys, "check")
    assert code == 3
    assert "fwk.config.ts:2:32: info FWK401: not checked: the config is built by code at 2:32: `make()` makes it" in out
    assert "so nothing was checked" in out
    code, out, _ = run(capsys, "check", "--format", "json")
    assert code == 3
    [item] = json.loads(out)
    assert (item["code"], item["rule"], item["line"], item["column"]) == ("FWK401", "not-checked", 2, 32)
    code, out, _ = run(capsys, "check", "--format", "github")
    assert code == 3
    assert out.startswith("::notice file=fwk.config.ts,line=2,col=32,title=fwk-tui FWK401 (not-checked)::not checked:")


def test_a_function_that_does_more_than_return_is_not_checked_where_it_does(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (project / "fwk.config.ts").write_text(ASYNC_WITH_CODE)
    code, out, _ = run(capsys, "check")
    assert code == 3
    assert (
        "fwk.config.ts:2:3: info FWK401: not checked: the config is built by code at 2:3: "
        "the function runs `const base = await load()` before it returns the config" in out
    )


def test_an_error_still_exits_1_when_part_is_built_by_code(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (project / "fwk.config.ts").write_text(PUSHED.replace("ssr: false", "ssr: 'no'"))
    code, out, _ = run(capsys, "check")
    assert code == 1
    assert "error FWK201" in out and "info FWK401: not checked" in out
    assert out.endswith("1 error, 0 warnings, 1 info\n")


def test_a_function_that_only_returns_a_literal_is_checked_whole(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (project / "fwk.config.ts").write_text("export default defineFwkConfig(() => {\n  return { ssr: false }\n})\n")
    assert run(capsys, "check") == (0, f"{HEAD}\n0 errors, 0 warnings, 0 infos\n", "")


def test_check_help_documents_exit_3(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        run(capsys, "check", "--help")
    out = " ".join(capsys.readouterr().out.split())
    assert "3 without errors when code builds the config" in out


MUTATED_CONST = """\
const modules = ['@fwk/content']
modules.push('')
export default defineFwkConfig({ modules, ssr: true })
"""


def test_a_value_naming_a_const_that_code_changes_is_not_checked_and_exits_3(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (project / "fwk.config.ts").write_text(MUTATED_CONST)
    code, out, err = run(capsys, "check")
    assert (code, err) == (3, "")
    assert out == (
        f"{HEAD}\n"
        "fwk.config.ts:3:34: info FWK401: not checked: modules is changed by code after it is written "
        "(line 2:1: `modules.push('')`); fwk-tui never runs code [modules]\n"
        "   3 | export default defineFwkConfig({ modules, ssr: true })\n"
        "     |                                  ^\n"
        "0 errors, 0 warnings, 1 info\n"
    )


def test_a_value_written_as_code_is_an_info_that_exits_0(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (project / "fwk.config.ts").write_text(
        "const modules = ['@fwk/content']\nexport default defineFwkConfig({ modules, ssr: isProd })\n"
    )
    code, out, err = run(capsys, "check")
    assert (code, err) == (0, "")
    assert out == f"{HEAD}\n0 errors, 0 warnings, 2 infos (infos hidden; --verbose shows them)\n"
    code, out, _ = run(capsys, "check", "--format", "json")
    found = {(d["code"], d["path"]) for d in json.loads(out)}
    assert found == {("FWK402", "modules"), ("FWK402", "ssr")}
    assert code == 0
