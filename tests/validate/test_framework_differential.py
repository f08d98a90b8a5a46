"""check against the framework's own types, option by option (tests/framework_types.py).

For every option of the catalogue, in each variant it exists in (A against the
framework's schema 4, B against 3), sample values are checked by both fwk-tui and
the framework's config type:

- the values our type describes (each kind's edge cases),
- the values the framework's own type describes (its literal members, its shapes),
- the option's default,
- the values the corpus's real configs write there,
- and a few values of every kind (true, 1, 'x', [], {}), to find where either is looser.

An **error** of fwk-tui on a value the framework's type accepts fails the test, unless
every error there comes from a rule of the reference (a 3xx code), which the report
cites. A value fwk-tui takes without an error and the framework's type refuses is
listed: each such class is explained in docs/type-decisions.md ("Where check takes
what the framework's types refuse"). The counts are printed.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from collections import Counter, defaultdict
from dataclasses import dataclass, field

import pytest

from fwk_tui.catalog import load_catalog
from fwk_tui.catalog.framework import framework_type, is_unknown
from fwk_tui.catalog.models import Catalog, Option, Variant, has_placeholder
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
from fwk_tui.paths import parse_path
from fwk_tui.source import ConfigDocument
from fwk_tui.source.errors import DocumentError, ParseError
from fwk_tui.source.render import Renderer
from fwk_tui.source.style import STARTER_STYLE
from fwk_tui.validate import Diagnostic, check_document
from fwk_tui.validate.codes import code_of
from fwk_tui.validate.framework_shape import within
from fwk_tui.validate.rules import RULES
from tests.framework_types import framework_accepts, to_framework, to_neutral
from tests.validate.helpers import corpus_files

MAJOR: dict[Variant, int] = {"A": 4, "B": 3}
RENDER = Renderer(STARTER_STYLE)
STRING_SAMPLES = {
    "string": ["''", "'x'"],
    "date": ["'2024-04-03'"],
    "url": ["'https://example.com/'", "'/base/'"],
    "path": ["'./x'", "'~/x'"],
    "glob": ["'**/*.ts'"],
    "regex": ["'^/x'"],
    "source": ["'~/plugins/x.ts'"],
}
# Every option also gets one value of each kind: where either side is looser than the other.
EVERY_KIND = ["true", "1", "'x'", "[]", "{}"]
CORPUS_PER_OPTION = 3
REFERENCE_RULES = {r.code: r.reference for r in RULES}
SUMMARY: list[str] = []
"""The counts, printed at the end of the run (tests/conftest.py)."""


def our_samples(t: TypeExpr, depth: int = 0) -> list[str]:
    """JavaScript texts of values ``t`` describes: each kind's edge cases, items and fields one level down."""
    if isinstance(t, BoolType):
        return ["true", "false"]
    if isinstance(t, StrType):
        return STRING_SAMPLES.get(t.format, ["'x'"])
    if isinstance(t, NumType):
        low = t.min if t.min is not None else (0 if t.integer else -1)
        values = {low, low + 1, t.max if t.max is not None else 3000}
        if not t.integer:
            values.add(low + 0.5)
        return [RENDER.value(v) for v in sorted(values)]
    if isinstance(t, LiteralType):
        return [RENDER.value(t.value)]
    if isinstance(t, ArrayType):
        return ["[]", *(f"[{item}]" for item in our_samples(t.item, depth + 1)[:2])] if depth < 2 else ["[]"]
    if isinstance(t, TupleType):
        return ["[" + ", ".join(our_samples(item, depth + 1)[0] for item in t.items) + "]"]
    if isinstance(t, RecordType):
        return ["{}", *(f"{{ k: {v} }}" for v in our_samples(t.value, depth + 1)[:1])] if depth < 2 else ["{}"]
    if isinstance(t, ObjectType):
        if depth >= 2:
            return ["{}"]
        required = [f for f in t.fields if not f.optional]
        whole = ", ".join(f"{RENDER.key(f.name)}: {our_samples(f.type, depth + 1)[0]}" for f in required)
        samples = [f"{{ {whole} }}" if whole else "{}"]
        for f in t.fields[:4]:
            if f.optional:
                body = ", ".join([whole, f"{RENDER.key(f.name)}: {our_samples(f.type, depth + 1)[0]}"] if whole else [])
                samples.append(f"{{ {body or RENDER.key(f.name) + ': ' + our_samples(f.type, depth + 1)[0]} }}")
        return samples
    if isinstance(t, UnionType):
        return [s for option in t.options for s in our_samples(option, depth)] or ["'x'"]
    if isinstance(t, CodeType):
        return ["() => {}"]
    return ["'x'"]  # any


def nest(option: Option, value: str) -> str:
    """The config object that sets ``option`` to the JavaScript text ``value``."""
    text = value
    for segment in reversed(option.segments):
        text = f"{{ {RENDER.key(str(segment))}: {text} }}"
    return text


def corpus_values(catalog: Catalog) -> dict[str, list[str]]:
    """The texts the corpus's configs write at each option's path, a few distinct ones per option."""
    files, _ = corpus_files()  # without a corpus (a clone alone, offline), the other samples still run
    found: dict[str, list[str]] = defaultdict(list)
    for file in files:
        try:
            doc = ConfigDocument.from_bytes(file.read_bytes(), file.name)
        except (ParseError, DocumentError):
            continue
        for entry in doc.entries():
            option = catalog.by_path.get(".".join(str(s) for s in entry.path))
            if option is None or option.segments != tuple(entry.path):
                continue
            text = doc.text[entry.span.start : entry.span.end]
            if "\n" in text or len(text) > 200 or text in found[option.path]:
                continue
            if len(found[option.path]) < CORPUS_PER_OPTION:
                found[option.path].append(text)
    return found


@dataclass
class Case:
    option: Option
    variant: Variant
    value: str
    ours: list[Diagnostic] = field(default_factory=list)
    theirs: tuple[bool, list[tuple[str, str]]] = (True, [])

    @property
    def id(self) -> str:
        return f"{self.variant}|{self.option.path}|{self.value}"

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.ours if d.severity == "error"]


def _ours(catalog: Catalog, case: Case, baseline: dict[Variant, set[tuple[str, str]]]) -> list[Diagnostic]:
    source = f"export default defineFwkConfig({nest(case.option, case.value)})\n"
    doc = ConfigDocument.from_bytes(source.encode(), "fwk.config.ts")
    result = check_document(doc, catalog, case.variant, positions=False)
    return [d for d in result.diagnostics if (d.rule, d.path) not in baseline[case.variant]]


@pytest.fixture(scope="module")
def cases() -> list[Case]:
    catalog = load_catalog()
    corpus = corpus_values(catalog)
    pairs = [(o, v) for o in catalog.options for v in o.variants]
    all_cases: dict[str, Case] = {}
    for option, variant in pairs:
        values = [*our_samples(option.type_for(variant)), *EVERY_KIND, *corpus.get(option.path, [])]
        theirs = framework_type(option.segments, variant)  # the shipped summary (kept current by a test)
        if theirs is not None:
            values += our_samples(theirs)
        default = option.default_for(variant)
        if default is not None and default.kind == "value" and not has_placeholder(default.value):
            try:
                values.append(RENDER.value(default.value, inline=True))
            except (TypeError, ValueError):
                pass
        for value in values:
            case = Case(option, variant, value)
            all_cases.setdefault(case.id, case)
    empty = ConfigDocument.from_bytes(b"export default defineFwkConfig({})\n", "fwk.config.ts")
    baseline: dict[Variant, set[tuple[str, str]]] = {
        v: {(d.rule, d.path) for d in check_document(empty, catalog, v, positions=False).diagnostics}
        for v in ("A", "B")
    }
    for case in all_cases.values():
        case.ours = _ours(catalog, case, baseline)
    answers = framework_accepts(
        {key: to_framework(nest(c.option, c.value)) for key, c in all_cases.items()},
        majors={key: MAJOR[c.variant] for key, c in all_cases.items()},
    )
    for key, case in all_cases.items():
        case.theirs = answers[key]
    return list(all_cases.values())


def _reference_rule(d: Diagnostic) -> bool:
    return code_of(d.rule).startswith("FWK3")


def _not_said(case: Case) -> bool:
    """The framework's types leave the value to another package's types (a bundler's, a tool's, the
    server builder's), which the oracle types as `any`: it accepts what the tool may refuse. Where
    fwk-tui errs, that is said of the place of each error."""
    theirs = framework_type(case.option.segments, case.variant)
    if theirs is None:
        return True
    start = len(case.option.segments)
    return bool(case.errors) and all(is_unknown(within(theirs, parse_path(d.path)[start:])) for d in case.errors)


def _array_as_object(case: Case) -> bool:
    """TypeScript lets an array stand where an object of optional keys or a record is typed (an array
    is an object to it); the framework reads such a value as the object it is not."""
    theirs = framework_type(case.option.segments, case.variant)
    shapes = theirs.options if isinstance(theirs, UnionType) else (theirs,)
    return case.value.startswith("[") and not any(isinstance(t, (ArrayType, TupleType)) for t in shapes)


# Why check takes a value the framework's types refuse: each class is explained in
# docs/type-decisions.md ("Where check takes what the framework's types refuse").
TAKEN_BECAUSE = {
    "code": "a function: its signature is not checked (fwk-tui never runs code)",
    "key": "a key the framework's type does not list, inside a value the reference leaves open",
    "not-typed": "the reference documents the option; the framework's type has no such key (or forbids it)",
    "summarised": "deeper than the shipped summary of the framework's type goes",
    "filled-in": "an empty object where the framework's type requires a key it fills in by default",
}


def taken_because(case: Case) -> str | None:
    """The documented class of a value check takes and the framework's types refuse, or None."""
    if "=>" in case.value:
        return "code"
    theirs = framework_type(case.option.segments, case.variant)
    if theirs is None:
        return "not-typed"
    messages = [message for _, message in case.theirs[1]]
    if any("may only specify known properties" in m for m in messages):
        return "key"
    if case.value == "{}":
        return "filled-in"
    prefix = len(case.option.segments)
    for path, _ in case.theirs[1]:
        inner = tuple(int(p) if p.isdigit() else to_neutral(p) for p in path.split(".")[prefix:] if p)
        found = within(theirs, inner)
        if is_unknown(found) or isinstance(found, AnyType):
            return "summarised"
    return None


def test_no_error_on_a_value_the_framework_accepts(cases: list[Case]) -> None:
    accepted = [c for c in cases if c.theirs[0]]
    judged = [c for c in accepted if not _not_said(c) and not _array_as_object(c)]
    by_rule = [c for c in judged if c.errors and all(_reference_rule(d) for d in c.errors)]
    wrong = [c for c in judged if c.errors and not all(_reference_rule(d) for d in c.errors)]
    lenient = [c for c in cases if not c.theirs[0] and not any(d.severity in ("error", "warning") for d in c.ours)]
    agree = sum(1 for c in cases if bool(c.errors) != c.theirs[0])
    warned = [c for c in judged if not c.errors and any(d.severity == "warning" for d in c.ours)]
    options = {c.option.path for c in cases}
    SUMMARY.append(
        f"framework types, option by option: {len(options)} options in their variants, {len(cases)} values compared;"
        f" {agree} agree ({len(cases) - len(accepted)} refused by the framework's types); of {len(accepted)}"
        f" accepted: {len(accepted) - len(judged)} not judged (another tool's types, or an array where TypeScript"
        f" takes any object), {len(by_rule)} errors by a rule of the reference, {len(wrong)} unexplained errors,"
        f" {len(warned)} warnings; {len(lenient)} values check takes that the framework's types refuse, each of a"
        " documented class"
    )
    print("\n" + SUMMARY[-1])
    for code, count in Counter(code_of(d.rule) for c in by_rule for d in c.errors).most_common():
        print(f"  {code} ({count} values): {REFERENCE_RULES.get(code, '')[:150]}")
    warnings = Counter(code_of(d.rule) for c in warned for d in c.ours if d.severity == "warning")
    print(f"  warnings on accepted values, by code: {dict(warnings.most_common())}")
    # The others: what the reference states and a type cannot say (a range, a URL's form, a field a value
    # needs), on values of a kind the framework's type takes.
    stated = Counter(
        c.option.path for c in warned for d in c.ours if d.severity == "warning" and not _reference_rule(d)
    )
    print(f"  of those, the reference's stated ranges and forms, by option: {dict(stated.most_common())}")
    classes = Counter(taken_because(c) for c in lenient)
    for name, count in classes.most_common():
        print(
            f"  taken, refused by the framework's types ({count} values): {TAKEN_BECAUSE.get(name or '', 'UNEXPLAINED')}"
        )
    for c in lenient:
        if taken_because(c) is None:
            first = c.theirs[1][0] if c.theirs[1] else ("", "")
            print(f"  unexplained: {c.id}: {first[0]}: {first[1].splitlines()[0][:140]}")
    shown = "\n".join(f"  {c.id}: {[f'{code_of(d.rule)} {d.message}' for d in c.errors]}" for c in wrong[:60])
    assert not wrong, f"{len(wrong)} errors on values the framework's types accept:\n{shown}"
    assert None not in classes, "values check takes and the framework's types refuse, with no documented reason"


def test_the_ports_fwk339_refuses_are_the_ones_node_refuses() -> None:
    # The platform is the oracle: net.Server.listen throws ERR_SOCKET_BAD_PORT at once for a port that cannot be.
    values = [-1, 0, 1.5, 3000, 3000.5, 65535, 65536, 70000]
    script = (
        "const net = require('node:net'); const out = {};"
        "for (const v of JSON.parse(process.argv[1])) { const s = net.createServer();"
        " try { s.listen({ port: v, host: '127.0.0.1' }); out[v] = true; } catch (e) { out[v] = e.code; }"
        " s.close(() => {}); s.on('error', () => {}); }"
        "console.log(JSON.stringify(out));"
    )
    node = shutil.which("node")
    assert node is not None, "node is not installed (see README)"
    proc = subprocess.run(
        [node, "-e", script, json.dumps(values)], capture_output=True, text=True, timeout=60, check=True
    )
    refused_by_node = {float(k) for k, v in json.loads(proc.stdout).items() if v == "ERR_SOCKET_BAD_PORT"}
    catalog = load_catalog()
    refused_by_us = set()
    for value in values:
        doc = ConfigDocument.from_bytes(
            f"export default {{ devServer: {{ port: {value} }} }}\n".encode(), "fwk.config.ts"
        )
        found = check_document(doc, catalog, "A", positions=False).diagnostics
        if any(d.severity == "error" and code_of(d.rule) == "FWK339" for d in found):
            refused_by_us.add(float(value))
    assert refused_by_us == refused_by_node == {-1.0, 1.5, 3000.5, 65536.0, 70000.0}
