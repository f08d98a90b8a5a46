"""A module as its package is installed beside a project: found from the config's folder upward, read, never run."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from fwk_tui.modules.installed import InstalledModule, NotInstalled, read_module
from tests.modules.test_declarations import COLOR_MODE, ENTRY, SHARED


def _install(root: Path, name: str, files: dict[str, bytes], manifest: object) -> Path:
    package = root / "node_modules" / name
    (package / "dist").mkdir(parents=True)
    (package / "dist" / "module.json").write_text(json.dumps(manifest))
    for rel, data in files.items():
        (package / "dist" / rel).parent.mkdir(parents=True, exist_ok=True)
        (package / "dist" / rel).write_bytes(data)
    return package


def test_a_module_is_found_from_the_config_folder_upward_with_its_options(tmp_path: Path) -> None:
    manifest = {"name": "@fwk/color-mode", "version": "4.0.1", "configKey": "colorMode"}
    _install(tmp_path, "@fwk/color-mode", {"module.d.mts": COLOR_MODE}, manifest)
    app = tmp_path / "apps" / "shop"  # a monorepo: the package is installed at its root
    app.mkdir(parents=True)
    found = read_module("@fwk/color-mode", app)
    assert isinstance(found, InstalledModule)
    assert (found.label, found.config_key) == ("@fwk/color-mode 4.0.1", "colorMode")
    assert found.declarations.option(("preference",)) is not None


def test_the_files_of_its_package_it_imports_are_read(tmp_path: Path) -> None:
    files = {"module.d.mts": ENTRY, "shared/i18n.abc.d.mts": SHARED}
    _install(tmp_path, "@fwk/i18n", files, {"name": "@fwk/i18n", "version": "10.0.0", "configKey": "i18n"})
    found = read_module("@fwk/i18n", tmp_path)
    assert isinstance(found, InstalledModule)
    assert found.declarations.option(("strategy",)) is not None  # from shared/i18n.abc.d.mts


def test_a_link_out_of_the_package_is_not_followed(tmp_path: Path) -> None:
    outside = tmp_path / "elsewhere"
    (outside / "shared").mkdir(parents=True)
    (outside / "shared" / "i18n.abc.d.mts").write_bytes(SHARED)
    package = _install(tmp_path / "p", "@fwk/i18n", {"module.d.mts": ENTRY}, {"name": "@fwk/i18n", "version": "1"})
    os.symlink(outside / "shared", package / "dist" / "shared")
    found = read_module("@fwk/i18n", tmp_path / "p")
    assert isinstance(found, InstalledModule)
    assert found.declarations.option(("strategy",)) is None and found.declarations.option(("vueI18n",)) is not None


@pytest.mark.parametrize(
    ("manifest", "words"),
    [
        (None, "@fwk/x is not installed here (no node_modules/@fwk/x): install the project's packages"),
        ("{", "@fwk/x: its dist/module.json is not JSON"),
        ("[1]", "@fwk/x: its dist/module.json is not a JSON object"),
    ],
)
def test_what_is_not_installed_or_not_a_module_says_why(tmp_path: Path, manifest: str | None, words: str) -> None:
    if manifest is not None:
        (tmp_path / "node_modules" / "@fwk" / "x" / "dist").mkdir(parents=True)
        (tmp_path / "node_modules" / "@fwk" / "x" / "dist" / "module.json").write_text(manifest)
    found = read_module("@fwk/x", tmp_path)
    assert isinstance(found, NotInstalled) and found.words.startswith(words)


def test_a_fifo_for_declarations_is_a_note_not_a_hang(tmp_path: Path) -> None:
    package = _install(tmp_path, "@fwk/y", {}, {"name": "@fwk/y", "version": "1", "configKey": "y"})
    os.mkfifo(package / "dist" / "module.d.mts")
    found = read_module("@fwk/y", tmp_path)
    assert isinstance(found, InstalledModule) and found.declarations.options == ()
    assert "not a regular file" in found.declarations.notes[0] or "FIFO" in found.declarations.notes[0]
