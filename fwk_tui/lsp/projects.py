"""The project of each open document: read once per version of its text, shared by its check and its answers."""

from __future__ import annotations

import threading

from fwk_tui.lsp.documents import OpenDocument
from fwk_tui.project import Project


class Projects:
    """Each open document's :class:`Project`, read when a version is first asked about (files beside a config
    change between versions: a folder moved, a package installed), and again after a file on disk changed."""

    def __init__(self) -> None:
        self._kept: dict[str, tuple[int, Project]] = {}
        self._lock = threading.Lock()  # the loop forgets, the checks' thread reads

    def of(self, doc: OpenDocument) -> Project:
        with self._lock:
            kept = self._kept.get(doc.uri)
        if kept is not None and kept[0] == doc.version:
            return kept[1]
        project = Project.at(doc.file)
        with self._lock:
            self._kept[doc.uri] = (doc.version, project)
        return project

    def forget(self, uri: str | None = None) -> None:
        """Read ``uri``'s project again when next asked (every document's: None)."""
        with self._lock:
            if uri is None:
                self._kept.clear()
            else:
                self._kept.pop(uri, None)
