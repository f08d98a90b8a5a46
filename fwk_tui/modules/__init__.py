"""The modules a project installs: their options read from their packages (declarations, module.json), nothing run."""
