"""User settings: defaults, mistakes tolerated and reported, comments kept on every write."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from fwk_tui.settings import DEFAULT_THEME, HEADER, Settings, default_path

COMMENTED = """\
# My fwk-tui settings.

# A dark theme for the night.
theme = "nord"   # was gruvbox
variant = 'A'

mine = { keep = true }  # not a fwk-tui setting, but mine

[keymap]
# Vim habits.
save = "ctrl+s,f10"
undo = "ctrl+z"  # the usual
"""


@pytest.fixture
def config_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "config"
    monkeypatch.setenv("XDG_CONFIG_HOME", str(folder))
    return folder


def _write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_the_file_lives_in_the_user_config_folder(config_home: Path) -> None:
    assert default_path() == config_home / "fwk-tui" / "settings.toml"
    _write(config_home / "fwk-tui" / "settings.toml", 'theme = "dracula"\n')
    assert Settings.load().theme == "dracula"


def test_a_missing_file_gives_the_defaults(config_home: Path) -> None:
    settings = Settings.load()
    assert (settings.theme, settings.variant, settings.keymap, settings.problems) == (DEFAULT_THEME, "auto", {}, [])
    assert settings.theme == "textual-dark"
    assert not (config_home / "fwk-tui").exists()  # reading never writes


def test_every_setting_is_read(tmp_path: Path) -> None:
    settings = Settings.load(_write(tmp_path / "settings.toml", COMMENTED))
    assert settings.theme == "nord"
    assert settings.variant == "A"
    assert settings.keymap == {"save": "ctrl+s,f10", "undo": "ctrl+z"}
    assert settings.problems == [f"{tmp_path / 'settings.toml'}:7: unknown setting 'mine' (fwk-tui reads theme, variant, docs, keymap)"]


def test_keymap_is_a_copy(tmp_path: Path) -> None:
    settings = Settings.load(_write(tmp_path / "settings.toml", COMMENTED))
    settings.keymap["save"] = "x"
    assert settings.keymap["save"] == "ctrl+s,f10"


# ------------------------------------------------------------------ writing


def test_set_changes_only_that_value_byte_for_byte(tmp_path: Path) -> None:
    path = _write(tmp_path / "settings.toml", COMMENTED)
    settings = Settings.load(path)
    settings.set("theme", "gruvbox")
    assert path.read_text(encoding="utf-8") == COMMENTED.replace('theme = "nord"', 'theme = "gruvbox"')
    settings.set("variant", "auto")
    assert path.read_text(encoding="utf-8") == COMMENTED.replace('theme = "nord"', 'theme = "gruvbox"').replace(
        "variant = 'A'", 'variant = "auto"'
    )
    again = Settings.load(path)
    assert (again.theme, again.variant) == ("gruvbox", "auto")


def test_set_keymap_keeps_the_comments_of_untouched_bindings(tmp_path: Path) -> None:
    path = _write(tmp_path / "settings.toml", COMMENTED)
    settings = Settings.load(path)
    settings.set("keymap", {"save": "ctrl+s,f10", "undo": "ctrl+u", "redo": "ctrl+shift+z"})
    text = path.read_text(encoding="utf-8")
    assert text.startswith(COMMENTED.replace('undo = "ctrl+z"', 'undo = "ctrl+u"'))
    assert Settings.load(path).keymap == {"save": "ctrl+s,f10", "undo": "ctrl+u", "redo": "ctrl+shift+z"}


def test_a_new_setting_goes_above_the_tables(tmp_path: Path) -> None:
    path = _write(tmp_path / "settings.toml", "# mine\n\n[keymap]\nsave = \"f2\"\n")
    Settings.load(path).set("variant", "B")
    assert Settings.load(path).variant == "B"
    assert Settings.load(path).keymap == {"save": "f2"}
    assert path.read_text(encoding="utf-8").startswith("# mine\n")


def test_set_creates_the_folder_and_a_commented_file(config_home: Path) -> None:
    settings = Settings.load()
    settings.set("theme", "monokai")
    path = config_home / "fwk-tui" / "settings.toml"
    text = path.read_text(encoding="utf-8")
    assert text.startswith(HEADER)
    assert Settings.load().theme == "monokai"
    assert settings.theme == "monokai"
    assert Settings.load().problems == []


def test_set_writes_atomically_and_keeps_the_file_mode(tmp_path: Path) -> None:
    path = _write(tmp_path / "settings.toml", COMMENTED)
    path.chmod(0o600)
    inode = path.stat().st_ino
    Settings.load(path).set("theme", "dracula")
    assert path.stat().st_ino != inode
    assert path.stat().st_mode & 0o777 == 0o600
    assert [p.name for p in tmp_path.iterdir()] == ["settings.toml"]


def test_a_failed_write_changes_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = _write(tmp_path / "settings.toml", COMMENTED)
    settings = Settings.load(path)

    def refuse(*args: object) -> None:
        raise OSError(30, "Read-only file system")

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(ValueError, match=r"settings.toml: read-only file system; the setting was not saved"):
        settings.set("theme", "dracula")
    assert settings.theme == "nord"
    assert path.read_text(encoding="utf-8") == COMMENTED
    assert [p.name for p in tmp_path.iterdir()] == ["settings.toml"]


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("theme", "no-such-theme"),
        ("theme", 3),
        ("variant", "C"),
        ("variant", None),
        ("keymap", "ctrl+s"),
        ("keymap", {"save": ""}),
        ("keymap", {"save": "ctrl s"}),
        ("keymap", {"bad id": "f2"}),
        ("colour", "red"),
    ],
)
def test_set_refuses_a_bad_value_and_writes_nothing(tmp_path: Path, name: str, value: object) -> None:
    path = _write(tmp_path / "settings.toml", COMMENTED)
    settings = Settings.load(path)
    with pytest.raises(ValueError):
        settings.set(name, value)
    assert path.read_text(encoding="utf-8") == COMMENTED
    assert (settings.theme, settings.variant) == ("nord", "A")


# ------------------------------------------------------------------- mistakes


def test_a_file_that_does_not_parse_gives_defaults_and_a_located_problem(tmp_path: Path) -> None:
    broken = '# ok\ntheme = "nord"\nvariant = \n'
    path = _write(tmp_path / "settings.toml", broken)
    settings = Settings.load(path)
    assert (settings.theme, settings.variant, settings.keymap) == (DEFAULT_THEME, "auto", {})
    [problem] = settings.problems
    assert problem.startswith(f"{path}:3:")
    with pytest.raises(ValueError, match="fix"):
        settings.set("theme", "dracula")  # never written over: the user's text would be lost
    assert path.read_text(encoding="utf-8") == broken


def test_a_wrong_value_falls_back_to_its_default_only(tmp_path: Path) -> None:
    path = _write(
        tmp_path / "settings.toml",
        '# mine\ntheme = "nordd"\nvariant = "B"\n\n[keymap]\nsave = "f2"\nundo = 5\n"bad id" = "f3"\n',
    )
    settings = Settings.load(path)
    assert settings.theme == DEFAULT_THEME
    assert settings.variant == "B"
    assert settings.keymap == {"save": "f2"}
    assert [p.split(": ", 1)[0] for p in settings.problems] == [f"{path}:2", f"{path}:7", f"{path}:8"]
    assert "nordd" in settings.problems[0] and "undo" in settings.problems[1]


def test_a_keymap_that_is_not_a_table_is_reported(tmp_path: Path) -> None:
    path = _write(tmp_path / "settings.toml", 'variant = "A"\nkeymap = "ctrl+s"\n')
    settings = Settings.load(path)
    assert settings.keymap == {} and settings.variant == "A"
    assert settings.problems[0].startswith(f"{path}:2: keymap must be a table")


def test_a_bad_value_can_be_corrected_by_set(tmp_path: Path) -> None:
    path = _write(tmp_path / "settings.toml", 'theme = "nordd"  # typo\n')
    settings = Settings.load(path)
    settings.set("theme", "nord")
    assert path.read_text(encoding="utf-8") == 'theme = "nord"  # typo\n'
    assert Settings.load(path).problems == []


def test_a_file_that_cannot_be_read_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    path.write_bytes(b'theme = "\xff"\n')
    settings = Settings.load(path)
    assert settings.theme == DEFAULT_THEME
    assert len(settings.problems) == 1 and settings.problems[0].startswith(str(path))
    folder = tmp_path / "folder.toml"
    folder.mkdir()
    assert len(Settings.load(folder).problems) == 1


def test_a_theme_typo_gets_a_suggestion(tmp_path: Path) -> None:
    settings = Settings.load(_write(tmp_path / "settings.toml", 'theme = "nordd"\n'))
    assert settings.problems == [
        f"{tmp_path / 'settings.toml'}:1: theme 'nordd' is not a Textual theme (did you mean 'nord'?); using the default"
    ]


def test_a_byte_order_mark_is_read_and_kept(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    path.write_bytes(b'\xef\xbb\xbf# saved by Notepad\ntheme = "nord"\n')
    settings = Settings.load(path)
    assert settings.theme == "nord" and settings.problems == []
    settings.set("theme", "dracula")
    assert path.read_bytes() == b'\xef\xbb\xbf# saved by Notepad\ntheme = "dracula"\n'


def test_an_inline_keymap_stays_inline(tmp_path: Path) -> None:
    path = _write(tmp_path / "settings.toml", 'keymap = { save = "f2" }  # short\n')
    Settings.load(path).set("keymap", {"save": "f3"})
    assert path.read_text(encoding="utf-8") == 'keymap = { save = "f3" }  # short\n'


def test_a_key_with_control_characters_is_refused_and_said_as_escapes(tmp_path: Path) -> None:
    """A key label reaches the footer: an escape sequence in it (a terminal title) must never be obeyed."""
    text = '[keymap]\nsave = "ctrl+s,\\u001b]0;pwned\\u0007"\nundo = "ctrl+\\u202ez"\nredo = "ctrl+y"\n'
    settings = Settings.load(_write(tmp_path / "settings.toml", text))
    assert settings.keymap == {"redo": "ctrl+y"}
    assert len(settings.problems) == 2
    assert all("\x1b" not in p and "\u202e" not in p for p in settings.problems)
    assert "keymap: save = 'ctrl+s,\\x1b]0;pwned\\x07' is not a key list" in settings.problems[0]
    with pytest.raises(ValueError, match="is not a key list"):
        settings.set("keymap", {"save": "ctrl+\x9bs"})


def test_settings_that_are_not_a_regular_file_give_the_defaults_at_once(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    os.mkfifo(path)  # nobody writes to it: reading would wait for ever
    settings = Settings.load(path)
    assert settings.theme == DEFAULT_THEME
    assert settings.problems == [f"{path}: not a regular file; using the defaults"]
    with pytest.raises(ValueError, match="fix them first"):
        settings.set("theme", "nord")  # never written over


def test_thousands_of_unknown_settings_are_each_reported_at_their_line(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    path.write_text('theme = "nord"\n' + "".join(f"unknown{i} = {i}\n" for i in range(4_000)))
    settings = Settings.load(path)
    assert settings.theme == "nord"
    assert len(settings.problems) == 4_000
    assert settings.problems[-1].startswith(f"{path}:4001: unknown setting 'unknown3999'")
    shown = settings.problems_to_show()
    assert shown == [*settings.problems[:3], f"{path}: 3997 more problems, not shown"]
