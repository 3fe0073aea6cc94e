"""Names people can read: a player's or an account's name as it is kept and compared.

A name is kept in Unicode's compatibility form (NFKC: a full-width ``ａｎａ`` is ``ana``,
a ligature ``ﬁ`` is ``fi``), its spaces tidied, and refused when it holds what nobody can
see or what changes how the rest is shown: control characters, invisible formatting
characters (a word joiner U+2060, zero-width spaces, a right-to-left override U+202E
that shows ``admin\u202enimda`` backwards), private or unassigned code points. The
zero-width joiner and non-joiner are the exceptions where a script needs them: between
two letters (Devanagari's half forms, Persian's joins).

Two names are the same name when their keys are equal: case and width set aside.

>>> readable_name("  Ａｎａ   Lúcia ")
'Ana Lúcia'
>>> name_key("ANA") == name_key("ａｎａ") == name_key("Ana")
True
>>> readable_name("admin\u202e")
Traceback (most recent call last):
...
scorekeeper.rules.names.NameRefused: A name cannot hold invisible or control characters (U+202E)
"""

from __future__ import annotations

import unicodedata

from .errors import N_, PlayerError

MAX_NAME_LENGTH = 40

# Invisible joiners that some scripts need between two letters (ZWNJ, ZWJ).
JOINERS = frozenset("\u200c\u200d")
# Categories nobody reads: control, format, surrogate, private use, unassigned, and the
# line and paragraph separators.
UNREADABLE = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
# A name needs at least one character of these: a letter, a digit, a sign.
VISIBLE = frozenset("LNPS")


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
    scorekeeper.rules.names.NameRefused: A name cannot hold invisible or control characters (U+2060)
    """
    if not isinstance(text, str):
        raise NameRefused(N_("Every player needs a name"), field=field)
    name = " ".join(unicodedata.normalize("NFKC", text).split())
    for index, ch in enumerate(name):
        if unicodedata.category(ch) in UNREADABLE and not _joining(name, index):
            raise NameRefused(
                N_("A name cannot hold invisible or control characters (U+{code})"),
                code=f"{ord(ch):04X}",
                field=field,
            )
    if not name:
        if field == "players":
            raise NameRefused(N_("Every player needs a name"), field=field)
        raise NameRefused(N_("A name cannot be empty"), field=field)
    if not any(unicodedata.category(ch)[0] in VISIBLE for ch in name):
        raise NameRefused(
            N_("A name needs at least one letter, digit or sign you can see"), field=field
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


def _joining(name: str, index: int) -> bool:
    """A joiner between two letters or marks, where a script needs one."""
    if name[index] not in JOINERS or index == 0 or index == len(name) - 1:
        return False
    before, after = (unicodedata.category(name[i])[0] for i in (index - 1, index + 1))
    return before in "LM" and after in "LM"
