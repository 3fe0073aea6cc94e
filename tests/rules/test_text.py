"""Text a table can read: names blank to the eye, hidden formatting, and names that look
the same (Unicode's skeletons), while every script's and every emoji's joins still work."""

from __future__ import annotations

import unicodedata

import pytest

from scorekeeper.rules.names import NameRefused, readable_name
from scorekeeper.rules.text import hidden_character, look_alike, shown, skeleton, visible

KEPT = [
    ("Siân Llŷr", "Welsh"),
    ("Ffion ap Dafydd", "Welsh, no accents"),
    ("IJsbrand van 't Hof", "Dutch"),
    ("Νίκος Παπαδόπουλος", "Greek"),
    ("Ευτυχία", "Greek, an accent"),
    ("ज्ञानेन्द्र बहादुर", "Nepali: a conjunct and vowel signs"),
    ("श्रेया श्रेष्ठ", "Nepali: Shreya Shrestha"),
    ("क्\u200dष", "Devanagari: a joiner between two letters"),
    ("अर्\u200dजुन", "Nepali: Arjun with an eyelash ra (ZWJ)"),
    ("सन्\u200cतोष", "Nepali: Santosh with a non-joiner"),
    ("مِی\u200cخواهم", "Persian: a non-joiner"),
    ("👩\u200d👩\u200d👧", "a family: pictures joined"),
    ("👍🏽 Ana", "a skin tone"),
    ("🏳\ufe0f\u200d🌈", "the rainbow flag: a selector, then a joiner"),
    ("❤\ufe0f Bea", "a heart drawn as an emoji"),
    ("1\ufe0f\u20e3 Cai", "a keycap"),
    ("🏴\U000e0067\U000e0062\U000e0077\U000e006c\U000e0073\U000e007f Dai", "the flag of Wales"),
    ("🇳🇵 Sita", "a flag of two letters"),
]


@pytest.mark.parametrize(("name", "why"), KEPT, ids=[why for _, why in KEPT])
def test_names_in_every_language_and_emoji_are_kept(name: str, why: str) -> None:
    assert hidden_character(name) is None
    assert readable_name(name) == name


REFUSED = [
    ("\u3164", "a Hangul filler alone"),
    ("\u2800", "a blank Braille cell alone"),
    ("\u115f", "a Hangul choseong filler alone"),
    ("\u1160\u1160", "two Hangul jungseong fillers"),
    ("\uffa0", "a half-width Hangul filler"),
    ("\u3164\u2800\u115f", "three blanks"),
    ("\u034f", "a combining grapheme joiner"),
    ("\u17b5", "a Khmer inherent vowel"),
    ("\ufe0f", "a lone variation selector"),
    ("\u0301", "a lone combining accent"),
]


@pytest.mark.parametrize(("name", "why"), REFUSED, ids=[why for _, why in REFUSED])
def test_a_name_blank_to_the_eye_is_refused(name: str, why: str) -> None:
    assert not visible(name) or hidden_character(name) is not None
    with pytest.raises(NameRefused) as refused:
        readable_name(name, field="players")
    assert str(refused.value) == "A name needs at least one letter, digit or sign you can see"


HIDDEN = [
    ("Ana\u3164", "\u3164"),
    ("Ana\u2800", "\u2800"),
    ("Ana\u034f", "\u034f"),
    ("Ana \u0301", "\u0301"),  # a mark with no letter under it
    ("An\u17b5a", "\u17b5"),
    ("Ana \ufe0f", "\ufe0f"),
    ("\ufe0fAna", "\ufe0f"),
    ("Ana\u00ad", "\u00ad"),  # a soft hyphen
    ("Ana\u061c", "\u061c"),  # the Arabic letter mark
    ("Ana\u180e", "\u180e"),
    ("\U000e0067Ana", "\U000e0067"),  # a tag letter outside a flag
    ("🏴\U000e0067\U000e0062 Ana", "\U000e0067"),  # a flag's tags never closed
]


@pytest.mark.parametrize(("name", "hidden"), HIDDEN, ids=[repr(n) for n, _ in HIDDEN])
def test_an_invisible_character_in_a_name_is_named(name: str, hidden: str) -> None:
    assert hidden_character(name) == hidden
    with pytest.raises(NameRefused) as refused:
        readable_name(name, field="players")
    kept = unicodedata.normalize("NFKC", name)
    code = ord(hidden_character(kept) or "")
    assert str(refused.value) == f"“{shown(kept)}” has an invisible character (U+{code:04X})"
    assert "Ana" in shown(kept)


FORMATTING = [chr(c) for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A))] + [
    chr(c) for c in (*range(0x200B, 0x2010), *range(0x2060, 0x2065), 0xFEFF)
]


@pytest.mark.parametrize("mark", FORMATTING, ids=[f"U+{ord(m):04X}" for m in FORMATTING])
def test_direction_and_invisible_formatting_is_refused_in_free_text(mark: str) -> None:
    assert hidden_character(f"The pub{mark} on the corner") == mark
    assert hidden_character(f"line one\n{mark}line two", lines=True) == mark


def test_a_note_keeps_its_lines_and_its_scripts() -> None:
    note = "Ana won 🎉\nनेपाली: ज्ञानेन्द्र\n\tΕυτυχία; 👩\u200d👩\u200d👧"
    assert hidden_character(note, lines=True) is None
    assert hidden_character(note) == "\n"


LOOK_ALIKE = {"\u0430": "a", "\u04c0": "l", "I": "l", "m": "rn"}


def shape(name: str) -> str:
    return skeleton(name, LOOK_ALIKE)


SAME_LOOK = [
    ("\u0430na", ["ana"], "ana"),  # Cyrillic а
    ("Ana\u3164", ["Ana"], "Ana"),  # an invisible filler is no difference
    ("Ana\u2800", ["Ana"], "Ana"),  # nor a blank Braille cell
    ("An\u200da", ["Ana"], "Ana"),
    ("\u04c0van", ["Ivan"], "Ivan"),  # Cyrillic palochka for a capital I
]


@pytest.mark.parametrize(
    ("name", "others", "like"), SAME_LOOK, ids=[repr(n) for n, *_ in SAME_LOOK]
)
def test_names_with_one_skeleton_look_alike(name: str, others: list[str], like: str) -> None:
    assert look_alike(name, others, shape) == like
    assert look_alike(like, [name], shape) == name


def test_plain_ascii_names_are_told_apart_however_alike() -> None:
    assert skeleton("Amie", LOOK_ALIKE) == skeleton("Arnie", LOOK_ALIKE)
    assert look_alike("Amie", ["Arnie"], shape) is None
    assert look_alike("Ian", ["lan"], shape) is None
    assert look_alike("Ana", ["Ana", "Bea"], shape) is None  # the same name: no look-alike
