"""A module's options read from its type declarations, as the module builder writes them; nothing is run."""

from __future__ import annotations

from fwk_tui.catalog.types.nodes import (
    AnyType,
    ArrayType,
    BoolType,
    LiteralType,
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
