"""Which groups the editor's tree shows, which fields each form holds, and the badges."""

from __future__ import annotations

import random

import pytest

from fwk_tui.catalog import load_catalog
from fwk_tui.source import ConfigDocument
from fwk_tui.tui.form_model import FILE_GROUP_PREFIX, FieldEntry, Flagged, FormModel
from fwk_tui.validate import Diagnostic, check_document, diagnostics_at, within

CONFIG = """\
export default defineFwkConfig({
  ssr: false,
  app: { baseURL: './', foo: 1 },
  unhead: { legacy: true },
  experimental: { appManifest: false },
  i18n: { locales: ['en'] },
  devServer: { port: 99999 },
})
"""


@pytest.fixture(scope="module")
def model() -> FormModel:
    return FormModel(load_catalog())


@pytest.fixture(scope="module")
def doc() -> ConfigDocument:
    return ConfigDocument.parse(CONFIG)


def test_unknown_top_level_keys_become_groups_of_their_own(model: FormModel, doc: ConfigDocument) -> None:
    ids = [g.id for g in model.groups(doc.values())]
    assert ids[: len(model.catalog.groups)] == [g.id for g in model.catalog.groups]
    assert ids[len(model.catalog.groups) :] == [FILE_GROUP_PREFIX + "i18n"]
    fields = model.fields(FILE_GROUP_PREFIX + "i18n", doc.values(), "A")
    assert [(f.path, f.option, f.set_in_file) for f in fields] == [("i18n", None, True)]


def test_a_group_form_lists_its_options_marks_what_is_set_and_adds_unknown_keys(
    model: FormModel, doc: ConfigDocument
) -> None:
    fields = model.fields("app", doc.values(), "A")
    paths = [f.path for f in fields]
    assert "app.baseURL" in paths and "app.head" not in paths  # the head's fields are fields of their own
    assert paths[paths.index("app.head.title") :][:4] == [
        "app.head.title", "app.head.titleTemplate", "app.head.htmlAttrs", "app.head.bodyAttrs"
    ]
    assert {f.path for f in fields if f.set_in_file} == {"app.baseURL", "app.foo"}
    unknown = [f for f in fields if f.option is None]
    assert [f.path for f in unknown] == ["app.foo"]


def test_an_alias_key_is_a_field_of_the_option_it_stands_for(model: FormModel, doc: ConfigDocument) -> None:
    group = model.group_of_path("unhead")
    fields = model.fields(group or "", doc.values(), "A")
    alias_field = next(f for f in fields if f.path == "unhead")
    assert alias_field.option is not None and alias_field.option.path == "headmgr"


def test_options_of_the_other_variant_show_only_when_the_file_sets_them(model: FormModel, doc: ConfigDocument) -> None:
    values = doc.values()
    in_a = [f.path for f in model.fields("experimental", values, "A")]
    in_b = [f.path for f in model.fields("experimental", values, "B")]
    assert in_a == ["experimental.appManifest"]  # B only, but set in the file
    assert len(in_b) > 40 and "experimental.appManifest" in in_b


def test_parent_objects_are_not_fields_but_records_are(model: FormModel) -> None:
    values: dict[str, object] = {}
    assert "experimental" not in [f.path for f in model.fields("experimental", values, "B")]
    alias = [f.path for f in model.fields("alias", values, "A")]
    assert alias == ["alias"]  # alias.~ and friends are its documented defaults


def test_badges_count_set_options_errors_and_warnings_per_group(model: FormModel, doc: ConfigDocument) -> None:
    result = check_document(doc, model.catalog, "A")
    badges = model.badges(model.layout(doc.values(), "A"), result.diagnostics)
    set_app, errors_app, _ = badges["app"]
    assert set_app == 2
    assert errors_app >= 1  # a relative baseURL is an error in variant A
    assert badges["dev-server"][1] == 1  # port out of range
    assert badges["paths"] == (0, 0, 0)


def test_filters(model: FormModel, doc: ConfigDocument) -> None:
    values = doc.values()
    diagnostics = check_document(doc, model.catalog, "A").diagnostics
    entries = model.fields("app", values, "A")
    assert {e.path for e in model.visible(entries, "modified", diagnostics)} == {"app.baseURL", "app.foo"}
    flagged = {e.path for e in model.visible(entries, "errors", diagnostics)}
    assert "app.baseURL" in flagged and "app.head" not in flagged
    exp = model.visible(model.fields("experimental", values, "B"), "experimental", diagnostics)
    assert exp and all("experimental" in e.option.tags for e in exp if e.option)
    assert model.visible(entries, "all", diagnostics) == entries


def test_diagnostics_at_takes_the_path_and_what_is_inside_it_only(model: FormModel, doc: ConfigDocument) -> None:
    diagnostics = check_document(doc, model.catalog, "A").diagnostics
    at_app = diagnostics_at(diagnostics, "app.baseURL")
    assert at_app and all(d.path == "app.baseURL" for d in at_app)
    assert not diagnostics_at(diagnostics, "app.base")


def _flagged_by_definition(entries: list[FieldEntry], diagnostics: list[Diagnostic]) -> list[FieldEntry]:
    """The errors filter as it is defined: a field passes when a problem is at or inside its path, or when it
    lies inside a problem's path that is no field of the form (an object's own problem)."""
    flagged = [d.path for d in diagnostics if d.severity in ("error", "warning")]
    paths = {e.path for e in entries}
    return [
        e for e in entries if any(within(p, e.path) or (p and p not in paths and within(e.path, p)) for p in flagged)
    ]


def test_the_errors_filter_and_f8_answer_as_defined_for_any_paths() -> None:
    """Random fields and problems (quoted keys with dots and brackets, array items, the file's own problem): the
    filter built once per check picks exactly the fields the definition picks, in their order."""
    rng = random.Random(31)
    words = ["app", "head", "meta", '["a.b"]', '["x[0]"]', "[0]", "[12]", "ssr", "a"]

    def path() -> str:
        out = rng.choice(["app", "ssr", "a", "vbuild"])
        for _ in range(rng.randrange(4)):
            word = rng.choice(words)
            out += word if word.startswith("[") else "." + word
        return out

    for _ in range(300):
        entries = [FieldEntry(rng.choice([path(), path(), ""]), None, True) for _ in range(rng.randrange(1, 12))]
        severities = ("error", "warning", "info")
        diagnostics = [
            Diagnostic(rng.choice(severities), rng.choice([path(), "", *(e.path for e in entries)]), "m", "r")
            for _ in range(rng.randrange(0, 10))
        ]
        assert Flagged(diagnostics).passing(entries) == _flagged_by_definition(entries, diagnostics)


SECTIONS = """\
export default defineFwkConfig({
  devServer: { port: 3000 },
  $production: {
    devServer: { port: 8080, portt: 1 },
    ssr: 'yes',
    runtimeConfig: { public: { apiBase: 'https://x' } },
    unhead: { legacy: true },
    myKey: 1,
  },
  $development: prodLike,
  $env: { staging: { app: { baseURL: '/staging/' } }, 'qa-1': { ssr: false } },
})
"""


def test_environment_sections_are_groups_of_the_catalogues_typed_fields(model: FormModel) -> None:
    values = ConfigDocument.parse(SECTIONS).values()
    groups = {g.id: g for g in model.groups(values)}
    titles = [g.title for g in groups.values() if g.of_environment]
    assert titles == [
        "Environment › production", "Environment › development", "Environment › staging", "Environment › qa-1"
    ]
    assert not any(g.from_file for g in groups.values())  # none of them is "not in the catalogue"
    fields = model.fields("env:$production", values, "A")
    typed = {f.path: (f.option.path if f.option else None) for f in fields}
    assert typed == {
        "$production.devServer.port": "devServer.port",  # the option's type, default and checks
        "$production.devServer.portt": None,  # a key no option has: the check says what it is
        "$production.ssr": "ssr",
        "$production.runtimeConfig": "runtimeConfig",  # a record: its own keys are the user's, inside it
        "$production.unhead": getattr(model.catalog.get("unhead"), "path", None),  # an alias: its option
        "$production.myKey": None,
    }
    assert [f.path for f in fields][:2] == ["$production.devServer.port", "$production.devServer.portt"]
    assert all(f.set_in_file for f in fields)
    # Written as code: one field, kept as written; a name of $env that is not a plain word is a group too.
    assert [(f.path, f.option) for f in model.fields("env:$development", values, "A")] == [("$development", None)]
    qa = model.fields(model.group_of_path('$env["qa-1"].ssr') or "", values, "A")
    assert [f.option.path for f in qa if f.option] == ["ssr"]
    assert model.group_of_path("$env.staging.app.baseURL") == "env:$env.staging"
    assert model.group_of_path("$production.devServer.port") == "env:$production"
    layout = model.layout(values, "A")
    problems = check_document(ConfigDocument.parse(SECTIONS), model.catalog, "A").diagnostics
    badges = model.badges(layout, problems)
    assert badges["env:$production"][0] == 6 and badges["env:$production"][1] >= 1  # ssr: 'yes' is an error there


def test_a_field_of_an_environment_section_is_named_by_its_option_path() -> None:
    from fwk_tui.tui.fields.header import field_name

    catalog = load_catalog()
    assert field_name("$production.devServer.port", catalog.get("devServer.port")) == "devServer.port"
    assert field_name("$env.staging.app.baseURL", catalog.get("app.baseURL")) == "app.baseURL"
    assert field_name("$production.ssr", catalog.get("ssr")) == "ssr"
    assert field_name("$production.devServer.portt", None) == "devServer.portt"
