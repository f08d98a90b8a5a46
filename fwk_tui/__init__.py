"""fwk-tui: browse, edit, validate and create fwk.config.ts files from the terminal."""

__version__ = "0.1.0"
