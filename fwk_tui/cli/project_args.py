"""The project a command reads, from its flags: the config, its layers, an environment and ``.env`` files.

``resolve``, ``why`` and ``env`` take the same flags and read the project the same way, so they give one answer:
the config merged with its layers (and the section of ``--env``), the variables of ``--dotenv`` (default: ``.env``
beside the config) and of the process, the variant and source folder from the folder beside the config.
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from fwk_tui.catalog import Catalog, Variant, load_catalog
from fwk_tui.cli.config_file import Stop, open_config
from fwk_tui.cli.output import err
from fwk_tui.exits import Exit
from fwk_tui.project import Project
from fwk_tui.resolve.effective import Effective
from fwk_tui.resolve.variables import DotenvFile
from fwk_tui.source import ConfigDocument
from fwk_tui.userfiles import UnreadableFile


def project_flags(parser: argparse.ArgumentParser) -> None:
    """``--env``, ``--show-secrets`` and ``--dotenv`` (repeatable)."""
    parser.add_argument("--env", metavar="NAME", help="environment: production, development, test or a $env name")
    parser.add_argument(
        "--show-secrets",
        action="store_true",
        help="print private runtimeConfig values (those outside public and app) instead of ****, for scripts",
    )
    parser.add_argument(
        "--dotenv",
        metavar="FILE",
        action="append",
        default=[],
        help=".env file to read (repeatable; later wins; default: .env beside the config)",
    )


@dataclass(frozen=True)
class Opened:
    """A config read in its project, with its ``.env`` files and its effective configuration."""

    project: Project
    doc: ConfigDocument
    dotenv: list[DotenvFile]
    effective: Effective

    @property
    def file(self) -> Path:
        assert self.project.file is not None
        return self.project.file


def project_from_flags(
    file_option: str | None,
    ns: argparse.Namespace,
    *,
    with_defaults: bool = False,
    named_by: str = "--file",
    environ: Mapping[str, str] | None = None,
) -> Opened:
    """The config the flags name, read in its project, with its ``.env`` files and its effective configuration."""
    file, doc = open_config(file_option, named_by)
    project = Project.at(file, env=ns.env or None, dotenv=[Path(p) for p in ns.dotenv], environ=environ)
    return opened_in(project, doc, with_defaults=with_defaults)


def opened_in(project: Project, doc: ConfigDocument, *, with_defaults: bool = False) -> Opened:
    """``doc`` (read from the project's file) with its ``.env`` files (those given, else ``.env`` beside it) and its
    effective configuration; an unreadable ``.env`` stops the command."""
    try:
        dotenv = project.dotenv()
    except UnreadableFile as exc:
        raise Stop(Exit.BAD_INPUT, str(exc)) from None
    effective = project.effective(doc, load_catalog(), with_defaults=with_defaults, dotenv=dotenv)
    return Opened(project, doc, dotenv, effective)


def variant_flags(parser: argparse.ArgumentParser) -> None:
    """``--variant`` and ``--file`` of a command about options (see :func:`variant_here`)."""
    parser.add_argument(
        "--variant",
        choices=["A", "B"],
        help="layout variant (default: the one check detects for the config here or --file's, else A)",
    )
    parser.add_argument(
        "--file", metavar="FILE", help="the config whose project gives the variant (default: ./fwk.config.ts)"
    )


def catalog_here(file_option: str | None = None) -> Catalog:
    """The catalogue with the options of the modules the project here (or ``file_option``'s) installs; the
    catalogue alone when there is no config here or it does not read (``search`` and ``browse`` answer anyway)."""
    from fwk_tui.modules.as_options import with_modules
    from fwk_tui.source import DocumentError, find_config_file

    catalog = load_catalog()
    if file_option is None and find_config_file(".") is None:
        return catalog
    try:
        file, doc = open_config(file_option)
    except (Stop, DocumentError):
        return catalog
    return with_modules(catalog, Project.at(file).modules(doc.values())[0])


def variant_here(
    chosen: Variant | None, file_option: str | None, catalog: Catalog
) -> tuple[Variant, str | None, str | None]:
    """The variant a command about options speaks of (``explain``, ``browse``, ``schema``), the config it is detected
    for and why: ``chosen`` (``--variant``; no config), else the one ``check`` detects for the config of
    ``file_option`` or this folder (its project: values and folders), else A when there is none."""
    from fwk_tui.source import DocumentError, find_config_file

    if chosen is not None:
        return chosen, None, None
    if file_option is None and find_config_file(".") is None:
        return "A", None, None  # no project here: the catalogue's first variant
    try:
        file, doc = open_config(file_option)
    except (Stop, DocumentError) as error:
        if file_option is not None:
            raise
        said = error.message if isinstance(error, Stop) else str(error).splitlines()[0]
        err(f"note: {said}; taken as variant A (--variant chooses)")  # a question about options stands
        return "A", None, None
    choice = Project.at(file).variant(catalog, doc.values())
    return choice.variant, str(file), choice.reason
