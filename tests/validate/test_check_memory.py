"""Checking a config again and again (the editor checks at every key) keeps no more memory for the framework's
types: the parts of a type looked into are the same objects each time, so what is kept for them is found again."""

from __future__ import annotations

import gc
import tracemalloc
from pathlib import Path

from fwk_tui.catalog import load_catalog
from fwk_tui.source import ConfigDocument
from fwk_tui.validate import check_document

EXAMPLE = Path(__file__).resolve().parents[2] / "fwk_tui" / "examples" / "fwk.config.ts"
WATCHED = ("framework_shape.py", "framework.py", "typecheck.py", "typekinds.py")


def test_checking_a_config_many_times_keeps_nothing_more_for_its_types() -> None:
    catalog = load_catalog()
    text = EXAMPLE.read_text()
    edits = [text.replace("'/'", f"'/{n}'", 1) for n in range(300)]  # as typed, one key at a time
    for edited in edits[:3]:
        check_document(ConfigDocument.parse(edited), catalog)
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.take_snapshot()
        for edited in edits[3:]:
            check_document(ConfigDocument.parse(edited), catalog)
        gc.collect()
        after = tracemalloc.take_snapshot()
    finally:
        tracemalloc.stop()
    kept = sum(
        stat.size_diff for stat in after.compare_to(before, "filename") if stat.traceback[0].filename.endswith(WATCHED)
    )
    assert kept < 20_000, f"{kept:,} bytes more kept by the type checks after {len(edits) - 3} checks"
