"""Presets that are not files, too big, or very long: a message or a quick answer, never a hang."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from fwk_tui.source import load_document
from fwk_tui.userfiles import MAX_TEXT_BYTES
from tests.cli.helpers import run


@pytest.mark.parametrize("kind", ["fifo", "device", "folder"])
def test_answers_that_are_not_a_regular_file_are_refused(
    tmp_path: Path, kind: str, capsys: pytest.CaptureFixture[str]
) -> None:
    if kind == "fifo":
        preset = tmp_path / "preset.toml"
        os.mkfifo(preset)  # nobody writes to it: reading would wait for ever
    elif kind == "device":
        preset = Path("/dev/zero")  # reading would never end
    else:
        preset = tmp_path
    code, _out, err = run(capsys, "new", str(tmp_path / "p"), "--yes", "--answers", str(preset))
    assert code == 2
    assert f"{preset}: not a regular file" in err
    assert not (tmp_path / "p").exists()


def test_a_preset_too_big_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    preset = tmp_path / "preset.toml"
    preset.write_text("# padding\n" * (MAX_TEXT_BYTES // 10 + 1))
    code, _out, err = run(capsys, "new", str(tmp_path / "p"), "--yes", "--answers", str(preset))
    assert code == 2
    assert f"{preset}: too big (fwk-tui reads files of this kind up to 1 MB)" in err


def test_thousands_of_modules_are_written_in_order_each_once(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    names = [f"@fwk/m{i}" for i in range(2_000)]
    preset = tmp_path / "preset.toml"
    preset.write_text("modules = [" + ", ".join(f'"{n}"' for n in [*names, names[0]]) + "]\n")
    folder = tmp_path / "p"
    folder.mkdir()
    (folder / "fwk.config.ts").write_text("export default defineFwkConfig({\n  modules: [\n    '@fwk/x',\n  ],\n})\n")
    code, _out, err = run(capsys, "new", str(folder), "--yes", "--answers", str(preset))
    assert code == 0, err
    doc = load_document(folder / "fwk.config.ts")
    assert doc.get("modules") == names
    assert doc.text.startswith("export default defineFwkConfig({\n  modules: [\n    '@fwk/m0',\n    '@fwk/m1',\n")


def test_an_env_example_that_cannot_be_read_is_left_alone(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "p"
    folder.mkdir()
    os.mkfifo(folder / ".env.example")  # nobody writes to it: reading would wait for ever
    code, out, err = run(capsys, "new", str(folder), "--yes", "--env-example", "--runtime-key", "apiSecret")
    assert code == 0, err
    assert f"leave {folder / '.env.example'} alone ({folder / '.env.example'}: not a regular file)" in out
    assert (folder / "fwk.config.ts").is_file()
    assert not (folder / ".env.example").is_file()  # still the FIFO, never replaced
