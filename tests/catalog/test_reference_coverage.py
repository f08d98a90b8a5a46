"""Every option the reference names is in the catalogue, with the reference's defaults."""

from __future__ import annotations

import json
import re

import pytest

from fwk_tui.catalog import Catalog, compile_catalog

from .reference import KIND_NAMES, SPEC, default_atoms, js_literal, not_shown_defaults, read_reference

REF = read_reference()


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return compile_catalog()


def test_the_reference_reader_finds_every_table() -> None:
    # A broken reader would make the coverage test pass on nothing.
    sections = {r.section for r in REF}
    assert len({n for r in REF for n in r.names}) > 250
    for expected in ("Directory and path options", "`alias`", "`app` group (application shell)",
                     "Application-level options", "`build` group", "`devServer` group",
                     "Compilers and bundlers", "`typescript` group", "`vbuild` group", "`view` group",
                     "`wbuild` group", "features", "future", "generate"):
        assert expected in sections, expected
    names = {n for r in REF for n in r.names}
    for expected in ("wbuild.loaders.cssModules", "wbuild.filenames.video", "oxtool.transform.options.target",
                     "experimental.defaults.fwkLink.componentName", "alias.~~", "features.noScripts"):
        assert expected in names, expected


def test_every_reference_option_is_in_the_catalogue(catalog: Catalog) -> None:
    missing = [n for r in REF for n in r.names if catalog.get(n) is None]
    assert not missing, f"options of the reference missing from the catalogue: {missing}"


def _rendering(catalog: Catalog, names: list[str], variant: str) -> str:
    """Everything an option says about its default: value, note and doc."""
    parts = []
    for n in names:
        opt = catalog.get(n)
        d = opt.default_for(variant)  # type: ignore[union-attr]
        if d is not None:
            parts.append(f"{opt.path} {json.dumps(d.value, ensure_ascii=False)} {d.note or ''} {opt.doc}")  # type: ignore[union-attr]
    return " ".join(parts)


def test_every_option_exists_in_the_variants_the_reference_gives(catalog: Catalog) -> None:
    wrong = []
    for r in REF:
        for n in r.names:
            opt = catalog.get(n)
            if opt is None:
                continue
            for variant in r.default:
                if not opt.in_variant(variant):  # type: ignore[arg-type]
                    wrong.append(f"{n} should exist in variant {variant}")
            if "(A)" in r.row and "B" in opt.variants:
                wrong.append(f"{n} is variant A only")
    assert not wrong, wrong


def test_defaults_match_the_reference(catalog: Catalog) -> None:
    wrong = []
    for r in REF:
        if any(catalog.get(n) is None for n in r.names):
            continue
        for variant, cell in r.default.items():
            if not all(catalog.get(n).in_variant(variant) for n in r.names):  # type: ignore[union-attr,arg-type]
                continue  # reported by the variants test
            defaults = [catalog.get(n).default_for(variant) for n in r.names]  # type: ignore[union-attr]
            kinds = {d.kind for d in defaults}  # type: ignore[union-attr]
            text = cell.strip()
            if not text:
                continue  # "see below": the rows that follow give it
            if text.startswith("(none)"):
                if kinds - {"none", "computed"}:
                    wrong.append(f"{r.names} [{variant}] should have no default, has {kinds}")
                continue
            if text.startswith("not shown"):
                if kinds != {"not_shown"}:
                    wrong.append(f"{r.names} [{variant}] default should be 'not shown', is {kinds}")
                continue
            same = re.fullmatch(r"(?:same )?as `([^`]+)`", text)
            if same:
                other = catalog.get(same.group(1))
                assert other is not None, same.group(1)
                other_default = other.default_for(variant)
                if any(d.value != other_default.value for d in defaults):  # type: ignore[union-attr]
                    wrong.append(f"{r.names} [{variant}] default should equal {same.group(1)}'s")
                continue
            rendering = _rendering(catalog, r.names, variant)
            for atom in default_atoms(text):
                if atom not in rendering and not all(part in rendering for part in atom.split(".")):
                    wrong.append(f"{r.names} [{variant}] default lacks {atom!r}: catalogue has {rendering[:120]}")
            if len(r.names) == 1:
                problem = _exact_mismatch(text, defaults[0])
                if problem:
                    wrong.append(f"{r.names[0]} [{variant}] {problem}")
    assert not wrong, "\n".join(wrong)


def _exact_mismatch(text: str, default: object) -> str | None:
    """Compare a cell that is one literal (or a list of literals) with the value exactly."""
    value = default.value  # type: ignore[attr-defined]
    ticks = re.findall(r"`([^`]+)`", re.sub(r"\([^()]*\)", "", text))
    prose = re.sub(r"`[^`]+`|\([^()]*\)|string|number, ms|[,\s.]", "", text)
    if not ticks or prose:
        return None  # the cell explains in words: the atoms check covers it
    if len(ticks) == 1 and ticks[0].startswith(("{", "[")):
        try:
            expected = js_literal(ticks[0])
        except ValueError:
            return None  # holds placeholders: the atoms check covers it
        return None if value == expected else f"default should be {expected!r}, is {value!r}"
    if isinstance(value, list):
        items = [w for t in ticks for w in (t.split() if " " in t and "{" not in t else [t])]
        expected: object = [KIND_NAMES.get(i, i) for i in items]
        return None if value == expected else f"default should be {expected!r}, is {value!r}"
    if len(ticks) != 1:
        return None
    if text.startswith("string "):
        expected = ticks[0]
    else:
        try:
            expected = js_literal(ticks[0])
        except ValueError:
            expected = ticks[0]
    if default.kind != "value" or value != expected:  # type: ignore[attr-defined]
        return f"default should be {expected!r}, is {value!r} ({default.kind})"  # type: ignore[attr-defined]
    return None


def test_not_shown_defaults_are_kept_apart_from_none(catalog: Catalog) -> None:
    for path in not_shown_defaults():
        opt = catalog.get(path)
        assert opt is not None, path
        assert all(d.kind == "not_shown" for d in opt.defaults.values()), path
    # and an explicit "(none)" is not "not shown"
    assert catalog.get("appConfig").defaults["A"].kind == "none"  # type: ignore[union-attr]


def test_no_option_is_invented(catalog: Catalog) -> None:
    """Each catalogue option is a reference row, or a parent/key the reference names."""
    spec_text = SPEC.read_text(encoding="utf-8")
    named = {n for r in REF for n in r.names}
    extra = []
    for opt in catalog.options:
        if opt.beyond_reference is not None:
            continue  # declared: see the test below
        spellings = {opt.path, *opt.aliases}
        if spellings & named:
            continue
        is_parent = any(n.startswith(s + ".") for s in spellings for n in named)
        key = str(opt.segments[-1])
        if is_parent or f"`{key}`" in spec_text or f"`{opt.path}`" in spec_text:
            continue
        extra.append(opt.path)
    assert not extra, f"catalogue options the reference does not name: {extra}"


def test_options_beyond_the_reference_are_declared_and_really_beyond_it(catalog: Catalog) -> None:
    """An option the reference does not list says so (and why); one it lists does not claim to be beyond it."""
    named = {n for r in REF for n in r.names}
    beyond = [o for o in catalog.options if o.beyond_reference is not None]
    assert {o.path for o in beyond} >= {"app.head.title", "app.head.titleTemplate", "app.head.htmlAttrs"}
    wrongly = [o.path for o in beyond if {o.path, *o.aliases} & named]
    assert not wrongly, f"marked beyond the reference, but the reference lists them: {wrongly}"
    assert [o.path for o in beyond if len(o.beyond_reference or "") < 40] == []
    # The head's item shapes are the reference's own (its app.head row): not marked.
    for path in ("app.head.meta", "app.head.link", "app.head.style", "app.head.script", "app.head.noscript"):
        opt = catalog.get(path)
        assert opt is not None and opt.beyond_reference is None, path
        assert f"`{path.rsplit('.', 1)[1]}`" in REF_ROW_APP_HEAD, path


REF_ROW_APP_HEAD = next(line for line in SPEC.read_text(encoding="utf-8").splitlines() if line.startswith("| `app.head` |"))
