"""Template filters: numbers as a score pad writes them, dates as the reader's language
writes them."""

from __future__ import annotations

from datetime import date

from babel.dates import format_date
from babel.numbers import format_decimal, format_percent
from flask import Flask, has_request_context

from ..i18n import DEFAULT_LANGUAGE, current_language

MINUS = "\u2212"  # a real minus sign: a hyphen is easy to miss on a phone

# English keeps the app's own way (28 Nov 2026, day before month); every other language
# writes a date as its speakers do (CLDR's medium, long and full dates).
ENGLISH_DATES = {"short": "d MMM y", "medium": "d MMMM y", "long": "EEEE d MMMM y"}
LOCALE_DATES = {"short": "medium", "medium": "long", "long": "full"}


def points(value: int) -> str:
    """A total: ``120``, ``−30``."""
    return f"{MINUS}{-value}" if value < 0 else str(value)


def signed(value: int) -> str:
    """A round's score: ``+40``, ``−20``, ``0``."""
    if value > 0:
        return f"+{value}"
    return points(value)


def _language() -> str:
    return current_language() if has_request_context() else DEFAULT_LANGUAGE


def percent(value: float | None) -> str:
    """A share as a whole percentage, half rounded up: ``33%``; Greek ``33%``, Welsh ``33%``;
    a dash when there is none."""
    if value is None:
        return "—"
    whole = int(value * 100 + 0.5)
    return format_percent(whole / 100, locale=_language())


def tenths(value: float | None, sign: bool = False) -> str:
    """An average to a tenth: ``1.5``, Dutch ``1,5``; ``+1.5`` / ``−0.5`` with ``sign``."""
    if value is None:
        return "—"
    text = format_decimal(abs(value), "0.0", locale=_language())
    if text.strip("0.,") == "":
        return text if not sign else f"+{text}"
    if value < 0:
        return f"{MINUS}{text}"
    return f"+{text}" if sign else text


def signed_tenths(value: float | None) -> str:
    return tenths(value, sign=True)


def written_date(value: date, width: str = "medium") -> str:
    """A date (or the day of a datetime) in the reader's language: ``short`` (28 Nov
    2026), ``medium`` (28 November 2026) or ``long`` (Saturday 28 November 2026).

    Outside a request (a script, the CLI) there is no reader to ask: English."""
    language = current_language() if has_request_context() else DEFAULT_LANGUAGE
    pattern = ENGLISH_DATES[width] if language == "en" else LOCALE_DATES[width]
    return format_date(value, pattern, locale=language)


def date_short(value: date) -> str:
    """``28 Nov 2026``; Welsh ``28 Tach 2026``."""
    return written_date(value, "short")


def date_medium(value: date) -> str:
    """``28 November 2026``; Dutch ``28 november 2026``."""
    return written_date(value, "medium")


def date_long(value: date) -> str:
    """``Saturday 28 November 2026``; Greek ``Σάββατο 28 Νοεμβρίου 2026``."""
    return written_date(value, "long")


def register(app: Flask) -> None:
    app.add_template_filter(points)
    app.add_template_filter(signed)
    app.add_template_filter(percent)
    app.add_template_filter(tenths)
    app.add_template_filter(signed_tenths)
    app.add_template_filter(date_short)
    app.add_template_filter(date_medium)
    app.add_template_filter(date_long)
