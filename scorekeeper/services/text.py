"""Text people type, as a database can keep it."""

from __future__ import annotations

import unicodedata


def plain_text(text: str) -> bool:
    """Text a person typed that a database can keep: no control characters."""
    return storable(text) and not any(
        unicodedata.category(ch) in ("Cc", "Cs") and ch not in "\n\r\t" for ch in text
    )


def storable(text: str) -> bool:
    """Text a database (and a password hash) can take: no NUL, no lone surrogate."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return "\x00" not in text
