"""Benchmark: validating a realistic 450-line config (values -> diagnostics).

The config is built from real files: the values of the bundled example and
of every corpus file (module options, hooks, code and all) merged, plus the
catalogued options a large project sets, plus route rules until it has 450
lines. Prints the median of many runs of:

- parse (ConfigDocument.parse), values() and entries(): the document side, not
  part of the budget but what the editor also pays per keystroke;
- validate(values): every check, the budgeted figure (<= 10 ms);
- check_document: values + validate + positions + the document's own checks
  (duplicate keys, spreads, code), on a document it has not read before: what
  ``fwk-tui check``, the editor and the language server run after each edit
  (budget <= 16 ms).

    .venv/bin/python bench/bench_validate.py

Exits non-zero when the budget is missed.
"""

from __future__ import annotations

import copy
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from fwk_tui.catalog import Variant, load_catalog  # noqa: E402
from fwk_tui.source import ConfigDocument, DocumentError, load_document  # noqa: E402
from fwk_tui.source.render import Renderer  # noqa: E402
from fwk_tui.source.style import STARTER_STYLE  # noqa: E402
from fwk_tui.validate import check_document, validate  # noqa: E402

LINES = 450
BUDGET_MS = 10.0
CHECK_BUDGET_MS = 16.0
"""check_document: what the editor and the language server run at every edit."""
RUNS = 200


def _corpus_files() -> list[Path]:
    cache = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    folder = Path(cache) / "fwk-corpus" / "files"
    return sorted(folder.iterdir()) if folder.is_dir() else []


def _merge(into: dict[str, Any], other: dict[str, Any]) -> None:
    for key, value in other.items():
        if isinstance(value, dict) and isinstance(into.get(key), dict):
            _merge(into[key], value)
        else:
            into[key] = value


# Catalogued options a large project sets (so the checks, not only the walk, run).
_PROJECT: dict[str, Any] = {
    "srcDir": "app",
    "buildDir": ".fwk",
    "ignore": ["**/*.stories.{js,ts}", "**/*.{spec,test}.{js,ts}", ".fwk/analyze"],
    "dir": {"assets": "app/assets", "layouts": "app/layouts", "pages": "app/pages", "public": "public"},
    "app": {
        "baseURL": "/",
        "buildAssetsDir": "/_fwk/",
        "cdnURL": "https://cdn.example.com/",
        "keepalive": False,
        "layoutTransition": {"name": "layout", "mode": "out-in"},
        "rootId": "__fwk",
        "teleportTag": "div",
    },
    "devServer": {"port": 3000, "host": "0.0.0.0", "https": False},
    "sourcemap": {"server": True, "client": "hidden"},
    "typescript": {"strict": True, "typeCheck": False, "tsConfig": {"compilerOptions": {"strict": True}}},
    "imports": {"dirs": ["stores", "composables/**"], "scan": True},
    "plugins": ["~/plugins/analytics.client.ts", {"src": "~/plugins/sentry.ts", "mode": "client"}],
    "serverHandlers": [{"route": "/api/health", "handler": "~/server/health.ts", "method": "get", "lazy": True}],
    "build": {"transpile": ["some-esm-package"], "analyze": False},
    "vbuild": {"define": {"__DEV__": False}, "build": {"assetsDir": "_fwk/", "emptyOutDir": False}},
    "runtimeConfig": {
        "apiSecret": "",
        "databaseUrl": "",
        "stripe": {"secretKey": "", "webhookSecret": ""},
        "public": {"apiBase": "/api", "siteName": "Shop", "analytics": {"id": "", "debug": False}},
    },
    "experimental": {"asyncContext": True, "viewTransition": True, "typedPages": True},
    "compatibilityDate": "2025-07-22",
}


def build_config(lines: int = LINES) -> str:
    """The text of a realistic config of ``lines`` lines (a few more at most).

    The example and a large project's options first, then corpus files while
    they fit, then route rules up to the size.
    """
    render = Renderer(STARTER_STYLE)

    def text_of(values: dict[str, Any]) -> str:
        return f"export default defineFwkConfig({render.value(values)})\n"

    values: dict[str, Any] = load_document(ROOT / "fwk_tui" / "examples" / "fwk.config.ts").values()
    _merge(values, _PROJECT)
    for file in _corpus_files():
        try:
            more = load_document(file).values()
        except DocumentError:
            continue  # the EJS templates of the corpus
        trial = copy.deepcopy(values)
        _merge(trial, more)
        if text_of(trial).count("\n") <= lines:
            values = trial
    rules = values.setdefault("routeRules", {})
    i = 0
    while text_of(values).count("\n") < lines:
        rules[f"/section-{i}/**"] = {"swr": 600 + i}
        i += 1
    return text_of(values)


def _median_ms(run: Callable[[], object], runs: int = RUNS) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        run()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> int:
    text = build_config()
    catalog = load_catalog()
    doc = ConfigDocument.parse(text)
    values = doc.values()
    variant: Variant = "A"
    validate(catalog, values, variant)  # first call compiles and caches the checkers

    parse = _median_ms(lambda: ConfigDocument.parse(text), 50)
    read = _median_ms(doc.values, 50)
    # A document reads its entries once and keeps them: time each on a document of its own, as an edit makes.
    fresh = iter([ConfigDocument.parse(text) for _ in range(100)])
    entries = _median_ms(lambda: next(fresh).entries(), 50)
    checked = _median_ms(lambda: validate(catalog, values, variant))
    whole = _median_ms(lambda: check_document(next(fresh), catalog, variant), 50)
    found = validate(catalog, values, variant)

    print(f"config: {text.count(chr(10))} lines, {len(doc.entries())} values, {len(found)} diagnostics")
    print(f"  parse                      {parse:7.2f} ms")
    print(f"  values()                   {read:7.2f} ms")
    print(f"  entries() (positions)      {entries:7.2f} ms")
    print(f"  validate (values -> diag.) {checked:7.2f} ms   budget {BUDGET_MS:.0f} ms")
    print(f"  check_document (all)       {whole:7.2f} ms   budget {CHECK_BUDGET_MS:.0f} ms")
    ok = True
    if checked > BUDGET_MS:
        print(f"FAIL: validate took {checked:.2f} ms, over the {BUDGET_MS:.0f} ms budget")
        ok = False
    if whole > CHECK_BUDGET_MS:
        print(f"FAIL: check_document took {whole:.2f} ms, over the {CHECK_BUDGET_MS:.0f} ms budget")
        ok = False
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
