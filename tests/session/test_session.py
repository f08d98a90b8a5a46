"""The edit session as the editor's user meets it: undo/redo, typing, fixes, dirty state, save, reload."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from fwk_tui.catalog import Catalog, load_catalog
from fwk_tui.session import Edit, EditError, EditSession
from fwk_tui.source import ChangedOnDiskError, Code, ConfigDocument, DocumentError
from fwk_tui.validate import check_document

EXAMPLE = Path(__file__).resolve().parents[2] / "fwk_tui" / "examples" / "fwk.config.ts"

ALIASED = """\
export default defineFwkConfig({
  // The head manager, under its old name.
  unhead: { legacy: true },
  devServer: { port: 3000 },
})
"""


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog()


@pytest.fixture
def config(tmp_path: Path) -> Path:
    path = tmp_path / "fwk.config.ts"
    shutil.copyfile(EXAMPLE, path)
    return path


@pytest.fixture
def session(config: Path, catalog: Catalog) -> EditSession:
    return EditSession.open(config, catalog)


def _open_text(tmp_path: Path, catalog: Catalog, text: str) -> EditSession:
    path = tmp_path / "fwk.config.ts"
    path.write_text(text, encoding="utf-8")
    return EditSession.open(path, catalog)


def _steps(session: EditSession) -> int:
    """How many times undo can go back."""
    count = 0
    while session.undo() is not None:
        count += 1
    return count


# ----------------------------------------------------------------- undo/redo


def test_undo_and_redo_across_several_edits_restore_each_exact_text(session: EditSession) -> None:
    texts = [session.text]
    session.set("devServer.port", 4000)
    texts.append(session.text)
    session.unset("ssr")
    texts.append(session.text)
    session.rename("content", "contentOptions")
    texts.append(session.text)
    session.insert("css", 1, "~/assets/print.css")
    texts.append(session.text)
    session.move("modules[1]", 0)
    texts.append(session.text)
    session.set_code("app.baseURL", "process.env.BASE ?? '/'")
    texts.append(session.text)
    assert len(set(texts)) == len(texts)

    for expected in reversed(texts[:-1]):
        assert session.undo() is not None
        assert session.text == expected
    assert session.undo() is None and not session.can_undo
    for expected in texts[1:]:
        assert session.redo() is not None
        assert session.text == expected
    assert session.redo() is None and not session.can_redo


def test_undo_and_redo_name_the_edit_they_took_back(session: EditSession) -> None:
    session.set("devServer.port", 4000)
    undone = session.undo()
    assert undone == Edit("set", "devServer.port", 4000)
    assert undone.label == "Set devServer.port"
    assert session.redo() == undone


def test_typing_in_one_field_is_one_undo_step(session: EditSession) -> None:
    original = session.text
    for typed in ["/", "/s", "/sh", "/shop/"]:
        session.set("app.baseURL", typed, merge=True)
    assert session.get("app.baseURL") == "/shop/"
    assert session.undo() == Edit("set", "app.baseURL", "/shop/")
    assert session.text == original
    assert not session.can_undo
    session.redo()
    assert session.get("app.baseURL") == "/shop/"


def test_seal_ends_a_typing_step(session: EditSession) -> None:
    original = session.text
    session.set("app.baseURL", "/a", merge=True)
    session.set("app.baseURL", "/ab", merge=True)
    after_first_field_visit = session.text
    session.seal()  # the field lost focus, then got it back
    session.set("app.baseURL", "/abc", merge=True)
    session.undo()
    assert session.text == after_first_field_visit
    session.undo()
    assert session.text == original


def test_typing_in_another_field_starts_a_new_step(session: EditSession) -> None:
    original = session.text
    session.set("app.baseURL", "/a", merge=True)
    with_base = session.text
    session.set("app.head.title", "Shop", merge=True)
    with_title = session.text
    session.set("app.baseURL", "/ab", merge=True)  # back in the first field: a third step
    assert _steps(session) == 3
    assert session.text == original
    session.redo()
    assert session.text == with_base
    session.redo()
    assert session.text == with_title


def test_an_edit_without_merge_is_never_merged(session: EditSession) -> None:
    session.set("devServer.port", 1)
    session.set("devServer.port", 2, merge=True)
    session.set("devServer.port", 3)
    session.set("devServer.port", 4)
    assert _steps(session) == 4


def test_two_items_typed_into_one_list_are_two_undo_steps(session: EditSession) -> None:
    # `a`, type an item, Enter, `a`, type another: each added item is undone on its own.
    before = session.text
    session.insert("css", 0, "~/a", merge=True)
    session.set("css[0]", "~/a.css", merge=True)  # typed on: joins the insert
    with_one = session.text
    session.insert("css", 1, "~/b", merge=True)
    session.undo()
    assert session.text == with_one
    session.undo()
    assert session.text == before


def test_a_new_edit_clears_redo(session: EditSession) -> None:
    session.set("devServer.port", 4000)
    session.set("ssr", False)
    session.undo()
    assert session.can_redo
    session.set("app.baseURL", "/x/")
    assert not session.can_redo
    assert session.redo() is None
    assert session.get("ssr") is True


def test_an_edit_that_changes_nothing_is_not_an_undo_step(session: EditSession) -> None:
    session.set("devServer.port", 3000)
    assert not session.can_undo and not session.dirty


def test_listeners_hear_every_change(session: EditSession) -> None:
    heard: list[str] = []
    session.subscribe(lambda s: heard.append(s.text))
    session.set("devServer.port", 4000)
    session.undo()
    session.redo()
    session.set_variant("B")
    assert len(heard) == 4
    assert heard[-1] == session.text


# ---------------------------------------------------------------- reset, fix


def test_reset_removes_the_key_and_says_whether_it_was_set(session: EditSession) -> None:
    original = session.text
    assert session.reset("devServer.port") is True
    assert not session.has("devServer.port")
    assert "port: 3000" not in session.text
    assert session.reset("devServer.port") is False
    assert session.reset("devServer.host") is False  # never set: nothing to do, no undo step
    assert _steps(session) == 1
    assert session.text == original


def test_applying_a_diagnostic_fix_is_one_undo_step(tmp_path: Path, catalog: Catalog) -> None:
    session = _open_text(tmp_path, catalog, ALIASED)
    alias = next(d for d in session.diagnostics if d.path == "unhead")
    assert alias.fix is not None and alias.fix.kind == "rename"

    session.apply_fix(alias.fix)
    assert session.text == ALIASED.replace("unhead:", "headmgr:")
    assert not [d for d in session.diagnostics if d.path == "unhead"]
    assert session.undo() == Edit("fix", "unhead", fix=alias.fix)
    assert session.text == ALIASED
    assert not session.can_undo


def test_a_fix_whose_key_is_gone_is_refused(tmp_path: Path, catalog: Catalog) -> None:
    session = _open_text(tmp_path, catalog, ALIASED)
    fix = next(d.fix for d in session.diagnostics if d.path == "unhead")
    assert fix is not None
    session.unset("unhead")
    with pytest.raises(EditError):
        session.apply_fix(fix)


@pytest.mark.parametrize(
    "edit",
    [
        Edit("unset", "devServer.host"),  # not in the file
        Edit("rename", "ssr", key="app"),  # the new key exists
        Edit("set_code", "ssr", "a, b"),  # not one expression
        Edit("insert", "devServer", "x", index=0),  # not an array
        Edit("move", "modules[5]", index=0),  # no such item
        Edit("set", "app..baseURL", 1),  # not a path
        Edit("set", "devServer.port.x", 1),  # through a number
        Edit("set", "ssr", {1, 2}),  # not a config value
    ],
)
def test_an_edit_that_cannot_apply_raises_edit_error_and_changes_nothing(session: EditSession, edit: Edit) -> None:
    session.set("devServer.port", 4000)
    before = session.text
    heard: list[EditSession] = []
    session.subscribe(heard.append)
    with pytest.raises(EditError):
        session.apply(edit)
    assert session.text == before
    assert heard == []
    assert _steps(session) == 1


# -------------------------------------------------------------- dirty, save


def test_dirty_follows_the_text_not_the_history(session: EditSession) -> None:
    assert not session.dirty
    session.set("devServer.port", 4000)
    assert session.dirty
    session.save()
    assert not session.dirty
    session.set("ssr", False)
    assert session.dirty
    session.undo()
    assert not session.dirty  # back to the saved text
    session.undo()
    assert session.dirty  # before the save: differs from the file
    session.redo()
    assert not session.dirty


def test_setting_a_value_back_by_hand_is_clean_again(session: EditSession) -> None:
    session.set("devServer.port", 4000)
    session.set("devServer.port", 3000)
    assert not session.dirty


def test_save_writes_exactly_the_text_atomically(session: EditSession, config: Path) -> None:
    config.chmod(0o640)
    inode = config.stat().st_ino
    session.set("devServer.port", 4000)
    assert session.save() == config
    assert config.read_text(encoding="utf-8") == session.text
    assert config.stat().st_ino != inode  # a new file renamed over the old one
    assert config.stat().st_mode & 0o777 == 0o640
    assert sorted(p.name for p in config.parent.iterdir()) == ["fwk.config.ts"]  # no temp file left


def test_a_failed_write_leaves_the_file_and_the_session_as_they_were(
    session: EditSession, config: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    original = config.read_bytes()
    session.set("devServer.port", 4000)

    def refuse(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(DocumentError, match=r"fwk.config.ts: disk full \(no space left on device\); nothing was"):
        session.save()
    assert config.read_bytes() == original
    assert session.dirty
    assert sorted(p.name for p in config.parent.iterdir()) == ["fwk.config.ts"]


def test_save_refuses_when_the_file_changed_on_disk(session: EditSession, config: Path) -> None:
    session.set("devServer.port", 4000)
    edited = session.text
    outside = config.read_text(encoding="utf-8").replace("ssr: true", "ssr: false")
    config.write_text(outside, encoding="utf-8")
    assert session.disk_changed()
    with pytest.raises(ChangedOnDiskError):
        session.save()
    assert config.read_text(encoding="utf-8") == outside
    assert session.text == edited and session.dirty


def test_saving_twice_and_saving_an_undone_state_work(session: EditSession, config: Path) -> None:
    original = session.text
    session.set("devServer.port", 4000)
    session.save()
    session.undo()
    session.save()  # the file now holds our own previous save: not an outside change
    assert config.read_text(encoding="utf-8") == original
    assert not session.disk_changed()


def test_a_touch_is_not_a_change(session: EditSession, config: Path) -> None:
    os.utime(config, ns=(1, 1))
    assert not session.disk_changed()
    session.set("devServer.port", 4000)
    session.save()
    assert config.read_text(encoding="utf-8") == session.text


# -------------------------------------------------------------------- reload


def test_reload_reapplies_the_edits_that_still_apply_and_reports_the_others(
    tmp_path: Path, catalog: Catalog
) -> None:
    session = _open_text(tmp_path, catalog, ALIASED)
    session.set("devServer.port", 4000)
    session.rename("unhead", "headmgr")
    session.set("ssr", False)
    outside = "export default defineFwkConfig({\n  devServer: { port: 3000, host: 'localhost' },\n})\n"
    (tmp_path / "fwk.config.ts").write_text(outside, encoding="utf-8")

    result = session.reload()

    assert result.applied == [Edit("set", "devServer.port", 4000), Edit("set", "ssr", False)]
    assert [edit for edit, _ in result.dropped] == [Edit("rename", "unhead", key="headmgr")]
    assert "unhead" in result.dropped[0][1]  # the reason names what is missing
    assert session.text == (
        "export default defineFwkConfig({\n  devServer: { port: 4000, host: 'localhost' },\n  ssr: false,\n})\n"
    )
    assert session.saved_text == outside and session.dirty and not session.disk_changed()
    assert _steps(session) == 2  # each re-applied edit is a step; below them, the file as it is now
    assert session.text == outside


def test_reload_of_a_clean_session_takes_the_new_file(session: EditSession, config: Path) -> None:
    outside = config.read_text(encoding="utf-8").replace("port: 3000", "port: 3100")
    config.write_text(outside, encoding="utf-8")
    result = session.reload()
    assert result.applied == [] and result.dropped == []
    assert session.text == outside and not session.dirty and not session.can_undo


def test_typing_after_a_reload_is_its_own_step(session: EditSession, config: Path) -> None:
    session.set("app.baseURL", "/a", merge=True)
    config.write_text(config.read_text(encoding="utf-8").replace("ssr: true", "ssr: false"), encoding="utf-8")
    session.reload()
    session.set("app.baseURL", "/ab", merge=True)
    session.undo()
    assert session.get("app.baseURL") == "/a"


def test_reload_after_undoing_past_the_save_keeps_what_the_user_sees(session: EditSession, config: Path) -> None:
    session.set("devServer.port", 1)
    session.set("ssr", False)
    session.save()
    session.undo()
    session.undo()  # before the save
    session.set("app.baseURL", "/a/")
    session.set("css", [])
    session.set("devServer.port", 5)
    seen = session.text
    assert session.unsaved_edits is None  # no list of edits leads from the saved file to this text
    config.write_text(config.read_text(encoding="utf-8") + "\n", encoding="utf-8")

    result = session.reload()

    assert result.dropped == []
    assert session.text == seen + "\n"  # the file's own change kept too


def test_reload_after_undoing_past_the_save_merges_the_file_change_into_the_users_text(
    tmp_path: Path, catalog: Catalog
) -> None:
    """The file's change was lost: reload put the whole text the user saw in place of the file's, Ctrl+S wrote it."""
    text = "export default defineFwkConfig({\n  devServer: { port: 3000 },\n  app: { baseURL: '/' },\n})\n"
    session = _open_text(tmp_path, catalog, text)
    session.set("devServer.port", 4000)
    session.save()
    session.undo()  # past the save: the port is 3000 again on screen, 4000 in the file
    path = tmp_path / "fwk.config.ts"
    path.write_text(path.read_text(encoding="utf-8").replace("baseURL: '/'", "baseURL: '/shop/'"), encoding="utf-8")

    result = session.reload()

    assert (session.get("devServer.port"), session.get("app.baseURL"), result.dropped) == (3000, "/shop/", [])
    session.save()
    assert "port: 3000" in path.read_text(encoding="utf-8") and "baseURL: '/shop/'" in path.read_text(encoding="utf-8")


def test_reload_after_undoing_past_the_save_keeps_the_files_lines_where_both_changed_and_says_so(
    tmp_path: Path, catalog: Catalog
) -> None:
    text = "export default defineFwkConfig({\n  ssr: true,\n  devServer: { port: 3000 },\n})\n"
    session = _open_text(tmp_path, catalog, text)
    session.set("devServer.port", 4000)
    session.save()
    session.undo()
    path = tmp_path / "fwk.config.ts"
    path.write_text(text.replace("3000", "5000"), encoding="utf-8")

    result = session.reload()

    assert session.get("devServer.port") == 5000 and not session.dirty
    assert [(edit.label, why) for edit, why in result.dropped] == [
        ("Your change at line 3", "the file changed those lines too: its text is kept")
    ]


def test_unsaved_edits_lead_from_the_saved_file_to_the_document(session: EditSession) -> None:
    session.set("devServer.port", 1)
    session.save()
    session.set("ssr", False)
    session.set("app.baseURL", "/x/", merge=True)
    assert session.unsaved_edits == [Edit("set", "ssr", False), Edit("set", "app.baseURL", "/x/")]
    session.undo()
    session.undo()
    assert session.unsaved_edits == []
    session.undo()
    assert session.unsaved_edits is None


def test_replay_applies_edits_as_undo_steps(session: EditSession) -> None:
    original = session.text
    result = session.replay(
        [Edit("set", "devServer.port", 4000), Edit("unset", "devServer.host"), Edit("set_code", "ssr", "!isProd")]
    )
    assert [e.kind for e in result.applied] == ["set", "set_code"]
    assert [e.path for e, _ in result.dropped] == ["devServer.host"]
    assert session.get("ssr") == Code("!isProd")
    assert _steps(session) == 2 and session.text == original


# --------------------------------------------------------------- diagnostics


def test_diagnostics_follow_each_edit_and_undo(session: EditSession) -> None:
    assert not session.diagnostics_for("devServer")
    session.set("devServer.port", 99999)
    [error] = session.diagnostics_for("devServer")
    assert (error.severity, error.path, error.rule) == ("error", "devServer.port", "listening-port")
    assert session.counts()["error"] == 1
    session.set("devServer.port", 8080)
    assert not session.diagnostics_for("devServer")
    session.undo()
    assert [d.path for d in session.diagnostics_for("devServer")] == ["devServer.port"]


def test_diagnostics_follow_the_variant(session: EditSession) -> None:
    session.set("dir.static", "public")  # an option of variant B only
    assert session.variant == "B" and not session.variant_choice.forced
    assert not [d for d in session.diagnostics if d.rule == "other-variant"]
    session.set_variant("A")
    assert session.variant == "A" and session.variant_choice.forced
    assert [(d.path, d.rule) for d in session.diagnostics if d.rule == "other-variant"] == [
        ("dir.static", "other-variant")
    ]
    session.set_variant(None)
    assert session.variant == "B"
    assert not [d for d in session.diagnostics if d.rule == "other-variant"]


# ---------------------------------------------------------------------- diff


def test_diff_shows_only_the_edited_lines(session: EditSession) -> None:
    assert session.diff() == ""
    session.set("devServer.port", 4000)
    session.set("app.head.title", "Shop")
    lines = session.diff().splitlines()
    assert lines[:2] == ["--- a/fwk.config.ts", "+++ b/fwk.config.ts"]
    changed = [line for line in lines[2:] if line[:1] in "+-"]
    assert changed == [
        "-      title: 'Example shop',",
        "+      title: 'Shop',",
        "-    port: 3000,",
        "+    port: 4000,",
    ]
    session.save()
    assert session.diff() == ""


def test_values_derived_while_typing_equal_a_fresh_read(tmp_path: Path) -> None:
    """Typing replaces scalars; the session derives the new values instead of re-reading the file."""
    file = tmp_path / "fwk.config.ts"
    file.write_text(EXAMPLE.read_text())
    session = EditSession.open(file, load_catalog())
    session.values()
    for path, value in [
        ("app.baseURL", "/a"),
        ("app.baseURL", "/ab"),
        ("devServer.port", 4000),
        ("app.head.meta[0].name", "x"),
        ("ssr", False),
        ("runtimeConfig.public.apiBase", None),
        ("devServer.port", 4001.5),  # a float: read again
        ("app.head.title", "t"),
    ]:
        session.set(path, value, merge=True)
        assert session.values() == session.document.values()
    assert session.scalar_step is not None and session.scalar_step[1] is session.document


@pytest.mark.parametrize("has_duplicate", [True, False])
def test_diagnostics_while_typing_equal_a_fresh_check_with_and_without_a_key_written_twice(
    tmp_path: Path, has_duplicate: bool
) -> None:
    """Typing carries what the file's keys are (a scalar edit changes none): the warnings stay those of a fresh read."""
    twice = "  ssr: true,\n" if has_duplicate else ""
    file = tmp_path / "fwk.config.ts"
    file.write_text(f"export default defineFwkConfig({{\n{twice}  ssr: false,\n  app: {{ baseURL: '/' }},\n}})\n")
    session = EditSession.open(file, load_catalog())
    session.diagnostics  # noqa: B018  (the first check reads the file)
    for text in ("/d", "/do", "/doc"):
        session.set("app.baseURL", text, merge=True)
        assert session.scalar_step is not None
        fresh = check_document(ConfigDocument.parse(session.document.text), load_catalog(), positions=False)
        assert [(d.path, d.rule) for d in session.diagnostics] == [(d.path, d.rule) for d in fresh.diagnostics]
        assert any(d.rule == "duplicate-key" for d in session.diagnostics) is has_duplicate


def test_the_project_is_read_again_for_each_document_as_the_language_server_reads_it(tmp_path: Path) -> None:
    """Folders moved while the file is edited count from the next edit: the variant follows them."""
    (tmp_path / "pages").mkdir()
    (tmp_path / "pages" / "index.vue").write_text("<template><p/></template>\n")
    file = tmp_path / "fwk.config.ts"
    file.write_text("export default defineFwkConfig({ ssr: true })\n")
    session = EditSession.open(file, load_catalog())
    assert session.variant == "B"  # pages/ beside the config: the older layout
    (tmp_path / "app").mkdir()
    (tmp_path / "pages").rename(tmp_path / "app" / "pages")
    assert session.variant == "B"  # one document, one reading of its project
    session.set("ssr", False)
    assert session.variant == "A"
