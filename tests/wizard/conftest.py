"""The wizard's files are checked by the same real client as the document engine's."""

from tests.source.conftest import real_client  # noqa: F401  (a fixture)
