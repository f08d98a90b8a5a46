"""Helpers for the validation tests: check a config written as JS text."""

from __future__ import annotations

from pathlib import Path

from fwk_tui.catalog import load_catalog
from fwk_tui.catalog.models import Variant
from fwk_tui.source import ConfigDocument
from fwk_tui.validate import Diagnostic, Layout, Package, check_document


def config(body: str) -> ConfigDocument:
    """A document whose config object holds ``body``."""
    return ConfigDocument.parse(f"export default defineFwkConfig({{\n{body}\n}})\n")


def diagnose(
    body: str, variant: Variant | None = "A", package: Package | None = None, layout: Layout | None = None
) -> list[Diagnostic]:
    """Every diagnostic of a config holding ``body``, checked as ``variant`` (beside the names of ``layout``)."""
    return check_document(config(body), load_catalog(), variant, package=package, layout=layout).diagnostics


def at(diagnostics: list[Diagnostic], path: str, rule: str | None = None) -> list[Diagnostic]:
    """The diagnostics on ``path`` (made by ``rule`` when given)."""
    return [d for d in diagnostics if d.path == path and (rule is None or d.rule == rule)]


def one(diagnostics: list[Diagnostic], path: str, rule: str | None = None) -> Diagnostic:
    """The single diagnostic on ``path``; fails with the whole list otherwise."""
    found = at(diagnostics, path, rule)
    assert len(found) == 1, f"expected one diagnostic on {path} ({rule}), got {found!r} in {diagnostics!r}"
    return found[0]


def corpus_files() -> tuple[list[Path], str | None]:
    """The real config files of the corpus (tests/corpus.py fetches them when missing); or why there are none."""
    from tests.corpus import corpus_files as fetched

    files, why = fetched()
    return list(files), why
