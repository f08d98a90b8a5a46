"""Commands about options (`explain`, `schema`) speak of the variant of the project they run in, as `check` does."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.helpers import run

LAYOUT_B = "export default defineFwkConfig({ ssr: true })\n"


@pytest.fixture
def layout_b(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A project in layout B told by its folders only: pages/ beside the config."""
    (tmp_path / "pages").mkdir()
    (tmp_path / "pages" / "index.vue").write_text("<template><p/></template>\n")
    (tmp_path / "fwk.config.ts").write_text(LAYOUT_B)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_explain_speaks_of_the_variant_check_detects_here(layout_b: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, checked, _ = run(capsys, "check")
    assert "checked as variant B" in checked
    code, out, err = run(capsys, "explain", "srcDir", "--json")
    data = json.loads(out)
    assert (code, err, data["variant"], data["config"]) == (0, "", "B", "fwk.config.ts")
    assert "pages" in data["variant_reason"]
    _, text, _ = run(capsys, "explain", "dir.assets")
    assert text.startswith("(variant B for fwk.config.ts: pages is beside the config")
    _, chosen, _ = run(capsys, "explain", "srcDir", "--json", "--variant", "A")
    assert (json.loads(chosen)["variant"], json.loads(chosen)["config"]) == ("A", None)


def test_schema_is_of_the_variant_of_the_project_here(layout_b: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "schema")
    assert code == 0 and json.loads(out)["title"].startswith("fwk.config options, variant B")
    code, out, _ = run(capsys, "schema", "--out", "s.json")
    assert out.startswith("wrote s.json: the JSON Schema of variant B (pages is beside the config")


def test_a_config_here_that_does_not_read_is_a_note_and_variant_a(
    layout_b: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (layout_b / "fwk.config.ts").write_text("export default defineFwkConfig({ ssr: \n")
    code, out, err = run(capsys, "explain", "srcDir", "--json")
    assert (code, json.loads(out)["variant"]) == (0, "A")
    assert err.startswith("note: fwk.config.ts:") and "taken as variant A (--variant chooses)" in err
    code, _, err = run(capsys, "explain", "srcDir", "--file", "fwk.config.ts")
    assert code == 2 and "fwk.config.ts:1:" in err
