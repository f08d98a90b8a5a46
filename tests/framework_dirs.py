"""The framework's own schema as the oracle of where a project's folders are.

tests/node/resolve-dirs.mjs loads each project's config with c12 and applies the
real schema's defaults (@nuxt/schema 4.x, or 3.x installed as nuxt-schema-3) the
way the framework's kit does; ``framework_places`` asks it about many project
folders in one node process.

Each answer (paths relative to the project folder, posix, "." for the folder itself):

    {"rootDir", "srcDir", "serverDir", "buildDir",
     "dir": {...},            # dir.* as the schema gives them
     "dirAbsolute": [...],    # the dir.* keys the schema resolved to paths (printed relative)
     "places": {...},         # the folder the framework uses on disk for each: srcDir, server,
                              # shared, public, modules, pages, layouts, middleware, plugins,
                              # app, assets, layers
     "alias": {...}, "compatibilityVersion": 3 | 4 | ..., "warnings": [...]}

or ``{"error": "..."}`` when the config could not be loaded.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

NODE_DIR = Path(__file__).resolve().parent / "node"
SCRIPT = NODE_DIR / "resolve-dirs.mjs"
SCHEMA_PACKAGES = {4: "@nuxt/schema", 3: "nuxt-schema-3"}


def framework_places(folders: list[Path], major: int) -> dict[Path, dict[str, Any]]:
    """Where the real framework of ``major`` (3 or 4) puts each project's folders.

    One node process for all the folders; keys are the folders as given. Fails the
    calling test when node or the schema packages of tests/node are not installed
    (a missing install fails, never skips: ./dev test installs them).
    """
    if major not in SCHEMA_PACKAGES:
        raise ValueError(f"major must be 3 or 4, not {major!r}")
    if shutil.which("node") is None:
        pytest.fail("node is not installed: the framework-folders oracle needs node >= 20 (see README)")
    package = SCHEMA_PACKAGES[major]
    if not (NODE_DIR / "node_modules" / package).is_dir():
        pytest.fail(
            f"tests/node/node_modules/{package} is missing: run the tests with ./dev test"
            " (it runs npm ci in tests/node)"
        )
    jobs = [
        {"id": str(index), "cwd": str(Path(folder).resolve()), "major": major} for index, folder in enumerate(folders)
    ]
    proc = subprocess.run(
        ["node", str(SCRIPT)],
        input=json.dumps(jobs),
        capture_output=True,
        text=True,
        check=False,
        # A fixed environment: NODE_ENV, NUXT_* and the like change no answer.
        env={"PATH": os.environ.get("PATH", ""), "HOME": os.environ.get("HOME", "")},
        timeout=120,
    )
    assert proc.returncode == 0, f"resolve-dirs.mjs crashed:\n{proc.stderr}"
    raw: dict[str, dict[str, Any]] = json.loads(proc.stdout)
    return {folder: raw[str(index)] for index, folder in enumerate(folders)}
