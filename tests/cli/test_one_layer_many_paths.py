"""A layer reached by several ``extends`` paths (a diamond): each finding about one written line once, with every
path of the merged config it is about; ``why`` lists each source once and names the environments that set a key."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .helpers import run


def _diamond(root: Path, shared: str, top: str = "") -> None:
    for name in ("a", "b", "shared"):
        (root / name).mkdir()
    (root / "fwk.config.ts").write_text(f"export default defineFwkConfig({{ extends: ['./a', './b'], {top} }})\n")
    for name in ("a", "b"):
        (root / name / "fwk.config.ts").write_text("export default defineFwkConfig({ extends: ['../shared'] })\n")
    (root / "shared" / "fwk.config.ts").write_text(f"export default defineFwkConfig({{ {shared} }})\n")


def test_a_finding_in_a_layer_reached_twice_is_reported_once_with_both_paths(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _diamond(tmp_path, "css: ['~/a.css', '~/a.css']")
    monkeypatch.chdir(tmp_path)
    code, out, _ = run(capsys, "check")
    lines = [line for line in out.splitlines() if "FWK329" in line]
    places = [line.split(": warning")[0] for line in lines]
    assert len(places) == len(set(places)), out  # each written place once
    assert any("[css[1], css[3]]" in line for line in lines), out
    code, out, _ = run(capsys, "check", "--format", "json")
    found = [d for d in json.loads(out) if d["code"] == "FWK329"]
    assert len({(d["origin"]["line"], d["origin"]["column"]) for d in found}) == len(found)
    assert ["css[1]", "css[3]"] in [d["paths"] for d in found]


def test_why_lists_a_layer_reached_twice_once_and_names_the_environment_that_sets_a_key(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _diamond(tmp_path, "ssr: false, $production: { app: { baseURL: '/prod' } }")
    monkeypatch.chdir(tmp_path)
    code, out, _ = run(capsys, "why", "ssr")
    assert code == 0 and out.count("layer ../shared") == 1, out
    code, out, _ = run(capsys, "why", "app.baseURL")
    assert "note: in the production environment, shared/fwk.config.ts:1:" in out, out
    code, out, _ = run(capsys, "why", "app.baseURL", "--env", "production")
    assert "'/prod'  <- the app gets this" in out and "note: in the production environment" not in out, out


def test_env_reads_the_project_as_resolve_does(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A variable whose key a layer sets works (resolve applies it): env said it matched no key and exited 1; env
    reads ./.env by default; a key only a section sets is named with its environment; a public value is shown."""
    _diamond(
        tmp_path,
        "runtimeConfig: { public: { layerKey: 'x' } }, $production: { runtimeConfig: { public: { prodKey: 'p' } } }",
    )
    (tmp_path / ".env").write_text("FWK_PUBLIC_LAYER_KEY=1\nFWK_PUBLIC_PROD_KEY=2\nFWK_PUBLIC_LAYER_KEYY=3\n")
    monkeypatch.chdir(tmp_path)
    code, out, _ = run(capsys, "env")
    assert code == 1, out  # the typo alone
    assert "  .env:1: FWK_PUBLIC_LAYER_KEY=1  overrides runtimeConfig.public.layerKey\n" in out
    assert "FWK_PUBLIC_PROD_KEY=2  matches no key of runtimeConfig or app without an environment; in production" in out
    assert "FWK_PUBLIC_LAYER_KEYY=3  matches no key of runtimeConfig or app; did you mean FWK_PUBLIC_LAYER_KEY?" in out
    code, out, _ = run(capsys, "env", "--env", "production", "--json")
    entries = {e["name"]: e for e in json.loads(out)["dotenv"][0]["entries"]}
    assert entries["FWK_PUBLIC_PROD_KEY"]["path"] == "runtimeConfig.public.prodKey"
    code, out, _ = run(capsys, "resolve", "--env", "production", "--json")
    runtime = json.loads(out)["runtime"]["runtimeConfig"]["public"]
    assert runtime["layerKey"] == 1 and runtime["prodKey"] == 2


def test_get_reads_the_file_and_says_where_the_project_gives_a_value_it_lacks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _diamond(tmp_path, "runtimeConfig: { public: { layerKey: 'x' } }, $production: { ssr: false }")
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, "get", "runtimeConfig.public.layerKey")
    assert (code, out) == (4, "") and "`fwk-tui why runtimeConfig.public.layerKey` says where" in err, err
    code, out, err = run(capsys, "get", "ssr")
    assert code == 4 and "the production environment gives it one: `fwk-tui why ssr --env production`" in err, err
    code, out, err = run(capsys, "get", "runtimeConfig.public.other")
    assert code == 4 and "why" not in err, err


def test_an_item_listed_once_in_a_layer_reached_twice_names_the_cause(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The merged list holds the one written item twice (the loader merges the layer once per path): the warning
    said "already listed" of a line that lists it once, with a fix that removes nothing written twice."""
    _diamond(tmp_path, "css: ['~/a.css']")
    monkeypatch.chdir(tmp_path)
    code, out, _ = run(capsys, "check")
    [line] = [line for line in out.splitlines() if "FWK329" in line]
    assert "layer ../shared is extended through several layers and merged each time" in line, out
    code, out, _ = run(capsys, "check", "--format", "json")
    [found] = [d for d in json.loads(out) if d["code"] == "FWK329"]
    assert found["fix"] is None
