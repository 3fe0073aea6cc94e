"""Names people can read: kept in NFKC with spaces tidied, refused when they hold what
nobody can see, compared with case and width set aside."""

from __future__ import annotations

import pytest

from scorekeeper.rules.names import NameRefused, name_key, readable_name

KEPT = [
    ("Ana", "Ana"),
    ("  Ana   Lúcia ", "Ana Lúcia"),
    ("Ａｎａ", "Ana"),  # full-width letters
    ("ﬁona", "fiona"),  # a ligature
    ("Sio\u0302n", "Siôn"),  # a combining accent, composed
    ("Νίκος", "Νίκος"),
    ("सीता", "सीता"),
    ("क्\u200dष", "क्\u200dष"),  # a joiner Devanagari needs, between two letters
    ("مِی\u200cخواهم", "مِی\u200cخواهم"),  # a non-joiner Persian needs
    ("Ana\u00a0Lúcia", "Ana Lúcia"),  # a no-break space
    ("🂡 Ace", "🂡 Ace"),
    ("x" * 40, "x" * 40),
    ("ana\nben", "ana ben"),  # line breaks and tabs are spaces like any other
    ("a\u2028b\tc", "a b c"),
]


@pytest.mark.parametrize(("typed", "kept"), KEPT, ids=[repr(t) for t, _ in KEPT])
def test_a_readable_name_is_kept_in_its_usual_form(typed: str, kept: str) -> None:
    assert readable_name(typed) == kept


REFUSED = [
    ("", "A name cannot be empty"),
    ("   ", "A name cannot be empty"),
    ("\u2060", "A name needs at least one letter, digit or sign you can see"),
    ("admin\u202e", "“admin” has an invisible character (U+202E)"),
    ("an\u200ba", "“ana” has an invisible character (U+200B)"),
    ("\ufeffana", "“ana” has an invisible character (U+FEFF)"),
    ("ana\u200d", "“ana” has an invisible character (U+200D)"),
    ("\u200d\u200c", "A name needs at least one letter, digit or sign you can see"),
    ("ana\x00", "“ana” has an invisible character (U+0000)"),
    ("ana\x1bben", "“anaben” has an invisible character (U+001B)"),
    ("\ue000", "A name needs at least one letter, digit or sign you can see"),
    ("\U000e0041", "A name needs at least one letter, digit or sign you can see"),
    ("\u0301\u0301", "A name needs at least one letter, digit or sign you can see"),
    ("x" * 41, "“xxxxxxxxxxxx…” is too long: a name has at most 40 characters"),
    ("ｘ" * 41, "“xxxxxxxxxxxx…” is too long: a name has at most 40 characters"),
]


@pytest.mark.parametrize(("typed", "message"), REFUSED, ids=[repr(t)[:20] for t, _ in REFUSED])
def test_a_name_nobody_can_read_is_refused_saying_why(typed: str, message: str) -> None:
    with pytest.raises(NameRefused) as refused:
        readable_name(typed, field="username")
    assert str(refused.value) == message
    assert refused.value.field == "username"


def test_a_table_without_a_name_says_so_in_the_tables_words() -> None:
    with pytest.raises(NameRefused, match="Every player needs a name"):
        readable_name(" ", field="players")


SAME = [
    ("admin", "ADMIN"),
    ("admin", "ａｄｍｉｎ"),
    ("Straße", "STRASSE"),
    ("Νίκος", "ΝΊΚΟΣ"),
    ("ﬁona", "Fiona"),
]


@pytest.mark.parametrize(("one", "other"), SAME, ids=[f"{a}={b}" for a, b in SAME])
def test_names_are_the_same_whatever_their_case_and_width(one: str, other: str) -> None:
    assert name_key(readable_name(one)) == name_key(readable_name(other))


def test_different_names_have_different_keys() -> None:
    assert name_key("ana") != name_key("anna")
    assert name_key("Siôn") != name_key("Sion")
