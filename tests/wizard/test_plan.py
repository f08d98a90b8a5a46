"""Answers → config edits, folders and .env.example: what `fwk-tui new` writes."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from fwk_tui.catalog import load_catalog
from fwk_tui.cli.edit_cmds import EXAMPLE
from fwk_tui.source import ConfigDocument, load_document
from fwk_tui.validate import check_document
from fwk_tui.wizard import Answers, RuntimeKey, apply_answers, open_target, problems
from fwk_tui.wizard.answers import from_values
from fwk_tui.wizard.extra_files import env_example, layout_tree, skeleton

CATALOG = load_catalog()


@pytest.fixture
def example(tmp_path: Path) -> Path:
    target = tmp_path / "fwk.config.ts"
    shutil.copyfile(EXAMPLE, target)
    return target


def changed_lines(before: str, after: str) -> tuple[list[str], list[str]]:
    import difflib

    diff = list(difflib.ndiff(before.splitlines(), after.splitlines()))
    return [d[2:] for d in diff if d.startswith("- ")], [d[2:] for d in diff if d.startswith("+ ")]


def test_a_new_project_with_the_defaults_writes_only_todays_compatibility_date(
    tmp_path: Path,
) -> None:
    project = open_target(tmp_path / "shop", CATALOG)
    plan = project.plan(project.initial, CATALOG)
    assert plan.after.values() == {"compatibilityDate": project.initial.compatibility_date}
    assert project.initial.compatibility_date  # today, offered by default
    assert plan.diagnostics == []
    assert list(plan.summary()) == [f"create {tmp_path / 'shop' / 'fwk.config.ts'}"]


def test_every_answer_lands_on_its_option(tmp_path: Path) -> None:
    project = open_target(tmp_path, CATALOG)
    answers = project.initial.with_(
        rendering="spa",
        spa_loading_template=True,
        bundler="wbuild",
        strict=False,
        type_check="build",
        modules=("@fwk/content",),
        title="Shop",
        lang="pt-BR",
        description="Things",
        runtime=(RuntimeKey("apiSecret"), RuntimeKey("apiBase", True, "/api")),
        port=4000,
        host="0.0.0.0",
        compatibility_date="2026-01-02",
    )
    values = project.plan(answers, CATALOG).after.values()
    assert values == {
        "compatibilityDate": "2026-01-02",
        "ssr": False,
        "spaLoadingTemplate": True,
        "builder": "wbuild",
        "modules": ["@fwk/content"],
        "app": {
            "head": {
                "title": "Shop",
                "htmlAttrs": {"lang": "pt-BR"},
                "meta": [{"name": "description", "content": "Things"}],
            }
        },
        "runtimeConfig": {"apiSecret": "", "public": {"apiBase": "/api"}},
        "typescript": {"strict": False, "typeCheck": "build"},
        "devServer": {"port": 4000, "host": "0.0.0.0"},
    }
    assert answers.dev_dependencies == ["@fwk/wbuild-builder", "typescript", "view-tsc"]


def test_an_existing_config_prefills_the_answers(example: Path) -> None:
    project = open_target(example.parent, CATALOG)
    a = project.initial
    assert (a.variant, a.rendering, a.bundler, a.strict) == (
        "A",
        "server",
        "vbuild",
        True,
    )
    assert a.type_check is None  # written as code in the file: kept, not read as "off"
    assert a.modules == ("@fwk/image", "@fwk/content")
    assert (a.title, a.lang, a.description) == (
        "Example shop",
        "en",
        "Things worth buying",
    )
    assert a.runtime == (
        RuntimeKey("apiSecret", False, ""),
        RuntimeKey("apiBase", True, "/api"),
    )
    assert (a.port, a.compatibility_date) == (3000, "2026-11-01")


def test_unchanged_answers_leave_an_existing_config_byte_identical(
    example: Path,
) -> None:
    project = open_target(example.parent, CATALOG)
    plan = project.plan(project.initial, CATALOG)
    assert plan.after.text == example.read_text()
    assert not plan.changes_config


def test_a_changed_answer_edits_only_its_option(example: Path) -> None:
    project = open_target(example.parent, CATALOG)
    before = example.read_text()
    after = project.plan(project.initial.with_(port=4100, description="New words"), CATALOG).after.text
    assert changed_lines(before, after) == (
        [
            "        { name: 'description', content: 'Things worth buying' },",
            "    port: 3000,",
        ],
        ["        { name: 'description', content: 'New words' },", "    port: 4100,"],
    )


def test_modules_kept_with_their_options_removed_and_added_in_place(
    example: Path,
) -> None:
    project = open_target(example.parent, CATALOG)
    after = project.plan(project.initial.with_(modules=("@fwk/content", "@fwk/fonts")), CATALOG).after
    assert after.get("modules") == [
        ["@fwk/content", {"highlight": {"theme": "github-dark"}}],
        "@fwk/fonts",
    ]
    assert "  modules: [\n    ['@fwk/content'" in after.text  # still one item per line
    emptied = project.plan(project.initial.with_(modules=()), CATALOG).after
    assert not emptied.has("modules")


def test_description_item_added_beside_the_other_meta_and_removed(
    example: Path,
) -> None:
    project = open_target(example.parent, CATALOG)
    gone = project.plan(project.initial.with_(description=""), CATALOG).after
    assert gone.get("app.head.meta") == [{"name": "viewport", "content": "width=device-width, initial-scale=1"}]
    doc = ConfigDocument.new().set("app.head.meta", [{"charset": "utf-8"}])
    start = from_values(doc.values(), "A")
    added = apply_answers(doc, start, start.with_(description="Hi"))
    assert added.get("app.head.meta") == [
        {"charset": "utf-8"},
        {"name": "description", "content": "Hi"},
    ]


def test_a_runtime_key_made_public_moves_and_emptied_objects_go(example: Path) -> None:
    project = open_target(example.parent, CATALOG)
    moved = (RuntimeKey("apiSecret", False, ""), RuntimeKey("apiBase", False, "/api"))
    plan = project.plan(project.initial.with_(runtime=moved), CATALOG)
    after = plan.after
    # made private, its value is a secret: it goes to .env, the config gets ''
    assert after.get("runtimeConfig") == {"apiSecret": "", "apiBase": ""}
    assert plan.dotenv is not None and plan.dotenv.added == ["FWK_API_BASE"]
    assert plan.dotenv.text is not None and "FWK_API_BASE=/api\n" in plan.dotenv.text
    assert "public" not in after.text.split("runtimeConfig")[1].split("devServer")[0]


def test_switching_back_to_server_rendering_removes_the_spa_options(
    tmp_path: Path,
) -> None:
    doc = ConfigDocument.new().set("ssr", False).set("spaLoadingTemplate", "loading.html").set("appId", "x")
    start = from_values(doc.values(), "A")
    assert (start.rendering, start.spa_loading_template) == ("spa", "loading.html")
    after = apply_answers(doc, start, start.with_(rendering="server"))
    assert after.values() == {"appId": "x"}


def test_a_builder_written_as_code_is_kept_unless_a_bundler_is_chosen() -> None:
    doc = ConfigDocument.parse("export default defineFwkConfig({\n  builder: { bundle: async (f) => f },\n})\n")
    start = from_values(doc.values(), "A")
    assert start.bundler is None
    assert apply_answers(doc, start, start.with_(port=3001)).get("builder") == doc.get("builder")
    assert not apply_answers(doc, start, start.with_(bundler="vbuild")).has("builder")


def test_layout_b_pins_v3_behaviour_and_is_detected_as_b(tmp_path: Path) -> None:
    project = open_target(tmp_path, CATALOG)
    answers = project.initial.with_(variant="B")
    assert answers.src_dir == "."  # the default folder follows the layout
    doc = project.plan(answers, CATALOG).after
    assert doc.get("future.compatibilityVersion") == 3
    assert check_document(doc, CATALOG).variant.variant == "B"
    src = project.plan(answers.with_(src_dir="src"), CATALOG).after
    assert src.get("srcDir") == "src"


def test_skeletons_follow_the_reference_layouts() -> None:
    a = skeleton("A", "app")
    assert "app/pages" in a and "server" in a and "layers" in a and "app/server" not in a
    b = skeleton("B", "src")
    assert "src/store" in b and "src/server" in b and "server" not in b
    assert skeleton("B", ".")[:2] == ["assets", "components"]
    assert "app.vue" in layout_tree("A", "app") and "  app/" in layout_tree("A", "app")


def test_skeleton_lists_only_missing_folders_and_write_creates_them(
    tmp_path: Path,
) -> None:
    (tmp_path / "app" / "pages").mkdir(parents=True)
    project = open_target(tmp_path, CATALOG)
    plan = project.plan(project.initial.with_(skeleton=True), CATALOG)
    assert "app/pages" not in plan.folders and "app/components" in plan.folders
    plan.write()
    assert all((tmp_path / f).is_dir() for f in skeleton("A", "app"))


def test_env_example_lists_the_variables_and_merges_into_an_existing_file(
    tmp_path: Path,
) -> None:
    answers = Answers(runtime=(RuntimeKey("apiSecret"), RuntimeKey("apiBase", True)))
    text = env_example(answers, None)
    assert "FWK_API_SECRET=\n" in text and "FWK_PUBLIC_API_BASE=\n" in text and "# FWK_APP_BASE_URL=" in text
    mine = "# mine\nFWK_API_SECRET=\n"
    merged = env_example(answers, mine)
    assert merged is not None and merged.startswith(mine) and merged.count("FWK_API_SECRET") == 1
    assert "FWK_PUBLIC_API_BASE=" in merged
    assert env_example(answers, merged) is None  # nothing missing: left alone


def test_problems_name_the_answer_at_fault() -> None:
    assert problems(Answers()) == {}
    assert "src_dir" in problems(Answers(src_dir="/abs"))
    assert "src_dir" in problems(Answers(src_dir="../out"))
    assert "runtime" in problems(Answers(runtime=(RuntimeKey("api key"),)))
    assert "runtime" in problems(Answers(runtime=(RuntimeKey("public"),)))
    assert "runtime" in problems(Answers(runtime=(RuntimeKey("a"), RuntimeKey("a"))))
    assert "lang" in problems(Answers(lang="english please"))


def test_a_port_out_of_range_is_an_error_of_the_catalogue(tmp_path: Path) -> None:
    project = open_target(tmp_path, CATALOG)
    plan = project.plan(project.initial.with_(port=70000), CATALOG)
    assert [d.path for d in plan.errors] == ["devServer.port"]
    with pytest.raises(ValueError):
        plan.write()
    assert not (tmp_path / "fwk.config.ts").exists()


def test_write_goes_through_the_atomic_save_and_refuses_a_file_created_meanwhile(
    tmp_path: Path,
) -> None:
    project = open_target(tmp_path, CATALOG)
    plan = project.plan(project.initial, CATALOG)
    (tmp_path / "fwk.config.ts").write_text("// someone else's\n")
    with pytest.raises(Exception, match="changed|exists"):
        plan.write()
    assert (tmp_path / "fwk.config.ts").read_text() == "// someone else's\n"


def test_generated_files_load_in_the_real_client(tmp_path: Path, real_client) -> None:  # type: ignore[no-untyped-def]
    from tests.source.conftest import canon_py

    cases = {
        "defaults": Answers(compatibility_date="2026-11-23"),
        "spa-b": Answers(
            variant="B",
            src_dir="src",
            rendering="spa",
            spa_loading_template="loading.html",
        ),
        "full": Answers(
            bundler="rbuild",
            type_check="dev",
            modules=("a", "@b/c"),
            title='It\'s "quoted"',
            lang="en",
            description="line\nbreak",
            runtime=(RuntimeKey("k", False, "v"), RuntimeKey("p", True, "x'y")),
            port=8080,
            host="::",
        ),
    }
    files, expected = {}, {}
    for name, answers in cases.items():
        folder = tmp_path / name
        project = open_target(folder, CATALOG)
        plan = project.plan(answers, CATALOG)
        assert plan.errors == []
        plan.write()
        files[name] = folder / "fwk.config.ts"
        expected[name] = plan.after.values()
        assert load_document(files[name]).values() == expected[name]
    results = real_client.evaluate(files)
    for name in cases:
        assert results[name].error is None, results[name].error
        assert results[name].value == canon_py(expected[name])


def test_every_corpus_config_prefills_the_wizard_and_keeps_its_bytes(tmp_path: Path) -> None:
    from tests.source.test_corpus import _corpus, _is_template

    files, error = _corpus()
    assert error is None, error
    opened = 0
    for file in files:
        folder = tmp_path / file.name
        folder.mkdir()
        shutil.copyfile(file, folder / "fwk.config.ts")
        if _is_template(file):
            with pytest.raises(Exception, match="template"):
                open_target(folder, CATALOG)
            continue
        project = open_target(folder, CATALOG)
        opened += 1
        unchanged = project.plan(project.start, CATALOG)
        assert unchanged.after.text == project.before.text, file.name  # type: ignore[union-attr]
        plan = project.plan(project.initial, CATALOG)  # today's compatibilityDate offered when none is set
        assert plan.errors == [], (file.name, plan.errors)
        removed, added = changed_lines(project.before.text, plan.after.text)  # type: ignore[union-attr]
        # the new last member, and a comma after the member before it (the file's own last line)
        assert [line for line in added if "compatibilityDate" not in line] == [line + "," for line in removed]
        assert len(removed) <= 1 and len(added) - len(removed) <= 1, file.name
    assert opened >= 18
