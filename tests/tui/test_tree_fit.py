"""Tree labels shortened to the tree's width: which part gives way."""

from __future__ import annotations

from rich.text import Text

from fwk_tui.tui.widgets.tree_fit import fit_label


def test_a_long_title_ends_with_an_ellipsis_and_keeps_its_badges() -> None:
    label = fit_label(Text("Compilers and optimisation"), Text(" ●1 ✖2"), 20)
    assert label.plain == "Compilers and… ●1 ✖2"
    assert label.cell_len == 20


def test_an_option_path_is_shortened_from_its_start() -> None:
    label = fit_label(Text("oxtool.transform.options.target"), Text(" B only"), 20, keep_end=True)
    assert label.plain == "…tions.target B only"
    assert label.cell_len == 20


def test_wide_characters_never_overflow() -> None:
    label = fit_label(Text("配置配置配置配置配置"), Text(" ●1"), 10, keep_end=True)
    assert label.cell_len <= 10 and label.plain.endswith("配置 ●1")
    label = fit_label(Text("配置配置配置配置配置"), Text(" ●1"), 10)
    assert label.cell_len <= 10 and label.plain.endswith("… ●1")


def test_a_label_that_fits_or_an_unknown_width_is_left_whole() -> None:
    assert fit_label(Text("Build"), Text(" 3"), 30).plain == "Build 3"
    assert fit_label(Text("Compilers and optimisation"), Text(" 18"), 0).plain == "Compilers and optimisation 18"
