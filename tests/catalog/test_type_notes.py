"""The type audit: every type that is not a word-for-word reading of the reference carries a note.

A note quotes the reference's words for the type and says why ours says more
(or less); docs/type-decisions.md lists them all and must be current.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fwk_tui.catalog import Catalog, compile_catalog
from fwk_tui.validate.framework_doc import type_decisions_markdown
from fwk_tui.catalog.models import Option
from tests.catalog.reference import plain_words, read_reference, reference_text
from tests.cli.helpers import run

REPO = Path(__file__).resolve().parents[2]

# The reference's type words and the types that read them word for word: no decision, no note needed.
WORD_FOR_WORD: dict[str, set[str]] = {
    "string": {"string", "path"},
    "boolean": {"boolean"},
    "B: boolean": {"boolean"},
    "object": {"object", "record<any>"},
    "array": {"array<any>"},
    "number": {"number"},
    "function": {"function"},
    "array of string": {"array<string>", "array<path>"},
    "array of glob string": {"array<glob>"},
    "boolean or object": {"boolean | object"},
    "boolean or transition-props object": {"boolean | object"},
    "array of string or regular expression": {"array<string | regex>"},
    "boolean or 'build'": {"boolean | 'build'"},
}
# Where the reference gives no type cell (variant B's prose groups, the alias table, groups).
PLAIN = {"boolean", "string", "path", "object", "array<any>", "record<any>"}
NO_ROW = "(no row)"


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return compile_catalog()


def _type_words(catalog: Catalog) -> dict[str, str]:
    """Option path -> the reference's words for its type, for the rows that have a Type cell."""
    words: dict[str, str] = {}
    for ref in read_reference():
        for name in ref.names:
            option = catalog.get(name)
            if option is not None and ref.type:
                words[option.path] = ref.type
    return words


def test_every_type_that_is_not_the_references_words_has_a_note_quoting_them(catalog: Catalog) -> None:
    words = _type_words(catalog)
    missing, misquoted = [], []
    for option in catalog.options:
        said = words.get(option.path)
        ours = option.type_text()
        if said is not None:
            if ours not in WORD_FOR_WORD.get(said, set()) and option.type_note is None:
                missing.append(f"{option.path}: the reference says {said!r}, ours is {ours!r}")
            if option.type_note is not None and option.type_note.reference != said:
                quoted = option.type_note.reference
                misquoted.append(f"{option.path}: the row says {said!r}, the note quotes {quoted!r}")
        elif ours not in PLAIN and option.type_note is None:
            missing.append(f"{option.path}: no type cell in the reference, ours is {ours!r}")
    assert missing == []
    assert misquoted == []


def test_a_notes_words_are_the_references_own(catalog: Catalog) -> None:
    text = plain_words(reference_text())
    notes = [(o.path, o.type_note) for o in catalog.options if o.type_note is not None]
    assert len(notes) > 80
    assert [p for p, n in notes if n.reference != NO_ROW and n.reference not in text] == []
    assert [p for p, n in notes if len(n.why) < 10] == []
    # "(no row)" only for options the reference gives no row of their own.
    rowed = set(_type_words(catalog))
    assert [p for p, n in notes if n.reference == NO_ROW and p in rowed] == []


def test_the_false_errors_of_the_issue_are_decided_in_the_catalogue(catalog: Catalog) -> None:
    def note(path: str) -> str:
        option = catalog.get(path)
        assert option is not None and option.type_note is not None, path
        return option.type_note.why

    assert catalog.get("css").type_text() == "array<string | object>"  # type: ignore[union-attr]
    assert "{src, lang}" in note("css")
    keyed = catalog.get("optimization.keyedComposables")
    assert keyed is not None and "source?: string" in keyed.type_text()
    assert "source is optional" in note("optimization.keyedComposables")
    assert "info" in note("modules") and "info" in note("cssproc.order")


def test_required_fields_each_have_a_reason(catalog: Catalog) -> None:
    from fwk_tui.catalog.types import ObjectType, TypeExpr

    def required(t: TypeExpr) -> bool:
        if isinstance(t, ObjectType) and any(not f.optional for f in t.fields):
            return True
        return any(required(c) for c in _children(t))

    with_required = sorted(o.path for o in catalog.options if any(required(t) for t in o.types.values()))
    assert with_required == [
        "builder",
        "components",
        "devServer.https",
        "optimization.keyedComposables",
        "plugins",
        "server.builder",
        "serverHandlers",
    ]
    for path in with_required:
        option = catalog.get(path)
        assert option is not None and option.type_note is not None
        assert "required" in option.type_note.why, path


def _children(t: object) -> list[object]:
    out: list[object] = []
    for attr in ("item", "value"):
        if hasattr(t, attr):
            out.append(getattr(t, attr))
    for attr in ("items", "options"):
        out.extend(getattr(t, attr, ()))
    out.extend(f.type for f in getattr(t, "fields", ()))
    return out


def test_docs_type_decisions_is_current(catalog: Catalog) -> None:
    doc = (REPO / "docs" / "type-decisions.md").read_text(encoding="utf-8")
    assert doc == type_decisions_markdown(catalog), "run: python -m fwk_tui.validate.framework_doc > docs/type-decisions.md"
    assert "| `css` | \"array\" | `array<string \\| object>` |" in doc


def test_explain_shows_the_note_in_text_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "explain", "css")
    assert (code, err) == (0, "")
    assert 'type: the reference says "array". The row gives no item type' in " ".join(out.split())
    code, out, err = run(capsys, "explain", "css", "--json")
    assert (code, err) == (0, "")
    assert json.loads(out)["type_note"]["reference"] == "array"
    code, out, _ = run(capsys, "explain", "ssr", "--json")
    assert json.loads(out)["type_note"] is None


def test_catalog_json_gives_every_note(capsys: pytest.CaptureFixture[str], catalog: Catalog) -> None:
    code, out, err = run(capsys, "catalog", "--json")
    assert (code, err) == (0, "")
    notes = {o["path"]: o["type_note"] for o in json.loads(out)}
    option: Option | None = catalog.get("build.templates")
    assert option is not None and option.type_note is not None
    assert notes["build.templates"] == {"reference": "array of {src, dst}", "why": option.type_note.why}
    assert sum(1 for n in notes.values() if n is not None) == sum(1 for o in catalog.options if o.type_note)


def test_explain_says_an_option_is_beyond_the_reference(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "explain", "app.head.title")
    assert (code, err) == (0, "")
    text = " ".join(out.split())
    assert "source beyond the reference's list" in text
    assert "Beyond the reference's list. The reference's app.head row lists only" in text
    code, out, _ = run(capsys, "explain", "app.head.title", "--json")
    assert "wizard writes it" in json.loads(out)["beyond_reference"]
    code, out, _ = run(capsys, "explain", "app.head.meta", "--json")  # the reference's own item shape
    assert json.loads(out)["beyond_reference"] is None
    code, out, _ = run(capsys, "explain", "app.head.meta")
    assert "beyond" not in out
