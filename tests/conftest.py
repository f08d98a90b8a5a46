"""Fixtures every test package may use."""

from tests.source.conftest import real_client  # noqa: F401  (node evaluates the files we write)
