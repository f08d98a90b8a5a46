"""Commands on a config file: get, set, unset, dump."""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from fwk_tui.cli.config_file import Stop, find_config, guard, lookup_value, open_config, option_path, writing
from fwk_tui.cli.json_values import to_json
from fwk_tui.cli.output import err, out, out_json
from fwk_tui.cli.set_check import checked_write, print_code, print_spreads, replaced_code
from fwk_tui.cli.set_value import number_form_warning, set_value
from fwk_tui.exits import Exit
from fwk_tui.paths import OptionPath, format_path
from fwk_tui.source import ConfigDocument, load_document, save_document
from fwk_tui.source.render import Renderer
from fwk_tui.source.spreads import spread_notes
from fwk_tui.source.summary import one_line
from fwk_tui.source.textutil import plain, unified_diff
from fwk_tui.source.values import Code, JSValue
from fwk_tui.validate.env import MASK, masked_values

if TYPE_CHECKING:
    from fwk_tui.validate.spread_contents import Pass

_DUMP_WIDTH = 100


def register(sub: argparse._SubParsersAction) -> None:  # noqa: SLF001
    """Add the document commands to ``sub``."""
    get = sub.add_parser(
        "get", help="print the value at PATH", description="Print the value at PATH as the app gets it at run time."
    )
    get.add_argument("path", metavar="PATH", help='option path, e.g. app.head.meta[0].name or routeRules["/api/**"]')
    _file_option(get)
    get.add_argument("--json", action="store_true", help='print JSON (code as {"code": "..."})')
    _secrets_option(get)
    get.set_defaults(run=run_get)

    set_ = sub.add_parser(
        "set",
        help="set PATH to VALUE",
        description=(
            "Set PATH to VALUE, a JSON or JavaScript literal (quote strings: \"'/api'\"). The edited config is "
            "checked like `fwk-tui check` does: an error the edit brings is printed and nothing is written "
            "(exit 1) unless --force; warnings are printed and the value is written. Code at PATH (getPort(), "
            "process.env.X ?? 3) is not replaced without --force (exit 1). A number VALUE the file writes otherwise "
            "(1.10 is 1.1) is written with a warning saying how to quote it. A VALUE that does not read exits 2 "
            "and says what to type instead."
        ),
    )
    set_.add_argument("path", metavar="PATH")
    set_.add_argument("value", metavar="VALUE")
    _file_option(set_)
    set_.add_argument("--dry-run", action="store_true", help="print the change as a diff; write nothing")
    set_.add_argument("--code", action="store_true", help="VALUE is a JavaScript expression, written as is")
    _backup_options(set_)
    set_.add_argument(
        "--force",
        action="store_true",
        help="write even when the new value brings errors, replaces code or a spread of the object defines the key",
    )
    set_.add_argument("--variant", choices=["A", "B"], help="layout variant to check with (default: detected)")
    set_.add_argument("--json", action="store_true", help="print the outcome and its diagnostics as JSON")
    set_.set_defaults(run=run_set)
    # argparse takes a word starting with `-` for an option unless it reads like -1 or -.5; a VALUE
    # is JavaScript (-1e3, -0x10, -Infinity), so a single-dash word naming no option of `set` is VALUE.
    set_._negative_number_matcher = re.compile(r"^-[^-]")  # noqa: SLF001

    unset = sub.add_parser(
        "unset",
        help="remove PATH",
        description=(
            "Remove PATH from the config. When PATH is code (or holds some), when removing it lets an earlier "
            "spread's value show, or a later spread may (or may not) set the key, nothing is written (exit 1) "
            "unless --force; a key a later spread surely replaces had no effect, and removing it is written with "
            "a note."
        ),
    )
    unset.add_argument("path", metavar="PATH")
    _file_option(unset)
    unset.add_argument("--dry-run", action="store_true", help="print the change as a diff; write nothing")
    _backup_options(unset)
    unset.add_argument(
        "--force", action="store_true", help="remove it even when it is code or a spread defines the key too"
    )
    unset.set_defaults(run=run_unset)

    dump = sub.add_parser("dump", help="print every value", description="Print every value as `path = value`.")
    _file_option(dump)
    dump.add_argument("--json", action="store_true", help="print the whole config as JSON")
    _secrets_option(dump)
    dump.set_defaults(run=run_dump)


def _secrets_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--show-secrets",
        action="store_true",
        help="print private runtimeConfig values (those outside public and app) instead of ****, for scripts",
    )


def _file_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--file", "-f", metavar="FILE", help="config file (default: ./fwk.config.ts, then .js, then .mjs)"
    )


def _backup_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--backup", action="store_true", help="keep the previous file as <file>.bak")
    parser.add_argument(
        "--overwrite-read-only", action="store_true", help="write even when the file's mode is read-only (0444)"
    )


def run_get(ns: argparse.Namespace) -> int:
    """``fwk-tui get PATH``: 0 and the value, or 1 when nothing is there."""
    return guard(lambda: _get(ns))


def run_set(ns: argparse.Namespace) -> int:
    """``fwk-tui set PATH VALUE``: write the file (or print a diff with ``--dry-run``)."""
    return guard(lambda: _set(ns))


def run_unset(ns: argparse.Namespace) -> int:
    """``fwk-tui unset PATH``: 1 when PATH is not there."""
    return guard(lambda: _unset(ns))


def run_dump(ns: argparse.Namespace) -> int:
    """``fwk-tui dump``: every leaf as ``path = value``, or the whole config as JSON."""
    return guard(lambda: _dump(ns))


def _get(ns: argparse.Namespace) -> int:
    file, doc = open_config(ns.file)
    path = option_path(ns.path)
    try:
        value, notes = _lookup_through_spreads(doc, file, path)
    except Stop as stop:
        if stop.code == Exit.NOT_FOUND:
            stop.message += _given_elsewhere(file, doc, path)
        raise
    shown = masked_values(value, path, ns.show_secrets)
    if shown != value:
        notes.append(f"{file}: note: private values are shown as {MASK} (--show-secrets prints them)")
    if ns.json:
        out_json(to_json(shown))
    else:
        out(Renderer(doc.style).value(_masks_bare(shown)))
    if doc.read_only:
        notes.append(f"{file}: note: {doc.read_only}; this is the value written in the file")
    for note in notes:
        err(note)
    return Exit.OK


def _given_elsewhere(file: Path, doc: ConfigDocument, path: OptionPath) -> str:
    """Where the project gives ``path`` a value the file does not write (``get`` reads the file): a layer, an
    environment's section or a variable, said with the command that shows it."""
    from fwk_tui.catalog import load_catalog
    from fwk_tui.project import Project
    from fwk_tui.resolve.tree import node_at

    try:
        effective = Project.at(file).effective(doc, load_catalog())
    except Exception:  # noqa: BLE001  a hint only: the answer (no value in the file) stands without it
        return ""
    shown = format_path(path)
    if node_at(effective.runtime.values, path) is not None or node_at(effective.resolved.config, path) is not None:
        return f" (the project gives it one: `fwk-tui why {shown}` says where)"
    sections = effective.resolved.set_in_sections(path)
    if sections:
        name = sections[0][0]
        return f" (the {name} environment gives it one: `fwk-tui why {shown} --env {name}`)"
    return ""


def _lookup_through_spreads(doc: ConfigDocument, file: Path, path: OptionPath) -> tuple[JSValue, list[str]]:
    """The value at ``path`` as JavaScript builds it from the readable spreads, and the spreads that give
    (or may give) it; exit 1 when a later spread surely replaces what the file writes there."""
    from fwk_tui.validate.spread_contents import spread_contents
    from fwk_tui.validate.values import MISSING, lookup

    contents = spread_contents(doc)
    if contents is None:
        return lookup_value(doc, file, path), []
    origin = contents.origin(path)
    where = format_path(path)
    render = Renderer(doc.style)
    notes = origin.notes(lambda v: one_line(render.value(v), 60))
    if origin.value is MISSING:
        replaced = _replaced_by(contents.passes[0], path, render) if _written(doc, path) else None
        if replaced is not None:
            raise Stop(Exit.NOT_FOUND, f"{file}: no value at {where} at run time: {replaced}")
        if notes:
            raise Stop(Exit.NOT_FOUND, f"{file}: no value at {where} in the file; " + "; ".join(notes))
        return lookup_value(doc, file, path), []
    out = [f"{file}: {where}{' is' if n.startswith('set by') else ':'} {n}" for n in notes]
    for merged in contents.passes:  # a spread under a condition may replace it in one branch only
        replaced = _replaced_by(merged, path, render) if lookup(merged.values, path) is MISSING else None
        if replaced is not None:
            out.append(f"{file}: {where}: no value at run time: {replaced}")
    return origin.value, out


def _written(doc: ConfigDocument, path: OptionPath) -> bool:
    try:
        doc.get(path)
    except KeyError:
        return False
    return True


def _replaced_by(merged: Pass, path: OptionPath, render: Renderer) -> str | None:
    """The later spread that replaces an object on the way to ``path`` (or its key) with a value lacking it."""
    from fwk_tui.validate.values import lookup

    for depth in range(len(path), 0, -1):
        spread = merged.origins.get(path[:depth])
        if spread is not None:
            shown = one_line(render.value(lookup(merged.values, path[:depth])), 60)
            return f"{spread} comes after it and sets {format_path(path[:depth])}: {shown}"
    return None


def _set(ns: argparse.Namespace) -> int:
    file = find_config(ns.file)
    with writing(file, ns.dry_run):
        doc = load_document(file)
        path = option_path(ns.path)
        new = set_value(doc, path, ns)
        warning = number_form_warning(ns)
        if warning is not None:
            err(warning)
        return checked_write(file, doc, new, path, ns, lambda: _save(new, file, ns))


def _unset(ns: argparse.Namespace) -> int:
    file = find_config(ns.file)
    with writing(file, ns.dry_run):
        doc = load_document(file)
        path = option_path(ns.path)
        if doc.read_only:  # as set says it, whether the key is written or not
            raise Stop(Exit.BAD_INPUT, f"{file}: read-only: {doc.read_only}")
        lookup_value(doc, file, path)
        try:
            new = doc.unset(path)
        except KeyError:
            raise Stop(Exit.NOT_FOUND, f"{file}: no value at {format_path(path)}") from None
        found = spread_notes(doc, new, path)
        notes = [n for n in found if n.risky]
        removed_code = replaced_code(doc, None, path)
        if (notes or removed_code) and not ns.force:
            if ns.dry_run:
                _finish(file, doc, new, ns)
            print_spreads(file, notes, False, ns.dry_run)
            print_code(file, removed_code, removing=True, forced=False, dry_run=ns.dry_run)
            return Exit.FINDINGS
        code = _finish(file, doc, new, ns)
        print_spreads(file, notes, True, ns.dry_run)
        print_code(file, removed_code, removing=True, forced=True, dry_run=ns.dry_run)
        # A key a later spread surely replaces had no effect: removing it is written, and said.
        for note in found:
            if note.outcome == "overridden" and not note.risky:
                err(f"{file}:{note.line}:{note.column}: note: {note.message()}")
        return code


def _dump(ns: argparse.Namespace) -> int:
    file, doc = open_config(ns.file)
    if doc.read_only:
        err(f"{file}: note: {doc.read_only}; these are the values written in the file")
    written = _run_time_values(doc, file)
    values = masked_values(written, (), ns.show_secrets)
    if values != written:
        err(f"{file}: note: private values are shown as {MASK} (--show-secrets prints them)")
    if ns.json:
        out_json(to_json(values))
        return Exit.OK
    render = Renderer(doc.style)
    shown = _masks_bare(values)
    lines = [f"{format_path(p)} = {one_line(render.value(v, '', True), _DUMP_WIDTH)}" for p, v in _leaves(shown)]
    if lines:
        out("\n".join(lines))
    return Exit.OK


def _run_time_values(doc: ConfigDocument, file: Path) -> dict[str, JSValue]:
    """The config as JavaScript builds it from the spreads fwk-tui can read; those it cannot are named on stderr."""
    from fwk_tui.validate.spread_contents import spread_contents

    contents = spread_contents(doc)
    if contents is None:
        return doc.values()
    for unread in contents.unread:
        err(f"{file}: note: {unread.label} may add keys fwk-tui cannot read ({unread.reason})")
    if len(contents.passes) > 1:
        err(f"{file}: note: a spread under a condition is shown as when its condition holds (`get PATH` says when)")
    return contents.passes[0].values


def _masks_bare(value: JSValue) -> JSValue:
    """``value`` with each masked value written bare (``****``, as ``resolve`` and ``why`` print it): quoted, it
    would read as the text '****'."""
    if isinstance(value, dict):
        return {k: _masks_bare(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_masks_bare(v) for v in value]
    return Code(MASK) if value == MASK else value


def _leaves(value: JSValue, path: OptionPath = ()) -> Iterator[tuple[OptionPath, JSValue]]:
    """Each value that is not a non-empty object or array, with its path, in order."""
    if isinstance(value, dict) and value:
        for key, item in value.items():
            yield from _leaves(item, (*path, key))
    elif isinstance(value, list) and value:
        for index, item in enumerate(value):
            yield from _leaves(item, (*path, index))
    elif path:
        yield path, value


def _finish(file: Path, old: ConfigDocument, new: ConfigDocument, ns: argparse.Namespace) -> int:
    if ns.dry_run:
        diff = unified_diff(old.text, new.text, str(file))
        if diff:
            sys.stdout.write(plain(diff))
        return Exit.OK
    _save(new, file, ns)
    return Exit.OK


def _save(doc: ConfigDocument, file: Path, ns: argparse.Namespace) -> None:
    for note in save_document(doc, file, backup=ns.backup, read_only_ok=ns.overwrite_read_only):
        err(note)
