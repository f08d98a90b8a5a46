"""Moving a project from layout B (version 3) to layout A (version 4): the plan, option by option."""

from __future__ import annotations

from fwk_tui.migrate.plan import FolderMove, Item, Plan, plan_move

__all__ = ["FolderMove", "Item", "Plan", "plan_move"]
