"""Load the catalogue: YAML files compiled once into a cache of plain data.

The YAML files are the source of truth. Parsing them costs far more than the
start-up budget, so the first load writes the compiled catalogue to the user
cache folder (see ``cache.py``), keyed by a hash of the files' bytes, the
package version and the cache format; later loads read only that file. A
missing, stale or damaged cache is compiled again and rewritten; an unwritable
cache folder only costs speed.
"""

from __future__ import annotations

import hashlib
import os
from functools import lru_cache
from pathlib import Path

from fwk_tui import __version__
from fwk_tui.catalog.cache import FORMAT, SUFFIX, read_cache, write_cache
from fwk_tui.catalog.models import Catalog, Group, Option, Task

_PACKAGE = Path(__file__).resolve().parent.parent


def data_dir() -> Path:
    """The folder of catalogue YAML files: inside the wheel, or the repo's ``catalog/``."""
    shipped = _PACKAGE / "_data" / "catalog"
    if shipped.is_dir():
        return shipped
    return _PACKAGE.parent / "catalog"


def cache_dir() -> Path:
    """The user's cache folder for fwk-tui (``$XDG_CACHE_HOME/fwk-tui``, else ``~/.cache/fwk-tui``)."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "fwk-tui"


class CatalogError(ValueError):
    """A catalogue file that does not follow the schema."""


TASKS_FILE = "tasks.yaml"
"""The task index (the other files are one group each)."""


def _yaml_files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.glob("*.yaml"))


SHIPPED_NAME = f"catalog-compiled{SUFFIX}"
"""The catalogue compiled when the wheel was built (hatch_build.py), in ``fwk_tui/_data``."""


def shipped_compiled() -> Path:
    """Where the wheel holds its compiled catalogue (an editable install has none)."""
    return _PACKAGE / "_data" / SHIPPED_NAME


def cache_key(folder: Path | None = None) -> str:
    """The shipped catalogue's key: a hash of its YAML files, the package version and the cache format."""
    h = hashlib.blake2b(f"{__version__} {FORMAT}".encode(), digest_size=16)
    for f in _yaml_files(folder or data_dir()):
        h.update(f.name.encode())
        h.update(f.read_bytes())
    return h.hexdigest()


def compile_catalog(folder: Path | None = None) -> Catalog:
    """Validate every YAML file of ``folder`` and build a :class:`Catalog` (slow path)."""
    from pydantic import ValidationError
    from ruamel.yaml import YAML
    from ruamel.yaml.error import MarkedYAMLError, YAMLError

    from fwk_tui.catalog.schema import RawGroup, RawOption, RawTasks

    yaml = YAML(typ="safe", pure=True)
    groups: list[Group] = []
    options: list[Option] = []
    tasks: list[Task] = []
    folder = folder or data_dir()
    files = _yaml_files(folder)
    if not files:
        raise CatalogError(f"{folder}: no catalogue files (*.yaml) in this folder")
    for f in files:
        try:
            if f.name == TASKS_FILE:
                tasks = [t.build() for t in RawTasks.model_validate(yaml.load(f.read_text(encoding="utf-8"))).tasks]
                continue
            raw_group = RawGroup.model_validate(yaml.load(f.read_text(encoding="utf-8")))
            groups.append(raw_group.build())
            for raw in raw_group.options:
                opt = RawOption.model_validate(raw)
                opt.present = {k for k in ("default_A", "default_B") if k in raw}
                options.append(opt.build(raw_group.group))
        except MarkedYAMLError as exc:
            mark = exc.problem_mark
            where = f"{f}:{mark.line + 1}:{mark.column + 1}" if mark is not None else str(f)
            raise CatalogError(f"{where}: {exc.problem or exc.context or 'not YAML'}") from exc
        except ValidationError as exc:
            why = "; ".join(": ".join(filter(None, (".".join(map(str, e["loc"])), e["msg"]))) for e in exc.errors())
            raise CatalogError(f"{f}: {why}") from exc
        except (KeyError, ValueError, TypeError, YAMLError) as exc:
            raise CatalogError(f"{f}: {exc}") from exc
    groups.sort(key=lambda g: (g.order, g.id))
    order = {g.id: i for i, g in enumerate(groups)}
    options.sort(key=lambda o: order[o.group])  # stable: file order within a group
    try:
        return Catalog(groups=tuple(groups), options=tuple(options), tasks=tuple(tasks))
    except ValueError as exc:
        raise CatalogError(str(exc)) from exc


@lru_cache(maxsize=1)
def load_catalog() -> Catalog:
    """The shipped catalogue: compiled with the wheel, else from the user's cache when it is current, else compiled
    (and kept in that cache). Each is read with the same checks (its key and digest)."""
    key = cache_key()
    catalog = read_cache(shipped_compiled(), key)
    if catalog is not None:
        return catalog
    path = cache_dir() / f"catalog-{key}{SUFFIX}"
    catalog = read_cache(path, key)
    if catalog is None:
        catalog = compile_catalog()
        write_cache(path, key, catalog)
    return catalog
