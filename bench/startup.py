"""Start-up measurement shared by the benchmarks: the bare Textual peer and a fresh-process runner."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

# Each child starts timing before importing Textual and stops once the app has
# mounted and gone idle, so a ratio covers imports, loading, composition and
# the first frame. It prints the seconds and its peak RSS (KB).
_CHILD = textwrap.dedent(
    """
    import time
    t0 = time.perf_counter()
    import asyncio, resource
    {setup}

    async def main():
        app = make_app()
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            elapsed = time.perf_counter() - t0
        print(elapsed, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)

    asyncio.run(main())
    """
)

BARE = """
from textual.app import App
from textual.widgets import Footer, Tree

class Bare(App):
    def compose(self):
        tree = Tree("catalogue")
        tree.root.expand()
        for g in range(20):
            group = tree.root.add(f"group {g}", expand=True)
            for i in range(29):
                group.add_leaf(f"group{g}.option{i}")
        yield tree
        yield Footer()

def make_app():
    return Bare()
"""
"""The named peer: a bare Textual app showing a 600-node Tree and a Footer."""

# As on a user's machine, modules load from cached bytecode (pip compiles it at
# install; an editable install writes it on first run). With
# PYTHONDONTWRITEBYTECODE set, our modules would be compiled at every start
# while Textual's come precompiled from site-packages: not a fair race.
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def run_child(setup: str, env: dict[str, str] | None = None, cwd: str | None = None) -> tuple[float, int]:
    """Start a fresh Python that runs ``setup`` (defining ``make_app``): seconds to first idle, peak RSS in KB."""
    code = _CHILD.format(setup=setup.strip())
    out = subprocess.run(
        [sys.executable, "-c", code],
        check=True,
        capture_output=True,
        text=True,
        env=ENV if env is None else env,
        cwd=cwd,
    )
    seconds, rss = out.stdout.strip().splitlines()[-1].split()
    return float(seconds), int(rss)
