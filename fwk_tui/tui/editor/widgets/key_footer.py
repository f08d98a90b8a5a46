"""The footer of key bindings, rebuilt only when the keys it shows change."""

from __future__ import annotations

from collections.abc import Hashable

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

from fwk_tui.tui.widgets.wrapping_footer import key_width

FIRST_ACTIONS = ("help", "leave_layer")
"""Keys shown first, so that a narrow terminal never hides them (F1)."""


class KeyFooter(Footer):
    """Textual's ``Footer``, rebuilt only when the keys it would show differ from those it shows.

    Textual's footer remounts all its keys after every bindings update: each
    focus move and each ``refresh_bindings``, three times while the editor
    starts, though the keys rarely change. Its keys come only after the first
    frame (at the first bindings update): these are in the first frame, which
    spares the start a layout and a frame. F1 comes first: at 80 columns the
    keys of a list or a code field would push it out of sight.
    """

    def __init__(self) -> None:
        super().__init__()
        self._shown: tuple[Hashable, ...] | None = None
        self._rebuild_pending = False

    def compose(self) -> ComposeResult:
        if self._shown is None:
            # The first compose shows the keys at once (the screen's bindings are known), and
            # remembers them: the first bindings update, after the first frame, finds them shown.
            self.set_reactive(Footer._bindings_ready, True)
            self._shown = self._keys()
        # The editor's bindings use no groups: Footer.compose yields plain keys, in order.
        keys = list(super().compose())
        for key in keys:
            if isinstance(key, FooterKey) and key._reactive_connect:
                # What the key's data binding to the footer's ``compact`` leaves it with, set before
                # it is mounted: else each key is styled twice more on mount (compact on, then off).
                key.set_reactive(FooterKey.compact, self.compact)
                key.set_class(self.compact, "-compact", update=False)
        first = [k for k in keys if isinstance(k, FooterKey) and k.action in FIRST_ACTIONS]
        ordered = first + [k for k in keys if k not in first]
        width = self._width()
        if width <= 0:  # not laid out yet: the resize that follows composes again
            yield from ordered
            return
        # Whole keys only: a key that does not fit goes (F1 lists it), rather than showing cut (`f9 Doc`).
        palette = [k for k in ordered if isinstance(k, FooterKey) and k.has_class("-command-palette")]
        room = width - sum(key_width(k) + 1 for k in palette)  # the palette key has a border on its left
        for key in ordered:
            if key in palette:
                continue
            needed = key_width(key) if isinstance(key, FooterKey) else 0
            if needed > room:
                break
            room -= needed
            yield key
        yield from palette

    def on_resize(self) -> None:
        if not self._rebuild_pending and self.is_attached:
            self._rebuild_pending = True
            self.call_after_refresh(self._rebuild_if_changed)

    def bindings_changed(self, screen: Screen) -> None:
        self._bindings_ready = True
        if not screen.app.app_focus:
            return
        if self.is_attached and screen is self.screen and not self._rebuild_pending:
            self._rebuild_pending = True
            self.call_after_refresh(self._rebuild_if_changed)

    async def _rebuild_if_changed(self) -> None:
        self._rebuild_pending = False
        keys = self._keys()
        if keys != self._shown:
            self._shown = keys
            await self.recompose()

    def _width(self) -> int:
        """The footer's width: the screen's before the first layout (it spans the screen)."""
        return self.size.width or self.app.size.width

    def _keys(self) -> tuple[Hashable, ...]:
        """What ``compose`` builds the keys from: the bindings shown, whether enabled, their tooltips and labels."""
        app = self.app
        bindings = self.screen.active_bindings
        shown: tuple[Hashable, ...] = (self._width(),)  # the width decides which keys fit
        shown += tuple(
            (binding, enabled, tooltip, app.get_key_display(binding))
            for _, binding, enabled, tooltip in bindings.values()
            if binding.show
        )
        palette = bindings.get(app.COMMAND_PALETTE_BINDING)
        if palette is not None and self.show_command_palette and app.ENABLE_COMMAND_PALETTE:
            _, binding, enabled, tooltip = palette
            return (*shown, (binding, enabled, tooltip, app.get_key_display(binding)))
        return shown
