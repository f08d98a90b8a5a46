""".env budget: a 1 MB .env read, parsed and filled in (interpolation) within 1 s, whatever its shape.

    .venv/bin/python bench/bench_dotenv.py

Writes each .env of 0.5 MB and 1 MB to a temporary folder beside a small config, and times
``dotenv_files`` + ``effective_config`` (read the file through the capped reader, parse, fill in the
references, apply the variables) in this process after imports: the median CPU time of a few rounds
(the machine may be shared; wall-clock time is printed beside it). Shapes:
plain variables; one value of ``${A}`` repeated; a chain of references written from its head (each
reads the next) and from its tail; and the 30-level doubling bomb (under 1 KB), which must stop at the
1 MB cap. Budgets: <= 1.0 s at 1 MB for every shape; 1 MB <= 3x the time of 0.5 MB (linear is 2x,
quadratic 4x). Exits 1 when a budget is missed.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from fwk_tui.catalog import load_catalog
from fwk_tui.resolve.effective import dotenv_files, effective_config
from fwk_tui.source import ConfigDocument

BUDGET_S = 1.0
MAX_GROWTH = 3.0
ROUNDS = 5
CONFIG = "export default defineFwkConfig({ runtimeConfig: { apiSecret: '', public: { apiBase: '', x1: '' } } })\n"


def _fill(line: Callable[[int], str], size: int) -> str:
    lines: list[str] = []
    total = 0
    while total < size:
        lines.append(line(len(lines)))
        total += len(lines[-1])
    return "".join(lines)


def plain(size: int) -> str:
    return _fill(lambda i: f"FWK_PUBLIC_X{i}=value number {i}\n", size)


def repeated(size: int) -> str:
    return "A=x\nFWK_PUBLIC_API_BASE=" + "${A}" * ((size - 30) // 4) + "\n"


def chain_from_head(size: int) -> str:
    body = _fill(lambda i: f"C{i}=${{C{i + 1}}}\n", size - 40)
    return "FWK_PUBLIC_API_BASE=${C0}\n" + body + f"C{body.count(chr(10))}=/end\n"


def chain_from_tail(size: int) -> str:
    body = _fill(lambda i: f"C{i + 1}=${{C{i}}}\n", size - 40)
    return "C0=/start\n" + body + f"FWK_PUBLIC_API_BASE=${{C{body.count(chr(10))}}}\n"


def bomb(_size: int) -> str:
    refs = ["${A}", *[f"${{L{i}}}" for i in range(1, 30)]]
    return "A=0123456789abcdef\n" + "".join(f"L{i}={refs[i - 1] * 2}\n" for i in range(1, 31))


SHAPES: dict[str, Callable[[int], str]] = {
    "plain variables": plain,
    "${A} repeated": repeated,
    "a chain, head first": chain_from_head,
    "a chain, tail first": chain_from_tail,
}


def time_read(folder: Path, text: str) -> tuple[float, float, int]:
    """The median CPU and wall seconds to read ``text`` as the .env beside the config, and the variables noted."""
    (folder / ".env").write_text(text)
    config = folder / "fwk.config.ts"
    doc = ConfigDocument.parse(CONFIG)
    catalog = load_catalog()
    cpu, wall = [], []
    notes = 0
    for _ in range(ROUNDS):
        start, start_wall = time.process_time(), time.perf_counter()
        effective = effective_config(config, doc, catalog, dotenv=dotenv_files([], folder), environ={})
        cpu.append(time.process_time() - start)
        wall.append(time.perf_counter() - start_wall)
        notes = sum(1 for v in effective.environment.values() if v.note)
    return statistics.median(cpu), statistics.median(wall), notes


def main() -> int:
    missed = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / "fwk.config.ts").write_text(CONFIG)
        time_read(folder, plain(10_000))  # imports and the catalogue, once
        print(f"{'shape (CPU time)':<22} {'0.5 MB':>8} {'1 MB':>8} {'growth':>7}  {'1 MB wall':>9}  notes")
        for name, make in SHAPES.items():
            half, _, _ = time_read(folder, make(512 * 1024))
            text = make(1024 * 1024 - 64)
            full, wall, notes = time_read(folder, text)
            growth = full / max(half, 1e-6)
            print(f"{name:<22} {half:>7.3f}s {full:>7.3f}s {growth:>6.2f}x  {wall:>8.3f}s  {notes}   ({len(text):,} bytes)")
            if full > BUDGET_S:
                missed.append(f"{name}: {full:.2f} s at 1 MB > {BUDGET_S} s")
            if growth > MAX_GROWTH:
                missed.append(f"{name}: 1 MB takes {growth:.1f}x the time of 0.5 MB > {MAX_GROWTH}x")
        text = bomb(0)
        seconds, wall, notes = time_read(folder, text)
        print(f"{'doubling bomb':<22} {'':>8} {seconds:>7.3f}s {'':>7}  {wall:>8.3f}s  {notes}   ({len(text):,} bytes)")
        if seconds > BUDGET_S or notes == 0:
            missed.append(f"doubling bomb: {seconds:.2f} s, {notes} notes")
    for line in missed:
        print("MISSED:", line)
    return 1 if missed else 0


if __name__ == "__main__":
    raise SystemExit(main())
