"""The test-only node helpers of tests/node, called the one way: JSON jobs in, JSON answers out, one process."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest

NODE_DIR = Path(__file__).resolve().parent / "node"
# A fixed environment: `process.env.X || 'default'`, NODE_ENV and the like change no answer.
FIXED_ENVIRONMENT = {"PATH": os.environ.get("PATH", ""), "HOME": os.environ.get("HOME", "")}


def run_node_script(
    script: str,
    jobs: Any,
    *,
    needs: str,
    packages: Iterable[str] = (),
    args: Iterable[str] = (),
    fixed_environment: bool = True,
) -> Any:
    """Run ``tests/node/<script>`` on ``jobs`` and return its JSON answer. Fails the calling test (never skips)
    when node or one of ``packages`` is not installed: ./dev test installs them. ``needs`` says who needs node."""
    if shutil.which("node") is None:
        pytest.fail(f"node is not installed: {needs} needs node >= 20 (see README)")
    for package in packages:
        if not (NODE_DIR / "node_modules" / package).is_dir():
            pytest.fail(
                f"tests/node/node_modules/{package} is missing: run the tests with ./dev test"
                " (it runs npm ci in tests/node)"
            )
    proc = subprocess.run(
        ["node", str(NODE_DIR / script), *args],
        input=json.dumps(jobs),
        capture_output=True,
        text=True,
        check=False,
        env=FIXED_ENVIRONMENT if fixed_environment else None,
        timeout=120,
    )
    assert proc.returncode == 0, f"{script} crashed:\n{proc.stderr}"
    return json.loads(proc.stdout)
