"""Real framework modules, as published: the packages of ``module_packages.txt``, installed for the tests.

Like the corpus (tests/corpus.py), the project fetches them itself: each package is downloaded with ``npm pack``
once, and what the module reader reads of it (``package.json``, ``dist/module.json`` and the type declarations
``*.d.ts``/``*.d.mts``/``*.d.cts``, and the built ``dist/module.mjs`` whose ``defaults`` it reads) is unpacked under
``${XDG_CACHE_HOME:-~/.cache}/fwk-module-packages/project/node_modules/<name>/``, laid out as a project installs
it, with the brand words renamed by the naming convention (:func:`tests.framework_types.to_neutral`), in the
text and in the file names alike: ``@nuxtjs/color-mode`` lands as ``node_modules/@fwkjs/color-mode``. Later runs
reuse it; a package whose pinned version changes in the list is fetched again. Workers fetch under one lock.

Without npm or the network nothing is fetched and the tests that need a package skip, saying why in one line:
a clone alone passes. A package that is there is compared for real.
"""

from __future__ import annotations

import fcntl
import functools
import os
import re
import shutil
import subprocess
import tarfile
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from tests.framework_types import to_neutral

HERE = Path(__file__).resolve().parent
PACKAGES = HERE / "module_packages.txt"
KEPT = re.compile(r"^(package\.json|dist/module\.(json|mjs|js|cjs)|.*\.d\.(ts|mts|cts))$")
"""What is unpacked of a package (its path inside the tarball, ``package/`` taken off): what the reader reads."""
STAMP = ".fwk-test-spec"
"""The file of an unpacked package that says which spec it was unpacked from (and what of it: ``KEPT_AS``)."""
KEPT_AS = "with its built module"
"""Said in the stamp: a package unpacked before the built module (its ``defaults``) was kept is unpacked again."""
MAX_MEMBER_BYTES = 4 * 1024 * 1024
NETWORK_ERRORS = re.compile(r"ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH|EHOSTUNREACH|offline")


def cache_root() -> Path:
    cache = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(cache) / "fwk-module-packages"


def package_specs() -> list[str]:
    """The packages of the list, as written (``@nuxtjs/color-mode@4.0.1``)."""
    specs: list[str] = []
    for line in PACKAGES.read_text(encoding="utf-8").splitlines():
        spec = line.strip()
        if spec and not spec.startswith("#") and spec not in specs:
            specs.append(spec)
    return specs


def spec_name(spec: str) -> str:
    """The package name of a spec: ``@nuxtjs/color-mode@4.0.1`` -> ``@nuxtjs/color-mode``."""
    at = spec.rfind("@")
    return spec[:at] if at > 0 else spec


def neutral_name(spec: str) -> str:
    """The package's name as the tests see it (naming convention applied): ``@fwkjs/color-mode``."""
    return to_neutral(spec_name(spec))


@dataclass(frozen=True)
class Fetched:
    """The packages installed for the tests: ``node_modules`` holds each of ``packages`` (spec -> its folder);
    ``missing`` says, for a spec that could not be had, why, in one line."""

    node_modules: Path
    packages: dict[str, Path] = field(default_factory=dict)
    missing: dict[str, str] = field(default_factory=dict)


@functools.cache
def module_packages() -> Fetched:
    """The packages of the list, fetched first where missing (or stale)."""
    root = cache_root()
    node_modules = root / "project" / "node_modules"
    node_modules.mkdir(parents=True, exist_ok=True)
    packages: dict[str, Path] = {}
    missing: dict[str, str] = {}
    with open(root / ".lock", "w") as lock:  # test workers running at once fetch each package once
        fcntl.flock(lock, fcntl.LOCK_EX)
        stop: str | None = None  # after a failure of the network or of npm, the others are not tried
        for spec in package_specs():
            folder = node_modules / neutral_name(spec)
            if _unpacked(folder) == f"{spec} {KEPT_AS}":
                packages[spec] = folder
                continue
            if stop is not None:
                missing[spec] = stop
                continue
            problem = _fetch(spec, root / "packs", folder)
            if problem is None:
                packages[spec] = folder
            else:
                missing[spec] = problem
                if problem.startswith(("npm is not installed", "no network")):
                    stop = problem
    return Fetched(node_modules, packages, missing)


def _unpacked(folder: Path) -> str | None:
    try:
        return (folder / STAMP).read_text(encoding="utf-8").strip()
    except OSError:
        return None


def _fetch(spec: str, packs: Path, folder: Path) -> str | None:
    """Download ``spec`` into ``packs`` (once) and unpack it into ``folder``; or why not, in one line."""
    packs.mkdir(parents=True, exist_ok=True)
    safe = spec.replace("@", "_").replace("/", "_").removeprefix("_")
    tgz = packs / f"{safe}.tgz"
    if not tgz.is_file() or tgz.stat().st_size == 0:
        npm = shutil.which("npm")
        if npm is None:
            return "npm is not installed: the real module packages (tests/module_packages.txt) cannot be fetched"
        try:
            proc = subprocess.run(
                [npm, "pack", "--loglevel=error", "--prefer-offline", "--fetch-retries=1", spec], cwd=packs,
                capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=120, check=False,
            )  # fmt: skip
        except subprocess.TimeoutExpired:
            return f"no network: npm pack {spec} did not answer in 120 s"
        names = proc.stdout.split()
        if proc.returncode != 0 or not names or not (packs / names[-1]).is_file():
            lines = [line.removeprefix("npm error").strip() for line in proc.stderr.splitlines()]
            said = "; ".join(line for line in lines if line.startswith(("code ", "FetchError", "notarget")))[:200]
            if NETWORK_ERRORS.search(proc.stderr) or not said:
                return f"no network: npm pack {spec} failed ({said or 'no output'})"
            return f"npm pack {spec} failed ({said})"
        (packs / names[-1]).rename(tgz)
    try:
        _unpack(tgz, spec, folder)
    except (OSError, tarfile.TarError) as exc:
        return f"{tgz.name} could not be unpacked: {exc}"
    return None


def _unpack(tgz: Path, spec: str, folder: Path) -> None:
    """The declarations, ``module.json`` and ``package.json`` of the package, renamed, into ``folder``."""
    partial = folder.with_name(folder.name + ".partial")
    shutil.rmtree(partial, ignore_errors=True)
    with tarfile.open(tgz) as tar:
        for member in tar.getmembers():
            inner = PurePosixPath(member.name)
            parts = inner.parts[1:]  # "package/" (some packs name their root otherwise)
            rel = "/".join(parts)
            if not member.isfile() or not KEPT.match(rel) or ".." in parts or inner.is_absolute():
                continue
            if member.size > MAX_MEMBER_BYTES:
                continue
            read = tar.extractfile(member)
            if read is None:
                continue
            text = read.read().decode("utf-8", "surrogateescape")
            target = partial / to_neutral(rel)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(to_neutral(text).encode("utf-8", "surrogateescape"))
    (partial / STAMP).write_text(f"{spec} {KEPT_AS}\n", encoding="utf-8")
    shutil.rmtree(folder, ignore_errors=True)
    folder.parent.mkdir(parents=True, exist_ok=True)
    partial.rename(folder)


@functools.cache
def engine_package(spec: str) -> tuple[Path | None, str]:
    """One more package of the framework (not a module: its server engine, its server build), fetched and renamed
    as the modules are, into ``engine/node_modules``: its folder, or ``None`` and why not in one line."""
    root = cache_root()
    folder = root / "engine" / "node_modules" / neutral_name(spec)
    root.mkdir(parents=True, exist_ok=True)
    with open(root / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if _unpacked(folder) == f"{spec} {KEPT_AS}":
            return folder, ""
        problem = _fetch(spec, root / "packs", folder)
    return (folder, "") if problem is None else (None, problem)
