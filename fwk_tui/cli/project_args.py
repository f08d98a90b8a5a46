"""The project a command reads, from its flags: the config, its layers, an environment and ``.env`` files.

``resolve``, ``why`` and ``env`` take the same flags and read the project the same way, so they give one answer:
the config merged with its layers (and the section of ``--env``), the variables of ``--dotenv`` (default: ``.env``
beside the config) and of the process, the variant and source folder from the folder beside the config.
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from fwk_tui.catalog import load_catalog
from fwk_tui.cli.config_file import Stop, open_config
from fwk_tui.exits import Exit
from fwk_tui.resolve.effective import Effective, dotenv_files, effective_config
from fwk_tui.resolve.variables import DotenvFile
from fwk_tui.source import ConfigDocument
from fwk_tui.surroundings import read_layout
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
class Project:
    """A config read with what lies beside it: its ``.env`` files and its effective configuration."""

    file: Path
    doc: ConfigDocument
    dotenv: list[DotenvFile]
    effective: Effective


def project_from_flags(
    file_option: str | None,
    ns: argparse.Namespace,
    *,
    with_defaults: bool = False,
    named_by: str = "--file",
    environ: Mapping[str, str] | None = None,
) -> Project:
    """The config the flags name, read, with its ``.env`` files and its effective configuration."""
    file, doc = open_config(file_option, named_by)
    return project_at(
        file, doc, [Path(p) for p in ns.dotenv], env=ns.env or None, with_defaults=with_defaults, environ=environ
    )


def project_at(
    file: Path,
    doc: ConfigDocument,
    dotenv_paths: Sequence[Path] = (),
    *,
    env: str | None = None,
    with_defaults: bool = False,
    environ: Mapping[str, str] | None = None,
) -> Project:
    """``doc`` (read from ``file``) with its ``.env`` files (those given, else ``.env`` beside it) and its effective
    configuration in environment ``env``; an unreadable ``.env`` stops the command."""
    try:
        dotenv = dotenv_files(dotenv_paths, file.resolve().parent)
    except UnreadableFile as exc:
        raise Stop(Exit.BAD_INPUT, str(exc)) from None
    layout = read_layout(file)  # the variant and the source folder follow the folder, as check's do
    effective = effective_config(
        file, doc, load_catalog(), env=env, dotenv=dotenv, environ=environ, with_defaults=with_defaults, layout=layout
    )
    return Project(file, doc, dotenv, effective)
