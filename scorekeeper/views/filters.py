"""Template filters: numbers as a score pad writes them."""

from __future__ import annotations

from flask import Flask

MINUS = "\u2212"  # a real minus sign: a hyphen is easy to miss on a phone


def points(value: int) -> str:
    """A total: ``120``, ``−30``."""
    return f"{MINUS}{-value}" if value < 0 else str(value)


def signed(value: int) -> str:
    """A round's score: ``+40``, ``−20``, ``0``."""
    if value > 0:
        return f"+{value}"
    return points(value)


def register(app: Flask) -> None:
    app.add_template_filter(points)
    app.add_template_filter(signed)
