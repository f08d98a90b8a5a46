"""The language server: fwk-tui's catalogue, checks, fixes and knowledge in any editor that speaks LSP (pygls)."""
