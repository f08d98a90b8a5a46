"""Where a layer source (``extends: '../base'``, ``theme: 'my-theme'``) points, found as the loader finds it.

- A remote source (``github:``, ``gh:``, ``gitlab:``, ``bitbucket:``, ``https://``,
  ``http://``) is downloaded by the loader: it is listed, never fetched.
- A name that may be a package (``my-layer``, ``@org/layer/sub``) is looked up
  in ``node_modules`` folders from the config's folder upward: the file its
  ``package.json`` names (``exports``, ``main``) or its ``index`` file. When no
  package answers, the name is a path, as with the loader.
- A path with no extension is a folder holding ``fwk.config.*`` (or
  ``.config/fwk.*``); with one, the file itself (or the file with one of the
  loader's extensions added), looked for as the loader does, from the file's
  own folder: ``./layers/x.config.ts`` is ``layers/layers/x.config.ts``, so only
  a file beside the config (or an absolute path) is found.

Nothing is executed and nothing leaves the machine. A package.json is read
through :mod:`fwk_tui.userfiles` (a regular file, capped); one that cannot be
read, or a path the system refuses to look at (a name too long, a folder
without rights), makes the source ``unreadable``, saying why.
"""

from __future__ import annotations

import json
import os
import re
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fwk_tui.oserrors import os_error_words
from fwk_tui.packages import package_root, split_package
from fwk_tui.source.textutil import plain_line
from fwk_tui.userfiles import (
    MAX_PACKAGE_JSON_BYTES,
    FileNotThere,
    FileTooBig,
    NotARegularFile,
    UnreadableFile,
    read_text_file,
)

REMOTE_PREFIXES = ("gh:", "github:", "gitlab:", "bitbucket:", "https://", "http://")
EXTENSIONS = (".js", ".ts", ".mjs", ".cjs", ".mts", ".cts", ".json", ".jsonc", ".json5", ".yaml", ".yml", ".toml")
"""The loader's extensions, in its order of trying."""
CONFIG_NAME = "fwk.config"


def named_as_config(name: str) -> bool:
    """``name`` is a config's, with any extension (``fwk.config.ts``, ``fwk.config.json``...): a writer of another
    kind of file (a schema, answers) never takes it."""
    return name == CONFIG_NAME or name.startswith(CONFIG_NAME + ".")

_PACKAGE = re.compile(r"^(@[\da-z~-][\d._a-z~-]*/)?[\da-z~-][\d._a-z~-]*($|/.*)")


@dataclass(frozen=True)
class Found:
    """What a source names: a file to read (``file``), or why there is none (``remote``, ``missing``)."""

    file: Path | None
    status: str  # "file" | "remote" | "missing" | "unreadable"
    package: bool = False
    folder: Path | None = None  # what the layer's own sources are relative to (the folder named, else the file's)
    looked: Path | None = None  # where a missing one was looked for first
    package_without_entry: Path | None = None  # a package of that name with no file the loader can take
    doubled: bool = False  # a file source whose folder part the loader counts twice
    problem: str = ""  # why an unreadable one cannot be read: "<file>: <why>"


class _Unreadable(Exception):
    """A file that is there but cannot be read (a FIFO, a device, too big, no rights); ``str()`` is ``file: why``."""


def find_source(source: str, folder: Path) -> Found:
    """The config file ``source`` names, seen from the config in ``folder``."""
    if source.startswith(REMOTE_PREFIXES):
        return Found(None, "remote")
    if "\0" in source:  # no file system names a file so; the loader finds none
        return Found(None, "unreadable", problem=f"{plain_line(source)}: a path cannot hold a NUL character")
    try:
        return _find(source, folder)
    except _Unreadable as exc:
        return Found(None, "unreadable", problem=str(exc))
    except OSError as exc:
        where = exc.filename if isinstance(exc.filename, str) else str(folder / source)
        return Found(None, "unreadable", problem=f"{where}: {os_error_words(exc)}")


def _find(source: str, folder: Path) -> Found:
    package = False
    target = source
    no_entry: Path | None = None
    if _PACKAGE.match(source):
        entry, root = _package_entry(source, folder)
        if entry is not None:
            target, package = str(entry), True
        else:
            no_entry = root
    name = os.path.basename(target)
    ext = os.path.splitext(name)[1]
    is_folder = not ext or ext == name
    if is_folder:
        base = folder / target
        candidates = [base / CONFIG_NAME, base / ".config" / "fwk", base / ".config" / CONFIG_NAME]
    else:
        # The loader reads a file source from the file's own folder, so its folder part
        # counts twice: './layers/x.config.ts' is looked for at layers/layers/x.config.ts.
        base = folder / os.path.dirname(target)
        candidates = [base / target]
    for candidate in candidates:
        file = _with_extension(candidate)
        if file is not None:
            return Found(file.resolve(), "file", package, base.resolve() if is_folder else file.resolve().parent)
    doubled = not is_folder and os.path.dirname(target) not in ("", ".") and not os.path.isabs(target)
    return Found(None, "missing", package, looked=candidates[0], doubled=doubled, package_without_entry=no_entry)


def _with_extension(path: Path) -> Path | None:
    """``path`` itself, with one of the loader's extensions, or its ``index`` file: the first that is a file."""
    for candidate in (path, *(path.with_name(path.name + e) for e in EXTENSIONS)):
        if _is_file(candidate):
            return candidate
    if path.is_dir():
        for e in EXTENSIONS:
            if _is_file(path / f"index{e}"):
                return path / f"index{e}"
    return None


def _is_file(path: Path) -> bool:
    """True for a regular file (a link to one too); a FIFO, a device or a socket there is said, never passed over."""
    try:
        mode = path.stat().st_mode
    except (FileNotFoundError, NotADirectoryError):
        return False
    if stat.S_ISREG(mode):
        return True
    if stat.S_ISDIR(mode):
        return False
    raise _Unreadable(f"{path}: not a regular file")


def _package_entry(source: str, folder: Path) -> tuple[Path | None, Path | None]:
    """The file the package named by ``source`` gives (found in ``node_modules`` from ``folder`` upward), and its folder."""
    name, sub = split_package(source)
    root = package_root(name, folder)
    if root is None:
        return None, None
    if sub:
        return _with_extension(root / sub), root
    for entry in _entries(_manifest(root)):
        found = _with_extension(root / entry)
        if found is not None:
            return found, root
    return _with_extension(root / "index"), root


def _manifest(root: Path) -> dict[str, Any]:
    """The package.json of the package in ``root``: ``{}`` when there is none or it is no JSON object."""
    try:
        data = json.loads(read_text_file(root / "package.json", MAX_PACKAGE_JSON_BYTES))
    except FileNotThere:
        return {}
    except (NotARegularFile, FileTooBig) as exc:  # not guessed past: said
        raise _Unreadable(str(exc)) from None
    except UnreadableFile as exc:
        if exc.os_error is not None:  # no rights, an I/O error: said too
            raise _Unreadable(str(exc)) from None
        return {}  # not UTF-8: as any package.json that is no JSON object, it names no entry
    except (ValueError, RecursionError):
        return {}
    return data if isinstance(data, dict) else {}


def _entries(manifest: dict[str, Any]) -> list[str]:
    """The entry files a package.json names, most specific first: ``exports["."]``, ``exports``, ``main``."""
    out: list[str] = []
    exports = manifest.get("exports")
    if isinstance(exports, dict) and "." in exports:
        exports = exports["."]
    for _ in range(8):  # conditions nest: {"import": {"default": "./x"}}
        if not isinstance(exports, dict):
            break
        exports = next((exports[k] for k in ("import", "default", "node", "require") if k in exports), None)
    if isinstance(exports, str):
        out.append(exports)
    main = manifest.get("main")
    if isinstance(main, str):
        out.append(main)
    return out
