"""The referee: who takes a trick and which cards may be played.

RULES.md, Wizard › Play, One Card › Play and Oh Hell › Play, with the decks of the games
(› Deck and players). Every clause of the Play sections has a table row it wins and one it
loses.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.games import PACKAGES, REFEREES
from scorekeeper.games.oh_hell.referee import REFEREE as OH_HELL_REFEREE
from scorekeeper.games.oh_hell.referee import (
    OhHellReferee,
    oh_hell_check_play,
    oh_hell_deck_check,
    oh_hell_trick_winner,
)
from scorekeeper.games.one_card.referee import (
    JOKER_STAND_IN,
    ONE_CARD_RANKS,
    OneCardReferee,
    one_card_check_play,
    one_card_deck_card,
    one_card_deck_check,
    one_card_trick_winner,
)
from scorekeeper.games.wizard.referee import (
    WizardReferee,
    wizard_check_play,
    wizard_deck_check,
    wizard_trick_winner,
)
from scorekeeper.rules.cards import Card, Rank, Special, Suit
from scorekeeper.rules.errors import CardError
from scorekeeper.rules.referee import DOWNTOWN, UPTOWN, PlayVerdict, Referee, TrickRuling

CLUBS, DIAMONDS, HEARTS, SPADES = Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES
WIZARD = REFEREES["wizard"]
ONE_CARD = REFEREES["one_card"]
OH_HELL = OH_HELL_REFEREE


def cards(text: str) -> list[Card]:
    """``"7h wizard 2d"`` → three cards, written as the API writes them."""
    return [Card.parse(part) for part in text.split()]


def assert_names_the_winner(ruling: TrickRuling, plays: list[Card], *, stand_in: bool) -> None:
    """The reason names the winning card; in One Card the 2♦ is named as the Joker it is."""
    winner = plays[ruling.winner]
    if stand_in:
        winner = one_card_deck_card(winner)
    assert winner.label in str(ruling.reason)


# -- Wizard: who takes the trick ----------------------------------------------------
# RULES.md, Wizard › Play: "A trick is won by the first Wizard played in it; if none, by
# the highest trump; if none, by the highest card of the led suit." A Wizard led: the
# leader's Wizard wins. A Jester led: the first non-Jester sets the suit; a Wizard there
# wins; a trick of Jesters only goes to the first Jester.

W_TRICKS = [
    # the first Wizard
    (
        "2h wizard wizard ah",
        HEARTS,
        1,
        "The Wizard wins: the first Wizard played takes the trick, whatever came before it.",
    ),
    ("wizard 3c wizard ac", None, 0, "The Wizard led wins: the first Wizard takes the trick."),
    ("wizard wizard wizard wizard", SPADES, 0, None),
    ("5c ah kh wizard", HEARTS, 3, None),
    ("jester wizard ah 2c", HEARTS, 1, None),
    ("jester jester wizard 9c", CLUBS, 2, None),
    # the highest trump
    ("ks 2h as", HEARTS, 1, "The 2♥ wins: hearts are trump and no Wizard was played."),
    ("3c 4h qh 2h", HEARTS, 2, "The Q♥ wins: hearts are trump and no Wizard was played."),
    ("as ks 2s", SPADES, 0, None),
    ("10d jester 3d 2c", CLUBS, 3, None),
    ("jester 9c 3h", HEARTS, 2, None),
    # the highest card of the suit led
    (
        "9c kc 2c",
        SPADES,
        1,
        "The K♣ wins: it is the highest club, the suit led; no spade was played and no"
        " Wizard was played.",
    ),
    (
        "10d as kd",
        None,
        2,
        "The K♦ wins: it is the highest diamond, the suit led; there is no trump this round"
        " and no Wizard was played.",
    ),
    ("2c ac ad ah as", DIAMONDS, 2, None),
    ("3h ac kc qc 4h", None, 4, None),
    ("7s jester 6s", HEARTS, 0, None),
    ("7h", SPADES, 0, None),
    ("2c 3c 4c 5c 6c 7c", None, 5, None),
    # a Jester led: the first suited card sets the suit
    (
        "jester 5c ad 9c",
        None,
        3,
        "The 9♣ wins: a Jester was led, so the first suited card set clubs to follow; it is"
        " the highest club, with no trump or Wizard played.",
    ),
    ("jester 5c ad 4c", SPADES, 1, None),
    ("jester jester 2c", None, 2, None),
    # every card a Jester
    (
        "jester jester jester",
        HEARTS,
        0,
        "Every card is a Jester, so the first Jester played wins the trick.",
    ),
    ("jester", None, 0, None),
    ("3s jester jester", HEARTS, 0, None),
]
W_TRICK_IDS = [
    "a-second-wizard-does-not-win",
    "wizard-led-wins-over-a-later-wizard",
    "four-wizards-the-leader-wins",
    "wizard-played-last-beats-trumps",
    "wizard-after-a-jester-lead-wins",
    "wizard-after-two-jesters-beats-trump",
    "a-trump-beats-a-higher-card-of-the-suit-led",
    "a-lower-trump-loses-to-a-higher-trump",
    "trump-led-highest-trump",
    "a-trump-played-last-wins",
    "a-trump-wins-after-a-jester-lead",
    "highest-of-the-suit-led-no-trump-played",
    "an-off-suit-higher-card-does-not-win",
    "aces-of-other-suits-lose-to-the-led-suit",
    "a-low-card-of-the-suit-led-beats-off-suit-faces",
    "jesters-never-beat-a-suited-card",
    "a-single-card",
    "six-players",
    "jester-led-first-suited-card-sets-the-suit",
    "jester-led-a-lower-card-of-that-suit-loses",
    "jester-led-a-suited-card-beats-the-jesters",
    "every-card-a-jester-first-jester-wins",
    "a-lone-jester",
    "a-first-jester-does-not-win-against-a-suited-card",
]


@pytest.mark.parametrize(("plays", "trump", "winner", "reason"), W_TRICKS, ids=W_TRICK_IDS)
def test_wizard_trick_winner(plays, trump, winner, reason):
    trick = cards(plays)
    ruling = wizard_trick_winner(trick, trump)
    assert ruling.winner == winner
    if reason is not None:
        assert str(ruling.reason) == reason
    assert_names_the_winner(ruling, trick, stand_in=False)
    assert WIZARD.trick_winner(trick, trump) == ruling


# -- Wizard: may this card be played ------------------------------------------------
# RULES.md, Wizard › Play: "Players must follow the led suit if they can, but may always
# play a Wizard or a Jester instead. A player who cannot follow may play any card." A Wizard
# led: any card. A Jester led: the first non-Jester card sets the suit to follow; if it is a
# Wizard, the rest may play anything.

W_PLAYS = [
    # the first card
    ("", "2h ks", "ks", HEARTS, True, "The first card of a trick may be any card."),
    ("", "jester 2h", "jester", None, True, "A Jester may always be played."),
    # follow the led suit
    ("7s", "2s qh", "2s", HEARTS, True, "The 2♠ follows suit."),
    (
        "7s",
        "2s qh",
        "qh",
        HEARTS,
        False,
        "Spades were led and the hand holds the 2♠: follow suit, or play a Wizard or a Jester.",
    ),
    (
        "7s",
        "3c 2s",
        "3c",
        None,
        False,
        "Spades were led and the hand holds the 2♠: follow suit, or play a Wizard or a Jester.",
    ),
    (
        "3h",
        "qh 2c",
        "2c",
        HEARTS,
        False,
        "Hearts were led and the hand holds the Q♥: follow suit, or play a Wizard or a Jester.",
    ),
    ("7s wizard", "2s qh", "qh", HEARTS, False, None),
    ("7s jester ah", "2s qh", "qh", HEARTS, False, None),
    ("7s wizard", "2s qh", "2s", HEARTS, True, "The 2♠ follows suit."),
    # a Wizard or a Jester, always
    ("7s", "2s wizard", "wizard", HEARTS, True, "A Wizard may always be played."),
    ("7s", "2s jester", "jester", HEARTS, True, "A Jester may always be played."),
    ("jester 5c", "2c jester", "jester", None, True, "A Jester may always be played."),
    # cannot follow: any card
    ("7s", "qh 3c", "qh", HEARTS, True, "No spades in the hand, so any card may be played."),
    ("7s", "qh 3c", "3c", HEARTS, True, "No spades in the hand, so any card may be played."),
    ("7s", "qh wizard", "qh", None, True, "No spades in the hand, so any card may be played."),
    # a Wizard led
    ("wizard", "2s qh", "qh", SPADES, True, "A Wizard was led: the others may play any card."),
    ("wizard 3s", "2s qh", "qh", SPADES, True, "A Wizard was led: the others may play any card."),
    # a Jester led
    (
        "jester 5c",
        "2c ad",
        "ad",
        None,
        False,
        "Clubs were led and the hand holds the 2♣: follow suit, or play a Wizard or a Jester.",
    ),
    ("jester 5c", "2c ad", "2c", None, True, "The 2♣ follows suit."),
    ("jester jester 9h", "ah 2c", "2c", CLUBS, False, None),
    ("jester 5c", "ad 2h", "ad", None, True, "No clubs in the hand, so any card may be played."),
    (
        "jester wizard",
        "2c ad",
        "ad",
        None,
        True,
        "A Wizard came before any suited card: the rest may play any card.",
    ),
    (
        "jester jester wizard",
        "2c ad",
        "2c",
        HEARTS,
        True,
        "A Wizard came before any suited card: the rest may play any card.",
    ),
    (
        "jester jester",
        "2c ad",
        "ad",
        None,
        True,
        "Only Jesters so far: any card may be played, and the first suited card sets the suit"
        " to follow.",
    ),
]
W_PLAY_IDS = [
    "first-card-any-card",
    "first-card-a-jester",
    "follows-suit",
    "must-follow-suit-not-play-trump",
    "must-follow-suit-not-discard",
    "must-follow-a-trump-lead",
    "must-still-follow-after-a-wizard-second",
    "must-still-follow-after-a-jester-second",
    "follows-suit-after-a-wizard-second",
    "wizard-instead-of-following",
    "jester-instead-of-following",
    "jester-instead-of-following-a-jester-lead",
    "cannot-follow-plays-a-trump",
    "cannot-follow-discards",
    "cannot-follow-keeps-the-wizard",
    "wizard-led-any-card",
    "wizard-led-any-card-even-after-a-suited-card",
    "jester-led-first-suited-card-must-be-followed",
    "jester-led-first-suited-card-followed",
    "jester-jester-then-suited-card-must-be-followed",
    "jester-led-cannot-follow-any-card",
    "jester-led-then-wizard-any-card",
    "jesters-then-wizard-any-card",
    "only-jesters-so-far-any-card",
]


@pytest.mark.parametrize(
    ("plays", "hand", "card", "trump", "legal", "reason"), W_PLAYS, ids=W_PLAY_IDS
)
def test_wizard_check_play(plays, hand, card, trump, legal, reason):
    trick, held, tried = cards(plays), cards(hand), Card.parse(card)
    verdict = wizard_check_play(trick, held, tried, trump)
    assert verdict.legal is legal
    if reason is not None:
        assert str(verdict.reason) == reason
    assert WIZARD.check_play(trick, held, tried, trump) == verdict


# -- One Card: who takes the trick --------------------------------------------------
# RULES.md, One Card › Play: "A trick is won by the highest trump in it; if none, by the
# Joker when there is no trump; otherwise by the highest card of the led suit." The Joker
# ranks above every plain card, but is the lowest trump when trumps are called. Uptown: A
# high; downtown: 9 high. The 2♦ stands in for the Joker (› Deck and players).

O_TRICKS = [
    # the highest trump
    (
        "ks 9h ah 10h",
        HEARTS,
        UPTOWN,
        2,
        "The A♥ wins: it is the highest of the hearts, which are trump; uptown, A high.",
    ),
    ("as 9h", HEARTS, UPTOWN, 1, None),
    ("ks 10h jh", HEARTS, UPTOWN, 2, None),
    ("9c 9d", CLUBS, UPTOWN, 0, None),
    # with no trump, the Joker
    (
        "as joker ks",
        None,
        UPTOWN,
        1,
        "The Joker wins: with no trump it ranks above every card of the plain suits.",
    ),
    ("joker ah as ad", None, UPTOWN, 0, None),
    # otherwise the highest card of the suit led
    (
        "10s ks 9s",
        None,
        UPTOWN,
        1,
        "The K♠ wins: it is the highest spade, the suit led, and there is no trump;"
        " uptown, A high.",
    ),
    ("10s ah", None, UPTOWN, 0, None),
    (
        "qc ad",
        SPADES,
        UPTOWN,
        0,
        "The Q♣ wins: it is the highest club, the suit led, and no spade was played;"
        " uptown, A high.",
    ),
    ("jd ad ac as", HEARTS, UPTOWN, 1, None),
    # the Joker is the lowest trump when trumps are called
    (
        "joker 9h",
        HEARTS,
        UPTOWN,
        1,
        "The 9♥ wins: it is the highest of the hearts, which are trump (the Joker is the"
        " lowest trump); uptown, A high.",
    ),
    ("ks joker 9h", HEARTS, UPTOWN, 2, None),
    (
        "as joker ks",
        HEARTS,
        UPTOWN,
        1,
        "The Joker wins: hearts are trump and the Joker is a trump, the only one played.",
    ),
    ("joker as ac", HEARTS, UPTOWN, 0, None),
    # uptown and downtown
    ("as 9s", None, UPTOWN, 0, None),
    (
        "as 9s",
        None,
        DOWNTOWN,
        1,
        "The 9♠ wins: it is the highest spade, the suit led, and there is no trump;"
        " downtown, 9 high.",
    ),
    ("ac kc qc jc", None, DOWNTOWN, 3, None),
    ("jc 10c", CLUBS, DOWNTOWN, 1, None),
    ("ks ah 10h", HEARTS, UPTOWN, 1, None),
    (
        "ks ah 10h",
        HEARTS,
        DOWNTOWN,
        2,
        "The 10♥ wins: it is the highest of the hearts, which are trump; downtown, 9 high.",
    ),
    ("9s as", HEARTS, DOWNTOWN, 0, None),
    ("joker ah", HEARTS, DOWNTOWN, 1, None),
    ("9s joker", None, DOWNTOWN, 1, None),
    ("9s joker ks", DIAMONDS, DOWNTOWN, 1, None),
    # the 2♦ stands in for the Joker
    ("as 2d", None, UPTOWN, 1, None),
    ("2d ah as", None, UPTOWN, 0, None),
    ("2d 9h", HEARTS, UPTOWN, 1, None),
    ("ks 2d qs", HEARTS, UPTOWN, 1, None),
    ("2d 9d", DIAMONDS, UPTOWN, 1, None),
]
O_TRICK_IDS = [
    "highest-trump",
    "a-trump-beats-a-higher-card-of-the-suit-led",
    "a-lower-trump-loses-to-a-higher-trump",
    "trump-led-beats-an-off-suit-card",
    "no-trump-the-joker-beats-every-plain-card",
    "no-trump-joker-led-wins",
    "highest-of-the-suit-led",
    "an-off-suit-higher-card-does-not-win-no-trump",
    "an-off-suit-card-does-not-win-no-trump-played",
    "aces-of-other-suits-lose-to-the-led-suit",
    "the-joker-loses-to-any-other-trump",
    "the-joker-loses-to-a-trump-played-after-it",
    "the-joker-as-a-trump-beats-plain-cards",
    "the-joker-led-as-a-trump-wins",
    "uptown-ace-beats-nine",
    "downtown-nine-beats-ace",
    "downtown-jack-beats-the-faces",
    "downtown-ten-beats-jack",
    "uptown-trump-ace-wins",
    "downtown-trump-ten-beats-trump-ace",
    "downtown-off-suit-ace-does-not-win",
    "downtown-the-joker-is-still-the-lowest-trump",
    "downtown-no-trump-the-joker-still-wins",
    "downtown-joker-beats-plain-cards-as-a-trump",
    "stand-in-2d-beats-every-plain-card",
    "stand-in-2d-led-with-no-trump-wins",
    "stand-in-2d-is-the-lowest-trump",
    "stand-in-2d-as-a-trump-beats-plain-cards",
    "stand-in-2d-is-the-joker-not-a-diamond",
]


@pytest.mark.parametrize(("plays", "trump", "order", "winner", "reason"), O_TRICKS, ids=O_TRICK_IDS)
def test_one_card_trick_winner(plays, trump, order, winner, reason):
    trick = cards(plays)
    ruling = one_card_trick_winner(trick, trump, order)
    assert ruling.winner == winner
    if reason is not None:
        assert str(ruling.reason) == reason
    assert_names_the_winner(ruling, trick, stand_in=True)
    assert ONE_CARD.trick_winner(trick, trump, order) == ruling


def test_one_card_order_defaults_to_uptown():
    assert one_card_trick_winner(cards("9s as"), None).winner == 1


# -- One Card: may this card be played ----------------------------------------------
# RULES.md, One Card › Play: follow the led suit if you can, even when holding trumps; who
# cannot follow may play a trump, the Joker or any card; on a trump lead play a trump if you
# have one. The Joker only as the lead or when its holder cannot follow; with trumps called
# it is a trump (a Joker lead is a trump lead; on a trump lead it follows, and must be played
# if it is the only trump); with no trump a Joker lead lets the others play anything.

O_PLAYS = [
    # the first card
    (
        "",
        "ks joker",
        "joker",
        HEARTS,
        True,
        "The first card of a trick may be any card, the Joker too.",
    ),
    ("", "ks 9h", "ks", None, True, "The first card of a trick may be any card, the Joker too."),
    # follow the led suit, even when holding trumps
    ("ks", "9s ah", "9s", HEARTS, True, "The 9♠ follows suit."),
    (
        "ks",
        "9s ah",
        "ah",
        HEARTS,
        False,
        "Spades were led and the hand holds the 9♠: follow suit, even when holding trumps.",
    ),
    ("ks ah", "9s 9h", "9h", HEARTS, False, None),
    ("ks", "9s ah", "ah", None, False, None),
    # cannot follow: a trump, the Joker or any card
    (
        "ks",
        "ah qc",
        "ah",
        HEARTS,
        True,
        "No spades in the hand, so a trump or any card may be played.",
    ),
    (
        "ks",
        "ah qc",
        "qc",
        HEARTS,
        True,
        "No spades in the hand, so a trump or any card may be played.",
    ),
    ("ks", "joker qc", "joker", HEARTS, True, "No spades in the hand, so the Joker may be played."),
    ("ks", "joker qc", "joker", None, True, "No spades in the hand, so the Joker may be played."),
    # a trump led: a trump if you have one
    ("ah", "9h as", "9h", HEARTS, True, "The 9♥ follows suit."),
    (
        "ah",
        "9h as",
        "as",
        HEARTS,
        False,
        "Trump was led and the hand holds the 9♥: a trump must be played.",
    ),
    ("ah", "ks qc", "qc", HEARTS, True, None),
    # the Joker: only as the lead or when its holder cannot follow
    ("ks", "9s joker", "joker", None, False, None),
    ("ks", "9s joker", "joker", HEARTS, False, None),
    # with trumps called, the Joker is a trump
    (
        "joker",
        "9h as",
        "as",
        HEARTS,
        False,
        "Trump was led and the hand holds the 9♥: a trump must be played.",
    ),
    ("joker", "9h as", "9h", HEARTS, True, "The 9♥ follows suit."),
    ("joker", "as qc", "qc", HEARTS, True, None),
    (
        "ah",
        "joker ks",
        "joker",
        HEARTS,
        True,
        "Trump was led and the Joker is a trump: it follows suit.",
    ),
    (
        "ah",
        "joker ks",
        "ks",
        HEARTS,
        False,
        "Trump was led and the hand holds the Joker: a trump must be played.",
    ),
    ("ah", "joker 9h", "9h", HEARTS, True, "The 9♥ follows suit."),
    # with no trump, a Joker lead lets the others play anything
    (
        "joker",
        "ah ks",
        "ks",
        None,
        True,
        "The Joker was led with no trump: the others may play any card.",
    ),
    (
        "joker",
        "ah ks",
        "ah",
        None,
        True,
        "The Joker was led with no trump: the others may play any card.",
    ),
    # the 2♦ stands in for the Joker
    ("", "2d ks", "2d", HEARTS, True, "The first card of a trick may be any card, the Joker too."),
    ("ah", "2d ks", "2d", HEARTS, True, "Trump was led and the Joker is a trump: it follows suit."),
    ("ah", "2d ks", "ks", HEARTS, False, None),
    ("2d", "9h as", "as", HEARTS, False, None),
    ("2d", "9h as", "as", None, True, None),
    ("ks", "9s 2d", "2d", HEARTS, False, None),
    ("ks", "2d qc", "2d", None, True, None),
]
O_PLAY_IDS = [
    "first-card-the-joker",
    "first-card-any-card",
    "follows-suit",
    "must-follow-even-holding-trumps",
    "the-card-led-sets-the-suit-not-a-trump-played-after",
    "must-follow-with-no-trump",
    "cannot-follow-plays-a-trump",
    "cannot-follow-discards",
    "cannot-follow-plays-the-joker",
    "cannot-follow-plays-the-joker-no-trump",
    "trump-led-plays-a-trump",
    "trump-led-must-play-a-trump",
    "trump-led-without-trumps-any-card",
    "the-joker-not-when-able-to-follow-no-trump",
    "the-joker-not-when-able-to-follow-with-trumps",
    "a-joker-lead-is-a-trump-lead",
    "a-joker-lead-followed-with-a-trump",
    "a-joker-lead-without-trumps-any-card",
    "the-joker-follows-a-trump-lead",
    "the-only-trump-the-joker-must-be-played",
    "a-trump-instead-of-the-joker",
    "no-trump-joker-led-any-card",
    "no-trump-joker-led-even-a-higher-card",
    "stand-in-2d-as-the-first-card",
    "stand-in-2d-follows-a-trump-lead",
    "stand-in-2d-the-only-trump-must-be-played",
    "stand-in-2d-lead-is-a-trump-lead",
    "stand-in-2d-lead-with-no-trump-any-card",
    "stand-in-2d-not-when-able-to-follow",
    "stand-in-2d-when-unable-to-follow",
]


@pytest.mark.parametrize(
    ("plays", "hand", "card", "trump", "legal", "reason"), O_PLAYS, ids=O_PLAY_IDS
)
def test_one_card_check_play(plays, hand, card, trump, legal, reason):
    trick, held, tried = cards(plays), cards(hand), Card.parse(card)
    verdict = one_card_check_play(trick, held, tried, trump)
    assert verdict.legal is legal
    if reason is not None:
        assert str(verdict.reason) == reason
    assert ONE_CARD.check_play(trick, held, tried, trump) == verdict
    # The order ranks the cards; it never changes what may be played.
    assert one_card_check_play(trick, held, tried, trump, DOWNTOWN) == verdict


# -- One Card: reason sentences that mislead (see the report) -----------------------


@pytest.mark.parametrize(
    ("plays", "hand", "card", "trump", "reason"),
    [
        ("ks", "9s ah", "ah", None, "Spades were led and the hand holds the 9♠: follow suit."),
        ("ks", "9s qc", "qc", HEARTS, "Spades were led and the hand holds the 9♠: follow suit."),
        (
            "ks",
            "9s joker",
            "joker",
            None,
            "Spades were led and the hand holds the 9♠: the Joker may be played only as the"
            " lead or when the hand cannot follow suit.",
        ),
        (
            "ks",
            "9s joker",
            "joker",
            HEARTS,
            "Spades were led and the hand holds the 9♠: the Joker may be played only as the"
            " lead or when the hand cannot follow suit.",
        ),
        ("ah", "ks", "ks", None, "No hearts in the hand, so any card may be played."),
        (
            "ah",
            "ks qc",
            "qc",
            HEARTS,
            "Trump was led and the hand holds no trump, so any card may be played.",
        ),
    ],
    ids=[
        "no-trump-yet-even-when-holding-trumps",
        "a-discard-is-not-a-trump",
        "the-joker-no-trump",
        "the-joker-with-trumps",
        "no-trump-yet-a-trump-may-be-played",
        "trump-led-none-held-yet-a-trump-may-be-played",
    ],
)
def test_one_card_reasons_name_the_rule_that_applies(plays, hand, card, trump, reason):
    verdict = one_card_check_play(cards(plays), cards(hand), Card.parse(card), trump)
    assert str(verdict.reason) == reason


# -- both games: the reasons ---------------------------------------------------------


def test_a_ruling_keeps_its_template_and_values_for_translation():
    ruling = wizard_trick_winner(cards("ks 2h as"), HEARTS)
    assert ruling.reason.template == "The {card} wins: {trump} are trump and no Wizard was played."
    assert ruling.reason.values == {"card": "2♥", "trump": "hearts"}
    verdict = one_card_check_play(cards("ah"), cards("9h as"), Card.parse("as"), HEARTS)
    assert verdict == PlayVerdict(False, verdict.reason)
    assert verdict.reason.values == {"held": "9♥"}


# -- refusals ------------------------------------------------------------------------
# RULES.md, Wizard › Deck and players (60 cards: 52 suited once, 4 Wizards, 4 Jesters) and
# One Card › Deck and players (25 cards: A, K, Q, J, 10, 9 and one Joker, or the 2♦ for it).

TOO_MANY = "The deck has {allowed} {card}: it cannot be here {count} times"
NOT_ONE_CARD = (
    "There is no {card} in One Card: its deck is A, K, Q, J, 10 and 9 in four suits, and one Joker"
)
NO_JOKER = "There is no Joker in Wizard: its deck has 4 Wizards and 4 Jesters"


@pytest.mark.parametrize(
    ("game", "plays", "trump", "order", "field", "message"),
    [
        ("wizard", "7h 2c joker", None, UPTOWN, "plays", NO_JOKER),
        (
            "wizard",
            "7h 7h",
            HEARTS,
            UPTOWN,
            "plays",
            TOO_MANY.format(card="7♥", count=2, allowed="only one"),
        ),
        (
            "wizard",
            "wizard wizard wizard wizard wizard",
            None,
            UPTOWN,
            "plays",
            None,  # the wording is in an xfail below
        ),
        (
            "wizard",
            "jester jester jester jester jester",
            None,
            UPTOWN,
            "plays",
            None,  # the wording is in an xfail below
        ),
        ("one_card", "5h 9h", None, UPTOWN, "plays", NOT_ONE_CARD.format(card="5♥")),
        ("one_card", "9h 2h", None, UPTOWN, "plays", NOT_ONE_CARD.format(card="2♥")),
        ("one_card", "9h 8h", HEARTS, UPTOWN, "plays", NOT_ONE_CARD.format(card="8♥")),
        ("one_card", "9h wizard", None, UPTOWN, "plays", NOT_ONE_CARD.format(card="Wizard")),
        ("one_card", "jester 9h", None, UPTOWN, "plays", NOT_ONE_CARD.format(card="Jester")),
        (
            "one_card",
            "joker joker",
            None,
            UPTOWN,
            "plays",
            TOO_MANY.format(card="Joker", count=2, allowed="only one"),
        ),
        (
            "one_card",
            "ah ah",
            None,
            UPTOWN,
            "plays",
            TOO_MANY.format(card="A♥", count=2, allowed="only one"),
        ),
        ("wizard", "", None, UPTOWN, "plays", "Give the cards of the trick, the card led first"),
        ("one_card", "", None, UPTOWN, "plays", "Give the cards of the trick, the card led first"),
        (
            "wizard",
            "2c 3c 4c 5c 6c 7c 8c",
            None,
            UPTOWN,
            "plays",
            "7 cards is too many here: at most 6 in Wizard, one from each player",
        ),
        (
            "one_card",
            "9c 10c jc qc kc",
            None,
            UPTOWN,
            "plays",
            "5 cards is too many here: at most 4 in One Card, one from each player",
        ),
        ("one_card", "9h 10h", None, "sideways", "order", "The order is uptown or downtown"),
        ("one_card", "9h 10h", HEARTS, "Downtown", "order", "The order is uptown or downtown"),
        ("one_card", "9h 10h", None, None, "order", "The order is uptown or downtown"),
    ],
    ids=[
        "wizard-a-joker",
        "wizard-two-7h",
        "wizard-five-wizards",
        "wizard-five-jesters",
        "one-card-a-5",
        "one-card-a-2-not-the-2d",
        "one-card-an-8",
        "one-card-a-wizard",
        "one-card-a-jester",
        "one-card-two-jokers",
        "one-card-two-aces-of-hearts",
        "wizard-no-cards",
        "one-card-no-cards",
        "wizard-7-cards",
        "one-card-5-cards",
        "one-card-unknown-order",
        "one-card-order-in-capitals",
        "one-card-no-order",
    ],
)
def test_a_trick_that_cannot_be_is_refused(game, plays, trump, order, field, message):
    with pytest.raises(CardError) as refused:
        REFEREES[game].trick_winner(cards(plays), trump, order)
    assert refused.value.field == field
    if message is not None:
        assert str(refused.value) == message
    else:
        assert "5" in str(refused.value)


@pytest.mark.parametrize(
    ("check", "plays"),
    [
        (wizard_trick_winner, "joker 2c"),
        (wizard_trick_winner, "7h 7h"),
        (wizard_trick_winner, ""),
        (lambda trick, trump: one_card_trick_winner(trick, trump, UPTOWN), "5h"),
        (lambda trick, trump: one_card_trick_winner(trick, trump, UPTOWN), ""),
    ],
    ids=["wizard-joker", "wizard-twice", "wizard-empty", "one-card-a-5", "one-card-empty"],
)
def test_the_pure_rulings_refuse_without_the_referee_object(check, plays):
    with pytest.raises(CardError) as refused:
        check(cards(plays), None)
    assert refused.value.field == "plays"


@pytest.mark.parametrize(
    ("game", "plays", "hand", "card", "order", "field", "message"),
    [
        ("wizard", "joker", "2h", "2h", UPTOWN, "plays", NO_JOKER),
        (
            "wizard",
            "7h 7h",
            "2h",
            "2h",
            UPTOWN,
            "plays",
            TOO_MANY.format(card="7♥", count=2, allowed="only one"),
        ),
        ("one_card", "5h", "9h", "9h", UPTOWN, "plays", NOT_ONE_CARD.format(card="5♥")),
        (
            "wizard",
            "7h",
            "2h 3h",
            "4h",
            UPTOWN,
            "card",
            "The 4♥ is not in the hand: list the hand with the card in question",
        ),
        (
            "wizard",
            "",
            "",
            "wizard",
            UPTOWN,
            "card",
            "The Wizard is not in the hand: list the hand with the card in question",
        ),
        (
            "one_card",
            "9h",
            "kh",
            "ah",
            UPTOWN,
            "card",
            "The A♥ is not in the hand: list the hand with the card in question",
        ),
        (
            "one_card",
            "",
            "kh",
            "joker",
            UPTOWN,
            "card",
            "The Joker is not in the hand: list the hand with the card in question",
        ),
        (
            "wizard",
            "2c 3c 4c 5c 6c 7c",
            "ah",
            "ah",
            UPTOWN,
            "plays",
            None,  # the wording is in an xfail below
        ),
        (
            "one_card",
            "9c 10c jc qc",
            "ah",
            "ah",
            UPTOWN,
            "plays",
            None,  # the wording is in an xfail below
        ),
        (
            "wizard",
            "",
            "2h 3h 4h 5h 6h 7h 8h 9h 10h jh 2c 3c 4c 5c 6c 7c 8c 9c 10c jc ah",
            "ah",
            UPTOWN,
            "hand",
            "A hand in Wizard holds at most 20 cards, not 21",
        ),
        (
            "one_card",
            "",
            "9h 10h jh qh kh ah 9c 10c jc qc kc ac 9s",
            "ah",
            UPTOWN,
            "hand",
            "A hand in One Card holds at most 12 cards, not 13",
        ),
        ("one_card", "9h", "10h", "10h", "sideways", "order", "The order is uptown or downtown"),
    ],
    ids=[
        "wizard-a-joker-played",
        "wizard-7h-played-twice",
        "one-card-a-5-played",
        "wizard-card-not-in-the-hand",
        "wizard-empty-hand",
        "one-card-card-not-in-the-hand",
        "one-card-joker-not-in-the-hand",
        "wizard-6-cards-before-this-one",
        "one-card-4-cards-before-this-one",
        "wizard-21-cards-in-hand",
        "one-card-13-cards-in-hand",
        "one-card-unknown-order",
    ],
)
def test_a_play_that_cannot_be_is_refused(game, plays, hand, card, order, field, message):
    with pytest.raises(CardError) as refused:
        REFEREES[game].check_play(cards(plays), cards(hand), Card.parse(card), None, order)
    assert refused.value.field == field
    if message is not None:
        assert str(refused.value) == message
    else:
        assert str(len(cards(plays))) in str(refused.value)


@pytest.mark.parametrize(
    ("game", "plays", "hand", "card"),
    [
        ("wizard", "", "joker 2h", "2h"),
        ("wizard", "7h", "7h 2h", "2h"),
        ("wizard", "", "wizard wizard wizard wizard wizard", "wizard"),
        ("one_card", "", "5h 9h", "9h"),
        ("one_card", "9s", "wizard 9h", "9h"),
        ("one_card", "", "joker joker", "joker"),
    ],
    ids=[
        "wizard-a-joker-in-the-hand",
        "wizard-7h-played-and-in-the-hand",
        "wizard-five-wizards-in-the-hand",
        "one-card-a-5-in-the-hand",
        "one-card-a-wizard-in-the-hand",
        "one-card-two-jokers-in-the-hand",
    ],
)
def test_a_card_the_deck_lacks_in_the_hand_is_refused_on_the_hand(game, plays, hand, card):
    with pytest.raises(CardError) as refused:
        REFEREES[game].check_play(cards(plays), cards(hand), Card.parse(card), None)
    assert refused.value.field == "hand"


@pytest.mark.parametrize(
    ("game", "plays", "message"),
    [
        (
            "wizard",
            "2c 3c 4c 5c 6c 7c",
            "6 cards is too many before this one: a trick in Wizard has at most 6 cards,"
            " one from each player",
        ),
        (
            "one_card",
            "9c 10c jc qc",
            "4 cards is too many before this one: a trick in One Card has at most 4 cards,"
            " one from each player",
        ),
    ],
    ids=["wizard", "one-card"],
)
def test_too_many_cards_before_this_one_is_said_as_it_is(game, plays, message):
    with pytest.raises(CardError) as refused:
        REFEREES[game].check_play(cards(plays), cards("ah"), Card.parse("ah"), None)
    assert str(refused.value) == message


@pytest.mark.parametrize(
    ("ask"),
    [
        lambda: one_card_trick_winner(cards("joker 2d"), None),
        lambda: one_card_trick_winner(cards("9h 2d joker"), HEARTS),
        lambda: one_card_check_play([], cards("joker 2d"), Card.parse("joker"), None),
        lambda: one_card_check_play(cards("2d"), cards("joker"), Card.parse("joker"), None),
        lambda: one_card_check_play([], cards("joker"), Card.parse("2d"), None),
    ],
    ids=[
        "trick-joker-and-2d",
        "trick-with-trumps",
        "hand-joker-and-2d",
        "2d-played-joker-in-hand",
        "2d-asked-joker-in-hand",
    ],
)
def test_a_joker_and_its_stand_in_together_are_refused_naming_the_2d(ask):
    with pytest.raises(CardError) as refused:
        ask()
    assert "2♦" in str(refused.value)


@pytest.mark.parametrize(
    ("deck", "message"),
    [
        ("wizard " * 5, "The deck has only four Wizards: it cannot be here 5 times"),
        ("jester " * 6, "The deck has only four Jesters: it cannot be here 6 times"),
    ],
    ids=["five-wizards", "six-jesters"],
)
def test_too_many_wizards_or_jesters_is_said_in_the_plural(deck, message):
    with pytest.raises(CardError) as refused:
        wizard_deck_check(cards(deck))
    assert str(refused.value) == message


@pytest.mark.parametrize(
    ("check", "deck", "field"),
    [
        (wizard_deck_check, "joker", "hand"),
        (wizard_deck_check, "ah ah", "plays"),
        (one_card_deck_check, "5c", "hand"),
        (one_card_deck_check, "joker joker", "plays"),
    ],
    ids=["wizard-joker", "wizard-twice", "one-card-a-5", "one-card-two-jokers"],
)
def test_a_deck_check_refuses_on_the_field_it_is_given(check, deck, field):
    with pytest.raises(CardError) as refused:
        check(cards(deck), field=field)
    assert refused.value.field == field


@pytest.mark.parametrize(
    ("check", "deck"),
    [
        (wizard_deck_check, ""),
        (wizard_deck_check, "2c 2d 2h 2s ac ad ah as"),
        (wizard_deck_check, "wizard wizard wizard wizard jester jester jester jester"),
        (one_card_deck_check, "9c 10d jh qs kc ad joker"),
        (one_card_deck_check, "9h 9d 9c 9s"),
    ],
    ids=[
        "wizard-nothing",
        "wizard-twos-and-aces",
        "wizard-every-special",
        "one-card-every-rank-and-the-joker",
        "one-card-four-nines",
    ],
)
def test_a_deck_check_lets_real_cards_through(check, deck):
    assert check(cards(deck)) is None


# -- the registry --------------------------------------------------------------------


def test_each_game_has_a_referee_with_its_deck_and_table_size():
    assert set(REFEREES) == {"wizard", "one_card", "oh_hell", "spades"} == set(PACKAGES)
    assert (WIZARD.max_players, WIZARD.max_hand, WIZARD.has_order) == (6, 20, False)
    assert (ONE_CARD.max_players, ONE_CARD.max_hand, ONE_CARD.has_order) == (4, 12, True)
    assert WIZARD.ranks == tuple(Rank)
    assert ONE_CARD.ranks == ONE_CARD_RANKS
    assert WIZARD.specials == (Special.WIZARD, Special.JESTER)
    assert ONE_CARD.specials == (Special.JOKER,)


@pytest.mark.parametrize(
    ("referee", "plays", "hand", "table", "refusal"),
    [
        (WIZARD, 6, 20, {}, None),
        (WIZARD, 7, 0, {}, "7 cards is too many here: at most 6 in Wizard, one from each player"),
        (WIZARD, 4, 0, {"players": 4}, None),
        (
            WIZARD,
            5,
            0,
            {"players": 4},
            "5 cards is too many here: at most 4 in Wizard, one from each player",
        ),
        (WIZARD, 80_000, 0, {}, "80000 cards is too many here: at most 6 in Wizard, one from"),
        (WIZARD, 0, 21, {}, "A hand in Wizard holds at most 20 cards, not 21"),
        (WIZARD, 0, 3, {"deal_size": 3}, None),
        (WIZARD, 0, 4, {"deal_size": 3}, "A hand holds at most 3 cards this round, not 4"),
        (ONE_CARD, 4, 12, {}, None),
        (ONE_CARD, 3, 0, {"players": 2}, "3 cards is too many here: at most 2 in One Card,"),
        (ONE_CARD, 0, 13, {}, "A hand in One Card holds at most 12 cards, not 13"),
        (ONE_CARD, 0, 7, {"deal_size": 6}, "A hand holds at most 6 cards this round, not 7"),
    ],
    ids=[
        "wizard's most",
        "a seventh card",
        "a full trick of four",
        "a fifth card for four players",
        "eighty thousand",
        "a hand past the game's",
        "a hand of the deal",
        "a hand past the deal",
        "one card's most",
        "a third card for two players",
        "a hand past one card's",
        "a hand past one card's deal",
    ],
)
def test_sizes_are_judged_from_the_counts_alone(referee, plays, hand, table, refusal):
    if refusal is None:
        assert referee.check_sizes(plays, hand, **table) is None
    else:
        with pytest.raises(CardError, match=f"^{refusal}"):
            referee.check_sizes(plays, hand, **table)


def test_each_deck_is_its_cards_once_and_the_stand_ins():
    assert len(WIZARD.deck()) == 54 and len(set(WIZARD.deck())) == 54
    assert len(ONE_CARD.deck()) == 26
    assert ONE_CARD.deck()[-2:] == (Card(special=Special.JOKER), JOKER_STAND_IN)


# -- properties over random legal decks ---------------------------------------------

WIZARD_DECK = (
    [Card(rank=rank, suit=suit) for suit in Suit for rank in Rank]
    + [Card(special=Special.WIZARD)] * 4
    + [Card(special=Special.JESTER)] * 4
)
ONE_CARD_SUITED = [Card(rank=rank, suit=suit) for suit in Suit for rank in ONE_CARD_RANKS]


def one_card_deck(stand_in: bool) -> list[Card]:
    """The 25 cards; a pack that lost its Joker plays the 2♦ for it."""
    return [*ONE_CARD_SUITED, JOKER_STAND_IN if stand_in else Card(special=Special.JOKER)]


assert len(WIZARD_DECK) == 60 and len(one_card_deck(False)) == 25


@st.composite
def deals(draw, game: str, trick_sizes: tuple[int, int], hand_sizes: tuple[int, int]):
    """Distinct cards from a legal deck: a trick and a hand, with a trump (or none) and an
    order. Each position in the deck is drawn once, so copies never exceed the deck's."""
    stand_in = game == "one_card" and draw(st.booleans(), label="stand_in")
    deck = WIZARD_DECK if game == "wizard" else one_card_deck(stand_in)
    trick_size = draw(st.integers(*trick_sizes), label="trick_size")
    hand_size = draw(st.integers(*hand_sizes), label="hand_size")
    positions = draw(
        st.lists(
            st.integers(0, len(deck) - 1),
            min_size=trick_size + hand_size,
            max_size=trick_size + hand_size,
            unique=True,
        ),
        label="positions",
    )
    dealt = [deck[p] for p in positions]
    trump = draw(st.none() | st.sampled_from(Suit), label="trump")
    order = draw(st.sampled_from([UPTOWN, DOWNTOWN]), label="order")
    return dealt[:trick_size], dealt[trick_size:], trump, order


@settings(max_examples=200, deadline=None, database=None)
@given(deals("wizard", (1, 6), (0, 0)))
def test_wizard_the_winner_is_a_card_played_and_the_first_wizard_if_any(deal):
    plays, _, trump, order = deal
    ruling = WIZARD.trick_winner(plays, trump, order)
    assert 0 <= ruling.winner < len(plays)
    assert ruling.next_leader == ruling.winner
    wizards = [i for i, card in enumerate(plays) if card.is_wizard]
    if wizards:
        assert ruling.winner == wizards[0]
        assert plays[ruling.winner].is_wizard
    elif all(card.is_jester for card in plays):
        assert ruling.winner == 0
    else:
        assert not plays[ruling.winner].is_jester
    assert_names_the_winner(ruling, plays, stand_in=False)


@settings(max_examples=200, deadline=None, database=None)
@given(deals("one_card", (1, 4), (0, 0)))
def test_one_card_the_winner_is_a_card_played_and_a_trump_if_any(deal):
    plays, _, trump, order = deal
    ruling = ONE_CARD.trick_winner(plays, trump, order)
    assert 0 <= ruling.winner < len(plays)
    assert ruling.next_leader == ruling.winner
    counted = [one_card_deck_card(card) for card in plays]
    winner = counted[ruling.winner]
    if trump is not None and any(card.suit is trump for card in counted):
        assert winner.suit is trump
    elif any(card.is_joker for card in counted):
        assert winner.is_joker
    else:
        assert winner.suit is counted[0].suit
    assert_names_the_winner(ruling, plays, stand_in=True)


@pytest.mark.parametrize("game", ["wizard", "one_card"], ids=["wizard", "one-card"])
@settings(max_examples=200, deadline=None, database=None)
@given(data=st.data())
def test_a_hand_always_has_a_legal_card(game, data):
    referee = REFEREES[game]
    plays, hand, trump, order = data.draw(
        deals(game, (0, referee.max_players - 1), (1, referee.max_hand)), label="deal"
    )
    verdicts = [referee.check_play(plays, hand, card, trump, order) for card in hand]
    assert any(verdict.legal for verdict in verdicts)
    for card, verdict in zip(hand, verdicts, strict=True):
        assert str(verdict.reason)
        if not plays:
            assert verdict.legal
        if game == "wizard" and (card.is_wizard or card.is_jester):
            assert verdict.legal


# -- Oh Hell: who takes the trick ---------------------------------------------------
# RULES.md, Oh Hell › Play: "The highest trump wins the trick; if none, the highest card
# of the led suit."

OH_TRICKS = [
    # the highest trump
    ("ks 2h as", HEARTS, 1, "The 2♥ wins: hearts are trump, and it is the highest trump played."),
    (
        "3c 4h qh 2h",
        HEARTS,
        2,
        "The Q♥ wins: hearts are trump, and it is the highest trump played.",
    ),
    ("as ks 2s", SPADES, 0, None),
    ("10d 9c 3d 2c jc", CLUBS, 4, None),
    ("2d ad kd qd jd 10d 9d", DIAMONDS, 1, None),
    # the highest card of the suit led
    (
        "9c kc 2c",
        SPADES,
        1,
        "The K♣ wins: it is the highest club, the suit led, and no spade was played.",
    ),
    ("5d ad 10d", HEARTS, 1, None),
    ("7h ac kd 8h", SPADES, 3, None),
    (
        "qs 2s as",
        None,
        2,
        "The A♠ wins: it is the highest spade, the suit led, and there is no trump this round.",
    ),
    # a card off the suit led, not trump, never wins
    ("2h ac ad as", None, 0, None),
    ("4c ah", DIAMONDS, 0, None),
    # a trick of one card
    ("7d", CLUBS, 0, None),
]


@pytest.mark.parametrize(
    ("plays", "trump", "winner", "reason"),
    OH_TRICKS,
    ids=[
        "low-trump-beats-ace",
        "highest-trump",
        "trump-led",
        "trump-played-last",
        "seven-players",
        "no-trump-played",
        "highest-of-led",
        "follower-wins",
        "no-trump-round",
        "discards-lose",
        "discard-loses",
        "one-card",
    ],
)
def test_oh_hell_trick_winner(plays, trump, winner, reason):
    played = cards(plays)
    ruling = OH_HELL.trick_winner(played, trump)
    assert ruling.winner == winner
    assert ruling == oh_hell_trick_winner(played, trump)
    if reason is not None:
        assert str(ruling.reason) == reason
    assert_names_the_winner(ruling, played, stand_in=False)


# -- Oh Hell: may this card be played -----------------------------------------------
# RULES.md, Oh Hell › Play: "Follow the led suit if you can; if you cannot, play any card."

OH_PLAYS = [
    ("", "2c ah", "2c", HEARTS, True, "The first card of a trick may be any card."),
    ("7s", "2s qh", "2s", HEARTS, True, "The 2♠ follows suit."),
    (
        "7s",
        "2s qh",
        "qh",
        HEARTS,
        False,
        "Spades were led and the hand holds the 2♠: follow suit.",
    ),
    (
        "7s 9h",
        "3s 4s kd",
        "kd",
        None,
        False,
        "Spades were led and the hand holds the 3♠: follow suit.",
    ),
    ("7s", "qh 3d", "qh", HEARTS, True, "No spades in the hand, so any card may be played."),
    ("7s", "qh 3d", "3d", HEARTS, True, "No spades in the hand, so any card may be played."),
    ("ah", "2h 3c", "2h", HEARTS, True, "The 2♥ follows suit."),
    ("ah", "2h 3c", "3c", HEARTS, False, "Hearts were led and the hand holds the 2♥: follow suit."),
    ("6d 2c 3c", "4c", "4c", DIAMONDS, True, "No diamonds in the hand, so any card may be played."),
]


@pytest.mark.parametrize(
    ("plays", "hand", "card", "trump", "legal", "reason"),
    OH_PLAYS,
    ids=[
        "lead-anything",
        "follow",
        "trump-while-holding-the-led-suit",
        "discard-while-holding-the-led-suit",
        "trump-when-void",
        "discard-when-void",
        "follow-trump-lead",
        "not-following-a-trump-lead",
        "last-card-void",
    ],
)
def test_oh_hell_check_play(plays, hand, card, trump, legal, reason):
    verdict = OH_HELL.check_play(cards(plays), cards(hand), Card.parse(card), trump)
    assert (verdict.legal, str(verdict.reason)) == (legal, reason)
    assert verdict == oh_hell_check_play(cards(plays), cards(hand), Card.parse(card), trump)


@pytest.mark.parametrize(
    ("ask", "field", "message"),
    [
        (
            lambda: OH_HELL.trick_winner(cards("7h wizard"), None),
            "plays",
            "There is no Wizard in Oh Hell: its deck is the 52 cards of the four suits",
        ),
        (
            lambda: OH_HELL.trick_winner(cards("joker 7h"), HEARTS),
            "plays",
            "There is no Joker in Oh Hell: its deck is the 52 cards of the four suits",
        ),
        (
            lambda: OH_HELL.check_play(cards("7h"), cards("jester 2c"), Card.parse("2c"), None),
            "hand",
            "There is no Jester in Oh Hell: its deck is the 52 cards of the four suits",
        ),
        (
            lambda: OH_HELL.trick_winner(cards("7h 7h"), None),
            "plays",
            "The deck has only one 7♥: it cannot be here 2 times",
        ),
        (
            lambda: OH_HELL.check_play(cards("7h"), cards("7h 2c"), Card.parse("2c"), None),
            "hand",
            "The deck has only one 7♥: it cannot be here 2 times",
        ),
        (
            lambda: OH_HELL.check_play(cards("7h"), cards("3c"), Card.parse("2c"), None),
            "card",
            "The 2♣ is not in the hand: list the hand with the card in question",
        ),
        (
            lambda: OH_HELL.trick_winner([], None),
            "plays",
            "Give the cards of the trick, the card led first",
        ),
        (
            lambda: OH_HELL.trick_winner(cards("2c 3c 4c 5c 6c 7c 8c 9c"), None),
            "plays",
            "8 cards is too many here: at most 7 in Oh Hell, one from each player",
        ),
        (
            lambda: OH_HELL.check_play(
                cards("2c 3c 4c"), cards("ah"), Card.parse("ah"), None, players=3
            ),
            "plays",
            "3 cards is too many before this one: a trick in Oh Hell has at most 3 cards,"
            " one from each player",
        ),
    ],
    ids=[
        "a-wizard",
        "a-joker",
        "a-jester-in-the-hand",
        "a-card-twice",
        "a-card-in-trick-and-hand",
        "a-card-not-in-the-hand",
        "no-cards",
        "eight-cards",
        "a-full-trick-of-three",
    ],
)
def test_an_oh_hell_question_that_cannot_be_is_refused(ask, field, message):
    with pytest.raises(CardError) as refused:
        ask()
    assert (refused.value.field, str(refused.value)) == (field, message)


def test_oh_hells_referee_is_registered_with_its_deck_and_table_size():
    assert REFEREES["oh_hell"] is OH_HELL
    assert (OH_HELL.key, OH_HELL.title) == ("oh_hell", "Oh Hell")
    assert (OH_HELL.max_players, OH_HELL.max_hand, OH_HELL.has_order) == (7, 17, False)
    assert OH_HELL.ranks == tuple(Rank) and OH_HELL.specials == ()
    assert len(OH_HELL.deck()) == 52 and len(set(OH_HELL.deck())) == 52


@pytest.mark.parametrize(
    ("referee", "kind"),
    [(WIZARD, WizardReferee), (ONE_CARD, OneCardReferee), (OH_HELL, OhHellReferee)],
    ids=["wizard", "one-card", "oh-hell"],
)
def test_each_referee_is_its_games_own_and_checks_its_own_deck(referee, kind):
    assert type(referee) is kind and isinstance(referee, Referee)
    # The whole deck passes (a stand-in goes in place of its card, not beside it).
    referee.check_deck([card for card in referee.deck() if card not in referee.stand_ins])
    foreign = {
        "wizard": Card(special=Special.JOKER),
        "one_card": Card.parse("2c"),
        "oh_hell": Card(special=Special.WIZARD),
    }[referee.key]
    with pytest.raises(CardError) as refused:
        referee.check_deck([foreign], field="hand")
    assert refused.value.field == "hand"


@pytest.mark.parametrize(
    ("check", "deck"),
    [
        (oh_hell_deck_check, "2c 3c ah 10s ks"),
        (WIZARD.check_deck, "wizard wizard jester ah"),
        (ONE_CARD.check_deck, "joker 9c ah"),
    ],
    ids=["oh-hell", "wizard", "one-card"],
)
def test_a_deck_check_passes_cards_the_deck_has(check, deck):
    assert check(cards(deck)) is None


OH_HELL_DECK = [Card(rank=rank, suit=suit) for suit in Suit for rank in Rank]


@st.composite
def oh_hell_deals(draw, trick_sizes: tuple[int, int], hand_sizes: tuple[int, int]):
    """Distinct cards of the 52-card pack: a trick and a hand, with a trump or none."""
    trick_size = draw(st.integers(*trick_sizes), label="trick_size")
    hand_size = draw(st.integers(*hand_sizes), label="hand_size")
    dealt = draw(
        st.lists(
            st.sampled_from(OH_HELL_DECK),
            min_size=trick_size + hand_size,
            max_size=trick_size + hand_size,
            unique=True,
        ),
        label="dealt",
    )
    trump = draw(st.none() | st.sampled_from(Suit), label="trump")
    return dealt[:trick_size], dealt[trick_size:], trump


@settings(max_examples=200, deadline=None, database=None)
@given(oh_hell_deals((1, 7), (0, 0)))
def test_oh_hell_the_winner_is_the_highest_trump_or_of_the_suit_led(deal):
    plays, _, trump = deal
    ruling = OH_HELL.trick_winner(plays, trump)
    winner = plays[ruling.winner]
    suit = trump if any(card.suit is trump for card in plays) else plays[0].suit
    assert winner.suit is suit
    assert all(card.rank <= winner.rank for card in plays if card.suit is suit)
    assert_names_the_winner(ruling, plays, stand_in=False)


@settings(max_examples=200, deadline=None, database=None)
@given(oh_hell_deals((0, 6), (1, 17)))
def test_oh_hell_a_hand_always_has_a_legal_card_and_must_follow_if_it_can(deal):
    plays, hand, trump = deal
    verdicts = [OH_HELL.check_play(plays, hand, card, trump) for card in hand]
    assert any(verdict.legal for verdict in verdicts)
    can_follow = bool(plays) and any(card.suit is plays[0].suit for card in hand)
    for card, verdict in zip(hand, verdicts, strict=True):
        follows = not plays or card.suit is plays[0].suit
        assert verdict.legal == (follows or not can_follow)
