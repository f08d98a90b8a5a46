"""The source folder the framework picks, as ``resolve --with-defaults`` and ``why srcDir`` say it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.helpers import run
from tests.skeletons import lay_out


def _project(root: Path, config: str, *entries: str) -> Path:
    file = lay_out(root, *entries) / "fwk.config.ts"
    file.write_text(f"export default defineFwkConfig({{ {config} }})\n")
    return file


def test_why_src_dir_says_the_fallback_to_the_root(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    file = _project(tmp_path, "future: { compatibilityVersion: 4 }", "pages/index.vue", "app.vue")
    code, out, _ = run(capsys, "why", "srcDir", "--file", str(file))
    assert code == 0
    assert "the app uses the config's folder as its source folder because no app/ folder exists): '.'" in out
    assert "<- the app gets this" in out


def test_with_defaults_the_source_folder_and_its_folders_follow_what_is_on_disk(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    file = _project(tmp_path / "a", "future: { compatibilityVersion: 4 }", "app/pages/index.vue")
    code, out, _ = run(capsys, "resolve", "--with-defaults", str(file))
    assert code == 0
    assert "srcDir = 'app'" in out and "dir.pages = 'app/pages'" in out
    file = _project(tmp_path / "b", "future: { compatibilityVersion: 4 }", "pages/index.vue")
    code, out, _ = run(capsys, "resolve", "--with-defaults", str(file))
    assert "srcDir = '.'" in out and "dir.pages = 'pages'" in out  # the fallback: the pages are read at the root


def test_a_layout_b_project_is_answered_as_layout_b(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    file = _project(tmp_path, "ssr: true", "pages/index.vue", "components/A.vue")
    code, out, _ = run(capsys, "why", "srcDir", "--file", str(file))
    assert code == 0 and "variant B" in out and "'app'" not in out
