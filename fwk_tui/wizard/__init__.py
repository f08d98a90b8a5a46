"""The new-project wizard's model: answers, the plan they make, presets. No Textual."""

from fwk_tui.wizard.answers import Answers, RuntimeKey, problems
from fwk_tui.wizard.edits import apply_answers
from fwk_tui.wizard.plan import Plan
from fwk_tui.wizard.target import Target, open_target

__all__ = [
    "Answers",
    "Plan",
    "Target",
    "RuntimeKey",
    "apply_answers",
    "open_target",
    "problems",
]
