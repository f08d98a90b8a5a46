"""A config merged again with the layers already read (the editor, as the user types), and the environments named."""

from __future__ import annotations

import shutil
from pathlib import Path

from fwk_tui.resolve import plain, resolve_layers
from fwk_tui.resolve.loader import remerge
from fwk_tui.source import ConfigDocument, load_document
from tests.resolve.helpers import PROJECTS, resolve_project


def test_the_environments_named_in_the_config_and_its_layers_are_listed() -> None:
    assert resolve_project("envs").env_names == ["production", "development", "test", "staging"]
    assert resolve_project("questions").env_names == ["production"]


def test_a_new_text_of_the_config_merges_with_the_layers_read_before_without_reading_them(tmp_path: Path) -> None:
    project = tmp_path / "questions"
    shutil.copytree(PROJECTS / "questions", project)
    file = project / "fwk.config.ts"
    first = resolve_layers(file, load_document(file), "production")
    shutil.rmtree(project / "base")  # a re-merge reads no layer: what was read is kept
    edited = file.read_text().replace("ssr: null,", "ssr: true,")
    again = remerge(first, file, ConfigDocument.parse(edited))
    assert again is not None
    values = plain(again.config)
    assert isinstance(values, dict)
    assert values["ssr"] is True  # the file's value now wins over the layer's false
    assert values["i18n"] == {"locales": ["en", "fr", "de"], "defaultLocale": "fr"}
    assert values["app"] == {"baseURL": "/prod/"}  # its own $production section still applies
    assert [s.file for s in again.sources] == [s.file for s in first.sources]


def test_a_config_naming_other_layers_is_not_merged_again(tmp_path: Path) -> None:
    file = PROJECTS / "questions" / "fwk.config.ts"
    first = resolve_layers(file, load_document(file))
    edited = file.read_text().replace("extends: ['./base'],", "extends: ['./other'],")
    assert remerge(first, file, ConfigDocument.parse(edited)) is None
