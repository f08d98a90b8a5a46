"""The JSON Schema of the options (``fwk-tui schema``): valid, complete, and saying what ``check`` says.

An editor using the schema must flag no key or value that ``check`` lets
through: each schema error is matched by a diagnostic of ``check`` at the same
path or below it, on hand-written configs and on every config of the corpus.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from jsonschema import Draft7Validator, Draft202012Validator, FormatChecker, ValidationError

from fwk_tui.catalog import load_catalog
from fwk_tui.catalog.models import Variant
from fwk_tui.config_schema import DRAFT, config_schema
from fwk_tui.paths import OptionPath, format_path, parse_path
from fwk_tui.source import ConfigDocument, ParseError, load_document
from fwk_tui.source.values import UNDEFINED, Code
from fwk_tui.validate import Diagnostic, check_document
from fwk_tui.validate.index import index_of
from fwk_tui.validate.rules import EMPTY_ENTRY_RULES
from tests.validate.helpers import corpus_files

CATALOG = load_catalog()
SCHEMAS = {v: config_schema(CATALOG, v) for v in ("A", "B")}
VALIDATORS = {v: Draft202012Validator(s, format_checker=FormatChecker()) for v, s in SCHEMAS.items()}
# What check says about a key or a value's shape: the diagnostics a schema error must be matched by.
# (An empty entry's own rule speaks for its type error: `css: ''` is "empty stylesheet path".)
SHAPE_RULES = {"type", "undocumented-shape", "unknown-key", "other-variant", "alias", "older-major-key", "listening-port"}
SHAPE_RULES |= EMPTY_ENTRY_RULES
PLACEHOLDER = re.compile(r"<[A-Za-z]\w*>")


def static(value: Any) -> Any:
    """The values of a config a JSON file could hold: code and ``undefined`` dropped."""
    if isinstance(value, dict):
        return {k: static(v) for k, v in value.items() if not isinstance(v, Code) and v is not UNDEFINED}
    if isinstance(value, list):
        return [static(v) for v in value if not isinstance(v, Code) and v is not UNDEFINED]
    return value


def schema_errors(variant: Variant, data: Any) -> list[tuple[OptionPath, str]]:
    """``(path, message)`` of every schema error; an unknown key's path is the key's own."""
    found: list[tuple[OptionPath, str]] = []
    for error in VALIDATORS[variant].iter_errors(data):
        found += _placed(error)
    return sorted(found, key=lambda e: (format_path(e[0]), e[1]))


def _placed(error: ValidationError) -> list[tuple[OptionPath, str]]:
    at = tuple(error.absolute_path)
    if error.validator == "additionalProperties" and isinstance(error.instance, dict):
        known = error.schema.get("properties", {}) if isinstance(error.schema, dict) else {}
        return [((*at, key), error.message) for key in error.instance if key not in known]
    return [(at, error.message)]


def options_at(variant: Variant, path: str) -> dict[str, Any]:
    node: dict[str, Any] = SCHEMAS[variant]["$defs"]["options"]
    for seg in parse_path(path):
        node = node["properties"][seg]
    return node


def matched(path: OptionPath, diagnostics: list[Diagnostic]) -> bool:
    """True when check says something about the shape at ``path`` or below it (code below: not checked)."""
    for d in diagnostics:
        where = parse_path(d.path)
        if where[: len(path)] != path:
            continue
        if d.rule in SHAPE_RULES or (d.rule == "code-value" and len(where) > len(path)):
            return True
    return False


def both(body: str, variant: Variant) -> tuple[list[tuple[OptionPath, str]], list[Diagnostic]]:
    """The schema's errors and check's diagnostics for a config holding ``body``."""
    doc = ConfigDocument.parse(f"export default defineFwkConfig({{\n{body}\n}})\n")
    diagnostics = check_document(doc, CATALOG, variant).diagnostics
    return schema_errors(variant, static(doc.values())), diagnostics


def assert_check_agrees(errors: list[tuple[OptionPath, str]], diagnostics: list[Diagnostic]) -> None:
    unmatched = [(format_path(p), m) for p, m in errors if not matched(p, diagnostics)]
    assert not unmatched, f"schema errors check does not report: {unmatched}; check: {diagnostics}"
    for d in diagnostics:
        if d.severity == "error" and d.rule == "type":
            where = parse_path(d.path)
            assert any(where[: len(p)] == p for p, _ in errors), f"check's error {d} is not a schema error"


# -- the schema itself ---------------------------------------------------------------------------


@pytest.mark.parametrize("variant", ["A", "B"])
def test_the_schema_is_valid_draft_2020_12_and_names_its_variant(variant: Variant) -> None:
    schema = SCHEMAS[variant]
    Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == DRAFT
    assert f"variant {variant}" in schema["title"]
    assert json.loads(json.dumps(schema)) == schema  # plain JSON data


@pytest.mark.parametrize("variant", ["A", "B"])
def test_every_option_of_the_variant_is_at_its_path_with_words_and_a_valid_default(variant: Variant) -> None:
    for option in CATALOG.options:
        if not option.in_variant(variant):
            continue
        node = options_at(variant, option.path)
        assert option.doc in node["description"], option.path
        assert f"**`{option.path}`**" in node["markdownDescription"]
        if "default" in node:
            errors = [e.message for e in Draft202012Validator(node).iter_errors(node["default"])]
            assert not errors, f"{option.path}: its default does not meet its own schema: {errors}"


def test_an_option_of_the_other_variant_only_is_left_out() -> None:
    assert "static" in options_at("B", "dir")["properties"]
    assert "static" not in options_at("A", "dir")["properties"]
    assert "exclude" in options_at("B", "generate")["properties"]
    only_b = options_at("A", "generate")  # closed and empty: check warns about every key in it
    assert only_b["properties"] == {} and only_b["additionalProperties"] is False
    assert only_b["description"].startswith("Options of variant B only (generate.exclude, generate.routes)")


def test_defaults_are_the_variants_own_and_placeholders_are_words_only() -> None:
    assert options_at("A", "dir.assets")["default"] == "app/assets"
    assert options_at("B", "dir.assets")["default"] == "assets"
    assert options_at("A", "srcDir")["default"] == "app"
    src_b = options_at("B", "srcDir")
    assert "default" not in src_b  # `<srcDir>` is no value to write
    assert '"<srcDir>"' in src_b["description"] and "placeholders" in src_b["description"]
    assert "default" not in options_at("A", "buildDir")
    assert "`\"<rootDir>/.fwk\"`" in options_at("A", "buildDir")["markdownDescription"]

    def defaults(node: Any) -> list[Any]:
        if isinstance(node, dict):
            return ([node["default"]] if "default" in node else []) + [x for v in node.values() for x in defaults(v)]
        if isinstance(node, list):
            return [x for v in node for x in defaults(v)]
        return []

    for variant in ("A", "B"):
        assert not [d for d in defaults(SCHEMAS[variant]) if PLACEHOLDER.search(json.dumps(d))]


def test_removed_in_v4_and_deprecated_options_are_deprecated_with_a_note() -> None:
    marked = {o.path for o in CATALOG.options if "B" in o.variants and {"removed-in-v4", "deprecated"} & set(o.tags)}
    deprecated = {o.path for o in CATALOG.options if "B" in o.variants and options_at("B", o.path).get("deprecated")}
    assert deprecated == marked
    removed = {o.path for o in CATALOG.options if "removed-in-v4" in o.tags}
    assert "experimental.compileTemplate" in removed
    for path in removed:
        node = options_at("B", path)
        assert "Removed in v4 (FWK308)" in node["description"]
        assert "Removed in v4 (FWK308)" in node["markdownDescription"]
        assert node["deprecationMessage"].startswith("Removed in v4 (FWK308)")
    assert options_at("B", "generate.exclude")["description"].startswith("Deprecated")
    assert not options_at("B", "generate.routes").get("deprecated")


def test_markdown_shows_the_doc_the_variable_and_related_options_as_written() -> None:
    base = options_at("A", "app.baseURL")["markdownDescription"]
    assert "Environment: `FWK_APP_BASE_URL`" in base
    assert "Related: `app.cdnURL`" in base
    assert "FWK\\_APP\\_BASE\\_URL=./" in base  # the doc's underscores are no emphasis
    title = options_at("A", "app.head.title")["markdownDescription"]
    assert "The \\<title\\> of every page" in title  # no HTML tag for an editor to drop
    assert "Default (A, this schema): `\"app/assets\"`" in options_at("A", "dir.assets")["markdownDescription"]


def test_an_option_that_is_code_accepts_nothing_a_json_file_can_hold_and_says_why() -> None:
    node = options_at("A", "devServer.loadingTemplate")
    assert not Draft202012Validator(node).is_valid("<div>loading</div>")
    assert node["description"].startswith("Code (a function): it can be written in fwk.config.ts only")
    either = options_at("A", "app.head.titleTemplate")  # string | function: the string is what JSON can hold
    assert either["type"] == "string" and Draft202012Validator(either).is_valid("%s · Docs")


def test_a_literal_spelling_is_listed_beside_its_option_deprecated() -> None:
    root = SCHEMAS["A"]["$defs"]["options"]["properties"]
    assert root["unhead"]["deprecated"] is True
    assert root["unhead"]["description"].startswith("unhead is the literal spelling of headmgr: write headmgr.")
    assert options_at("A", "wbuild.loaders.vueStyle")["deprecationMessage"].endswith("write viewStyle.")
    assert root["unhead"]["properties"] == root["headmgr"]["properties"]
    assert "vueStyle" in options_at("A", "wbuild.loaders")["properties"]


# -- the schema says what check says ----------------------------------------------------------------


def test_a_value_of_the_wrong_type_is_an_error_at_its_path() -> None:
    errors, diagnostics = both("devServer: { port: '3000' }", "A")
    assert errors == [(("devServer", "port"), "'3000' is not of type 'integer'")]
    assert_check_agrees(errors, diagnostics)
    errors, diagnostics = both("devServer: { port: 70000 }", "A")
    assert errors == [(("devServer", "port"), "70000 is greater than the maximum of 65535")]
    assert_check_agrees(errors, diagnostics)


def test_a_value_outside_an_enum_is_an_error_naming_the_allowed_values() -> None:
    errors, diagnostics = both("experimental: { emitRouteChunkError: 'sometimes' }", "B")
    assert errors == [
        (
            ("experimental", "emitRouteChunkError"),
            "'sometimes' is not one of ['automatic', 'automatic-immediate', 'manual', False]",
        )
    ]
    assert_check_agrees(errors, diagnostics)
    errors, diagnostics = both("future: { compatibilityVersion: 5 }", "B")
    assert errors == [(("future", "compatibilityVersion"), "5 is not one of [3, 4]")]
    assert_check_agrees(errors, diagnostics)


def test_an_unknown_key_in_a_closed_object_is_an_error_at_the_key() -> None:
    errors, diagnostics = both("devServer: { prot: 3000 }", "A")
    assert errors == [(("devServer", "prot"), "Additional properties are not allowed ('prot' was unexpected)")]
    assert_check_agrees(errors, diagnostics)
    errors, diagnostics = both("devServer: { https: { key: 'k.pem', cert: 'c.pem', ca: 'ca.pem' } }", "A")
    assert [p for p, _ in errors] == [("devServer", "https")]  # a closed object type ({key, cert})
    assert_check_agrees(errors, diagnostics)
    errors, diagnostics = both("dir: { static: 'public' }", "A")  # variant B's option
    assert [p for p, _ in errors] == [("dir", "static")]
    assert_check_agrees(errors, diagnostics)


def test_unknown_keys_where_the_reference_leaves_an_object_open_are_fine() -> None:
    body = """
    i18n: { locales: ['en'] },
    vbuild: { resolve: { dedupe: ['view'] }, server: { hmr: { overlay: false } } },
    app: { head: { base: { href: '/' } } },
    routeRules: { '/api/**': { cors: true } },
    runtimeConfig: { apiSecret: 'x', public: { apiBase: '/api' } },
    experimental: { someNewFlag: true },
    """
    errors, diagnostics = both(body, "A")
    assert errors == []
    assert not [d for d in diagnostics if d.rule == "unknown-key"]


def test_environment_sections_hold_options_like_the_top_level() -> None:
    errors, diagnostics = both("$production: { devServer: { port: 'x' } }, $env: { staging: { ssr: 1 } }", "A")
    assert [p for p, _ in errors] == [("$env", "staging", "ssr"), ("$production", "devServer", "port")]
    assert_check_agrees(errors, diagnostics)


def test_under_variant_a_experimental_is_open_and_lists_b_s_flags_with_that_said() -> None:
    node = options_at("A", "experimental")
    assert "additionalProperties" not in node
    flag = node["properties"]["asyncContext"]
    assert flag["type"] == "boolean" and "default" not in flag
    assert flag["description"].startswith("Documented for variant B")
    assert options_at("B", "experimental")["additionalProperties"] is False
    errors, diagnostics = both("experimental: { asyncContext: 'yes' }", "A")
    assert [p for p, _ in errors] == [("experimental", "asyncContext")]
    assert_check_agrees(errors, diagnostics)


def test_an_editor_of_draft_07_only_still_sees_types_enums_unknown_keys_and_sections() -> None:
    """VS Code's JSON support and older yaml-language-servers implement draft-07."""
    data = {
        "devServer": {"port": "3000", "prot": 1},
        "$production": {"ssr": 3},
        "future": {"compatibilityVersion": 5},
    }
    errors = Draft7Validator(SCHEMAS["B"]).iter_errors(data)
    found = sorted((format_path(tuple(e.absolute_path)), e.message) for e in errors)
    assert found == [
        ("$production.ssr", "3 is not of type 'boolean'"),
        ("devServer", "Additional properties are not allowed ('prot' was unexpected)"),
        ("devServer.port", "'3000' is not of type 'integer'"),
        ("future.compatibilityVersion", "5 is not one of [3, 4]"),
    ]


SAMPLES: list[Any] = [
    True, 0, 3000, -1, 1.5, None, "x", "", "2025-01-01", "https://cdn.example.com/",
    [], ["x"], [1], ["x", {}], [["x", {}]], {}, {"a": 1}, {"a": "x"}, {"a": {"b": 1}},
]  # fmt: skip


@pytest.mark.parametrize("variant", ["A", "B"])
def test_every_option_with_values_of_every_kind_gets_from_the_schema_what_check_says(variant: Variant) -> None:
    """Each option of the variant set to each sample value: the schema's errors are check's, and check's type errors
    are the schema's."""
    tried = 0
    for option in CATALOG.options:
        if not option.in_variant(variant):
            continue
        for value in SAMPLES:
            data: Any = value
            for seg in reversed(parse_path(option.path)):
                data = {seg: data}
            doc = ConfigDocument.parse(f"export default defineFwkConfig({json.dumps(data)})\n")
            diagnostics = check_document(doc, CATALOG, variant).diagnostics
            assert_check_agrees(schema_errors(variant, static(doc.values())), diagnostics)
            tried += 1
    assert tried > 2000


@pytest.mark.parametrize("variant", ["A", "B"])
def test_an_unknown_key_in_every_group_is_refused_exactly_where_check_reports_it(variant: Variant) -> None:
    """The top level aside (a module's options: an info), the schema and check agree on every group."""
    groups = [g for g in index_of(CATALOG).children if g]
    disagree = []
    for group in groups:
        data: Any = {"zzqx": {"y": 1}}
        for seg in reversed(group):
            data = {seg: data}
        doc = ConfigDocument.parse(f"export default defineFwkConfig({json.dumps(data)})\n")
        here = (*group, "zzqx")
        refused = [p for p, _ in schema_errors(variant, static(doc.values()))]
        reported = [d.rule for d in check_document(doc, CATALOG, variant).diagnostics if d.path == format_path(here)]
        if refused != ([here] if reported else []):  # (`alias.zzqx: {...}`: check says type, as the schema)
            disagree.append((format_path(group), refused, reported))
    assert not disagree
    assert len(groups) > 50


# -- the corpus ----------------------------------------------------------------------------------------

FILES, WHY_NONE = corpus_files()


def _readable(files: list[Any]) -> list[Any]:
    found = []
    for file in files:
        try:
            load_document(file)
        except ParseError:
            continue  # the EJS templates of the corpus: not configs
        found.append(file)
    return found


READABLE = _readable(FILES)


def test_the_corpus_is_there() -> None:
    assert WHY_NONE is None, WHY_NONE
    assert len(READABLE) >= 18


@pytest.mark.parametrize("file", READABLE or ["corpus-unavailable"], ids=lambda p: getattr(p, "name", str(p)))
def test_corpus_static_values_meet_the_schema_of_their_variant_where_check_finds_nothing(file: Any) -> None:
    assert WHY_NONE is None, WHY_NONE
    doc = load_document(file)
    result = check_document(doc, CATALOG)
    errors = schema_errors(result.variant.variant, static(doc.values()))
    assert_check_agrees(errors, result.diagnostics)


def test_the_corpus_errors_check_reports_are_schema_errors_too() -> None:
    """docus 0.9 (written for the older major version): its `theme: {}` and `generate.fallback`."""
    file = next(f for f in READABLE if f.name == "docus_0.9.0__dist_app_fwk.config.js")
    doc = load_document(file)
    assert check_document(doc, CATALOG).variant.variant == "B"
    paths = [format_path(p) for p, _ in schema_errors("B", static(doc.values()))]
    assert {"theme", "generate.fallback"} <= set(paths)
