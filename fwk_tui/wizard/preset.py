"""Answers as a TOML preset (tomlkit) and as the command line that repeats a run.

A preset's keys are the command's long options without ``--``
(``src-dir = "src"``, ``rendering = "spa"``, ``modules = [...]``,
``[[runtime]]`` tables with ``key``, ``public``, ``value``). Mistakes are
reported as ``file:line: message``, with the closest key for a misspelt one.
"""

from __future__ import annotations

from collections.abc import Callable
from difflib import get_close_matches
from pathlib import Path
from typing import Any

import tomlkit
from tomlkit.exceptions import ParseError as TOMLParseError

from fwk_tui.atomic import write_text_atomically
from fwk_tui.oserrors import os_error_message
from fwk_tui.resolve.sources import named_as_config
from fwk_tui.source.textutil import shell_quote
from fwk_tui.userfiles import UnreadableFile, leads_out_of, read_text_file
from fwk_tui.wizard.answers import (
    DEFAULT_SRC_DIR,
    RENDERINGS,
    TYPE_CHECKS,
    VARIANTS,
    Answers,
    RuntimeKey,
)
from fwk_tui.wizard.dotenv import is_secret


class PresetError(ValueError):
    """A preset that cannot be used; ``str()`` is ``file:line: message``."""


def _choice(options: dict[str, str]) -> Callable[[Any], Any]:
    def check(value: Any) -> Any:
        if value not in options:
            raise ValueError(f"expected one of {', '.join(map(repr, options))}")
        return value

    return check


def _text(value: Any) -> str:
    if not isinstance(value, str):
        raise TypeError("expected a string")
    return value


def _bool(value: Any) -> bool:
    if not isinstance(value, bool):
        raise TypeError("expected true or false")
    return value


def _port(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 65535:
        raise TypeError("expected a port number from 1 to 65535")
    return value


def _template(value: Any) -> bool | str | None:
    if isinstance(value, (bool, str)):
        return value
    raise TypeError("expected true, false or the path of an HTML file")


def _modules(value: Any) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise TypeError("expected a list of module names")
    return tuple(str(v) for v in value)


def _runtime(value: Any) -> tuple[RuntimeKey, ...]:
    if not isinstance(value, list):
        raise TypeError("expected [[runtime]] tables with key, public and value")
    out = []
    for item in value:
        if not isinstance(item, dict) or not isinstance(item.get("key"), str):
            raise TypeError("each [[runtime]] table needs a key (a string)")
        unknown = set(item) - {"key", "public", "value"}
        if unknown:
            raise TypeError(f"a [[runtime]] table has key, public and value, not {', '.join(sorted(unknown))}")
        public = item.get("public", False)
        if not isinstance(public, bool):
            raise TypeError("public is true or false")
        raw = item.get("value", "")
        if not isinstance(raw, (str, bool, int, float)):
            raise TypeError("a runtime value is a string, a number or true/false")
        out.append(RuntimeKey(str(item["key"]), public, _plain(raw)))
    return tuple(out)


def _plain(value: Any) -> Any:
    """A tomlkit item as a plain Python value."""
    return value.unwrap() if hasattr(value, "unwrap") else value


FIELDS: dict[str, tuple[str, Callable[[Any], Any]]] = {
    "variant": ("variant", _choice(VARIANTS)),
    "src-dir": ("src_dir", _text),
    "rendering": ("rendering", _choice(RENDERINGS)),
    "spa-loading-template": ("spa_loading_template", _template),
    "bundler": ("bundler", _text),
    "strict": ("strict", _bool),
    "type-check": ("type_check", _choice(TYPE_CHECKS)),
    "modules": ("modules", _modules),
    "title": ("title", _text),
    "lang": ("lang", _text),
    "description": ("description", _text),
    "runtime": ("runtime", _runtime),
    "port": ("port", _port),
    "host": ("host", _text),
    "compatibility-date": ("compatibility_date", _text),
    "skeleton": ("skeleton", _bool),
    "env-example": ("env_example", _bool),
}
"""Preset key → (answer name, reader of the value)."""


def load_preset(path: Path, base: Answers) -> Answers:
    """``base`` with the answers the preset at ``path`` gives."""
    try:
        text = read_text_file(path)
    except UnreadableFile as exc:
        raise PresetError(str(exc)) from None
    try:
        document = tomlkit.parse(text)
    except TOMLParseError as exc:
        raise PresetError(f"{path}:{exc.line}:{exc.col}: {_reason(exc)}") from exc
    changes: dict[str, Any] = {}
    for key, item in document.unwrap().items():
        line = _line_of(text, key)
        if key not in FIELDS:
            close = get_close_matches(key, FIELDS, n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise PresetError(f"{path}:{line}: unknown answer {key!r}{hint}")
        name, read = FIELDS[key]
        try:
            changes[name] = read(item)
        except (TypeError, ValueError) as exc:
            raise PresetError(f"{path}:{line}: {key}: {exc}") from exc
    return base.with_(**changes)


def _reason(exc: TOMLParseError) -> str:
    message = str(exc)
    return message.split(" at line ")[0] if " at line " in message else message


def _line_of(text: str, key: str) -> int:
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if stripped.startswith((f"{key} ", f"{key}=", f'"{key}"', f"[[{key}]]", f"[{key}]")):
            return number
    return 1


def preset_text(answers: Answers) -> str:
    """The answers as a TOML preset, with a comment saying how to replay it."""
    document = tomlkit.document()
    document.add(tomlkit.comment("Answers of fwk-tui new; replay with: fwk-tui new DIR --yes --answers THIS-FILE"))
    document.add(tomlkit.nl())
    for key, (name, _read) in FIELDS.items():
        value = getattr(answers, name)
        if key == "runtime":
            continue
        if value is None:
            continue  # written as code in the file: the file keeps its own
        document.add(key, list(value) if isinstance(value, tuple) else value)
    if answers.runtime:
        tables = tomlkit.aot()
        for item in answers.runtime:
            table = tomlkit.table()
            table.add("key", item.key)
            table.add("public", item.public)
            # A private value is a secret: it lives in .env, not in a preset that may be shared.
            table.add("value", "" if is_secret(item) or item.value is None else item.value)
            tables.append(table)
        document.add("runtime", tables)
    return tomlkit.dumps(document)


def save_preset(path: Path, answers: Answers, project: Path | None = None) -> None:
    """Write the preset atomically; PresetError (``file: why``) when it cannot be written. A preset named inside the
    ``project`` folder (a bare name) is not written through a link that leads out of it."""
    outside = leads_out_of(path, project) if project is not None and path.parent == project else None
    if outside is not None:
        raise PresetError(f"{path}: it leads to {outside}, outside the project; the answers were not saved")
    other = _another_kind(path)
    if other is not None:
        raise PresetError(f"{path}: {other}; the answers were not saved")
    try:
        write_text_atomically(path, preset_text(answers))
    except OSError as exc:
        raise PresetError(f"{os_error_message(exc, path)}; the answers were not saved") from None


_PROJECT_SUFFIXES = frozenset(
    {
        ".json",
        ".jsonc",
        ".json5",
        ".js",
        ".mjs",
        ".cjs",
        ".ts",
        ".mts",
        ".cts",
        ".vue",
        ".yaml",
        ".yml",
        ".md",
        ".html",
        ".css",
    }
)


def _another_kind(path: Path) -> str | None:
    """Why answers may not go to ``path``: a config's or a ``.env``'s name (the file this run writes, or a secret's
    home: `--save-answers fwk.config.ts` made the config TOML), or a file there that holds something else."""
    name = path.name
    if named_as_config(name) or name.startswith(".env"):
        return "that is the name of a config or a .env file, not of a file of answers"
    if path.suffix.lower() in _PROJECT_SUFFIXES:  # package.json, tsconfig.json, a module: the project's own files
        return f"a file of answers is TOML: name it *.toml, not *{path.suffix}"
    if not path.exists():
        return None
    try:
        load_preset(path, Answers())
    except PresetError:
        return "the file there holds something else than saved answers (it is not replaced)"
    return None


def preset_target(folder: Path, given: str) -> Path:
    """Where a preset named ``given`` is saved: a bare name goes into the project ``folder``."""
    if "/" in given or "\\" in given or given.startswith("~"):
        return Path(given).expanduser()
    return folder / given


def command_line(folder: str, answers: Answers) -> str:
    """The ``fwk-tui new`` command that gives ``answers`` without asking anything.

    A private runtime key is given by name only: its value is a secret, kept in ``.env``.
    """
    default = Answers()
    args = ["fwk-tui", "new", folder, "--yes", "--variant", answers.variant]
    if answers.src_dir != DEFAULT_SRC_DIR[answers.variant]:
        args += ["--src-dir", answers.src_dir]
    if answers.rendering != default.rendering:
        args += ["--rendering", answers.rendering]
    if answers.spa_loading_template is not None and answers.rendering == "spa":
        template = answers.spa_loading_template
        args += [
            "--spa-loading-template",
            str(template).lower() if isinstance(template, bool) else template,
        ]
    if answers.bundler not in (None, "vbuild"):
        args += ["--bundler", answers.bundler]
    if not answers.strict:
        args.append("--no-strict")
    if answers.type_check not in (None, "off"):
        args += ["--type-check", answers.type_check]
    for module in answers.modules:
        args += ["--module", module]
    for flag, value in (
        ("--title", answers.title),
        ("--lang", answers.lang),
        ("--description", answers.description),
    ):
        if value:
            args += [flag, value]
    for item in answers.runtime:
        value = (
            ""
            if item.value is None or is_secret(item)
            else str(item.value).lower()
            if isinstance(item.value, bool)
            else str(item.value)
        )
        args += [
            "--public-key" if item.public else "--runtime-key",
            f"{item.key}={value}" if value else item.key,
        ]
    if answers.port != default.port:
        args += ["--port", str(answers.port)]
    if answers.host:
        args += ["--host", answers.host]
    if answers.compatibility_date:
        args += ["--compatibility-date", answers.compatibility_date]
    if answers.skeleton:
        args.append("--skeleton")
    if answers.env_example:
        args.append("--env-example")
    return " ".join(shell_quote(arg) for arg in args)
