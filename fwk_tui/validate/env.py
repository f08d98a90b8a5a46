"""Environment variables that override a config at run time, and ``.env`` files.

The reference: values under ``runtimeConfig`` (and ``app``) are replaced at
run time by variables named ``FWK_`` + the nested keys joined by underscores,
split into words and upper-cased; ``public.x`` is ``FWK_PUBLIC_X``,
``app.baseURL`` is ``FWK_APP_BASE_URL``. Words are split as the framework
splits them (see :func:`~fwk_tui.validate.text.split_words`).

Values of private keys (top-level ``runtimeConfig`` keys, readable only on the
server) are never shown: :func:`shown_value` masks them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal

from fwk_tui.catalog.models import Catalog
from fwk_tui.paths import OptionPath, PathError, format_path, parse_path
from fwk_tui.validate.diagnostics import Diagnostic
from fwk_tui.validate.text import closest, js_text, split_words
from fwk_tui.validate.values import MISSING, is_code, lookup

PREFIX = "FWK_"
MASK = "****"
EXPOSED = ("public", "app")
# runtimeConfig.app as the reference gives its default; baseURL and cdnURL are the app.* options.
_APP_KEYS: dict[str, str | None] = {
    "buildId": "generated at build time",
    "buildAssetsDir": "build-time only: changing it at run time breaks the asset URLs",
}


@dataclass(frozen=True)
class EnvVar:
    """A variable that overrides one key: its name, the key, and the file's value there."""

    name: str
    path: str
    private: bool
    value: Any = MISSING
    note: str | None = None
    leaf: bool = True  # False for an object, which a variable overrides whole (as JSON)


def env_name(keys: Sequence[str], prefix: str = PREFIX) -> str:
    """``('public', 'apiBase')`` → ``FWK_PUBLIC_API_BASE``."""
    return prefix + "_".join(w.lower() for w in split_words("_".join(keys))).upper()


def with_prefix(name: str, prefix: str) -> str:
    """A variable's name (``FWK_PUBLIC_API_BASE``) with the server engine's ``envPrefix`` instead (``MY_...``)."""
    return prefix + name[len(PREFIX) :]


_ROOTS: tuple[OptionPath, ...] = (("runtimeConfig",), ("srv", "runtimeConfig"))


def variable_of(path: Sequence[str | int]) -> tuple[str, bool] | None:
    """The variable that overrides the runtimeConfig key at ``path``, and whether it reaches the browser.

    ``('runtimeConfig', 'public', 'apiBase')`` → ``('FWK_PUBLIC_API_BASE', True)``;
    ``None`` outside runtimeConfig, for runtimeConfig itself, and under a list.
    """
    for root in _ROOTS:
        keys = tuple(path[len(root) :])
        if tuple(path[: len(root)]) == root and keys and all(isinstance(k, str) for k in keys):
            return env_name([str(k) for k in keys]), keys[0] in EXPOSED
    return None


def is_private_path(path: Sequence[str | int]) -> bool:
    """True for a value the server alone reads: a key of ``runtimeConfig`` (or the server engine's) outside
    ``public`` and ``app``, and everything inside it (items of a list too); ``runtimeConfig`` itself when it
    is not an object (a string, a list: wrong, and maybe a secret); in an environment section too."""
    if path and path[0] in _SECTIONS:
        path = path[1:]  # `$production.runtimeConfig...` is runtimeConfig in production
    elif len(path) >= 2 and path[0] == "$env":
        path = path[2:]
    for root in _ROOTS:
        if tuple(path[: len(root)]) == root:
            key = path[len(root)] if len(path) > len(root) else None
            return not (isinstance(key, str) and key in EXPOSED)
    return False


_SECTIONS = ("$development", "$production", "$test")


def masked_values(value: Any, path: Sequence[str | int] = (), show: bool = False) -> Any:
    """``value`` (at ``path``) with each private value (:func:`is_private_path`) as ``MASK``; objects and lists keep
    their shape (``show``: nothing masked). What ``get`` and ``dump`` print of the file, as ``resolve`` does."""
    if show:
        return value
    if isinstance(value, dict):
        return {k: masked_values(v, (*path, k)) for k, v in value.items()}
    if isinstance(value, list):
        return [masked_values(v, (*path, i)) for i, v in enumerate(value)]
    return MASK if is_private_path(path) else value


_QUOTED_TEXT = re.compile(r"""'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\\n]|\\.)*`""")


def masked_messages(diagnostics: list[Diagnostic], values: dict[str, Any] | None = None) -> list[Diagnostic]:
    """``diagnostics`` with what the message of one about a private value shows of it masked: quoted text
    (``got 'hunter2'`` is ``got '****'``) and, from ``values``, a number or a word it is (``got 55555``): `check`
    prints into CI logs and editors what it finds, not the secret. A quoted key name (``write ['__proto__']``)
    stays."""
    out = diagnostics
    for i, d in enumerate(diagnostics):
        if not d.path:
            continue
        try:
            path = parse_path(d.path)
        except PathError:
            continue
        if not is_private_path(path):
            continue
        key = str(path[-1]) if path else ""

        def mask(found: re.Match[str], key: str = key) -> str:
            text = found.group()
            return text if text.strip("[]'\"` ") == key else f"{text[0]}{MASK}{text[0]}"

        message = _QUOTED_TEXT.sub(mask, d.message)
        value = lookup(values, path) if values is not None else MISSING
        if value is not MISSING and not isinstance(value, (dict, list, str)) and not is_code(value):
            message = re.sub(rf"(?<![\w.]){re.escape(js_text(value))}(?![\w.])", MASK, message)
        if message != d.message:
            if out is diagnostics:
                out = list(diagnostics)
            out[i] = replace(d, message=message)
    return out


def prefixes(values: dict[str, Any]) -> list[str]:
    """``FWK_``, and the server engine's ``envPrefix`` when the config sets another one."""
    found = [PREFIX]
    for path in (("runtimeConfig", "srv", "envPrefix"), ("srv", "runtimeConfig", "srv", "envPrefix")):
        value = lookup(values, path)
        if isinstance(value, str) and value and value not in found:
            found.append(value)
    return found


def env_variables(catalog: Catalog, values: dict[str, Any]) -> list[EnvVar]:
    """Every variable that overrides a key of ``values``: runtimeConfig's keys, then app's."""
    out: dict[str, EnvVar] = {}
    for root in _ROOTS:
        block = lookup(values, root)
        if isinstance(block, dict):
            _walk(block, root, (), out)
    for option in catalog.options:
        if option.env and option.path.startswith("app."):
            keys = ("app", *[str(s) for s in option.segments[1:]])
            name = env_name(keys)
            out.setdefault(name, EnvVar(name, option.path, False, lookup(values, tuple(option.segments))))
    for key, note in _APP_KEYS.items():
        name = env_name(("app", key))
        path = format_path(("runtimeConfig", "app", key))
        out.setdefault(name, EnvVar(name, path, False, lookup(values, ("runtimeConfig", "app", key)), note))
    return list(out.values())


def _walk(block: dict[str, Any], root: OptionPath, keys: tuple[str, ...], out: dict[str, EnvVar]) -> None:
    for key, value in block.items():
        here = (*keys, key)
        name = env_name(here)
        private = here[0] not in EXPOSED
        path = format_path((*root, *here))
        if isinstance(value, dict):
            out.setdefault(name, EnvVar(name, path, private, value, leaf=False))
            _walk(value, root, here, out)
        else:
            out.setdefault(name, EnvVar(name, path, private, value))


def shown_value(variable: EnvVar | None, value: Any, show: bool = False) -> str:
    """``value`` as text, masked unless it belongs to a public key (or ``show``)."""
    if value is MISSING:
        return "not set"
    if not show and (variable is None or variable.private):
        return MASK
    if is_code(value):
        return f"code: {value.text}"
    return js_text(value)


# -- .env files ------------------------------------------------------------------------


@dataclass(frozen=True)
class DotenvEntry:
    """``KEY=VALUE`` of a .env file, with its line."""

    name: str
    value: str
    line: int


_ASSIGNMENT = re.compile(r"[ \t]*(?:export[ \t]+)?([A-Za-z_][A-Za-z0-9_.-]*)[ \t]*=[ \t]*")
# Possessive repeats: an unclosed quote fails in one pass, however long the file after it.
_QUOTED = {
    '"': re.compile(r'"((?:\\.|[^"\\])*+)"', re.S),
    "'": re.compile(r"'([^']*+)'"),
    "`": re.compile(r"`([^`]*+)`"),
}
_LINE_BREAK = re.compile(r"\r\n?|\n")
_COMMENT = re.compile(r"\s#")
_ESCAPE = re.compile(r"\\(.)", re.S)
_ESCAPES = {"n": "\n", "r": "\r", "t": "\t", '"': '"', "\\": "\\"}


def parse_dotenv(text: str) -> list[DotenvEntry]:
    """The assignments of a .env file: ``KEY=VALUE``, quotes, ``#`` comments, ``export``.

    Single quotes keep the text as is; double quotes read ``\\n`` and friends;
    quoted values may span lines, and a quote never closed is kept as text up to
    the end of its line (as the framework's dotenv reads it). Unquoted values end
    at `` #``. Lines that are not an assignment are skipped. One pass: linear.
    """
    out: list[DotenvEntry] = []
    pos, line, size = 0, 1, len(text)
    while pos < size:
        eol = _line_end(text, pos)
        found = _ASSIGNMENT.match(text, pos, eol)
        if found is not None:
            start = found.end()
            quoted = _QUOTED[text[start]].match(text, start) if start < eol and text[start] in _QUOTED else None
            if quoted is not None:
                value = _LINE_BREAK.sub("\n", quoted.group(1))
                if text[start] == '"':
                    value = _ESCAPE.sub(lambda m: _ESCAPES.get(m.group(1), m.group(0)), value)
                eol = _line_end(text, quoted.end())
            else:
                value = _COMMENT.split(text[start:eol], maxsplit=1)[0].strip()
            out.append(DotenvEntry(found.group(1), value, line))
        nxt = _LINE_BREAK.match(text, eol)
        following = nxt.end() if nxt is not None else size
        line += len(_LINE_BREAK.findall(text, pos, following))
        pos = following
    return out


def _line_end(text: str, pos: int) -> int:
    found = _LINE_BREAK.search(text, pos)
    return found.start() if found is not None else len(text)


_ENV_OBJECT = r"(?:process\??\.env|import\.meta\.env)"
_PROCESS_ENV = re.compile(
    _ENV_OBJECT + r"""\??\.\s*([A-Za-z_$][\w$]*)|""" + _ENV_OBJECT + r"""(?:\?\.)?\[\s*['"`]([^'"`]+)['"`]\s*\]"""
)


def referenced_env(source: str) -> set[str]:
    """Names the config's own code reads (``process.env.FWK_SITE_ENV``)."""
    return {a or b for a, b in _PROCESS_ENV.findall(source)}


Status = Literal["overrides", "read-by-config", "unmatched"]


@dataclass(frozen=True)
class DotenvMatch:
    """What one prefixed variable of a .env file does."""

    entry: DotenvEntry
    status: Status
    variable: EnvVar | None = None
    suggestion: str | None = None


def match_dotenv(
    variables: Iterable[EnvVar],
    entries: Iterable[DotenvEntry],
    prefixes: Sequence[str] = (PREFIX,),
    referenced: Iterable[str] = (),
) -> list[DotenvMatch]:
    """Each prefixed entry: the key it overrides, or nothing (with the name it was probably meant to be)."""
    by_name: dict[str, EnvVar] = {}
    for v in variables:
        by_name.setdefault(v.name, v)
        for extra in prefixes[1:]:
            by_name.setdefault(with_prefix(v.name, extra), v)
    read = set(referenced)
    names = tuple(by_name)  # one tuple for every question: the near-name cache keeps it once
    guesses = SUGGESTED_AT_MOST
    out: list[DotenvMatch] = []
    for entry in entries:
        if not any(entry.name.startswith(p) for p in prefixes):
            continue
        variable = by_name.get(entry.name)
        if variable is not None:
            out.append(DotenvMatch(entry, "overrides", variable))
        elif entry.name in read:
            out.append(DotenvMatch(entry, "read-by-config"))
        else:
            guesses -= 1
            suggestion = closest(entry.name, names) if guesses >= 0 else None
            out.append(DotenvMatch(entry, "unmatched", suggestion=suggestion))
    return out


SUGGESTED_AT_MOST = 100
"""Unmatched variables that get a did-you-mean: each is compared with every key's name, so thousands of misspelt
variables against thousands of keys took minutes (8,000: 35 s; 36,000: past 2 minutes and 1.4 GB)."""
