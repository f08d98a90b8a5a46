"""Run-time variables: the process environment and ``.env`` files, as the loader reads them, over runtimeConfig and app.

Reading (the loader's dotenv step): ``.env`` files are read in order, a later
file replacing an earlier one's variable; a variable of the process
environment is never replaced by a file; then ``${NAME}`` and ``$NAME`` in the
values are filled from the others (``\\$`` keeps a dollar), within bounds: see
:mod:`fwk_tui.resolve.interpolate`.

Applying (item 4 of the reference): each key under ``runtimeConfig`` (and the
``app`` options the reference names) is replaced by the variable named after
it (``FWK_PUBLIC_API_BASE`` for ``runtimeConfig.public.apiBase``), only for keys
that exist. The value is read as the framework's runtime reads it (beyond the
reference): ``true``, ``false``, ``null``, a number or JSON become that value,
anything else stays text.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from fwk_tui.catalog.models import Catalog
from fwk_tui.paths import PathError, parse_path
from fwk_tui.resolve.interpolate import EXPANDED_LIMIT, TOO_LONG, fill_variables, without_collection
from fwk_tui.resolve.origin import Origin
from fwk_tui.resolve.tree import Arr, Leaf, Node, Obj, plain
from fwk_tui.source.values import UNDEFINED, JSValue
from fwk_tui.validate import env as env_rules
from fwk_tui.validate.env import MASK, DotenvEntry, DotenvMatch, EnvVar


@dataclass(frozen=True)
class Variable:
    """A variable's value and where it was set: a ``.env`` file and line, or the process environment (``file`` None)."""

    name: str
    value: str
    file: str | None = None
    line: int | None = None
    note: str = ""
    """Why the value is as written when its references could not be filled in; else empty."""
    exposes: str = ""
    """For a public variable holding a private one's value (``FWK_PUBLIC_X=${FWK_API_SECRET}``): says so (and its
    value is masked as the private one is)."""

    def origin(self) -> Origin:
        return Origin("env-var", self.file, self.line, 1 if self.line else None, self.name, bool(self.exposes))


@dataclass(frozen=True)
class DotenvFile:
    """A ``.env`` file's text and how to show its name."""

    shown: str
    text: str


def read_environment(
    environ: Mapping[str, str], files: Sequence[DotenvFile], prefixes: Sequence[str] = (env_rules.PREFIX,)
) -> dict[str, Variable]:
    """Every variable the app starts with: the process environment, then the files, interpolated. ``prefixes``:
    those of the config's variables (``FWK_``, and the server engine's ``envPrefix``), to tell private from public.

    A value that cannot be filled in within the bounds of :mod:`fwk_tui.resolve.interpolate` keeps its
    text as written, and its ``note`` says why.
    """
    with without_collection():
        out = {name: Variable(name, value) for name, value in environ.items()}
        from_files: set[str] = set()
        for file in files:
            for entry in env_rules.parse_dotenv(file.text):
                if entry.name in out and entry.name not in from_files:
                    continue  # the process environment wins over every file
                out[entry.name] = Variable(entry.name, entry.value, file.shown, entry.line)
                from_files.add(entry.name)
        values, left = fill_variables({name: v.value for name, v in out.items()})
        filled = {name: _with_value(v, values[name], left.get(name)) for name, v in out.items()}
        return _exposing(filled, prefixes)


_SECRET_AT_LEAST = 4
"""Characters a private value has before a public value holding it counts (``1`` or ``true`` are no secret)."""


def is_private_variable(name: str, prefixes: Sequence[str] = (env_rules.PREFIX,)) -> bool:
    """A variable the framework gives a private ``runtimeConfig`` key (``FWK_API_SECRET``, or with the server
    engine's own ``envPrefix``): the server's alone."""
    return any(
        name.startswith(prefix) and not any(name.startswith(f"{prefix}{e.upper()}_") for e in env_rules.EXPOSED)
        for prefix in prefixes
    )


def _exposing(variables: dict[str, Variable], prefixes: Sequence[str]) -> dict[str, Variable]:
    """Each public variable (``FWK_PUBLIC_*``, ``FWK_APP_*``) whose value holds a private variable's (filled in from
    it, or copied) says which, the first private one in order: the browser gets what the server alone should."""
    secrets: dict[str, tuple[int, Variable]] = {}
    for order, v in enumerate(variables.values()):
        if is_private_variable(v.name, prefixes) and len(v.value) >= _SECRET_AT_LEAST:
            secrets.setdefault(v.value, (order, v))
    if not secrets:
        return variables
    lengths = sorted({len(value) for value in secrets})
    out = dict(variables)
    for name, variable in variables.items():
        if not name.startswith(tuple(prefixes)) or is_private_variable(name, prefixes):
            continue  # FWK_PUBLIC_* and FWK_APP_* reach the browser: app.baseURL, app.cdnURL too
        held = _held_secret(variable.value, secrets, lengths)
        if held is not None:
            words = (
                f"{name} ({_where(variable)}) holds the value of {held.name} ({_where(held)}), a private variable: "
                f"the browser gets it"
            )
            out[name] = Variable(name, variable.value, variable.file, variable.line, variable.note, words)
    return out


def _held_secret(text: str, secrets: dict[str, tuple[int, Variable]], lengths: list[int]) -> Variable | None:
    """The first private variable (in order) whose value ``text`` holds, by the cheaper of two searches: each private
    value looked for in ``text`` (fast while they are few), or each slice of ``text`` of a private value's length
    looked up (fast while their lengths are few). 8,000 of each kind took 1.3 s, each with each; 0.07 s now."""
    if len(secrets) <= len(text) * len(lengths):
        return next((v for value, (_, v) in secrets.items() if value in text), None)  # the dict keeps their order
    found = [
        secrets[text[i : i + size]]
        for size in lengths
        if size <= len(text)
        for i in range(len(text) - size + 1)
        if text[i : i + size] in secrets
    ]
    return min(found, key=lambda hit: hit[0])[1] if found else None


def _where(variable: Variable) -> str:
    return f"{variable.file}:{variable.line}" if variable.file is not None else "the environment"


def _with_value(variable: Variable, value: str, left: str | None) -> Variable:
    if left is not None:
        return Variable(variable.name, variable.value, variable.file, variable.line, _left_note(variable, left))
    return variable if value == variable.value else Variable(variable.name, value, variable.file, variable.line)


def _left_note(variable: Variable, why: str) -> str:
    where = f"{variable.file}:{variable.line}" if variable.file is not None else "in the environment"
    if why == TOO_LONG:
        reason = f"filled in, it would be over {EXPANDED_LIMIT // 1_048_576} MB, the most fwk-tui fills in"
    else:
        reason = (
            "filling in the references of the variables took more work than fwk-tui allows (many references or cycles)"
        )
    return f"{variable.name} ({where}) is left as written: {reason}."


def variable_notes(environment: Mapping[str, Variable], most: int = 5) -> list[str]:
    """The notes of the variables: public ones holding a private value, then those left as written; of each kind
    the first ``most``, then how many more."""
    exposing = [v.exposes for v in environment.values() if v.exposes]
    notes = [v.note for v in environment.values() if v.note]
    out = exposing[:most]
    if len(exposing) > most:
        out.append(f"{len(exposing) - most} more public variables hold the value of a private one.")
    out += notes[:most]
    if len(notes) > most:
        out.append(f"{len(notes) - most} more variables are left as written for the same reasons.")
    return out


def private_value(path: Sequence[str | int], origin: Origin | None) -> bool:
    """True when fwk-tui hides the value at ``path`` (shown as ``MASK``): a private ``runtimeConfig`` key, one
    the server alone reads, whoever gives it (the config, a layer, a section, a variable), and a public variable
    that holds a private one's value. Every surface asks here; ``--show-secrets`` shows them."""
    if origin is not None and origin.holds_private:  # a public variable holding a private one's value
        return True
    return env_rules.is_private_path(path)


def masked(node: Node, path: Sequence[str | int] = (), show: bool = False) -> JSValue:
    """The plain values of ``node`` (at ``path``) with each private one as ``MASK`` (``show``: none); objects
    and lists keep their shape. What every surface prints of the effective configuration."""

    def visit(node: Node, path: tuple[str | int, ...]) -> JSValue:
        if isinstance(node, Obj):
            return {k: visit(v, (*path, k)) for k, v in node.members.items()}
        if isinstance(node, Arr):
            return [visit(v, (*path, i)) for i, v in enumerate(node.items)]
        return value(node.value, path, node.origin)

    def value(plain_value: JSValue, path: tuple[str | int, ...], origin: Origin | None) -> JSValue:
        # A leaf may hold a whole object (a default): its own keys decide, as a merged object's do.
        if isinstance(plain_value, dict):
            return {k: value(v, (*path, k), origin) for k, v in plain_value.items()}
        if isinstance(plain_value, list):
            return [value(v, (*path, i), origin) for i, v in enumerate(plain_value)]
        return plain_value if show or not private_value(path, origin) else MASK

    return visit(node, tuple(path))


_JSON_LIKE = re.compile(r'^\s*["\[{]|^\s*-?\d{1,16}(\.\d{1,17})?([Ee][+-]?\d+)?\s*$')
_WORDS: dict[str, JSValue] = {"true": True, "false": False, "null": None, "undefined": UNDEFINED}


def runtime_value(text: str) -> JSValue:
    """A variable's text as the framework's runtime reads it: a word, a number or JSON become values."""
    stripped = text.strip()
    if len(stripped) > 1 and stripped[0] == '"' and stripped[-1] == '"' and "\\" not in stripped:
        return stripped[1:-1]
    word = _WORDS.get(stripped.lower())
    if word is not None or stripped.lower() in _WORDS:
        return word
    if not _JSON_LIKE.match(text):
        return text
    try:
        value = json.loads(text)
    except ValueError:
        return text
    return value  # type: ignore[no-any-return]


@dataclass(frozen=True)
class Override:
    """A variable that replaces a key's value at run time."""

    variable: Variable
    target: EnvVar
    value: JSValue


@dataclass
class Runtime:
    """runtimeConfig and app after the variables, what each variable did, and the ones that match nothing."""

    values: Obj
    overrides: list[Override]
    matches: list[DotenvMatch]


def apply_variables(config: Obj, catalog: Catalog, environment: Mapping[str, Variable]) -> Runtime:
    """``runtimeConfig`` and ``app`` of ``config`` with each variable that names one of their keys applied."""
    values = plain(config)
    assert isinstance(values, dict)
    targets = env_rules.env_variables(catalog, values)
    found = env_rules.prefixes(values)
    runtime = Obj({k: _copy(config.members[k]) for k in ("runtimeConfig", "app") if k in config.members})
    by_name: dict[str, EnvVar] = {}
    for each in targets:
        for prefix in found:
            by_name.setdefault(env_rules.with_prefix(each.name, prefix), each)
    matched = [(by_name[name], variable) for name, variable in environment.items() if name in by_name]
    # The runtime walks each object before its keys: a variable for an object applies before one for its key.
    matched.sort(key=lambda pair: pair[0].path.count(".") + pair[0].path.count("["))
    overrides: list[Override] = []
    for target, variable in matched:
        value = runtime_value(variable.value)
        if value is None or value is UNDEFINED:
            continue  # `value ?? the config's value`: null and undefined leave the key as it is
        if _place(runtime, target.path, value, variable.origin()):
            overrides.append(Override(variable, target, value))
    in_files = [DotenvEntry(v.name, v.value, v.line or 0) for v in environment.values() if v.file is not None]
    return Runtime(runtime, overrides, env_rules.match_dotenv(targets, in_files, found))


def _copy(node: Node) -> Node:
    """``node`` with fresh objects (leaves and arrays shared): the runtime changes its own copy."""
    if isinstance(node, Obj):
        return Obj({k: _copy(v) for k, v in node.members.items()}, node.origin)
    return node


def _place(runtime: Obj, path_text: str, value: JSValue, origin: Origin) -> bool:
    """Put ``value`` at ``path_text`` when the key exists there (or its object does, for an app option), as the
    framework's runtime does: an object given for an object is merged into it (its keys replace those there), any
    other value replaces the key's."""
    try:
        path = parse_path(path_text)
    except PathError:
        return False
    app_option = path[0] == "app"  # applied when the server starts, set in the file or not
    node: Node = runtime
    for segment in path[:-1]:
        if not isinstance(node, Obj) or not isinstance(segment, str):
            return False
        if segment not in node.members and app_option:
            node.members[segment] = Obj()
        if segment not in node.members:
            return False
        node = node.members[segment]
    last = path[-1]
    if not isinstance(node, Obj) or not isinstance(last, str) or (last not in node.members and not app_option):
        return False  # only keys that exist are replaced
    there = node.members.get(last)
    if isinstance(there, Obj) and isinstance(value, dict):
        for key, item in value.items():
            there.members[key] = Leaf(item, origin)
    else:
        node.members[last] = Leaf(value, origin)
    return True
