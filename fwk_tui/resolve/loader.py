"""The effective configuration: a config merged with its layers and environment sections, as the loader does.

Follows the framework's loader (c12) step by step, without running anything:

1. each file (the config, then every layer) is read with the document engine;
   its environment section for the chosen name (``$production``, and
   ``$env: { name: {...} }``, the latter winning) is merged over it;
   ``$meta`` is dropped;
2. ``theme`` then ``extends`` (a string or an array) list the layers; each is
   read the same way, its own layers right after it (depth first);
3. the config wins over its layers, an earlier layer over a later one (defu:
   objects merge, arrays join, ``null`` is skipped);
4. top-level ``$`` keys, ``theme`` and ``extends`` are not part of the result.

Layers that cannot be read (remote, missing, a cycle, a syntax error, code,
a file the system refuses) are listed with where their source is written and why.

Each file is read once however often it is listed (the loader merges it each
time it is listed: so does this, from the one read), and the whole graph is
capped: files, bytes, depth and listings; a cap reached is named.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path as FilePath

from fwk_tui.paths import OptionPath
from fwk_tui.resolve.origin import Origin, OriginKind
from fwk_tui.resolve.sections import section_name_of, section_names, section_of
from fwk_tui.resolve.sources import find_source
from fwk_tui.resolve.tree import Arr, Leaf, Node, Obj, defu, node_at, plain, tag
from fwk_tui.source import Code, ConfigDocument, DocumentError, ParseError, Span, load_document
from fwk_tui.userfiles import size_words
from fwk_tui.validate.spread_contents import read_through_spreads

LAYER_KEYS = ("theme", "extends")
MAX_LAYERS = 200
"""Layer listings one config may bring in, all levels together (a file listed twice counts twice)."""
MAX_LAYER_FILES = 100
"""Different layer files one config may bring in."""
MAX_LAYER_BYTES = 32 * 1024 * 1024
"""The bytes of all layer files together (one file is capped by the document engine)."""
MAX_LAYER_DEPTH = 16
"""Layers of layers: how deep the graph may go."""


class OverBudget(Exception):
    """The layers pass the bytes a caller can read now (``resolve_layers(budget=...)``): read them elsewhere."""


@dataclass(frozen=True)
class Layer:
    """One layer source as written, and what became of it."""

    key: str  # "theme" or "extends"
    source: str  # as written: "../base", "github:org/repo", "my-layer"
    written_at: Origin  # where the source is written
    status: str  # "read" | "remote" | "missing" | "cycle" | "unreadable" | "code" | "too-many"
    # "too-many" is a cap reached: listings, files, bytes or depth, its message says which
    file: str | None = None  # the file read, shown relative to the config's folder
    depth: int = 1
    message: str = ""


@dataclass(frozen=True)
class Source:
    """One file read: what it writes (``body``) and what its environment section adds (``section``)."""

    file: str  # shown relative to the config's folder
    kind: OriginKind  # "file" for the config, "layer" for the others
    detail: str  # a layer's source as written
    body: Obj
    section: Obj | None  # None when no section applies
    section_name: str = ""
    sections: Obj | None = None  # every `$` key it writes ($production, $env, ...), whatever the environment


@dataclass
class Resolved:
    """The merged config with origins, the layers found and what could not be read."""

    config: Obj
    layers: list[Layer] = field(default_factory=list)
    env: str | None = None
    files: list[FilePath] = field(default_factory=list)  # every file read, the config first
    sources: list[Source] = field(default_factory=list)  # in the order the merge prefers them
    env_names: list[str] = field(default_factory=list)
    """The environments the config and its layers have a section for (``$production``, ``$env: { staging }``)."""
    layer_configs: list[Obj] = field(default_factory=list)
    """Each layer read, its section applied, in the merge's order: what :func:`remerge` merges again."""
    layer_keys: object = None
    """``theme`` and ``extends`` of the config as written (plain values): the layers depend on nothing else."""

    @property
    def unresolved(self) -> list[Layer]:
        return [layer for layer in self.layers if layer.status != "read"]

    def set_in_sections(self, path: OptionPath) -> list[tuple[str, Node]]:
        """Each environment whose section sets ``path``, with the strongest file's value there."""
        found = []
        for name in self.env_names:
            nodes = (node_at(section_of(s.sections, name), path) for s in self.sources if s.sections is not None)
            node = next((n for n in nodes if n is not None), None)
            if node is not None:
                found.append((name, node))
        return found


@dataclass
class _File:
    """One file read: its config (sections applied) and where it sits."""

    config: Obj
    path: FilePath
    shown: str
    folder: FilePath  # where its own layer sources are relative to


class _Loader:
    def __init__(self, config_file: FilePath, env: str | None, budget: int | None = None) -> None:
        self.base = config_file.resolve().parent
        self.env = env
        self.budget = budget
        self.layers: list[Layer] = []
        self.files: list[FilePath] = []
        self.sources: list[Source] = []
        self.env_names: list[str] = []
        self.read_once: dict[FilePath, tuple[_File, list[_File]]] = {}  # a layer and its own, by real path
        self.refused: dict[FilePath, tuple[str, str]] = {}  # a file not read: its status and why
        self.listings = 0
        self.layer_bytes = 0

    def shown(self, file: FilePath) -> str:
        try:
            return os.path.relpath(file, self.base)
        except ValueError:  # another drive
            return str(file)

    def read(self, file: FilePath, doc: ConfigDocument, kind: OriginKind, detail: str, folder: FilePath) -> _File:
        """``doc`` (at ``file``) tagged with its origins, its environment section merged over it."""
        shown = self.shown(file)
        self.files.append(file)
        values, spans = read_through_spreads(doc)  # `...base` of a const of the file: its keys too
        config = tag(values, _origins(spans, kind, shown, detail))
        assert isinstance(config, Obj)
        body = Obj({k: v for k, v in config.members.items() if not k.startswith("$")}, config.origin)
        every = Obj({k: v for k, v in config.members.items() if k.startswith("$")})
        for name in section_names(config):
            if name not in self.env_names:
                self.env_names.append(name)
        section = section_of(config, self.env) if self.env else None
        if section is not None:
            config = defu(section, config)
        config.members.pop("$meta", None)
        name = f"${self.env}" if self.env else ""
        applied = section if section and section.members else None
        self.sources.append(Source(shown, kind, detail, body, applied, name, every))
        return _File(config, file, shown, folder)

    def extend(self, config: Obj, folder: FilePath, chain: tuple[FilePath, ...], depth: int) -> list[_File]:
        """The layers ``config`` names (removed from it), each followed by its own: depth first."""
        sources: list[tuple[str, Node]] = []
        for key in LAYER_KEYS:
            value = config.members.pop(key, None)
            items = value.items if isinstance(value, Arr) else [value] if value is not None else []
            sources += [(key, item) for item in items if _truthy(item)]
        out: list[_File] = []
        for key, node in sources:
            found = self.layer(key, node, folder, chain, depth)
            if found is None:
                continue
            if isinstance(found, tuple):  # read before: the same file and its own layers again, unread
                out += [found[0], *found[1]]
                continue
            own = self.extend(found.config, found.folder, (*chain, found.path), depth + 1)
            self.read_once[found.path] = (found, own)
            out += [found, *own]
        return out

    def layer(
        self, key: str, node: Node, folder: FilePath, chain: tuple[FilePath, ...], depth: int
    ) -> _File | tuple[_File, list[_File]] | None:
        """The layer ``node`` names, read; what an earlier listing of the same file read; None when not read."""
        written = _written_at(node)
        source = _source_text(node)
        if source is None:
            text = node.value.text if isinstance(node, Leaf) and isinstance(node.value, Code) else "?"
            self.note(Layer(key, text, written, "code", depth=depth, message="code: not read without running it"))
            return None
        cap = self.cap_reached(depth)
        if cap:
            self.note(Layer(key, source, written, "too-many", depth=depth, message=cap))
            return None
        self.listings += 1
        found = find_source(source, folder)
        if found.status == "unreadable":
            self.note(Layer(key, source, written, "unreadable", depth=depth, message=self.shown_problem(found.problem)))
            return None
        if found.status == "remote":
            self.note(Layer(key, source, written, "remote", depth=depth, message="remote, not read offline"))
            return None
        if found.file is None:
            looked = self.shown(found.looked) if found.looked is not None else source
            message = f"not found (the loader looks for {looked})"
            if found.package_without_entry is not None:
                message += (
                    f": the package in {self.shown(found.package_without_entry)} names no file the loader can take"
                    " (package.json main or exports, or an index file), so it looks beside this config"
                )
            elif found.doubled:
                message += ": it reads a file source from that file's own folder, so name the folder, or put the file beside this config"
            self.note(Layer(key, source, written, "missing", depth=depth, message=message))
            return None
        shown = self.shown(found.file)
        if found.file in chain:
            loop = " -> ".join(self.shown(f) for f in (*chain[chain.index(found.file) :], found.file))
            self.note(Layer(key, source, written, "cycle", shown, depth, f"a cycle: {loop}"))
            return None
        again = self.read_once.get(found.file)
        if again is not None:
            # Merged again with its own layers, as the loader does: those count as listings too, or a layer
            # listed twice at each of 16 levels would be merged 2^16 times.
            if self.listings + len(again[1]) > MAX_LAYERS:
                message = (
                    f"more than {MAX_LAYERS} layers listed, all levels together (fwk-tui merges up to {MAX_LAYERS})"
                )
                self.note(Layer(key, source, written, "too-many", shown, depth, message))
                return None
            self.listings += len(again[1])
            self.note(Layer(key, source, written, "read", shown, depth, "listed before: read once, merged again"))
            return again
        if found.file in self.refused:  # not read again either: a 2 MB file listed 200 times is parsed once
            status, message = self.refused[found.file]
            self.note(Layer(key, source, written, status, shown, depth, message))
            return None
        if len(self.read_once) >= MAX_LAYER_FILES:
            message = f"more than {MAX_LAYER_FILES} layer files (fwk-tui reads up to {MAX_LAYER_FILES})"
            self.note(Layer(key, source, written, "too-many", shown, depth, message))
            return None
        if self.budget is not None and self.layer_bytes + _size(found.file) > self.budget:
            raise OverBudget(found.file)
        try:
            doc = load_document(found.file)
        except ParseError as exc:
            where = f"{shown}:{exc.line}:{exc.column}" if exc.line else shown
            self.refuse(found.file, Layer(key, source, written, "unreadable", shown, depth, f"{where}: {exc.message}"))
            return None
        except DocumentError as exc:
            self.refuse(found.file, Layer(key, source, written, "unreadable", shown, depth, exc.message))
            return None
        if self.layer_bytes + len(doc.data) > MAX_LAYER_BYTES:
            message = f"the layers together pass {size_words(MAX_LAYER_BYTES)} (fwk-tui reads up to that)"
            self.refuse(found.file, Layer(key, source, written, "too-many", shown, depth, message))
            return None
        self.layer_bytes += len(doc.data)
        self.note(Layer(key, source, written, "read", shown, depth))
        return self.read(found.file, doc, "layer", source, found.folder or found.file.parent)

    def refuse(self, file: FilePath, layer: Layer) -> None:
        """Note ``layer``, not read, and remember why for the next listing of ``file``."""
        self.refused[file] = (layer.status, layer.message)
        self.note(layer)

    def cap_reached(self, depth: int) -> str:
        """Which cap of the layer graph one more listing at ``depth`` passes; "" when none."""
        if self.listings >= MAX_LAYERS:
            return f"more than {MAX_LAYERS} layers listed, all levels together (fwk-tui merges up to {MAX_LAYERS})"
        if depth > MAX_LAYER_DEPTH:
            return f"layers more than {MAX_LAYER_DEPTH} deep (fwk-tui follows layers of layers {MAX_LAYER_DEPTH} deep)"
        return ""

    def shown_problem(self, problem: str) -> str:
        """``/abs/path: why`` with the path shown as the other files are."""
        file, sep, why = problem.partition(": ")
        return f"{self.shown(FilePath(file))}: {why}" if sep and os.path.isabs(file) else problem

    def note(self, layer: Layer) -> None:
        self.layers.append(layer)


def resolve_layers(
    config_file: FilePath, doc: ConfigDocument, env: str | None = None, *, budget: int | None = None
) -> Resolved:
    """The config of ``doc`` (read from ``config_file``) merged with its layers for environment ``env``.

    ``budget``: raise OverBudget, before parsing it, at the layer file that would take the layers past
    that many bytes (what a screen can read between two frames; the rest is read in a thread).
    """
    loader = _Loader(config_file, env, budget)
    main = loader.read(config_file.resolve(), doc, "file", "", config_file.resolve().parent)
    # The loader merges its sources (here only the config) into a fresh object first:
    # that drops the config's top-level null and undefined values.
    merged = defu(None, main.config, None)
    keys = _layer_keys(merged)
    layers = loader.extend(merged, main.folder, (main.path,), 1)
    configs = [layer.config for layer in layers]
    config = _without_sections(defu(merged, *configs))
    # Files are read in the order the merge prefers them: the config, then its layers depth first.
    return Resolved(config, loader.layers, env, loader.files, loader.sources, loader.env_names, configs, keys)


def _size(file: FilePath) -> int:
    try:
        return file.stat().st_size
    except OSError:
        return 0  # the reading says why


def remerge(previous: Resolved, config_file: FilePath, doc: ConfigDocument) -> Resolved | None:
    """``doc`` (a new text of ``config_file``) merged with the layers ``previous`` read, without reading them again.

    ``None`` when ``doc`` names other layers (``theme``, ``extends``) than ``previous`` did: read them with
    :func:`resolve_layers`. Where the layer sources are written is as ``previous`` found it.
    """
    loader = _Loader(config_file, previous.env)
    main = loader.read(config_file.resolve(), doc, "file", "", config_file.resolve().parent)
    merged = defu(None, main.config, None)
    keys = _layer_keys(merged)
    if keys != previous.layer_keys:
        return None
    for key in LAYER_KEYS:
        merged.members.pop(key, None)
    config = _without_sections(defu(merged, *previous.layer_configs))
    names = [*loader.env_names, *(n for n in previous.env_names if n not in loader.env_names)]
    layer_sources = [s for s in previous.sources if s.kind != "file"]
    return Resolved(
        config,
        previous.layers,
        previous.env,
        [main.path, *previous.files[1:]],
        [*loader.sources, *layer_sources],
        names,
        previous.layer_configs,
        keys,
    )


def _without_sections(config: Obj) -> Obj:
    for key in [k for k in config.members if k.startswith("$")]:
        del config.members[key]
    return config


def _layer_keys(config: Obj) -> object:
    return [plain(config.members[k]) if k in config.members else None for k in LAYER_KEYS]


def _origins(
    spans: Mapping[OptionPath, Span], kind: OriginKind, shown: str, detail: str
) -> Callable[[OptionPath], Origin]:
    """The origin of each path of one file: its line and column; an environment section names itself."""

    def origin_at(path: OptionPath) -> Origin:
        span = spans.get(path)
        line, column = (span.line, span.column) if span is not None else (None, None)
        section = section_name_of(path)
        if section is not None:
            return Origin("env-section", shown, line, column, section)
        return Origin(kind, shown, line, column, detail)

    return origin_at


def _truthy(node: Node) -> bool:
    """JavaScript's ``Boolean(value)`` as far as it can be known: code counts as a value."""
    return not isinstance(node, Leaf) or isinstance(node.value, Code) or bool(node.value)


def _source_text(node: Node) -> str | None:
    """The source a layer entry names: ``'../base'``, ``['../base', {options}]`` or ``{ source: '../base' }``."""
    if isinstance(node, Arr) and node.items:
        node = node.items[0]
    elif isinstance(node, Obj) and "source" in node.members:
        node = node.members["source"]
    if isinstance(node, Leaf) and isinstance(node.value, str):
        return node.value
    return None


def _written_at(node: Node) -> Origin:
    """Where the source string is written (inside ``[source, options]`` or ``{ source }`` too)."""
    if isinstance(node, Arr) and node.items:
        node = node.items[0]
    elif isinstance(node, Obj) and "source" in node.members:
        node = node.members["source"]
    origin = node.origin
    return origin if origin is not None else Origin("file")
