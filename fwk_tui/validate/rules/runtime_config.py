"""runtimeConfig: a secret under public or app reaches the browser."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from fwk_tui.paths import OptionPath, format_path
from fwk_tui.source.values import Code
from fwk_tui.validate.fix import Severity
from fwk_tui.validate.rules.registry import Finding, RuleContext, move_fix, rule
from fwk_tui.validate.text import split_words

# Words that make a key look like a credential, and words that say it is public by design.
_SECRET_WORDS = frozenset({"secret", "token", "password", "passwd", "credential", "credentials", "private"})
_KEY_QUALIFIERS = frozenset(
    "api private secret access auth service role signing encryption master admin write".split()
)
# A last word that makes the key about a secret (its name, where it is sent, its size, a switch), not the secret.
_ABOUT_WORDS = frozenset(
    "name header cookie field param query length min max size enabled disabled required expires expiry ttl age "
    "prefix path route page url endpoint strategy type mode".split()
)
_PUBLIC_WORDS = frozenset(
    {"public", "publishable", "site", "search", "anon", "client", "analytics", "measurement", "tracking", "widget"}
)
# The shapes of well-known credentials, and of keys that are public by design
# (Stripe's pk_, Mapbox's pk., PostHog's phc_, GA's G-).
_SECRET_VALUE = re.compile(
    r"^(?:sk_(?:live|test)_|rk_(?:live|test)_|sk-|ghp_|gho_|github_pat_|xox[abpr]-|AKIA[0-9A-Z]{16}|-----BEGIN)"
)
_PUBLIC_VALUE = re.compile(r"^(?:pk_(?:live|test)_|pk\.|phc_|G-|UA-|GTM-)")
# A URL with a password in it (scheme://user:password@host): the credentials of a database or a service.
_URL_CREDENTIALS = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*://[^/\s:@]*:[^/\s@]+@")
# The values of fetch's own options (``credentials: 'include'``, ``mode: 'cors'``): settings, never credentials.
_FETCH_OPTION_VALUES = frozenset(
    "omit same-origin include cors no-cors navigate default no-store reload no-cache force-cache only-if-cached "
    "follow error manual".split()
)
# Code that gives a boolean: a negation, a comparison, Boolean(...).
_BOOLEAN_CODE = re.compile(r"^\s*(?:!|Boolean\s*\()|(?:===|!==|==|!=|<=|>=)")
_ENV_READ = re.compile(r"(?:process\.env|import\.meta\.env)\.([A-Za-z_$][\w$]*)|process\.env\[\s*['\"]([^'\"]+)['\"]")


def looks_secret(key: str) -> bool:
    """True for ``apiSecret``, ``authToken``, ``dbPassword``, ``apiKey``, ``key``; not ``storageKey``, ``siteKey``."""
    words = _words(key)
    if not words or _PUBLIC_WORDS & set(words):
        return False
    return bool(_SECRET_WORDS & set(words)) or _key_word(words)


def _words(key: str) -> list[str]:
    return [w.lower() for w in split_words(key) if w]


def _key_word(words: list[str], *, strong: bool = False) -> bool:
    """``key`` alone, ``apiKey``, ``privateKey``: a key whose name only says "key" of something sensitive.

    ``strong``: only a key its qualifier marks as a secret (``SERVICE_ROLE_KEY``, ``privateKey``), not an
    API key, which publishable SDK keys are called too."""
    qualifiers = _KEY_QUALIFIERS - {"api"} if strong else _KEY_QUALIFIERS
    for i, word in enumerate(words):
        if word == "privatekey" or (word == "apikey" and not strong):
            return True
        if word == "key" and ((len(words) == 1 and not strong) or (i > 0 and words[i - 1] in qualifiers)):
            return True
    return False


def secret_evidence(key: str, value: Any) -> tuple[Severity, str] | None:
    """How strongly ``key: value`` looks like a secret: a warning with the evidence, an info on the name alone, or None.

    Publishable keys (search-only, analytics, payment-widget keys) are meant to be public: a public word in the
    name or a publishable value shape clears it; a secret's value shape, an env read of a secret-named variable,
    or a secret word in the name (secret, private, password, token) weigh towards it.
    """
    if isinstance(value, (bool, int, float)):
        return None  # a switch or a size (secretPageEnabled, passwordMinLength) is never the secret
    if isinstance(value, Code) and _BOOLEAN_CODE.search(value.text):
        return None  # !!process.env.SECRET, process.env.TOKEN === 'on': a switch made from it, not the secret
    if isinstance(value, str) and value in _FETCH_OPTION_VALUES:
        return None  # credentials: 'include' is how fetch sends cookies, not a credential
    words = _words(key)
    text = value if isinstance(value, str) else None
    if (text is not None and _PUBLIC_VALUE.match(text)) or _PUBLIC_WORDS & set(words):
        return None
    if text is not None and _SECRET_VALUE.match(text):
        return "warning", "its value has the shape of a secret key"
    if text is not None and _URL_CREDENTIALS.match(text):
        return "warning", "its value is a URL with a password in it"
    read = _ENV_READ.search(value.text) if isinstance(value, Code) else None
    variable = (read.group(1) or read.group(2)) if read else None
    named = _words(variable) if variable else []
    if named and _PUBLIC_WORDS & set(named):
        variable, named = None, []
    if named and (_SECRET_WORDS & set(named) or _key_word(named, strong=True)):
        return "warning", f"it is read from {variable}"
    if words and words[-1] in _ABOUT_WORDS:
        return None  # csrfTokenName names a token; it is not one
    strong = sorted(_SECRET_WORDS & set(words))
    if strong:
        return "warning", f"its name says {strong[0]}"
    if _key_word(words):
        return "info", "only its name hints so"
    if named and _key_word(named):  # RAMP_API_KEY says no more than rampApiKey would
        return "info", f"only the name of {variable}, which it is read from, hints so"
    return None


@rule(
    "secret-in-public-runtime-config",
    "FWK321",
    "private values (such as API secrets) belong in top-level `runtimeConfig`, which is readable only on the "
    "server; values under `public` and `app` are exposed to the frontend.",
)
def secret_in_public_runtime_config(ctx: RuleContext) -> Iterator[Finding]:
    """A value under runtimeConfig.public or runtimeConfig.app that looks like a secret reaches the browser.

    The evidence is weighed: a warning for a value shaped like a secret key (sk_live_, ghp_, AKIA...), a URL with a
    password, a read of a secret-named variable, or a name saying secret, private, password, token or credentials;
    an info when only a name like apiKey (or the variable's, RAMP_API_KEY) hints so. Public by the conventions of
    publishable keys, never flagged: names with public, publishable, site, search, anon, client, analytics,
    measurement, tracking or widget (the key's, or an object's holding it: scripts.cloudflareWebAnalytics.token), and
    values shaped pk_live_, pk_test_, pk., phc_, G-, UA-, GTM-. Never a secret: booleans and numbers (also
    !!x, comparisons, Boolean(x)), names about a secret (csrfTokenName, passwordMinLength) and fetch's option
    words (credentials: 'include', mode: 'cors').
    """
    for exposed in ("public", "app"):
        block = ctx.get(f"runtimeConfig.{exposed}")
        if isinstance(block, dict):
            yield from _secrets(ctx, block, ("runtimeConfig", exposed))


def _secrets(ctx: RuleContext, block: dict[str, Any], path: OptionPath) -> Iterator[Finding]:
    for key, value in block.items():
        here = (*path, key)
        if isinstance(value, dict):
            if not _PUBLIC_WORDS & set(_words(key)):  # scripts.cloudflareWebAnalytics: a publishable namespace
                yield from _secrets(ctx, value, here)
            continue
        evidence = secret_evidence(key, value)
        if evidence is None:
            continue
        severity, why = evidence
        private = format_path(("runtimeConfig", *here[2:]))
        exposed = f"values under runtimeConfig.{here[1]} reach the browser"
        if severity == "info":
            message = (
                f"is {key} a secret? {why}, and {exposed}. Publishable keys (search-only, analytics, payment "
                f"widgets) are meant to be public; a secret belongs at {private}, which only the server reads"
            )
        else:
            message = f"is {key} a secret? {why}, and {exposed}; keep secrets at {private}, which only the server reads"
        yield Finding(severity, format_path(here), message, move_fix(format_path(here), private, ctx))
