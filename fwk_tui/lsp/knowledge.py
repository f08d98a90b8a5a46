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
    _effective: Effective | None = field(default=None, init=False, repr=False)
    _loaded: bool = field(default=False, init=False, repr=False)

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

    @property
    def folder(self) -> FilePath | None:
        """The config's folder: where the files an origin names are relative to."""
        return None if self.path is None else self.path.resolve().parent

    @classmethod
    def of(cls, catalog: Catalog, doc: ConfigDocument, project: Project, *, variant: Variant | None = None) -> Knowledge:
        """What is known of ``doc`` in ``project``: the variant detected as ``check`` detects it, unless given."""
        variant = project.variant(catalog, doc.values(), variant).variant
        if project.file is None:
            return cls(catalog, variant)
        return cls(catalog, variant, project.file, lambda: effective_for(project, doc, catalog))


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
