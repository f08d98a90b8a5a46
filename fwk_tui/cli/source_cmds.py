"""Commands on a config file: get, set, unset, dump."""

from __future__ import annotations

import argparse
import re
import shlex
import sys
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path
from typing import TYPE_CHECKING

from fwk_tui.cli.json_values import json_text, to_json
from fwk_tui.cli.value_input import Problem, as_string, describe, find_problem, shell_word
from fwk_tui.oserrors import os_error_message
from fwk_tui.paths import Path as OptionPath
from fwk_tui.paths import PathError, format_path, parse_path
from fwk_tui.source import (
    BusyError,
    Code,
    ConfigDocument,
    DocumentError,
    ParseError,
    ReadOnlyFileError,
    contains_code,
    find_config_file,
    load_document,
    locked,
    read_expression,
    save_document,
)
from fwk_tui.source.render import Renderer, method_name
from fwk_tui.source.spreads import SpreadNote, spread_notes
from fwk_tui.source.summary import one_line
from fwk_tui.source.textutil import plain, unified_diff
from fwk_tui.source.values import JSValue

if TYPE_CHECKING:
    from fwk_tui.catalog.models import Variant
    from fwk_tui.validate.spread_contents import Pass
    from fwk_tui.validate import Diagnostic

EXIT_OK, EXIT_NOT_FOUND, EXIT_BAD_INPUT = 0, 1, 2
EXIT_FINDINGS = 1  # set: the edit brings an error; nothing written
EXIT_BUSY = 1  # another fwk-tui kept the folder's write lock; nothing written
_DUMP_WIDTH = 100


class _Stop(Exception):
    """End the command with ``code`` after printing ``message`` to stderr."""

    def __init__(self, code: int, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def register(sub: argparse._SubParsersAction) -> None:  # noqa: SLF001
    """Add the document commands to ``sub``."""
    get = sub.add_parser(
        "get", help="print the value at PATH", description="Print the value at PATH as the app gets it at run time."
    )
    get.add_argument("path", metavar="PATH", help='option path, e.g. app.head.meta[0].name or routeRules["/api/**"]')
    _file_option(get)
    get.add_argument("--json", action="store_true", help='print JSON (code as {"code": "..."})')
    get.set_defaults(run=run_get)

    set_ = sub.add_parser(
        "set",
        help="set PATH to VALUE",
        description=(
            "Set PATH to VALUE, a JSON or JavaScript literal (quote strings: \"'/api'\"). The edited config is "
            "checked like `fwk-tui check` does: an error the edit brings is printed and nothing is written "
            "(exit 1) unless --force; warnings are printed and the value is written. A VALUE that does not "
            "read exits 2 and says what to type instead."
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
        help="write even when the new value brings errors or a spread of the object defines the key too",
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
            "Remove PATH from the config. When removing it lets an earlier spread's value show, or a later "
            "spread may (or may not) set the key, nothing is written (exit 1) unless --force; a key a later "
            "spread surely replaces had no effect, and removing it is written with a note."
        ),
    )
    unset.add_argument("path", metavar="PATH")
    _file_option(unset)
    unset.add_argument("--dry-run", action="store_true", help="print the change as a diff; write nothing")
    _backup_options(unset)
    unset.add_argument("--force", action="store_true", help="remove it even when a spread defines the key too")
    unset.set_defaults(run=run_unset)

    dump = sub.add_parser("dump", help="print every value", description="Print every value as `path = value`.")
    _file_option(dump)
    dump.add_argument("--json", action="store_true", help="print the whole config as JSON")
    dump.set_defaults(run=run_dump)


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
    return _guard(lambda: _get(ns))


def run_set(ns: argparse.Namespace) -> int:
    """``fwk-tui set PATH VALUE``: write the file (or print a diff with ``--dry-run``)."""
    return _guard(lambda: _set(ns))


def run_unset(ns: argparse.Namespace) -> int:
    """``fwk-tui unset PATH``: 1 when PATH is not there."""
    return _guard(lambda: _unset(ns))


def run_dump(ns: argparse.Namespace) -> int:
    """``fwk-tui dump``: every leaf as ``path = value``, or the whole config as JSON."""
    return _guard(lambda: _dump(ns))


def _guard(command: Callable[[], int]) -> int:
    """Run ``command``; user-facing errors become a message on stderr and an exit code."""
    try:
        return command()
    except _Stop as stop:
        _err(stop.message)
        return stop.code
    except BusyError as exc:
        _err(str(exc))
        return EXIT_BUSY
    except ReadOnlyFileError as exc:
        _err(f"{exc} (--overwrite-read-only writes it anyway)")
        return EXIT_BAD_INPUT
    except DocumentError as exc:
        _err(str(exc))
        return EXIT_BAD_INPUT
    except OSError as exc:
        _err(f"{os_error_message(exc, exc.filename or 'fwk-tui')}; nothing was written")
        return EXIT_BAD_INPUT


def _get(ns: argparse.Namespace) -> int:
    file, doc = _open(ns.file)
    path = _option_path(ns.path)
    value, notes = _lookup_through_spreads(doc, file, path)
    if ns.json:
        _out_json(to_json(value))
    else:
        _out(Renderer(doc.style).value(value))
    if doc.read_only:
        notes.append(f"{file}: note: {doc.read_only}; this is the value written in the file")
    for note in notes:
        _err(note)
    return EXIT_OK


def _lookup_through_spreads(doc: ConfigDocument, file: Path, path: OptionPath) -> tuple[JSValue, list[str]]:
    """The value at ``path`` as JavaScript builds it from the readable spreads, and the spreads that give
    (or may give) it; exit 1 when a later spread surely replaces what the file writes there."""
    from fwk_tui.validate.spread_contents import spread_contents
    from fwk_tui.validate.values import MISSING, lookup

    contents = spread_contents(doc)
    if contents is None:
        return _lookup(doc, file, path), []
    origin = contents.origin(path)
    where = format_path(path)
    render = Renderer(doc.style)
    notes = origin.notes(lambda v: one_line(render.value(v), 60))
    if origin.value is MISSING:
        replaced = _replaced_by(contents.passes[0], path, render) if _written(doc, path) else None
        if replaced is not None:
            raise _Stop(EXIT_NOT_FOUND, f"{file}: no value at {where} at run time: {replaced}")
        if notes:
            raise _Stop(EXIT_NOT_FOUND, f"{file}: no value at {where} in the file; " + "; ".join(notes))
        return _lookup(doc, file, path), []
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
    file = _find(ns.file)
    with _writing(file, ns.dry_run):
        doc = load_document(file)
        path = _option_path(ns.path)
        new = _set_value(doc, path, ns)
        return _checked_write(file, doc, new, path, ns)


def _writing(file: Path, dry_run: bool) -> AbstractContextManager[None]:
    """The folder's write lock from reading to writing: a second ``set`` waits, then edits the new bytes."""
    return nullcontext() if dry_run else locked(file)


def _set_value(doc: ConfigDocument, path: OptionPath, ns: argparse.Namespace) -> ConfigDocument:
    """``doc`` with VALUE at ``path``; a VALUE that does not read stops with what to type instead."""
    if ns.code:
        try:
            return doc.set_code(path, ns.value)
        except ParseError as exc:
            raise _Stop(EXIT_BAD_INPUT, _unreadable_code(ns, path, exc)) from None
    try:
        value = read_expression(ns.value)
    except ParseError as exc:
        raise _Stop(EXIT_BAD_INPUT, _unreadable(ns, doc, find_problem(ns.value, exc))) from None
    if contains_code(value):
        raise _Stop(EXIT_BAD_INPUT, _holds_code(ns, doc, value))
    try:
        return doc.set(path, value)
    except KeyError:
        raise _Stop(EXIT_BAD_INPUT, f"cannot set {format_path(path)}: there is no place for it") from None


def _unreadable_code(ns: argparse.Namespace, path: OptionPath, error: ParseError) -> str:
    named = method_name(ns.value.strip())
    key = path[-1] if path else None
    if named is not None and isinstance(key, str) and named != key:
        message = f"a method set at {format_path(path)} must be named {key}"
        problem = Problem(message, ns.value.find(named), syntax=False)
    else:
        problem = find_problem(ns.value, error)
    return (
        f"VALUE is not a JavaScript expression: {describe(ns.value, problem)}\n"
        "write one JavaScript expression (\"process.env.PORT ?? 3000\"), or without --code a literal "
        "with strings quoted (\"'text'\")"
    )


_BOOLEAN_WORDS = {"yes": True, "on": True, "true": True, "no": False, "off": False, "false": False}


def _unreadable(ns: argparse.Namespace, doc: ConfigDocument, problem: Problem) -> str:
    lines = [f"VALUE is not a JSON or JavaScript literal: {describe(ns.value, problem)}"]
    meant = _meant(ns, doc, problem)
    if meant:
        lines += meant
    elif ns.value.lstrip()[:1] in ("{", "["):
        lines.append("write objects as {key: value} and arrays as [a, b], strings quoted: \"{a: 1, b: 'text'}\"")
    return "\n".join(lines)


def _meant(ns: argparse.Namespace, doc: ConfigDocument, problem: Problem) -> list[str]:
    """What VALUE was probably meant as, and the command that writes it: true/false for a switch, else a string."""
    switch = _BOOLEAN_WORDS.get(ns.value.strip().lower())
    if switch is not None and _takes_boolean(ns.path):
        literal = "true" if switch else "false"
        return [f"{ns.path} takes true or false: {literal}", f"  {_command(ns, literal, code=False)}"]
    string = as_string(ns.value, problem, doc.style)
    if string is None:
        return []
    literal, how = string
    return [f"{how}: {literal}", f"  {_command(ns, literal, code=False)}"]


def _takes_boolean(path_text: str) -> bool:
    """True when the catalogue's option at ``path_text`` takes true or false (in either variant)."""
    from fwk_tui.catalog import load_catalog
    from fwk_tui.validate.typecheck import check_value

    option = load_catalog().get(path_text)
    if option is None:
        return False
    return any(not check_value(option.type_for(variant), True, ()) for variant in option.variants)


def _holds_code(ns: argparse.Namespace, doc: ConfigDocument, value: JSValue) -> str:
    code = value if isinstance(value, Code) else _first_code(value)
    if code is value or code is None:
        what = "a regular expression" if code is not None and code.kind == "regex" else "an expression (code)"
        lines = [f"VALUE is not a JSON or JavaScript literal: {ns.value.strip()} is {what}"]
        lines += _meant(ns, doc, Problem(""))
    else:
        offset = _code_offset(ns.value, code)
        problem = Problem(f"`{code.text}` is an expression (code), not a literal", offset, syntax=False)
        lines = [f"VALUE is not a JSON or JavaScript literal: {describe(ns.value, problem)}"]
        lines.append("quote the strings inside it ('text')")
    lines += ["to write it as an expression, as it is, add --code:", f"  {_command(ns, ns.value, code=True)}"]
    return "\n".join(lines)


def _first_code(value: JSValue) -> Code | None:
    if isinstance(value, Code):
        return value
    items = value.values() if isinstance(value, dict) else value if isinstance(value, list) else []
    for item in items:
        found = _first_code(item)
        if found is not None:
            return found
    return None


def _code_offset(text: str, code: Code) -> int | None:
    """Where ``code`` starts in VALUE as typed: the engine read it one ``(`` further on."""
    if code.span is None:
        return None
    stripped = text.strip()
    offset = len(stripped.encode("utf-8")[: max(code.span.start - 1, 0)].decode("utf-8", "replace"))
    return len(text) - len(text.lstrip()) + offset


def _command(ns: argparse.Namespace, value: str, *, code: bool) -> str:
    """The ``fwk-tui set`` command line the user ran, with ``value`` for VALUE, ready to paste."""
    words = ["fwk-tui", "set", shlex.quote(ns.path)]
    # A VALUE such as -foo could read as the option -f: it goes last, after `--`.
    dashed = value.startswith("-")
    if not dashed:
        words.append(shell_word(value))
    if ns.file:
        words += ["--file", shlex.quote(ns.file)]
    for flag in ("dry_run", "backup", "overwrite_read_only", "force", "json"):
        if getattr(ns, flag, False):
            words.append("--" + flag.replace("_", "-"))
    if getattr(ns, "variant", None):
        words += ["--variant", ns.variant]
    if code:
        words.append("--code")
    if dashed:
        words += ["--", shell_word(value)]
    return " ".join(words)


def _checked_write(
    file: Path, old: ConfigDocument, new: ConfigDocument, path: OptionPath, ns: argparse.Namespace
) -> int:
    """Check ``new`` like ``check``; write it unless the edit brings an error (and no --force)."""
    from fwk_tui.cli.check_cmds import diagnostic_json, text_block

    variant, found = _introduced(file, old, new, path, ns.variant)
    errors = sum(1 for d in found if d.severity == "error")
    notes = [n for n in spread_notes(old, new, path) if n.risky]
    refused = bool(errors or notes) and not ns.force
    diff = unified_diff(old.text, new.text, str(file))
    written = not refused and not ns.dry_run
    if written:
        _save(new, file, ns)
    if ns.json:
        data = {
            "file": str(file),
            "path": format_path(path),
            "variant": variant,
            "written": written,
            "refused": refused,
            "diff": diff,
            "diagnostics": [diagnostic_json(d) for d in found],
            "spreads": [_spread_json(n) for n in notes],
        }
        _out_json(data)
    else:
        if ns.dry_run and diff:
            sys.stdout.write(plain(diff))
        for d in found:
            if d.severity != "info":
                _err(text_block(str(file), new, d))
        if errors:
            _err(_verdict(errors, variant, refused, ns.dry_run))
        _print_spreads(file, notes, ns.force, ns.dry_run)
    return EXIT_FINDINGS if refused else EXIT_OK


def _print_spreads(file: Path, notes: list[SpreadNote], forced: bool, dry_run: bool) -> None:
    """Each spread that changes what the edit means at run time as ``file:line:col: ...``, then the verdict."""
    if not notes:
        return
    for note in notes:
        _err(f"{file}:{note.line}:{note.column}: {note.message()}")
    if forced:
        _err(f"{'would be written' if dry_run else 'written'} despite the spread (--force)")
    else:
        head = "would not be written" if dry_run else "nothing written"
        _err(f"{head}: a spread of the same object defines the key too; --force writes it anyway")


def _spread_json(note: SpreadNote) -> dict[str, object]:
    return {
        "key": format_path(note.key_path),
        "spread": note.spread,
        "line": note.line,
        "column": note.column,
        "outcome": note.outcome,
        "message": note.message(),
    }


def _verdict(errors: int, variant: str, refused: bool, dry_run: bool) -> str:
    count = f"{errors} error{'' if errors == 1 else 's'}"
    if refused:
        head = "would not be written" if dry_run else "nothing written"
        return f"{head}: the new value brings {count} (checked as variant {variant}); --force writes it anyway"
    return f"{'would be written' if dry_run else 'written'} despite {count} (--force)"


def _introduced(
    file: Path, old: ConfigDocument, new: ConfigDocument, path: OptionPath, variant: Variant | None
) -> tuple[str, list[Diagnostic]]:
    """The variant ``new`` is checked as, and its diagnostics that the edit brought.

    Those are the diagnostics at or below ``path`` (the value just written) and
    any other one ``old`` did not have: errors elsewhere in the file stay theirs.
    """
    from fwk_tui.catalog import load_catalog
    from fwk_tui.surroundings import read_layout, read_project
    from fwk_tui.validate import check_document, within

    catalog = load_catalog()
    project, _note = read_project(file)
    layout = read_layout(file)
    before = check_document(old, catalog, variant, project=project, layout=layout, positions=False)
    after = check_document(new, catalog, variant, project=project, layout=layout)
    known = {_key(d) for d in before.diagnostics}
    where = format_path(_absolute(new, path))
    found = [d for d in after.diagnostics if within(d.path, where) or _key(d) not in known]
    return after.variant.variant, found


def _key(d: Diagnostic) -> tuple[str, str, str, str]:
    return (d.severity, d.rule, d.path, d.message)


def _absolute(doc: ConfigDocument, path: OptionPath) -> OptionPath:
    """``path`` with negative indexes (``meta[-1]``) counted from the end of their array."""
    out: list[str | int] = []
    for seg in path:
        if isinstance(seg, int) and seg < 0:
            try:
                items = doc.get(tuple(out))
            except KeyError:
                return path
            if not isinstance(items, list):
                return path
            seg = len(items) + seg
        out.append(seg)
    return tuple(out)


def _unset(ns: argparse.Namespace) -> int:
    file = _find(ns.file)
    with _writing(file, ns.dry_run):
        doc = load_document(file)
        path = _option_path(ns.path)
        _lookup(doc, file, path)
        try:
            new = doc.unset(path)
        except KeyError:
            raise _Stop(EXIT_NOT_FOUND, f"{file}: no value at {format_path(path)}") from None
        found = spread_notes(doc, new, path)
        notes = [n for n in found if n.risky]
        if notes and not ns.force:
            if ns.dry_run:
                _finish(file, doc, new, ns)
            _print_spreads(file, notes, False, ns.dry_run)
            return EXIT_FINDINGS
        code = _finish(file, doc, new, ns)
        _print_spreads(file, notes, True, ns.dry_run)
        # A key a later spread surely replaces had no effect: removing it is written, and said.
        for note in found:
            if note.outcome == "overridden" and not note.risky:
                _err(f"{file}:{note.line}:{note.column}: note: {note.message()}")
        return code


def _dump(ns: argparse.Namespace) -> int:
    file, doc = _open(ns.file)
    if doc.read_only:
        _err(f"{file}: note: {doc.read_only}; these are the values written in the file")
    values = _run_time_values(doc, file)
    if ns.json:
        _out_json(to_json(values))
        return EXIT_OK
    render = Renderer(doc.style)
    lines = [f"{format_path(p)} = {one_line(render.value(v, '', True), _DUMP_WIDTH)}" for p, v in _leaves(values)]
    if lines:
        _out("\n".join(lines))
    return EXIT_OK


def _run_time_values(doc: ConfigDocument, file: Path) -> dict[str, JSValue]:
    """The config as JavaScript builds it from the spreads fwk-tui can read; those it cannot are named on stderr."""
    from fwk_tui.validate.spread_contents import spread_contents

    contents = spread_contents(doc)
    if contents is None:
        return doc.values()
    for unread in contents.unread:
        _err(f"{file}: note: {unread.label} may add keys fwk-tui cannot read ({unread.reason})")
    if len(contents.passes) > 1:
        _err(f"{file}: note: a spread under a condition is shown as when its condition holds (`get PATH` says when)")
    return contents.passes[0].values


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
        return EXIT_OK
    _save(new, file, ns)
    return EXIT_OK


def _save(doc: ConfigDocument, file: Path, ns: argparse.Namespace) -> None:
    for note in save_document(doc, file, backup=ns.backup, read_only_ok=ns.overwrite_read_only):
        _err(note)


def _open(option: str | None) -> tuple[Path, ConfigDocument]:
    file = _find(option)
    return file, load_document(file)


def _find(option: str | None) -> Path:
    if option:
        return Path(option)
    found = find_config_file(".")
    if found is None:
        raise _Stop(EXIT_BAD_INPUT, "no fwk.config.ts, fwk.config.js or fwk.config.mjs in this folder; pass --file")
    return found


def _option_path(text: str) -> OptionPath:
    try:
        return parse_path(text)
    except PathError as exc:
        raise _Stop(EXIT_BAD_INPUT, f"bad path: {exc}") from None


def _lookup(doc: ConfigDocument, file: Path, path: OptionPath) -> JSValue:
    try:
        return doc.get(path)
    except KeyError:
        note = f" ({doc.read_only})" if doc.read_only else ""
        raise _Stop(EXIT_NOT_FOUND, f"{file}: no value at {format_path(path)}{note}") from None


def _out(text: str) -> None:
    sys.stdout.write(plain(text) + "\n")


def _out_json(data: object) -> None:
    sys.stdout.write(json_text(data) + "\n")  # already safe to print; plain() would make it invalid JSON


def _err(text: str) -> None:
    sys.stderr.write(plain(text) + "\n")
