"""Layers read safely: once per file however often listed, the graph capped, refusals said, the merge unchanged."""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest

from fwk_tui.resolve import loader, plain, resolve_layers
from fwk_tui.resolve.tree import Arr, Leaf, Obj, defu
from fwk_tui.source import DocumentError, load_document


@pytest.fixture(autouse=True)
def no_wait_on_a_fifo() -> Iterator[None]:
    """A test that waits on a FIFO fails after 20 s (the signal interrupts the wait) instead of hanging the run."""

    def waited(*_: object) -> None:
        raise TimeoutError("waited 20 s: something read a FIFO")

    previous = signal.signal(signal.SIGALRM, waited)
    signal.alarm(20)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def _write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def _config(folder: Path, sources: list[str]) -> Path:
    listed = ", ".join(repr(s) for s in sources)
    return _write(folder / "fwk.config.ts", f"export default defineFwkConfig({{\n  extends: [{listed}],\n}})\n")


def _resolve(file: Path):  # type: ignore[no-untyped-def]
    return resolve_layers(file, load_document(file))


def test_a_layer_listed_many_times_is_read_once_and_merged_each_time(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _write(tmp_path / "base" / "fwk.config.ts", "export default defineFwkConfig({ modules: ['m'], app: { a: 1 } })\n")
    file = _config(tmp_path, ["./base"] * 3)
    reads: list[str] = []
    real = loader.load_document
    monkeypatch.setattr(loader, "load_document", lambda p: reads.append(str(p)) or real(p))
    resolved = _resolve(file)
    assert len(reads) == 1
    assert [layer.status for layer in resolved.layers] == ["read"] * 3
    assert "read once" in resolved.layers[1].message
    # As the framework's loader merges: each listing again, arrays joined.
    assert plain(resolved.config) == {"modules": ["m", "m", "m"], "app": {"a": 1}}
    assert resolved.files == [file.resolve(), (tmp_path / "base" / "fwk.config.ts").resolve()]


def test_a_layer_that_cannot_be_read_is_tried_once_however_often_listed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _write(tmp_path / "bad" / "fwk.config.ts", "export default defineFwkConfig({ ssr: \n")
    reads: list[str] = []
    real = loader.load_document
    monkeypatch.setattr(loader, "load_document", lambda p: reads.append(str(p)) or real(p))
    layers = _resolve(_config(tmp_path, ["./bad"] * 3)).layers
    assert len(reads) == 1
    assert [layer.status for layer in layers] == ["unreadable"] * 3
    assert len({layer.message for layer in layers}) == 1


def test_merging_an_object_with_itself_is_the_merge_defu_makes(tmp_path: Path) -> None:
    inner = Obj({"a": Leaf(1, None), "list": Arr([Leaf(1, None)])})  # type: ignore[arg-type]
    layer = Obj({"x": inner, "y": Obj({"b": Leaf(2, None)})})  # type: ignore[arg-type]
    assert plain(defu(Obj(), layer, layer)) == {"x": {"a": 1, "list": [1, 1]}, "y": {"b": 2}}


def test_the_listings_cap_is_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(loader, "MAX_LAYERS", 2)
    _write(tmp_path / "base" / "fwk.config.ts", "export default defineFwkConfig({ ssr: true })\n")
    resolved = _resolve(_config(tmp_path, ["./base"] * 3))
    assert [layer.status for layer in resolved.layers] == ["read", "read", "too-many"]
    assert "more than 2 layers listed" in resolved.layers[2].message


def test_the_files_cap_is_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(loader, "MAX_LAYER_FILES", 1)
    for name in ("a", "b"):
        _write(tmp_path / name / "fwk.config.ts", "export default defineFwkConfig({ ssr: true })\n")
    resolved = _resolve(_config(tmp_path, ["./a", "./b"]))
    assert [layer.status for layer in resolved.layers] == ["read", "too-many"]
    assert "more than 1 layer files" in resolved.layers[1].message


def test_the_bytes_cap_is_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(loader, "MAX_LAYER_BYTES", 100)
    _write(tmp_path / "a" / "fwk.config.ts", "export default defineFwkConfig({ ssr: true, app: { baseURL: '/" + "x" * 100 + "' } })\n")
    resolved = _resolve(_config(tmp_path, ["./a"]))
    assert [layer.status for layer in resolved.layers] == ["too-many"]
    assert "the layers together pass" in resolved.layers[0].message


def test_the_depth_cap_is_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(loader, "MAX_LAYER_DEPTH", 2)
    folder = tmp_path
    for _ in range(3):  # each config extends ./l, three deep, the last an empty layer
        _config(folder, ["./l"])
        folder = folder / "l"
    _write(folder / "fwk.config.ts", "export default defineFwkConfig({})\n")
    resolved = _resolve(tmp_path / "fwk.config.ts")
    assert [layer.status for layer in resolved.layers] == ["read", "read", "too-many"]
    assert "more than 2 deep" in resolved.layers[2].message


def test_a_layer_in_a_folder_without_rights_is_unreadable_and_said(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    file = _config(tmp_path, ["./locked/layer"])
    real = Path.stat

    def refused(self: Path, **kw: bool) -> os.stat_result:
        if "locked" in str(self):  # as for a user without rights on the folder (root has them all)
            raise PermissionError(13, "Permission denied", str(self))
        return real(self, **kw)

    monkeypatch.setattr(Path, "stat", refused)
    [layer] = _resolve(file).layers
    assert layer.status == "unreadable"
    assert layer.message.startswith("locked/layer/fwk.config") and layer.message.endswith(": permission denied")
    assert layer.written_at.where() == "fwk.config.ts:2:13"


@pytest.mark.parametrize("kind", ["fifo", "dev-zero", "huge"])
def test_a_layer_package_json_that_is_no_small_regular_file_is_refused(tmp_path: Path, kind: str) -> None:
    root = tmp_path / "node_modules" / "my-layer"
    _write(root / "fwk.config.ts", "export default defineFwkConfig({ ssr: true })\n")
    manifest = root / "package.json"
    if kind == "fifo":
        os.mkfifo(manifest)
    elif kind == "dev-zero":
        manifest.symlink_to("/dev/zero")
    else:
        with open(manifest, "wb") as handle:
            handle.truncate(64 * 1024 * 1024)
    [layer] = _resolve(_config(tmp_path, ["my-layer"])).layers
    assert layer.status == "unreadable"
    said = {"fifo": "not a regular file", "dev-zero": "not a regular file", "huge": "too big (fwk-tui reads files"}
    assert layer.message.startswith(f"node_modules/my-layer/package.json: {said[kind]}")


def test_load_document_refuses_what_the_open_descriptor_is_not(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A FIFO swapped in after a look at the name: the type is taken from the descriptor opened, never waited on."""
    fifo = tmp_path / "fwk.config.ts"
    os.mkfifo(fifo)
    monkeypatch.setattr(Path, "stat", lambda self, **kw: os.stat(__file__))  # any look by name says: a file
    with pytest.raises(DocumentError, match="fwk.config.ts: not a file"):
        load_document(fifo)


def test_a_layer_file_that_is_a_fifo_or_a_device_is_said_not_passed_over(tmp_path: Path) -> None:
    (tmp_path / "pipe").mkdir()
    os.mkfifo(tmp_path / "pipe" / "fwk.config.ts")
    (tmp_path / "zero").mkdir()
    (tmp_path / "zero" / "fwk.config.ts").symlink_to("/dev/zero")
    layers = _resolve(_config(tmp_path, ["./pipe", "./zero"])).layers
    assert [(layer.status, layer.message) for layer in layers] == [
        ("unreadable", "pipe/fwk.config.ts: not a regular file"),
        ("unreadable", "zero/fwk.config.ts: not a regular file"),
    ]
