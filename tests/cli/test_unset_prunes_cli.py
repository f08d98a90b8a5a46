"""`fwk-tui unset` of an object's last key removes the object; get and dump agree."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fwk_tui.exits import Exit
from tests.cli.helpers import run

CONFIG = "export default defineFwkConfig({\n  devServer: { port: 4000 },\n  ssr: true,\n})\n"


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "fwk.config.ts").write_text(CONFIG)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_unset_of_the_last_key_shows_and_removes_its_object(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, "unset", "devServer.port", "--dry-run")
    assert code == 0
    assert out.splitlines()[3:] == [
        " export default defineFwkConfig({",
        "-  devServer: { port: 4000 },",
        "   ssr: true,",
        " })",
    ]
    assert (project / "fwk.config.ts").read_text() == CONFIG

    assert run(capsys, "unset", "devServer.port") == (0, "", "")
    assert (project / "fwk.config.ts").read_text() == "export default defineFwkConfig({\n  ssr: true,\n})\n"
    code, _, err = run(capsys, "get", "devServer")
    assert code == Exit.NOT_FOUND and "no value at devServer" in err
    assert run(capsys, "dump")[1] == "ssr = true\n"
    assert json.loads(run(capsys, "dump", "--json")[1]) == {"ssr": True}


def test_unset_of_a_key_with_siblings_keeps_the_object(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (project / "fwk.config.ts").write_text(CONFIG.replace("{ port: 4000 }", "{ port: 4000, host: 'x' }"))
    assert run(capsys, "unset", "devServer.port") == (0, "", "")
    assert (project / "fwk.config.ts").read_text() == CONFIG.replace("{ port: 4000 }", "{ host: 'x' }")
