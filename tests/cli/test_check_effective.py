"""``check`` also runs the rules on the config merged with its layers, pointing at the file and line that set the value."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.helpers import run


def _project(tmp_path: Path, main: str, base: str) -> Path:
    (tmp_path / "base").mkdir()
    (tmp_path / "base" / "fwk.config.ts").write_text(f"export default defineFwkConfig({{\n{base}}})\n")
    config = tmp_path / "fwk.config.ts"
    config.write_text(f"export default defineFwkConfig({{\n  extends: ['./base'],\n{main}}})\n")
    return config


def test_a_hash_mode_router_from_a_layer_with_ssr_on_is_caught_at_the_layer_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    config = _project(tmp_path, "  ssr: true,\n", "  router: { options: { hashMode: true } },\n")
    code, out, _ = run(capsys, "check", str(config))
    assert code == 1
    assert "In the effective config (1 layer read):" in out
    assert (
        "base/fwk.config.ts:2:34: error FWK304: hash mode is unsupported with server rendering" in out
        and "[router.options.hashMode] (set by layer ./base)" in out
    )
    code, out, _ = run(capsys, "check", str(config), "--format", "json")
    [finding] = [d for d in json.loads(out) if d.get("effective")]
    assert (finding["rule"], finding["line"], finding["origin"]["file"]) == ("hash-mode-with-ssr", 2, "base/fwk.config.ts")
    code, out, _ = run(capsys, "check", str(config), "--format", "github")
    assert f"::error file={tmp_path / 'base' / 'fwk.config.ts'},line=2,col=34," in out


def test_what_the_file_alone_reports_is_not_repeated_and_a_clean_merge_adds_nothing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    config = _project(tmp_path, "  devServer: { port: 'abc' },\n", "  ssr: false,\n")
    code, out, _ = run(capsys, "check", str(config))
    assert out.count("FWK201") == 1 and "effective config" not in out
    assert out.rstrip().endswith("1 error, 0 warnings, 0 infos")


def test_an_environment_section_is_checked_with_env(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    config = tmp_path / "fwk.config.ts"
    config.write_text(
        "export default defineFwkConfig({\n  ssr: false,\n  $production: { ssr: true, router: { options: { hashMode: true } } },\n})\n"
    )
    code, out, _ = run(capsys, "check", str(config))
    assert code == 0, out
    code, out, _ = run(capsys, "check", str(config), "--env", "production")
    assert code == 1
    assert "In the effective config (environment production):" in out
    assert "fwk.config.ts:3:60: error FWK304" in out and "(set by $production section)" in out
