"""Commands on extreme input: a message with the file's place and exit 2, never a traceback."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from fwk_tui.source.parse import MAX_NESTING
from fwk_tui.userfiles import MAX_TEXT_BYTES
from tests.cli.helpers import run


@pytest.fixture
def deep(tmp_path: Path) -> Path:
    path = tmp_path / "fwk.config.ts"
    path.write_text("export default {a: " + "{a: " * 2_000 + "1" + "}" * 2_000 + "}\n")
    return path


@pytest.mark.parametrize("command", [["get", "a"], ["dump"], ["dump", "--json"], ["set", "a.a", "2"], ["unset", "a"]])
def test_a_config_nested_too_deep_is_refused_with_its_place(
    deep: Path, command: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    before = deep.read_bytes()
    code, out, err = run(capsys, *command, "--file", str(deep))
    assert code == 2
    assert err.startswith(f"{deep}:1:{4 * MAX_NESTING + 16}: nesting deeper than {MAX_NESTING} levels\n")
    assert "Traceback" not in err and out == ""
    assert deep.read_bytes() == before


def test_check_refuses_a_config_nested_too_deep(deep: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _out, err = run(capsys, "check", str(deep))
    assert code == 2
    assert f"{deep}:1:{4 * MAX_NESTING + 16}: nesting deeper than {MAX_NESTING} levels" in err


def test_set_with_a_path_of_thousands_of_keys_writes_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "fwk.config.ts"
    path.write_text("export default {}\n")
    code, _out, err = run(capsys, "set", ".".join(["a"] * 5_000), "1", "--file", str(path))
    assert code == 2
    assert f"the path has 5000 keys; a config nests at most {MAX_NESTING} levels" in err
    assert "Traceback" not in err
    assert path.read_text() == "export default {}\n"


def test_check_of_a_lone_cr_file_names_the_right_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "fwk.config.ts"
    path.write_bytes(b"export default {\r  ssr: true,\r  devServer: { port: 99999 },\r}\r")
    code, out, _err = run(capsys, "check", str(path))
    assert code == 1
    assert f"{path}:3:22: error FWK339:" in out
    assert "   3 |   devServer: { port: 99999 },\n" in out


@pytest.fixture
def project(tmp_path: Path) -> Path:
    path = tmp_path / "fwk.config.ts"
    path.write_text("export default {\n  devServer: { port: 99999 },\n}\n")
    return path


@pytest.mark.parametrize("kind", ["fifo", "device", "too big"])
def test_env_refuses_a_dotenv_that_is_not_a_small_regular_file(
    project: Path, kind: str, capsys: pytest.CaptureFixture[str]
) -> None:
    if kind == "fifo":
        dotenv = project.parent / ".env"
        os.mkfifo(dotenv)  # nobody writes to it: reading would wait for ever
        expected = "not a regular file"
    elif kind == "device":
        dotenv = Path("/dev/zero")
        expected = "not a regular file"
    else:
        dotenv = project.parent / ".env"
        dotenv.write_text("FWK_A=1\n" * (MAX_TEXT_BYTES // 8 + 1))
        expected = "too big (fwk-tui reads files of this kind up to 1 MB)"
    code, out, err = run(capsys, "env", str(project), "--dotenv", str(dotenv))
    assert code == 2
    assert err == f"{dotenv}: {expected}\n"
    assert out == ""


def test_check_notes_a_package_json_too_deep_and_checks_the_rest(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (project.parent / "package.json").write_text("[" * 100_000 + "]" * 100_000)
    code, out, err = run(capsys, "check", str(project))
    assert code == 1
    assert f"note: {project.parent / 'package.json'}: nested too deeply to read; package checks skipped" in err
    assert f"{project}:2:22: error FWK339:" in out
    assert "Traceback" not in err


def test_check_names_an_unreadable_app_folder_and_goes_on(
    project: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    app = project.parent / "app"
    app.mkdir()
    listing = os.scandir

    def scandir(path):  # type: ignore[no-untyped-def]
        if Path(path) == app:  # as chmod 000 does for a user who is not root
            raise PermissionError(13, "Permission denied", str(path))
        return listing(path)

    monkeypatch.setattr(os, "scandir", scandir)
    code, out, err = run(capsys, "check", str(project))
    assert code == 1
    assert f"note: {app}: permission denied; its files are not looked at" in err
    assert f"{project}: permission denied" not in err
    assert f"{project}:2:22: error FWK339:" in out
