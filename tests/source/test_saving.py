"""Saving: atomic, mode kept, refused when the file changed on disk, optional backup."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from fwk_tui.source import (
    ChangedOnDiskError,
    ConfigDocument,
    DocumentError,
    find_config_file,
    load_document,
    save_document,
)
from fwk_tui.source.parse import parse_bytes

SOURCE = "export default defineFwkConfig({\r\n  ssr: true, // keep me\r\n})"


@pytest.fixture
def config(tmp_path: Path) -> Path:
    path = tmp_path / "fwk.config.ts"
    path.write_bytes(("\ufeff" + SOURCE).encode())
    return path


def test_load_keeps_bom_and_crlf_and_save_writes_only_the_edit(config: Path) -> None:
    doc = load_document(config)
    assert doc.text == "\ufeff" + SOURCE
    save_document(doc.set("ssr", False), config)
    assert config.read_bytes() == ("\ufeff" + SOURCE.replace("true", "false")).encode()


def test_file_mode_is_kept(config: Path) -> None:
    config.chmod(0o640)
    save_document(load_document(config).set("ssr", False), config)
    assert stat.S_IMODE(config.stat().st_mode) == 0o640


def test_no_temporary_files_are_left(config: Path) -> None:
    save_document(load_document(config).set("ssr", False), config)
    assert sorted(p.name for p in config.parent.iterdir()) == ["fwk.config.ts"]


def test_refused_when_the_file_changed_since_it_was_read(config: Path) -> None:
    doc = load_document(config)
    config.write_text("export default { changed: true }\n")
    with pytest.raises(ChangedOnDiskError, match="changed on disk"):
        save_document(doc.set("ssr", False), config)
    assert config.read_text() == "export default { changed: true }\n"


def test_a_touch_without_change_is_not_a_conflict(config: Path) -> None:
    doc = load_document(config)
    st = config.stat()
    os.utime(config, ns=(st.st_atime_ns, st.st_mtime_ns + 5_000_000_000))
    save_document(doc.set("ssr", False), config)
    assert load_document(config).get("ssr") is False


def test_refused_when_the_file_was_deleted(config: Path) -> None:
    doc = load_document(config)
    config.unlink()
    with pytest.raises(ChangedOnDiskError, match="deleted"):
        save_document(doc, config)


def test_saving_twice_and_saving_an_older_edit(config: Path) -> None:
    doc = load_document(config)
    first = doc.set("ssr", False)
    save_document(first, config)
    save_document(first.set("app", {"x": 1}), config)
    save_document(doc, config)  # undo to the original: same lineage, so no conflict
    assert config.read_bytes() == ("\ufeff" + SOURCE).encode()


def test_explicit_expectations_override_the_recorded_state(config: Path) -> None:
    doc = load_document(config)
    config.write_text("export default { other: 1 }\n")
    with pytest.raises(ChangedOnDiskError):
        save_document(doc, config, expected_bytes=("\ufeff" + SOURCE).encode())
    save_document(doc, config, expected_bytes=b"export default { other: 1 }\n")
    assert config.read_bytes() == ("\ufeff" + SOURCE).encode()
    with pytest.raises(ChangedOnDiskError):
        save_document(doc, config, expected_mtime_ns=1)


def test_backup_keeps_the_previous_file(config: Path) -> None:
    before = config.read_bytes()
    save_document(load_document(config).set("ssr", False), config, backup=True)
    assert (config.parent / "fwk.config.ts.bak").read_bytes() == before


def test_new_document_creates_a_file_but_never_replaces_one(tmp_path: Path) -> None:
    path = tmp_path / "fwk.config.ts"
    doc = ConfigDocument.new().set("ssr", False)
    save_document(doc, path)
    assert path.read_text() == "export default defineFwkConfig({\n  ssr: false\n})\n"
    other = tmp_path / "other.ts"
    other.write_text("export default {}\n")
    with pytest.raises(ChangedOnDiskError, match="already exists"):
        save_document(ConfigDocument.new(), other)
    assert other.read_text() == "export default {}\n"


def test_a_document_that_does_not_parse_is_never_written(config: Path) -> None:
    before = config.read_bytes()
    data = b"export default { a: 1 b: 2 }"
    # The constructor trusts its caller; save_document checks again before writing.
    broken = ConfigDocument(data, parse_bytes(data), str(config))
    with pytest.raises(DocumentError, match="does not parse"):
        save_document(broken, config, expected_bytes=before)
    assert config.read_bytes() == before


def test_find_config_file_prefers_ts_then_js_then_mjs(tmp_path: Path) -> None:
    assert find_config_file(tmp_path) is None
    (tmp_path / "fwk.config.mjs").write_text("export default {}")
    assert find_config_file(tmp_path) == tmp_path / "fwk.config.mjs"
    (tmp_path / "fwk.config.js").write_text("export default {}")
    assert find_config_file(tmp_path) == tmp_path / "fwk.config.js"
    (tmp_path / "fwk.config.ts").write_text("export default {}")
    assert find_config_file(tmp_path) == tmp_path / "fwk.config.ts"
