"""``fwk-tui new``: private runtime values go to .env, never into the config or the printed command;
every printed path is from the folder the command runs in; a bare preset name goes into the project."""

from __future__ import annotations

import random
import stat
from pathlib import Path

import pytest

from fwk_tui.catalog import load_catalog
from fwk_tui.wizard.answers import RuntimeKey
from fwk_tui.wizard.target import open_target
from tests.cli.helpers import run

CATALOG = load_catalog()


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_a_private_value_goes_to_a_new_env_and_nowhere_else(here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "new", "app2", "--yes", "--compatibility-date", "2026-01-15",
                         "--runtime-key", "apiSecret=s3cr3t value", "--public-key", "apiBase=/api")  # fmt: skip
    assert (code, err) == (0, "")
    config = (here / "app2" / "fwk.config.ts").read_text()
    assert "apiSecret: ''" in config and "apiBase: '/api'" in config
    assert "s3cr3t" not in config and "s3cr3t" not in out
    env = here / "app2" / ".env"
    assert "FWK_API_SECRET='s3cr3t value'\n" in env.read_text()
    assert stat.S_IMODE(env.stat().st_mode) == 0o600
    assert "--runtime-key apiSecret --public-key apiBase=/api" in out
    assert "create app2/.env: FWK_API_SECRET" in out
    assert "they are in app2/.env" in out


def test_a_private_value_left_in_an_existing_config_is_not_said_to_be_in_env(
    here: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (here / "fwk.config.ts").write_text("export default defineFwkConfig({\n  runtimeConfig: { apiSecret: 'old' },\n})\n")
    code, out, err = run(capsys, "new", ".", "--yes", "--compatibility-date", "2026-01-15")
    assert (code, err) == (0, "")
    assert not (here / ".env").exists() and "apiSecret: 'old'" in (here / "fwk.config.ts").read_text()
    assert "(private runtime values are not repeated)" in out and ".env" not in out


def test_an_existing_env_keeps_every_line_and_its_own_values(here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (here / "p").mkdir()
    mine = "# mine\nDB=postgres://x # keep\nFWK_TOKEN=old\n"
    (here / "p" / ".env").write_text(mine)
    code, out, _ = run(capsys, "new", "p", "--yes", "--runtime-key", "token=new", "--runtime-key", "key=k1")
    assert code == 0
    text = (here / "p" / ".env").read_text()
    assert text.startswith(mine)  # nothing the user wrote is lost or changed
    assert "FWK_KEY=k1\n" in text and "FWK_TOKEN=new" not in text
    assert "leave FWK_TOKEN in p/.env as it is" in out
    assert "new" not in (here / "p" / "fwk.config.ts").read_text()


def test_with_env_example_the_private_value_is_only_a_placeholder_there(
    here: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, _ = run(capsys, "new", "p", "--yes", "--env-example", "--runtime-key", "apiSecret=abc")
    assert code == 0
    example = (here / "p" / ".env.example").read_text()
    assert "FWK_API_SECRET=\n" in example and "abc" not in example
    assert "FWK_API_SECRET=abc" in (here / "p" / ".env").read_text()


def test_dry_run_shows_no_secret_and_paths_from_here(here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "new", "app2", "--yes", "--dry-run", "--skeleton", "--runtime-key", "pw=hunter2")
    assert code == 0 and "hunter2" not in out
    assert "+++ b/app2/fwk.config.ts" in out
    assert "would create folders app2/app/assets/," in out
    assert "would create app2/.env: FWK_PW" in out
    assert not (here / "app2").exists()


def test_every_printed_path_has_one_base(here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "new", str(here / "app2"), "--yes", "--skeleton", "--env-example")
    assert code == 0
    written = [line for line in out.splitlines() if line.startswith(("create", "saved"))]
    assert written[0] == "create app2/fwk.config.ts"
    assert written[1].startswith("create folders app2/app/assets/, app2/app/components/")
    assert written[2] == "create app2/.env.example"


def test_a_bare_preset_name_is_saved_in_the_project_folder(here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "new", "proj", "--yes", "--save-answers", "preset.toml")
    assert code == 0
    assert (here / "proj" / "preset.toml").is_file() and not (here / "preset.toml").exists()
    assert "saved the answers to proj/preset.toml" in out.splitlines()
    code, out, _ = run(capsys, "new", "proj", "--yes", "--save-answers", "./here.toml")
    assert (here / "here.toml").is_file()
    assert "saved the answers to here.toml" in out.splitlines()


def test_a_private_value_the_config_already_has_is_left_where_it_is(here: Path) -> None:
    (here / "fwk.config.ts").write_text("export default defineFwkConfig({\n  runtimeConfig: { apiSecret: 'old' },\n})\n")
    project = open_target(here, CATALOG)
    assert project.start.runtime == (RuntimeKey("apiSecret", False, "old"),)
    same = project.plan(project.initial, CATALOG)
    assert same.dotenv is None and "apiSecret: 'old'" in same.after.text
    changed = project.plan(project.initial.with_(runtime=(RuntimeKey("apiSecret", False, "new"),)), CATALOG)
    assert "apiSecret: ''" in changed.after.text
    assert changed.dotenv is not None and changed.dotenv.text is not None
    assert "FWK_API_SECRET=new" in changed.dotenv.text


def test_an_env_that_cannot_be_read_stops_the_write(here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (here / "p").mkdir()
    (here / "p" / ".env").mkdir()  # a folder: not a file that can be read
    code, out, err = run(capsys, "new", "p", "--yes", "--runtime-key", "apiSecret=abc")
    assert code == 2 and "nothing was written" in err and "abc" not in err + out
    assert not (here / "p" / "fwk.config.ts").exists()  # not a config with '' and the value nowhere


def test_every_private_value_new_writes_to_dotenv_reads_back_as_typed_by_the_real_loader(tmp_path: Path) -> None:
    """`new --runtime-key 'dbPass=pa$word$HOME'` wrote `FWK_DB_PASS="pa$word$HOME"`, which the loader reads as
    `pa$word/root` (it fills in `$NAME` whatever the quotes), and a backslash doubled in double quotes stayed
    doubled. Random values with dollars, braces, backslashes, quotes, `#`, line breaks and `\\n` as text: each
    written line reads back as the value in c12 (the framework's loader) and in fwk-tui's own reading."""
    from fwk_tui.resolve.variables import DotenvFile, read_environment
    from fwk_tui.wizard.dotenv import dotenv_value
    from tests.resolve.helpers import c12_load

    rng = random.Random(5)
    parts = ["a", "Z9", " ", "$", "${HOME}", "$HOME", "$$", "{", "}", "\\", "\\n", "'", '"', "`", "#", "\n", "=", "é"]
    values = ["".join(rng.choice(parts) for _ in range(rng.randint(1, 7))) for _ in range(300)]
    lines, expected = [], {}
    for i, value in enumerate(values):
        written = dotenv_value(value)
        if written is None:
            assert all(q in value for q in "'\"`") or value.endswith("\\") or "\\$" in value
            continue
        lines.append(f"FWK_K{i}={written}\n")
        expected[f"FWK_K{i}"] = value.strip() if written == value else value
    (tmp_path / ".env").write_text("".join(lines))
    (theirs,) = c12_load([{"id": "x", "cwd": str(tmp_path), "dotenv": [".env"], "environ": {"HOME": "/root"}}]).values()
    ours = {n: v.value for n, v in read_environment({"HOME": "/root"}, [DotenvFile(".env", "".join(lines))]).items()}
    wrong = [(n, expected[n], theirs["value"].get(n), ours.get(n)) for n in expected
             if not (theirs["value"].get(n) == ours.get(n) == expected[n])]  # fmt: skip
    assert not wrong, wrong[:5]
