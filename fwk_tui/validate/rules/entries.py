"""List entries (modules, plugins, css, extends): an empty one, one listed twice."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from fwk_tui.paths import OptionPath, format_path
from fwk_tui.validate.fix import Fix
from fwk_tui.validate.rules.layers import src_of
from fwk_tui.validate.rules.registry import Finding, RuleContext, rule
from fwk_tui.validate.text import js_text
from fwk_tui.validate.values import MISSING, lookup

# Blocks holding options for one environment: their lists are compared each with itself, since
# an entry repeated there on purpose (other options in development) is not a duplicate.
_ENV_BLOCKS = ("$development", "$production", "$test")


def _lists(ctx: RuleContext, key: str) -> Iterator[tuple[OptionPath, Any]]:
    """The value of ``key`` at the top level and in each environment block, with its path."""
    bases: list[OptionPath] = [(), *((b,) for b in _ENV_BLOCKS)]
    envs = ctx.get("$env")
    if isinstance(envs, dict):
        bases.extend(("$env", name) for name in envs)
    for base in bases:
        value = lookup(ctx.values, (*base, key))
        if value is not MISSING:
            yield (*base, key), value


def _module_name(item: Any) -> str | None:
    """The module a ``modules`` item names: a string, or the first of ``[name, options]``; None for code."""
    if isinstance(item, str):
        return item
    if isinstance(item, list) and item and isinstance(item[0], str):
        return str(item[0])
    return None


def _empty_entries(
    ctx: RuleContext, key: str, name_of: Callable[[Any], str | None], what: str, names: str
) -> Iterator[Finding]:
    """An entry of list ``key`` whose name (``what``) is empty or blank: it names no ``names``, so it goes."""
    for path, value in _lists(ctx, key):
        items = [(path, value)] if isinstance(value, str) else []
        if isinstance(value, list):
            items = [((*path, i), item) for i, item in enumerate(value)]
        for where, item in items:
            name = name_of(item)
            if name is not None and not name.strip():
                text = format_path(where)
                yield Finding(
                    "warning",
                    text,
                    f"empty {what} {js_text(name)}: it names no {names}; remove the entry",
                    Fix("unset", text, f"Remove the empty {text}"),
                )


@dataclass(frozen=True)
class _Repeat:
    """A later entry of a list (``path``, ``item``) naming what an earlier one (``earlier``, ``first``) names."""

    path: str
    name: str
    item: Any
    earlier: str
    first: Any


def _duplicates(ctx: RuleContext, key: str, name_of: Callable[[Any], str | None]) -> Iterator[_Repeat]:
    """Each entry of list ``key`` that names what an earlier entry of the same list names."""
    for path, value in _lists(ctx, key):
        if not isinstance(value, list):
            continue
        seen: dict[str, int] = {}
        for i, item in enumerate(value):
            name = name_of(item)
            if name is None or not name.strip():
                continue  # code is not compared; an empty name is the empty rule's
            if name in seen:
                first = seen[name]
                yield _Repeat(format_path((*path, i)), name, item, format_path((*path, first)), value[first])
            else:
                seen[name] = i


def _repeats(
    ctx: RuleContext, key: str, name_of: Callable[[Any], str | None], message: str | Callable[[_Repeat], str]
) -> Iterator[Finding]:
    """A warning at each later entry of list ``key`` naming what an earlier one names, with the fix removing it.

    ``message`` is a function of the repeat, or a text where ``{name}`` is the name (as JS) and ``{earlier}``
    the earlier entry's path.
    """
    for r in _duplicates(ctx, key, name_of):
        words = message(r) if callable(message) else message.format(name=js_text(r.name), earlier=r.earlier)
        yield Finding("warning", r.path, words, _remove_duplicate(r), r.earlier)


def _remove_duplicate(r: _Repeat) -> Fix:
    """Remove the later entry; a fix that keeps what the app does only when it is the earlier one written again."""
    if r.item == r.first:
        return Fix("unset", r.path, f"Remove the duplicate {r.path}")
    return Fix("unset", r.path, f"Remove the duplicate {r.path} (what it adds is lost)", keeps_behaviour=False)


def _module_repeat(r: _Repeat) -> str:
    options = r.item[1:] if isinstance(r.item, list) else []
    first_options = r.first[1:] if isinstance(r.first, list) else []
    differ = options not in ([], [{}], first_options)
    also = "; this entry's options differ: move what they need into the first" if differ else ""
    return f"the module {js_text(r.name)} is already listed at {r.earlier}; list a module once{also}"


# A rule's id, its code and its docstring (the title ``explain`` shows).
_RuleName = tuple[str, str, str]


@dataclass(frozen=True)
class _EntryList:
    """A list option and its two rules: an entry whose name is empty, an entry naming what an earlier one names.

    ``what`` is the name an entry holds and ``names`` what that name stands for (the empty rule's message);
    ``repeated`` is the duplicate rule's message (see :func:`_repeats`); ``repeats_reference`` the
    reference's sentence about repeats, when it has one of its own.
    """

    key: str
    name_of: Callable[[Any], str | None]
    reference: str
    empty: _RuleName
    what: str
    names: str
    duplicate: _RuleName
    repeated: str | Callable[[_Repeat], str]
    repeats_reference: str | None = None


_ENTRY_LISTS = (
    _EntryList(
        "modules",
        _module_name,
        "modules: Each item is a string (package or file path), a tuple `[module_string, options_object]`, or an "
        "inline function.",
        empty=("empty-module", "FWK324", "A module item whose name is empty names no package or file."),
        what="module name",
        names="package or file",
        duplicate=(
            "duplicate-module",
            "FWK325",
            "The same module listed twice in one list (as a name or as ``[name, options]``).",
        ),
        repeated=_module_repeat,
    ),
    _EntryList(
        "plugins",
        src_of,
        "plugins: Each item is a path string or object `{src: string, mode: 'client' or 'server'}`.",
        empty=("empty-plugin", "FWK326", "A plugin whose path (or src) is empty names no file."),
        what="plugin path",
        names="file",
        duplicate=("duplicate-plugin", "FWK327", "The same plugin listed twice is kept once."),
        repeated="{name} is already listed at {earlier}; plugins are deduplicated by src, so only one is kept",
        repeats_reference="plugins: Plugins are deduplicated by `src`.",
    ),
    _EntryList(
        "css",
        src_of,
        "css: Global CSS files, modules or libraries on every page; preprocessor chosen by file extension; the "
        "loader must be installed.",
        empty=("empty-css", "FWK328", "A css entry whose path (or src) is empty names no stylesheet."),
        what="stylesheet path",
        names="file",
        duplicate=("duplicate-css", "FWK329", "The same stylesheet listed twice."),
        repeated="{name} is already listed at {earlier}; listing it once includes it on every page",
    ),
    _EntryList(
        "extends",
        _module_name,
        "extends: Layers to extend from; local paths or git-host prefixed sources.",
        empty=("empty-layer", "FWK330", "An extends entry whose source is empty names no layer."),
        what="layer source",
        names="layer",
        duplicate=("duplicate-layer", "FWK331", "The same layer extended twice."),
        repeated="the layer {name} is already listed at {earlier}; extending it again adds nothing",
    ),
)


def _register(entries: _EntryList) -> None:
    """Register the empty-entry and the duplicate-entry rule of one list option."""

    def empty(ctx: RuleContext) -> Iterator[Finding]:
        yield from _empty_entries(ctx, entries.key, entries.name_of, entries.what, entries.names)

    def duplicate(ctx: RuleContext) -> Iterator[Finding]:
        yield from _repeats(ctx, entries.key, entries.name_of, entries.repeated)

    for check, (rule_id, code, doc), reference in (
        (empty, entries.empty, entries.reference),
        (duplicate, entries.duplicate, entries.repeats_reference or entries.reference),
    ):
        check.__name__ = check.__qualname__ = rule_id.replace("-", "_")
        check.__doc__ = doc
        rule(rule_id, code, reference)(check)


for _entries in _ENTRY_LISTS:
    _register(_entries)


# Rules whose finding on a path says more than a type error there (an empty source is not a source).
EMPTY_ENTRY_RULES = frozenset(entries.empty[0] for entries in _ENTRY_LISTS)
