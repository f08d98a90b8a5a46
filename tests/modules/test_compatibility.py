"""A module whose module.json range shuts out the project's framework version is named with both: a warning, an
error where experimental.enforceModuleCompatibility stops the app; the version is the installed framework's, else
the lowest package.json's range lets in; nothing is said when either is unknown."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.cli.helpers import run
from tests.modules.test_declarations import COLOR_MODE
from tests.modules.test_installed import _install


def _project(root: Path, compatibility: object, *, installed: str | None, written: str | None) -> None:
    manifest = {"name": "@fwk/color-mode", "version": "4.0.1", "configKey": "colorMode", "compatibility": compatibility}
    _install(root, "@fwk/color-mode", {"module.d.mts": COLOR_MODE}, manifest)
    if installed is not None:
        (root / "node_modules" / "fwk").mkdir(parents=True)
        (root / "node_modules" / "fwk" / "package.json").write_text(json.dumps({"name": "fwk", "version": installed}))
    dependencies = {"@fwk/color-mode": "^4.0.0", **({"fwk": written} if written else {})}
    (root / "package.json").write_text(json.dumps({"dependencies": dependencies}))


def _check(capsys: pytest.CaptureFixture[str], root: Path, extra: str = "") -> tuple[int, list[dict[str, object]]]:
    (root / "fwk.config.ts").write_text(
        f"export default defineFwkConfig({{\n  ssr: true,\n  modules: ['./local', '@fwk/color-mode'],{extra}\n}})\n"
    )
    code, out, _ = run(capsys, "check", "--format", "json", str(root / "fwk.config.ts"))
    return code, [d for d in json.loads(out) if d["code"] == "FWK205"]


@pytest.mark.parametrize(
    ("compatibility", "installed", "written", "said"),
    [
        ({"fwk": "^3.0.0"}, "4.2.1", "^3.16.0", "this project has fwk 4.2.1 (node_modules/fwk)"),
        ({"fwk": ">=3.10.0 <4"}, None, "^4.1.0", "fwk 4.1.0 (the lowest version package.json's range '^4.1.0' allows)"),
        ({"fwk": "^3.0.0 || ^4.0.0-0"}, "4.0.0-rc.2", None, None),
        ({"fwk": "^3.0.0 || ^4.0.0"}, "4.2.1", None, None),
        ({"fwk": "^3.0.0"}, None, None, None),  # the project's version unknown: nothing guessed
        ({"fwk": "not a range"}, "4.2.1", None, None),
        ({"bridge": False}, "4.2.1", None, None),
        ("^3.0.0", "4.2.1", None, None),  # not the builder's shape
    ],
)
def test_a_range_that_shuts_out_the_projects_version_names_both(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    compatibility: object,
    installed: str | None,
    written: str | None,
    said: str | None,
) -> None:
    _project(tmp_path, compatibility, installed=installed, written=written)
    code, found = _check(capsys, tmp_path)
    if said is None:
        assert found == []
        return
    assert code == 0  # a warning
    assert [(d["severity"], d["path"], d["line"]) for d in found] == [("warning", "modules[1]", 3)]
    assert f"@fwk/color-mode 4.0.1 works with fwk {compatibility['fwk']} (its module.json)" in str(found[0]["message"])  # type: ignore[index]
    assert said in str(found[0]["message"])


def test_with_enforced_compatibility_it_is_an_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _project(tmp_path, {"fwk": "^3.0.0"}, installed="4.2.1", written=None)
    code, found = _check(capsys, tmp_path, "\n  experimental: { enforceModuleCompatibility: true },")
    assert code == 1 and [d["severity"] for d in found] == ["error"]
    assert "the app does not start" in str(found[0]["message"])


@pytest.mark.parametrize(
    ("make", "words"),
    [
        (lambda f: f.write_bytes(b"interface ModuleOptions { a: string }\n" + b"// x\n" * 2_500_000), "too big"),
        (lambda f: os.mkfifo(f), "not a regular file"),
        (lambda f: f.symlink_to("/etc/passwd"), "leads out of its package (a link): not read"),
    ],
    ids=["10 MB", "fifo", "link out"],
)
def test_declarations_that_cannot_be_read_are_one_note_never_a_hang(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], make: Callable[[Path], object], words: str
) -> None:
    _project(tmp_path, {"fwk": ">=3"}, installed=None, written=None)
    declarations = tmp_path / "node_modules" / "@fwk" / "color-mode" / "dist" / "module.d.mts"
    declarations.unlink()
    make(declarations)
    (tmp_path / "fwk.config.ts").write_text("export default defineFwkConfig({ colorMode: { storag: 1 } })\n")
    code, _, err = run(capsys, "check", str(tmp_path / "fwk.config.ts"))
    assert code == 0
    notes = [line for line in err.splitlines() if "@fwk/color-mode 4.0.1 are not checked" in line]
    assert len(notes) == 1 and words in notes[0]
