"""The module reader on real, published modules, with TypeScript as the oracle.

Each package of tests/module_packages.txt (fetched once by tests/module_packages.py, brand words renamed) is
installed in a project of its own, read with :func:`read_module`, and its declarations are read again by the
TypeScript compiler (tests/node/module-options.mjs, one node process for all). Per module, every option path
either side gives (top level and nested, where the reader goes into objects) must be on both sides, with the
same optional-ness, description, ``@default``, literal members and kind of type (string, number, boolean,
null, array, object, function, any).

Where the reader differs from TypeScript on purpose, the difference belongs to one of the classes of
:data:`CLASSES`, recognised by what it is, never by the member's name; any other difference fails. Without npm
or the network the packages cannot be fetched and these tests skip, saying why.
"""

from __future__ import annotations

import json
import os
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from fwk_tui.catalog.types.nodes import (
    AnyType,
    ArrayType,
    BoolType,
    CodeType,
    LiteralType,
    NumType,
    ObjectType,
    RecordType,
    StrType,
    TupleType,
    TypeExpr,
    UnionType,
)
from fwk_tui.modules.installed import DECLARATION_NAMES, InstalledModule, read_module
from fwk_tui.modules.ts_reader import Option
from tests.cli.helpers import run
from tests.module_packages import Fetched, module_packages, neutral_name, package_specs
from tests.node_jobs import run_node_script

SPECS = package_specs()
SUMMARY: list[str] = []
"""A line per module, printed at the end of the suite (tests/conftest.py)."""

# -- the classes of difference the reader has on purpose --------------------------------------------------------

CLASSES: dict[str, str] = {
    "inside-itself": "a type met again inside itself is read as any there (no endless read); TypeScript goes on "
    "where Omit<> takes the member that holds it out",
    "folded-by-other-package": "a union or intersection with another package's type: TypeScript, reading the "
    "package alone, folds it all into its error type; the reader keeps the members it can read",
    "other-package-type": "another package's type: TypeScript, reading the package alone, cannot see it (its error "
    "type); the reader takes what the module's own type writes for it, or any",
    "lib-type": "a type of TypeScript's lib (RegExp, Promise, Date, HTMLElement...): the model has no form for it, "
    "the reader says any",
    "at-sign-in-a-line": "a description with '@' inside a line (a package name): TypeScript takes it for a tag and "
    "cuts the description there; the reader reads tags at the start of a line, as JSDoc says",
}


@dataclass(frozen=True)
class Difference:
    path: tuple[str, ...]
    what: str
    detail: str
    kind: str | None
    """The class of :data:`CLASSES` it belongs to; None: the reader is wrong."""


def _kinds(kind: TypeExpr) -> set[str]:
    if isinstance(kind, UnionType):
        return set().union(*(_kinds(o) for o in kind.options)) if kind.options else set()
    if isinstance(kind, LiteralType):
        value = kind.value
        return {"boolean" if isinstance(value, bool) else "null" if value is None else
                "string" if isinstance(value, str) else "number"}  # fmt: skip
    simple: dict[type, str] = {
        StrType: "string", NumType: "number", BoolType: "boolean", ArrayType: "array", TupleType: "array",
        RecordType: "object", ObjectType: "object", CodeType: "function", AnyType: "any",
    }  # fmt: skip
    return {simple.get(type(kind), "other")}


def _members(kind: TypeExpr) -> list[TypeExpr]:
    return [m for o in kind.options for m in _members(o)] if isinstance(kind, UnionType) else [kind]


def _literals(kind: TypeExpr) -> set[object]:
    return {
        m.value for m in _members(kind)
        if isinstance(m, LiteralType) and not isinstance(m.value, bool) and m.value is not None
    }  # fmt: skip


def _booleans(kind: TypeExpr) -> set[bool]:
    out: set[bool] = set()
    for m in _members(kind):
        if isinstance(m, BoolType):
            out |= {True, False}
        elif isinstance(m, LiteralType) and isinstance(m.value, bool):
            out.add(m.value)
    return out


def _words(text: str | None) -> str:
    return " ".join((text or "").split())


def compare(ours: list[Option], theirs: list[dict[str, Any]]) -> list[Difference]:
    """Every difference between the reader's options and TypeScript's members, each with its class (or None)."""
    mine = {o.path: o for o in ours}  # a path given twice counts once, as given last (as the reader does)
    oracle = {tuple(m["path"]): m for m in theirs}
    out: list[Difference] = []

    def under(path: tuple[str, ...], test: Callable[[tuple[str, ...]], bool]) -> bool:
        return any(test(path[:n]) for n in range(1, len(path)))

    def again(p: tuple[str, ...]) -> bool:
        return p in mine and "again, inside itself" in mine[p].declared

    def folded(p: tuple[str, ...]) -> bool:
        return p in oracle and "unresolved" in oracle[p]["kinds"]

    for path in sorted(set(mine) | set(oracle)):
        o, t = mine.get(path), oracle.get(path)
        if o is None:
            assert t is not None
            out.append(Difference(path, "missing", t["type"], "inside-itself" if under(path, again) else None))
            continue
        if t is None:
            kind = "folded-by-other-package" if under(path, folded) else None
            out.append(Difference(path, "extra", str(o.type), kind))
            continue
        if o.optional != t["optional"]:
            out.append(Difference(path, "optional", f"reader {o.optional}, TypeScript {t['optional']}", None))
        doc, their_doc = _words(o.doc), _words(t["doc"])
        if doc != their_doc:
            cut = doc.startswith(their_doc) and doc[len(their_doc):].lstrip().startswith("@")
            out.append(Difference(path, "doc", f"{o.doc!r} / {t['doc']!r}", "at-sign-in-a-line" if cut else None))
        if _words(o.default) != _words(t["default"]):
            out.append(Difference(path, "default", f"{o.default!r} / {t['default']!r}", None))
        out.extend(_compare_types(path, o, t))
    return out


def _compare_types(path: tuple[str, ...], o: Option, t: dict[str, Any]) -> list[Difference]:
    out: list[Difference] = []
    kinds, their_kinds = _kinds(o.type), set(t["kinds"])
    detail = f"reader {o.type} {sorted(kinds)}, TypeScript {t['type']} {sorted(their_kinds)}"
    if "again, inside itself" in o.declared:
        return [Difference(path, "type", detail, "inside-itself")] if kinds != their_kinds else []
    if "unresolved" in their_kinds:  # what TypeScript can say is said; the rest is the reader's to read
        if not (their_kinds - {"unresolved", "lib"}) <= kinds | {"any"}:
            out.append(Difference(path, "type", detail, None))
        elif kinds != their_kinds:
            out.append(Difference(path, "type", detail, "other-package-type"))
        return out
    if "lib" in their_kinds and "any" in kinds:
        their_kinds = (their_kinds - {"lib"}) | {"any"}
        if kinds == their_kinds:
            return [Difference(path, "type", detail, "lib-type")]
    if kinds != their_kinds:
        out.append(Difference(path, "type", detail, None))
        return out
    if _literals(o.type) != set(t["literals"]):
        out.append(Difference(path, "literals", f"{sorted(map(str, _literals(o.type)))} / {t['literals']}", None))
    if _booleans(o.type) != set(t["booleans"]):
        out.append(Difference(path, "booleans", f"{sorted(_booleans(o.type))} / {t['booleans']}", None))
    return out


# -- the packages, the projects and the oracle -----------------------------------------------------------------


@pytest.fixture(scope="module")
def fetched() -> Fetched:
    return module_packages()


def _folder(fetched: Fetched, spec: str) -> Path:
    if spec not in fetched.packages:
        pytest.skip(f"{spec} is not fetched: {fetched.missing.get(spec, 'not in the list')}")
    return fetched.packages[spec]


def _declarations_file(folder: Path) -> Path | None:
    return next((folder / "dist" / n for n in DECLARATION_NAMES if (folder / "dist" / n).is_file()), None)


@pytest.fixture(scope="module")
def oracle(fetched: Fetched) -> dict[str, Any]:
    """TypeScript's answer for every package fetched, from one node process."""
    jobs = []
    for spec, folder in fetched.packages.items():
        file = _declarations_file(folder)
        if file is not None:
            jobs.append({"id": spec, "file": str(file), "root": str(folder)})
    if not jobs:
        return {}
    answer: dict[str, Any] = run_node_script(
        "module-options.mjs", jobs, needs="the module-options oracle", packages=("typescript",)
    )
    return answer


def _project(root: Path, spec: str, folder: Path) -> Path:
    """A project that depends on the module, lists it in its config, and has it installed (a link to the cache)."""
    name = neutral_name(spec)
    link = root / "node_modules" / name
    link.parent.mkdir(parents=True, exist_ok=True)
    os.symlink(folder, link, target_is_directory=True)
    version = json.loads((folder / "package.json").read_text(encoding="utf-8")).get("version", "*")
    (root / "package.json").write_text(json.dumps({"name": "app", "private": True, "dependencies": {name: version}}))
    (root / "fwk.config.ts").write_text(f"export default defineFwkConfig({{\n  modules: ['{name}'],\n}})\n")
    return root / "fwk.config.ts"


def _read(tmp_path: Path, fetched: Fetched, spec: str) -> tuple[InstalledModule, Path]:
    config = _project(tmp_path, spec, _folder(fetched, spec))
    found = read_module(neutral_name(spec), tmp_path)
    assert isinstance(found, InstalledModule), found
    return found, config


# -- the tests --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("spec", SPECS)
def test_the_reader_gives_the_options_typescript_gives(
    spec: str, fetched: Fetched, oracle: dict[str, Any], tmp_path: Path
) -> None:
    module, _ = _read(tmp_path, fetched, spec)
    answer = oracle.get(spec)
    assert answer is not None and answer["found"] is not None, f"TypeScript finds no options in {spec}"
    assert module.declarations.options, f"the reader finds no options in {spec}: {module.declarations.notes}"
    differences = compare(list(module.declarations.options), answer["members"])
    wrong = [d for d in differences if d.kind is None]
    paths = {o.path for o in module.declarations.options} | {tuple(m["path"]) for m in answer["members"]}
    differing = {d.path for d in differences}
    classes = Counter(d.kind for d in differences if d.kind is not None)
    said = ", ".join(f"{n} {k}" for k, n in sorted(classes.items()))
    line = (
        f"{spec}: {len(paths) - len(differing)}/{len(paths)} options as TypeScript reads them"
        f" ({sum(1 for o in module.declarations.options if len(o.path) == 1)} top level)"
        + (f"; classed differences: {said}" if said else "")
    )
    SUMMARY.append("real modules: " + line)
    assert not wrong, f"{spec}: the reader differs from TypeScript:\n" + "\n".join(
        f"  {'.'.join(d.path)}: {d.what}: {d.detail}" for d in wrong
    )
    assert all(d.kind in CLASSES for d in differences)


def _misspelt(options: list[Option]) -> tuple[str, str]:
    """A top-level option of the module and a misspelling of it (a letter dropped inside) that is no option."""
    names = {o.path[0] for o in options}
    for name in sorted(names, key=lambda n: (-len(n), n)):
        if len(name) >= 6:
            typo = name[:-2] + name[-1]
            if typo not in names:
                return name, typo
    raise AssertionError(f"no option long enough to misspell among {sorted(names)}")


@pytest.mark.parametrize("spec", SPECS)
def test_check_flags_a_misspelt_option_and_explain_names_the_module(
    spec: str, fetched: Fetched, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A key one letter off an option is flagged with the option as the suggestion, naming the module; where the
    module's options extend another package's (unknown here), no key is called misspelt: it may be one of those."""
    module, config = _read(tmp_path, fetched, spec)
    key = module.config_key
    assert key, f"{spec}: module.json gives no configKey"
    name, typo = _misspelt(list(module.declarations.options))
    monkeypatch.chdir(tmp_path)
    listed = f"  modules: ['{neutral_name(spec)}'],\n"
    config.write_text(f"export default defineFwkConfig({{\n{listed}  {key}: {{ {typo}: true }},\n}})\n")
    code, out, err = run(capsys, "check", "--format", "json")
    found = [d for d in json.loads(out) if d["code"] == "FWK110"]
    if module.declarations.type.open:
        assert found == [], out
    else:
        assert [d["path"] for d in found] == [f"{key}.{typo}"], (out, err)
        assert f"did you mean {name}?" in str(found[0]["message"]), found[0]
        assert f"({module.label})" in str(found[0]["message"]), found[0]
    config.write_text(f"export default defineFwkConfig({{\n{listed}}})\n")
    code, out, err = run(capsys, "explain", f"{key}.{name}")
    assert code == 0, err
    assert out.startswith(f"{key}.{name}    [module {module.label}]"), out


def test_every_class_of_difference_is_said_and_the_list_is_real() -> None:
    """The classes are words a reader of a failure acts on; the list holds at least eight pinned packages."""
    assert all(len(words) > 40 for words in CLASSES.values())
    assert len(SPECS) >= 8 and all(re.search(r"@\d+\.\d+\.\d+$", spec) for spec in SPECS)


@pytest.mark.parametrize("spec", SPECS)
def test_the_editors_group_and_the_language_servers_completion_show_its_options(
    spec: str, fetched: Fetched, tmp_path: Path
) -> None:
    """The editor's group of the module has a typed field per top-level option (its docs and default from the
    declarations); the language server completes the same options inside the module's key."""
    from fwk_tui.catalog import load_catalog
    from fwk_tui.lsp.complete import complete
    from fwk_tui.lsp.knowledge import Knowledge
    from fwk_tui.paths import format_path
    from fwk_tui.project import Project
    from fwk_tui.source import load_document
    from fwk_tui.tui.form_model import FormModel
    from tests.lsp.knowledge_helpers import position_in

    module, config = _read(tmp_path, fetched, spec)
    key = module.config_key
    assert key
    top = {o.path[0] for o in module.declarations.options if len(o.path) == 1}
    catalog = load_catalog()
    model = FormModel(catalog)
    model.set_modules([module])
    layout = model.layout({"modules": [neutral_name(spec)]}, "A")
    group = next(g for g in layout.groups if g.id == f"module:{key}")
    assert group.title == f"Modules › {key}"
    fields = layout.fields[group.id]
    assert {e.path for e in fields} == {format_path((key, name)) for name in top}
    assert {e.option.key for e in fields if e.option is not None} == top
    assert all(e.option is not None and e.option.module == module.label for e in fields)
    listed = f"  modules: ['{neutral_name(spec)}'],\n"
    config.write_text(f"export default defineFwkConfig({{\n{listed}  {key}: {{  }},\n}})\n")
    doc = load_document(config)
    known = Knowledge.of(catalog, doc, Project.at(config))
    offered = complete(doc, doc.text.index(f"{key}: {{  }}") + len(key) + 4, known, position_in(doc.text))
    assert top <= {i.label for i in offered.items}


@pytest.mark.parametrize("spec", SPECS)
def test_the_modules_own_defaults_fit_its_declared_types(spec: str, fetched: Fetched, tmp_path: Path) -> None:
    """Two readings of one package agree: the defaults of its built code (read from its ``define...Module`` call)
    are values its declarations' types take (a wrong reading of either would show as a value refused)."""
    from fwk_tui.modules.built_defaults import leaf_values
    from fwk_tui.validate.typecheck import check_value

    module, _ = _read(tmp_path, fetched, spec)
    defaults = module.defaults
    refused = [i for i in check_value(module.declarations.type, defaults, ()) if i.severity == "error"]
    assert not [i for i in refused if not i.message.startswith("missing ")], refused
    if defaults:
        SUMMARY.append(f"real modules: {spec}: {len(list(leaf_values(defaults)))} defaults from its built code")
