"""The checks against real config files: reviewed snapshots of what each file gets.

Each corpus file's diagnostics are kept in ``corpus/<file>.json`` (the JSON of
``fwk-tui check --format json``, with the variant and why). A change shows up
as a failing diff; after reading the new diagnostics, write them with

    FWK_TUI_UPDATE_SNAPSHOTS=1 .venv/bin/python -m pytest tests/validate/test_corpus.py

False positives are fixed in the validator, never in a snapshot.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from fwk_tui.catalog import load_catalog
from fwk_tui.cli.check_cmds import diagnostic_json
from fwk_tui.source import ParseError, load_document
from fwk_tui.validate import check_document
from tests.validate.helpers import corpus_files

SNAPSHOTS = Path(__file__).parent / "corpus"
UPDATE = os.environ.get("FWK_TUI_UPDATE_SNAPSHOTS") == "1"
FILES, WHY_NONE = corpus_files()
MIN_FILES = 20  # the corpus held 20 files when the snapshots were reviewed


def result_of(file: Path) -> dict[str, Any]:
    try:
        doc = load_document(file)
    except ParseError as exc:
        return {"refused": exc.message}
    # No layout: the corpus folder holds every file, so its entries say nothing about one.
    result = check_document(doc, load_catalog())
    return {
        "variant": result.variant.variant,
        "reason": result.variant.reason,
        "diagnostics": [diagnostic_json(d) for d in result.diagnostics],
    }


def test_the_corpus_is_there() -> None:
    assert WHY_NONE is None, WHY_NONE
    assert len(FILES) >= MIN_FILES


@pytest.mark.parametrize("file", FILES or [Path("corpus-unavailable")], ids=lambda p: p.name)
def test_corpus_file_matches_its_reviewed_snapshot(file: Path) -> None:
    assert WHY_NONE is None, WHY_NONE
    snapshot = SNAPSHOTS / f"{file.name}.json"
    got = result_of(file)
    if UPDATE:
        snapshot.write_text(json.dumps(got, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    assert snapshot.is_file(), f"no snapshot for {file.name}: review and write it with FWK_TUI_UPDATE_SNAPSHOTS=1"
    assert got == json.loads(snapshot.read_text(encoding="utf-8"))


def test_no_snapshot_is_left_over() -> None:
    names = {f"{p.name}.json" for p in FILES}
    assert {p.name for p in SNAPSHOTS.glob("*.json")} <= names


@pytest.mark.parametrize("file", FILES or [Path("corpus-unavailable")], ids=lambda p: p.name)
def test_corpus_files_have_no_errors_except_the_reviewed_ones(file: Path) -> None:
    """Real configs that work: the only error the corpus gets is docus 0.9's `theme: {}` (see below)."""
    got = result_of(file)
    errors = [d for d in got.get("diagnostics", []) if d["severity"] == "error"]
    expected = REVIEWED_ERRORS.get(file.name, [])
    assert [(d["path"], d["message"]) for d in errors] == expected


# docus 0.9 was written for the framework's previous major version through a
# wrapper (`fwkConfig` from fwk-extend) where `theme` held the theme's
# settings; the reference's `theme` is a layer source, so `{}` is wrong here.
REVIEWED_ERRORS: dict[str, list[tuple[str, str]]] = {
    "docus_0.9.0__dist_app_fwk.config.js": [
        (
            "theme",
            "expected a layer source (github:, gh:, gitlab:, bitbucket:, https: or a local path), got an empty object",
        )
    ],
}
