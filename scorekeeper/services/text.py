"""Text people type, as a database can keep it and a table can read it: the one place
where forms' and the API's free text, names and imports are checked (the rules
themselves are in ``rules/text.py`` and ``rules/names.py``)."""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Iterable
from functools import cache, lru_cache
from importlib.resources import files

from ..i18n import N_
from ..rules import text as rules_text
from .errors import PlayerError, Sentence


def plain_text(text: str, lines: bool = True) -> bool:
    """Text a person typed that a database can keep and a reader sees as it is: no
    control characters, nothing invisible or reordering (``rules.text.hidden_character``:
    the right-to-left override U+202E, a zero-width space U+200B, an isolate U+2066 …).
    ``lines``: line breaks and tabs allowed (a note)."""
    return storable(text) and rules_text.hidden_character(text, lines=lines) is None


def storable(text: str) -> bool:
    """Text a database (and a password hash) can take: no NUL, no lone surrogate."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return "\x00" not in text


def check_free_text(text: str, field: str, label: str, lines: bool = False) -> str:
    """``text`` as typed in a free-text field (a night's place or note, a token's name),
    or :class:`PlayerError` on ``field`` saying which field holds what nobody can see.
    ``label``: the field's name as the page says it (``N_()``), translated with the
    refusal."""
    if not storable(text):
        raise PlayerError(N_("%(label)s cannot hold that character"), field, label=Sentence(label))
    hidden = rules_text.hidden_character(text, lines=lines)
    if hidden is not None:
        raise PlayerError(
            N_("%(label)s has an invisible character (U+%(code)s): type it again without it"),
            field,
            label=Sentence(label),
            code=f"{ord(hidden):04X}",
        )
    return text


# -- names that look the same ---------------------------------------------------------


def look_alike(name: str, others: Iterable[str]) -> str | None:
    """The first of ``others`` that a reader would take for ``name`` (UTS #39's
    confusable skeletons: Cyrillic ``аna`` and Latin ``ana``), or None."""
    return rules_text.look_alike(name, others, shape)


@lru_cache(maxsize=4096)
def shape(name: str) -> str:
    """A name's skeleton, kept for the names a night compares again and again."""
    return rules_text.skeleton(name, prototypes())


@cache
def prototypes() -> dict[str, str]:
    """Unicode's table of look-alike characters (confusables.txt), each character to the
    one it is drawn like, as the ``confusable-homoglyphs`` package ships it. Read on the
    first name compared (some 0.1 s), then kept: about 5,000 entries.

    The package lists each pair both ways (for its own search); a skeleton needs the
    one direction Unicode gives. Unicode's table maps every source character to one
    prototype and never maps a prototype further, so the direction shows: a character
    with several look-alikes, or a sequence of several characters, is a prototype; a
    character listed once beside a prototype is its source. For a pair that says no more
    (two characters, each listed once with the other), either direction compares names
    alike, unless one of them is part of a longer prototype (``rn`` for ``m``): that
    one is the prototype; else the lower code point is taken.
    """
    data = files("confusable_homoglyphs").joinpath("confusables.json").read_text("utf-8")
    pairs: dict[str, list[dict[str, str]]] = json.loads(data)
    in_sequences = {
        ch
        for key, seen in pairs.items()
        for text in (key, *(s["c"] for s in seen))
        if len(text) > 1
        for ch in text
    }
    table: dict[str, str] = {}
    for source, seen in pairs.items():
        if len(source) != 1 or len(seen) != 1:
            continue  # a sequence, or a character with several look-alikes: a prototype
        target = seen[0]["c"]
        if len(target) == 1 and len(pairs.get(target, ())) == 1:
            # A pair that says no more: which one is the prototype is chosen.
            if source in in_sequences and target not in in_sequences:
                continue
            if not (target in in_sequences and source not in in_sequences) and target > source:
                continue
        table[source] = unicodedata.normalize("NFD", target)
    # Unicode's prototypes are themselves final; decomposition can bring out one that is
    # not (ǆ is d and ž, whose ž decomposes to z and a caron): map until nothing changes.
    for _ in range(3):
        table = {
            source: rules_text.skeleton(target, table)
            if len(target) > 1 or target in table
            else target
            for source, target in table.items()
        }
    return table
