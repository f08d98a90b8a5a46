"""A code value written on several lines is shown folded: its spread and its condition stay in sight."""

from __future__ import annotations

from tests.tui.fields.harness import FieldHarness, config, screen_text

SIZE = (80, 24)

MODULES = """\
  modules: [
    ...(process.env.ANALYZE
      ? ['@acme/bundle-analyzer', { mode: 'static', open: false, reportFilename: 'stats.html' }]
      : []),
    '@acme/store',
  ],"""


async def test_a_list_row_keeps_the_spread_and_its_condition() -> None:
    app = FieldHarness("modules", config(MODULES))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        shown = screen_text(app)
        # Folded as far as the row's width needs, no further.
        assert "0  ...(process.env.ANALYZE ? ['@acme/bundle-analyzer', {…}] : [])" in shown
        assert "1  '@acme/store'" in shown


async def test_a_record_row_holding_multi_line_code_is_folded_not_cut_after_its_first_line() -> None:
    body = (
        "  myLayer: {\n    plugins: [\n      ...(process.env.CI\n        ? [reporter()]\n        : []),\n"
        "      'a',\n    ],\n  },"
    )
    app = FieldHarness("myLayer", config(body), option=None)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        shown = screen_text(app)
        assert "[...(process.env.CI ? [reporter()] : []), 'a']" in shown
