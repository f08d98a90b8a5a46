"""Helpers for the validation tests: check a config written as JS text."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

from fwk_tui.catalog import load_catalog
from fwk_tui.catalog.models import Variant
from fwk_tui.source import ConfigDocument
from fwk_tui.validate import Diagnostic, Layout, Project, check_document

REPO = Path(__file__).resolve().parents[2]
FETCH = REPO.parent / "shared" / "corpus" / "fetch"


def config(body: str) -> ConfigDocument:
    """A document whose config object holds ``body``."""
    return ConfigDocument.parse(f"export default defineFwkConfig({{\n{body}\n}})\n")


def diagnose(
    body: str, variant: Variant | None = "A", project: Project | None = None, layout: Layout | None = None
) -> list[Diagnostic]:
    """Every diagnostic of a config holding ``body``, checked as ``variant`` (beside the names of ``layout``)."""
    return check_document(config(body), load_catalog(), variant, project=project, layout=layout).diagnostics


def at(diagnostics: list[Diagnostic], path: str, rule: str | None = None) -> list[Diagnostic]:
    """The diagnostics on ``path`` (made by ``rule`` when given)."""
    return [d for d in diagnostics if d.path == path and (rule is None or d.rule == rule)]


def one(diagnostics: list[Diagnostic], path: str, rule: str | None = None) -> Diagnostic:
    """The single diagnostic on ``path``; fails with the whole list otherwise."""
    found = at(diagnostics, path, rule)
    assert len(found) == 1, f"expected one diagnostic on {path} ({rule}), got {found!r} in {diagnostics!r}"
    return found[0]


def corpus_files() -> tuple[list[Path], str | None]:
    """The real config files of the corpus, fetched like tests/source does; or why there are none."""
    cache = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    files_dir = Path(cache) / "fwk-corpus" / "files"
    if not files_dir.is_dir() or not any(files_dir.iterdir()):
        if not FETCH.is_file():
            return [], f"the corpus is missing and {FETCH} does not exist"
        if shutil.which("npm") is None:
            return [], "the corpus is missing and npm, which fetch needs, is not installed"
        proc = subprocess.run(["bash", str(FETCH)], capture_output=True, text=True, check=False, timeout=900)
        if proc.returncode != 0:
            return [], f"{FETCH} failed ({proc.returncode}):\n{proc.stdout}\n{proc.stderr}"
    files = sorted(p for p in files_dir.iterdir() if p.is_file())
    return files, None if files else f"{files_dir} holds no files"
