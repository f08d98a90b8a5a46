"""`check` on keys a person means as another: a misspelt runtimeConfig block, brand names, older keys."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.helpers import run

PUBLC = """\
export default defineFwkConfig({
  runtimeConfig: {
    publc: { apiBase: '/api' },
  },
})
"""


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_a_misspelt_public_block_is_a_warning_whose_rename_check_fix_leaves_alone(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = project / "fwk.config.ts"
    config.write_text(PUBLC)
    code, out, err = run(capsys, "check")
    assert (code, err) == (0, "")
    assert (
        "fwk.config.ts:3:5: warning FWK101: publc is not a block the browser reads; did you mean public? "
        "Its values are now server-only [runtimeConfig.publc]\n"
    ) in out
    assert "= fix: Rename publc to public" in out
    code, out, err = run(capsys, "check", "--fix")
    assert (code, err) == (0, "")
    assert config.read_text() == PUBLC
