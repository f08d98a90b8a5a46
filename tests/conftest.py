"""Fixtures every test package may use."""

from tests.source.conftest import real_client  # noqa: F401  (node evaluates the files we write)


def pytest_terminal_summary(terminalreporter: object) -> None:
    """The framework-types oracle's counts (tests/validate/test_framework_differential.py, tests/test_framework_types.py)."""
    import sys

    for name in ("tests.validate.test_framework_differential", "tests.test_framework_types"):
        for line in getattr(sys.modules.get(name), "SUMMARY", ()):
            terminalreporter.write_line(line)  # type: ignore[attr-defined]
