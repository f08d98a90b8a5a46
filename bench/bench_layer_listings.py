"""Layer listings budget: a big layer listed 200 times costs no more than listed once, plus 10%.

    .venv/bin/python bench/bench_layer_listings.py

Builds a project in a temporary folder: a layer of about 700 KB (objects of route rules and
settings, a few short lists, as a real shared layer has) and two configs, one listing it once,
one listing it 200 times (the loader's cap: each listing is merged, as the framework's loader
merges it, but the file is read once). Times what ``check`` and the editor run on the merged
config (``check_merged``: read, merge, validate) for both, in alternating rounds, best of each.
Budget: 200 listings <= 1.10x one listing. Exits 1 when the budget is missed.
"""

from __future__ import annotations

import gc
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from fwk_tui.catalog import load_catalog
from fwk_tui.resolve.check import check_merged
from fwk_tui.resolve.loader import MAX_LAYERS
from fwk_tui.source import load_document
from fwk_tui.validate import check_document

BUDGET = 1.10
ROUNDS = 7
LISTINGS = MAX_LAYERS


def _layer() -> str:
    rules = "\n".join(
        f"    '/docs/section{n}/**': {{ prerender: {str(n % 2 == 0).lower()}, headers: {{ 'x-section': '{n}' }},"
        f" cache: {{ maxAge: {n * 60}, swr: true }} }},"
        for n in range(6_000)
    )
    return (
        "export default defineFwkConfig({\n"
        "  app: { head: { title: 'Shared layer', meta: [{ name: 'layer', content: 'shared' }] } },\n"
        "  modules: ['shared-module'],\n"
        "  runtimeConfig: { public: { apiBase: '/shared' } },\n"
        f"  routeRules: {{\n{rules}\n  }},\n"
        "})\n"
    )


def make_project(folder: Path, listings: int) -> Path:
    (folder / "shared").mkdir(parents=True, exist_ok=True)
    (folder / "shared" / "fwk.config.ts").write_text(_layer())
    sources = ", ".join(["'./shared'"] * listings)
    config = folder / f"fwk.config.{listings}.ts"
    config.write_text(f"export default defineFwkConfig({{\n  extends: [{sources}],\n  ssr: true,\n}})\n")
    return config


def time_check(file: Path) -> float:
    catalog = load_catalog()
    doc = load_document(file)
    gc.collect()  # the garbage of the round before is not this round's cost
    start = time.perf_counter()
    merged = check_merged(file, doc, catalog, check_document(doc, catalog), None, None)
    elapsed = time.perf_counter() - start
    assert merged is not None
    return elapsed


def main() -> int:
    with tempfile.TemporaryDirectory(prefix="fwk-bench-") as tmp:
        once = make_project(Path(tmp), 1)
        many = make_project(Path(tmp), LISTINGS)
        size = (Path(tmp) / "shared" / "fwk.config.ts").stat().st_size
        doc = load_document(many)
        merged = check_merged(many, doc, load_catalog(), check_document(doc, load_catalog()), None, None)
        assert merged is not None
        statuses = [layer.status for layer in merged.resolved.layers]
        if statuses != ["read"] * LISTINGS or len(merged.resolved.files) != 2:
            print(f"the project is not what it should be: {len(statuses)} listings, {len(merged.resolved.files)} files")
            return 1
        time_check(once)  # warm: the catalogue's caches filled
        best: dict[str, list[float]] = {"once": [], "many": []}
        for _ in range(ROUNDS):
            best["once"].append(time_check(once))
            best["many"].append(time_check(many))
        one, all_ = min(best["once"]), min(best["many"])
        ratio = all_ / one
        print(f"a {size // 1024} KB layer: listed once {one * 1000:.0f} ms (median {statistics.median(best['once']) * 1000:.0f}),"
              f" listed {LISTINGS} times {all_ * 1000:.0f} ms (median {statistics.median(best['many']) * 1000:.0f})"
              f"   ratio {ratio:.2f} (budget <= {BUDGET:.2f})  {'ok' if ratio <= BUDGET else 'MISSED'}")
    return 0 if ratio <= BUDGET else 1


if __name__ == "__main__":
    sys.exit(main())
