"""Every config of the corpus moved with --keep-behaviour: no new error under layout A, every listed value unchanged,
and no value that the plan does not list changes."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from fwk_tui.catalog import load_catalog
from fwk_tui.catalog.models import Catalog
from fwk_tui.migrate import plan_move
from fwk_tui.migrate.write import migrated
from fwk_tui.resolve import plain, resolve_layers
from fwk_tui.resolve.defaults import add_defaults
from fwk_tui.source import ConfigDocument, DocumentError, ParseError, load_document
from fwk_tui.validate import check_document
from tests.validate.helpers import corpus_files


def _at(values: object, path: str) -> object:
    for key in path.split("."):
        if not isinstance(values, dict) or key not in values:
            return "not set"
        values = values[key]
    return values


def test_every_corpus_config_keeps_its_behaviour_under_layout_a(tmp_path: Path) -> None:
    files, error = corpus_files()
    assert not error, error
    catalog = load_catalog()
    moved = 0
    for n, source in enumerate(files):
        folder = tmp_path / str(n)
        folder.mkdir()
        file = folder / "fwk.config.ts"
        shutil.copyfile(source, file)
        try:
            doc = load_document(file)
        except (ParseError, DocumentError):
            continue  # templates and the like: the command says why
        if doc.read_only:
            continue
        plan = plan_move(resolve_layers(file, doc), catalog, folder, keep_source_folder=True)
        outcome = migrated(doc, plan, {i.path for i in plan.items}, catalog)
        assert outcome.new_errors == [], (source.name, outcome.new_errors)
        after = ConfigDocument.parse(outcome.doc.text, str(file))
        values = plain(resolve_layers(file, after).config)
        assert _at(values, "future.compatibilityVersion") == 4
        for item in plan.items:
            if item.keep is not None and not item.removed:
                assert _at(values, item.path) == item.keep, (source.name, item.path)
        _assert_nothing_else_changes(file, doc, after, catalog, {i.path for i in plan.items}, source.name)
        before = check_document(doc, catalog, "B").diagnostics
        now = check_document(after, catalog, "A").diagnostics
        assert len([d for d in now if d.severity == "error"]) <= len([d for d in before if d.severity == "error"])
        moved += 1
    assert moved >= 10


def _assert_nothing_else_changes(
    file: Path, doc: ConfigDocument, after: ConfigDocument, catalog: Catalog, listed: set[str], name: str
) -> None:
    """Every option whose value for this project (its defaults filled in) differs after the move is in the plan.

    Left out: options whose default is not a value in one layout (words, none),
    defaults naming folders (the plan compares those with the project's), and
    groups whose options are compared one by one.
    """
    was, now = resolve_layers(file, doc), resolve_layers(file, after)
    add_defaults(was.config, catalog, "B")
    add_defaults(now.config, catalog, "A")
    old, new = plain(was.config), plain(now.config)
    parents = {o.path.rsplit(".", 1)[0] for o in catalog.options if "." in o.path}
    for option in catalog.options:
        path = option.path
        a, b = option.default_for("A"), option.default_for("B")
        if path in parents or path == "future.compatibilityVersion" or a is None or b is None:
            continue
        if a.kind != "value" or b.kind != "value" or "<" in repr(a.value) + repr(b.value):
            continue
        if a.value == f"app/{b.value}":
            continue  # a folder of the source folder: the source folder stays, so does it
        covered = any(path == q or q.startswith(path + ".") or path.startswith(q + ".") for q in listed)
        assert covered or _at(old, path) == _at(new, path), (name, path, _at(old, path), _at(new, path))


@pytest.mark.parametrize("adopt", [True, False])
def test_the_plans_after_values_hold_when_adopted(tmp_path: Path, adopt: bool) -> None:
    file = tmp_path / "fwk.config.ts"
    file.write_text("export default defineFwkConfig({ ssr: true })\n")
    doc = load_document(file)
    catalog = load_catalog()
    plan = plan_move(resolve_layers(file, doc), catalog, tmp_path, keep_source_folder=not adopt)
    outcome = migrated(doc, plan, set() if adopt else {i.path for i in plan.items}, catalog)
    values = plain(resolve_layers(file, outcome.doc).config)
    for item in plan.items:
        expected = "not set" if adopt or item.keep is None else item.keep
        assert _at(values, item.path) == expected, item.path  # adopted: the new default applies, nothing written
