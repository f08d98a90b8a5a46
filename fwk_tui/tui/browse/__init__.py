"""The catalogue browser (``fwk-tui browse``): its app and the widgets only it shows."""

from fwk_tui.tui.browse.app import BrowseApp

__all__ = ["BrowseApp"]
