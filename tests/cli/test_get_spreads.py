"""fwk-tui get on a value a spread gives or may give: the value, and where it comes from."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fwk_tui.exits import Exit
from tests.cli.helpers import run

CONFIG = """\
const look = { router: { options: { scrollBehaviorType: 'smooth' } } }
export default defineFwkConfig({
  ...look,
  ...(process.env.CI ? { ssr: false } : {}),
  devServer: { port: 3000, ...serverDefaults },
  app: { baseURL: '/' },
})
"""


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "fwk.config.ts").write_text(CONFIG)
    return tmp_path


def test_a_value_from_a_local_spread_is_printed_and_its_spread_named(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "get", "router.options.scrollBehaviorType")
    assert (code, out) == (0, "'smooth'\n")
    assert err == "fwk.config.ts: router.options.scrollBehaviorType is set by `...look` on line 3: 'smooth'\n"
    code, out, _ = run(capsys, "get", "router.options.scrollBehaviorType", "--json")
    assert (code, json.loads(out)) == (0, "smooth")


def test_a_value_from_a_conditional_spread_says_when(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "get", "ssr")
    assert (code, out) == (0, "false\n")
    assert err == (
        "fwk.config.ts: ssr is set by `...(process.env.CI ? {…} : {})` on line 4 when process.env.CI: false\n"
    )


def test_an_unreadable_spread_that_may_set_the_key_is_named(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "get", "devServer.port")
    assert (code, out) == (0, "3000\n")
    assert err == (
        "fwk.config.ts: devServer.port: `...serverDefaults` (line 5) may set it "
        "(`serverDefaults` is not a const of this file)\n"
    )
    code, out, err = run(capsys, "get", "devServer.host")
    assert (code, out) == (Exit.NOT_FOUND, "")
    assert err == (
        "fwk.config.ts: no value at devServer.host in the file; `...serverDefaults` (line 5) may set it "
        "(`serverDefaults` is not a const of this file)\n"
    )


def test_a_value_no_spread_touches_is_as_before(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "get", "app.baseURL") == (0, "'/'\n", "")
    assert run(capsys, "get", "app.head") == (Exit.NOT_FOUND, "", "fwk.config.ts: no value at app.head\n")
    assert (project / "fwk.config.ts").read_text() == CONFIG


def test_an_option_the_file_does_not_set_names_the_default_the_app_gets(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Exit 4 still says "not in the file" to scripts; a person reads what the app runs with.
    assert run(capsys, "get", "app.buildAssetsDir") == (
        Exit.NOT_FOUND,
        "",
        'fwk.config.ts: no value at app.buildAssetsDir; not set: the app gets its default, "/_fwk/"\n',
    )
    _, _, err = run(capsys, "get", "srcDir")
    assert err.startswith('fwk.config.ts: no value at srcDir; not set: the app gets its default, "app" in variant A, ')
    assert run(capsys, "get", "app.head.title")[2] == "fwk.config.ts: no value at app.head.title\n"  # no default
