"""Fixtures every test package may use."""

from tests.source.conftest import real_client  # noqa: F401  (node evaluates the files we write)


def pytest_terminal_summary(terminalreporter: object) -> None:
    """The framework-types oracle's counts (tests/validate/test_framework_differential.py, tests/test_framework_types.py)."""
    import sys

    for name in ("tests.validate.test_framework_differential", "tests.test_framework_types"):
        for line in getattr(sys.modules.get(name), "SUMMARY", ()):
            terminalreporter.write_line(line)  # type: ignore[attr-defined]


_DEVICES = {"/dev/null": 3, "/dev/zero": 5, "/dev/full": 7}  # minor numbers of major 1


def _device_kinds() -> dict[str, bool]:
    import os
    import stat

    kinds = {}
    for name in _DEVICES:
        try:
            kinds[name] = stat.S_ISCHR(os.stat(name).st_mode)
        except OSError:
            kinds[name] = False
    return kinds


_DEVICES_BEFORE = _device_kinds()


def pytest_runtest_teardown(item: object) -> None:
    """No test replaces the machine's devices: a write through a link to /dev/null must never rename a file over it."""
    broken = [name for name, device in _device_kinds().items() if _DEVICES_BEFORE[name] and not device]
    if broken:
        _restore(broken)
        raise AssertionError(f"{item} left {', '.join(broken)} a regular file (was a device)")


def _restore(names: list[str]) -> None:
    """Put a replaced device back (as root), so one test's damage does not fail the tests after it."""
    import os
    import stat

    for name in names:
        try:
            os.unlink(name)
            os.mknod(name, 0o666 | stat.S_IFCHR, os.makedev(1, _DEVICES[name]))
            os.chmod(name, 0o666)
        except OSError:
            pass
