"""Load the catalogue: YAML files compiled once into a pickle cache.

The YAML files are the source of truth. Parsing them costs far more than the
start-up budget, so the first load writes a compiled pickle to the user cache
folder, keyed by a hash of the files' bytes and the package version; later
loads read only that pickle. An unwritable cache folder only costs speed.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import tempfile
from functools import lru_cache
from pathlib import Path
from typing import Any

from fwk_tui import __version__
from fwk_tui.catalog.models import Catalog, Group, RawOption

_PACKAGE = Path(__file__).resolve().parent.parent


def data_dir() -> Path:
    """The folder of catalogue YAML files: inside the wheel, or the repo's ``catalog/``."""
    shipped = _PACKAGE / "_data" / "catalog"
    if shipped.is_dir():
        return shipped
    return _PACKAGE.parent / "catalog"


def cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "fwk-tui"


class CatalogError(ValueError):
    """A catalogue file that does not follow the schema."""


def _yaml_files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.glob("*.yaml"))


def _fingerprint(files: list[Path]) -> str:
    h = hashlib.blake2b(__version__.encode(), digest_size=16)
    for f in files:
        h.update(f.name.encode())
        h.update(f.read_bytes())
    return h.hexdigest()


def compile_catalog(folder: Path | None = None) -> Catalog:
    """Parse every YAML file of ``folder`` into a :class:`Catalog` (slow path)."""
    from ruamel.yaml import YAML

    yaml = YAML(typ="safe", pure=True)
    groups: list[Group] = []
    options = []
    for f in _yaml_files(folder or data_dir()):
        doc = yaml.load(f.read_text(encoding="utf-8"))
        try:
            group = Group(
                id=doc["group"],
                title=doc["title"],
                summary=" ".join(str(doc.get("summary", "")).split()),
                order=int(doc.get("order", 0)),
            )
            groups.append(group)
            for raw in doc.get("options") or []:
                options.append(_raw_option(raw).build(group.id))
        except (KeyError, ValueError, TypeError) as exc:
            raise CatalogError(f"{f.name}: {exc}") from exc
    groups.sort(key=lambda g: (g.order, g.id))
    order = {g.id: i for i, g in enumerate(groups)}
    options.sort(key=lambda o: order[o.group])  # stable: file order within a group
    return Catalog(groups=tuple(groups), options=tuple(options))


def _raw_option(raw: dict[str, Any]) -> RawOption:
    opt = RawOption.model_validate(raw)
    opt.present = {k for k in ("default_A", "default_B") if k in raw}
    return opt


@lru_cache(maxsize=1)
def load_catalog() -> Catalog:
    """The shipped catalogue, from the compiled cache when it is current."""
    files = _yaml_files(data_dir())
    key = _fingerprint(files)
    cached = cache_dir() / f"catalog-{key}.pickle"
    try:
        with open(cached, "rb") as fh:
            catalog = pickle.load(fh)
        if isinstance(catalog, Catalog):
            return catalog
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError):
        pass
    catalog = compile_catalog()
    _write_cache(cached, catalog)
    return catalog


def _write_cache(target: Path, catalog: Catalog) -> None:
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        for old in target.parent.glob("catalog-*.pickle"):
            if old != target:
                old.unlink(missing_ok=True)
        fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=".catalog-", suffix=".tmp")
        with os.fdopen(fd, "wb") as fh:
            pickle.dump(catalog, fh, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, target)
    except OSError:
        pass
