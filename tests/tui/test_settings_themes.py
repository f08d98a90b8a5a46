"""The settings' list of theme names, held against Textual's own (the settings do not import Textual)."""

from textual.theme import BUILTIN_THEMES

from fwk_tui.settings import DEFAULT_THEME, KNOWN_THEMES


def test_every_theme_the_settings_accept_is_one_textual_can_show() -> None:
    assert KNOWN_THEMES <= set(BUILTIN_THEMES), sorted(KNOWN_THEMES - set(BUILTIN_THEMES))
    assert DEFAULT_THEME in KNOWN_THEMES
