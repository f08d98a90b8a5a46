"""The widgets only the editor shows: the form, the tree of groups, the status line, the footer, the layers."""
