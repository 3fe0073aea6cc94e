"""Which language a request is answered in: the player's pick, else the browser's."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from flask import has_request_context, request
from flask.globals import _cv_app
from flask_babel import get_locale

# The languages a player can pick, each named in itself, in the switcher's order.
LANGUAGES: dict[str, str] = {
    "en": "English",
    "cy": "Cymraeg",
    "nl": "Nederlands",
    "el": "Ελληνικά",
    "ne": "नेपाली",
}
DEFAULT_LANGUAGE = "en"

# The cookie that remembers a player's pick, for a year.
LANGUAGE_COOKIE = "language"
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600


def select_language() -> str:
    """The pick remembered in the cookie, else the browser's best match, else English;
    English outside a request (the CLI, a script)."""
    if not has_request_context():
        return DEFAULT_LANGUAGE
    # The JSON API answers what its client asks for, never a phone's cookie.
    picked = request.cookies.get(LANGUAGE_COOKIE) if request.blueprint != "api" else None
    if picked in LANGUAGES:
        return picked
    return browser_language(request.accept_languages) or DEFAULT_LANGUAGE


def browser_language(accepted: Iterable[tuple[str, float]]) -> str | None:
    """The first language the browser asks for, by preference, that the app speaks, a
    region's variant standing for its language (``nl-BE`` is Dutch).

    >>> browser_language([("cy-GB", 1.0), ("nl", 0.5)])
    'cy'
    >>> browser_language([("fr", 1.0), ("el-GR", 0.8)])
    'el'
    >>> browser_language([("fr", 1.0)]) is None
    True
    """
    for tag, quality in sorted(accepted, key=lambda pair: -pair[1]):
        language = tag.replace("_", "-").split("-")[0].lower()
        if quality > 0 and language in LANGUAGES:
            return language
    return None


def current_language() -> str:
    """The request's language (English outside a request)."""
    locale = _chosen_locale() or get_locale()
    # The languages are plain language codes (no region): the locale's language is all.
    return locale.language if locale is not None else DEFAULT_LANGUAGE


def _chosen_locale() -> Any:
    """The locale Flask-Babel already chose for this request (kept in its namespace on
    ``g``, where ``force_locale`` and ``refresh`` change it too), read straight from the
    app context: a page asks for a hundred messages or more, and ``get_locale`` finds it
    through several context lookups (about 4 µs each time). None until it is chosen."""
    context = _cv_app.get(None)
    if context is None:
        return None
    babel = context.g.__dict__.get("_flask_babel")
    return None if babel is None else getattr(babel, "babel_locale", None)
