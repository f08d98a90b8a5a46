"""Edits as byte splices: what changes, what stays, and how inserted code looks."""

from __future__ import annotations

import pytest

from fwk_tui.source import Code, ConfigDocument, DocumentError, ParseError

TRAILING = """\
import { x } from 'y'

// the config
export default defineFwkConfig({
  // Modules first
  modules: [
    '@fwk/ui', // the UI kit
    '@fwk/content',
  ],

  devtools: { enabled: true },
  app: {
    head: {
      title: 'Docs', // shown in the tab
    },
  },
})
"""

NO_TRAILING = """\
export default {
  ssr: false,
  app: {
    baseURL: '/'
  }
};
"""


def test_replacing_a_value_touches_only_its_span() -> None:
    doc = ConfigDocument.parse(TRAILING)
    edited = doc.set("app.head.title", "Guide")
    assert edited.text == TRAILING.replace("title: 'Docs',", "title: 'Guide',")


def test_edits_return_a_new_document_and_keep_the_original() -> None:
    doc = ConfigDocument.parse(TRAILING)
    doc.set("devtools.enabled", False)
    doc.unset("modules")
    assert doc.text == TRAILING
    assert doc.get("devtools.enabled") is True


def test_missing_objects_are_created_multi_line_in_the_file_style() -> None:
    edited = ConfigDocument.parse(TRAILING).set("srv.prerender.routes", ["/", "/about"])
    assert edited.text == TRAILING.replace(
        "  },\n})",
        "  },\n  srv: {\n    prerender: {\n      routes: ['/', '/about'],\n    },\n  },\n})",
    )


def test_new_key_follows_a_file_without_trailing_commas() -> None:
    edited = ConfigDocument.parse(NO_TRAILING).set("app.cdnURL", "https://cdn")
    assert edited.text == NO_TRAILING.replace("baseURL: '/'\n", "baseURL: '/',\n    cdnURL: 'https://cdn'\n")


def test_new_key_after_a_trailing_comment_goes_on_its_own_line() -> None:
    edited = ConfigDocument.parse(TRAILING).set("app.head.lang", "en")
    assert "      title: 'Docs', // shown in the tab\n      lang: 'en',\n    }," in edited.text


def test_new_key_after_a_commented_last_member_without_comma() -> None:
    doc = ConfigDocument.parse("export default {\n  a: 1 // one\n}\n")
    assert doc.set("b", 2).text == "export default {\n  a: 1, // one\n  b: 2\n}\n"


def test_tabs_crlf_bom_and_missing_final_newline_are_kept() -> None:
    source = "\ufeffexport default {\r\n\tapp: {\r\n\t\tbaseURL: \"/\",\r\n\t},\r\n}"
    edited = ConfigDocument.parse(source).set("app.head.title", "T")
    assert edited.text == (
        "\ufeffexport default {\r\n\tapp: {\r\n\t\tbaseURL: \"/\",\r\n"
        "\t\thead: {\r\n\t\t\ttitle: \"T\",\r\n\t\t},\r\n\t},\r\n}"
    )


def test_four_space_indent_and_semicolons_file() -> None:
    source = 'export default {\n    a: {\n        b: "x";\n    },\n};\n'.replace('"x";', '"x",')
    edited = ConfigDocument.parse(source).set("c", {"d": [1, {"e": None}]})
    assert edited.text == (
        'export default {\n    a: {\n        b: "x",\n    },\n'
        "    c: {\n        d: [\n            1,\n            {\n                e: null,\n            },\n"
        "        ],\n    },\n};\n"
    )


def test_single_line_objects_stay_on_one_line() -> None:
    doc = ConfigDocument.parse(TRAILING)
    assert "devtools: { enabled: true, timeline: { enabled: true } }," in doc.set(
        "devtools.timeline", {"enabled": True}
    ).text
    tight = ConfigDocument.parse("export default {a: {b: 1}}")
    assert tight.set("a.c", 2).text == "export default {a: {b: 1, c: 2}}"


def test_empty_object_becomes_multi_line() -> None:
    doc = ConfigDocument.parse("export default {\n  app: {},\n}\n")
    assert doc.set("app.x", 1).text == "export default {\n  app: {\n    x: 1,\n  },\n}\n"


def test_new_document_uses_the_starter_style() -> None:
    doc = ConfigDocument.new().set("app.head.title", "it's").set("ssr", False)
    assert doc.text == (
        "export default defineFwkConfig({\n  app: {\n    head: {\n      title: \"it's\"\n    }\n  },\n"
        "  ssr: false\n})\n"
    )


def test_unset_removes_the_line_its_comma_and_its_comment() -> None:
    doc = ConfigDocument.parse(TRAILING)
    assert doc.unset("modules[0]").text == TRAILING.replace("    '@fwk/ui', // the UI kit\n", "")
    assert doc.remove("app.head.title").text == TRAILING.replace(
        "    head: {\n      title: 'Docs', // shown in the tab\n    },", "    head: {},"
    )
    # unset also removes the objects this leaves empty (head, then app)
    assert doc.unset("app.head.title").text == TRAILING.replace(
        "  app: {\n    head: {\n      title: 'Docs', // shown in the tab\n    },\n  },\n", ""
    )


def test_unset_takes_the_comment_lines_above_and_a_blank_line() -> None:
    doc = ConfigDocument.parse(TRAILING)
    assert doc.unset("modules").text == TRAILING.replace(
        "  // Modules first\n  modules: [\n    '@fwk/ui', // the UI kit\n    '@fwk/content',\n  ],\n\n", ""
    )


def test_unset_last_member_keeps_no_trailing_comma_style() -> None:
    assert ConfigDocument.parse(NO_TRAILING).unset("app").text == "export default {\n  ssr: false\n};\n"


def test_unset_in_single_line_object() -> None:
    doc = ConfigDocument.parse("export default { a: 1, b: 2, c: 3 }")
    assert doc.unset("a").text == "export default { b: 2, c: 3 }"
    assert doc.unset("b").text == "export default { a: 1, c: 3 }"
    assert doc.unset("c").text == "export default { a: 1, b: 2 }"


def test_unsetting_the_last_key_removes_the_emptied_object() -> None:
    doc = ConfigDocument.parse(NO_TRAILING)
    assert doc.unset("app.baseURL").text == "export default {\n  ssr: false\n};\n"
    assert doc.remove("app.baseURL").text == "export default {\n  ssr: false,\n  app: {}\n};\n"


def test_unset_missing_path_is_a_key_error() -> None:
    with pytest.raises(KeyError):
        ConfigDocument.parse(NO_TRAILING).unset("app.nope")


def test_unset_removes_every_duplicate_key() -> None:
    doc = ConfigDocument.parse("export default {\n  a: 1,\n  b: 2,\n  a: 3,\n}\n")
    edited = doc.unset("a")
    assert edited.text == "export default {\n  b: 2,\n}\n"
    assert doc.set("a", 4).text == "export default {\n  a: 1,\n  b: 2,\n  a: 4,\n}\n"


def test_set_through_code_is_refused() -> None:
    doc = ConfigDocument.parse("export default {\n  port: process.env.PORT,\n  content,\n}\n")
    with pytest.raises(DocumentError, match="port is `process.env.PORT`, not an object"):
        doc.set("port.x", 1)
    with pytest.raises(DocumentError, match="content is code"):
        doc.set("content.x", 1)


def test_set_in_a_spread_only_object_is_refused() -> None:
    doc = ConfigDocument.parse("export default {\n  app: { ...base },\n}\n")
    with pytest.raises(DocumentError, match="built from `...base`"):
        doc.set("app.x", 1)


def test_spreads_survive_edits_around_them() -> None:
    doc = ConfigDocument.parse("export default {\n  ...base,\n  a: 1,\n  b: 2,\n}\n")
    edited = doc.unset("a").set("c", 3).set("b", 4)
    assert edited.text == "export default {\n  ...base,\n  b: 4,\n  c: 3,\n}\n"


def test_shorthand_and_method_members_are_replaced_whole() -> None:
    doc = ConfigDocument.parse("export default {\n  content,\n  async setup() {},\n}\n")
    assert doc.set("content", {"a": 1}).text == (
        "export default {\n  content: {\n    a: 1,\n  },\n  async setup() {},\n}\n"
    )
    assert doc.set("setup", False).text == "export default {\n  content,\n  setup: false,\n}\n"


def test_method_code_takes_the_key_it_is_set_under() -> None:
    doc = ConfigDocument.parse("export default {\n  hooks: {},\n}\n")
    edited = doc.set("hooks.ready", Code("async init(app) { await app.go() }"))
    assert "    async ready(app) { await app.go() },\n" in edited.text
    assert edited.get("hooks.ready") == Code("async ready(app) { await app.go() }")
    again = edited.set_code("hooks.ready", "ready() { return 1 }")
    assert again.get("hooks.ready") == Code("ready() { return 1 }")


def test_new_hooks_join_a_nested_namespace_or_go_flat() -> None:
    doc = ConfigDocument.parse("export default {\n  hooks: {\n    build: {\n      done() {},\n    },\n  },\n}\n")
    nested = doc.set("hooks.build:before", Code("() => {}"))
    assert "      done() {},\n      before: () => {},\n    }," in nested.text
    flat = doc.set("hooks.srv:config", Code("() => {}"))
    assert "    },\n    'srv:config': () => {},\n  }," in flat.text
    assert flat.get("hooks.srv:config") == Code("() => {}")


def test_rename_keeps_the_value_and_quotes_when_needed() -> None:
    doc = ConfigDocument.parse("export default {\n  routeRules: {\n    '/old': { redirect: '/' },\n  },\n  a,\n}\n")
    edited = doc.rename('routeRules["/old"]', "/new/**").rename("a", "b")
    assert edited.text == (
        "export default {\n  routeRules: {\n    '/new/**': { redirect: '/' },\n  },\n  b: a,\n}\n"
    )


def test_rename_onto_an_existing_key_is_refused() -> None:
    doc = ConfigDocument.parse("export default { a: 1, b: 2 }")
    with pytest.raises(DocumentError, match="b already exists"):
        doc.rename("a", "b")


def test_array_insert_remove_and_move() -> None:
    doc = ConfigDocument.parse(TRAILING)
    assert doc.insert("modules", 1, "@fwk/image").get("modules") == ["@fwk/ui", "@fwk/image", "@fwk/content"]
    inserted = doc.insert("modules", 0, "first")
    assert "  modules: [\n    'first',\n    '@fwk/ui', // the UI kit\n" in inserted.text
    assert doc.insert("modules", 2, "last").get("modules[2]") == "last"
    assert doc.remove("modules[1]").get("modules") == ["@fwk/ui"]
    moved = doc.move("modules[0]", 1)
    assert "    '@fwk/content',\n    '@fwk/ui', // the UI kit\n  ]," in moved.text


def test_move_carries_comment_lines_above_the_item() -> None:
    doc = ConfigDocument.parse("export default {\n  m: [\n    // about a\n    'a',\n    'b',\n  ],\n}\n")
    assert doc.move("m[0]", -1).text == "export default {\n  m: [\n    'b',\n    // about a\n    'a',\n  ],\n}\n"


def test_single_line_array_edits_stay_on_one_line() -> None:
    doc = ConfigDocument.parse("export default { css: ['a.css', 'b.css'] }")
    assert doc.insert("css", 1, "x.css").text == "export default { css: ['a.css', 'x.css', 'b.css'] }"
    assert doc.remove("css[0]").text == "export default { css: ['b.css'] }"
    assert doc.set("css[2]", "c.css").text == "export default { css: ['a.css', 'b.css', 'c.css'] }"


def test_insert_creates_a_missing_array() -> None:
    assert ConfigDocument.parse("export default {\n}\n").insert("css", 0, "a.css").text == (
        "export default {\n  css: ['a.css']\n}\n"
    )


def test_out_of_range_indexes_are_refused() -> None:
    doc = ConfigDocument.parse("export default { a: [1] }")
    with pytest.raises(DocumentError, match="has 1 items"):
        doc.set("a[5]", 1)
    with pytest.raises(DocumentError):
        doc.insert("a", 3, 1)
    with pytest.raises(DocumentError):
        doc.move("a[0]", 4)


def test_set_code_writes_an_expression_as_is() -> None:
    doc = ConfigDocument.parse(NO_TRAILING)
    edited = doc.set_code("app.cdnURL", "process.env.CDN_URL ?? '/'")
    assert "    baseURL: '/',\n    cdnURL: process.env.CDN_URL ?? '/'\n" in edited.text
    assert edited.get("app.cdnURL") == Code("process.env.CDN_URL ?? '/'")


@pytest.mark.parametrize("source", ["x +", "a, b", "foo // c", "", "if (x) {}", "}"])
def test_set_code_refuses_what_is_not_one_expression(source: str) -> None:
    with pytest.raises(ParseError):
        ConfigDocument.parse(NO_TRAILING).set_code("a", source)


def test_code_that_would_break_the_file_is_refused() -> None:
    doc = ConfigDocument.parse(NO_TRAILING)
    with pytest.raises(DocumentError, match="would not leave valid code"):
        doc.set("a", Code("1 }"))


def test_strings_are_escaped_for_the_file_quotes() -> None:
    doc = ConfigDocument.parse(NO_TRAILING)
    value = "it's \"q\" \\ \n\t\x00\x1b é 😀 \u2028"
    edited = doc.set("s", value)
    assert edited.get("s") == value
    assert "s: 'it\\'s \"q\" \\\\ \\n\\t\\x00\\x1b é 😀 \\u2028'\n" in edited.text


def test_keys_are_bare_when_they_can_be() -> None:
    edited = ConfigDocument.parse(NO_TRAILING).set(("a-b", "$ok", "_x1", "1x", "é"), 1)
    assert "  'a-b': {\n    $ok: {\n      _x1: {\n        '1x': {\n          'é': 1\n" in edited.text
