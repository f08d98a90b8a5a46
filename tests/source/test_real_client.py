"""Files the engine writes mean, to a real JS toolchain, exactly what was set.

Each case edits a document (a new one or an existing text), writes it, and
node evaluates both the original and the written file (one node call for all
cases, see conftest.py). The written file must evaluate to the original's
value with exactly the edits applied, and nothing else changed.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from fwk_tui.paths import parse_path

Op = tuple[Any, ...]  # ("set", path, value) | ("unset", path) | ("insert", path, index, value) | ...


@dataclass(frozen=True)
class Case:
    """Edits applied in order to ``original`` (None: ``ConfigDocument.new()``)."""

    id: str
    ops: tuple[Op, ...]
    original: str | None = None
    filename: str = "fwk.config.ts"


TS = """\
// fwk config written by hand
import { defineFwkConfig } from 'fwk/config'
import someModule from 'some-module'

const port = 3000

export default defineFwkConfig({
  // The app
  app: {
    head: {
      title: 'Hello',
      meta: [
        { name: 'viewport', content: 'width=device-width' },
        { name: 'description', content: "It's fine" },
      ],
    },
  },
  modules: ['@fwk/content', someModule, ['@fwk/image', { quality: 80 }]],
  devServer: { port, host: 'localhost' },
  hooks: {
    'build:done': () => {},
  },
  empty: {},
  ssr: true,
})
"""

JS_DOUBLE_QUOTES = """\
export default {
    "ssr": false,
    runtimeConfig: {
        public: {
            apiBase: "/api"
        }
    },
    css: ["~/main.css"]
};
"""

CJS = 'module.exports = {\n  telemetry: false,\n  app: { baseURL: "/" }\n}\n'

CONST_SATISFIES = """\
import type { FwkConfig } from 'fwk/schema'

const config = {
  app: { baseURL: '/base/' },
  nitro: { preset: 'node' },
} satisfies FwkConfig

export default config
"""

ONE_LINE_AS = "export default defineFwkConfig({ devtools: { enabled: true } } as any)\n"

EMPTY = "export default defineFwkConfig({})\n"

CRLF = TS.replace("\n", "\r\n")

BOM_TABS = "\ufeffexport default defineFwkConfig({\n\tapp: {\n\t\ttitle: 'x', // keep me\n\t},\n})\n"

MJS = """\
/** @type {import('fwk/schema').FwkConfig} */
export default fwkConfig({
  srcDir: 'src/',
  vbuild: {
    server: { fs: { strict: false } }, // inline object
  },
}) // trailing comment
"""

STRINGS = {
    "single-quote": "it's",
    "double-quote": 'say "hi"',
    "both-quotes": 'it\'s "both"',
    "backslash": "C:\\path\\to\\file",
    "trailing-backslash": "ends with \\",
    "backslash-then-quote": "\\'\\\"",
    "newline": "line1\nline2",
    "crlf": "a\r\nb",
    "tab": "a\tb",
    "controls": "\x00\x01\x1b\x7f\x08\x0c\x0b",
    "line-separators": "a\u2028b\u2029c",
    "template-like": "${notInterpolated} `backtick` $",
    "script-close": "</script><!-- -->",
    "unicode": "café naïve 日本語 Ελληνικά",
    "emoji": "😀 👩‍👩‍👧 🇫🇷 ✔️",
    "rtl": "שלום עולם مرحبا \u200f\u202e",
    "empty": "",
    "spaces": "  padded  ",
    "bom-char": "\ufeffx",
    "slashes-and-comment-like": "// not a comment /* nor this */",
    "long": "0123456789" * 500,
}

NUMBERS = {
    "zero": 0,
    "one": 1,
    "negative": -1,
    "negative-float": -2.5,
    "float": 3.14,
    "float-integral": 1.0,
    "tiny": 1e-7,
    "huge-float": 6.02e23,
    "1e21": 1e21,
    "max-safe": 2**53 - 1,
    "min-safe": -(2**53 - 1),
    "big-int": 10**21,
    "inexact-sum": 0.1 + 0.2,
    "max-double": 1.7976931348623157e308,
    "min-subnormal": 5e-324,
}

KEYS_NEEDING_QUOTES = [
    "with-dash",
    "with space",
    "a.b",
    "quote'key",
    'dq"key',
    "",
    "1abc",
    "0x10",
    "1e3",
    "-1",
    "1.50",
    "@scope/pkg",
    "/api/**",
    "build:done",
    "back\\slash",
    "new\nline",
    "emoji😀",
]
KEYS_BARE = ["$ok", "_ok", "ünï", "class", "default", "123", "camelCase"]


def _cases() -> list[Case]:
    cases: list[Case] = []
    for name, text in STRINGS.items():
        cases.append(Case(f"string-{name}-new", (("set", ("app", "head", "title"), text),)))
        cases.append(Case(f"string-{name}-single-quoted-file", (("set", ("app", "head", "title"), text),), TS))
        cases.append(
            Case(
                f"string-{name}-double-quoted-file",
                (("set", ("runtimeConfig", "public", "apiBase"), text),),
                JS_DOUBLE_QUOTES,
                "fwk.config.js",
            )
        )
    for name, number in NUMBERS.items():
        cases.append(Case(f"number-{name}-new", (("set", ("devServer", "port"), number),)))
        cases.append(Case(f"number-{name}-replacing", (("set", ("app", "head", "meta", 0, "content"), number),), TS))
    for name, value in {"true": True, "false": False, "null": None}.items():
        cases.append(Case(f"scalar-{name}-new", (("set", ("vbuild", "clearScreen"), value),)))
        cases.append(Case(f"scalar-{name}-replacing-bool", (("set", ("ssr",), value),), TS))
    cases.append(Case("scalar-undefined-new", (("set", ("vbuild", "clearScreen"), UNDEFINED_MARK),)))
    cases.append(Case("scalar-undefined-replacing", (("set", ("ssr",), UNDEFINED_MARK),), TS))
    mixed = [1, "two", 3.5, True, False, None, {"k": "v", "n": [1, {"deep": "x"}]}, [], {}, [1, [2, [3]]], -0.25]
    cases += [
        Case("array-mixed-new", (("set", ("css",), mixed),)),
        Case("array-mixed-replacing-array", (("set", ("modules",), mixed),), TS),
        Case("array-empty-new", (("set", ("css",), []),)),
        Case("array-one-string", (("set", ("css",), ["~/assets/main.css"]),), JS_DOUBLE_QUOTES, "fwk.config.js"),
        Case(
            "object-quoted-keys-as-value",
            (("set", ("routeRules",), {k: i for i, k in enumerate(KEYS_NEEDING_QUOTES)}),),
        ),
        Case("object-bare-keys-as-value", (("set", ("routeRules",), {k: k for k in KEYS_BARE}),)),
        Case(
            "object-quoted-keys-by-path",
            tuple(("set", ("routeRules", k, "cors"), i % 2 == 0) for i, k in enumerate(KEYS_NEEDING_QUOTES)),
        ),
        Case(
            "object-quoted-keys-in-existing-object",
            tuple(("set", ("app", k), f"v{i}") for i, k in enumerate(KEYS_NEEDING_QUOTES + KEYS_BARE)),
            TS,
        ),
        Case("object-empty-new", (("set", ("vbuild", "define"), {}),)),
    ]
    cases += [
        Case(
            "new-nested-creations",
            (
                ("set", ("a", "b", "c", "d"), 1),
                ("set", ("a", "b", "e"), "x"),
                ("set", ("a", "f"), [1]),
                ("set", ("app", "head", "meta"), [{"name": "x", "content": "y"}]),
                ("set", ("app", "head", "meta", 0, "content"), "z"),
                ("set", "vbuild.server.port", 3000),
                ("set", 'routeRules["/api/**"].headers["cache-control"]', "no-store"),
                ("set", ("app", "head", "title"), "Title"),
            ),
        ),
    ]
    for label, text, filename in (
        ("ts", TS, "fwk.config.ts"),
        ("js-double-quotes", JS_DOUBLE_QUOTES, "fwk.config.js"),
        ("cjs", CJS, "fwk.config.js"),
        ("const-satisfies", CONST_SATISFIES, "fwk.config.ts"),
        ("one-line-as", ONE_LINE_AS, "fwk.config.ts"),
        ("empty", EMPTY, "fwk.config.ts"),
        ("crlf", CRLF, "fwk.config.ts"),
        ("bom-tabs", BOM_TABS, "fwk.config.ts"),
        ("mjs", MJS, "fwk.config.mjs"),
    ):
        cases.append(
            Case(f"existing-{label}-new-nested-key", (("set", ("fwkTuiTest", "nested", "flag"), True),), text, filename)
        )
        cases.append(
            Case(
                f"existing-{label}-several-edits",
                (
                    ("set", ("app", "head", "title"), "Tïtle 'q' \"dq\""),
                    ("set", ("nitro", "compressPublicAssets"), {"gzip": True, "brotli": False}),
                    ("set", ("devServer", "https"), False),
                    ("set", ("experimental", "payloadExtraction"), None),
                    ("set", ("app", "head", "title"), "Second title"),
                    ("set", ("typescript", "strict"), True),
                    ("unset", ("typescript", "strict")),
                ),
                text,
                filename,
            )
        )
    cases += [
        Case("existing-ts-change-first-scalar", (("set", ("app", "head", "title"), "Bye"),), TS),
        Case("existing-ts-change-array-item", (("set", "app.head.meta[1].content", "changed"),), TS),
        Case("existing-ts-scalar-becomes-object", (("set", ("ssr",), {"mode": "on", "n": 2}),), TS),
        Case("existing-ts-object-becomes-scalar", (("set", ("app", "head"), "flat"),), TS),
        Case("existing-ts-set-in-empty-object", (("set", ("empty", "key"), "value"),), TS),
        Case("existing-ts-set-next-to-shorthand", (("set", ("devServer", "https"), True),), TS),
        Case("existing-ts-replace-shorthand", (("set", ("devServer", "port"), 4000),), TS),
        Case("existing-ts-unset-top-level", (("unset", ("app",)),), TS),
        Case("existing-ts-unset-last-key", (("unset", ("ssr",)),), TS),
        Case("existing-ts-unset-nested", (("unset", ("app", "head", "title")),), TS),
        Case("existing-ts-unset-inline", (("unset", ("devServer", "host")),), TS),
        Case("existing-ts-unset-quoted-key", (("unset", ("hooks", "build:done")),), TS),
        Case("existing-ts-rename", (("rename", ("devServer",), "server"),), TS),
        Case("existing-ts-rename-to-quoted", (("rename", ("ssr",), "ssr-mode"),), TS),
        Case("existing-ts-insert-first", (("insert", ("modules",), 0, "@fwk/ui"),), TS),
        Case("existing-ts-insert-last", (("insert", ("modules",), 3, {"name": "x"}),), TS),
        Case(
            "existing-ts-insert-into-meta",
            (("insert", ("app", "head", "meta"), 1, {"name": "robots", "content": "noindex"}),),
            TS,
        ),
        Case("existing-ts-remove-first", (("remove", ("modules", 0)),), TS),
        Case("existing-ts-remove-last", (("remove", ("modules", 2)),), TS),
        Case("existing-ts-remove-multiline-item", (("remove", ("app", "head", "meta", 0)),), TS),
        Case("existing-ts-move-first-to-last", (("move", ("modules", 0), 2),), TS),
        Case("existing-ts-move-last-to-first", (("move", ("modules", 2), 0),), TS),
        Case(
            "existing-empty-insert-into-new-array",
            (("set", ("modules",), []), ("insert", ("modules",), 0, "a"), ("insert", ("modules",), 1, "b")),
            EMPTY,
        ),
        Case("existing-one-line-set-nested", (("set", ("devtools", "timeline", "enabled"), True),), ONE_LINE_AS),
        Case("existing-one-line-unset-only-key", (("unset", ("devtools",)),), ONE_LINE_AS),
        Case(
            "existing-cjs-change",
            (("set", ("telemetry",), True), ("set", ("app", "baseURL"), "/x/")),
            CJS,
            "fwk.config.js",
        ),
        Case("existing-const-change", (("set", ("nitro", "preset"), "vercel"),), CONST_SATISFIES),
        Case("existing-crlf-add-and-unset", (("set", ("vbuild", "base"), "/b/"), ("unset", ("empty",))), CRLF),
        Case("existing-bom-tabs-change", (("set", ("app", "title"), "y"), ("set", ("app", "added"), 1)), BOM_TABS),
        Case(
            "existing-mjs-change-inline", (("set", ("vbuild", "server", "fs", "strict"), True),), MJS, "fwk.config.mjs"
        ),
        Case(
            "code-arrow-function", (("set_code", ("hooks", "ready"), "() => console.log('ready')", ("function",)),), TS
        ),
        Case(
            "code-regex",
            (("set_code", ("vbuild", "exclude"), "/node_modules\\/foo/i", ("regex", "node_modules\\/foo")),),
        ),
        Case("code-expression", (("set_code", ("nitro", "port"), "40 + 2", 42),)),
    ]
    return cases


class _Undefined:
    """Stands for fwk_tui.source.UNDEFINED in the case table, built before the engine is imported."""

    def __repr__(self) -> str:
        return "UNDEFINED"


UNDEFINED_MARK = _Undefined()


def _real(value: Any) -> Any:
    from fwk_tui.source import UNDEFINED

    return UNDEFINED if value is UNDEFINED_MARK else value


CASES = _cases()


def _path(path: Any) -> tuple[Any, ...]:
    return parse_path(path) if isinstance(path, str) else tuple(path)


def _apply_to_document(doc: Any, op: Op) -> Any:
    kind, path, *args = op
    if kind == "set_code":
        return doc.set_code(path, args[0])
    return getattr(doc, kind)(path, *(_real(arg) for arg in args))


def _apply_to_value(value: Any, op: Op, canon_py: Callable[[Any], Any]) -> None:
    """What ``op`` does to the (canonical) evaluated config, done in Python."""
    kind, raw_path, *args = op
    path = _path(raw_path)
    parent = value
    for segment in path[:-1]:
        missing = isinstance(segment, str) and not isinstance(parent.get(segment), dict | list)
        if kind in ("set", "set_code") and missing:
            parent[segment] = {}  # set creates the objects on its way
        parent = parent[segment]
    last = path[-1]
    if kind == "set":
        parent[last] = canon_py(_real(args[0]))
    elif kind == "set_code":
        parent[last] = args[1]
    elif kind == "unset":
        del parent[last]
        _prune(value, path)
    elif kind == "insert":
        parent[last].insert(args[0], canon_py(args[1]))
    elif kind == "remove":
        del parent[last]
    elif kind == "move":
        parent.insert(args[0], parent.pop(last))
    elif kind == "rename":
        renamed = {(args[0] if key == last else key): item for key, item in parent.items()}
        parent.clear()
        parent.update(renamed)
    else:
        raise AssertionError(f"unknown op {kind}")


def _prune(value: Any, path: tuple[Any, ...]) -> None:
    """An unset removes the objects it leaves empty, upward; not the config, not array items."""
    for depth in range(len(path) - 1, 0, -1):
        holder = value
        for segment in path[: depth - 1]:
            holder = holder[segment]
        key = path[depth - 1]
        if not isinstance(holder, dict) or holder[key] != {}:
            return
        del holder[key]


@dataclass
class Outcome:
    """What happened to one case: the engine's error, or the text it wrote and node's answers."""

    error: BaseException | None = None
    text: str | None = None
    before: Any = None
    after: Any = None


@pytest.fixture(scope="module")
def outcomes(real_client: Any, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Outcome]:
    from fwk_tui.source import ConfigDocument

    root = tmp_path_factory.mktemp("real-client")
    files: dict[str, tuple[Path, Path]] = {}
    results: dict[str, Outcome] = {}
    for case in CASES:
        virtual = root / "virtual" / case.filename
        try:
            doc = ConfigDocument.new() if case.original is None else ConfigDocument.parse(case.original, case.filename)
            original_text = doc.text
            for op in case.ops:
                doc = _apply_to_document(doc, op)
        except Exception as exc:  # reported by the case's own test
            results[case.id] = Outcome(error=exc)
            continue
        for label, text in (("before", original_text), ("after", doc.text)):
            file = root / case.id / label / case.filename
            file.parent.mkdir(parents=True)
            file.write_bytes(text.encode("utf-8"))
            files[f"{case.id}/{label}"] = (file, virtual)
        results[case.id] = Outcome(text=doc.text)
    new_file = root / "new-document" / "fwk.config.ts"
    new_file.parent.mkdir()
    new_file.write_bytes(ConfigDocument.new().text.encode("utf-8"))
    files["new-document"] = (new_file, new_file)
    answers = real_client.evaluate(files)
    for key, outcome in results.items():
        if outcome.error is None:
            outcome.before = answers[f"{key}/before"]
            outcome.after = answers[f"{key}/after"]
    results["new-document"] = Outcome(text=ConfigDocument.new().text, after=answers["new-document"])
    return results


def _outcome(outcomes: dict[str, Outcome], case: Case) -> Outcome:
    outcome = outcomes[case.id]
    if outcome.error is not None:
        raise outcome.error
    return outcome


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_written_file_evaluates_to_exactly_the_edits(
    case: Case, outcomes: dict[str, Outcome], real_client: Any
) -> None:
    outcome = _outcome(outcomes, case)
    assert outcome.before.error is None, f"node cannot evaluate the original: {outcome.before.error}"
    assert outcome.after.error is None, (
        f"node cannot evaluate the written file: {outcome.after.error}\n---\n{outcome.text}"
    )
    expected = copy.deepcopy(outcome.before.value)
    for op in case.ops:
        # The same change, made in Python on node's reading of the original.
        _apply_to_value(expected, op, real_client.canon_py)
    assert outcome.after.value == expected, f"written file:\n{outcome.text}"


@pytest.mark.parametrize("case", [c for c in CASES if any(op[0] == "set" for op in c.ops)], ids=lambda case: case.id)
def test_engine_reads_back_what_node_reads(case: Case, outcomes: dict[str, Outcome], real_client: Any) -> None:
    """Every value the edits set reads back, from the written text, as node reads it."""
    from fwk_tui.source import ConfigDocument

    outcome = _outcome(outcomes, case)
    assert outcome.after.error is None, outcome.after.error
    reread = ConfigDocument.parse(outcome.text or "", case.filename)
    for op in case.ops:
        if op[0] != "set":
            continue
        expected = _dig(outcome.after.value, _path(op[1]))
        if expected is _MISSING:
            continue  # overwritten or unset by a later op of the case
        assert real_client.canon_py(reread.get(_path(op[1]))) == expected, f"at {op[1]!r} in:\n{outcome.text}"


_MISSING = object()


def _dig(value: Any, path: tuple[Any, ...]) -> Any:
    for segment in path:
        in_object = isinstance(value, dict) and isinstance(segment, str) and segment in value
        in_array = isinstance(value, list) and isinstance(segment, int) and 0 <= segment < len(value)
        if not (in_object or in_array):
            return _MISSING
        value = value[segment]
    return value


def test_new_document_is_an_empty_config(outcomes: dict[str, Outcome]) -> None:
    outcome = outcomes["new-document"]
    assert outcome.after.error is None, outcome.after.error
    assert outcome.after.value == {}, outcome.text
