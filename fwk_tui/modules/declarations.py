"""A module's options, read from its type declarations (``dist/module.d.mts``, ``types.d.ts``...): nothing is run.

The module builder writes, into the declarations of a built module, its ``ModuleOptions`` interface (members with
their JSDoc: a description and ``@default``) and the type of the module itself, ``FwkModule<Options, ...>``, whose
first argument is the options as the builder resolved them (types imported from elsewhere written out). Both are
read with tree-sitter's TypeScript grammar into the catalogue's own type model:

- interfaces and object types (optional members, nested objects), type aliases and interfaces of the same file;
- ``string``, ``number``, ``boolean``, literal types and their unions, arrays (``T[]``, ``Array<T>``,
  ``readonly T[]``), tuples, ``Record<string, T>`` and index signatures, ``Partial<T>``, ``Required<T>``;
- a name the file does not declare (imported) takes the type the module's own type gives the same member;
- anything else is *any*, and says what it was declared as (``declared`` of :class:`Option`): never an error.

Capped like a config: the size of the text, how deep types nest, how many names one type goes through.
"""

from __future__ import annotations

from dataclasses import dataclass

from fwk_tui.catalog.types.nodes import ObjectType
from fwk_tui.modules.ts_reader import (
    MAX_DECLARATION_BYTES,
    MAX_TYPE_DEPTH,
    Files,
    Load,
    Option,
    refused,
)

__all__ = ["MAX_DECLARATION_BYTES", "MAX_TYPE_DEPTH", "Declarations", "Option", "default_value", "read_declarations"]

OPTIONS_NAME = "ModuleOptions"


@dataclass(frozen=True)
class Declarations:
    """What a module's declarations say of its options: their type, each option (nested ones too), and notes on
    what could not be read."""

    type: ObjectType
    options: tuple[Option, ...]
    notes: tuple[str, ...] = ()

    def option(self, path: tuple[str, ...]) -> Option | None:
        return next((o for o in self.options if o.path == path), None)


def read_declarations(data: bytes, filename: str = "module.d.ts", load: Load | None = None) -> Declarations:
    """The options the declarations in ``data`` give (none, with a note, when they give no ``ModuleOptions``);
    ``load`` finds the files of the same package they import from."""
    problem = refused(data, filename)
    if problem:
        return unread(problem)
    files = Files(load)
    reader = files.reader(filename, data)
    options = reader.lookup(OPTIONS_NAME)
    resolved = reader.module_type()
    if options is None and resolved is None:
        return unread(f"{filename}: declares no {OPTIONS_NAME}")
    found: list[Option] = []
    if options is not None:
        kind, _ = options[0].type_of_declared(options[1], (), resolved, found, 0)
    else:
        assert resolved is not None
        kind, _ = reader.type_of(resolved, (), None, found, 0)
    if not isinstance(kind, ObjectType):
        kind = ObjectType((), open=True)
    last = {o.path: o for o in found}  # a member redeclared (by extends, &) counts once, as declared last
    return Declarations(kind, tuple(last.values()), tuple(files.notes))


def unread(note: str) -> Declarations:
    """No options known, and why (``note``)."""
    return Declarations(ObjectType((), open=True), (), (note,))


def default_value(written: str | None) -> object:
    """The value an ``@default`` writes (``'nuxt-color-mode'``, `` `system` ``, ``false``, ``3``, ``[]``), or
    ``MISSING_DEFAULT`` when it is words or code (``the locale of the browser``, ``process.env.X``)."""
    if written is None:
        return MISSING_DEFAULT
    text = written.strip().rstrip(".")
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "'\"`":
        inner = text[1:-1]
        if text[0] == "`" and len(inner) >= 2 and inner[0] == inner[-1] and inner[0] in "'\"":
            inner = inner[1:-1]  # `'x'`: the quotes are the value's own
        return inner
    words: dict[str, object] = {"true": True, "false": False, "null": None, "[]": [], "{}": {}}
    if text in words:
        return words[text]
    try:
        number = float(text)
    except ValueError:
        return MISSING_DEFAULT
    return int(number) if number.is_integer() and "." not in text else number


MISSING_DEFAULT = object()
"""What :func:`default_value` gives for an ``@default`` that is no plain value."""
