"""Fixtures every test package may use."""

from tests.source.conftest import real_client  # noqa: F401  (node evaluates the files we write)


def pytest_terminal_summary(terminalreporter: object) -> None:
    """The framework-types oracle's counts (tests/validate/test_framework_differential.py,
    tests/test_framework_types.py), and any device of the machine found replaced."""
    import sys

    for name in ("tests.validate.test_framework_differential", "tests.test_framework_types"):
        for line in getattr(sys.modules.get(name), "SUMMARY", ()):
            terminalreporter.write_line(line)  # type: ignore[attr-defined]
    for line in _DAMAGE:
        terminalreporter.write_line(f"WARNING: the machine's devices: {line}")  # type: ignore[attr-defined]


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
