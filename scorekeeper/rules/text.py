"""Text a table can read: what may not hide in a name or a note, and when two names look
the same. Standard library only; the table of look-alike letters is given by the caller
(``services.text`` reads Unicode's, as the ``confusable-homoglyphs`` package ships it).

Hidden is whatever a reader cannot see, or what changes how the rest is shown: control
and formatting characters (a right-to-left override U+202E shows ``admin\u202enimda``
backwards; a zero-width space U+200B, a word joiner U+2060 show nothing), every
code point Unicode says to leave unseen (Default_Ignorable_Code_Point: the Hangul
fillers U+3164 and U+FFA0, the combining grapheme joiner U+034F, Khmer's inherent vowels
U+17B4 and U+17B5, the variation selectors …), the blank Braille cell U+2800, and a
combining mark with no letter to sit on. Some of these are needed where scripts and
emoji join, and are kept there:

- a zero-width non-joiner or joiner between two letters (Devanagari's half forms,
  Persian's joins), and a joiner between two pictures (the family 👩‍👩‍👧, the rainbow
  flag 🏳️‍🌈);
- a variation selector right after what it varies (❤️, the keycap 1️⃣);
- the tag letters of a flag such as Wales' 🏴󠁧󠁢󠁷󠁬󠁳󠁿.

>>> hidden_character("Ana\u3164"), hidden_character("Ana\u2800"), hidden_character("\ufe0f")
('\u3164', '\u2800', '\ufe0f')
>>> hidden_character("👩\u200d👩\u200d👧"), hidden_character("ज्ञानेन्द्र"), hidden_character("❤\ufe0f")
(None, None, None)

Two names look the same when their skeletons are equal (Unicode's UTS #39: decomposed,
the ignorable characters dropped, each letter replaced by the one it is drawn like), so
Cyrillic ``аna`` looks like Latin ``ana``:

>>> table = {"\u0430": "a"}  # CYRILLIC SMALL LETTER A is drawn like LATIN SMALL LETTER A
>>> look_alike("\u0430na", ["Bea", "ana"], lambda name: skeleton(name, table))
'ana'
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping
from itertools import chain

# Default_Ignorable_Code_Point (DerivedCoreProperties.txt, Unicode 15): drawn as nothing.
DEFAULT_IGNORABLE = (
    (0x00AD, 0x00AD),
    (0x034F, 0x034F),
    (0x061C, 0x061C),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2060, 0x206F),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFF8),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)
# Drawn blank, though not ignorable: the empty Braille cell (and the Hangul fillers, which
# are both).
BLANK = frozenset("\u2800\u3164\u115f\u1160\uffa0")
ZWNJ, ZWJ = "\u200c", "\u200d"
VARIATION_SELECTORS = ((0xFE00, 0xFE0F), (0xE0100, 0xE01EF))
# Categories nobody reads: control, format, surrogate, private use, unassigned, and the
# line and paragraph separators.
UNREADABLE = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
# An emoji tag sequence: the black flag, tag letters, the cancel tag (🏴󠁧󠁢󠁷󠁬󠁳󠁿 Wales).
_FLAG_TAGS = re.compile("\U0001f3f4([\U000e0020-\U000e007e]+\U000e007f)")
# Where a line break may stand (a note's lines), and nowhere else.
LINE_BREAKS = frozenset("\n\r\t")


def _within(code: int, ranges: Iterable[tuple[int, int]]) -> bool:
    return any(low <= code <= high for low, high in ranges)


def default_ignorable(ch: str) -> bool:
    """Whether Unicode draws ``ch`` as nothing (Default_Ignorable_Code_Point).

    >>> [default_ignorable(ch) for ch in "a\u200b\u3164\U000e0067 "]
    [False, True, True, True, False]
    """
    return _within(ord(ch), DEFAULT_IGNORABLE)


def hidden_character(text: str, lines: bool = False) -> str | None:
    """The first character of ``text`` a reader cannot see or that changes how the rest
    is shown, where nothing needs it; None when there is none. ``lines``: line breaks
    and tabs are part of the text (a note).

    >>> hidden_character("Siân"), hidden_character("ab\u202ecd"), hidden_character("\u0301a")
    (None, '\u202e', '\u0301')
    >>> hidden_character("one\\ntwo"), hidden_character("one\\ntwo", lines=True)
    ('\\n', None)
    """
    tags = set(chain.from_iterable(range(*match.span(1)) for match in _FLAG_TAGS.finditer(text)))
    for index, ch in enumerate(text):
        if lines and ch in LINE_BREAKS:
            continue
        before = text[index - 1] if index else ""
        after = text[index + 1] if index + 1 < len(text) else ""
        if ch in BLANK:
            return ch
        if ch in (ZWJ, ZWNJ):
            if not _joins(ch, before, after):
                return ch
        elif _within(ord(ch), VARIATION_SELECTORS):
            if not before or unicodedata.category(before)[0] not in "LNPS":
                return ch
        elif index in tags:
            continue
        elif default_ignorable(ch) or unicodedata.category(ch) in UNREADABLE:
            return ch
        elif unicodedata.category(ch)[0] == "M" and (
            not before or before.isspace() or before in LINE_BREAKS
        ):
            return ch  # a mark with nothing to sit on
    return None


def _joins(joiner: str, before: str, after: str) -> bool:
    """A joiner where a script or an emoji needs it: between two letters (or a letter's
    marks), or, a zero-width joiner, between two pictures."""
    if not before or not after:
        return False
    was, then = unicodedata.category(before), unicodedata.category(after)
    if was[0] in "LM" and then[0] in "LM":
        return True
    return joiner == ZWJ and was in ("So", "Sk", "Mn", "Me") and then == "So"


def visible(text: str) -> bool:
    """Whether ``text`` shows anything at all: a letter, a digit, a sign.

    >>> visible("\u2800 \u3164"), visible("🙂")
    (False, True)
    """
    return any(
        unicodedata.category(ch)[0] in "LNPS" and ch not in BLANK and not default_ignorable(ch)
        for ch in text
    )


def shown(text: str) -> str:
    """``text`` as a reader sees it: what hides in it left out (to quote it in a refusal).

    >>> shown("Ana\u3164\u202e")
    'Ana'
    """
    return "".join(
        ch
        for ch in text
        if ch not in BLANK
        and not default_ignorable(ch)
        and unicodedata.category(ch) not in UNREADABLE
    )


def skeleton(text: str, prototypes: Mapping[str, str]) -> str:
    """What ``text`` looks like (UTS #39's skeleton): decomposed, the ignorable characters
    dropped (and the blank Braille cell), each character replaced by its prototype,
    decomposed again.

    >>> skeleton("\u0430na\u200d", {"\u0430": "a"})
    'ana'
    """
    shown = (
        ch
        for ch in unicodedata.normalize("NFD", text)
        if not default_ignorable(ch) and ch not in BLANK
    )
    return unicodedata.normalize("NFD", "".join(prototypes.get(ch, ch) for ch in shown))


def look_alike(name: str, others: Iterable[str], shape: Callable[[str], str]) -> str | None:
    """The first of ``others`` that looks like ``name`` but is another name, or None;
    ``shape`` gives a name's skeleton (:func:`skeleton` with a table of look-alikes).

    Two names written in plain ASCII alone are told apart however alike they are
    (``Amie`` and ``Arnie``, ``Ian`` and ``lan``): they were typed that way on purpose,
    on a keyboard that offers nothing else. Exactly the same name is not a look-alike
    (the caller decides what a repeat means).

    >>> def shape(name): return skeleton(name, {"m": "rn", "\u217f": "rn"})
    >>> look_alike("Amie", ["Arnie"], shape) is None
    True
    >>> look_alike("A\u217fie", ["Arnie"], shape)  # ⅿ, a Roman numeral: compared
    'Arnie'
    """
    own = shape(name)
    for other in others:
        if other == name or (name.isascii() and other.isascii()):
            continue
        if shape(other) == own:
            return other
    return None
