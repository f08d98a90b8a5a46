"""The new-project wizard in the terminal: one step per question, a review, then the write.

The answers live in :class:`~fwk_tui.wizard.Answers`. Steps that set options
use the editor's typed fields (:class:`~fwk_tui.tui.fields.OptionField`) on a
scratch document: their edits go through an :class:`EditSession` as in the
editor, and the answers are read back from it. After every change the plan
(the config the answers make, checked against the catalogue) is made again,
and each field shows the diagnostics at its option. Next refuses a step with
errors; Esc cancels and writes nothing.

Modules: ``steps`` (the pages), ``scratch`` (the scratch document the fields edit),
``page`` (what every group of steps shares), ``setup_steps`` (layout to TypeScript),
``app_steps`` (modules to compatibility date), ``output_steps`` (other files, review,
write), ``screen`` (the screen: drawing and navigation) and ``app`` (``fwk-tui new``).
"""

from fwk_tui.tui.wizard.app import WizardApp
from fwk_tui.tui.wizard.screen import WizardScreen
from fwk_tui.tui.wizard.steps import STEPS, Step

__all__ = ["STEPS", "Step", "WizardApp", "WizardScreen"]
