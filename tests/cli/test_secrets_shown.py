"""A private runtimeConfig value is masked by `resolve`, `why`, `env`, `get` and `dump`, whoever gives it;
`--show-secrets` shows it.

A secret written in the config itself (or a layer) was printed by `resolve` and `why`, text and JSON, while `env`
masked it: these are the commands people paste into issues and CI logs.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.helpers import run

CONFIG = """\
export default defineFwkConfig({
  extends: ['./base'],
  runtimeConfig: {
    apiSecret: 'fileS3cret',
    keys: ['itemS3cret', { deep: 'deepS3cret' }],
    public: { apiBase: '/api' },
  },
})
"""
LAYER = "export default defineFwkConfig({ runtimeConfig: { layerKey: 'layerS3cret' } })\n"


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "base").mkdir()
    (tmp_path / "base" / "fwk.config.ts").write_text(LAYER)
    (tmp_path / "fwk.config.ts").write_text(CONFIG)
    (tmp_path / ".env").write_text("FWK_API_SECRET=envS3cret\n")
    monkeypatch.chdir(tmp_path)
    return tmp_path


COMMANDS = [
    ["resolve"],
    ["resolve", "--json"],
    ["why", "runtimeConfig"],
    ["why", "runtimeConfig", "--json"],
    ["why", "runtimeConfig.apiSecret"],
    ["why", "runtimeConfig.apiSecret", "--json"],
    ["why", "runtimeConfig.keys"],
    ["why", "runtimeConfig.keys", "--json"],
    ["why", "runtimeConfig.layerKey", "--json"],
    ["env", "--dotenv", ".env"],
    ["env", "--dotenv", ".env", "--json"],
    ["get", "runtimeConfig"],
    ["get", "runtimeConfig.keys", "--json"],
    ["get", "runtimeConfig.apiSecret"],
    ["dump"],
    ["dump", "--json"],
]


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_no_private_value_is_printed_unasked(
    project: Path, command: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, *command)
    assert code in (0, 1), err
    assert "S3cret" not in out + err
    assert "****" in out
    if "--json" in command:
        json.loads(out)
    assert "/api" in out or command[0] in ("why", "get")  # public values are shown
    if command[0] in ("get", "dump"):  # the file's own values: said on stderr, written bare (not the text '****')
        assert "private values are shown as **** (--show-secrets prints them)" in err
        assert "'****'" not in out


def test_show_secrets_prints_them_for_scripts(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "resolve", "--json", "--show-secrets")
    data = json.loads(out)
    assert data["values"]["runtimeConfig"]["keys"] == ["itemS3cret", {"deep": "deepS3cret"}]
    assert data["values"]["runtimeConfig"]["layerKey"] == "layerS3cret"
    assert data["runtime"]["runtimeConfig"]["apiSecret"] == "envS3cret"
    _, out, _ = run(capsys, "why", "runtimeConfig.apiSecret", "--show-secrets")
    assert "fileS3cret" in out and "envS3cret" in out
    _, out, _ = run(capsys, "env", "--dotenv", ".env", "--show-secrets")
    assert "envS3cret" in out and "fileS3cret" in out
    _, out, _ = run(capsys, "get", "runtimeConfig.keys", "--json", "--show-secrets")
    assert json.loads(out) == ["itemS3cret", {"deep": "deepS3cret"}]
    _, out, _ = run(capsys, "dump", "--show-secrets")
    assert "runtimeConfig.apiSecret = 'fileS3cret'" in out


@pytest.mark.parametrize("form", ["text", "json", "github"])
def test_check_says_what_is_wrong_with_a_private_value_without_printing_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], form: str
) -> None:
    """`check --format github` (CI annotations) printed `got 'L-sec-srv'` and a spread's text holding a secret."""
    (tmp_path / "fwk.config.ts").write_text(
        "export default defineFwkConfig({\n"
        "  runtimeConfig: { k: 'a', ...{ k: 'spreadS3cret' }, srv: 'srvS3cret', public: { n: 'x' } },\n"
        "})\n"
    )
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, "check", "--format", form)
    assert code == 1, err
    messages = [line for line in out.splitlines() if "|" not in line]  # the file's own lines are shown as written
    assert not any("S3cret" in line for line in messages), out
    assert "got '****'" in out and "runtimeConfig.srv" in out


def test_env_shows_a_variable_as_the_loader_reads_it_as_resolve_does(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`env --dotenv .env --show-secrets` printed `a\\$b` as written where `resolve` and the app read `a$b`."""
    (tmp_path / "fwk.config.ts").write_text("export default defineFwkConfig({ runtimeConfig: { tok: '' } })\n")
    (tmp_path / ".env").write_text("FWK_OTHER=z\nFWK_TOK='a\\$b ${FWK_OTHER}'\n")
    monkeypatch.chdir(tmp_path)
    _, out, _ = run(capsys, "env", "--dotenv", ".env", "--show-secrets")
    assert "FWK_TOK=a$b z " in out
    _, out, _ = run(capsys, "env", "--dotenv", ".env", "--show-secrets", "--json")
    assert any(m["value"] == "a$b z" for m in json.loads(out)["dotenv"][0]["entries"]), out
    _, out, _ = run(capsys, "resolve", "--json", "--show-secrets")
    assert json.loads(out)["runtime"]["runtimeConfig"]["tok"] == "a$b z"


@pytest.mark.parametrize("env", [None, "production", "staging"])
def test_check_masks_a_private_value_of_an_environment_section_and_one_that_is_no_string(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], env: str | None
) -> None:
    """`got 'PRODLEAK2'` for `$production.runtimeConfig`, `got 'STAGELEAK3'` under `$env.staging`, and
    `got 55555` for a number: the top-level string alone was masked."""
    (tmp_path / "fwk.config.ts").write_text(
        "export default defineFwkConfig({\n"
        "  runtimeConfig: { srv: { envPrefix: 55555 } },\n"
        "  $production: { runtimeConfig: 'PRODLEAK2' },\n"
        "  $env: { staging: { runtimeConfig: { srv: 'STAGELEAK3' } } },\n"
        "})\n"
    )
    monkeypatch.chdir(tmp_path)
    code, out, _ = run(capsys, "check", "--format", "github", *(["--env", env] if env else []))
    assert code == 1
    assert "LEAK" not in out and "55555" not in out, out
    assert out.count("****") >= 3


def test_env_masks_a_public_variable_made_from_a_private_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`env --dotenv` printed `FWK_PUBLIC_PUB=SEKRIT` for `FWK_PUBLIC_PUB=${FWK_API_SECRET}` (resolve masked it)."""
    (tmp_path / "fwk.config.ts").write_text(
        "export default defineFwkConfig({ runtimeConfig: { apiSecret: '', public: { pub: '' } } })\n"
    )
    (tmp_path / ".env").write_text("FWK_API_SECRET=SEKRIT\nFWK_PUBLIC_PUB=pre-${FWK_API_SECRET}\n")
    monkeypatch.chdir(tmp_path)
    for form in ([], ["--json"]):
        assert "SEKRIT" not in run(capsys, "env", "--dotenv", ".env", *form)[1]
    assert "FWK_PUBLIC_PUB=pre-SEKRIT" in run(capsys, "env", "--dotenv", ".env", "--show-secrets")[1]


def test_a_public_variable_made_from_a_private_one_of_the_configs_own_prefix_is_masked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """With `runtimeConfig.srv.envPrefix: 'MY_'`, `MY_PUBLIC_A=${MY_API_SECRET}` was printed in clear by resolve,
    why, env, hover and the editor: only `FWK_` variables were known to be private."""
    (tmp_path / "fwk.config.ts").write_text(
        "export default defineFwkConfig({\n"
        "  runtimeConfig: { srv: { envPrefix: 'MY_' }, apiSecret: '', public: { a: 'x' } },\n})\n"
    )
    (tmp_path / ".env").write_text("MY_API_SECRET=SEKRIT_DOT\nMY_PUBLIC_A=${MY_API_SECRET}\n")
    monkeypatch.chdir(tmp_path)
    for command in (["resolve"], ["resolve", "--json"], ["why", "runtimeConfig.public.a"], ["env", "--dotenv", ".env"]):
        out = run(capsys, *command)[1]
        assert "SEKRIT" not in out, (command, out)
    assert "holds the value of MY_API_SECRET" in run(capsys, "resolve")[1]


def test_a_variable_private_in_one_environment_stays_a_secret_in_another(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """In `--env staging` (whose section sets the prefix `STG_`), `FWK_PUBLIC_Z=$MY_TOKEN` printed the token the
    file's own prefix `MY_` makes private."""
    (tmp_path / "fwk.config.ts").write_text(
        "export default defineFwkConfig({\n"
        "  runtimeConfig: { token: '', srv: { envPrefix: 'MY_' }, public: { z: '' } },\n"
        "  $env: { staging: { runtimeConfig: { srv: { envPrefix: 'STG_' } } } },\n})\n"
    )
    (tmp_path / ".env").write_text("MY_TOKEN=SEKRIT_E2\nFWK_PUBLIC_Z=$MY_TOKEN\n")
    monkeypatch.chdir(tmp_path)
    for env in ([], ["--env", "staging"]):
        assert "SEKRIT" not in run(capsys, "resolve", *env)[1]
        assert "SEKRIT" not in run(capsys, "why", "runtimeConfig.public.z", *env)[1]
