"""Fixtures every test package may use."""

import pytest

from tests.source.conftest import real_client  # noqa: F401  (node evaluates the files we write)


_SUMMARY_MODULES = (
    "tests.validate.test_framework_differential",
    "tests.test_framework_types",
    "tests.modules.test_real_packages",
)
_WORKER_LINES: list[str] = []
"""The summary lines the test workers sent (with pytest-xdist): each worker runs part of the tests."""
_WORKER_ORACLE: dict[str, float] = {}
"""The interaction oracle's counts the workers sent, added up."""


def _summary_lines() -> list[str]:
    """This process's lines: the framework-types oracle's counts (tests/validate/test_framework_differential.py,
    tests/test_framework_types.py) and any device of the machine found replaced."""
    import sys

    lines = [line for name in _SUMMARY_MODULES for line in getattr(sys.modules.get(name), "SUMMARY", ())]
    return lines + [f"WARNING: the machine's devices: {line}" for line in _DAMAGE]


def _oracle_stats() -> dict[str, float]:
    """This process's counts of the interaction oracle (tests/tui/test_oracle.py), none when it ran elsewhere."""
    import sys

    return dict(getattr(sys.modules.get("tests.tui.test_oracle"), "STATS", None) or {})


def _oracle_line() -> str | None:
    stats = dict(_WORKER_ORACLE)
    for key, value in _oracle_stats().items():
        stats[key] = stats.get(key, 0) + value
    if not stats.get("scripts"):
        return None
    return (
        f"interaction oracle: {stats['scripts']:.0f} scripts passed, {stats['steps']:.0f} steps, "
        f"{stats['saves']:.0f} saves ({stats.get('node', 0):.0f} files loaded by node), "
        f"{stats.get('row_moves', 0):.0f} arrows on a row, "
        f"{stats['seconds']:.0f} s of scripts"
    )


def pytest_sessionfinish(session: object) -> None:
    """A worker of pytest-xdist hands its summary lines and the oracle's counts to the main process."""
    workeroutput = getattr(getattr(session, "config", None), "workeroutput", None)
    if workeroutput is not None:
        import json

        workeroutput["fwk_tui_summary"] = json.dumps({"lines": _summary_lines(), "oracle": _oracle_stats()})


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: object, error: object) -> None:
    """The main process of pytest-xdist: a worker's summary lines and oracle counts, kept for the summary."""
    import json

    sent = getattr(node, "workeroutput", {}).get("fwk_tui_summary")
    if sent:
        data = json.loads(sent)
        _WORKER_LINES.extend(data["lines"])
        for key, value in data["oracle"].items():
            _WORKER_ORACLE[key] = _WORKER_ORACLE.get(key, 0) + value


def pytest_terminal_summary(terminalreporter: object) -> None:
    oracle = _oracle_line()
    for line in ([oracle] if oracle else []) + _summary_lines() + _WORKER_LINES:
        terminalreporter.write_line(line)  # type: ignore[attr-defined]


_DEVICES = {"/dev/null": 3, "/dev/zero": 5, "/dev/full": 7}  # minor numbers of major 1
_DAMAGE: list[str] = []


def _not_devices() -> list[str]:
    import os
    import stat

    broken = []
    for name in _DEVICES:
        try:
            if not stat.S_ISCHR(os.stat(name).st_mode):
                broken.append(name)
        except FileNotFoundError:
            broken.append(name)
        except OSError:
            pass
    return broken


def pytest_sessionstart(session: object) -> None:
    """A machine whose /dev/null is a plain file runs no tmux (its server cannot daemonise): put it back first."""
    broken = _not_devices()
    if broken:
        _DAMAGE.append(f"before the tests: {', '.join(broken)} {_restore(broken)}")


def pytest_runtest_teardown(item: object) -> None:
    """Name the test after which a device of the machine is a plain file (a write renamed a file over it: fwk-tui's
    writes refuse to, tests/source/test_write_faults.py), and put it back so the tests after it still run."""
    broken = _not_devices()
    if broken:
        _DAMAGE.append(f"after {item}: {', '.join(broken)} {_restore(broken)}")


def _restore(names: list[str]) -> str:
    """Put replaced devices back (as root); what was done, in words."""
    import os
    import stat

    for name in names:
        try:
            if os.path.lexists(name):
                os.unlink(name)
            os.mknod(name, 0o666 | stat.S_IFCHR, os.makedev(1, _DEVICES[name]))
            os.chmod(name, 0o666)
        except OSError as exc:
            return f"was not a device, and could not be put back ({exc.strerror})"
    return "was not a device: put back"
