"""The docs pane folds in a short terminal and comes back in a tall one, at each resize as it happens."""

from __future__ import annotations

from pathlib import Path

from fwk_tui.tui.editor.docs_pane import DOCS_FOLD_BELOW
from fwk_tui.tui.widgets.option_detail import OptionDetail

from .test_editor import make_app
from .test_human_speed import HUMAN, write_config


async def test_the_docs_pane_follows_each_resize_not_the_one_before(tmp_path: Path) -> None:
    app = make_app(write_config(tmp_path, "export default defineFwkConfig({ ssr: true })\n"))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        docs = app.query_one(OptionDetail)
        assert docs.display
        for width, height in ((80, 24), (100, 32), (80, DOCS_FOLD_BELOW - 1), (90, DOCS_FOLD_BELOW), (40, 12)):
            await pilot.resize_terminal(width, height)
            await pilot.pause(HUMAN)
            assert docs.display == (height >= DOCS_FOLD_BELOW), f"{width}x{height}"
