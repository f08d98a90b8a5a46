"""The engine against real config files written by other people.

The corpus is fetched by tests/corpus.py (published packages that ship a
config file) when it is missing. For every file:
it parses (or, for the EJS templates, is refused with a clear message), it
round-trips byte for byte, and three edits each change exactly what they
should, checked twice:

(a) by the real client: node evaluates the file before and after the edit
    (imports stubbed, see tests/node/load-config.mjs) and the values differ by
    exactly the edit;
(b) by the text diff: one contiguous change, on the expected lines only.
"""

from __future__ import annotations

import copy
import difflib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tests import corpus

REPO = Path(__file__).resolve().parents[2]

# The corpus held 20 files when these tests were written, 2 of them templates.
MIN_FILES = 20
TEMPLATES = 2

# Files node cannot evaluate even with every import stubbed, with the reason;
# their edits are checked by the diff only. Today every real config evaluates.
NODE_CANNOT_EVALUATE: dict[str, str] = {}

ADDED_PATH = ("fwkTuiTest", "nested", "flag")
EDITS = ("add-nested-key", "change-first-scalar", "unset-top-level-key")


def _corpus() -> tuple[tuple[Path, ...], str | None]:
    """The corpus files, fetching them first when missing (tests/corpus.py); or why there are none."""
    return corpus.corpus_files()


def _is_template(path: Path) -> bool:
    return b"<%" in path.read_bytes()


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    # Parametrize per file so a failure names it. Without a corpus, one
    # placeholder keeps the tests (they then fail in the fixture): an empty
    # parameter set would skip them silently.
    files, _error = _corpus()
    names = [p.name for p in files] or ["corpus-unavailable"]
    if "corpus_file" in metafunc.fixturenames:
        metafunc.parametrize("corpus_file", names)
    elif "code_file" in metafunc.fixturenames:
        metafunc.parametrize("code_file", [p.name for p in files if not _is_template(p)] or names)


@pytest.fixture(scope="session")
def corpus_files() -> dict[str, Path]:
    files, error = _corpus()
    if error:
        pytest.fail(f"no corpus: {error}")
    return {p.name: p for p in files}


@dataclass
class Edit:
    """One edit of one file: what it did (or the engine's error) and node's answer."""

    name: str
    path: tuple[Any, ...] = ()
    new_value: Any = None
    error: BaseException | None = None
    text: str | None = None
    after: Any = None  # conftest.Evaluated


@dataclass
class Checked:
    """A parsed corpus file, the engine's reading of it, its edits and node's answers."""

    path: Path
    text: str
    doc: Any
    before: Any = None  # conftest.Evaluated
    edits: dict[str, Edit] = field(default_factory=dict)


def _scalar_entry(doc: Any) -> Any:
    """The first string, number or boolean leaf the engine reports."""
    for entry in doc.entries():
        if type(entry.value) in (str, int, float, bool):
            return entry
    return None


def _top_level_entries(doc: Any) -> list[Any]:
    """The config's own keys (spreads such as ``...base`` are not entries)."""
    return [e for e in doc.entries() if len(e.path) == 1]


def _changed(value: Any) -> Any:
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, float):
        return value + 0.5
    return f'{value} (edited: it\'s "fwk-tui")'


def _make_edits(doc: Any) -> dict[str, Edit]:
    edits: dict[str, Edit] = {}
    leaf = _scalar_entry(doc)
    top = _top_level_entries(doc)
    plans: dict[str, tuple[tuple[Any, ...], Any]] = {"add-nested-key": (ADDED_PATH, True)}
    if leaf is not None:
        plans["change-first-scalar"] = (tuple(leaf.path), _changed(leaf.value))
    if top:
        plans["unset-top-level-key"] = (tuple(top[0].path), None)
    for name in EDITS:
        if name not in plans:
            edits[name] = Edit(name, error=AssertionError(f"the engine reports no entry for {name}"))
            continue
        path, value = plans[name]
        edit = Edit(name, path, value)
        try:
            edited = doc.unset(path) if name == "unset-top-level-key" else doc.set(path, value)
            edit.text = edited.text
        except Exception as exc:  # reported by this edit's test
            edit.error = exc
        edits[name] = edit
    return edits


@pytest.fixture(scope="session")
def checked(
    corpus_files: dict[str, Path], real_client: Any, tmp_path_factory: pytest.TempPathFactory
) -> dict[str, Checked | BaseException]:
    """Every code file parsed and edited, all versions evaluated in one node call."""
    from fwk_tui.source import load_document

    root = tmp_path_factory.mktemp("corpus-edits")
    results: dict[str, Checked | BaseException] = {}
    jobs: dict[str, Path | tuple[Path, Path]] = {}
    for name, path in corpus_files.items():
        if _is_template(path):
            continue
        try:
            doc = load_document(path)
        except Exception as exc:
            results[name] = exc
            continue
        item = Checked(path, path.read_bytes().decode("utf-8"), doc, edits=_make_edits(doc))
        results[name] = item
        jobs[name] = path
        for edit in item.edits.values():
            if edit.text is not None:
                out = root / edit.name / name
                out.parent.mkdir(exist_ok=True)
                out.write_bytes(edit.text.encode("utf-8"))
                # Evaluated as if it were the original file: same __dirname, same stub names.
                jobs[f"{name}/{edit.name}"] = (out, path)
    answers = real_client.evaluate(jobs)
    for name, result in results.items():
        if isinstance(result, Checked):
            result.before = answers[name]
            for edit in result.edits.values():
                edit.after = answers.get(f"{name}/{edit.name}")
    return results


def _checked(checked: dict[str, Checked | BaseException], name: str) -> Checked:
    item = checked[name]
    if isinstance(item, BaseException):
        raise AssertionError(f"{name} does not load") from item
    return item


# -- parse or refuse, round trip ------------------------------------------------


def test_corpus_is_complete(corpus_files: dict[str, Path]) -> None:
    templates = [name for name, path in corpus_files.items() if _is_template(path)]
    assert len(corpus_files) >= MIN_FILES, f"fetch produced only {sorted(corpus_files)}"
    assert len(templates) == TEMPLATES, templates


def test_parses_or_is_refused_with_a_clear_message(corpus_file: str, corpus_files: dict[str, Path]) -> None:
    from fwk_tui.source import ParseError, load_document

    path = corpus_files[corpus_file]
    if _is_template(path):
        with pytest.raises(ParseError) as info:
            load_document(path)
        message = str(info.value)
        assert "template" in message.lower(), message
        assert info.value.line >= 1 and info.value.column >= 1, message
        return
    doc = load_document(path)
    assert doc.read_only is None, f"{corpus_file} opens read-only: {doc.read_only}"
    assert doc.values(), f"{corpus_file}: the engine finds no options"


def test_round_trip_is_byte_identical(code_file: str, corpus_files: dict[str, Path], tmp_path: Path) -> None:
    from fwk_tui.source import ConfigDocument, load_document, save_document

    path = corpus_files[code_file]
    data = path.read_bytes()
    assert ConfigDocument.parse(data.decode("utf-8"), path.name).text == data.decode("utf-8")
    copy_path = tmp_path / path.name
    copy_path.write_bytes(data)
    save_document(load_document(copy_path), copy_path)
    assert copy_path.read_bytes() == data


# -- edits -------------------------------------------------------------------------


def _node_check(item: Checked, edit: Edit) -> tuple[Any, Any] | None:
    """Node's values before and after ``edit``; None when node cannot evaluate the file."""
    if item.path.name in NODE_CANNOT_EVALUATE:
        return None
    assert item.before.error is None, f"node cannot evaluate the original {item.path.name}: {item.before.error}"
    assert edit.after is not None and edit.after.error is None, (
        f"node cannot evaluate the edited file: {edit.after and edit.after.error}\n{_diff(item.text, edit.text)}"
    )
    return item.before.value, edit.after.value


def _edit(checked: dict[str, Checked | BaseException], name: str, edit_name: str) -> tuple[Checked, Edit, str]:
    """The file, the edit and the edited text; the engine's error when it failed."""
    item = _checked(checked, name)
    edit = item.edits[edit_name]
    if edit.error is not None:
        raise edit.error
    assert edit.text is not None
    return item, edit, edit.text


def test_add_nested_key(code_file: str, checked: dict[str, Checked | BaseException]) -> None:
    item, edit, edited = _edit(checked, code_file, "add-nested-key")
    values = _node_check(item, edit)
    if values is not None:
        before, after = values
        assert "fwkTuiTest" not in before
        expected = copy.deepcopy(before)
        expected["fwkTuiTest"] = {"nested": {"flag": ("bool", True)}}
        assert after == expected, _diff(item.text, edited)
    # (b): a pure insertion at one place (a comma after the previous key, the new
    # key), so the diff touches the one line it is inserted after.
    change = _one_change(item.text, edited)
    assert change.removed.strip() == "", _diff(item.text, edited)
    squeezed = "".join(ch for ch in change.inserted if not ch.isspace() and ch not in ",'\"")
    assert squeezed == "fwkTuiTest:{nested:{flag:true}}", _diff(item.text, edited)
    assert change.old_lines[1] - change.old_lines[0] <= 1, _diff(item.text, edited)


def test_change_first_scalar(code_file: str, checked: dict[str, Checked | BaseException], real_client: Any) -> None:
    from fwk_tui.source import ConfigDocument

    item, edit, edited = _edit(checked, code_file, "change-first-scalar")
    old_value = item.doc.get(edit.path)
    values = _node_check(item, edit)
    if values is not None:
        before, after = values
        assert _dig(before, edit.path) == real_client.canon_py(old_value), (
            f"the engine reads {edit.path} as {old_value!r}, node as {_dig(before, edit.path)!r}"
        )
        expected = copy.deepcopy(before)
        _dig(expected, edit.path[:-1])[edit.path[-1]] = real_client.canon_py(edit.new_value)
        assert after == expected, _diff(item.text, edited)
    reread = ConfigDocument.parse(edited, item.path.name).get(edit.path)
    assert real_client.canon_py(reread) == real_client.canon_py(edit.new_value)
    # (b): only characters of the value's own span change, so only its lines do.
    span = item.doc.span(edit.path)
    change = _one_change(item.text, edited)
    start, end = _char_offset(item.text, span.start), _char_offset(item.text, span.end)
    assert start <= change.start and change.old_end <= end, _diff(item.text, edited)
    assert span.line <= change.old_lines[0] and change.old_lines[1] <= span.end_line, _diff(item.text, edited)


def test_unset_top_level_key(code_file: str, checked: dict[str, Checked | BaseException]) -> None:
    item, edit, edited = _edit(checked, code_file, "unset-top-level-key")
    (key,) = edit.path
    values = _node_check(item, edit)
    if values is not None:
        before, after = values
        expected = {k: v for k, v in before.items() if k != key}
        assert key in before and after == expected, _diff(item.text, edited)
    # (b): one piece of text goes, nothing comes; it covers the key's value and
    # stays between its neighbours' values (so their lines and comments stay).
    siblings = sorted(_top_level_entries(item.doc), key=lambda e: e.span.start)
    index = next(i for i, e in enumerate(siblings) if e.path == edit.path)
    span = siblings[index].span
    low = siblings[index - 1].span.end if index > 0 else 0
    high = siblings[index + 1].span.start if index + 1 < len(siblings) else len(item.text.encode("utf-8"))
    change = _one_change(item.text, edited)
    assert change.inserted == "", _diff(item.text, edited)
    text = item.text
    assert _char_offset(text, low) <= change.start <= _char_offset(text, span.start), _diff(text, edited)
    assert _char_offset(text, span.end) <= change.old_end <= _char_offset(text, high), _diff(text, edited)


# -- helpers ---------------------------------------------------------------------------


def _dig(value: Any, path: tuple[Any, ...]) -> Any:
    for segment in path:
        value = value[segment]
    return value


@dataclass(frozen=True)
class Change:
    """The one region where two texts differ: ``before[start:old_end]`` became ``inserted``."""

    start: int
    old_end: int
    removed: str
    inserted: str
    old_lines: tuple[int, int]  # first and last line of ``before`` the change touches


def _one_change(before: str, after: str) -> Change:
    limit = min(len(before), len(after))
    prefix = 0
    while prefix < limit and before[prefix] == after[prefix]:
        prefix += 1
    suffix = 0
    while suffix < limit - prefix and before[-1 - suffix] == after[-1 - suffix]:
        suffix += 1
    old_end, new_end = len(before) - suffix, len(after) - suffix
    lines = (before.count("\n", 0, prefix) + 1, before.count("\n", 0, old_end) + 1)
    return Change(prefix, old_end, before[prefix:old_end], after[prefix:new_end], lines)


def _char_offset(text: str, byte_offset: int) -> int:
    return len(text.encode("utf-8")[:byte_offset].decode("utf-8"))


def _diff(before: str, after: str | None) -> str:
    return "".join(difflib.unified_diff(before.splitlines(True), (after or "").splitlines(True), "before", "after"))
