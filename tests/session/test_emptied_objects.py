"""Resetting the last key of an object in the editor: the object goes, unless the file had it empty."""

from __future__ import annotations

from pathlib import Path

import pytest

from fwk_tui.catalog import Catalog, load_catalog
from fwk_tui.journal import Journal
from fwk_tui.session import Edit, EditSession
from fwk_tui.validate import Fix

NO_DEV_SERVER = "export default defineFwkConfig({\n  ssr: true,\n})\n"

# Files whose object was empty when opened, in the layouts people write.
EMPTY_AT_OPEN = {
    "root-inline": ("export default defineFwkConfig({})\n", "ssr"),
    "root-blank-line": ("export default defineFwkConfig({\n\n})\n", "ssr"),
    "nested-inline": ("export default defineFwkConfig({\n  ssr: true,\n  devServer: {},\n})\n", "devServer.port"),
    "nested-broken": ("export default defineFwkConfig({\n  devServer: {\n  },\n  ssr: true,\n})\n", "devServer.port"),
    "nested-comment": (
        "export default defineFwkConfig({\n  ssr: true,\n  devServer: { /* later */ },\n})\n",
        "devServer.port",
    ),
}


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog()


def _open_text(tmp_path: Path, catalog: Catalog, text: str) -> EditSession:
    path = tmp_path / "fwk.config.ts"
    path.write_text(text, encoding="utf-8")
    return EditSession.open(path, catalog)


def test_set_then_reset_of_a_new_object_gives_the_file_back_clean(tmp_path: Path, catalog: Catalog) -> None:
    session = _open_text(tmp_path, catalog, NO_DEV_SERVER)
    session.set("devServer.port", 4000)
    assert "devServer: {\n    port: 4000,\n  }," in session.text
    assert session.reset("devServer.port") is True
    assert session.text == NO_DEV_SERVER
    assert not session.dirty


def test_resetting_the_last_key_of_an_object_in_the_file_removes_the_object(
    tmp_path: Path, catalog: Catalog
) -> None:
    session = _open_text(tmp_path, catalog, "export default defineFwkConfig({\n  devServer: { port: 3000 },\n})\n")
    session.reset("devServer.port")
    assert session.text == "export default defineFwkConfig({\n})\n"
    assert not session.has("devServer")


@pytest.mark.parametrize(("text", "path"), EMPTY_AT_OPEN.values(), ids=EMPTY_AT_OPEN.keys())
def test_an_object_empty_in_the_file_comes_back_byte_for_byte(
    tmp_path: Path, catalog: Catalog, text: str, path: str
) -> None:
    session = _open_text(tmp_path, catalog, text)
    session.set(path, 4000)
    assert session.dirty
    session.reset(path)
    assert session.text == text
    assert not session.dirty


def test_a_fix_that_unsets_keeps_an_object_empty_in_the_file(tmp_path: Path, catalog: Catalog) -> None:
    text, path = EMPTY_AT_OPEN["nested-broken"]
    session = _open_text(tmp_path, catalog, text)
    session.set(path, 4000)
    session.apply_fix(Fix("unset", path, f"Remove {path}"))
    assert session.text == text


def test_an_object_saved_empty_is_kept_from_then_on(tmp_path: Path, catalog: Catalog) -> None:
    session = _open_text(tmp_path, catalog, NO_DEV_SERVER)
    session.set("devServer", {})
    session.save()
    session.set("devServer.port", 4000)
    session.reset("devServer.port")
    assert session.text == "export default defineFwkConfig({\n  ssr: true,\n  devServer: {},\n})\n"
    assert not session.dirty


def test_reload_reapplies_an_unset_as_the_live_edit_did(tmp_path: Path, catalog: Catalog) -> None:
    text, path = EMPTY_AT_OPEN["nested-broken"]
    session = _open_text(tmp_path, catalog, text)
    session.set(path, 4000)
    session.set("app.baseURL", "/a/")
    session.reset(path)
    seen = session.text
    (tmp_path / "fwk.config.ts").write_text(text + "\n", encoding="utf-8")  # changed on disk, same objects
    result = session.reload()
    assert result.dropped == []
    assert session.text == seen + "\n"


def test_journal_recovery_replays_the_unset_edit_by_edit(tmp_path: Path, catalog: Catalog) -> None:
    text, path = EMPTY_AT_OPEN["nested-comment"]
    session = _open_text(tmp_path, catalog, text)
    journal = Journal(tmp_path / "journal")
    session.subscribe(journal.record)
    session.set(path, 4000)
    session.set("app.baseURL", "/a/")
    session.reset(path)
    entry = journal.pending(session.path)  # type: ignore[arg-type]
    assert entry is not None and entry.edits is not None

    reopened = EditSession.open(tmp_path / "fwk.config.ts", catalog)
    result = entry.recover(reopened)
    assert reopened.text == session.text
    assert result.applied == [Edit("set", path, 4000), Edit("set", "app.baseURL", "/a/"), Edit("unset", path)]
