"""The shipped catalogue: lookups, variants, links (the compiled cache: test_cache.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from fwk_tui.catalog import Catalog, compile_catalog
from fwk_tui.catalog.loader import CatalogError
from fwk_tui.catalog.types import NumType, ObjectType, UnionType
from fwk_tui.paths import PathError, format_path, parse_path


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return compile_catalog()


def test_aliases_find_the_canonical_option(catalog: Catalog) -> None:
    for alias, canonical in {
        "unhead": "headmgr",
        "unhead.legacy": "headmgr.legacy",
        "esbuild.options.target": "ebuild.options.target",
        "experimental.nitroAutoImports": "experimental.srvAutoImports",
        "experimental.viteEnvironmentApi": "experimental.vbuildEnvironmentApi",
        "experimental.defaults.nuxtLink.prefetch": "experimental.defaults.fwkLink.prefetch",
        "wbuild.loaders.vueStyle": "wbuild.loaders.viewStyle",
        "wbuild.postcss.postcssOptions.plugins": "wbuild.cssproc.cssprocOptions.plugins",
    }.items():
        opt = catalog.get(alias)
        assert opt is not None and opt.path == canonical, alias


def test_variant_differences_are_kept(catalog: Catalog) -> None:
    src = catalog.get("srcDir")
    assert src is not None and src.defaults["A"].value == "app" and src.defaults["B"].value == "<srcDir>"
    assert src.differs
    assert catalog.get("experimental.typedPages").variants == ("B",)  # type: ignore[union-attr]
    assert catalog.get("typescript.appTsConfig").variants == ("A",)  # type: ignore[union-attr]
    builder = catalog.get("builder")
    assert builder is not None and isinstance(builder.type_for("A"), UnionType)
    assert builder.type_text("B") == "string"
    assert not catalog.get("app.rootId").differs  # type: ignore[union-attr]


def test_types_are_precise_enough_to_validate(catalog: Catalog) -> None:
    port = catalog.get("devServer.port").type_for("A")  # type: ignore[union-attr]
    assert isinstance(port, NumType) and port.integer and port.max == 65535
    assert catalog.get("typescript.typeCheck").type_text("A") == "boolean | 'build'"  # type: ignore[union-attr]
    handlers = catalog.get("serverHandlers").type_for("A")  # type: ignore[union-attr]
    item = handlers.item  # type: ignore[union-attr]
    assert isinstance(item, ObjectType) and {f.name for f in item.fields} >= {"handler", "route", "method", "middleware", "lazy"}
    assert catalog.get("compatibilityDate").type_text("A") == "date"  # type: ignore[union-attr]


def test_keyed_composables_default_list(catalog: Catalog) -> None:
    value = catalog.get("optimization.keyedComposables").defaults["A"].value  # type: ignore[union-attr]
    assert {"name": "useState", "argumentLength": 2, "source": "#app/composables/state"} in value
    assert len(value) == 7


def test_env_variables(catalog: Catalog) -> None:
    assert catalog.get("app.baseURL").env == "FWK_APP_BASE_URL"  # type: ignore[union-attr]
    assert catalog.get("app.cdnURL").env == "FWK_APP_CDN_URL"  # type: ignore[union-attr]


def test_every_related_link_resolves(catalog: Catalog) -> None:
    assert catalog.broken_links() == []


def test_every_option_has_a_doc_and_a_canonical_path(catalog: Catalog) -> None:
    for opt in catalog.options:
        assert opt.doc.strip(), opt.path
        assert format_path(parse_path(opt.path)) == opt.path


def test_paths_round_trip() -> None:
    for text in ['app.head.meta[0].name', 'routeRules["/api/**"].cors', 'vbuild.define["process.dev"]', "alias.~~"]:
        assert format_path(parse_path(text)) == text
    assert parse_path("routeRules['/old']") == ("routeRules", "/old")
    with pytest.raises(PathError):
        parse_path("a..b")
    # JavaScript's modules[-1] is no item (a key "-1" of the array): set/unset took the last item, as Python does.
    with pytest.raises(PathError, match=r"an item's index is 0 or more, not -1"):
        parse_path("modules[-1]")
    assert parse_path('modules["-1"]') == ("modules", "-1")


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"group: x\ntitle: X\noptions:\n  - path: a\n    type: strng\n    doc: d\n", r"x\.yaml: .*'strng'"),
        (b"group: x\ntitle: [unclosed\n", r"x\.yaml:3:1: expected ',' or ']'"),
        (b"\xff\xfe not text", r"x\.yaml: 'utf-8' codec can't decode"),
        (b"- a\n- b\n", r"x\.yaml: Input should be a valid dictionary"),
        (b"group: x\ntitle: X\nbogus: 1\n", r"x\.yaml: bogus: Extra inputs are not permitted$"),
    ],
    ids=["unknown type", "not YAML", "not UTF-8", "a list", "an unknown key"],
)
def test_a_bad_catalogue_file_is_named_with_its_path(tmp_path: Path, content: bytes, message: str) -> None:
    (tmp_path / "x.yaml").write_bytes(content)
    with pytest.raises(CatalogError, match=message) as caught:
        compile_catalog(tmp_path)
    assert str(caught.value).startswith(f"{tmp_path / 'x.yaml'}:")
    assert "\n" not in str(caught.value)


def test_a_folder_without_catalogue_files_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(CatalogError, match="no catalogue files"):
        compile_catalog(tmp_path)


def test_what_the_catalogue_tells_a_user_names_no_file_of_the_project_s_own() -> None:
    """The catalogue's words reach `explain`, the editor's docs pane and hover: a user has no tests/ or package
    sources to look at (a type note said which test checks it)."""
    from ruamel.yaml import YAML

    found = []

    def walk(value: object, where: str) -> None:
        if isinstance(value, dict):
            for key, inner in value.items():
                walk(inner, f"{where}.{key}")
        elif isinstance(value, list):
            for n, inner in enumerate(value):
                walk(inner, f"{where}[{n}]")
        elif isinstance(value, str) and re.search(r"\btests/|\bfwk_tui/|\.py\b", value):
            found.append(f"{where}: {value[:80]}")

    for file in sorted((Path(__file__).resolve().parents[2] / "catalog").glob("*.yaml")):
        walk(YAML(typ="safe").load(file.read_text(encoding="utf-8")), file.name)
    assert found == []
