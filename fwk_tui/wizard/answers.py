"""The answers of the new-project wizard, and what an existing config says about them.

Pure: no Textual, no I/O. Every answer maps to options of the catalogue
(:mod:`fwk_tui.wizard.edits` turns answers into edits of a document);
:func:`from_values` reads the answers an existing config already gives, so
that the wizard starts from them and changes only what the user changes.
"""

from __future__ import annotations

import datetime as _dt
import re
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from fwk_tui.catalog.models import Variant
from fwk_tui.source.textutil import first_surrogate
from fwk_tui.source.values import Code
from fwk_tui.validate.values import MISSING, lookup

Rendering = Literal["server", "static", "spa"]
RENDERINGS: dict[str, str] = {
    "server": "Server-rendered (ssr: true)",
    "static": "Static generation (the generate command)",
    "spa": "Single-page app (ssr: false)",
}
BUNDLERS: dict[str, str] = {
    "vbuild": "vbuild, the default (nothing to install)",
    "wbuild": "wbuild (needs @fwk/wbuild-builder)",
    "rbuild": "rbuild (needs @fwk/rbuild-builder)",
}
TYPE_CHECKS: dict[str, str] = {
    "off": "no type checking (the default)",
    "dev": "check types in development",
    "build": "check types at build only",
}
VARIANTS: dict[str, str] = {
    "A": "A: the application-directory layout (sources in app/)",
    "B": "B: the older layout (sources beside the config or in src/)",
}
DEFAULT_SRC_DIR: dict[str, str] = {"A": "app", "B": "."}
"""The source folder each layout uses when ``srcDir`` is not set (B: the root, ``<srcDir>``)."""

RESERVED_RUNTIME_KEYS = frozenset({"public", "app", "srv"})
_KEY = re.compile(r"^[A-Za-z_$][A-Za-z0-9_$]*$")
_LANG = re.compile(r"^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$")


def today() -> str:
    """Today's date as ``compatibilityDate`` takes it (``YYYY-MM-DD``, local time)."""
    return _dt.date.today().isoformat()


@dataclass(frozen=True)
class RuntimeKey:
    """A ``runtimeConfig`` key: private (server only) or public (also in the browser), and its value."""

    key: str
    public: bool = False
    value: Any = ""

    @property
    def path(self) -> str:
        return f"runtimeConfig.public.{self.key}" if self.public else f"runtimeConfig.{self.key}"


@dataclass(frozen=True)
class Answers:
    """Everything the wizard asks. ``None`` for ``bundler`` or ``type_check``: the file's own code, kept."""

    variant: Variant = "A"
    src_dir: str = "app"
    rendering: Rendering = "server"
    spa_loading_template: bool | str | None = None
    bundler: str | None = "vbuild"
    strict: bool = True
    type_check: str | None = "off"
    modules: tuple[str, ...] = ()
    title: str = ""
    lang: str = ""
    description: str = ""
    runtime: tuple[RuntimeKey, ...] = ()
    port: int = 3000
    host: str = ""
    compatibility_date: str = field(default_factory=today)
    skeleton: bool = False
    env_example: bool = False

    def with_(self, **changes: Any) -> Answers:
        """A copy with ``changes``; a new variant moves a default source folder along."""
        if "variant" in changes and "src_dir" not in changes and self.src_dir == DEFAULT_SRC_DIR[self.variant]:
            changes["src_dir"] = DEFAULT_SRC_DIR[changes["variant"]]
        return replace(self, **changes)

    @property
    def type_check_value(self) -> bool | str:
        """``typescript.typeCheck`` as written: false, true or 'build'."""
        if self.type_check in (None, "off"):
            return False
        return True if self.type_check == "dev" else self.type_check

    @property
    def dev_dependencies(self) -> list[str]:
        """Packages these answers need installed as dev dependencies (the reference names them)."""
        needed = []
        if self.bundler in ("wbuild", "rbuild"):
            needed.append(f"@fwk/{self.bundler}-builder")
        if self.type_check in ("dev", "build"):
            needed += ["typescript", "view-tsc"]
        return needed


def problems(answers: Answers) -> dict[str, str]:
    """What is wrong with ``answers`` beyond the catalogue's types, by answer name."""
    found: dict[str, str] = {}
    src = answers.src_dir.strip()
    if not src:
        found["src_dir"] = "the source folder cannot be empty (the root is '.')"
    elif src.startswith("/") or re.match(r"^[A-Za-z]:[\\/]", src):
        found["src_dir"] = "give the source folder relative to the project's root"
    elif any(part == ".." for part in re.split(r"[\\/]", src)):
        found["src_dir"] = "the source folder must be inside the project"
    if answers.rendering not in RENDERINGS:
        found["rendering"] = f"rendering must be one of {', '.join(RENDERINGS)}"
    if answers.type_check is not None and answers.type_check not in TYPE_CHECKS:
        found["type_check"] = f"type check must be one of {', '.join(TYPE_CHECKS)}"
    if answers.variant not in VARIANTS:
        found["variant"] = "the layout variant is A or B"
    for name in answers.modules:
        if not name.strip():
            found["modules"] = "a module name cannot be empty"
    if answers.lang and not _LANG.match(answers.lang):
        found["lang"] = f"{answers.lang!r} is not a language tag such as en or pt-BR"
    seen: set[str] = set()
    for item in answers.runtime:
        where = item.path
        if not _KEY.match(item.key):
            found["runtime"] = f"{item.key!r}: a runtime config key is a name such as apiSecret (letters, digits, _)"
        elif not item.public and item.key in RESERVED_RUNTIME_KEYS:
            found["runtime"] = f"{item.key!r} is a reserved runtimeConfig key; choose another name"
        elif where in seen:
            found["runtime"] = f"{item.key!r} is listed twice"
        seen.add(where)
    for name, text in _texts(answers):
        surrogate = first_surrogate(text)
        if surrogate is not None:
            found[name] = surrogate[1]  # the cause of any other message about this answer
    return found


def _texts(answers: Answers) -> list[tuple[str, str]]:
    """Every text of ``answers`` by answer name."""
    texts = [
        ("src_dir", answers.src_dir),
        ("title", answers.title),
        ("lang", answers.lang),
        ("description", answers.description),
        ("host", answers.host),
        ("compatibility_date", answers.compatibility_date),
    ]
    if isinstance(answers.spa_loading_template, str):
        texts.append(("spa_loading_template", answers.spa_loading_template))
    texts += [("modules", name) for name in answers.modules]
    for item in answers.runtime:
        texts += [("runtime", item.key)] + ([("runtime", item.value)] if isinstance(item.value, str) else [])
    return texts


# -- reading the answers an existing config gives -----------------------------------------


def from_values(values: dict[str, Any], variant: Variant, *, base: Answers | None = None) -> Answers:
    """The answers ``values`` (a config as the document engine reads it) already give.

    What the config does not set keeps ``base``'s answer (the defaults); a
    ``compatibilityDate`` not set stays empty, so the wizard offers today's.
    """
    a = (base or Answers()).with_(variant=variant)
    changes: dict[str, Any] = {}

    src = values.get("srcDir", MISSING)
    changes["src_dir"] = src if isinstance(src, str) and src else DEFAULT_SRC_DIR[variant]
    ssr = values.get("ssr", MISSING)
    changes["rendering"] = "spa" if ssr is False else "server"
    template = values.get("spaLoadingTemplate", MISSING)
    if isinstance(template, (bool, str)):
        changes["spa_loading_template"] = template
    builder = values.get("builder", MISSING)
    if builder is MISSING:
        changes["bundler"] = "vbuild"
    elif isinstance(builder, str):
        short = next((n for n in BUNDLERS if builder in (n, f"@fwk/{n}-builder")), None)
        changes["bundler"] = short if short is not None else builder
    else:
        changes["bundler"] = None
    strict = lookup(values, ("typescript", "strict"))
    changes["strict"] = strict if isinstance(strict, bool) else True
    check = lookup(values, ("typescript", "typeCheck"))
    changes["type_check"] = None if isinstance(check, Code) else {True: "dev", "build": "build"}.get(check, "off")
    changes["modules"] = tuple(module_names(values.get("modules", MISSING)))
    for name, path in (
        ("title", ("app", "head", "title")),
        ("lang", ("app", "head", "htmlAttrs", "lang")),
    ):
        found = lookup(values, path)
        changes[name] = found if isinstance(found, str) else ""
    changes["description"] = description_of(values)
    changes["runtime"] = tuple(runtime_keys(values.get("runtimeConfig", MISSING)))
    port = lookup(values, ("devServer", "port"))
    changes["port"] = port if isinstance(port, int) and not isinstance(port, bool) else 3000
    host = lookup(values, ("devServer", "host"))
    changes["host"] = host if isinstance(host, str) else ""
    date = values.get("compatibilityDate", MISSING)
    changes["compatibility_date"] = date if isinstance(date, str) else ""
    return replace(a, **changes)


def module_names(modules: Any) -> list[str]:
    """Names of the modules a ``modules`` array lists: strings, and the first item of ``[name, options]``."""
    if not isinstance(modules, list):
        return []
    names = []
    for item in modules:
        name = item[0] if isinstance(item, list) and item else item
        if isinstance(name, str):
            names.append(name)
    return names


def description_of(values: dict[str, Any]) -> str:
    """The content of the ``<meta name="description">`` item of ``app.head.meta``, if any."""
    meta = lookup(values, ("app", "head", "meta"))
    index = description_index(meta)
    if index is None:
        return ""
    content = meta[index].get("content")
    return content if isinstance(content, str) else ""


def description_index(meta: Any) -> int | None:
    if not isinstance(meta, list):
        return None
    for index, item in enumerate(meta):
        if isinstance(item, dict) and item.get("name") == "description":
            return index
    return None


def runtime_keys(block: Any) -> list[RuntimeKey]:
    """The plain keys of ``runtimeConfig`` and of its ``public`` part (values that are not objects)."""
    if not isinstance(block, dict):
        return []
    found = []
    for key, value in block.items():
        if key not in RESERVED_RUNTIME_KEYS and _is_plain(value):
            found.append(RuntimeKey(key, False, value))
    public = block.get("public")
    if isinstance(public, dict):
        found += [RuntimeKey(key, True, value) for key, value in public.items() if _is_plain(value)]
    return found


def _is_plain(value: Any) -> bool:
    return isinstance(value, (str, bool, int, float)) or value is None
