"""The framework's own config type as a test oracle (tests/framework_types.py).

These tests pin the oracle itself: it refuses known-bad values, accepts known-good
ones, names the property an error is about, and the spelling goes back and forth
with ../shared/corpus/neutralize.py. One test runs the corpus through it.
"""

from __future__ import annotations

import importlib.util
import re
import time
from pathlib import Path
from types import ModuleType

import pytest

from fwk_tui.catalog import load_catalog
from fwk_tui.catalog.framework import DATA_FILE, dump, framework_keys, framework_type, is_unknown
from fwk_tui.source import ConfigDocument
from fwk_tui.source.errors import DocumentError, ParseError
from fwk_tui.source.nodes import text_of
from fwk_tui.validate import check_document
from fwk_tui.validate.framework_shape import fits, within
from tests.framework_types import NEUTRAL_RULES, framework_accepts, shipped_framework_types, to_framework, to_neutral
from tests.validate.helpers import corpus_files

NEUTRALIZE = Path(__file__).resolve().parents[1].parent / "shared" / "corpus" / "neutralize.py"
CORPUS_LIMIT = 50
SUMMARY: list[str] = []
"""The counts, printed at the end of the run (tests/conftest.py)."""
BRAND_WORDS = {"vue", "vitest", "webpack", "rspack", "esbuild", "autoprefixer", "cssnano", "postcss", "unhead"}
BRAND_WORDS |= {"chokidar", "oxc", "nuxt", "nitro", "vite"}

SAMPLES = {
    "ssr-string": ("{ ssr: 'yes' }", False, "ssr"),
    "port-string": ("{ devServer: { port: 'x' } }", False, "devServer.port"),
    "plugin-mode": ("{ plugins: [{ src: 'a', mode: 'both' }] }", False, "plugins.0.mode"),
    "unknown-key": ("{ compatibilityDate: 'latest', bogus: 1 }", False, "bogus"),
    "ssr-false": ("{ ssr: false }", True, None),
    "date-latest": ("{ compatibilityDate: 'latest' }", True, None),
    "plugin": ("{ plugins: [{ src: 'a', mode: 'all' }] }", True, None),
    # vite's types are not installed: its subtree takes anything (the oracle is conservative there)
    "vite-any": ("{ vite: { server: { port: 'x' } } }", True, None),
    # names the text does not declare are `any`
    "free-names": ("{ app: { head: { title: process.env.TITLE } }, srcDir: resolve(here, 'src') }", True, None),
}

# Real spelling -> the project's spelling, when neutralize.py is not there to say it.
INLINE_PAIRS = [
    ("defineNuxtConfig({ vite: {}, nitro: {} })", "defineFwkConfig({ vbuild: {}, srv: {} })"),
    (
        "{ vue: { compilerOptions: {} }, experimental: { viewTransition: true, externalVue: true } }",
        "{ view: { compilerOptions: {} }, experimental: { viewTransition: true, externalView: true } }",
    ),
    (
        "{ modules: ['@vueuse/nuxt'], postcss: { plugins: { autoprefixer: {}, cssnano: {} } } }",
        "{ modules: ['@viewuse/fwk'], cssproc: { plugins: { prefixer: {}, cssminifier: {} } } }",
    ),
    (
        "{ webpack: { loaders: { esbuild: {}, vueStyle: {} } }, unhead: {}, vitest: 1, rspack: {} }",
        "{ wbuild: { loaders: { ebuild: {}, viewStyle: {} } }, headmgr: {}, vbuildtest: 1, rbuild: {} }",
    ),
    (
        "{ watchers: { chokidar: {} }, oxc: {}, typescript: { typeCheck: 'vue-tsc' }, css: ['~/app.vue'] }",
        "{ watchers: { filewatcher: {} }, oxtool: {}, typescript: { typeCheck: 'view-tsc' }, css: ['~/app.vue'] }",
    ),
    (
        "{ build: { rebuild: 1 }, app: { head: { meta: [{ name: 'viewport' }] } }, key: process.env.NUXT_X }",
        "{ build: { rebuild: 1 }, app: { head: { meta: [{ name: 'viewport' }] } }, key: process.env.FWK_X }",
    ),
]


def _neutralize_module() -> ModuleType | None:
    if not NEUTRALIZE.is_file():
        return None
    spec = importlib.util.spec_from_file_location("neutralize", NEUTRALIZE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def sample_answers() -> dict[str, tuple[bool, list[tuple[str, str]]]]:
    return framework_accepts({key: text for key, (text, _, _) in SAMPLES.items()})


@pytest.mark.parametrize("key", sorted(SAMPLES))
def test_the_oracle_accepts_or_refuses_the_samples(
    sample_answers: dict[str, tuple[bool, list[tuple[str, str]]]], key: str
) -> None:
    text, accepted, path = SAMPLES[key]
    ok, errors = sample_answers[key]
    assert ok is accepted, (text, errors)
    if accepted:
        assert errors == []
    else:
        assert path in [p for p, _ in errors], (text, errors)


def test_a_text_that_does_not_parse_spoils_no_other() -> None:
    answers = framework_accepts({"broken": "{ a: ", "after": "{ ssr: false }", "bad": "{ ssr: 1 }"})
    assert answers["broken"][0] is False
    assert "does not parse" in answers["broken"][1][0][1]
    assert answers["after"] == (True, [])
    assert answers["bad"][0] is False and answers["bad"][1][0][0] == "ssr"


@pytest.mark.parametrize(("real", "neutral"), INLINE_PAIRS)
def test_to_framework_undoes_the_neutral_spelling(real: str, neutral: str) -> None:
    module = _neutralize_module()
    if module is not None:
        assert module.neutralize(real) == neutral  # the pairs say what neutralize.py does
    assert to_framework(neutral) == real


def test_to_framework_undoes_neutralize_on_its_own_words() -> None:
    module = _neutralize_module()
    if module is None:
        return  # the inline pairs above cover the words
    for pattern, _ in module.RULES:
        # each plain word of RULES, alone and inside a key
        for word in re.findall(r"[A-Za-z]+", pattern.replace(r"\b", "")):
            if word.lower() not in BRAND_WORDS:
                continue
            for real in (f"{{ {word}: 1 }}", f"'@{word}/x'"):
                neutral = module.neutralize(real)
                back = to_framework(neutral)
                assert module.neutralize(back) == neutral, (real, neutral, back)


def _corpus_documents() -> dict[str, ConfigDocument]:
    files, why = corpus_files()
    assert not why, why
    documents: dict[str, ConfigDocument] = {}
    for file in files:
        try:
            doc = ConfigDocument.from_bytes(file.read_bytes(), file.name)
        except (ParseError, DocumentError):
            continue
        if doc.config_node is not None:
            documents[file.name] = doc
        if len(documents) == CORPUS_LIMIT:
            break
    return documents


def test_the_corpus_through_the_oracle_gets_no_error_where_the_framework_accepts_it() -> None:
    documents = _corpus_documents()
    assert documents, "no corpus file has a config object to check"
    module = _neutralize_module()
    catalog = load_catalog()
    texts, majors, ours = {}, {}, {}
    for name, doc in documents.items():
        assert doc.config_node is not None
        text = text_of(doc.config_node)
        real = to_framework(text)
        if module is not None:
            assert module.neutralize(real) == text, name  # the spelling went back and nothing else moved
        result = check_document(doc, catalog)
        texts[name], majors[name] = real, {"A": 4, "B": 3}[result.variant.variant]
        ours[name] = [d for d in result.diagnostics if d.severity == "error"]
    start = time.perf_counter()
    answers = framework_accepts(texts, majors, module_keys=True)  # a module's options: the framework's way
    took = time.perf_counter() - start
    accepted = sorted(name for name, (ok, _) in answers.items() if ok)
    refused = sorted(name for name, (ok, _) in answers.items() if not ok)
    SUMMARY.append(
        f"framework types, the corpus: {len(accepted)} of {len(answers)} configs accepted, check errs on none of"
        f" those ({took:.1f} s)"
    )
    print(f"\nframework types: {len(accepted)} of {len(answers)} corpus configs accepted ({took:.1f} s)")
    for name in refused:
        for path, message in answers[name][1][:3]:
            print(f"  refused: {name}: {path or '<object>'}: {message.splitlines()[0][:160]}")
        print(f"    fwk-tui's errors there: {[f'{d.path}: {d.message}' for d in ours[name]]}")
    assert set(answers) == set(texts)
    assert all(ok or errors for ok, errors in answers.values())  # a refusal always says why
    wrong = {name: [f"{d.path}: {d.message}" for d in ours[name]] for name in accepted if ours[name]}
    assert not wrong, f"errors on corpus configs the framework's types accept: {wrong}"


def test_the_shipped_framework_types_are_made_from_the_pinned_schema_packages() -> None:
    # fwk_tui/catalog/framework_types.json is what scripts/framework_types.py makes from tests/node's packages
    made = dump(shipped_framework_types(load_catalog()))
    assert made == DATA_FILE.read_text(encoding="utf-8"), "stale: run .venv/bin/python scripts/framework_types.py"


def test_the_shipped_framework_types_say_what_the_framework_takes() -> None:
    # a few facts of the framework's own types, as the package reads them
    date = framework_type(("compatibilityDate",), "A")
    assert date is not None and fits(date, "latest") and fits(date, "2025-07-22") and not fits(date, "soon")
    plugins = framework_type(("plugins",), "A")
    assert plugins is not None
    mode = within(plugins, (0, "mode"))
    assert mode is not None and fits(mode, "all") and not fits(mode, "both")
    assert fits(framework_type(("devtools",), "A"), True)  # type: ignore[arg-type]
    version = framework_type(("future", "compatibilityVersion"), "A")
    assert version is not None and fits(version, 5) and not fits(version, 6)
    assert not fits(framework_type(("future", "compatibilityVersion"), "B"), 5)  # type: ignore[arg-type]
    assert is_unknown(framework_type(("srv",), "A"))  # the server builder types it: not said here
    prefixer = framework_type(("cssproc", "plugins", "prefixer"), "A")
    assert prefixer is not None and fits(prefixer, False)  # `false | Options`: the tool's options are its own
    builder = framework_type(("builder",), "A")
    assert builder is not None and fits(builder, "vbuild") and fits(builder, "vite")  # both spellings
    assert {"presets", "autoImport", "polyfills", "transform"} <= set(framework_keys(("imports",), "A"))


def test_to_neutral_is_the_naming_table_of_neutralize() -> None:
    module = _neutralize_module()
    if module is None:
        return  # to_framework's pairs above pin the words
    assert NEUTRAL_RULES == module.RULES
    assert to_neutral("nuxt-vite webpack vue postcss") == module.neutralize("nuxt-vite webpack vue postcss")
