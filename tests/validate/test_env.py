"""Run-time environment variables: names, the config's keys, .env files, typos, masking."""

from __future__ import annotations

import pytest

from fwk_tui.catalog import load_catalog
from fwk_tui.validate.env import (
    MASK,
    DotenvEntry,
    env_name,
    env_variables,
    match_dotenv,
    parse_dotenv,
    prefixes,
    referenced_env,
    shown_value,
    variable_of,
)
from tests.validate.helpers import config


@pytest.mark.parametrize(
    ("keys", "name"),
    [
        (("apiSecret",), "FWK_API_SECRET"),
        (("public", "apiBase"), "FWK_PUBLIC_API_BASE"),
        (("app", "baseURL"), "FWK_APP_BASE_URL"),
        (("app", "cdnURL"), "FWK_APP_CDN_URL"),
        (("stripe", "secretKey"), "FWK_STRIPE_SECRET_KEY"),
        (("public", "URLPrefix"), "FWK_PUBLIC_URL_PREFIX"),
        (("apiV2Base",), "FWK_API_V2_BASE"),
        (("site_name",), "FWK_SITE_NAME"),
        (("my-key",), "FWK_MY_KEY"),
    ],
)
def test_env_names(keys: tuple[str, ...], name: str) -> None:
    assert env_name(keys) == name


def variables(body: str) -> dict[str, tuple[str, bool]]:
    found = env_variables(load_catalog(), config(body).values())
    return {v.name: (v.path, v.private) for v in found}


def test_variables_of_runtime_config_and_app() -> None:
    found = variables("runtimeConfig: { apiSecret: '', stripe: { key: '' }, public: { apiBase: '/api' } },")
    assert found["FWK_API_SECRET"] == ("runtimeConfig.apiSecret", True)
    assert found["FWK_STRIPE_KEY"] == ("runtimeConfig.stripe.key", True)
    assert found["FWK_STRIPE"] == ("runtimeConfig.stripe", True)  # a whole object, as JSON
    assert found["FWK_PUBLIC_API_BASE"] == ("runtimeConfig.public.apiBase", False)
    # app.baseURL and app.cdnURL are overridable whether or not the file sets them.
    assert found["FWK_APP_BASE_URL"] == ("app.baseURL", False)
    assert found["FWK_APP_CDN_URL"] == ("app.cdnURL", False)


def test_private_values_are_masked() -> None:
    values = config("runtimeConfig: { token: 'abc', public: { x: 'shown' } },").values()
    found = {v.name: v for v in env_variables(load_catalog(), values)}
    assert shown_value(found["FWK_TOKEN"], "abc") == MASK
    assert shown_value(found["FWK_PUBLIC_X"], "shown") == "'shown'"
    assert shown_value(None, "anything") == MASK


def test_parse_dotenv() -> None:
    text = """# comment
export FWK_A=1
FWK_B = "two\\nlines" # trailing comment
FWK_C='keep # this'
FWK_D=plain # comment
FWK_E="multi
line"
FWK_F=
not an assignment
  # indented comment
"""
    assert parse_dotenv(text) == [
        DotenvEntry("FWK_A", "1", 2),
        DotenvEntry("FWK_B", "two\nlines", 3),
        DotenvEntry("FWK_C", "keep # this", 4),
        DotenvEntry("FWK_D", "plain", 5),
        DotenvEntry("FWK_E", "multi\nline", 6),
        DotenvEntry("FWK_F", "", 8),
    ]


def test_match_dotenv_overrides_typos_and_config_reads() -> None:
    doc = config("runtimeConfig: { apiSecret: '', public: { apiBase: process.env.FWK_CUSTOM || '/api' } },")
    found = env_variables(load_catalog(), doc.values())
    entries = parse_dotenv("FWK_API_SECRET=s3cret\nFWK_PUBLIC_API_BSE=/v2\nFWK_CUSTOM=1\nFWK_UNRELATED=1\nOTHER=1\n")
    matches = {m.entry.name: m for m in match_dotenv(found, entries, prefixes(doc.values()), referenced_env(doc.text))}
    assert set(matches) == {"FWK_API_SECRET", "FWK_PUBLIC_API_BSE", "FWK_CUSTOM", "FWK_UNRELATED"}
    assert matches["FWK_API_SECRET"].status == "overrides"
    assert matches["FWK_API_SECRET"].variable.path == "runtimeConfig.apiSecret"  # type: ignore[union-attr]
    assert (matches["FWK_PUBLIC_API_BSE"].status, matches["FWK_PUBLIC_API_BSE"].suggestion) == (
        "unmatched",
        "FWK_PUBLIC_API_BASE",
    )
    assert matches["FWK_CUSTOM"].status == "read-by-config"
    assert (matches["FWK_UNRELATED"].status, matches["FWK_UNRELATED"].suggestion) == ("unmatched", None)


def test_a_custom_env_prefix_is_matched_too() -> None:
    doc = config("runtimeConfig: { srv: { envPrefix: 'APP_' }, token: '' },")
    assert prefixes(doc.values()) == ["FWK_", "APP_"]
    found = env_variables(load_catalog(), doc.values())
    (m,) = match_dotenv(found, [DotenvEntry("APP_TOKEN", "x", 1)], prefixes(doc.values()))
    assert (m.status, m.variable.path) == ("overrides", "runtimeConfig.token")  # type: ignore[union-attr]


def test_referenced_env() -> None:
    source = "a: process.env.FWK_A, b: process?.env?.FWK_B, c: process.env['FWK_C'], d: import.meta.env.FWK_D"
    assert referenced_env(source) == {"FWK_A", "FWK_B", "FWK_C", "FWK_D"}


def test_the_variable_of_a_runtime_config_key_is_the_one_env_lists() -> None:
    assert variable_of(("runtimeConfig", "public", "apiBase")) == ("FWK_PUBLIC_API_BASE", True)
    assert variable_of(("runtimeConfig", "apiSecret")) == ("FWK_API_SECRET", False)
    assert variable_of(("runtimeConfig", "app", "cdnURL")) == ("FWK_APP_CDN_URL", True)
    assert variable_of(("srv", "runtimeConfig", "token")) == ("FWK_TOKEN", False)
    assert variable_of(("runtimeConfig",)) is None
    assert variable_of(("app", "baseURL")) is None
    assert variable_of(("runtimeConfig", "list", 0)) is None
    values = {"runtimeConfig": {"apiSecret": "", "public": {"apiBase": "/api", "nested": {"deepKey": 1}}}}
    listed = {v.path: v.name for v in env_variables(load_catalog(), values)}
    for path in ("runtimeConfig.apiSecret", "runtimeConfig.public.apiBase", "runtimeConfig.public.nested.deepKey"):
        segments = tuple(path.split("."))
        assert variable_of(segments) is not None and variable_of(segments)[0] == listed[path]  # type: ignore[index]
