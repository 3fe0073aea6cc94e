"""Dates, lists of names and the printed page's footer as the reader's language writes
them. (Numbers: ``views/filters.py`` formats them with Babel in the request's language.)"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from datetime import date, datetime

from babel.dates import format_date
from markupsafe import Markup

from .choice import current_language
from .wording import gettext

# English keeps the app's own way (28 Nov 2026, day before month); every other language
# writes a date as its speakers do (CLDR's medium, long and full dates).
ENGLISH_DATES = {"short": "d MMM y", "medium": "d MMMM y", "long": "EEEE d MMMM y"}
LOCALE_DATES = {"short": "medium", "medium": "long", "long": "full"}


def written_date(value: date, width: str = "medium") -> str:
    """A date (or the day of a datetime) in the reader's language: ``short`` (28 Nov
    2026), ``medium`` (28 November 2026) or ``long`` (Saturday 28 November 2026).

    Outside a request (a script, the CLI) there is no reader to ask: English."""
    day = value.date() if isinstance(value, datetime) else value
    return _written_day(day, width, current_language())


@functools.lru_cache(maxsize=4096)
def _written_day(day: date, width: str, language: str) -> str:
    # Kept: a list of games writes the same few nights' dates over and over.
    pattern = ENGLISH_DATES[width] if language == "en" else LOCALE_DATES[width]
    return format_date(day, pattern, locale=language)


def date_short(value: date) -> str:
    """``28 Nov 2026``; Welsh ``28 Tach 2026``."""
    return written_date(value, "short")


def date_medium(value: date) -> str:
    """``28 November 2026``; Dutch ``28 november 2026``."""
    return written_date(value, "medium")


def date_long(value: date) -> str:
    """``Saturday 28 November 2026``; Greek ``Σάββατο 28 Νοεμβρίου 2026``."""
    return written_date(value, "long")


def and_names(names: Iterable[str]) -> str:
    """Names joined as the language joins them: "Ana and Ben and Cai". Plain text: a
    template escapes it where it puts it."""
    joined: str | None = None
    for name in names:
        # TRANSLATORS: Joins the names of the players who share a win, one more at a
        # time: "Ana and Ben", then "Ana and Ben and Cai".
        joined = (
            name if joined is None else gettext("%(names)s and %(name)s", names=joined, name=name)
        )
    return joined or ""


def comma_names(names: Iterable[str]) -> str:
    """Names listed as the language lists them: "Ana, Ben, Cai"."""
    joined: str | None = None
    for name in names:
        # TRANSLATORS: Joins the names of the players who share the lead, one more at a
        # time: "Ana, Ben", then "Ana, Ben, Cai".
        joined = name if joined is None else gettext("%(names)s, %(name)s", names=joined, name=name)
    return joined or ""


def page_footer_css() -> Markup:
    """The printed sheet's footer as a CSS ``content`` value: the translated sentence with
    the page counters where its placeholders are (``"page " counter(page) " of " …``)."""
    # TRANSLATORS: at the foot of every printed page; keep both placeholders.
    text = gettext("Scorekeeper · page %(page)s of %(pages)s", page="\0page", pages="\0pages")
    parts = []
    for piece in re.split(r"(\0pages|\0page)", str(text)):
        if piece in ("\0page", "\0pages"):
            parts.append(f"counter({piece[1:]})")
        elif piece:
            escaped = piece.replace("\\", "\\\\").replace('"', '\\"').replace("<", "\\3c ")
            escaped = escaped.replace("\n", "\\a ").replace("\r", "")
            parts.append(f'"{escaped}"')
    return Markup(f"@page {{ @bottom-right {{ content: {' '.join(parts)}; }} }}")
