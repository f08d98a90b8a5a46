"""Write fwk_tui/catalog/framework_types.json: the framework's own config types at the catalogue's paths.

Run after changing the catalogue or the schema packages pinned in tests/node (npm ci there first):

    .venv/bin/python scripts/framework_types.py

tests/test_framework_types.py fails while the shipped file differs from what this writes.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from fwk_tui.catalog import load_catalog
from fwk_tui.catalog.framework import DATA_FILE, dump
from tests.framework_types import shipped_framework_types


def main() -> None:
    data = shipped_framework_types(load_catalog())
    DATA_FILE.write_text(dump(data), encoding="utf-8")
    counts = {variant: len(types) for variant, types in data["types"].items()}
    print(f"wrote {DATA_FILE.relative_to(ROOT)}: {json.dumps(counts)} paths (schema {data['schema']})")


if __name__ == "__main__":
    main()
