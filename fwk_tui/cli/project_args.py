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

from fwk_tui.catalog import load_catalog
from fwk_tui.cli.config_file import Stop, open_config
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
