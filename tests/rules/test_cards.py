"""Cards as the scoresheet writes them (RULES.md, Wizard › Deck and players)."""

from __future__ import annotations

import pytest

from scorekeeper.rules.cards import Card, Rank, Special, Suit
from scorekeeper.rules.errors import CardError, RuleError

# -- reading a card ------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "rank", "suit", "written"),
    [
        ("Qh", Rank.QUEEN, Suit.HEARTS, "qh"),
        ("qs", Rank.QUEEN, Suit.SPADES, "qs"),
        ("QS", Rank.QUEEN, Suit.SPADES, "qs"),
        ("10h", Rank.TEN, Suit.HEARTS, "10h"),
        ("10S", Rank.TEN, Suit.SPADES, "10s"),
        ("2c", Rank.TWO, Suit.CLUBS, "2c"),
        ("9d", Rank.NINE, Suit.DIAMONDS, "9d"),
        ("jD", Rank.JACK, Suit.DIAMONDS, "jd"),
        ("Kc", Rank.KING, Suit.CLUBS, "kc"),
        ("AS", Rank.ACE, Suit.SPADES, "as"),
        ("  7h  ", Rank.SEVEN, Suit.HEARTS, "7h"),
    ],
    ids=[
        "queen-of-hearts",
        "lower-case",
        "upper-case",
        "ten",
        "ten-upper-case",
        "lowest-card",
        "nine",
        "mixed-case-jack",
        "king",
        "ace-upper-case",
        "spaces-around",
    ],
)
def test_a_suited_card_is_read_in_any_case(text, rank, suit, written):
    card = Card.parse(text)
    assert (card.rank, card.suit, card.special) == (rank, suit, None)
    assert str(card) == written


@pytest.mark.parametrize(
    ("text", "special"),
    [
        ("wizard", Special.WIZARD),
        ("Wizard", Special.WIZARD),
        ("WIZARD", Special.WIZARD),
        ("jester", Special.JESTER),
        ("Jester", Special.JESTER),
        ("joker", Special.JOKER),
        (" JOKER ", Special.JOKER),
    ],
    ids=[
        "wizard",
        "wizard-capital",
        "wizard-shouted",
        "jester",
        "jester-capital",
        "joker",
        "joker-spaces",
    ],
)
def test_a_special_card_is_read_by_its_name(text, special):
    card = Card.parse(text)
    assert (card.rank, card.suit, card.special) == (None, None, special)
    assert str(card) == special.value


@pytest.mark.parametrize(
    ("text", "is_wizard", "is_jester", "is_joker"),
    [
        ("wizard", True, False, False),
        ("jester", False, True, False),
        ("joker", False, False, True),
        ("as", False, False, False),
    ],
    ids=["wizard", "jester", "joker", "suited"],
)
def test_what_kind_of_card(text, is_wizard, is_jester, is_joker):
    card = Card.parse(text)
    assert (card.is_wizard, card.is_jester, card.is_joker) == (is_wizard, is_jester, is_joker)


def _whole_deck_and_joker() -> list[Card]:
    suited = [Card(rank=rank, suit=suit) for suit in Suit for rank in Rank]
    return [*suited, *(Card(special=special) for special in Special)]


def test_the_deck_has_52_suited_cards_and_ten_specials():
    """Wizard, Jester, Joker, and the seven anniversary cards of Wizard."""
    cards = _whole_deck_and_joker()
    assert len(cards) == 52 + 3 + 7
    assert len({str(card) for card in cards}) == len(cards)


@pytest.mark.parametrize("card", _whole_deck_and_joker(), ids=str)
def test_every_card_reads_back_what_it_writes(card):
    assert Card.parse(str(card)) == card
    assert Card.parse(str(card).upper()) == card


@pytest.mark.parametrize(
    ("text", "label"),
    [
        ("qh", "Q♥"),
        ("10s", "10♠"),
        ("2d", "2♦"),
        ("ac", "A♣"),
        ("wizard", "Wizard"),
        ("jester", "Jester"),
        ("joker", "Joker"),
    ],
    ids=[
        "queen-of-hearts",
        "ten-of-spades",
        "two-of-diamonds",
        "ace-of-clubs",
        "wizard",
        "jester",
        "joker",
    ],
)
def test_the_label_is_how_a_person_writes_the_card(text, label):
    assert Card.parse(text).label == label


# -- cards that cannot be read -------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "h",
        "10",
        "1h",
        "11h",
        "0s",
        "1s",
        "qx",
        "h10",
        "10hh",
        "q h",
        "Th",
        "wiz",
        "wizards",
        "queen of hearts",
        "Q♥",
        "７h",
        None,
        10,
        10.0,
        b"qh",
        ["qh"],
    ],
    ids=[
        "empty",
        "blank",
        "suit-only",
        "rank-only",
        "one",
        "eleven",
        "zero",
        "ace-as-one",
        "unknown-suit",
        "suit-first",
        "two-suits",
        "space-inside",
        "t-for-ten",
        "short-wizard",
        "plural",
        "in-words",
        "symbol",
        "full-width-digit",
        "none",
        "int",
        "float",
        "bytes",
        "list",
    ],
)
def test_a_card_that_cannot_be_read_is_refused(text):
    with pytest.raises(CardError) as refused:
        Card.parse(text)
    assert isinstance(refused.value, RuleError)
    assert isinstance(refused.value, ValueError)


def test_a_refused_card_says_how_to_write_one():
    with pytest.raises(CardError) as refused:
        Card.parse("11h")
    assert str(refused.value) == (
        "“11h” is not a card: write a rank and a suit letter, like 10h or qs,"
        " or wizard, jester or joker"
    )


@pytest.mark.parametrize("field", [None, "turned"], ids=["no-field", "turned"])
def test_a_refused_card_names_the_field_it_was_given_for(field):
    with pytest.raises(CardError) as refused:
        Card.parse("zz", field=field)
    assert refused.value.field == field


@pytest.mark.parametrize(
    "arguments",
    [
        {},
        {"rank": Rank.TWO},
        {"suit": Suit.HEARTS},
        {"rank": Rank.TWO, "suit": Suit.HEARTS, "special": Special.WIZARD},
        {"rank": Rank.TWO, "special": Special.JESTER},
        {"suit": Suit.HEARTS, "special": Special.JESTER},
    ],
    ids=[
        "nothing",
        "rank-only",
        "suit-only",
        "suited-and-special",
        "rank-and-special",
        "suit-and-special",
    ],
)
def test_a_card_is_either_suited_or_special(arguments):
    with pytest.raises(ValueError, match="either a rank and a suit or a special card"):
        Card(**arguments)


# -- suits and ranks -----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "suit"),
    [
        ("hearts", Suit.HEARTS),
        ("HEARTS", Suit.HEARTS),
        (" Spades ", Suit.SPADES),
        ("h", Suit.HEARTS),
        ("C", Suit.CLUBS),
        ("d", Suit.DIAMONDS),
        ("♥", Suit.HEARTS),
        ("♠", Suit.SPADES),
        ("♦", Suit.DIAMONDS),
        ("♣", Suit.CLUBS),
    ],
    ids=[
        "word",
        "word-upper-case",
        "word-spaces",
        "letter",
        "letter-upper-case",
        "diamonds-letter",
        "hearts-symbol",
        "spades-symbol",
        "diamonds-symbol",
        "clubs-symbol",
    ],
)
def test_a_suit_is_read_from_its_word_letter_or_symbol(text, suit):
    assert Suit.parse(text) is suit


@pytest.mark.parametrize(
    "text",
    ["", "heart", "none", "x", "trumps", "♡", None, 1],
    ids=[
        "empty",
        "singular",
        "no-trump",
        "unknown-letter",
        "trumps",
        "white-heart",
        "none",
        "number",
    ],
)
def test_a_suit_that_cannot_be_read_is_refused_as_a_trump(text):
    with pytest.raises(CardError) as refused:
        Suit.parse(text)
    assert refused.value.field == "trump"
    assert str(refused.value) == f"{text!r} is not a suit"


@pytest.mark.parametrize(
    ("suit", "word", "symbol", "is_red"),
    [
        (Suit.CLUBS, "clubs", "♣", False),
        (Suit.DIAMONDS, "diamonds", "♦", True),
        (Suit.HEARTS, "hearts", "♥", True),
        (Suit.SPADES, "spades", "♠", False),
    ],
    ids=["clubs", "diamonds", "hearts", "spades"],
)
def test_each_suit_has_a_word_a_symbol_and_a_colour(suit, word, symbol, is_red):
    assert (suit.word, suit.symbol, suit.is_red) == (word, symbol, is_red)


@pytest.mark.parametrize(
    ("rank", "letter"),
    [
        (Rank.TWO, "2"),
        (Rank.NINE, "9"),
        (Rank.TEN, "10"),
        (Rank.JACK, "J"),
        (Rank.QUEEN, "Q"),
        (Rank.KING, "K"),
        (Rank.ACE, "A"),
    ],
    ids=["two", "nine", "ten", "jack", "queen", "king", "ace"],
)
def test_each_rank_has_a_letter(rank, letter):
    assert rank.letter == letter


def test_ranks_go_from_two_low_to_ace_high():
    assert sorted(Rank) == list(Rank)
    assert min(Rank) is Rank.TWO
    assert max(Rank) is Rank.ACE
