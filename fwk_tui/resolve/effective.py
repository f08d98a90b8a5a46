"""Everything together: layers and sections, then run-time variables and the catalogue's defaults."""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path as FilePath

from fwk_tui.catalog.models import Catalog, Variant
from fwk_tui.resolve.defaults import ModuleDefault, add_defaults, add_module_defaults
from fwk_tui.resolve.loader import Resolved, resolve_layers
from fwk_tui.resolve.tree import plain
from fwk_tui.resolve.variables import DotenvFile, Runtime, Variable, apply_variables, read_environment
from fwk_tui.source import ConfigDocument
from fwk_tui.userfiles import read_text_file
from fwk_tui.validate import env as env_rules
from fwk_tui.validate.sources import SourceFolder, source_folder
from fwk_tui.validate.surroundings import Layout
from fwk_tui.validate.variant import detect_variant


@dataclass
class Effective:
    """What the app runs with: the merged config, its run-time part, and how it was found."""

    resolved: Resolved
    runtime: Runtime
    environment: dict[str, Variable]
    variant: Variant
    defaults: int  # how many catalogue defaults were added
    source_folder: SourceFolder | None = None
    """The folder the app reads its sources from, when the folder beside the config was read."""


def dotenv_files(paths: Sequence[FilePath], base: FilePath) -> list[DotenvFile]:
    """The ``.env`` files to read: those given, else ``.env`` beside the config when there is one.

    Each is read as fwk-tui reads every file a user names (:func:`fwk_tui.userfiles.read_text_file`): a regular
    file of at most 1 MB of UTF-8, never a FIFO or a device. Raises UnreadableFile saying which and why.
    """
    if not paths:
        # Beside the config: one that is there is read as one named (a FIFO or a folder is refused, as the
        # loader could not read it either); a link to nothing is no file, as for the loader.
        default = base / ".env"
        paths = [default] if default.exists() else []
    read = [(path, read_text_file(path)) for path in paths]  # first: a link loop is refused in words here
    return [DotenvFile(_shown(path, base), text) for path, text in read]


def _shown(path: FilePath, base: FilePath) -> str:
    """``path`` relative to the config's folder when it is near it, else absolute."""
    real = os.path.realpath(path)
    try:
        relative = os.path.relpath(real, os.path.realpath(base))
    except ValueError:  # another drive
        return real
    return real if relative.startswith(os.path.join(os.pardir, os.pardir)) else relative


def effective_config(
    file: FilePath,
    doc: ConfigDocument,
    catalog: Catalog,
    *,
    env: str | None = None,
    dotenv: Sequence[DotenvFile] = (),
    environ: Mapping[str, str] | None = None,
    with_defaults: bool = False,
    layout: Layout | None = None,
    module_defaults: Sequence[ModuleDefault] = (),
) -> Effective:
    """The effective configuration of ``doc`` (read from ``file``) for environment ``env``; ``layout`` is the folder
    beside the config, when read (the variant and the source folder follow it); ``module_defaults``: what the
    installed modules declare, added with the catalogue's defaults."""
    resolved = resolve_layers(file, doc, env)
    environment = read_environment(os.environ if environ is None else environ, dotenv, variable_prefixes(resolved))
    return effective_of(
        resolved, catalog, environment, with_defaults=with_defaults, layout=layout, module_defaults=module_defaults
    )


def variable_prefixes(resolved: Resolved) -> list[str]:
    """Every prefix the config's variables have in some environment (``FWK_``, and each ``envPrefix`` the files
    or their sections set): a variable private in one environment holds a secret in all of them."""
    found: list[str] = []
    configs: list[object] = [plain(resolved.config)]
    for source in resolved.sources:
        configs.append(plain(source.body))
        sections = plain(source.sections) if source.sections is not None else {}
        for name, section in sections.items() if isinstance(sections, dict) else ():
            named = section.values() if name == "$env" and isinstance(section, dict) else [section]
            configs += list(named)
    for config in configs:
        for prefix in env_rules.prefixes(config) if isinstance(config, dict) else []:
            if prefix not in found:
                found.append(prefix)
    return found or [env_rules.PREFIX]


def effective_of(
    resolved: Resolved,
    catalog: Catalog,
    environment: dict[str, Variable],
    *,
    with_defaults: bool = False,
    layout: Layout | None = None,
    module_defaults: Sequence[ModuleDefault] = (),
) -> Effective:
    """The effective configuration of a merge already made (see ``remerge``) and the variables read."""
    values = plain(resolved.config)
    assert isinstance(values, dict)
    variant = detect_variant(catalog, values, layout).variant
    folder = source_folder(values, variant, layout) if layout is not None else None
    runtime = apply_variables(resolved.config, catalog, environment)
    added = add_defaults(resolved.config, catalog, variant, folder) if with_defaults else 0
    added += add_module_defaults(resolved.config, module_defaults) if with_defaults else 0
    return Effective(resolved, runtime, environment, variant, added, folder)
