"""The catalogue cache: plain JSON against the pickle it replaced, measured side by side in one run.

    .venv/bin/python bench/bench_catalog_cache.py [--runs N]

- warm load, file read included: the JSON cache (header check, decode, rebuild
  of the dataclasses) against ``pickle.load`` of the same catalogue, interleaved
  in one process: budget ratio <= 1.5 (the pickle took about 5 ms);
- the same in fresh processes, imports of the catalogue package excluded:
  budget <= 15 ms (the start-up budget of bench_catalog.py);
- cold load (YAML compiled), for scale.

Exits 1 when a budget is missed.
"""

from __future__ import annotations

import argparse
import os
import pickle
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from startup import ENV  # noqa: E402

from fwk_tui.catalog import cache, compile_catalog  # noqa: E402

_FRESH = (
    "import sys, time; from pathlib import Path; from fwk_tui.catalog import cache; "
    "t = time.perf_counter(); c = cache.read_cache(Path(sys.argv[1]), sys.argv[2]); "
    "print(time.perf_counter() - t if c is not None else 'miss')"
)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=31)
    args = parser.parse_args()

    t = time.perf_counter()
    catalog = compile_catalog()
    cold = time.perf_counter() - t

    folder = Path(tempfile.mkdtemp(prefix="fwk-bench-"))
    json_file, pickle_file, key = folder / "catalog-bench.json", folder / "old.pickle", "bench"
    cache.write_cache(json_file, key, catalog)
    pickle_file.write_bytes(pickle.dumps(catalog, protocol=pickle.HIGHEST_PROTOCOL))

    old: list[float] = []
    new: list[float] = []
    for _ in range(args.runs):  # interleaved, so load on the machine hits both alike
        t = time.perf_counter()
        with open(pickle_file, "rb") as fh:
            pickle.load(fh)
        old.append(time.perf_counter() - t)
        t = time.perf_counter()
        loaded = cache.read_cache(json_file, key)
        new.append(time.perf_counter() - t)
        assert loaded == catalog
    old_ms, new_ms = statistics.median(old) * 1000, statistics.median(new) * 1000
    ratio = new_ms / old_ms

    fresh = []
    for _ in range(max(5, args.runs // 3)):
        out = subprocess.run([sys.executable, "-c", _FRESH, str(json_file), key],
                             check=True, capture_output=True, text=True, env=ENV).stdout.strip()
        fresh.append(float(out) * 1000)
    fresh_ms = statistics.median(fresh)
    for f in (json_file, pickle_file):
        f.unlink()
    os.rmdir(folder)

    print(f"warm load in one process   pickle {old_ms:6.2f} ms   json cache {new_ms:6.2f} ms   ratio {ratio:.2f}  "
          f"(budget <= 1.50)  {'ok' if ratio <= 1.5 else 'MISSED'}")
    print(f"warm load, fresh process   json cache {fresh_ms:6.2f} ms  (budget <= 15 ms)  "
          f"{'ok' if fresh_ms <= 15 else 'MISSED'}")
    print(f"cold load (YAML compiled)  {cold * 1000:6.1f} ms   cache file {json_file.name}: "
          f"{len(cache.encode(catalog)['options'])} options")
    return 0 if ratio <= 1.5 and fresh_ms <= 15 else 1


if __name__ == "__main__":
    sys.exit(main())
