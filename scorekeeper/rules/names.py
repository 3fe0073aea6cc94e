"""Names people can read: a player's or an account's name as it is kept and compared.

A name is kept in Unicode's compatibility form (NFKC: a full-width ``ａｎａ`` is ``ana``,
a ligature ``ﬁ`` is ``fi``), its spaces tidied, and refused when it holds what nobody can
see or what changes how the rest is shown: control characters, invisible formatting
characters (a word joiner U+2060, zero-width spaces, a right-to-left override U+202E
that shows ``admin\u202enimda`` backwards), blanks (the Hangul filler U+3164, the empty
Braille cell U+2800), a lone combining mark or variation selector, private or unassigned
code points (``rules/text.py`` says which, and where scripts and emoji need a joiner).

Two names are the same name when their keys are equal: case and width set aside.

>>> readable_name("  Ａｎａ   Lúcia ")
'Ana Lúcia'
>>> name_key("ANA") == name_key("ａｎａ") == name_key("Ana")
True
>>> readable_name("admin\u202e")
Traceback (most recent call last):
...
scorekeeper.rules.names.NameRefused: “admin” has an invisible character (U+202E)
"""

from __future__ import annotations

import unicodedata

from .errors import N_, PlayerError
from .text import hidden_character, shown, visible

MAX_NAME_LENGTH = 40


class NameRefused(PlayerError):
    """A name that cannot be kept as it is, and why."""


def readable_name(text: str, field: str = "name", longest: int = MAX_NAME_LENGTH) -> str:
    """``text`` as a name is kept: NFKC, runs of spaces made one, no space around it.

    Raises :class:`NameRefused` (with ``field``) for an empty or invisible name, one
    holding unreadable characters, or one longer than ``longest`` characters.

    >>> readable_name("Siôn")
    'Siôn'
    >>> readable_name("\u2060")
    Traceback (most recent call last):
    ...
    scorekeeper.rules.names.NameRefused: A name needs at least one letter, digit or sign you can see
    """
    if not isinstance(text, str):
        raise NameRefused(N_("Every player needs a name"), field=field)
    name = " ".join(unicodedata.normalize("NFKC", text).split())
    if not name:
        if field == "players":
            raise NameRefused(N_("Every player needs a name"), field=field)
        raise NameRefused(N_("A name cannot be empty"), field=field)
    if not visible(name):
        raise NameRefused(
            N_("A name needs at least one letter, digit or sign you can see"), field=field
        )
    hidden = hidden_character(name)
    if hidden is not None:
        # Blank to the eye, or changing how the rest is shown (rules/text.py).
        raise NameRefused(
            N_("“{name}” has an invisible character (U+{code})"),
            name=shown(name),
            code=f"{ord(hidden):04X}",
            field=field,
        )
    if len(name) > longest:
        raise NameRefused(
            N_("“{name}…” is too long: a name has at most {limit} characters"),
            name=name[:12],
            limit=longest,
            field=field,
        )
    return name


def name_key(text: str) -> str:
    """What two names are compared by: case and width set aside (NFKC, then case folded,
    then NFKC again, as Unicode's NFKC_Casefold). ``text`` is a readable name."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", text).casefold())
