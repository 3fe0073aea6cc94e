"""Players' names made short where room is short, always still telling them apart."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

ELLIPSIS = "…"

ZWJ, ZWNJ = "\u200d", "\u200c"
REGIONAL_INDICATORS = range(0x1F1E6, 0x1F200)
SKIN_TONES = range(0x1F3FB, 0x1F400)


def graphemes(text: str) -> list[str]:
    """``text`` cut into what a reader takes for one letter each (extended grapheme
    clusters, as far as the scripts of players' names need): a letter with its combining
    marks and vowel signs, a consonant joined to the next by a virama (a Devanagari
    conjunct), either side of a zero-width joiner or non-joiner, a pair of flag letters.

    >>> graphemes("ज्ञानेन्द्र")
    ['ज्ञा', 'ने', 'न्द्र']
    >>> [len(letter) for letter in graphemes("Sio\u0302n Νι\u0301κος")]
    [1, 1, 2, 1, 1, 1, 2, 1, 1, 1]
    >>> graphemes("👩\u200d👩\u200d👧 🇳🇵")
    ['👩\u200d👩\u200d👧', ' ', '🇳🇵']
    """
    letters: list[str] = []
    for char in text:
        if letters and _continues(letters[-1], char):
            letters[-1] += char
        else:
            letters.append(char)
    return letters


def _continues(letter: str, char: str) -> bool:
    """Whether ``char`` belongs to the letter so far (Unicode's UAX #29, the rules that
    matter for names: GB9, GB9a, GB9c, GB11 and GB12, simplified)."""
    if char in (ZWJ, ZWNJ) or unicodedata.category(char) in ("Mn", "Mc", "Me"):
        return True  # a mark, a vowel sign, a joiner
    if ord(char) in SKIN_TONES:
        return True
    last = letter[-1]
    if last == ZWJ:
        return True  # a joined conjunct, or one picture of several (a family)
    if unicodedata.combining(last) == 9 and unicodedata.category(char) == "Lo":
        return True  # a virama: the next consonant is half of one conjunct
    return (
        ord(char) in REGIONAL_INDICATORS
        and ord(letter[0]) in REGIONAL_INDICATORS
        and len(letter) == 1
    )


def distinct_prefix(name: str, others: Sequence[str], limit: int) -> str:
    """``name`` in at most ``limit`` characters where that still tells it from every name
    in ``others``; else the shortest start of it that no other name shares. An ellipsis
    marks what is left out.

    >>> distinct_prefix("Christopher", ["Christina", "Ana"], 5)
    'Christo…'
    >>> distinct_prefix("Christina", ["Christopher", "Ana"], 5)
    'Christi…'
    >>> distinct_prefix("Bartholomew", ["Ana"], 5), distinct_prefix("Ana", ["Bartholomew"], 5)
    ('Bart…', 'Ana')
    >>> distinct_prefix("Christine", ["Christina"], 5)  # shorter would say no more
    'Christine'

    A letter is what a reader sees as one (:func:`graphemes`): a conjunct or a vowel sign
    is never cut off its consonant.

    >>> distinct_prefix("ज्ञानेन्द्र बहादुर", ["सीता"], 4)
    'ज्ञानेन्द्र…'
    >>> distinct_prefix("ज्ञानेन्द्र बहादुर", ["ज्ञानु"], 3)
    'ज्ञाने…'
    """
    letters = graphemes(name)
    if len(letters) <= limit:
        return name
    keep = _distinct_start(letters, [graphemes(o) for o in others if o != name], limit)
    if keep + len(ELLIPSIS) >= len(letters):
        return name
    return "".join(letters[:keep]).rstrip() + ELLIPSIS


def _distinct_start(letters: list[str], rivals: list[list[str]], limit: int) -> int:
    """How many of ``letters`` to keep, at least what ``limit`` leaves beside an
    ellipsis, for a start that no rival shares."""
    keep = max(limit - len(ELLIPSIS), 1)
    while keep < len(letters) and any(rival[:keep] == letters[:keep] for rival in rivals):
        keep += 1
    return keep


def distinct_within(name: str, others: Sequence[str], limit: int) -> str:
    """``name`` in at most ``limit`` characters (for a column that cannot grow), telling
    it from ``others`` where the start alone cannot: the start, an ellipsis, and as much
    of the end as it takes.

    >>> pair = ["Christopher", "Christina"]
    >>> distinct_within(pair[0], pair, 6), distinct_within(pair[1], pair, 6)
    ('Chri…r', 'Chri…a')
    >>> distinct_within("Bartholomew", ["Ana"], 6)
    'Barth…'
    >>> distinct_within("Christopher", ["Christophe"], 6), distinct_within("Ana", ["Anabel"], 6)
    ('Chri…r', 'Ana')

    A letter is what a reader sees as one: a conjunct, a vowel sign, an accent written as
    a combining mark stay whole.

    >>> distinct_within("ज्ञानेन्द्र बहादुर", ["सीता"], 4)
    'ज्ञानेन्द्र…'
    >>> distinct_within("Ffio\u0301na", [], 5) == "Ffio\u0301…"
    True
    >>> distinct_within("Ευτυχι\u0301α Λι\u0301νου", ["Ευτυχι\u0301α Λα\u0301μπρου"], 10)
    'Ευτυχι\u0301…νου'
    """
    # Cut between letters as a reader sees them, never inside one (graphemes).
    letters = graphemes(name)
    if len(letters) <= limit:
        return name
    rivals = [graphemes(other) for other in others if other != name]
    keep = _distinct_start(letters, rivals, limit)
    if keep + len(ELLIPSIS) < len(letters):  # else the start says no less than the whole
        short = [*graphemes("".join(letters[:keep]).rstrip()), ELLIPSIS]
        if len(short) <= limit:
            return "".join(short)
    for tail in range(1, limit - 1):
        head = limit - len(ELLIPSIS) - tail
        candidate = _squeezed(letters, head, tail)
        if not any(_squeezed(rival, head, tail) == candidate for rival in rivals):
            return candidate
    return "".join(letters[: limit - len(ELLIPSIS)]) + ELLIPSIS


def _squeezed(letters: list[str], head: int, tail: int) -> str:
    if len(letters) <= head + tail + len(ELLIPSIS):
        return "".join(letters)
    return "".join(letters[:head]) + ELLIPSIS + "".join(letters[-tail:])


def short_names(names: Sequence[str], limit: int) -> list[str]:
    """Each name as :func:`distinct_prefix` shortens it among the others.

    >>> short_names(["Christopher", "Christina", "Ana"], 5)
    ['Christo…', 'Christi…', 'Ana']
    """
    return [distinct_prefix(name, names, limit) for name in names]


# Characters a board's column heading shows on a phone, by the number of players.
BOARD_LIMITS = {2: 16, 3: 12, 4: 9, 5: 7, 6: 5}


def board_names(names: Sequence[str]) -> list[str]:
    """The players' names as a scoreboard's narrow columns head them on a phone."""
    return short_names(names, BOARD_LIMITS.get(len(names), 5))
