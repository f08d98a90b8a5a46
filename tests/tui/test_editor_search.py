"""The editor's search finds the file's own keys, down to a module's options, and goes to their field."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from fwk_tui.tui.screens.search import SearchScreen

from .test_editor import make_app, screen_text
from .test_human_speed import focused_field, search_to, type_search, type_slowly, write_config

MODULE = """export default defineFwkConfig({
  content: { highlight: { theme: 'github-dark' }, documentDriven: true },
  devServer: { port: 3000 },
})
"""


async def test_a_modules_nested_key_is_found_marked_as_yours_and_leads_to_its_field(tmp_path: Path) -> None:
    app = make_app(write_config(tmp_path, MODULE))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await type_search(pilot, "hihglight")  # a slip, as typed
        assert isinstance(app.screen, SearchScreen)
        lines = screen_text(app).splitlines()
        first = next(i for i, line in enumerate(lines) if "content.highlight" in line)
        assert "in your file" in lines[first]
        await type_slowly(pilot, "enter")
        assert not isinstance(app.screen, SearchScreen)
        assert focused_field(app) == "content"  # the field that holds content.highlight


async def test_a_value_of_the_file_is_searched_too(tmp_path: Path) -> None:
    app = make_app(write_config(tmp_path, MODULE))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await type_search(pilot, "github")
        text = screen_text(app)
        assert "content.highlight.theme" in text and "github-dark" in text


async def test_catalogue_options_still_come_first_when_named(tmp_path: Path) -> None:
    app = make_app(write_config(tmp_path, MODULE))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await search_to(pilot, "serve assets from a cdn")
        assert focused_field(app) == "app.cdnURL"


async def test_keys_written_inside_an_option_are_found_too(tmp_path: Path) -> None:
    # runtimeConfig is an option; the keys under it are the user's own, and search finds them.
    body = "export default defineFwkConfig({\n  runtimeConfig: { apiSecret: '', public: { apiBase: '/api' } },\n})\n"
    app = make_app(write_config(tmp_path, body))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await type_search(pilot, "apibase")
        lines = screen_text(app).splitlines()
        first = next(i for i, line in enumerate(lines) if "runtimeConfig.public.apiBase" in line)
        assert "your key in runtimeConfig.public" in lines[first]  # the user's key of that record, not a wrong one
        assert "not in the catalogue" not in lines[first]
        await type_slowly(pilot, "enter")
        assert focused_field(app) == "runtimeConfig"


RECORDS = """export default defineFwkConfig({
  runtimeConfig: { public: { apiBase: '/api' } },
  routeRules: { '/old': { redirect: '/new' } },
  content: { highlight: { theme: 'github-dark' } },
  $production: { runtimeConfig: { public: { apiBase: 'https://api.example.com' } } },
})
"""


@pytest.mark.parametrize(
    ("query", "path", "mark"),
    [
        ("apibase", "runtimeConfig.public.apiBase", "your key in runtimeConfig.public"),
        ("apibase", "$production.runtimeConfig.public.apiBase", "your key in runtimeConfig.public"),
        ("old redirect", 'routeRules["/old"].redirect', 'your key in routeRules["/old"]'),
        ("hihglight", "content.highlight", "in your file, not in the catalogue"),  # no option holds it
    ],
)
async def test_a_key_written_in_an_options_record_is_shown_as_the_users_key_of_it(
    tmp_path: Path, query: str, path: str, mark: str
) -> None:
    app = make_app(write_config(tmp_path, RECORDS))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await type_search(pilot, query)
        lines = screen_text(app).splitlines()
        at = re.compile(rf"[\s│]{re.escape(path)}  ")  # the path itself, not one ending so
        row = next((line for line in lines if at.search(line)), None)
        assert row is not None, "\n".join(lines)
        assert mark in row


async def test_a_task_asked_in_a_persons_words_is_shown_with_its_options_and_leads_to_the_first(
    tmp_path: Path,
) -> None:
    app = make_app(write_config(tmp_path, "export default defineFwkConfig({ ssr: true })\n"))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await type_search(pilot, "redirect an old url")
        lines = screen_text(app).splitlines()
        row = next(i for i, line in enumerate(lines) if "redirect an old url to a new one" in line)
        assert "task" in lines[row] and "routeRules" in lines[row]
        assert "redirect:" in lines[row + 1]  # how the options do it, under the task
        await type_slowly(pilot, "enter")
        assert not isinstance(app.screen, SearchScreen)
        assert focused_field(app) == "routeRules"


async def test_nothing_good_says_so_and_offers_the_closest_tasks_to_choose(tmp_path: Path) -> None:
    app = make_app(write_config(tmp_path, "export default defineFwkConfig({ ssr: true })\n"))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await type_search(pilot, "qwerty statik")
        text = screen_text(app)
        assert "no good match" in text and "closest task" in text
        assert "build a static site" in text
        lines = [line for line in text.splitlines() if "closest task" in line and "→" in line]
        assert lines
        await type_slowly(pilot, "down", "enter")
        assert not isinstance(app.screen, SearchScreen)
        assert focused_field(app) is not None


async def test_a_vague_question_says_nothing_is_a_good_match_and_offers_the_closest_tasks(tmp_path: Path) -> None:
    app = make_app(write_config(tmp_path, "export default defineFwkConfig({ ssr: true })\n"))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await type_search(pilot, "my site is slow")
        text = screen_text(app)
        assert "no good match for 'my site is slow'" in text and "closest task" in text
        assert "matches, best first" not in text


HOW = (
    "Relative ./ is not supported in the config file (A); set the env var to ./ at build time for generate, "
    "or the server engine's runtime app.baseURL."
)


def _shown_under(lines: list[str], row: int, start: str) -> list[str]:
    """The lines under ``row`` from the column where ``start`` begins, without the box's border and scrollbar."""
    col = lines[row + 1].find(start)
    assert col >= 0, lines[row + 1]
    out = []
    for line in lines[row + 1 : row + 4]:
        text = re.sub(r"[\s▏▕▎▍▌▋▊█▁▔]+$", "", line[col:].split("│")[0])
        if not text or text.startswith(("task", "closest task")) or "→" in text:
            break
        out.append(text)
    return out


@pytest.mark.parametrize("size", [(100, 32), (80, 24)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_a_tasks_line_of_how_is_wrapped_on_two_lines_at_most(tmp_path: Path, size: tuple[int, int]) -> None:
    app = make_app(write_config(tmp_path, "export default defineFwkConfig({ ssr: true })\n"))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await type_search(pilot, "relative asset paths for static hosting")
        lines = screen_text(app).splitlines()
        row = next(i for i, line in enumerate(lines) if "use relative asset paths for static hosting" in line)
        shown = _shown_under(lines, row, "Relative ./")
        assert 1 < len(shown) <= 2, shown
        joined = " ".join(shown)
        if joined.endswith("…"):  # 80x24: cut after the second line, at a word
            assert HOW.startswith(joined[:-1]) and len(joined) > 100
        else:
            assert joined == HOW  # 100x32: whole, as the CLI prints it


def test_the_record_holding_a_key_is_found_under_any_environment_section() -> None:
    from fwk_tui.catalog import load_catalog
    from fwk_tui.tui.file_search import holder_of

    catalog = load_catalog()

    def known(path: str) -> bool:
        return catalog.get(path) is not None

    for section in ("", "$production.", "$development.", "$test.", "$env.staging."):
        assert holder_of(f"{section}runtimeConfig.public.apiBase", known) == "runtimeConfig.public"
        assert holder_of(f"{section}runtimeConfig.apiSecret", known) == "runtimeConfig"
        assert holder_of(f"{section}content.highlight", known) is None  # a module's key: no option holds it
    assert holder_of("content", known) is None


@pytest.mark.parametrize("size", [(100, 32), (80, 24)])
async def test_the_empty_search_says_a_question_is_asked_there_too(tmp_path: Path, size: tuple[int, int]) -> None:
    # A first-day user read "path, alias or words of the rule" and did not try "how do i redirect an old url".
    app = make_app(write_config(tmp_path, MODULE))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await type_slowly(pilot, "/")
        text = screen_text(app)
        assert "or a question: how do i redirect an old url" in text
        tasks = len(app.session.catalog.tasks)
        assert tasks >= 150 and f"{tasks} tasks: type a path, words, or what you want to do" in text  # one line
        await type_slowly(pilot, *"how do i redirect an old url")
        assert "routeRules" in screen_text(app)  # and it answers
