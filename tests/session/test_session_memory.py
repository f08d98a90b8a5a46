"""An editing session does not grow with each edit: a document kept for undo holds its text and tree only."""

from __future__ import annotations

import gc
import tracemalloc
from pathlib import Path

from fwk_tui.catalog import load_catalog
from fwk_tui.session import EditSession


def test_memory_does_not_grow_with_each_edit_of_a_big_config(tmp_path: Path) -> None:
    """Each edit's check reads values and spans of every entry (a 1.4 MB config: 300 MB); undo kept them all."""
    items = ", ".join(f"'~/assets/c{i}.css'" for i in range(20_000))
    path = tmp_path / "fwk.config.ts"
    path.write_text(f"export default defineFwkConfig({{\n  devServer: {{ port: 3000 }},\n  css: [{items}],\n}})\n")
    session = EditSession.open(path, load_catalog())
    session.diagnostics  # noqa: B018  (the editor checks after each edit)

    def edit(port: int) -> None:
        session.set("devServer.port", port)
        session.diagnostics  # noqa: B018

    edit(3001)
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for port in range(3002, 3022):
            edit(port)
        gc.collect()
        grown = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert session.document.get("devServer.port") == 3021 and session.can_undo
    # One reading of the config's values is some MB; 20 edits keep 20 texts (their bytes) and no reading.
    size = path.stat().st_size
    assert grown < 20 * size * 1.5, f"20 edits of a {size / 1e6:.1f} MB config grew the session by {grown / 1e6:.1f} MB"
