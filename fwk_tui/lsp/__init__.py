"""The language server: fwk-tui's catalogue, checks and fixes in any editor that speaks LSP."""
