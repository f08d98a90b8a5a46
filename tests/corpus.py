"""The real-world corpus: config files written by other people, shipped inside published packages.

The project fetches it itself (a clone alone has what it needs): each package of
``corpus_packages.txt`` (and of ``../shared/corpus/packages.txt`` when it is
beside the project) is downloaded with ``npm pack``, every config file in it is
extracted and its brand words are renamed by the naming convention
(:func:`tests.framework_types.to_neutral`). The files land in
``${XDG_CACHE_HOME:-~/.cache}/fwk-corpus/files`` once; later runs reuse them.
"""

from __future__ import annotations

import fcntl
import functools
import os
import re
import shutil
import subprocess
import tarfile
from pathlib import Path

from tests.framework_types import to_neutral

HERE = Path(__file__).resolve().parent
PACKAGES = HERE / "corpus_packages.txt"
SHARED_PACKAGES = HERE.parent.parent / "shared" / "corpus" / "packages.txt"
CONFIG_NAME = re.compile(r"(^|/)(nuxt|fwk)\.config\.(ts|js|mjs)$")


def corpus_root() -> Path:
    cache = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(cache) / "fwk-corpus"


def package_specs() -> list[str]:
    """The packages to fetch: the project's list, and the shared one's when it is beside the project."""
    specs: list[str] = []
    for listing in (PACKAGES, SHARED_PACKAGES):
        if listing.is_file():
            for line in listing.read_text(encoding="utf-8").splitlines():
                spec = line.strip()
                if spec and not spec.startswith("#") and spec not in specs:
                    specs.append(spec)
    return specs


@functools.cache
def corpus_files() -> tuple[tuple[Path, ...], str | None]:
    """The corpus files, fetched first when missing; or why there are none."""
    root = corpus_root()
    files_dir = root / "files"
    root.mkdir(parents=True, exist_ok=True)
    with open(root / ".lock", "w") as lock:  # test workers running at once fetch it once
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not files_dir.is_dir() or not any(files_dir.iterdir()):
            problem = fetch(root)
            if problem is not None:
                return (), problem
    files = tuple(sorted(p for p in files_dir.iterdir() if p.is_file()))
    return files, None if files else f"the corpus fetch ran but {files_dir} holds no files"


def fetch(root: Path) -> str | None:
    """Download the packages into ``root/packs`` and extract their config files into ``root/files``."""
    npm = shutil.which("npm")
    if npm is None:
        return "the corpus is missing and npm, which fetching it needs, is not installed"
    packs, files = root / "packs", root / "files"
    packs.mkdir(parents=True, exist_ok=True)
    files.mkdir(parents=True, exist_ok=True)
    failed = []
    for spec in package_specs():
        safe = spec.replace("@", "_").replace("/", "_").removeprefix("_")
        tgz = packs / f"{safe}.tgz"
        if not tgz.is_file() or tgz.stat().st_size == 0:
            proc = subprocess.run(
                [npm, "pack", "--silent", spec], cwd=packs, capture_output=True, text=True,
                stdin=subprocess.DEVNULL, timeout=300, check=False,
            )  # fmt: skip
            names = proc.stdout.split()
            if proc.returncode != 0 or not names or not (packs / names[-1]).is_file():
                failed.append(spec)
                continue
            (packs / names[-1]).rename(tgz)
        _extract(tgz, safe, files)
    if not any(files.iterdir()):
        return f"no corpus file could be fetched (npm pack failed for {', '.join(failed) or 'nothing'})"
    return None


def _extract(tgz: Path, safe: str, files: Path) -> None:
    with tarfile.open(tgz) as tar:
        for member in tar.getmembers():
            if not member.isfile() or not CONFIG_NAME.search(member.name):
                continue
            inner = member.name.removeprefix("package/").replace("/", "_").replace("nuxt.config", "fwk.config", 1)
            read = tar.extractfile(member)
            if read is None:
                continue
            text = read.read().decode("utf-8", "surrogateescape")
            (files / f"{safe}__{inner}").write_bytes(to_neutral(text).encode("utf-8", "surrogateescape"))
