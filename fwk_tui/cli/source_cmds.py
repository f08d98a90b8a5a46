"""Commands on a config file: get, set, unset, dump."""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Callable
from pathlib import Path

from fwk_tui.paths import Path as OptionPath
from fwk_tui.paths import PathError, format_path, parse_path
from fwk_tui.source import (
    UNDEFINED,
    Code,
    ConfigDocument,
    DocumentError,
    ParseError,
    contains_code,
    find_config_file,
    load_document,
    read_expression,
    save_document,
)
from fwk_tui.source.render import Renderer
from fwk_tui.source.textutil import plain, unified_diff
from fwk_tui.source.values import JSValue

EXIT_OK, EXIT_NOT_FOUND, EXIT_BAD_INPUT = 0, 1, 2
_DUMP_WIDTH = 100


class _Stop(Exception):
    """End the command with ``code`` after printing ``message`` to stderr."""

    def __init__(self, code: int, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def register(sub: argparse._SubParsersAction) -> None:  # noqa: SLF001
    """Add the document commands to ``sub``."""
    get = sub.add_parser("get", help="print the value at PATH", description="Print the value at PATH.")
    get.add_argument("path", metavar="PATH", help='option path, e.g. app.head.meta[0].name or routeRules["/api/**"]')
    _file_option(get)
    get.add_argument("--json", action="store_true", help='print JSON (code as {"code": "..."})')
    get.set_defaults(run=run_get)

    set_ = sub.add_parser(
        "set",
        help="set PATH to VALUE",
        description="Set PATH to VALUE, a JSON or JavaScript literal (quote strings: '\"dark\"').",
    )
    set_.add_argument("path", metavar="PATH")
    set_.add_argument("value", metavar="VALUE")
    _file_option(set_)
    set_.add_argument("--dry-run", action="store_true", help="print the change as a diff; write nothing")
    set_.add_argument("--code", action="store_true", help="VALUE is a JavaScript expression, written as is")
    set_.add_argument("--backup", action="store_true", help="keep the previous file as <file>.bak")
    set_.set_defaults(run=run_set)

    unset = sub.add_parser("unset", help="remove PATH", description="Remove PATH from the config.")
    unset.add_argument("path", metavar="PATH")
    _file_option(unset)
    unset.add_argument("--dry-run", action="store_true", help="print the change as a diff; write nothing")
    unset.set_defaults(run=run_unset)

    dump = sub.add_parser("dump", help="print every value", description="Print every value as `path = value`.")
    _file_option(dump)
    dump.add_argument("--json", action="store_true", help="print the whole config as JSON")
    dump.set_defaults(run=run_dump)


def _file_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--file", "-f", metavar="FILE", help="config file (default: ./fwk.config.ts, then .js, then .mjs)"
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
    except DocumentError as exc:
        _err(str(exc))
        return EXIT_BAD_INPUT


def _get(ns: argparse.Namespace) -> int:
    file, doc = _open(ns.file)
    path = _option_path(ns.path)
    value = _lookup(doc, file, path)
    if ns.json:
        _out(json.dumps(to_json(value), ensure_ascii=False, indent=2))
    else:
        _out(Renderer(doc.style).value(value))
    return EXIT_OK


def _set(ns: argparse.Namespace) -> int:
    file, doc = _open(ns.file)
    path = _option_path(ns.path)
    if ns.code:
        new = doc.set_code(path, ns.value)
    else:
        try:
            value = read_expression(ns.value)
        except ParseError as exc:
            raise _Stop(
                EXIT_BAD_INPUT,
                f"{exc}\nVALUE {ns.value!r} is not a JSON or JavaScript literal; quote a string "
                "(e.g. '\"/docs/\"') or pass --code to write an expression",
            ) from None
        if contains_code(value):
            raise _Stop(
                EXIT_BAD_INPUT,
                f"VALUE {ns.value!r} is not a JSON or JavaScript literal; quote a string "
                "(e.g. '\"/docs/\"') or pass --code to write an expression",
            )
        new = doc.set(path, value)
    return _finish(file, doc, new, ns.dry_run, getattr(ns, "backup", False))


def _unset(ns: argparse.Namespace) -> int:
    file, doc = _open(ns.file)
    path = _option_path(ns.path)
    _lookup(doc, file, path)
    try:
        new = doc.unset(path)
    except KeyError:
        raise _Stop(EXIT_NOT_FOUND, f"{file}: no value at {format_path(path)}") from None
    return _finish(file, doc, new, ns.dry_run, False)


def _dump(ns: argparse.Namespace) -> int:
    _file, doc = _open(ns.file)
    if doc.read_only:
        _err(f"note: {doc.read_only}")
    if ns.json:
        _out(json.dumps(to_json(doc.values()), ensure_ascii=False, indent=2))
        return EXIT_OK
    render = Renderer(doc.style)
    lines = []
    for entry in doc.entries():
        value = entry.value
        if isinstance(value, (dict, list)) and value:
            continue  # one line per leaf: the members below say it all
        text = " ".join(render.value(value, "", True).split())
        if len(text) > _DUMP_WIDTH:
            text = text[: _DUMP_WIDTH - 1] + "…"
        lines.append(f"{format_path(entry.path)} = {text}")
    if lines:
        _out("\n".join(lines))
    return EXIT_OK


def _finish(file: Path, old: ConfigDocument, new: ConfigDocument, dry_run: bool, backup: bool) -> int:
    if dry_run:
        diff = unified_diff(old.text, new.text, str(file))
        if diff:
            sys.stdout.write(plain(diff))
        return EXIT_OK
    save_document(new, file, backup=backup)
    return EXIT_OK


def to_json(value: JSValue) -> object:
    """``value`` as JSON data; code (and ``undefined``, NaN, Infinity) as ``{"code": "..."}``."""
    if isinstance(value, Code):
        return {"code": value.text}
    if value is UNDEFINED:
        return {"code": "undefined"}
    if isinstance(value, float) and not math.isfinite(value):
        return {"code": _special_float(value)}
    if isinstance(value, dict):
        return {k: to_json(v) for k, v in value.items()}
    if isinstance(value, list):
        return [to_json(v) for v in value]
    return value


def _special_float(value: float) -> str:
    if math.isnan(value):
        return "NaN"
    return "Infinity" if value > 0 else "-Infinity"


def _open(option: str | None) -> tuple[Path, ConfigDocument]:
    if option:
        file = Path(option)
    else:
        found = find_config_file(".")
        if found is None:
            raise _Stop(
                EXIT_BAD_INPUT,
                "no fwk.config.ts, fwk.config.js or fwk.config.mjs in this folder; pass --file",
            )
        file = found
    return file, load_document(file)


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


def _err(text: str) -> None:
    sys.stderr.write(plain(text) + "\n")
