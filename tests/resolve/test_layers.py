"""Layers found as the loader finds them, each value with its origin, and what cannot be read said with file:line:col."""

from __future__ import annotations

from pathlib import Path

from fwk_tui.resolve import Arr, Leaf, Obj, plain, resolve_layers
from fwk_tui.source import load_document
from tests.resolve.helpers import resolve_project


def _statuses(name: str) -> list[tuple[str, str, str | None, int]]:
    return [(layer.source, layer.status, layer.file, layer.depth) for layer in resolve_project(name).layers]


def test_every_kind_of_layer_is_found_in_the_loaders_order() -> None:
    assert _statuses("merge") == [
        ("./theme", "read", "theme/fwk.config.ts", 1),  # theme before extends
        ("./base", "read", "base/fwk.config.ts", 1),
        ("./deeper", "read", "base/deeper/fwk.config.ts", 2),  # a layer's own layers right after it
        ("pkg-layer", "read", "node_modules/pkg-layer/fwk.config.ts", 1),  # package.json main
        ("@org/layer", "read", "node_modules/@org/layer/fwk.config.ts", 1),  # exports["."].import
        ("./custom.config.ts", "read", "custom.config.ts", 1),
        ("./file-layer/custom.config.ts", "missing", None, 1),
        ("./dotlayer", "read", "dotlayer/.config/fwk.ts", 1),
    ]


def test_values_carry_the_file_line_and_column_they_come_from() -> None:
    config = resolve_project("merge").config
    port = config.members["devServer"]
    assert isinstance(port, Obj)
    leaf = port.members["port"]
    assert isinstance(leaf, Leaf) and leaf.value == 4000
    assert leaf.origin is not None
    assert (leaf.origin.kind, leaf.origin.where(), leaf.origin.detail) == ("layer", "base/deeper/fwk.config.ts:3:22", "./deeper")
    modules = config.members["modules"]
    assert isinstance(modules, Arr)
    assert [(i.value, i.origin.where()) for i in modules.items if isinstance(i, Leaf) and i.origin] == [
        ("@fwk/content", "fwk.config.ts:10:13"),
        ("@fwk/image", "base/fwk.config.ts:5:13"),
        ("@fwk/content", "base/fwk.config.ts:5:27"),
        ("deep-module", "base/deeper/fwk.config.ts:2:13"),
    ]


def test_an_environment_section_names_itself_as_the_origin() -> None:
    config = resolve_project("envs", "staging").config
    app = config.members["app"]
    assert isinstance(app, Obj)
    base_url = app.members["baseURL"]
    assert isinstance(base_url, Leaf) and base_url.origin is not None
    assert (base_url.value, base_url.origin.kind, base_url.origin.detail) == ("/staging/", "env-section", "$env.staging")


def test_remote_missing_and_cyclic_layers_say_why_and_where_they_are_written() -> None:
    unresolved = {layer.source: layer for layer in resolve_project("unresolved").unresolved}
    assert {s: (l.status, l.written_at.where()) for s, l in unresolved.items()} == {
        "github:acme/layer": ("remote", "fwk.config.ts:3:13"),
        "gh:acme/other#v2": ("remote", "fwk.config.ts:3:34"),
        "./missing": ("missing", "fwk.config.ts:3:54"),
        "https://example.com/theme.tar.gz": ("remote", "fwk.config.ts:4:10"),
    }
    assert unresolved["github:acme/layer"].message == "remote, not read offline"
    cycle = resolve_project("cycle").unresolved
    assert [(l.status, l.written_at.where(), l.message) for l in cycle] == [
        ("cycle", "b/fwk.config.ts:2:13", "a cycle: a/fwk.config.ts -> b/fwk.config.ts -> a/fwk.config.ts")
    ]


def test_a_file_source_in_a_subfolder_and_a_package_without_entry_are_explained() -> None:
    merge = {layer.source: layer for layer in resolve_project("merge").layers}
    assert "file-layer/file-layer/custom.config.ts" in merge["./file-layer/custom.config.ts"].message
    packages = {layer.source: layer for layer in resolve_project("packages").layers}
    assert "node_modules/no-entry names no file the loader can take" in packages["no-entry"].message


def test_a_source_written_as_code_is_listed_and_empty_ones_are_skipped(tmp_path: Path) -> None:
    (tmp_path / "base").mkdir()
    (tmp_path / "base" / "fwk.config.ts").write_text("export default defineFwkConfig({ ssr: false })\n")
    config = tmp_path / "fwk.config.ts"
    config.write_text(
        "export default defineFwkConfig({\n"
        "  extends: ['', null, process.env.LAYER ?? './x', ['./base', { install: true }]],\n"
        "  theme: false,\n"
        "})\n"
    )
    resolved = resolve_layers(config, load_document(config))
    assert [(layer.source, layer.status, layer.written_at.where()) for layer in resolved.layers] == [
        ("process.env.LAYER ?? './x'", "code", "fwk.config.ts:2:23"),
        ("./base", "read", "fwk.config.ts:2:52"),  # [source, options]
    ]
    assert plain(resolved.config) == {"ssr": False}
