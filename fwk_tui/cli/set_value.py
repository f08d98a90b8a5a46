"""The VALUE of ``fwk-tui set`` as the document reads it; when it does not read, what to type instead."""

from __future__ import annotations

import argparse
import shlex

from fwk_tui.cli.config_file import Stop
from fwk_tui.cli.value_input import Problem, as_string, describe, find_problem, shell_word
from fwk_tui.exits import Exit
from fwk_tui.paths import OptionPath, format_path
from fwk_tui.source import Code, ConfigDocument, ParseError, contains_code, read_expression
from fwk_tui.source.number_form import reshaped_number
from fwk_tui.source.render import Renderer, method_name
from fwk_tui.source.style import STARTER_STYLE
from fwk_tui.source.values import JSValue


def set_value(doc: ConfigDocument, path: OptionPath, ns: argparse.Namespace) -> ConfigDocument:
    """``doc`` with VALUE at ``path``; a VALUE that does not read stops with what to type instead."""
    if ns.code:
        try:
            return doc.set_code(path, ns.value)
        except ParseError as exc:
            raise Stop(Exit.BAD_INPUT, _unreadable_code(ns, path, exc)) from None
    try:
        value = read_expression(ns.value)
    except ParseError as exc:
        raise Stop(Exit.BAD_INPUT, _unreadable(ns, doc, find_problem(ns.value, exc))) from None
    if contains_code(value):
        raise Stop(Exit.BAD_INPUT, _holds_code(ns, doc, value))
    try:
        return doc.set(path, value)
    except KeyError:
        raise Stop(Exit.BAD_INPUT, f"cannot set {format_path(path)}: there is no place for it") from None


def number_form_warning(ns: argparse.Namespace) -> str | None:
    """What to say when VALUE is a number literal the file writes otherwise (``1.10`` as 1.1) where a text may
    go: the number is written, as asked; the text needs quotes, and the command that writes it."""
    if ns.code:
        return None
    reshaped = reshaped_number(ns.value)
    if reshaped is None or not _takes_text(ns.path, reshaped.typed):
        return None
    text = Renderer(STARTER_STYLE).string(reshaped.typed)
    verb = "would be written" if ns.dry_run else "written"
    return (
        f"warning: VALUE {reshaped.typed} is a number, {verb} {reshaped.written}; "
        f"to keep the text {reshaped.typed}, quote it:\n  {_command(ns, text, code=False)}"
    )


def _takes_text(path_text: str, text: str) -> bool:
    """True unless the catalogue's option at ``path_text`` takes no such text in any variant (``devServer.port``);
    a path it does not type (a ``runtimeConfig`` key, a module's option) takes any value."""
    from fwk_tui.catalog import load_catalog
    from fwk_tui.validate.typecheck import check_value

    option = load_catalog().get(path_text)
    if option is None:
        return True
    return any(not check_value(option.type_for(variant), text, ()) for variant in option.variants)


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
