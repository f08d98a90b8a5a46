"""What the language server knows about one file besides its text: the catalogue, the variant, the layers.

A :class:`Knowledge` is handed to :func:`~fwk_tui.lsp.hover.hover`,
:func:`~fwk_tui.lsp.complete.complete`, :func:`~fwk_tui.lsp.symbols.symbols` and
:func:`~fwk_tui.lsp.definition.definition`. The effective configuration (the
file merged with its layers, its environment section and the ``FWK_``
variables) costs file reads, so it is computed on first use and kept: the
server makes a new ``Knowledge`` when the document or the layers change.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path as FilePath

from fwk_tui.catalog.models import Catalog, Variant
from fwk_tui.modules.declarations import Option
from fwk_tui.modules.installed import InstalledModule
from fwk_tui.project import Project
from fwk_tui.resolve.effective import Effective
from fwk_tui.source import ConfigDocument
from fwk_tui.validate.index import CatalogIndex, index_of

EffectiveLoader = Callable[[], "Effective | None"]


@dataclass
class Knowledge:
    """The catalogue, the variant the file is checked in, the config's path, and its effective configuration."""

    catalog: Catalog
    variant: Variant
    path: FilePath | None = None
    load_effective: EffectiveLoader | None = None
    """Computes the effective configuration, or None when nothing besides the file gives values."""
    load_modules: Callable[[], list[InstalledModule]] | None = None
    """Reads the modules the project installs (their options, from their packages)."""
    listed: Callable[[], object] | None = None
    """The config's ``modules`` (its ``[name, {...}]`` entries give a module its options too)."""
    _effective: Effective | None = field(default=None, init=False, repr=False)
    _loaded: bool = field(default=False, init=False, repr=False)
    _modules: list[InstalledModule] | None = field(default=None, init=False, repr=False)

    @property
    def index(self) -> CatalogIndex:
        """The catalogue as a tree of keys (built once per catalogue)."""
        return index_of(self.catalog)

    def effective(self) -> Effective | None:
        """The effective configuration of the file, read on first use.

        None when no layer, environment section or variable gives a value.
        """
        if not self._loaded:
            self._loaded = True
            self._effective = self.load_effective() if self.load_effective is not None else None
        return self._effective

    def modules(self) -> list[InstalledModule]:
        """The modules the project installs, read on first use."""
        if self._modules is None:
            self._modules = self.load_modules() if self.load_modules is not None else []
        return self._modules

    def module_at(self, path: tuple[str | int, ...]) -> tuple[InstalledModule, tuple[str, ...]] | None:
        """The installed module whose options ``path`` is in (under its key, ``colorMode.storage``, or in its
        entry of ``modules``, ``modules[0][1].storage``), and the path inside its options."""
        if len(path) >= 3 and path[0] == "modules" and isinstance(path[1], int) and path[2] == 1:
            listed = self.listed() if self.listed is not None else None
            entry = listed[path[1]] if isinstance(listed, list) and 0 <= path[1] < len(listed) else None
            name = entry[0] if isinstance(entry, list) and entry else None
            module = next((m for m in self.modules() if m.name == name), None) if isinstance(name, str) else None
            return (module, tuple(str(p) for p in path[3:])) if module is not None else None
        if path and isinstance(path[0], str):
            module = next((m for m in self.modules() if m.config_key == path[0]), None)
            return (module, tuple(str(p) for p in path[1:])) if module is not None else None
        return None

    def module_option(self, path: tuple[str | int, ...]) -> tuple[InstalledModule, Option] | None:
        """The installed module whose options ``path`` is in, and its option there."""
        found = self.module_at(path)
        option = found[0].declarations.option(found[1]) if found is not None and found[1] else None
        return (found[0], option) if found is not None and option is not None else None

    @property
    def folder(self) -> FilePath | None:
        """The config's folder: where the files an origin names are relative to."""
        return None if self.path is None else self.path.resolve().parent

    @classmethod
    def of(
        cls, catalog: Catalog, doc: ConfigDocument, project: Project, *, variant: Variant | None = None
    ) -> Knowledge:
        """What is known of ``doc`` in ``project``: the variant detected as ``check`` detects it, unless given."""
        variant = project.variant(catalog, doc.values(), variant).variant
        if project.file is None:
            return cls(catalog, variant)
        return cls(
            catalog,
            variant,
            project.file,
            lambda: effective_for(project, doc, catalog),
            lambda: project.modules(doc.values())[0],
            lambda: doc.values().get("modules"),
        )


def effective_for(project: Project, doc: ConfigDocument, catalog: Catalog) -> Effective | None:
    """The effective configuration of ``doc`` in ``project``, or None when the file alone gives every value.

    None also when the layers cannot be read at all (an OS error): the file's own values stand.
    """
    try:
        effective = project.effective(doc, catalog)
    except OSError:
        return None
    resolved = effective.resolved
    section = any(source.section is not None for source in resolved.sources)
    if resolved.layers or section or effective.runtime.overrides:
        return effective
    return None
