"""A module's options read from its type declarations, as the module builder writes them; nothing is run."""

from __future__ import annotations

from fwk_tui.catalog.types.nodes import (
    AnyType,
    ArrayType,
    BoolType,
    LiteralType,
    NumType,
    ObjectType,
    RecordType,
    StrType,
    UnionType,
)
from fwk_tui.modules.declarations import MAX_DECLARATION_BYTES, MAX_TYPE_DEPTH, read_declarations

# As the builder writes a module's declarations (the shape of a real color-mode module's, brand words renamed).
COLOR_MODE = b"""import * as _fwk_schema from '@fwk/schema';
import { ColorModeStorage } from '../dist/runtime/types.js';

declare const _default: _fwk_schema.FwkModule<{
    preference: string;
    storage: "localStorage" | "sessionStorage" | "cookie";
}, {
    preference: string;
}, false>;

interface ModuleOptions {
    /**
     * The default value of $colorMode.preference
     * @default `system`
     */
    preference: string;
    /**
     * The default storage
     * @default `localStorage`
     */
    storage?: ColorModeStorage;
    /**
     * Storage cookie's attributes
     */
    cookieAttrs?: Record<string, unknown>;
    /**
     * Disable transition on switch
     *
     * @see https://example.org/transitions
     * @default false
     */
    disableTransition?: boolean;
    /** Folders to watch */
    dirs?: Array<string>;
    nested?: { deep: { flag?: boolean }; list: readonly string[] };
}

export { _default as default };
export type { ModuleOptions };
"""


def test_the_options_their_types_docs_and_defaults_are_read() -> None:
    found = read_declarations(COLOR_MODE)
    assert found.notes == ()
    assert [".".join(o.path) for o in found.options if len(o.path) == 1] == [
        "preference", "storage", "cookieAttrs", "disableTransition", "dirs", "nested",
    ]  # fmt: skip
    preference = found.option(("preference",))
    assert preference is not None and preference.type == StrType() and not preference.optional
    assert (preference.doc, preference.default) == ("The default value of $colorMode.preference", "`system`")
    storage = found.option(("storage",))
    assert storage is not None and storage.optional  # the imported name, written out by the module's own type:
    assert storage.type == UnionType(tuple(LiteralType(v) for v in ("localStorage", "sessionStorage", "cookie")))
    assert found.option(("cookieAttrs",)).type == RecordType(AnyType())  # type: ignore[union-attr]
    transition = found.option(("disableTransition",))
    assert transition is not None and (transition.type, transition.doc, transition.default) == (
        BoolType(), "Disable transition on switch", "false"  # the description ends at the first tag
    )
    assert found.option(("dirs",)).type == ArrayType(StrType())  # type: ignore[union-attr]
    assert found.option(("nested", "deep", "flag")).type == BoolType()  # type: ignore[union-attr]
    assert found.option(("nested", "list")).type == ArrayType(StrType())  # type: ignore[union-attr]
    assert isinstance(found.type, ObjectType) and [f.name for f in found.type.fields][:2] == ["preference", "storage"]


SHARED = b"""interface Base {
    /** @default 'prefix' */
    strategy?: (typeof STRATEGIES)[keyof typeof STRATEGIES];
    locales?: string[];
    overrides?: Partial<Options>;
}
declare const STRATEGIES: { readonly PREFIX: "prefix"; readonly NO_PREFIX: "no_prefix" };
type Options<Context = unknown> = Omit<Base, 'locales'> & {
    /** The locales, as codes */
    locales?: string[] | { code: string }[];
    lazy?: Partial<{ enabled: boolean }>;
};
export { Options as a };
"""
ENTRY = b"""import { a as Options } from './shared/i18n.abc.mjs';
interface ModuleOptions extends Options {
    /** @default true */
    vueI18n?: boolean;
}
declare const _default: FwkModule<Options, Options, false>;
export type { ModuleOptions };
"""


def _package(files: dict[str, bytes]):  # type: ignore[no-untyped-def]
    def load(spec: str, by: str) -> tuple[str, bytes] | None:
        name = spec.removeprefix("./").removesuffix(".mjs") + ".d.mts"
        return (name, files[name]) if name in files else None

    return load


def test_extends_intersections_omit_imports_and_const_lookups_are_followed() -> None:
    found = read_declarations(ENTRY, "module.d.mts", _package({"shared/i18n.abc.d.mts": SHARED}))
    top = [o.path[0] for o in found.options if len(o.path) == 1]
    assert sorted(set(top)) == ["lazy", "locales", "overrides", "strategy", "vueI18n"]
    strategy = found.option(("strategy",))
    assert strategy is not None and strategy.type == UnionType((LiteralType("prefix"), LiteralType("no_prefix")))
    assert strategy.default == "'prefix'"
    locales = found.option(("locales",))
    assert locales is not None and locales.doc == "The locales, as codes"  # the intersection's own member wins
    assert isinstance(locales.type, UnionType) and ArrayType(StrType()) in locales.type.options
    lazy = next(f for f in found.type.fields if f.name == "lazy")
    assert isinstance(lazy.type, ObjectType) and lazy.type.fields[0].optional  # Partial<>
    overrides = found.option(("overrides",))
    assert overrides is not None and isinstance(overrides.type, AnyType)  # a type inside itself: no endless read
    assert "again, inside itself" in overrides.declared


def test_a_file_of_another_package_is_not_read_and_a_missing_one_is_any() -> None:
    found = read_declarations(ENTRY, "module.d.mts", None)  # the shared file cannot be read
    assert found.option(("vueI18n",)) is not None
    assert all(o.path[0] == "vueI18n" for o in found.options)


def test_what_cannot_be_read_is_a_note_never_an_error() -> None:
    assert "declares no ModuleOptions" in read_declarations(b"export const x = 1\n").notes[0]
    assert "holds a NUL byte" in read_declarations(b"interface ModuleOptions {\0}").notes[0]
    big = b"interface ModuleOptions { a: string }\n" + b"//" + b"x" * MAX_DECLARATION_BYTES
    assert "more than a module's declarations hold" in read_declarations(big).notes[0]
    deep = b"interface ModuleOptions { a: " + b"{ b: " * (MAX_TYPE_DEPTH + 5) + b"string" + b" }" * (
        MAX_TYPE_DEPTH + 5
    ) + b" }"
    found = read_declarations(deep)
    assert found.option(("a",)) is not None and any("nested more than" in n for n in found.notes)
    broken = read_declarations(b"interface ModuleOptions { a: string; b: = ; c?: 'x' | 'y' }")
    assert broken.option(("a",)) is not None  # a declaration that does not parse is read as far as it goes


def test_a_type_the_model_cannot_say_is_any_and_says_how_it_was_declared() -> None:
    found = read_declarations(b"interface ModuleOptions { re?: RegExp; at?: Options['x'] }")
    assert found.option(("re",)).declared == "RegExp"  # type: ignore[union-attr]
    assert found.option(("at",)).declared == "Options['x']"  # type: ignore[union-attr]
    assert all(isinstance(o.type, AnyType) for o in found.options)


# The shapes below are those of real modules' declarations (tests/modules/test_real_packages.py reads the packages
# themselves and compares with TypeScript): each test is one thing TypeScript showed the reader got wrong.


def test_partial_required_omit_and_pick_say_so_of_the_options_they_wrap_too() -> None:
    found = read_declarations(b"""interface Runtime { size: string; mode: 'css' | 'svg'; customize: () => void }
interface Url { loc: string; lastmod?: string; news?: { title: string } }
interface ModuleOptions extends Partial<Omit<Runtime, 'customize'>> {
    defaults?: Omit<Url, 'loc'>;
    strict?: Required<Pick<Url, 'lastmod'>>;
}""")
    assert found.option(("size",)).optional and found.option(("mode",)).optional  # type: ignore[union-attr]
    assert found.option(("customize",)) is None and found.option(("defaults", "loc")) is None
    assert found.option(("defaults", "news", "title")) is not None  # a member kept keeps its own members
    assert found.option(("strict", "lastmod")).optional is False  # type: ignore[union-attr]
    assert found.option(("strict", "loc")) is None


def test_a_default_written_over_several_lines_is_read_whole() -> None:
    found = read_declarations(b"""interface ModuleOptions {
    /**
     * Redirection options
     * @default
     * {
        login: '/login',
        exclude: [],
      }
     * @type RedirectOptions
     */
    redirectOptions?: { login: string };
    /**
     * @default false // if true, { as: 'tw' }
     *
     * @see https://example.org
     */
    util?: boolean;
}""")
    redirect = found.option(("redirectOptions",))
    assert redirect is not None and redirect.default == "{ login: '/login', exclude: [], }"
    assert redirect.doc == "Redirection options"
    assert found.option(("util",)).default == "false // if true, { as: 'tw' }"  # type: ignore[union-attr]


def test_a_generic_of_the_package_reads_its_arguments() -> None:
    found = read_declarations(b"""type BoolObj<T extends Record<string, any>> = boolean | Partial<T>;
type Arrayable<T = string> = T | T[];
type Viewer = { endpoint: `/${string}`; exportViewer: boolean };
type Editor = { autocompleteUtil: BoolObj<{ as: string }> };
interface ModuleOptions {
    viewer: BoolObj<Viewer>;
    editorSupport: BoolObj<Editor>;
    config: Arrayable;
}""")
    endpoint = found.option(("viewer", "endpoint"))
    assert endpoint is not None and endpoint.optional and endpoint.type == StrType()  # Partial<T>, a template
    viewer = found.option(("viewer",))
    assert viewer is not None and isinstance(viewer.type, UnionType) and BoolType() in viewer.type.options
    # the same generic with other arguments inside itself is another type, not the same one again
    assert found.option(("editorSupport", "autocompleteUtil", "as")) is not None
    assert found.option(("config",)).type == UnionType((StrType(), ArrayType(StrType())))  # type: ignore[union-attr]


def test_indexed_access_and_keyof_of_the_packages_types() -> None:
    found = read_declarations(b"""interface ProviderNames {}
interface Sizes { sm: number; md: number }
interface CreateImageOptions {
    provider: (string & {}) | keyof ProviderNames;
    screens: Record<string, number>;
    nested: { format: string[] };
}
interface ModuleOptions {
    provider: CreateImageOptions['provider'];
    screens: CreateImageOptions['screens'];
    format: CreateImageOptions['nested']['format'];
    size?: keyof Sizes;
    other?: Elsewhere['x'];
}""")
    assert found.option(("provider",)).type == StrType()  # type: ignore[union-attr]
    assert found.option(("screens",)).type == RecordType(NumType())  # type: ignore[union-attr]
    assert found.option(("format",)).type == ArrayType(StrType())  # type: ignore[union-attr]
    assert found.option(("size",)).type == UnionType((LiteralType("sm"), LiteralType("md")))  # type: ignore[union-attr]
    assert found.option(("other",)).declared == "Elsewhere['x']"  # type: ignore[union-attr]


def test_options_extending_another_packages_type_are_open() -> None:
    found = read_declarations(b"""import { FontlessOptions } from 'fontless';
interface ModuleOptions extends FontlessOptions { devtools?: boolean }""")
    assert found.type.open  # `families` may be one of fontless's: no key is called misspelt
    mixed = read_declarations(b"type ModuleOptions = { a?: string } & Elsewhere")
    assert mixed.type.open and [f.name for f in mixed.type.fields] == ["a"]
    assert not read_declarations(b"interface ModuleOptions { a?: string }").type.open


def test_types_that_branch_into_each_other_stop_at_a_budget() -> None:
    text = "interface ModuleOptions { a: T0 }\n" + "".join(
        f"interface T{i} {{ x: T{i + 1}; y: T{i + 1}; z: T{i + 1} }}\n" for i in range(40)
    )
    found = read_declarations(text.encode())
    assert 0 < len(found.options) < 20_000


def test_a_descriptions_list_items_and_paragraphs_keep_their_lines() -> None:
    from fwk_tui.modules.ts_nodes import jsdoc

    comment = """/**
     * Routes strategy
     * - `no_prefix`: no locale prefix
     * - `prefix`: a prefix for every locale,
     *   the default's too
     *
     * Read on
     * here.
     * @see https://example.org
     * @default 'prefix'
     */"""
    description, default = jsdoc(comment)
    assert description == (
        "Routes strategy\n- `no_prefix`: no locale prefix\n- `prefix`: a prefix for every locale, the default's too"
        "\n\nRead on here."
    )
    assert default == "'prefix'"
