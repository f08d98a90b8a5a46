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

from pathlib import Path
from typing import Any

from tests.node_jobs import run_node_script

SCHEMA_PACKAGES = {4: "@nuxt/schema", 3: "nuxt-schema-3"}


def framework_places(folders: list[Path], major: int) -> dict[Path, dict[str, Any]]:
    """Where the real framework of ``major`` (3 or 4) puts each project's folders.

    One node process for all the folders; keys are the folders as given. Fails the
    calling test when node or the schema packages of tests/node are not installed
    (a missing install fails, never skips: ./dev test installs them).
    """
    if major not in SCHEMA_PACKAGES:
        raise ValueError(f"major must be 3 or 4, not {major!r}")
    jobs = [
        {"id": str(index), "cwd": str(Path(folder).resolve()), "major": major} for index, folder in enumerate(folders)
    ]
    raw: dict[str, dict[str, Any]] = run_node_script(
        "resolve-dirs.mjs", jobs, needs="the framework-folders oracle", packages=(SCHEMA_PACKAGES[major],)
    )
    return {folder: raw[str(index)] for index, folder in enumerate(folders)}
