"""The import rule of docs/architecture.md, checked on the package's source.

Imports run one way, down the layers; the front ends (cli, tui, lsp) never import
each other; no two modules import each other, however indirectly (type-only
imports count: they are the same dependency); Textual stays in tui/.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "fwk_tui"

DOC = PACKAGE.parent / "docs" / "architecture.md"


def _layers_of_the_doc() -> dict[str, int]:
    """Each room and its layer, as the table of docs/architecture.md ("The layers") gives them: a module may
    import its own room and the rooms of lower layers only; front ends share a layer, so cannot import each
    other; the entry, above them, wires them together. A row without a number shares the layer above it."""
    text = DOC.read_text(encoding="utf-8")
    block = text.split("## The layers", 1)[1].split("```", 2)[1]
    layers: dict[str, int] = {}
    layer = -1
    for line in block.splitlines():
        if "|" not in line:
            continue
        names = line.split("|", 1)[0].split()
        if names and names[0].isdigit():
            layer = int(names.pop(0))
        for name in names:
            layers[name] = layer
    return layers


LAYERS = _layers_of_the_doc()
ROOT_MODULE = "fwk_tui"  # the package itself: its version, importable by all


def _modules() -> dict[str, Path]:
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _imports(name: str, path: Path, known: dict[str, Path]) -> Iterator[tuple[str, int]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            targets = [module] + [f"{module}.{alias.name}" for alias in node.names]
        else:
            continue
        for target in targets:
            if target.split(".")[0] == "textual":
                yield target, node.lineno
            elif target in known and target != name:
                yield target, node.lineno


def _room(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ROOT_MODULE


GRAPH: dict[str, dict[str, int]] = {}
_KNOWN = _modules()
for _name, _path in _KNOWN.items():
    GRAPH[_name] = dict(_imports(_name, _path, _KNOWN))


def test_every_room_has_a_layer() -> None:
    rooms = {_room(name) for name in GRAPH} - {ROOT_MODULE}
    assert rooms <= set(LAYERS), f"rooms without a layer in docs/architecture.md: {sorted(rooms - set(LAYERS))}"
    assert set(LAYERS) <= rooms, f"rooms docs/architecture.md names that are not there: {sorted(set(LAYERS) - rooms)}"


def test_imports_run_down_the_layers() -> None:
    wrong = []
    for name, targets in GRAPH.items():
        room = _room(name)
        for target, line in targets.items():
            if target.startswith("textual"):
                continue
            other = _room(target)
            if other in (room, ROOT_MODULE) or room == ROOT_MODULE:
                continue
            if LAYERS[other] >= LAYERS[room]:
                wrong.append(f"{name} (line {line}) imports {target}")
    assert not wrong, "imports against the layers:\n" + "\n".join(sorted(wrong))


def test_textual_stays_in_the_terminal_views() -> None:
    wrong = [
        f"{name} (line {line}) imports {target}"
        for name, targets in GRAPH.items()
        for target, line in targets.items()
        if target.startswith("textual") and _room(name) not in ("tui", "main")
    ]
    assert not wrong, "Textual below tui/:\n" + "\n".join(sorted(wrong))


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for start in graph:
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_no_two_modules_import_each_other() -> None:
    graph = {name: {t for t in targets if t in GRAPH} for name, targets in GRAPH.items()}
    cycles = _cycles(graph)
    assert not cycles, "modules importing each other:\n" + "\n".join(" <-> ".join(c) for c in cycles)


def test_the_checker_sees_a_circle_and_a_wrong_way_import() -> None:
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []
    assert LAYERS["tui"] == LAYERS["cli"] and LAYERS["source"] < LAYERS["session"]
