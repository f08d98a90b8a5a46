"""``fwk-tui resolve`` and ``fwk-tui why``: the effective config with origins, and the questions people ask."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.cli.helpers import run
from tests.resolve.helpers import PROJECTS

QUESTIONS = str(PROJECTS / "questions" / "fwk.config.ts")


@pytest.fixture(autouse=True)
def _clean_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    import os

    for name in [n for n in os.environ if n.startswith("FWK_")]:
        monkeypatch.delenv(name)


def test_resolve_json_has_values_origins_layers_and_the_run_time_view(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "resolve", QUESTIONS, "--env", "production", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["values"] == {
        "ssr": False,
        "app": {"baseURL": "/prod/"},
        "i18n": {"locales": ["en", "fr", "de"], "defaultLocale": "fr"},
        "runtimeConfig": {"public": {"apiBase": ""}},
    }
    assert data["origins"]["app.baseURL"] == {
        "kind": "env-section", "file": "fwk.config.ts", "line": 8, "column": 34, "detail": "$production",
    }  # fmt: skip
    assert data["origins"]["ssr"]["kind"] == "layer" and data["origins"]["ssr"]["file"] == "base/fwk.config.ts"
    assert data["origins"]["i18n.locales[1]"]["file"] == "base/fwk.config.ts"
    assert [(layer["source"], layer["status"]) for layer in data["layers"]] == [("./base", "read")]
    # .env beside the config is read by default: the app option is replaced, the misspelt variable named
    assert data["runtime"] == {"app": {"baseURL": "/from-env/"}, "runtimeConfig": {"public": {"apiBase": ""}}}
    assert data["runtime_origins"]["app.baseURL"] == {
        "kind": "env-var", "file": ".env", "line": 3, "column": 1, "detail": "FWK_APP_BASE_URL",
    }  # fmt: skip
    assert data["unmatched"] == [{"name": "FWK_PUBLIC_APIBASE", "line": 2, "suggestion": "FWK_PUBLIC_API_BASE"}]


def test_resolve_text_lists_layers_values_and_hides_what_a_variable_gives_a_private_key(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shutil.copytree(PROJECTS / "questions", tmp_path / "q")
    config = tmp_path / "q" / "fwk.config.ts"
    monkeypatch.setenv("FWK_PUBLIC_API_BASE", "https://public.example.com")
    code, out, _ = run(capsys, "resolve", str(config))
    assert code == 0
    assert "extends './base'  base/fwk.config.ts  (fwk.config.ts:3:13)" in out
    assert "  i18n.locales[1] = 'fr'    layer ./base (base/fwk.config.ts:3:21)" in out
    assert "  app.baseURL = '/from-env/'    FWK_APP_BASE_URL in .env:3:1" in out
    assert "FWK_PUBLIC_APIBASE in .env:2:1 matches no key (did you mean FWK_PUBLIC_API_BASE?)" in out
    # a public key's value reaches the browser anyway: shown; a private one's is not
    assert "  runtimeConfig.public.apiBase = 'https://public.example.com'    FWK_PUBLIC_API_BASE in the environment" in out
    config.write_text(config.read_text().replace("public: { apiBase: '' }", "password: 'dev', public: {}"))
    monkeypatch.setenv("FWK_PASSWORD", "hunter2")
    code, out, _ = run(capsys, "resolve", str(config))
    assert "runtimeConfig.password = ****    FWK_PASSWORD in the environment" in out and "hunter2" not in out


def test_why_a_value_is_not_what_the_file_writes(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "why", "app.baseURL", "--file", QUESTIONS, "--env", "production")
    assert code == 0
    assert out.splitlines() == [
        "app.baseURL (environment production)",
        "  1. the catalogue's default (variant A): '/'",
        "  2. fwk.config.ts:5:19: '/mine/'",
        "  3. $production section (fwk.config.ts:8:34): '/prod/'",
        "  4. FWK_APP_BASE_URL in .env:3:1: '/from-env/'  <- the app gets this",
    ]


def test_why_null_does_not_unset_what_a_layer_sets(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "why", "ssr", "--file", QUESTIONS)
    assert "  2. layer ./base (base/fwk.config.ts:2:8): false  <- the app gets this" in out
    assert "  3. fwk.config.ts:4:8: null  (skipped)" in out
    assert "null or undefined at fwk.config.ts:4:8 does not unset the option: the merge skips it." in out


def test_why_an_item_a_layer_adds_cannot_be_removed_here(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "why", "i18n.locales", "--file", QUESTIONS, "--json")
    data = json.loads(out)
    assert data["value"] == ["en", "fr", "de"]
    assert [(i["value"], i["origin"]["file"]) for i in data["items"]] == [
        ("en", "fwk.config.ts"), ("fr", "base/fwk.config.ts"), ("de", "base/fwk.config.ts"),
    ]  # fmt: skip
    assert any("cannot be removed from this config: remove it in the layer (base/fwk.config.ts:3:21" in n for n in data["notes"])


def test_why_a_variable_is_ignored(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run(capsys, "why", "runtimeConfig.public.apiBase", "--file", QUESTIONS)
    assert "FWK_PUBLIC_APIBASE (.env:2:1) is not FWK_PUBLIC_API_BASE: it replaces nothing." in out
    (tmp_path / "fwk.config.ts").write_text("export default defineFwkConfig({ runtimeConfig: { public: {} } })\n")
    (tmp_path / ".env").write_text("FWK_PUBLIC_API_BASE=https://x\n")
    code, out, _ = run(capsys, "why", "runtimeConfig.public.apiBase", "--file", str(tmp_path / "fwk.config.ts"))
    assert "FWK_PUBLIC_API_BASE replaces only a key that exists: set runtimeConfig.public.apiBase in the config" in out


def test_bad_input_gets_a_message_not_a_traceback(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, "resolve", str(tmp_path / "nope.ts"))
    assert code == 2 and "no such file" in err and "Traceback" not in err
    code, _, err = run(capsys, "resolve", QUESTIONS, "--dotenv", str(tmp_path / "missing.env"))
    assert code == 2 and "missing.env" in err and "Traceback" not in err
    (tmp_path / "fwk.config.ts").write_text("export default defineFwkConfig({ extends: ['./broken'] })\n")
    (tmp_path / "broken").mkdir()
    (tmp_path / "broken" / "fwk.config.ts").write_text("export default defineFwkConfig({ ssr: true,, })\n")
    code, out, err = run(capsys, "resolve", str(tmp_path / "fwk.config.ts"), "--json")
    assert code == 0, err
    [layer] = json.loads(out)["unresolved"]
    assert layer["status"] == "unreadable" and layer["message"] == "broken/fwk.config.ts:1:44: syntax error: unexpected `,`"
    code, _, err = run(capsys, "why", "app..x", "--file", QUESTIONS)
    assert code == 2 and "bad path" in err


def test_with_defaults_fills_what_is_set_nowhere_and_keeps_what_is_set(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "resolve", QUESTIONS, "--with-defaults", "--json")
    data = json.loads(out)
    assert data["values"]["devServer"]["port"] == 3000
    assert data["origins"]["devServer.port"] == {
        "kind": "default", "file": None, "line": None, "column": None, "detail": "variant A",
    }  # fmt: skip
    assert data["values"]["app"]["baseURL"] == "/mine/" and data["origins"]["app.baseURL"]["kind"] == "file"
    assert data["values"]["ssr"] is False  # a layer's value, not the default
    code, out, _ = run(capsys, "resolve", QUESTIONS, "--json")
    assert "devServer" not in json.loads(out)["values"]


def test_why_masks_exactly_what_resolve_masks(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = tmp_path / "fwk.config.ts"
    config.write_text(
        "export default defineFwkConfig({\n"
        "  runtimeConfig: { apiSecret: '', db: { password: '' }, public: { apiBase: '' } },\n"
        "  srv: { runtimeConfig: { token: '' } },\n"
        "})\n"
    )
    (tmp_path / ".env").write_text("FWK_API_SECRET=dotenv-secret\nFWK_PUBLIC_API_BASE=https://public\nFWK_TOKEN=t0k\n")
    monkeypatch.setenv("FWK_DB_PASSWORD", "process-secret")
    monkeypatch.setenv("FWK_APP_BASE_URL", "/shop/")
    code, out, err = run(capsys, "resolve", str(config), "--json")
    assert code == 0, err
    runtime = json.loads(out)["runtime"]
    paths = {
        "runtimeConfig.apiSecret": runtime["runtimeConfig"]["apiSecret"],
        "runtimeConfig.db.password": runtime["runtimeConfig"]["db"]["password"],
        "runtimeConfig.public.apiBase": runtime["runtimeConfig"]["public"]["apiBase"],
        "app.baseURL": runtime["app"]["baseURL"],
    }
    assert paths == {
        "runtimeConfig.apiSecret": "****",
        "runtimeConfig.db.password": "****",
        "runtimeConfig.public.apiBase": "https://public",
        "app.baseURL": "/shop/",
    }
    for path, shown in paths.items():
        code, out, err = run(capsys, "why", path, "--file", str(config), "--json")
        assert code == 0, err
        assert [s["value"] for s in json.loads(out)["chain"] if s["origin"]["kind"] == "env-var"] == [shown], path
        code, out, _ = run(capsys, "why", path, "--file", str(config))
        assert "secret" not in out and (shown in out if shown == "****" else "****" not in out), path


def test_a_line_break_in_a_layer_folders_name_cannot_fake_a_line_of_output(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    layer = tmp_path / "lay\nFAKE: 0 errors"
    layer.mkdir()
    (layer / "fwk.config.ts").write_text("export default { ssr: false }\n")
    config = tmp_path / "fwk.config.ts"
    config.write_text("export default defineFwkConfig({ extends: ['./lay\\nFAKE: 0 errors'] })\n")
    for args in (["resolve", str(config)], ["why", "ssr", "--file", str(config)]):
        code, out, _ = run(capsys, *args)
        assert code == 0
        lines = out.splitlines()
        assert not any(line.startswith("FAKE") for line in lines), lines
        assert any("lay\\nFAKE: 0 errors/fwk.config.ts" in line for line in lines), lines


def test_resolve_why_and_env_read_the_spreads_of_the_file_as_get_does(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`get ssr` said false (set by `...base`), `why ssr` and `resolve` said true, and a key a spread gives
    runtimeConfig was missing from `resolve` and `env` (its variable never listed): one answer for the file."""
    (tmp_path / "fwk.config.ts").write_text(
        "const base = { ssr: false }\nconst rc = { token: '' }\n"
        "export default defineFwkConfig({\n  ssr: true,\n  ...base,\n  runtimeConfig: { ...rc },\n})\n"
    )
    monkeypatch.chdir(tmp_path)
    assert run(capsys, "get", "ssr")[1] == "false\n"
    data = json.loads(run(capsys, "resolve", "--json")[1])
    assert data["values"]["ssr"] is False and "token" in data["values"]["runtimeConfig"]
    assert "false  <- the app gets this" in run(capsys, "why", "ssr")[1]
    assert "FWK_TOKEN" in run(capsys, "env")[1]
