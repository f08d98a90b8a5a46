"""The language server (pygls): the open configs, their diagnostics and code actions, over LSP."""
