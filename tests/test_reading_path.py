"""Every file a user controls is read through fwk_tui/userfiles.py: regular files only, capped, one-line errors.

A scan of the package's source for the other ways to read a file (``open(``,
``.read_text(``, ``.read_bytes(``, ``Path.open("r…")``, ``os.open`` for reading):
each must be in the allow-list below, which names why it is not a user's file.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "fwk_tui"

ALLOWED: dict[str, str] = {
    "userfiles.py": "the one reading path itself",
    "catalog/loader.py": "the catalogue's own package data (catalog/*.yaml), shipped with fwk-tui",
    "catalog/framework.py": "the catalogue's own package data (framework_types.json), shipped with fwk-tui",
    "tui/fields/code_area.py": "Textual's own package data (a highlight query)",
    "source/lock.py": "a folder's descriptor, to lock the folder (no bytes read)",
    "atomic.py": "a folder's descriptor, to fsync the folder (no bytes read)",
    "migrate/preflight.py": "a folder's or regular file's descriptor (O_NONBLOCK), to ask for its immutable flag",
    "cli/__init__.py": "os.devnull opened for writing, when started with 2>&- (no bytes read)",
    "cli/schema_cmds.py": "--out naming a device or a named pipe, opened for writing (no bytes read)",
}

PENDING: dict[str, str] = {
    # A module that still reads a user's file another way, with why, until it moves to userfiles.
}


def _reads(tree: ast.AST) -> Iterator[tuple[int, str]]:
    """(line, what) for each call that reads a file another way than userfiles."""
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        if isinstance(func, ast.Name) and func.id == "open":
            yield node.lineno, "open("
        elif isinstance(func, ast.Attribute) and func.attr in ("read_text", "read_bytes"):
            yield node.lineno, f".{func.attr}("
        elif isinstance(func, ast.Attribute) and func.attr == "open":
            if isinstance(func.value, ast.Name) and func.value.id in ("os", "io"):
                flags = ast.unparse(node.args[1]) if len(node.args) > 1 else ""
                if "O_WRONLY" not in flags and "O_RDWR" not in flags:
                    yield node.lineno, f"{func.value.id}.open( for reading"
            elif _read_mode(node):
                yield node.lineno, ".open( for reading"


def _read_mode(call: ast.Call) -> bool:
    """``x.open("rb")``, ``x.open(mode="r")``: a path opened to read (a session's ``open(path, ...)`` is not)."""
    modes = [a for a in call.args[:1]] + [k.value for k in call.keywords if k.arg == "mode"]
    return any(isinstance(m, ast.Constant) and isinstance(m.value, str) and "r" in m.value for m in modes)


def _found() -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        name = path.relative_to(PACKAGE).as_posix()
        for line, what in _reads(ast.parse(path.read_text(encoding="utf-8"))):
            found.setdefault(name, []).append(f"{name}:{line}: {what}")
    return found


def test_every_file_is_read_through_userfiles() -> None:
    stray = [hit for name, hits in _found().items() if name not in ALLOWED and name not in PENDING for hit in hits]
    assert not stray, "read a user's file through fwk_tui/userfiles.py (or add it to ALLOWED, saying why):\n" + "\n".join(
        stray
    )


def test_the_pending_list_holds_only_modules_that_still_read_another_way() -> None:
    found = _found()
    done = [name for name in PENDING if name not in found]
    assert not done, f"no longer reading another way: remove from PENDING: {done}"


def test_the_scan_sees_each_way_of_reading() -> None:
    source = (
        "open(p)\np.read_text()\np.read_bytes()\np.open('rb')\np.open(mode='r')\n"
        "os.open(p, os.O_RDONLY)\nos.open(p, os.O_WRONLY | os.O_CREAT)\nsession.open(path, catalog)\n"
    )
    assert [what for _, what in sorted(_reads(ast.parse(source)))] == [
        "open(",
        ".read_text(",
        ".read_bytes(",
        ".open( for reading",
        ".open( for reading",
        "os.open( for reading",
    ]
