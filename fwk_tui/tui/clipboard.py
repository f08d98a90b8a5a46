"""What to tell the user after copying with OSC 52, which some terminals (tmux, screen) do not pass on."""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Callable, Mapping


def _tmux_set_clipboard() -> str | None:
    """tmux's ``set-clipboard`` option (``on``, ``external``, ``off``), or ``None`` when it cannot be asked."""
    tmux = shutil.which("tmux")
    if tmux is None:
        return None
    try:
        done = subprocess.run(
            [tmux, "show-options", "-gv", "set-clipboard"], capture_output=True, text=True, timeout=1, check=False
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout.strip() or None if done.returncode == 0 else None


def copy_note(
    text: str,
    env: Mapping[str, str],
    ask_tmux: Callable[[], str | None] = _tmux_set_clipboard,
) -> tuple[str, bool]:
    """The note after sending ``text`` to the clipboard: ``(message, refused)``.

    ``refused``: the terminal is known to drop OSC 52 here; the message says how
    to turn it on and shows ``text`` to copy by hand.
    """
    if env.get("TMUX"):
        setting = ask_tmux()
        if setting != "on":
            said = f"set-clipboard is {setting}" if setting else "set-clipboard may be off"
            return (
                f"tmux does not pass the copy on to the terminal ({said}). "
                f"Turn it on with: tmux set -g set-clipboard on. Or copy by hand: {text}",
                True,
            )
    if env.get("STY"):
        return f"GNU screen does not pass the copy on to the terminal. Copy by hand: {text}", True
    return (
        f"Copied {text} to the clipboard (OSC 52). A terminal without OSC 52 support ignores it: copy by hand then.",
        False,
    )
