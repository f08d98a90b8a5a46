"""Commands on extreme input: a message with the file's place and exit 2, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from fwk_tui.source.parse import MAX_NESTING
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
    assert f"{path}:3:22: error:" in out
    assert "   3 |   devServer: { port: 99999 },\n" in out
