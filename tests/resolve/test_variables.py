"""Run-time variables: .env files read as the loader reads them (the real one as the oracle), applied to runtimeConfig and app."""

from __future__ import annotations

from fwk_tui.catalog import load_catalog
from fwk_tui.resolve.effective import effective_config
from fwk_tui.resolve.tree import plain
from fwk_tui.resolve.variables import DotenvFile, read_environment, runtime_value, variable_notes
from fwk_tui.source import ConfigDocument
from tests.resolve.helpers import PROJECTS, c12_load, resolve_project

DOTENV = PROJECTS.parent / "dotenv"
ENVIRON = {"FWK_PUBLIC_FROM_PROCESS": "process", "HOME": "/home/x"}


def _files(*names: str) -> list[DotenvFile]:
    return [DotenvFile(name, (DOTENV / name).read_text()) for name in names]


def test_dotenv_files_read_like_the_real_loader_over_the_process_environment() -> None:
    for files in (["first.env"], ["second.env"], ["first.env", "second.env"], ["second.env", "first.env"]):
        theirs = c12_load([{"id": "d", "cwd": str(DOTENV), "dotenv": files, "environ": ENVIRON}])["d"]["value"]
        ours = {name: v.value for name, v in read_environment(ENVIRON, _files(*files)).items()}
        assert ours == theirs, files


def test_each_variable_knows_its_file_and_line_and_the_process_wins() -> None:
    read = read_environment(ENVIRON, _files("first.env", "second.env"))
    assert (read["FWK_PUBLIC_API_BASE"].file, read["FWK_PUBLIC_API_BASE"].line) == ("second.env", 1)
    assert (read["FWK_API_SECRET"].file, read["FWK_API_SECRET"].line) == ("first.env", 4)
    assert read["FWK_PUBLIC_FROM_PROCESS"].file is None and read["FWK_PUBLIC_FROM_PROCESS"].value == "process"
    assert read["FWK_PUBLIC_FROM_PROCESS"].origin().describe() == "FWK_PUBLIC_FROM_PROCESS in the environment"


def test_values_read_as_the_runtime_reads_them() -> None:
    assert runtime_value("true") is True and runtime_value("FALSE") is False
    assert runtime_value("3000") == 3000 and runtime_value("-1.5") == -1.5
    assert runtime_value('{"a": [1, 2]}') == {"a": [1, 2]}
    assert runtime_value("null") is None
    assert runtime_value("12345678901234567890") == "12345678901234567890"  # too long for a number: text
    assert runtime_value("/api/v1") == "/api/v1" and runtime_value("{not json") == "{not json"


def test_a_variable_replaces_only_a_key_that_exists_and_app_options_always() -> None:
    doc = ConfigDocument.parse(
        "export default defineFwkConfig({\n  runtimeConfig: { apiSecret: '', public: { apiBase: '/api' } },\n})\n"
    )
    environ = {
        "FWK_API_SECRET": "s3cret",
        "FWK_PUBLIC_API_BASE": "https://api.example.com",
        "FWK_PUBLIC_MISSING": "x",
        "FWK_APP_BASE_URL": "/shop/",
    }
    effective = effective_config(PROJECTS / "fwk.config.ts", doc, load_catalog(), environ=environ)
    runtime = plain(effective.runtime.values)
    assert runtime == {
        "runtimeConfig": {"apiSecret": "s3cret", "public": {"apiBase": "https://api.example.com"}},
        "app": {"baseURL": "/shop/"},
    }
    assert sorted(o.variable.name for o in effective.runtime.overrides) == [
        "FWK_API_SECRET",
        "FWK_APP_BASE_URL",
        "FWK_PUBLIC_API_BASE",
    ]
    assert plain(effective.resolved.config)["runtimeConfig"]["public"] == {"apiBase": "/api"}  # the file's view stays


def test_a_misspelt_variable_in_a_dotenv_file_is_named_with_the_one_it_was_meant_to_be() -> None:
    resolved = resolve_project("questions")
    assert resolved.config is not None
    file = PROJECTS / "questions" / "fwk.config.ts"
    dotenv = [DotenvFile(".env", (PROJECTS / "questions" / ".env").read_text())]
    effective = effective_config(
        file, ConfigDocument.parse(file.read_text()), load_catalog(), dotenv=dotenv, environ={}
    )
    unmatched = [(m.entry.name, m.suggestion) for m in effective.runtime.matches if m.status == "unmatched"]
    assert unmatched == [("FWK_PUBLIC_APIBASE", "FWK_PUBLIC_API_BASE")]


def test_a_public_variable_holding_a_private_ones_value_says_so() -> None:
    """Attack round 3: `FWK_PUBLIC_API_BASE=${FWK_API_SECRET}` showed the secret as the public value, without a word
    that the browser gets it. Filled in or copied by hand, the note is the same; a value too short to be a secret
    (`1`, `on`) is none."""
    text = (
        "FWK_API_SECRET=topsecret\nFWK_PUBLIC_API_BASE=https://x/${FWK_API_SECRET}\n"
        "FWK_PUBLIC_COPY=topsecret\nFWK_DEBUG=on\nFWK_PUBLIC_FLAG=on\nFWK_PUBLIC_OTHER=https://y/\n"
    )
    environment = read_environment({}, [DotenvFile(".env", text)])
    assert environment["FWK_PUBLIC_API_BASE"].value == "https://x/topsecret"
    said = ", a private variable: the browser gets it"
    assert variable_notes(environment) == [
        "FWK_PUBLIC_API_BASE (.env:2) holds the value of FWK_API_SECRET (.env:1)" + said,
        "FWK_PUBLIC_COPY (.env:3) holds the value of FWK_API_SECRET (.env:1)" + said,
    ]
    from_process = read_environment(
        {"FWK_API_SECRET": "s3cr3t!"}, [DotenvFile(".env", "FWK_PUBLIC_A=${FWK_API_SECRET}\n")]
    )
    app = read_environment(
        {}, [DotenvFile(".env", "FWK_DB_PASSWORD=hunter22\nFWK_APP_CDN_URL=https://cdn/${FWK_DB_PASSWORD}\n")]
    )
    assert variable_notes(app) == ["FWK_APP_CDN_URL (.env:2) holds the value of FWK_DB_PASSWORD (.env:1)" + said]
    assert variable_notes(from_process) == [
        "FWK_PUBLIC_A (.env:1) holds the value of FWK_API_SECRET (the environment)" + said
    ]


def _runtime(environ: dict[str, str]) -> dict[str, object]:
    doc = ConfigDocument.parse(
        "export default defineFwkConfig({\n  runtimeConfig: { token: 't', public: { apiBase: '/api',"
        " feature: { on: false, depth: 1 } } },\n})\n"
    )
    effective = effective_config(PROJECTS / "fwk.config.ts", doc, load_catalog(), environ=environ)
    return plain(effective.runtime.values)["runtimeConfig"]  # type: ignore[index,no-any-return]


def test_an_object_given_for_an_object_is_merged_into_it_as_the_runtime_does() -> None:
    """The framework's runtime: `{...object, ...json}` for an object, then each key's own variable on top;
    any other value replaces the object; null and undefined leave a key as it is (`value ?? the config's`)."""
    merged = _runtime({"FWK_PUBLIC_FEATURE": '{"on": true, "extra": 2}'})
    assert merged["public"]["feature"] == {"on": True, "depth": 1, "extra": 2}  # type: ignore[index]
    # The object's variable applies first, its key's after it, whatever their order in the environment.
    both = _runtime({"FWK_PUBLIC_FEATURE_DEPTH": "5", "FWK_PUBLIC_FEATURE": '{"depth": 3, "on": true}'})
    assert both["public"]["feature"] == {"on": True, "depth": 5}  # type: ignore[index]
    assert _runtime({"FWK_PUBLIC_FEATURE": "off"})["public"]["feature"] == "off"  # type: ignore[index]
    assert _runtime({"FWK_PUBLIC_FEATURE": "null", "FWK_TOKEN": "undefined"}) == _runtime({})
    assert _runtime({"FWK_PUBLIC_API_BASE": ""})["public"]["apiBase"] == ""  # type: ignore[index]


def test_why_names_the_variable_whose_object_gives_a_key() -> None:
    from fwk_tui.resolve.why import why

    doc = ConfigDocument.parse(
        "export default defineFwkConfig({\n  runtimeConfig: { public: { feature: { on: false } } },\n})\n"
    )
    effective = effective_config(
        PROJECTS / "fwk.config.ts", doc, load_catalog(), environ={"FWK_PUBLIC_FEATURE": '{"on": true}'}
    )
    answer = why(effective, ("runtimeConfig", "public", "feature", "on"), load_catalog())
    winner = [s for s in answer.steps if s.wins]
    assert len(winner) == 1 and winner[0].origin.describe() == "FWK_PUBLIC_FEATURE in the environment"
    assert plain(winner[0].node) is True
