"""The crash journal: what an editor that died comes back with."""

from __future__ import annotations

import json
import math
import os
import shutil
import time
from pathlib import Path
from typing import Any

import pytest

from fwk_tui.catalog import Catalog, load_catalog
from fwk_tui.journal import (
    FORMAT_VERSION,
    Journal,
    JournalFormatError,
    decode_edit,
    decode_value,
    default_folder,
    encode_edit,
    encode_value,
)
from fwk_tui.session import Edit, EditSession, sha256
from fwk_tui.source import UNDEFINED, ChangedOnDiskError, Code, ConfigDocument
from fwk_tui.validate import Fix

EXAMPLE = Path(__file__).resolve().parents[2] / "fwk_tui" / "examples" / "fwk.config.ts"


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog()


@pytest.fixture
def state(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "state"
    monkeypatch.setenv("XDG_STATE_HOME", str(folder))
    return folder


@pytest.fixture
def journal(state: Path) -> Journal:
    return Journal()


@pytest.fixture
def config(tmp_path: Path) -> Path:
    path = tmp_path / "project" / "fwk.config.ts"
    path.parent.mkdir()
    shutil.copyfile(EXAMPLE, path)
    return path


def _edited(config: Path, catalog: Catalog, journal: Journal) -> EditSession:
    """A session with edits of every kind, recorded after each change as the editor does."""
    session = EditSession.open(config, catalog)
    session.subscribe(journal.record)
    for typed in ["/s", "/sh", "/shop/"]:
        session.set("app.baseURL", typed, merge=True)
    session.seal()
    session.set("devServer.port", 4000)
    session.set_code("ssr", "!isProd")
    session.insert("css", 0, "~/assets/reset.css")
    session.move("modules[1]", 0)
    session.rename("content", "contentOptions")
    session.set("routeRules", {"/api/**": {"cors": True, "headers": {"code": "x"}}})
    session.unset("typescript.strict")
    session.apply_fix(Fix("move", "alias.images", "Move alias.images", new_path="alias.pictures"))
    return session


# ------------------------------------------------------------------ where


def test_the_journal_lives_in_the_user_state_folder(state: Path, journal: Journal) -> None:
    assert default_folder() == state / "fwk-tui" / "journal"
    assert journal.folder == state / "fwk-tui" / "journal"


def test_one_entry_per_config_named_by_its_absolute_path(
    journal: Journal, config: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(config.parent)
    entry = journal.entry_file(Path("fwk.config.ts"))
    assert entry == journal.entry_file(config)
    assert entry.parent == journal.folder and entry.suffix == ".json"
    assert str(config) not in entry.name
    assert journal.entry_file(config.with_name("other.ts")) != entry


# ----------------------------------------------------------- record, recover


def test_the_entry_holds_what_recovery_needs(config: Path, catalog: Catalog, journal: Journal) -> None:
    original = config.read_bytes()
    session = _edited(config, catalog, journal)
    data = json.loads(journal.entry_file(config).read_text(encoding="utf-8"))
    assert data["format"] == FORMAT_VERSION
    assert data["path"] == str(config.resolve())
    assert data["base_sha256"] == sha256(original)
    assert data["text"] == session.text
    assert len(data["edits"]) == 9
    assert data["variant"] is None
    assert isinstance(data["recorded_at"], float)


def test_entries_are_for_the_users_eyes_only(config: Path, catalog: Catalog, journal: Journal) -> None:
    journal.folder.mkdir(parents=True)
    journal.folder.chmod(0o755)  # as an earlier release made it
    old = os.umask(0o022)
    try:
        _edited(config, catalog, journal)
    finally:
        os.umask(old)
    assert journal.folder.stat().st_mode & 0o777 == 0o700
    assert journal.entry_file(config).stat().st_mode & 0o777 == 0o600


def test_recovery_on_the_unchanged_file_gives_the_exact_text_edit_by_edit(
    config: Path, catalog: Catalog, journal: Journal
) -> None:
    lost = _edited(config, catalog, journal)
    # The editor dies here. Next start:
    session = EditSession.open(config, catalog)
    entry = journal.pending(config)
    assert entry is not None
    assert entry.summary.startswith("9 unsaved edits from ")
    assert not entry.file_changed

    result = entry.recover(session)

    assert session.text == lost.text
    assert result.applied == lost.unsaved_edits and result.dropped == []
    session.undo()
    assert session.has("alias.images") and not session.has("alias.pictures")  # each edit is its own step


def test_recovery_without_an_edit_list_restores_the_text(config: Path, catalog: Catalog, journal: Journal) -> None:
    session = EditSession.open(config, catalog)
    session.subscribe(journal.record)
    session.set("devServer.port", 1)
    session.save()
    session.undo()  # before the save
    session.set("ssr", False)
    assert session.unsaved_edits is None
    lost = session.text

    fresh = EditSession.open(config, catalog)
    entry = journal.pending(config)
    assert entry is not None and entry.edits is None
    assert entry.summary.startswith("unsaved changes from ")
    result = entry.recover(fresh)
    assert fresh.text == lost
    assert [e.kind for e in result.applied] == ["replace"]
    fresh.undo()
    assert fresh.text == config.read_text(encoding="utf-8")


def test_recovery_restores_the_text_when_the_edits_do_not_reproduce_it(
    config: Path, catalog: Catalog, journal: Journal
) -> None:
    _edited(config, catalog, journal)
    entry_file = journal.entry_file(config)
    data = json.loads(entry_file.read_text(encoding="utf-8"))
    data["text"] = data["text"].replace("'/shop/'", "'/shop/v2/'")  # typed after the last edit was logged
    entry_file.write_text(json.dumps(data), encoding="utf-8")

    session = EditSession.open(config, catalog)
    entry = journal.pending(config)
    assert entry is not None
    entry.recover(session)
    assert session.text == data["text"]


def test_recovery_on_a_changed_file_reapplies_what_still_applies(
    config: Path, catalog: Catalog, journal: Journal
) -> None:
    _edited(config, catalog, journal)
    # Meanwhile someone else removed the content options and changed the port.
    outside = config.read_text(encoding="utf-8")
    outside = outside.replace("port: 3000", "port: 3100")
    outside = outside.replace("  // Options of a module: kept as they are.\n  content: {\n    documentDriven: true,\n  },\n", "")
    config.write_text(outside, encoding="utf-8")

    session = EditSession.open(config, catalog)
    entry = journal.pending(config)
    assert entry is not None and entry.file_changed
    assert "changed on disk" in entry.summary
    result = entry.recover(session)

    assert [(e.kind, e.path) for e, _ in result.dropped] == [("rename", "content")]
    assert "content" in result.dropped[0][1]
    assert len(result.applied) == 8
    assert session.get("devServer.port") == 4000
    assert session.get("app.baseURL") == "/shop/"
    assert session.get("routeRules") == {"/api/**": {"cors": True, "headers": {"code": "x"}}}
    assert not session.has("content") and not session.has("contentOptions")


def test_recovery_keeps_the_variant_the_user_chose(config: Path, catalog: Catalog, journal: Journal) -> None:
    session = EditSession.open(config, catalog)
    session.subscribe(journal.record)
    session.set_variant("B")
    session.set("devServer.port", 4000)

    fresh = EditSession.open(config, catalog)
    entry = journal.pending(config)
    assert entry is not None and entry.variant == "B"
    entry.recover(fresh)
    assert fresh.variant == "B" and fresh.variant_choice.forced

    chosen = EditSession.open(config, catalog, variant="A")  # chosen again on the command line: that wins
    entry.recover(chosen)
    assert chosen.variant == "A"


def test_a_new_file_that_was_never_saved_is_recovered(tmp_path: Path, catalog: Catalog, journal: Journal) -> None:
    path = tmp_path / "fwk.config.ts"
    session = EditSession(ConfigDocument.new(), catalog, path=path)
    session.subscribe(journal.record)
    session.set("devServer.port", 4000)

    fresh = EditSession(ConfigDocument.new(), catalog, path=path)
    entry = journal.pending(path)
    assert entry is not None and entry.base_sha256 is None and not entry.file_changed
    entry.recover(fresh)
    assert fresh.text == session.text


# ----------------------------------------------------------- clean, stale


def test_a_clean_session_removes_its_entry(config: Path, catalog: Catalog, journal: Journal) -> None:
    session = EditSession.open(config, catalog)
    session.subscribe(journal.record)
    session.set("devServer.port", 4000)
    assert journal.entry_file(config).exists()
    session.undo()
    assert not journal.entry_file(config).exists()
    session.redo()
    session.save()
    assert not journal.entry_file(config).exists()
    assert journal.pending(config) is None


def test_an_entry_the_file_already_holds_is_not_offered(config: Path, catalog: Catalog, journal: Journal) -> None:
    session = _edited(config, catalog, journal)
    config.write_text(session.text, encoding="utf-8")  # saved by someone else
    assert journal.pending(config) is None
    assert not journal.entry_file(config).exists()


def test_discard_forgets_the_entry(config: Path, catalog: Catalog, journal: Journal) -> None:
    _edited(config, catalog, journal)
    journal.discard(config)
    assert journal.pending(config) is None
    journal.discard(config)  # twice is fine


def test_no_temporary_files_are_left_behind(config: Path, catalog: Catalog, journal: Journal) -> None:
    _edited(config, catalog, journal)
    assert [p.name for p in journal.folder.iterdir()] == [journal.entry_file(config).name]


def test_a_journal_that_cannot_be_written_does_not_stop_editing(
    tmp_path: Path, config: Path, catalog: Catalog
) -> None:
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("", encoding="utf-8")
    journal = Journal(blocked / "journal")
    session = EditSession.open(config, catalog)
    session.subscribe(journal.record)
    session.set("devServer.port", 4000)
    assert isinstance(journal.error, OSError)
    assert session.get("devServer.port") == 4000


@pytest.mark.parametrize(
    "content",
    [
        "",
        "{not json",
        '{"format": 1, "path": "/x", "text": ',
        "[]",
        "null",
        '{"format": 99}',
        '"just a string"',
        "[" * 100_000,
    ],
)
def test_a_corrupt_entry_is_ignored(journal: Journal, config: Path, content: str) -> None:
    entry_file = journal.entry_file(config)
    entry_file.parent.mkdir(parents=True, exist_ok=True)
    entry_file.write_text(content, encoding="utf-8")
    assert journal.pending(config) is None


@pytest.mark.parametrize(
    "raw",
    [
        b"{not json",
        b'{"format": 1, "text": "\xff\xfe \xc3\x28"}',  # not UTF-8
        "\ufeff{}".encode(),
        b"\xff\xfe{\x00}\x00",  # UTF-16
    ],
)
def test_an_entry_that_cannot_be_read_is_kept_aside_and_said(
    journal: Journal, config: Path, catalog: Catalog, raw: bytes
) -> None:
    entry_file = journal.entry_file(config)
    entry_file.parent.mkdir(parents=True, exist_ok=True)
    entry_file.write_bytes(raw)
    assert journal.pending(config) is None
    kept = entry_file.with_name(entry_file.name + ".corrupt")
    assert kept.read_bytes() == raw  # never deleted: the next edit would have overwritten it
    assert journal.problem is not None and str(kept) in journal.problem and "cannot be read" in journal.problem
    session = EditSession.open(config, catalog)
    session.subscribe(journal.record)
    session.set("devServer.port", 4000)
    assert kept.read_bytes() == raw
    assert journal.pending(config) is not None and journal.problem is None


def test_an_entry_whose_text_holds_a_lone_surrogate_is_kept_aside(
    journal: Journal, config: Path, catalog: Catalog
) -> None:
    _edited(config, catalog, journal)
    entry_file = journal.entry_file(config)
    data = json.loads(entry_file.read_text(encoding="utf-8"))
    data["text"] += "\ud800"  # no file can hold this text: damage, not a config
    entry_file.write_text(json.dumps(data), encoding="ascii")
    assert journal.pending(config) is None
    assert journal.problem is not None and ".corrupt" in journal.problem


# -------------------------------------------------------- lone surrogates

SURROGATE_CONFIG = "export default defineFwkConfig({\n  app: { head: { title: '\\uD800x' } },\n})\n"


def test_a_value_holding_a_lone_surrogate_is_journaled_and_recovered(
    tmp_path: Path, catalog: Catalog, journal: Journal
) -> None:
    path = tmp_path / "fwk.config.ts"
    path.write_text(SURROGATE_CONFIG, encoding="utf-8")
    session = EditSession.open(path, catalog)
    session.subscribe(journal.record)
    assert session.get("app.head.title") == "\ud800x"  # valid JS: a string with a lone surrogate
    for typed in ("\ud800xy", "\ud800xyz"):
        session.set("app.head.title", typed, merge=True)
    assert journal.error is None
    assert journal.entry_file(path).read_bytes().isascii()  # written escaped, read back exactly
    assert [p.name for p in journal.folder.iterdir()] == [journal.entry_file(path).name]

    fresh = EditSession.open(path, catalog)
    entry = journal.pending(path)
    assert entry is not None and journal.problem is None
    entry.recover(fresh)
    assert fresh.text == session.text
    assert fresh.get("app.head.title") == "\ud800xyz"


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("format", 2),
        ("path", 7),
        ("text", None),
        ("edits", {"kind": "set"}),
        ("edits", [{"kind": "explode", "path": "a", "value": 1, "key": None, "index": None, "fix": None}]),
        ("edits", [{"kind": "insert", "path": "css", "value": 1, "key": None, "index": None, "fix": None}]),
        ("edits", [{"kind": "insert", "path": "css", "value": 1, "key": None, "index": True, "fix": None}]),
        ("edits", [{"kind": "set", "path": "a", "value": {"$": "bogus"}, "key": None, "index": None, "fix": None}]),
        ("edits", [{"kind": "fix", "path": "a", "value": None, "key": None, "index": None, "fix": {"kind": "x"}}]),
        ("variant", "C"),
        ("recorded_at", "yesterday"),
    ],
)
def test_an_entry_with_a_wrong_field_is_ignored(
    journal: Journal, config: Path, catalog: Catalog, field: str, value: Any
) -> None:
    _edited(config, catalog, journal)
    entry_file = journal.entry_file(config)
    data = json.loads(entry_file.read_text(encoding="utf-8"))
    data[field] = value
    entry_file.write_text(json.dumps(data), encoding="utf-8")
    assert journal.pending(config) is None


def test_an_entry_of_another_file_is_ignored(journal: Journal, config: Path, catalog: Catalog) -> None:
    _edited(config, catalog, journal)
    entry_file = journal.entry_file(config)
    data = json.loads(entry_file.read_text(encoding="utf-8"))
    data["path"] = "/somewhere/else/fwk.config.ts"
    entry_file.write_text(json.dumps(data), encoding="utf-8")
    assert journal.pending(config) is None


# --------------------------------------------------------- tagged values

VALUES: list[Any] = [
    None,
    True,
    False,
    0,
    1,
    -7,
    2**80,
    1.0,
    -0.0,
    0.1,
    1e300,
    "",
    "text with 'quotes', \"doubles\", ünïcode, 😀 and \n newlines",
    "$",
    Code("process.env.PORT"),
    Code("/^\\/api/i", kind="regex"),
    UNDEFINED,
    [],
    {},
    {"code": "x"},
    {"$": "code", "text": "x", "kind": "expr"},
    {"$": "undefined"},
    {"b": 1, "a": [1, {"c": UNDEFINED}], "d": Code("f()")},
    [None, UNDEFINED, Code("x"), {"code": "x"}, [[]]],
]


@pytest.mark.parametrize("value", VALUES, ids=repr)
def test_a_value_round_trips_with_its_exact_type(value: Any) -> None:
    back = decode_value(json.loads(json.dumps(encode_value(value), allow_nan=False)))
    assert _same(back, value)


@pytest.mark.parametrize("value", [math.nan, math.inf, -math.inf, [math.nan, {"x": -math.inf}]], ids=repr)
def test_non_finite_floats_round_trip_in_strict_json(value: Any) -> None:
    back = decode_value(json.loads(json.dumps(encode_value(value), allow_nan=False)))
    assert _same(back, value)


def test_a_plain_dict_shaped_like_code_stays_a_dict() -> None:
    back = decode_value(json.loads(json.dumps(encode_value({"code": "x"}))))
    assert back == {"code": "x"} and isinstance(back, dict)
    assert decode_value(json.loads(json.dumps(encode_value(Code("x"))))) == Code("x")


def test_something_that_is_not_a_config_value_cannot_be_encoded() -> None:
    with pytest.raises(TypeError):
        encode_value({1, 2})
    with pytest.raises(TypeError):
        encode_value({1: "a"})


@pytest.mark.parametrize(
    "edit",
    [
        Edit("set", "app.head.meta[0]", {"name": "x", "content": Code("y")}),
        Edit("set_code", "hooks.close", "() => console.log('bye')"),
        Edit("unset", "ssr"),
        Edit("rename", "unhead", key="headmgr"),
        Edit("insert", "css", ["a", UNDEFINED], index=-1),
        Edit("remove", "modules[2]"),
        Edit("move", "modules[2]", index=0),
        Edit("replace", "", "export default {}\n"),
        Edit("fix", "unhead", fix=Fix("rename", "unhead", "Rename unhead to headmgr", new_key="headmgr")),
        Edit("fix", "a", fix=Fix("set", "a", "Set a", value={"code": "x", "n": math.nan})),
        Edit("fix", "head", fix=Fix("move", "head", "Move head to app.head", new_path="app.head")),
        Edit("fix", "b", fix=Fix("unset", "b", "Remove b")),
        Edit(
            "fix",
            "devServr",
            fix=Fix("merge", "devServr", "Merge", new_path="devServer", conflicts=("port",), prefer="moved"),
        ),
    ],
    ids=lambda e: f"{e.kind}:{e.path}",
)
def test_an_edit_round_trips(edit: Edit) -> None:
    back = decode_edit(json.loads(json.dumps(encode_edit(edit), allow_nan=False)))
    assert _same(back.value, edit.value)
    assert (back.kind, back.path, back.key, back.index) == (edit.kind, edit.path, edit.key, edit.index)
    if edit.fix is None:
        assert back.fix is None
    else:
        assert back.fix is not None and _same(back.fix.value, edit.fix.value)
        assert (back.fix.kind, back.fix.path, back.fix.title, back.fix.new_key, back.fix.new_path) == (
            edit.fix.kind, edit.fix.path, edit.fix.title, edit.fix.new_key, edit.fix.new_path
        )
        assert (back.fix.conflicts, back.fix.prefer) == (edit.fix.conflicts, edit.fix.prefer)  # a merge's choice


def test_decoding_garbage_raises_one_error_type() -> None:
    for data in [{"$": "dict"}, {"$": "dict", "items": [[1, 2]]}, {"$": "code", "text": 1, "kind": "expr"}, {"x": 1}]:
        with pytest.raises(JournalFormatError):
            decode_value(data)
    for data in [None, [], {"kind": "set"}, {"kind": "rename", "path": "a", "value": None, "key": None,
                                             "index": None, "fix": None}]:
        with pytest.raises(JournalFormatError):
            decode_edit(data)


def _same(a: Any, b: Any) -> bool:
    """Equal with the same types all the way down (1 is not 1.0 nor True; NaN equals NaN; -0.0 is not 0.0)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, float):
        return (math.isnan(a) and math.isnan(b)) or (a == b and math.copysign(1, a) == math.copysign(1, b))
    if isinstance(a, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict):
        return list(a) == list(b) and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, Code):
        return (a.text, a.kind) == (b.text, b.kind)
    return bool(a == b)


def test_recording_is_cheap_enough_to_run_after_every_keystroke(
    tmp_path: Path, catalog: Catalog, journal: Journal
) -> None:
    # A 450-line config with 20 unsaved edits; the bound is loose (about 0.3 ms measured) so CI noise passes.
    rules = "".join(f"    '/page{i}/**': {{ swr: {i} }},\n" for i in range(385))
    text = EXAMPLE.read_text(encoding="utf-8").replace("  routeRules: {\n", "  routeRules: {\n" + rules)
    assert text.count("\n") >= 450
    path = tmp_path / "fwk.config.ts"
    path.write_text(text, encoding="utf-8")
    session = EditSession.open(path, catalog)
    for i in range(20):
        session.set(f"routeRules['/page{i}/**'].swr", 10_000 + i)
    best = math.inf
    for _ in range(50):
        start = time.perf_counter()
        journal.record(session)
        best = min(best, time.perf_counter() - start)
    assert best < 0.005


# ------------------------------------------------------------ file deleted


def _restart_on_missing_file(config: Path, catalog: Catalog) -> EditSession:
    """What ``fwk-tui fwk.config.ts`` opens when the file is not there: a new, empty config."""
    return EditSession(ConfigDocument.new(config.name), catalog, path=config)


def test_a_deleted_file_leaves_the_session_holding_the_only_copy(
    config: Path, catalog: Catalog, journal: Journal
) -> None:
    session = EditSession.open(config, catalog)
    session.subscribe(journal.record)
    text = session.text
    assert not session.notice_deleted()
    config.unlink()
    assert session.disk_changed()
    assert session.notice_deleted() and session.deleted
    assert session.dirty  # quitting asks; the journal keeps the whole text
    assert f"@@ -0,0 +1,{text.count(chr(10))} @@" in session.diff()  # the whole config is what a save writes
    entry = journal.pending(config)
    assert entry is not None and entry.text == text

    restarted = _restart_on_missing_file(config, catalog)
    entry.recover(restarted)
    assert restarted.text == text
    restarted.save()
    assert config.read_text(encoding="utf-8") == text


def test_after_a_crash_with_the_file_deleted_recovery_replays_onto_the_base_text(
    config: Path, catalog: Catalog, journal: Journal
) -> None:
    lost = _edited(config, catalog, journal)  # the editor dies before it notices the deletion
    config.unlink()
    restarted = _restart_on_missing_file(config, catalog)
    entry = journal.pending(config)
    assert entry is not None and entry.file_changed
    result = entry.recover(restarted)
    assert restarted.text == lost.text  # base + edits, never the edits on an empty config
    assert result.dropped == [] and len(result.applied) == 10  # the base, then each edit a step
    restarted.save()
    assert config.read_text(encoding="utf-8") == lost.text
    restarted.undo()  # the last edit undone: the rest is still there
    assert restarted.get("devServer.port") == 4000


def test_an_entry_without_its_base_text_restores_its_text_when_the_file_is_gone(
    config: Path, catalog: Catalog, journal: Journal
) -> None:
    lost = _edited(config, catalog, journal)
    entry_file = journal.entry_file(config)
    data = json.loads(entry_file.read_text(encoding="utf-8"))
    del data["base_text"]  # written before the journal kept it
    entry_file.write_text(json.dumps(data), encoding="utf-8")
    config.unlink()
    restarted = _restart_on_missing_file(config, catalog)
    entry = journal.pending(config)
    assert entry is not None
    entry.recover(restarted)
    assert restarted.text == lost.text


def test_an_entry_whose_base_text_is_not_the_hashed_file_is_kept_aside(
    config: Path, catalog: Catalog, journal: Journal
) -> None:
    _edited(config, catalog, journal)
    entry_file = journal.entry_file(config)
    data = json.loads(entry_file.read_text(encoding="utf-8"))
    data["base_text"] = "export default {}\n"
    entry_file.write_text(json.dumps(data), encoding="utf-8")
    assert journal.pending(config) is None
    assert journal.problem is not None and "base text" in journal.problem


def test_writing_back_a_deleted_file_never_replaces_one_put_there_since(
    config: Path, catalog: Catalog, journal: Journal
) -> None:
    session = EditSession.open(config, catalog)
    session.subscribe(journal.record)
    session.set("devServer.port", 4000)
    config.unlink()
    assert session.notice_deleted()
    config.write_text("export default defineFwkConfig({})\n", encoding="utf-8")  # someone else's new file
    assert session.disk_changed()
    with pytest.raises(ChangedOnDiskError, match="already exists"):
        session.save()
    assert config.read_text(encoding="utf-8") == "export default defineFwkConfig({})\n"
    assert journal.pending(config) is not None  # the edits are still journaled
    session.reload()  # the new file, with the whole text re-applied on it
    assert not session.deleted and session.get("devServer.port") == 4000
