"""One project: a config file with what lies beside it (package.json, its folder, layers, ``.env``)."""

from fwk_tui.project.project import Project

__all__ = ["Project"]
