"""`fwk-tui catalog`, `explain` and `search`: output and the documented JSON shapes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from fwk_tui.exits import Exit
from tests.cli.helpers import run

ROOT = Path(__file__).resolve().parents[2]


def test_catalog_json_lists_every_option_with_the_contract_fields(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "catalog", "--json")
    assert code == 0
    data = json.loads(out)
    assert len(data) >= 250
    for item in data:
        assert {"path", "type", "variants", "default", "default_shown", "aliases", "doc", "tags", "env"} <= item.keys()
        assert set(item["default"]) == set(item["variants"]) == set(item["default_shown"])
    by_path = {d["path"]: d for d in data}
    assert by_path["srcDir"]["default"] == {"A": "app", "B": "<srcDir>"}
    assert by_path["compatibilityDate"]["default_shown"] == {"A": False, "B": False}
    assert by_path["appConfig"]["default_shown"] == {"A": True, "B": True}
    assert by_path["app.baseURL"]["env"] == "FWK_APP_BASE_URL"
    assert "FWK_PUBLIC_" in by_path["runtimeConfig"]["env"]
    assert by_path["headmgr"]["aliases"] == ["unhead"]


def test_catalog_variant_filter(capsys: pytest.CaptureFixture[str]) -> None:
    _, out_a, _ = run(capsys, "catalog", "--variant", "A", "--json")
    _, out_b, _ = run(capsys, "catalog", "--variant", "B", "--json")
    paths_a = {d["path"] for d in json.loads(out_a)}
    paths_b = {d["path"] for d in json.loads(out_b)}
    assert "typescript.appTsConfig" in paths_a - paths_b
    assert "experimental.typedPages" in paths_b - paths_a


def test_catalog_text_groups_options(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "catalog")
    assert code == 0
    assert "Dev server (6)" in out
    assert "devServer.port" in out and "3000" in out


def test_explain_by_alias_in_each_variant(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "explain", "unhead.legacy", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["path"] == "headmgr.legacy" and data["default"] is False and "unhead.legacy" in data["aliases"]
    _, out, _ = run(capsys, "explain", "serverDir", "--variant", "B", "--json")
    assert json.loads(out)["default"] == "<srcDir>/server"
    code, out, _ = run(capsys, "explain", "srcDir")
    assert code == 0 and "default (A)  \"app\"" in out and "default (B)  \"<srcDir>\"" in out


def test_explain_unknown_path_suggests(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "explain", "devServer.prot")
    assert code == Exit.NOT_FOUND and out == ""
    assert "did you mean" in err and "devServer.port" in err


def test_search_json_best_first(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "search", "teleport", "--json")
    assert code == 0
    paths = [h["path"] for h in json.loads(out)]
    assert paths[0].startswith("app.teleport") and len(paths) >= 3


def test_search_answers_a_question_and_says_which_words_matched(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "search", "serve", "assets", "from", "a", "CDN", "--json", "--limit", "3")
    assert code == 0
    found = json.loads(out)
    task = found[0]  # the question is a task's own words: the task comes first, with its options and how
    assert task["task"] == "serve assets from a cdn" and task["path"] == "app.cdnURL" and task["matched"] == "task"
    assert "app.cdnURL" in task["options"] and task["how"] == task["excerpt"] == task["doc"]
    first = next(hit for hit in found if "task" not in hit)
    keys = {"path", "score", "matched", "doc", "module", "words", "path_spans", "excerpt", "excerpt_spans"}
    assert keys <= first.keys() and keys <= task.keys()
    assert first["path"] == "app.cdnURL" and first["matched"] == "path"
    assert "cdn" in first["words"] and "from" not in first["words"]
    assert [first["path"][a:b] for a, b in first["path_spans"]] == ["cdn"]
    assert "served" in [first["excerpt"][slice(*span)] for span in first["excerpt_spans"]]
    code, out, _ = run(capsys, "search", "turn", "off", "ssr")
    assert code == 0 and out.splitlines()[0].split()[0] == "ssr"  # plain text when not a terminal
    assert "\x1b" not in out


def test_non_editable_wheel_works_from_any_directory(tmp_path: Path) -> None:
    """The catalogue ships inside the wheel: an installed copy needs no repo."""
    wheel_dir = tmp_path / "wheel"
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w", str(wheel_dir), str(ROOT)],
        check=True,
        capture_output=True,
    )
    wheel = next(wheel_dir.glob("fwk_tui-*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    assert any(n.startswith("fwk_tui/_data/catalog/") and n.endswith(".yaml") for n in names)
    target = tmp_path / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target", str(target), str(wheel)],
        check=True,
        capture_output=True,
    )
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {**os.environ, "PYTHONPATH": str(target), "XDG_CACHE_HOME": str(tmp_path / "cache")}
    result = subprocess.run(
        [sys.executable, "-c", "import fwk_tui, sys; from fwk_tui.cli import main; print(fwk_tui.__file__); sys.exit(main(['explain', 'devServer.port', '--json']))"],
        cwd=elsewhere,
        env=env,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    first, rest = result.stdout.split("\n", 1)
    assert first.startswith(str(target))
    assert json.loads(rest)["default"] == 3000


@pytest.mark.parametrize("limit", ["-5", "0", "many"])
def test_search_refuses_a_limit_that_is_no_count(capsys: pytest.CaptureFixture[str], limit: str) -> None:
    """`--limit -5` listed every match but the last five."""
    with pytest.raises(SystemExit) as stop:
        run(capsys, "search", "app", "--limit", limit)
    assert stop.value.code == 2
    assert "argument --limit:" in capsys.readouterr().err
