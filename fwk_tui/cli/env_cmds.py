"""``fwk-tui env``: the FWK_ variables that override a config's runtimeConfig and app keys at run time."""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from fwk_tui.catalog import load_catalog
from fwk_tui.cli.config_file import guard
from fwk_tui.cli.json_values import to_json
from fwk_tui.cli.output import out, out_json
from fwk_tui.cli.project_args import project_flags, project_from_flags
from fwk_tui.exits import Exit
from fwk_tui.source.textutil import plain_line
from fwk_tui.validate.values import MISSING

if TYPE_CHECKING:
    from fwk_tui.resolve.effective import Effective
    from fwk_tui.validate.env import DotenvMatch, EnvVar

# fwk_tui.validate.env is imported when `env` runs: every start of fwk-tui (the editor's too)
# imports this module to list the command.


DESCRIPTION = (
    "List the FWK_ variables that override runtimeConfig and app keys of FILE merged with its layers (and the "
    "section of --env). Say what each FWK_ variable of the .env files (--dotenv; default: .env beside the config) "
    "overrides; exit 1 when one is probably misspelt."
)


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:  # noqa: SLF001
    """Add ``env`` to ``sub``."""
    summary = "environment variables that override the config at run time"
    env = sub.add_parser("env", help=summary, description=DESCRIPTION)
    env.add_argument("file", nargs="?", metavar="FILE", help="config file")
    project_flags(env)
    env.add_argument("--json", action="store_true", help="print a JSON object")
    env.set_defaults(run=run_env)


def run_env(ns: argparse.Namespace) -> int:
    """``fwk-tui env [FILE] [--dotenv PATH]``."""
    return guard(lambda: _env(ns))


def _env(ns: argparse.Namespace) -> int:
    from fwk_tui.resolve.effective import variable_prefixes
    from fwk_tui.resolve.tree import plain
    from fwk_tui.validate.env import env_variables, match_dotenv, parse_dotenv, referenced_env

    opened = project_from_flags(ns.file, ns, named_by="FILE", environ={})
    file, doc, effective = opened.file, opened.doc, opened.effective
    values = plain(effective.resolved.config)  # the layers' keys too, and the section of --env
    assert isinstance(values, dict)
    variables = env_variables(load_catalog(), values)
    found_prefixes = variable_prefixes(effective.resolved)
    files: list[_DotenvListing] = []
    for dotenv in opened.dotenv:  # read once, with the project
        entries = parse_dotenv(dotenv.text)
        matches = match_dotenv(variables, entries, found_prefixes, referenced_env(doc.text))
        filled = _filled(dotenv.shown, dotenv.text, {e.name for e in entries}, found_prefixes, ns.show_secrets)
        files.append(_DotenvListing(dotenv.shown, matches, filled))
    in_sections = _set_in_sections(effective, found_prefixes) if not ns.env else {}
    listing = _Listing(
        file, variables, found_prefixes, files, _env_notes(values), len(effective.resolved.layers), in_sections
    )
    if ns.json:
        out_json(_env_json(listing, ns.show_secrets))
    else:
        _env_text(listing, ns.show_secrets)
    typos = [
        m for f in files for m in f.matches
        if m.status == "unmatched" and m.suggestion and m.entry.name not in in_sections
    ]
    return Exit.FINDINGS if typos else Exit.OK


def _set_in_sections(effective: Effective, prefixes: list[str]) -> dict[str, tuple[str, str]]:
    """Each variable whose key only an environment's section sets: its environment and the key's path."""
    from fwk_tui.resolve.sections import section_of
    from fwk_tui.resolve.tree import plain
    from fwk_tui.validate.env import env_variables, with_prefix

    catalog = load_catalog()
    found: dict[str, tuple[str, str]] = {}
    for name in effective.resolved.env_names:
        for source in effective.resolved.sources:
            section = plain(section_of(source.sections, name)) if source.sections is not None else {}
            for v in env_variables(catalog, section) if isinstance(section, dict) else []:
                if v.value is MISSING:
                    continue
                for prefix in prefixes:
                    found.setdefault(with_prefix(v.name, prefix), (name, v.path))
    return found


def _filled(name: str, text: str, names: set[str], prefixes: list[str], show: bool) -> dict[str, str]:
    """The file's variables as the loader reads them (``${NAME}`` filled in, ``\\$`` a dollar): what ``resolve``
    says they are. The process environment fills in references only, never the file's own names."""
    import os

    from fwk_tui.resolve.variables import DotenvFile, read_environment
    from fwk_tui.validate.env import MASK

    environ = {k: v for k, v in os.environ.items() if k not in names}
    read = read_environment(environ, [DotenvFile(name, text)], prefixes)
    # A public variable made from a private one's value is that secret: masked as resolve masks it.
    return {n: MASK if v.exposes and not show else v.value for n, v in read.items() if n in names}


def _env_notes(values: dict[str, Any]) -> list[str]:
    from fwk_tui.validate.values import is_code

    code = values.get("runtimeConfig")
    if is_code(code):
        return ["runtimeConfig is code: its keys cannot be listed"]
    return []


@dataclass(frozen=True)
class _DotenvListing:
    """What each FWK_ variable of one .env file does."""

    shown: str
    matches: list[DotenvMatch]
    filled: dict[str, str]
    """Each variable of the file as the loader reads it."""


@dataclass(frozen=True)
class _Listing:
    """What ``env`` found: the config's variables and what each of the .env files' does."""

    file: Path
    variables: list[EnvVar]
    found_prefixes: list[str]
    dotenv: list[_DotenvListing]
    notes: list[str]
    layers: int
    in_sections: dict[str, tuple[str, str]]
    """Without --env: the variables whose key an environment's section alone sets (its name and the key)."""


def _env_text(listing: _Listing, show: bool) -> None:
    from fwk_tui.validate.env import shown_value

    file, variables, found_prefixes = listing.file, listing.variables, listing.found_prefixes
    where = "the config and its layers give" if listing.layers else "the config gives"
    out(
        f"{file}: variables that override runtimeConfig and app at run time (prefix {', '.join(found_prefixes)}), "
        f"with the value {where} each key"
    )
    for note in listing.notes:
        out(f"  note: {note}")
    name_w = max((len(v.name) for v in variables), default=0)
    path_w = max((len(v.path) for v in variables), default=0)
    for v in variables:  # those of --json, in its order
        kind = "private" if v.private else "public"
        value = shown_value(v, v.value, show)  # "not set" when missing
        notes = ["a JSON object, merged into it key by key"] if not v.leaf else []
        notes += [v.note] if v.note else []
        extra = f"  ({'; '.join(notes)})" if notes else ""
        out(f"  {v.name.ljust(name_w)}  {v.path.ljust(path_w)}  {kind:<7}  {value}{extra}")
    for dotenv in listing.dotenv:
        _dotenv_text(listing, dotenv, show)


def _dotenv_text(listing: _Listing, dotenv: _DotenvListing, show: bool) -> None:
    file, found_prefixes = listing.file, listing.found_prefixes
    matches = dotenv.matches
    out("")
    count = f"{len(matches)} variable{'' if len(matches) == 1 else 's'}"
    out(f"{dotenv.shown}: {count} with prefix {', '.join(found_prefixes)}")
    for m in matches:
        assigned = f"{m.entry.name}={_masked(m, show, dotenv.filled, found_prefixes)}"
        if m.status == "overrides" and m.variable is not None:
            what = f"overrides {m.variable.path}"
            if not m.variable.leaf:
                what += " (its JSON object merged into it, key by key; another value replaces it)"
            if m.variable.note:
                what += f"; note: {m.variable.note}"
        elif m.status == "read-by-config":
            what = f"overrides no key; read by {file.name} itself (process.env.{m.entry.name})"
        else:
            what = "matches no key of runtimeConfig or app"
            section = listing.in_sections.get(m.entry.name)
            if section is not None:
                what += f" without an environment; in {section[0]} it overrides {section[1]} (--env {section[0]})"
            elif m.suggestion:
                what += f"; did you mean {m.suggestion}?"
        out(f"  {dotenv.shown}:{m.entry.line}: {assigned}  {what}")
    unmatched = sum(1 for m in matches if m.status == "unmatched")
    if unmatched:
        out(f"{unmatched} variable{'' if unmatched == 1 else 's'} match{'es' if unmatched == 1 else ''} nothing")


def _masked(m: DotenvMatch, show: bool, filled: dict[str, str], prefixes: list[str]) -> str:
    """A .env value as the loader reads it; a private one masked (``show``: none): one that overrides a private
    key, or matching no key and named as a private one would be."""
    from fwk_tui.resolve.variables import is_private_variable
    from fwk_tui.validate.env import MASK

    if m.status == "overrides" and m.variable is not None:
        private = m.variable.private
    else:
        private = is_private_variable(m.entry.name, prefixes)
    if show or not private:
        return plain_line(filled.get(m.entry.name, m.entry.value))
    return MASK


def _env_json(listing: _Listing, show: bool) -> dict[str, Any]:
    from fwk_tui.validate.env import MASK

    out: dict[str, Any] = {
        "file": str(listing.file),
        "prefixes": listing.found_prefixes,
        "notes": listing.notes,
        "variables": [
            {
                "name": v.name,
                "path": v.path,
                "visibility": "private" if v.private else "public",
                "whole_object": not v.leaf,
                "in_file": v.value is not MISSING,
                "value": None if v.value is MISSING else (MASK if v.private and not show else to_json(v.value)),
                "note": v.note,
            }
            for v in listing.variables
        ],
        "dotenv": [
            {
                "file": dotenv.shown,
                "entries": [
                    {
                        "name": m.entry.name,
                        "line": m.entry.line,
                        "value": _masked(m, show, dotenv.filled, listing.found_prefixes),
                        "status": m.status,
                        "path": m.variable.path if m.variable else None,
                        "suggestion": m.suggestion,
                        "environment": listing.in_sections.get(m.entry.name, (None,))[0],
                    }
                    for m in dotenv.matches
                ],
            }
            for dotenv in listing.dotenv
        ],
    }
    return out
