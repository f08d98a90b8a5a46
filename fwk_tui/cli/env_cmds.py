"""``fwk-tui env``: the FWK_ variables that override a config's runtimeConfig and app keys at run time."""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from fwk_tui.catalog import load_catalog
from fwk_tui.cli.config_file import Stop, guard, open_config
from fwk_tui.cli.json_values import to_json
from fwk_tui.cli.output import out, out_json
from fwk_tui.exits import Exit
from fwk_tui.source.textutil import plain_line
from fwk_tui.userfiles import UnreadableFile, read_text_file
from fwk_tui.validate.values import MISSING

if TYPE_CHECKING:
    from fwk_tui.validate.env import DotenvMatch, EnvVar

# fwk_tui.validate.env is imported when `env` runs: every start of fwk-tui (the editor's too)
# imports this module to list the command.


DESCRIPTION = (
    "List the FWK_ variables that override runtimeConfig and app keys of FILE. With --dotenv, say "
    "what each FWK_ variable of that file overrides; exit 1 when one is probably misspelt."
)


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:  # noqa: SLF001
    """Add ``env`` to ``sub``."""
    summary = "environment variables that override the config at run time"
    env = sub.add_parser("env", help=summary, description=DESCRIPTION)
    env.add_argument("file", nargs="?", metavar="FILE", help="config file")
    env.add_argument("--dotenv", metavar="PATH", help="a .env file to match against the config")
    env.add_argument("--json", action="store_true", help="print a JSON object")
    env.add_argument(
        "--show-secrets", action="store_true", help="print private values (and those matching no key) instead of ****"
    )
    env.set_defaults(run=run_env)


def run_env(ns: argparse.Namespace) -> int:
    """``fwk-tui env [FILE] [--dotenv PATH]``."""
    return guard(lambda: _env(ns))


def _env(ns: argparse.Namespace) -> int:
    from fwk_tui.validate.env import env_variables, match_dotenv, parse_dotenv, prefixes, referenced_env
    from fwk_tui.validate.spread_contents import read_through_spreads

    file, doc = open_config(ns.file, "FILE")
    values, _ = read_through_spreads(doc)  # `...base` of a const of the file: its keys too, as `get` reads them
    variables = env_variables(load_catalog(), values)
    found_prefixes = prefixes(values)
    matches: list[DotenvMatch] | None = None
    filled: dict[str, str] = {}
    if ns.dotenv:
        try:
            text = read_text_file(Path(ns.dotenv))
        except UnreadableFile as exc:
            raise Stop(Exit.BAD_INPUT, str(exc)) from None
        entries = parse_dotenv(text)
        matches = match_dotenv(variables, entries, found_prefixes, referenced_env(doc.text))
        filled = _filled(ns.dotenv, text, {e.name for e in entries}, found_prefixes, ns.show_secrets)
    listing = _Listing(file, variables, found_prefixes, ns.dotenv, matches, _env_notes(values), filled)
    if ns.json:
        out_json(_env_json(listing, ns.show_secrets))
    else:
        _env_text(listing, ns.show_secrets)
    typos = [m for m in matches or [] if m.status == "unmatched" and m.suggestion]
    return Exit.FINDINGS if typos else Exit.OK


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
class _Listing:
    """What ``env`` found: the config's variables and, with --dotenv, what each of the file's does."""

    file: Path
    variables: list[EnvVar]
    found_prefixes: list[str]
    dotenv: str | None
    matches: list[DotenvMatch] | None
    notes: list[str]
    filled: dict[str, str]
    """Each variable of the --dotenv file as the loader reads it."""


def _env_text(listing: _Listing, show: bool) -> None:
    from fwk_tui.validate.env import shown_value

    file, variables, found_prefixes = listing.file, listing.variables, listing.found_prefixes
    dotenv, matches, notes = listing.dotenv, listing.matches, listing.notes
    leaves = [v for v in variables if v.leaf and (v.value is not MISSING or v.path.startswith("app."))]
    out(f"{file}: variables that override runtimeConfig and app at run time (prefix {', '.join(found_prefixes)})")
    for note in notes:
        out(f"  note: {note}")
    name_w = max((len(v.name) for v in leaves), default=0)
    path_w = max((len(v.path) for v in leaves), default=0)
    for v in leaves:
        kind = "private" if v.private else "public"
        value = f"file: {shown_value(v, v.value, show)}" if v.value is not MISSING else "not set in the file"
        extra = f"  ({v.note})" if v.note else ""
        out(f"  {v.name.ljust(name_w)}  {v.path.ljust(path_w)}  {kind:<7}  {value}{extra}")
    if matches is None:
        return
    out("")
    out(f"{dotenv}: {len(matches)} variable{'' if len(matches) == 1 else 's'} with prefix {', '.join(found_prefixes)}")
    for m in matches:
        where = f"{dotenv}:{m.entry.line}"
        assigned = f"{m.entry.name}={_masked(m, show, listing.filled)}"
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
            if m.suggestion:
                what += f"; did you mean {m.suggestion}?"
        out(f"  {where}: {assigned}  {what}")
    unmatched = sum(1 for m in matches if m.status == "unmatched")
    if unmatched:
        out(f"{unmatched} variable{'' if unmatched == 1 else 's'} match{'es' if unmatched == 1 else ''} nothing")


def _masked(m: DotenvMatch, show: bool, filled: dict[str, str]) -> str:
    """A .env value as the loader reads it: public keys' values, everything else masked (``show``: nothing)."""
    from fwk_tui.validate.env import MASK

    if show or (m.status == "overrides" and m.variable is not None and not m.variable.private):
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
    }
    if listing.matches is not None:
        out["dotenv"] = {
            "file": listing.dotenv,
            "entries": [
                {
                    "name": m.entry.name,
                    "line": m.entry.line,
                    "value": _masked(m, show, listing.filled),
                    "status": m.status,
                    "path": m.variable.path if m.variable else None,
                    "suggestion": m.suggestion,
                }
                for m in listing.matches
            ],
        }
    return out
