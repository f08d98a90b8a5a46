"""An installed module's options as options of the catalogue: what the editor's forms and the docs pane show.

Each member of the module's options is one option at ``<configKey>.<member>`` (and ``<configKey>.<a>.<b>`` for a
nested one: the editor's fields are the top-level ones, their values' editors the nested; search and browse list
them all), in the group ``module:<configKey>``, the same in both variants (a module's options do not depend on
the layout), with its description and ``@default``: a plain value is the default, words are said as the module
writes them.
"""

from __future__ import annotations

from collections.abc import Sequence

from fwk_tui.catalog.models import Catalog, Default, Group, Option
from fwk_tui.modules.declarations import MISSING_DEFAULT, default_value
from fwk_tui.modules.declarations import Option as Declared
from fwk_tui.modules.installed import InstalledModule
from fwk_tui.paths import format_path

MODULE_GROUP_PREFIX = "module:"

_OPTIONS: dict[int, tuple[InstalledModule, tuple[Option, ...]]] = {}


def module_group_id(key: str) -> str:
    return MODULE_GROUP_PREFIX + key


def module_catalog_options(module: InstalledModule) -> tuple[Option, ...]:
    """The options of ``module`` as catalogue options, nested ones too (none without a config key); made once per
    reading of the package (a module read again, a new version, makes them again)."""
    kept = _OPTIONS.get(id(module))
    if kept is not None and kept[0] is module:
        return kept[1]
    key = module.config_key
    made = tuple(_option(key, module, o) for o in _parents_first(module.declarations.options)) if key else ()
    if len(_OPTIONS) > 256:
        _OPTIONS.clear()  # modules read again and again (packages updated while an editor runs)
    _OPTIONS[id(module)] = (module, made)
    return made


def _parents_first(options: Sequence[Declared]) -> list[Declared]:
    """``options`` in their declared order, each object before its members (the reader lists members first)."""
    place = {o.path: i for i, o in enumerate(options)}

    def rank(o: Declared) -> tuple[int, ...]:
        return tuple(place.get(o.path[: k + 1], place[o.path]) for k in range(len(o.path)))

    return sorted(options, key=rank)


def _option(key: str, module: InstalledModule, declared: Declared) -> Option:
    segments = (key, *declared.path)
    default = _default(declared.default, built_value(module.defaults, declared.path))
    doc = declared.doc
    if declared.declared:
        doc = f"{doc}\n\nDeclared as {declared.declared}.".strip()
    return Option(
        path=format_path(segments),
        group=module_group_id(key),
        types={"A": declared.type, "B": declared.type},
        variants=("A", "B"),
        defaults={"A": default, "B": default},
        doc=doc,
        segments=segments,
        module=module.label,
    )


def built_value(defaults: dict[str, object], path: tuple[str, ...]) -> object:
    """The value the module's own ``defaults`` give at ``path``, or MISSING_DEFAULT."""
    node: object = defaults
    for segment in path:
        if not isinstance(node, dict) or segment not in node:
            return MISSING_DEFAULT
        node = node[segment]
    return node


def _default(written: str | None, built: object = MISSING_DEFAULT) -> Default:
    """The option's default: its value in the module's own defaults, else what ``@default`` says."""
    if built is not MISSING_DEFAULT:
        return Default("value", built)
    if written is None:
        return Default("computed", note="its declarations give no @default")
    value = default_value(written)
    if value is MISSING_DEFAULT:
        return Default("computed", note=written.strip())
    return Default("value", value)


def with_modules(catalog: Catalog, modules: Sequence[InstalledModule]) -> Catalog:
    """``catalog`` with the options of ``modules``, each module a group after the catalogue's (``search`` and
    ``browse`` in a project); a module whose key is the catalogue's own is left out (the catalogue's stays)."""
    known = {str(o.segments[0]) for o in catalog.options if o.segments} | set(catalog.by_alias)
    groups: list[Group] = []
    options: list[Option] = []
    for module in modules:
        made = module_catalog_options(module)
        key = module.config_key
        if not made or key is None or key in known:
            continue
        known.add(key)
        summary = f"The options of module {module.label}, read from its package's type declarations."
        groups.append(Group(module_group_id(key), f"Modules › {key}", summary, order=len(catalog.groups) + len(groups)))
        options.extend(made)
    if not groups:
        return catalog
    return Catalog((*catalog.groups, *groups), (*catalog.options, *options), catalog.tasks)
