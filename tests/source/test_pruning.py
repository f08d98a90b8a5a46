"""An unset that empties an object removes that object too; remove and kept objects do not prune."""

from __future__ import annotations

import pytest

from fwk_tui.source import ConfigDocument

PORT_ONLY = "export default defineFwkConfig({\n  devServer: { port: 4000 },\n  ssr: true,\n})\n"


def test_unsetting_the_only_key_removes_its_object() -> None:
    doc = ConfigDocument.parse(PORT_ONLY)
    edited = doc.unset("devServer.port")
    assert edited.text == "export default defineFwkConfig({\n  ssr: true,\n})\n"
    assert not edited.has("devServer")


def test_pruning_goes_upward_and_stops_at_an_object_with_members() -> None:
    nested = "export default {\n  a: {\n    b: { c: 1 },\n  },\n  x: 1,\n}\n"
    assert ConfigDocument.parse(nested).unset("a.b.c").text == "export default {\n  x: 1,\n}\n"
    kept = "export default {\n  a: {\n    b: { c: 1 },\n    d: 1,\n  },\n}\n"
    assert ConfigDocument.parse(kept).unset("a.b.c").text == "export default {\n  a: {\n    d: 1,\n  },\n}\n"
    env = "export default {\n  $production: { devServer: { port: 1 } },\n  ssr: true,\n}\n"
    assert ConfigDocument.parse(env).unset("$production.devServer.port").text == "export default {\n  ssr: true,\n}\n"


def test_the_config_object_is_never_pruned() -> None:
    doc = ConfigDocument.parse("export default {\n  devServer: { port: 1 },\n}\n")
    assert doc.unset("devServer.port").text == "export default {\n}\n"


def test_an_array_item_left_empty_stays() -> None:
    doc = ConfigDocument.parse("export default {\n  m: [{ c: 1 }, { d: 2 }],\n}\n")
    assert doc.unset("m[0].c").text == "export default {\n  m: [{}, { d: 2 }],\n}\n"


@pytest.mark.parametrize(
    ("text", "left"),
    [
        (
            "export default {\n  devServer: {\n    port: 1,\n\n    // host later\n  },\n}\n",
            "export default {\n  devServer: {\n    // host later\n  },\n}\n",
        ),
        (
            "export default {\n  devServer: { ...base, port: 1 },\n}\n",
            "export default {\n  devServer: { ...base },\n}\n",
        ),
    ],
    ids=["comment", "spread"],
)
def test_an_object_with_a_comment_or_a_spread_left_stays(text: str, left: str) -> None:
    assert ConfigDocument.parse(text).unset("devServer.port").text == left


def test_an_emptied_hooks_namespace_goes() -> None:
    doc = ConfigDocument.parse("export default {\n  hooks: {\n    build: { done() {} },\n  },\n  ssr: true,\n}\n")
    assert doc.unset("hooks['build:done']").text == "export default {\n  ssr: true,\n}\n"


def test_a_duplicated_key_is_not_pruned() -> None:
    # Removing the last `a` would let the first one show: the value must stay {}.
    doc = ConfigDocument.parse("export default {\n  a: { b: 1 },\n  a: { c: 1 },\n}\n")
    edited = doc.unset("a.c")
    assert edited.get("a") == {}
    assert edited.text == "export default {\n  a: { b: 1 },\n  a: {},\n}\n"


def test_remove_does_not_prune() -> None:
    doc = ConfigDocument.parse(PORT_ONLY)
    assert doc.remove("devServer.port").text == PORT_ONLY.replace("{ port: 4000 }", "{}")
    items = ConfigDocument.parse("export default {\n  css: ['a.css'],\n}\n")
    assert items.remove("css[0]").text == "export default {\n  css: [],\n}\n"


def test_a_parent_that_keeps_members_is_byte_identical_to_before() -> None:
    doc = ConfigDocument.parse("export default {\n  devServer: {\n    port: 1, // the port\n    host: 'x',\n  },\n}\n")
    assert doc.unset("devServer.port").text == "export default {\n  devServer: {\n    host: 'x',\n  },\n}\n"
    assert doc.unset("devServer.port").text == doc.remove("devServer.port").text


# -- keep: objects that were empty in the file as opened -------------------------------------

EMPTY_LAYOUTS = {
    "root-inline": ("export default defineFwkConfig({})\n", "ssr"),
    "root-blank-line": ("export default defineFwkConfig({\n\n})\n", "ssr"),
    "root-comment": ("export default {\n  // nothing yet\n}\n", "ssr"),
    "nested-inline": ("export default {\n  ssr: true,\n  devServer: {},\n}\n", "devServer.port"),
    "nested-broken": ("export default {\n  ssr: true,\n  devServer: {\n  },\n}\n", "devServer.port"),
    "nested-comment": ("export default {\n  ssr: true,\n  devServer: { /* later */ },\n}\n", "devServer.port"),
    "nested-last-no-comma": ("export default {\n  ssr: true,\n  devServer: {\n  }\n}\n", "devServer.port"),
    "array-item": ("export default {\n  meta: [{}],\n}\n", "meta[0].name"),
}


def test_empty_objects_lists_every_empty_object_by_its_written_path() -> None:
    doc = ConfigDocument.parse(
        "export default {\n  a: {},\n  b: { c: { /* x */ } },\n  m: [1, {\n  }],\n  hooks: { build: {} },\n}\n"
    )
    assert doc.empty_objects() == {
        ("a",): "{}",
        ("b", "c"): "{ /* x */ }",
        ("m", 1): "{\n  }",
        ("hooks", "build"): "{}",
    }
    assert ConfigDocument.parse("export default {\n}\n").empty_objects() == {(): "{\n}"}


@pytest.mark.parametrize(("text", "path"), EMPTY_LAYOUTS.values(), ids=EMPTY_LAYOUTS.keys())
def test_set_then_unset_with_keep_restores_an_empty_object_byte_for_byte(text: str, path: str) -> None:
    doc = ConfigDocument.parse(text)
    edited = doc.set(path, 4000)
    assert edited.text != text
    assert edited.unset(path, keep=doc.empty_objects()).text == text


def test_without_keep_a_filled_then_emptied_object_is_pruned() -> None:
    doc = ConfigDocument.parse(EMPTY_LAYOUTS["nested-broken"][0])
    assert doc.set("devServer.port", 1).unset("devServer.port").text == "export default {\n  ssr: true,\n}\n"


def test_keep_stops_the_pruning_upward() -> None:
    doc = ConfigDocument.parse("export default {\n  a: {\n  },\n}\n")
    edited = doc.set("a.b.c", 1)
    assert edited.unset("a.b.c", keep=doc.empty_objects()).text == doc.text


def test_keep_leaves_an_object_that_still_has_members() -> None:
    doc = ConfigDocument.parse("export default {\n  devServer: { port: 1, host: 'x' },\n}\n")
    keep = {("devServer",): "{}"}
    assert doc.unset("devServer.port", keep=keep).text == "export default {\n  devServer: { host: 'x' },\n}\n"
