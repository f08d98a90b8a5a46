"""`fwk-tui new --yes`, presets and the command that repeats a run."""

from __future__ import annotations

import shlex
import shutil
from pathlib import Path

import pytest

from fwk_tui.cli import main
from fwk_tui.cli.edit_cmds import EXAMPLE
from fwk_tui.wizard import Answers, RuntimeKey
from fwk_tui.wizard.preset import (
    PresetError,
    command_line,
    load_preset,
    preset_text,
    save_preset,
)


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


FULL = [
    "--no-ssr", "--spa-loading-template", "true", "--bundler", "wbuild", "--no-strict", "--type-check", "build",
    "--module", "@fwk/content", "--module", "@fwk/image", "--title", "Shop's", "--lang", "en",
    "--description", "Things", "--runtime-key", "apiSecret", "--public-key", "apiBase=/api",
    "--port", "4000", "--host", "0.0.0.0", "--compatibility-date", "2026-01-02", "--skeleton", "--env-example",
]  # fmt: skip


def test_yes_writes_the_files_checks_them_and_prints_the_repeat_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "shop"
    code, out, err = run(capsys, "new", str(folder), "--yes", *FULL)
    assert (code, err) == (0, "")
    assert (folder / "fwk.config.ts").is_file() and (folder / "app" / "pages").is_dir()
    assert "FWK_PUBLIC_API_BASE=" in (folder / ".env.example").read_text()
    assert "install: npm install -D @fwk/wbuild-builder typescript view-tsc" in out
    assert run(capsys, "check", str(folder / "fwk.config.ts"))[0] == 0

    repeat = out.splitlines()[-1].strip()
    again = tmp_path / "again"
    argv = shlex.split(repeat.replace(str(folder), str(again)))
    assert argv[:3] == ["fwk-tui", "new", str(again)]
    assert run(capsys, *argv[1:])[0] == 0
    assert (again / "fwk.config.ts").read_text() == (folder / "fwk.config.ts").read_text()
    assert (again / ".env.example").read_text() == (folder / ".env.example").read_text()


def test_dry_run_prints_the_diff_and_writes_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    shutil.copyfile(EXAMPLE, tmp_path / "fwk.config.ts")
    before = (tmp_path / "fwk.config.ts").read_bytes()
    code, out, _ = run(capsys, "new", str(tmp_path), "--yes", "--dry-run", "--port", "4100")
    assert code == 0
    assert "-    port: 3000,\n+    port: 4100,\n" in out
    assert f"would update {tmp_path / 'fwk.config.ts'}" in out
    assert (tmp_path / "fwk.config.ts").read_bytes() == before


def test_answers_with_errors_write_nothing_and_say_where(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(
        capsys,
        "new",
        str(tmp_path),
        "--yes",
        "--port",
        "70000",
        "--compatibility-date",
        "soon",
    )
    assert code == 1
    assert "fwk.config.ts:" in err and "devServer.port" in err and "compatibilityDate" in err
    assert not (tmp_path / "fwk.config.ts").exists()
    code, _, err = run(capsys, "new", str(tmp_path), "--yes", "--runtime-key", "two words")
    assert code == 2 and "'two words'" in err


def test_a_config_that_cannot_be_edited_is_refused_with_its_reason(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "fwk.config.ts").write_text("export default defineFwkConfig({ a: 1 }, extra)\n")
    code, _, err = run(capsys, "new", str(tmp_path), "--yes")
    assert code == 2 and "cannot change this config" in err
    (tmp_path / "fwk.config.ts").write_text("export default defineFwkConfig({ a: \n")
    code, _, err = run(capsys, "new", str(tmp_path), "--yes")
    assert code == 2 and "fwk.config.ts:" in err


def test_without_a_terminal_the_wizard_asks_for_yes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "new", str(tmp_path))
    assert code == 2 and "--yes" in err
    assert not (tmp_path / "fwk.config.ts").exists()


def test_a_preset_round_trips_and_replays(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    answers = Answers(
        variant="B", src_dir="src", rendering="static", modules=("m",), title="T",
        runtime=(RuntimeKey("k", False, ""), RuntimeKey("p", True, 5)), port=4444,
        compatibility_date="2026-02-03", env_example=True,
    )  # fmt: skip
    preset = tmp_path / "preset.toml"
    save_preset(preset, answers)
    assert load_preset(preset, Answers()) == answers
    code, _, _ = run(capsys, "new", str(tmp_path / "p"), "--yes", "--answers", str(preset))
    assert code == 0
    text = (tmp_path / "p" / "fwk.config.ts").read_text()
    assert "srcDir: 'src'" in text and "port: 4444" in text and "k: ''" in text and "p: 5" in text
    # flags win over the preset
    code, _, _ = run(
        capsys,
        "new",
        str(tmp_path / "q"),
        "--yes",
        "--answers",
        str(preset),
        "--port",
        "5555",
    )
    assert "port: 5555" in (tmp_path / "q" / "fwk.config.ts").read_text()


def test_a_preset_keeps_the_users_comments_when_saved_over(tmp_path: Path) -> None:
    text = preset_text(Answers(title="x"))
    assert text.startswith("# Answers of fwk-tui new")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("prot = 4000\n", ":1: unknown answer 'prot' (did you mean 'port'?)"),
        (
            'title = "a"\nport = "4000"\n',
            ":2: port: expected a port number from 1 to 65535",
        ),
        (
            'rendering = "ssg"\n',
            ":1: rendering: expected one of 'server', 'static', 'spa'",
        ),
        (
            '[[runtime]]\nname = "x"\n',
            ":1: runtime: each [[runtime]] table needs a key",
        ),
        ('title = "a\n', ":1:"),
    ],
)
def test_preset_mistakes_are_reported_with_file_and_line(tmp_path: Path, text: str, message: str) -> None:
    preset = tmp_path / "p.toml"
    preset.write_text(text)
    with pytest.raises(PresetError) as caught:
        load_preset(preset, Answers())
    assert str(caught.value).startswith(str(preset))
    assert message in str(caught.value)


def test_command_line_quotes_what_the_shell_would_split() -> None:
    line = command_line("my app", Answers(title="It's mine", compatibility_date="2026-01-01"))
    assert shlex.split(line)[:3] == ["fwk-tui", "new", "my app"]
    assert "--title" in shlex.split(line) and "It's mine" in shlex.split(line)


def test_the_repeat_command_names_a_folder_under_the_current_one_from_there(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, _ = run(capsys, "new", str(tmp_path / "shop"), "--yes", "--compatibility-date", "2026-01-02")
    assert code == 0
    assert out.splitlines()[-1].strip() == "fwk-tui new shop --yes --variant A --compatibility-date 2026-01-02"
    code, out, _ = run(capsys, "new", str(tmp_path), "--yes", "--port", "4000")  # the current folder itself
    assert code == 0 and out.splitlines()[-1].strip().startswith("fwk-tui new . --yes")
