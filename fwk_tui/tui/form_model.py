"""What the editor shows where: groups of the tree, fields of a group, badges.

Plain functions of the catalogue, the file's values and the diagnostics (no
Textual), so the editor's layout decisions are tested directly.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from fwk_tui.catalog.models import Catalog, Option, Variant
from fwk_tui.catalog.types import RecordType
from fwk_tui.modules.as_options import MODULE_GROUP_PREFIX, module_catalog_options, module_group_id
from fwk_tui.modules.installed import InstalledModule
from fwk_tui.paths import PathError, Segment, format_path, parse_path
from fwk_tui.resolve.sections import section_length
from fwk_tui.source.textutil import plain
from fwk_tui.validate import Diagnostic, outer_paths
from fwk_tui.validate.keys import ENV_BLOCKS
from fwk_tui.validate.values import MISSING

FormFilter = Literal["all", "modified", "errors", "experimental"]
FILTERS: tuple[FormFilter, ...] = ("all", "modified", "errors", "experimental")
FILTER_TITLES: dict[FormFilter, str] = {
    "all": "all options",
    "modified": "set in the file",
    "errors": "with problems",
    "experimental": "experimental",
}

# Tree ids of groups made from the file's own top-level keys (module options
# such as ``i18n``): the catalogue knows nothing about them.
FILE_GROUP_PREFIX = "file:"
# Tree ids of the environment sections (``env:$production``, ``env:$env.staging``): the catalogue's options again,
# as the app gets them in that environment.
ENV_GROUP_PREFIX = "env:"
ENV_SECTION = (
    "An environment section: its options apply over the config's when the app runs in that environment "
    "($env: in the environment of each name). F6 shows a field's value in one."
)


def env_summary(name: str) -> str:
    return (
        f"The options set here apply over the config's when the app runs in {name}, with the same types, "
        f"defaults and checks. F6 shows the values the app gets in {name}."
    )


@dataclass(frozen=True)
class FieldEntry:
    """One field of a form: the path it edits and the option it is (``None``: not in the catalogue)."""

    path: str
    option: Option | None
    set_in_file: bool


@dataclass(frozen=True)
class TreeGroup:
    """A group of the editor's tree: a catalogue group, an installed module's options or one of the file's own
    top-level keys."""

    id: str
    title: str
    summary: str = ""
    environment: str = ""  # an environment section's group: the name of that environment (production)

    @property
    def from_file(self) -> bool:
        return self.id.startswith(FILE_GROUP_PREFIX)

    @property
    def of_module(self) -> bool:
        return self.id.startswith(MODULE_GROUP_PREFIX)

    @property
    def of_environment(self) -> bool:
        return self.id.startswith(ENV_GROUP_PREFIX)


@dataclass(frozen=True)
class ModuleGroup:
    """An installed module's options, as a group of the editor: its tree group and its top-level options."""

    key: str
    group: TreeGroup
    options: tuple[Option, ...]

    @classmethod
    def of(cls, module: InstalledModule) -> ModuleGroup | None:
        """The group of ``module``'s options (None when it declares no config key or no options)."""
        options = tuple(o for o in module_catalog_options(module) if len(o.segments) == 2)  # its fields: the top
        if not module.config_key or not options:
            return None
        summary = (
            f"The options of module {module.label} (node_modules/{module.name}), read from its type declarations. "
            "What they refuse is a warning: declarations can be partial."
        )
        key = module.config_key
        return cls(key, TreeGroup(module_group_id(key), f"Modules › {key}", summary), options)


@dataclass(frozen=True)
class FormLayout:
    """The tree groups and the fields of every group, for one state of the file."""

    groups: list[TreeGroup]
    fields: dict[str, list[FieldEntry]]

    def group(self, group_id: str) -> TreeGroup | None:
        return next((g for g in self.groups if g.id == group_id), None)


class FormModel:
    """The catalogue seen as forms: which fields each group has, for given file values."""

    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog
        paths = [parse_path(o.path) for o in catalog.options]
        self._prefixes: set[tuple[Segment, ...]] = {p[:i] for p in paths for i in range(1, len(p))}
        # Options that other options refine (``experimental`` holds
        # ``experimental.appManifest``...) are not fields of their own, except
        # records whose listed children are only documented defaults (``alias``).
        self._parents = {
            o.path
            for o, p in zip(catalog.options, paths, strict=True)
            if p in self._prefixes and not isinstance(o.type_for(o.variants[0]), RecordType)
        }
        # The listed children of a record (``alias.~``) document its default
        # entries; the record's own editor shows them.
        records = {
            p
            for o, p in zip(catalog.options, paths, strict=True)
            if o.path not in self._parents and isinstance(o.type_for(o.variants[0]), RecordType)
        }
        self._children_of_record = {
            o.path
            for o, p in zip(catalog.options, paths, strict=True)
            if any(p[:i] in records for i in range(1, len(p)))
        }
        self._option_paths = {p: o for o, p in zip(catalog.options, paths, strict=True)}
        self._top_groups: dict[Segment, str] = {}
        for o, p in zip(catalog.options, paths, strict=True):
            self._top_groups.setdefault(p[0], o.group)
        self._group_options: dict[str, list[Option]] = {g.id: [] for g in catalog.groups}
        for o in catalog.options:
            if o.path not in self._parents and o.path not in self._children_of_record:
                self._group_options[o.group].append(o)
        self._modules: dict[str, ModuleGroup] = {}

    def set_modules(self, modules: Sequence[InstalledModule]) -> None:
        """The modules the project installs: each with a config key and options is a group of its own, after the
        catalogue's (a key the catalogue knows stays the catalogue's)."""
        groups = [g for g in (ModuleGroup.of(m) for m in modules) if g is not None]
        known = self._top_groups.keys() | {p[0] for p in self._prefixes}
        self._modules = {g.key: g for g in groups if g.key not in known}

    @property
    def modules(self) -> tuple[str, ...]:
        """The config keys of the modules shown as groups."""
        return tuple(self._modules)

    # ------------------------------------------------------------------ tree

    def groups(self, values: dict[str, Any]) -> list[TreeGroup]:
        """The catalogue's groups, then one group per environment section and per top-level key of the file the
        catalogue does not know."""
        out = [TreeGroup(g.id, g.title, g.summary) for g in self.catalog.groups]
        out.extend(g.group for g in self._modules.values())
        for key in values:
            by_name = values[key] if key == "$env" else None
            if key in ENV_BLOCKS:
                out.append(_env_group((key,), key[1:]))
            elif isinstance(by_name, dict):
                out.extend(_env_group(("$env", name), name) for name in by_name)
            elif self._group_of((key,)) is None and key not in self._modules:
                out.append(
                    TreeGroup(
                        FILE_GROUP_PREFIX + key,
                        plain(key),  # the user's text: control characters shown, not obeyed
                        ENV_SECTION if key in ENV_BLOCKS or key == "$env" else "not in the catalogue (module options?)",
                    )
                )
        return out

    def _group_of(self, path: tuple[Segment, ...]) -> str | None:
        for i in range(len(path), 0, -1):
            option = self._option_paths.get(path[:i])
            if option is not None:
                return option.group
        if path and path[0] in self._top_groups:
            return self._top_groups[path[0]]
        option = self.catalog.get(format_path(path[:1])) if path else None
        return option.group if option is not None else None

    def group_of_path(self, path: str) -> str | None:
        """The tree group that shows ``path`` (a file group id for unknown top-level keys)."""
        try:
            segments = parse_path(path)
        except PathError:
            return None
        if n := section_length(segments):
            return ENV_GROUP_PREFIX + format_path(segments[:n])
        group = self._group_of(segments)
        if group is None and segments:
            alias = self.catalog.get(format_path(segments[:1]))
            if alias is not None:
                return alias.group
            if segments[0] in self._modules:
                return module_group_id(str(segments[0]))
            return FILE_GROUP_PREFIX + str(segments[0])
        return group

    # ----------------------------------------------------------------- forms

    def layout(self, values: dict[str, Any], variant: Variant) -> FormLayout:
        """Every group of the tree and its fields, computed in one walk of ``values``."""
        groups = self.groups(values)
        extra: dict[str, list[FieldEntry]] = {}
        for path, option in self._file_only(values):
            group_id = self.group_of_path(path)
            if group_id is not None:
                extra.setdefault(group_id, []).append(FieldEntry(path, option, True))
        fields: dict[str, list[FieldEntry]] = {}
        for group in groups:
            if group.of_module:
                key = group.id[len(MODULE_GROUP_PREFIX) :]
                fields[group.id] = self._module_fields(self._modules[key], values.get(key, MISSING))
                continue
            if group.from_file:
                key = group.id[len(FILE_GROUP_PREFIX) :]
                fields[group.id] = [FieldEntry(format_path((key,)), None, True)]
                continue
            if group.of_environment:
                prefix = parse_path(group.id[len(ENV_GROUP_PREFIX) :])
                section = values.get(str(prefix[0])) if len(prefix) == 1 else values["$env"].get(prefix[1])
                fields[group.id] = self._section_fields(prefix, section)
                continue
            entries = []
            for option in self._group_options[group.id]:
                is_set = _has(values, option.segments)
                if is_set or option.in_variant(variant):
                    entries.append(FieldEntry(option.path, option, is_set))
            fields[group.id] = entries + extra.get(group.id, [])
        return FormLayout(groups, fields)

    def _module_fields(self, module: ModuleGroup, value: Any) -> list[FieldEntry]:
        """A field per option of the module, then one per key of the file the module does not declare (or one
        for the whole value when it is no object: code, ``false``)."""
        if value is not MISSING and not isinstance(value, dict):
            return [FieldEntry(format_path((module.key,)), None, True)]
        written = value if isinstance(value, dict) else {}
        entries = [FieldEntry(o.path, o, o.key in written) for o in module.options]
        known = {o.key for o in module.options}
        entries.extend(FieldEntry(format_path((module.key, k)), None, True) for k in written if k not in known)
        return entries

    def _section_fields(self, prefix: tuple[Segment, ...], section: Any) -> list[FieldEntry]:
        """The fields of an environment section: each key written in it, typed as the option it sets (the walk
        goes into the objects only the catalogue's deeper options refine, as the groups' do), in the file's order;
        a section that is no object (code) is one field."""
        if not isinstance(section, dict):
            return [FieldEntry(format_path(prefix), None, True)]
        out: list[FieldEntry] = []

        def walk(at: tuple[Segment, ...], obj: dict[str, Any]) -> None:
            for key, value in obj.items():
                path = (*at, key)
                option = self._option_paths.get(path)
                refined = path in self._prefixes if option is None else option.path in self._parents
                if refined and isinstance(value, dict):
                    walk(path, value)  # depth: the catalogue's, not the file's
                elif not at and key in self._modules and isinstance(value, dict):
                    fields = self._module_fields(self._modules[key], value)
                    out.extend(FieldEntry(format_path((*prefix, *parse_path(e.path))), e.option, True)
                               for e in fields if e.set_in_file)
                else:
                    option = option or self.catalog.get(format_path(path))  # an alias
                    out.append(FieldEntry(format_path((*prefix, *path)), option, True))

        walk((), section)
        return out

    def fields(self, group_id: str, values: dict[str, Any], variant: Variant) -> list[FieldEntry]:
        """The fields of ``group_id``: its options (of ``variant``, or set in the file), then the file's own keys."""
        return self.layout(values, variant).fields.get(group_id, [])

    def _file_only(self, values: dict[str, Any]) -> Iterator[tuple[str, Option | None]]:
        """Keys of the file that no field of an option covers: unknown keys and aliases."""
        stack: list[tuple[tuple[Segment, ...], dict[str, Any]]] = [((), values)]
        while stack:
            prefix, obj = stack.pop()
            for key, value in obj.items():
                path = (*prefix, key)
                option = self._option_paths.get(path)
                if option is not None and option.path not in self._parents:
                    continue
                if path in self._prefixes or (
                    option is not None and option.path in self._parents
                ):
                    if isinstance(value, dict):
                        stack.append((path, value))
                    continue
                if (
                    not prefix
                    and self._group_of(path) is None
                    and self.catalog.get(str(key)) is None
                ):
                    continue  # a top-level unknown key (or a module's) is a group of its own
                text = format_path(path)
                yield text, self.catalog.get(text)

    def visible(
        self,
        entries: Iterable[FieldEntry],
        flt: FormFilter,
        diagnostics: list[Diagnostic],
    ) -> list[FieldEntry]:
        """``entries`` that pass the filter."""
        if flt == "all":
            return list(entries)
        if flt == "modified":
            return [e for e in entries if e.set_in_file]
        if flt == "experimental":
            return [
                e
                for e in entries
                if e.option is not None and "experimental" in e.option.tags
            ]
        return Flagged(diagnostics).passing(entries)

    def badges(self, layout: FormLayout, diagnostics: list[Diagnostic]) -> dict[str, tuple[int, int, int]]:
        """Per tree group: (options set in the file, errors, warnings)."""
        out = {g.id: [sum(1 for e in layout.fields[g.id] if e.set_in_file), 0, 0] for g in layout.groups}
        for d in diagnostics:
            if d.severity == "info" or not d.path:
                continue
            group = self.group_of_path(d.path)
            if group in out:
                out[group][1 if d.severity == "error" else 2] += 1
        return {k: (v[0], v[1], v[2]) for k, v in out.items()}


def _env_group(prefix: tuple[Segment, ...], name: str) -> TreeGroup:
    shown = plain(name)
    return TreeGroup(ENV_GROUP_PREFIX + format_path(prefix), f"Environment › {shown}", env_summary(shown), shown)


def _has(values: dict[str, Any], segments: tuple[str | int, ...]) -> bool:
    node: Any = values
    for seg in segments:
        if isinstance(node, dict) and isinstance(seg, str) and seg in node:
            node = node[seg]
        elif isinstance(node, list) and isinstance(seg, int) and 0 <= seg < len(node):
            node = node[seg]
        else:
            return False
    return True


class Flagged:
    """The paths with an error or a warning, ready to say which fields show one: built once per check, each
    field then asked in the steps of its own path (not against every problem: thousands of unknown keys made
    the errors filter and F8 quadratic)."""

    def __init__(self, diagnostics: Iterable[Diagnostic]) -> None:
        self.paths = {d.path for d in diagnostics if d.severity in ("error", "warning")}
        self.holding: set[str] = set()
        """Each flagged path and every path it lies inside: a field there shows the problem."""
        for path in self.paths:
            self.holding.update(outer_paths(path))

    def passing(self, entries: Iterable[FieldEntry]) -> list[FieldEntry]:
        """``entries`` with a problem at or inside their path; an object's own problem (no field of its own) is
        shown on its fields (see ConfigForm): they pass too."""
        entries = list(entries)
        fields = {e.path for e in entries}
        return [
            e
            for e in entries
            if e.path in self.holding
            or (e.path == "" and bool(self.paths))
            or any(p in self.paths and p not in fields for p in outer_paths(e.path) if p)
        ]


def filter_matches(
    model: FormModel, layout: FormLayout, flt: FormFilter, diagnostics: list[Diagnostic]
) -> dict[str, tuple[int, int]] | None:
    """Per group under ``flt``: (fields that pass, all fields); ``None`` when nothing is filtered."""
    if flt == "all":
        return None
    flagged = Flagged(diagnostics) if flt == "errors" else None
    out = {}
    for g in layout.groups:
        entries = layout.fields.get(g.id, [])
        shown = flagged.passing(entries) if flagged is not None else model.visible(entries, flt, diagnostics)
        out[g.id] = (len(shown), len(entries))
    return out
