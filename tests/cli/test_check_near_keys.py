"""`check` on keys a person means as another: a misspelt runtimeConfig block, brand names, older keys."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.helpers import run

PUBLC = """\
export default defineFwkConfig({
  runtimeConfig: {
    publc: { apiBase: '/api' },
  },
})
"""


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_a_misspelt_public_block_is_a_warning_whose_rename_check_fix_leaves_alone(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = project / "fwk.config.ts"
    config.write_text(PUBLC)
    code, out, err = run(capsys, "check")
    assert (code, err) == (0, "")
    assert (
        "fwk.config.ts:3:5: warning FWK101: publc is not a block the browser reads; did you mean public? "
        "Its values are now server-only [runtimeConfig.publc]\n"
    ) in out
    assert "= fix: Rename publc to public" in out
    code, out, err = run(capsys, "check", "--fix")
    assert (code, err) == (0, "")
    assert config.read_text() == PUBLC


BRANDS = """\
export default defineFwkConfig({
  vite: { server: { hmr: false } },
  vue: { compilerOptions: {} },
  webpack: { analyze: true },
  nitro: { preset: 'node' },
  srv: { compressPublicAssets: true },
})
"""


def test_a_brand_key_names_its_neutral_key_and_renames_only_when_that_is_free(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = project / "fwk.config.ts"
    config.write_text(BRANDS)
    code, out, err = run(capsys, "check")
    assert (code, err) == (0, "")
    lines = [line for line in out.splitlines() if "FWK" in line or "= fix" in line]
    assert lines == [
        "fwk.config.ts:2:3: warning FWK101: vite is not read; did you mean vbuild "
        "(the neutral name of the client bundler, see naming.md)? [vite]",
        "     = fix: Rename vite to vbuild",
        "fwk.config.ts:3:3: warning FWK101: vue is not read; did you mean view "
        "(the neutral name of the view library, see naming.md)? [vue]",
        "     = fix: Rename vue to view",
        "fwk.config.ts:4:3: warning FWK101: webpack is not read; did you mean wbuild "
        "(the neutral name of the alternative bundler, see naming.md)? [webpack]",
        "     = fix: Rename webpack to wbuild",
        "fwk.config.ts:5:3: warning FWK101: nitro is not read; did you mean srv "
        "(the neutral name of the server engine, see naming.md)? srv is written too: merge the two [nitro]",
        "     = fix: Merge nitro into srv",
    ]
    run(capsys, "check", "--fix")
    assert config.read_text() == BRANDS  # a rename makes the framework read what it ignored: a person decides


def test_an_alias_beside_its_canonical_key_offers_the_merge_not_a_rename(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = "export default defineFwkConfig({\n  unhead: { legacy: true },\n  headmgr: { legacy: false },\n})\n"
    config = project / "fwk.config.ts"
    config.write_text(text)
    code, out, err = run(capsys, "check")
    assert (code, err) == (0, "")
    assert (
        "fwk.config.ts:2:3: warning FWK103: unhead is the literal spelling of headmgr; the canonical key is headmgr; "
        "both are written: merge unhead into headmgr [unhead]\n"
    ) in out
    assert "= fix: Merge unhead into headmgr (legacy is set in both: choose which to keep)" in out  # never a rename
    run(capsys, "check", "--fix", "--unsafe-fixes")
    assert config.read_text() == text  # the two set legacy differently: a person chooses


def test_the_key_that_chose_variant_a_is_not_called_documented_for_variant_b(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (project / "fwk.config.ts").write_text(
        "export default defineFwkConfig({\n  future: { compatibilityVersion: 4, typescriptBundlerResolution: true },\n})\n"
    )
    code, out, err = run(capsys, "check", "--verbose")
    assert (code, err) == (0, "")
    assert out.splitlines()[0].startswith("fwk.config.ts: checked as variant A (future.compatibilityVersion is 4")
    infos = [line for line in out.splitlines() if "FWK104" in line]
    assert infos == [
        "fwk.config.ts:2:38: info FWK104: documented for variant B; variant A lists no children of future "
        "[future.typescriptBundlerResolution]"
    ]


OLDER = """\
export default defineFwkConfig({
  mode: 'universal',
  router: { base: '/docs/' },
  plugins: [{ src: '~/plugins/chart.ts', ssr: false }],
  port: 3000,
})
"""


def test_older_and_misplaced_keys_are_named_at_their_line_with_their_successor(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = project / "fwk.config.ts"
    config.write_text(OLDER)
    code, out, err = run(capsys, "check")
    assert (code, err) == (0, "")
    old = "is a key of the framework's older major version, which this one no longer reads"
    lines = [line for line in out.splitlines() if "FWK" in line or "= fix" in line]
    assert lines == [
        f"fwk.config.ts:2:3: warning FWK105: mode {old}: universal is the default (ssr: true); remove it [mode]",
        "     = fix: Remove mode (it has no effect)",
        f"fwk.config.ts:3:13: warning FWK105: router.base {old}: use app.baseURL [router.base]",
        "     = fix: Move router.base to app.baseURL",
        f"fwk.config.ts:4:42: warning FWK105: ssr {old}: use mode: 'client' (ssr: false), or nothing "
        "(loaded on both sides) [plugins[0].ssr]",
        "     = fix: Replace ssr: false with mode: 'client'",
        "fwk.config.ts:5:3: warning FWK101: port is not a top-level option; did you mean devServer.port? [port]",
        "     = fix: Move port to devServer.port",
    ]
    run(capsys, "check", "--fix")
    assert config.read_text() == OLDER  # each changes what the app does: a person decides
