"""The compiled catalogue on disk: plain JSON data behind a checked header, never code.

A cache file is one header line, ``fwk-tui-catalog <format> <key> <digest>``, then
a JSON body. ``key`` names the catalogue it was compiled from (see the loader),
``digest`` hashes the body. The cache folder is writable by the user and by
whatever runs as the user, so reading a file only ever builds the catalogue's
own dataclasses, by hand: a file that is not exactly what :func:`write_cache`
writes is ignored (the caller compiles the YAML again and rewrites it).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any, get_args

from fwk_tui.atomic import write_bytes_atomically
from fwk_tui.catalog.models import VARIANTS, Catalog, Default, Group, Option, Tag, Task, TypeNote
from fwk_tui.catalog.types import TypeExpr, from_json, to_json
from fwk_tui.userfiles import UnreadableFile, read_file_bytes

FORMAT = 4
SUFFIX = ".json"
_MAGIC = b"fwk-tui-catalog"
# The shipped catalogue compiles to about 0.2 MB; a file many times larger is not
# ours, and reading it whole could stall the start.
_MAX_BYTES = 4 * 1024 * 1024
_TAGS = frozenset(get_args(Tag))
_DEFAULT_KINDS = frozenset(("value", "none", "not_shown", "computed"))


def read_cache(path: Path, key: str) -> Catalog | None:
    """The catalogue stored at ``path`` for ``key``, or ``None`` when the file is missing, stale or damaged."""
    raw = _read_regular_file(path)
    if raw is None:
        return None
    header, _, body = raw.partition(b"\n")
    if header != _header(key, body):
        return None
    try:
        return decode(json.loads(body))
    except (ValueError, RecursionError):
        # ValueError covers JSON syntax, bad UTF-8, too-long integers and wrong shapes.
        return None


def write_cache(path: Path, key: str, catalog: Catalog) -> None:
    """Store ``catalog`` at ``path`` atomically, dropping other catalogue caches beside it.

    Any failure only costs speed: the next start compiles the YAML again.
    """
    try:
        body = json.dumps(encode(catalog), ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode()
        if decode(json.loads(body)) != catalog:
            return  # a default that JSON cannot keep as it is (a tuple, a date): stay uncached
    except (TypeError, ValueError):
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.is_symlink() or (path.exists() and not path.is_file() and not path.is_dir()):
            path.unlink()  # a FIFO or a link under our own cache's name: its name goes (a write replaces no such file)
        # Atomic, and the temp files of a start killed while writing are cleaned here.
        write_bytes_atomically(path, _header(key, body) + b"\n" + body)
    except OSError:
        return
    for old in path.parent.glob("catalog-*"):  # older versions' caches, pickles of earlier releases included
        if old != path:
            try:
                old.unlink()
            except OSError:
                pass


def encode(catalog: Catalog) -> dict[str, Any]:
    """``catalog`` as plain JSON data, the inverse of :func:`decode`."""
    # Options share few distinct types (72 for 446 uses): store each once, refer by index.
    table: dict[TypeExpr, int] = {}
    for opt in catalog.options:
        for t in opt.types.values():
            table.setdefault(t, len(table))
    return {
        "groups": [{"id": g.id, "title": g.title, "summary": g.summary, "order": g.order} for g in catalog.groups],
        "types": [to_json(t) for t in table],
        "options": [
            {
                "path": o.path,
                "group": o.group,
                "variants": list(o.variants),
                "types": {v: table[t] for v, t in o.types.items()},
                "defaults": {v: {"kind": d.kind, "value": d.value, "note": d.note} for v, d in o.defaults.items()},
                "aliases": list(o.aliases),
                "doc": o.doc,
                "related": list(o.related),
                "tags": list(o.tags),
                "env": o.env,
                "segments": list(o.segments),
                "type_note": None if o.type_note is None else [o.type_note.reference, o.type_note.why],
                "beyond_reference": o.beyond_reference,
            }
            for o in catalog.options
        ],
        "tasks": [
            {"task": t.task, "asks": list(t.asks), "options": list(t.options), "how": t.how, "source": list(t.source),
             "rule_keys": list(t.rule_keys)}
            for t in catalog.tasks
        ],
    }


def decode(data: Any) -> Catalog:
    """The catalogue that :func:`encode` turned into ``data``; ``ValueError`` when ``data`` has another shape."""
    groups = tuple(_group(g) for g in _list(_dict(data), "groups"))
    types = [from_json(t) for t in _list(data, "types")]
    options = tuple(_option(o, types) for o in _list(data, "options"))
    tasks = tuple(_task(t) for t in _list(data, "tasks"))
    return Catalog(groups=groups, options=options, tasks=tasks)


def _task(data: Any) -> Task:
    data = _dict(data)
    return Task(
        task=_str(data, "task"),
        asks=tuple(_strs(data, "asks")),
        options=tuple(_strs(data, "options")),
        how=_str(data, "how"),
        source=tuple(_strs(data, "source")),
        rule_keys=tuple(_strs(data, "rule_keys")),
    )


def _group(data: Any) -> Group:
    data = _dict(data)
    order = data.get("order")
    if isinstance(order, bool) or not isinstance(order, int):
        raise ValueError("a group's order is an integer")
    return Group(id=_str(data, "id"), title=_str(data, "title"), summary=_str(data, "summary"), order=order)


def _option(data: Any, table: list[TypeExpr]) -> Option:
    data = _dict(data)
    variants = tuple(_strs(data, "variants"))
    types, defaults = _dict(data.get("types")), _dict(data.get("defaults"))
    if not set(variants) <= set(VARIANTS) or not set(types) <= set(VARIANTS) or not set(defaults) <= set(VARIANTS):
        raise ValueError("variants are A and B")
    tags = tuple(_strs(data, "tags"))
    if not set(tags) <= _TAGS:
        raise ValueError("unknown tag")
    segments = tuple(_list(data, "segments"))
    if any(isinstance(s, bool) or not isinstance(s, (str, int)) for s in segments):
        raise ValueError("a path segment is a key or an index")
    beyond = data.get("beyond_reference")
    if beyond is not None and not isinstance(beyond, str):
        raise ValueError("beyond_reference is a reason")
    env = data.get("env")
    if env is not None and not isinstance(env, str):
        raise ValueError("env is a name")
    return Option(
        path=_str(data, "path"),
        group=_str(data, "group"),
        types={v: _type_at(table, i) for v, i in types.items()},  # type: ignore[misc]
        variants=variants,  # type: ignore[arg-type]
        defaults={v: _default(d) for v, d in defaults.items()},  # type: ignore[misc]
        aliases=tuple(_strs(data, "aliases")),
        doc=_str(data, "doc"),
        related=tuple(_strs(data, "related")),
        tags=tags,  # type: ignore[arg-type]
        env=env,
        segments=segments,
        type_note=_type_note(data.get("type_note")),
        beyond_reference=beyond,
    )


def _type_note(data: Any) -> TypeNote | None:
    if data is None:
        return None
    if not isinstance(data, list) or len(data) != 2 or not all(isinstance(s, str) for s in data):
        raise ValueError("a type note is the reference's words and a reason")
    return TypeNote(reference=data[0], why=data[1])


def _type_at(table: list[TypeExpr], index: Any) -> TypeExpr:
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(table):
        raise ValueError("a type is an index into the table of types")
    return table[index]


def _default(data: Any) -> Default:
    data = _dict(data)
    kind, note = data.get("kind"), data.get("note")
    if kind not in _DEFAULT_KINDS or (note is not None and not isinstance(note, str)):
        raise ValueError("a default has a kind and maybe a note")
    return Default(kind=kind, value=data.get("value"), note=note)


def _dict(data: Any) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise ValueError(f"expected an object, found {type(data).__name__}")
    return data


def _list(data: dict[str, Any], key: str) -> list[Any]:
    value = data.get(key)
    if not isinstance(value, list):
        raise ValueError(f"{key} is a list")
    return value


def _str(data: dict[str, Any], key: str) -> str:
    value = data.get(key)
    if not isinstance(value, str):
        raise ValueError(f"{key} is text")
    return value


def _strs(data: dict[str, Any], key: str) -> list[str]:
    value = _list(data, key)
    if not all(isinstance(s, str) for s in value):
        raise ValueError(f"{key} is a list of text")
    return value


def _header(key: str, body: bytes) -> bytes:
    digest = hashlib.blake2b(body, digest_size=16).hexdigest()
    return b" ".join((_MAGIC, str(FORMAT).encode(), key.encode(), digest.encode()))


def _read_regular_file(path: Path) -> bytes | None:
    # Only a regular file of sane size: a FIFO planted under the cache's name must not hang the start.
    try:
        return read_file_bytes(path, _MAX_BYTES)
    except UnreadableFile:
        return None
