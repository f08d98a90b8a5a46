"""The compiled catalogue cache: plain data that can only rebuild the catalogue, and any bad file is ignored."""

from __future__ import annotations

import json
import os
import pickle
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from fwk_tui.catalog import Catalog, cache, compile_catalog, load_catalog
from fwk_tui.catalog import loader

CONFIG = "export default defineFwkConfig({\n  ssr: true,\n  devServer: { port: 3000 },\n})\n"


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return compile_catalog()


@pytest.fixture
def cache_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A fresh user cache folder; ``load_catalog`` forgets what it loaded before and after."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    load_catalog.cache_clear()
    yield tmp_path / "cache" / "fwk-tui"
    load_catalog.cache_clear()


def _cache_file() -> Path:
    return loader.cache_dir() / f"catalog-{loader.cache_key()}{cache.SUFFIX}"


def _fresh_load() -> Catalog:
    load_catalog.cache_clear()
    return load_catalog()


def _with_header(body: bytes) -> bytes:
    """``body`` behind a header that checks out, so only the decoder stands between it and the app."""
    return cache._header(loader.cache_key(), body) + b"\n" + body  # noqa: SLF001


def test_the_cache_rebuilds_exactly_the_compiled_catalogue(catalog: Catalog, tmp_path: Path) -> None:
    target = tmp_path / "catalog-k.json"
    cache.write_cache(target, "k", catalog)
    loaded = cache.read_cache(target, "k")
    assert loaded == catalog
    assert [o.types for o in loaded.options] == [o.types for o in catalog.options]  # type: ignore[union-attr]
    assert target.read_bytes().startswith(b"fwk-tui-catalog ")


def test_a_later_start_reads_the_cache_not_the_yaml(
    cache_home: Path, catalog: Catalog, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert _fresh_load() == catalog
    assert [p.name for p in cache_home.iterdir()] == [_cache_file().name]
    monkeypatch.setattr(loader, "compile_catalog", lambda: pytest.fail("YAML parsed although the cache is current"))
    assert _fresh_load() == catalog


def _armed_pickle(marker: Path) -> bytes:
    class Boom:
        def __reduce__(self) -> tuple[Callable[..., object], tuple[str]]:
            return (os.mkdir, (str(marker),))

    return pickle.dumps(Boom())


def _check(folder: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "XDG_CACHE_HOME": str(folder / ".cache"), "XDG_STATE_HOME": str(folder / ".state"),
           "NO_COLOR": "1"}
    return subprocess.run([sys.executable, "-m", "fwk_tui", "check", "fwk.config.ts"], cwd=folder, env=env,
                          capture_output=True, text=True, timeout=120)


def test_a_planted_pickle_in_the_cache_folder_runs_nothing(tmp_path: Path) -> None:
    (tmp_path / "fwk.config.ts").write_text(CONFIG)
    clean = _check(tmp_path)
    folder = tmp_path / ".cache" / "fwk-tui"
    [written] = folder.iterdir()
    marker = tmp_path / "PWNED"
    armed = _armed_pickle(marker)
    pickle.loads(armed)  # the file is armed: unpickling it does leave the marker
    assert marker.is_dir()
    marker.rmdir()
    # Under the name the cache has now, and under the names earlier releases used.
    key = written.name.removeprefix("catalog-").removesuffix(cache.SUFFIX)
    for name in (written.name, f"catalog-{key}.pickle"):
        (folder / name).write_bytes(armed)
    run = _check(tmp_path)
    assert not marker.exists()
    assert (run.returncode, run.stdout) == (clean.returncode, clean.stdout)
    assert "Traceback" not in run.stderr and run.stderr == clean.stderr
    # The planted files are replaced by a good cache.
    assert [p.name for p in folder.iterdir()] == [written.name]
    assert cache.read_cache(written, key) is not None


def _deep_json(depth: int) -> bytes:
    return b"[" * depth + b"]" * depth


DAMAGE: dict[str, Callable[[bytes], bytes]] = {
    "empty": lambda good: b"",
    "truncated": lambda good: good[: len(good) // 2],
    "one byte flipped": lambda good: good[:-10] + bytes([good[-10] ^ 1]) + good[-9:],
    "garbage": lambda good: b"\x80\xff garbage \x00" * 100,
    "header only": lambda good: good.partition(b"\n")[0],
    "another format": lambda good: good.replace(f"fwk-tui-catalog {cache.FORMAT} ".encode(), b"fwk-tui-catalog 999 ", 1),
    "not utf-8 behind a good header": lambda good: _with_header(b"\xff\xfe{}"),
    "not json behind a good header": lambda good: _with_header(b"{'groups': []}"),
    "a list, not an object": lambda good: _with_header(b"[]"),
    "options of the wrong type": lambda good: _with_header(b'{"groups": [], "types": [], "options": "abc"}'),
    "a type index out of range": lambda good: _with_header(json.dumps(_edit_option(good, types={"A": 10**6})).encode()),
    "a negative type index": lambda good: _with_header(json.dumps(_edit_option(good, types={"A": -1})).encode()),
    "an unknown type kind": lambda good: _with_header(json.dumps(_edit_type(good, {"kind": "os.system"})).encode()),
    "a tuple of text": lambda good: _with_header(json.dumps(_edit_option(good, aliases="abc")).encode()),
    "an unknown tag": lambda good: _with_header(json.dumps(_edit_option(good, tags=["evil"])).encode()),
    "an option listed twice": lambda good: _with_header(json.dumps(_twice(good)).encode()),
    "a huge integer": lambda good: _with_header(b'{"groups": [], "types": [], "options": [' + b"9" * 100_000 + b"]}"),
    "nesting a million deep": lambda good: _with_header(_deep_json(1_000_000)),
}


def _body(good: bytes) -> dict:  # type: ignore[type-arg]
    return json.loads(good.partition(b"\n")[2])  # type: ignore[no-any-return]


def _edit_option(good: bytes, **changes: object) -> dict:  # type: ignore[type-arg]
    data = _body(good)
    data["options"][0].update(changes)
    return data


def _edit_type(good: bytes, new: object) -> dict:  # type: ignore[type-arg]
    data = _body(good)
    data["types"][0] = new
    return data


def _twice(good: bytes) -> dict:  # type: ignore[type-arg]
    data = _body(good)
    data["options"].append(data["options"][0])
    return data


@pytest.mark.parametrize("damage", list(DAMAGE), ids=list(DAMAGE))
def test_a_damaged_cache_is_ignored_and_rewritten(cache_home: Path, catalog: Catalog, damage: str) -> None:
    target = _cache_file()
    cache.write_cache(target, loader.cache_key(), catalog)
    good = target.read_bytes()
    target.write_bytes(DAMAGE[damage](good))
    start = time.perf_counter()
    assert cache.read_cache(target, loader.cache_key()) is None
    assert time.perf_counter() - start < 1.0  # refused at once, not after a long parse
    assert _fresh_load() == catalog
    assert target.read_bytes() == good


def test_an_oversized_cache_is_not_read(cache_home: Path, catalog: Catalog, monkeypatch: pytest.MonkeyPatch) -> None:
    _fresh_load()
    target = _cache_file()
    good = target.read_bytes()
    with open(target, "r+b") as fh:
        fh.truncate(64 * 1024 * 1024)  # sparse: large to read, cheap to make
    with monkeypatch.context() as patch:
        patch.setattr(json, "loads", lambda *a, **k: pytest.fail("an oversized cache was parsed"))
        assert cache.read_cache(target, loader.cache_key()) is None
    assert _fresh_load() == catalog
    assert target.read_bytes() == good


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes on this system")
def test_a_pipe_under_the_cache_name_does_not_hang_the_start(cache_home: Path, catalog: Catalog) -> None:
    cache_home.mkdir(parents=True)
    os.mkfifo(_cache_file())
    start = time.perf_counter()
    assert _fresh_load() == catalog
    assert time.perf_counter() - start < 30
    assert cache.read_cache(_cache_file(), loader.cache_key()) == catalog


def test_a_folder_under_the_cache_name_only_costs_speed(cache_home: Path, catalog: Catalog) -> None:
    _cache_file().mkdir(parents=True)
    assert _fresh_load() == catalog
    assert _cache_file().is_dir()


def test_a_cache_of_another_catalogue_is_ignored(cache_home: Path, catalog: Catalog, tmp_path: Path) -> None:
    (tmp_path / "other").mkdir()
    yaml = "group: x\ntitle: X\noptions:\n  - path: a\n    type: string\n    doc: d\n"
    (tmp_path / "other" / "x.yaml").write_text(yaml)
    other = compile_catalog(tmp_path / "other")
    # Stored for another key, then put under this catalogue's name: the header gives it away.
    cache.write_cache(tmp_path / "catalog-other.json", "other", other)
    cache_home.mkdir(parents=True)
    os.replace(tmp_path / "catalog-other.json", _cache_file())
    assert cache.read_cache(_cache_file(), loader.cache_key()) is None
    assert _fresh_load() == catalog


def test_a_changed_catalogue_gets_a_new_key_and_the_stale_cache_goes(
    cache_home: Path, catalog: Catalog, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _fresh_load()
    stale = _cache_file()
    data = tmp_path / "data"
    data.mkdir()
    for f in loader.data_dir().glob("*.yaml"):
        (data / f.name).write_bytes(f.read_bytes())
    first = sorted(data.glob("*.yaml"))[0]
    first.write_bytes(first.read_bytes() + b"\n# edited\n")
    monkeypatch.setattr(loader, "data_dir", lambda: data)
    assert _cache_file() != stale
    assert _fresh_load() == catalog
    assert [p.name for p in cache_home.iterdir()] == [_cache_file().name]


def test_an_unwritable_cache_folder_only_costs_speed(
    tmp_path: Path, catalog: Catalog, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "not-a-folder").write_text("")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "not-a-folder"))
    assert _fresh_load() == catalog
    assert (tmp_path / "not-a-folder").read_text() == ""
    load_catalog.cache_clear()


def test_a_default_json_cannot_keep_leaves_the_catalogue_uncached(catalog: Catalog, tmp_path: Path) -> None:
    import dataclasses

    from fwk_tui.catalog.models import Default

    first = catalog.options[0]
    odd = dataclasses.replace(first, defaults={v: Default(kind="value", value=(1, 2)) for v in first.variants})
    changed = Catalog(groups=catalog.groups, options=(odd, *catalog.options[1:]))
    cache.write_cache(tmp_path / "catalog-k.json", "k", changed)
    assert not (tmp_path / "catalog-k.json").exists()


def test_a_start_killed_while_writing_the_cache_leaves_no_temp_file_behind(cache_home: Path, catalog: Catalog) -> None:
    target = _cache_file()
    target.parent.mkdir(parents=True, exist_ok=True)
    left = target.parent / f".{target.name}.{_dead_pid()}.0123abcd.tmp"
    left.write_bytes(b"half a cache")
    cache.write_cache(target, loader.cache_key(), catalog)
    assert sorted(p.name for p in target.parent.iterdir()) == [target.name]


def _dead_pid() -> int:
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def test_an_edited_type_note_rebuilds_the_cache(
    cache_home: Path, catalog: Catalog, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert _fresh_load().get("css").type_note == catalog.get("css").type_note  # type: ignore[union-attr]
    data = tmp_path / "data"
    data.mkdir()
    for f in loader.data_dir().glob("*.yaml"):
        (data / f.name).write_bytes(f.read_bytes())
    app = data / "application.yaml"
    text = app.read_text(encoding="utf-8")
    assert "The row gives no item type" in text
    app.write_text(text.replace("The row gives no item type", "Edited: the row gives no item type"), encoding="utf-8")
    monkeypatch.setattr(loader, "data_dir", lambda: data)
    note = _fresh_load().get("css").type_note  # type: ignore[union-attr]
    assert note is not None and note.why.startswith("Edited: the row gives no item type")
    assert _cache_file().exists()


def test_the_catalogue_compiled_into_the_wheel_is_read_first_and_a_bad_one_ignored(
    cache_home: Path, catalog: Catalog, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first start after install reads the catalogue hatch_build.py compiled into the wheel: no YAML parsed, no
    cache written; one of another catalogue (or damaged) is passed over like a bad cache."""
    shipped = tmp_path / "_data" / loader.SHIPPED_NAME
    shipped.parent.mkdir()
    cache.write_cache(shipped, loader.cache_key(), catalog)
    monkeypatch.setattr(loader, "shipped_compiled", lambda: shipped)
    with monkeypatch.context() as patch:
        patch.setattr(loader, "compile_catalog", lambda: pytest.fail("YAML parsed although the wheel holds it"))
        assert _fresh_load() == catalog
    assert not cache_home.exists()
    cache.write_cache(shipped, "another-catalogue", catalog)
    assert _fresh_load() == catalog  # compiled, and kept in the user's cache
    assert [p.name for p in cache_home.iterdir()] == [_cache_file().name]
    shipped.write_bytes(shipped.read_bytes()[:-10])
    assert _fresh_load() == catalog


def test_the_wheel_holds_the_compiled_catalogue_of_its_own_yaml(tmp_path: Path) -> None:
    """hatch_build.py at wheel build: the file the loader looks for, under the key of the YAML it ships."""
    import zipfile

    proc = subprocess.run(  # the build requirements are the test extras' and the package's: nothing to download
        [sys.executable, "-m", "pip", "wheel", str(Path(loader.__file__).parents[2]), "--no-deps", "-q",
         "--no-build-isolation", "-w", str(tmp_path)], capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    wheel = next(tmp_path.glob("*.whl"))
    with zipfile.ZipFile(wheel) as archive:
        body = archive.read(f"fwk_tui/_data/{loader.SHIPPED_NAME}")
    target = tmp_path / "shipped.json"
    target.write_bytes(body)
    assert cache.read_cache(target, loader.cache_key()) == compile_catalog()
