"""The Wizard referee with the anniversary special cards (RULES.md, Wizard with the
anniversary special cards): who takes a trick, who leads next, what may be played.

Each card's clause has a case where the card wins and one where it does not, and each
refusal is said as the player reads it.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.games import REFEREES
from scorekeeper.games.wizard.referee import WizardReferee, wizard_check_play, wizard_trick_winner
from scorekeeper.games.wizard.rules import SPECIAL_CARDS
from scorekeeper.rules.cards import ANNIVERSARY_CARDS, Card, Rank, Special, Suit
from scorekeeper.rules.errors import CardError
from scorekeeper.rules.referee import TrickRuling

CLUBS, DIAMONDS, HEARTS, SPADES = Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES
PLAIN = REFEREES["wizard"]
assert isinstance(PLAIN, WizardReferee)
EVERY = PLAIN.with_special_cards(SPECIAL_CARDS)
IN_PLAY = frozenset(ANNIVERSARY_CARDS)


def cards(text: str) -> list[Card]:
    """``"7h dragon juggler:h"`` → three cards, written as the API writes them."""
    return [Card.parse(part) for part in text.split()]


# -- who takes the trick -----------------------------------------------------------------

TRICKS = [
    # the Dragon beats every card, Wizards included; only the Fairy beats it
    (
        "2h wizard dragon ah",
        HEARTS,
        2,
        "The Dragon wins: it beats every card, Wizards too; only the Fairy beats it.",
    ),
    ("dragon wizard 3c", None, 0, None),
    ("jester 5s dragon", SPADES, 2, None),
    ("dragon shapeshifter:wizard", None, 0, None),
    ("dragon 5h fairy", HEARTS, 2, "The Fairy wins: it takes a trick that holds the Dragon."),
    # the Fairy: the lowest card, unless the Dragon is in the trick
    ("wizard dragon fairy wizard", None, 2, None),
    ("fairy dragon", None, 0, None),
    ("fairy wizard", None, 1, None),
    ("fairy 2c 3c", None, 2, None),
    (
        "fairy jester",
        None,
        1,
        "The Jester wins: no suited card and no Wizard was played, so the first Jester"
        " takes the trick; the Fairy is lower than a Jester.",
    ),
    ("fairy", HEARTS, 0, "The Fairy is the only card, so it takes the trick."),
    (
        "fairy 5c kc 2h",
        HEARTS,
        3,
        "The 2♥ wins: hearts are trump and no Wizard was played.",
    ),
    (
        "fairy 5c kc",
        None,
        2,
        "The K♣ wins: the Fairy was led, so the first suited card set clubs to follow; it"
        " is the highest club, with no trump or Wizard played.",
    ),
    # the Juggler: 7½ in its named suit, which it sets when led
    ("juggler:h 7h 8h", None, 2, None),
    (
        "7h juggler:h",
        None,
        1,
        "The Juggler (7½♥) wins: it is the highest heart, the suit led;"
        " there is no trump this round and no Wizard was played.",
    ),
    (
        "juggler:s 9h ah",
        SPADES,
        0,
        "The Juggler (7½♠) wins: spades are trump and no Wizard was played.",
    ),
    ("juggler:h ks 2h", None, 0, None),
    ("9d juggler:d", CLUBS, 0, None),
    ("juggler:c wizard", CLUBS, 1, None),
    # the Cloud: 9¾ in its named suit
    ("cloud:h 10h", None, 1, None),
    ("9h cloud:h", None, 1, None),
    ("cloud:d juggler:d 9d", None, 0, None),
    ("cloud:s 10h", SPADES, 0, None),
    ("cloud:s jh", HEARTS, 1, None),
    # the Shapeshifter: as the card declared
    (
        "2c shapeshifter:wizard wizard",
        None,
        1,
        "The Shapeshifter (Wizard) wins: declared a Wizard, it is the first Wizard played.",
    ),
    ("wizard shapeshifter:wizard", None, 0, None),
    ("shapeshifter:jester 5c", None, 1, None),
    ("shapeshifter:jester jester", None, 0, None),
    ("shapeshifter:jester fairy", None, 0, None),
    ("ah shapeshifter:jester", HEARTS, 0, None),
]
TRICK_IDS = [
    "dragon-beats-an-earlier-wizard",
    "dragon-led-beats-a-wizard",
    "dragon-beats-a-trump",
    "dragon-beats-the-shapeshifter-wizard",
    "dragon-loses-to-the-fairy",
    "fairy-takes-the-dragon-among-wizards",
    "fairy-led-takes-the-dragon",
    "fairy-loses-to-a-wizard",
    "fairy-led-a-suited-card-wins",
    "fairy-is-below-a-jester",
    "fairy-alone",
    "fairy-led-a-trump-wins",
    "fairy-led-the-first-suited-card-sets-the-suit",
    "juggler-below-the-8",
    "juggler-above-the-7",
    "juggler-as-trump",
    "juggler-led-sets-its-suit",
    "juggler-below-the-9",
    "juggler-loses-to-a-wizard",
    "cloud-below-the-10",
    "cloud-above-the-9",
    "cloud-above-the-juggler",
    "cloud-as-trump",
    "cloud-off-suit-loses",
    "shapeshifter-wizard-first-wizard",
    "shapeshifter-wizard-second-loses",
    "shapeshifter-jester-loses",
    "shapeshifter-jester-first-jester",
    "shapeshifter-jester-above-the-fairy",
    "shapeshifter-jester-never-beats-a-suited-card",
]


@pytest.mark.parametrize(("plays", "trump", "winner", "reason"), TRICKS, ids=TRICK_IDS)
def test_who_takes_a_trick_with_special_cards(plays, trump, winner, reason):
    trick = cards(plays)
    ruling = EVERY.trick_winner(trick, trump)
    assert ruling.winner == winner
    assert ruling.next_leader == winner
    if reason is not None:
        assert str(ruling.reason) == reason
    assert trick[winner].label in str(ruling.reason)
    assert wizard_trick_winner(trick, trump, IN_PLAY) == ruling


# The Bomb: "nobody wins the trick it is in ... the player who would have won it without
# the Bomb leads next. Led, it acts like a led Jester."
BOMBS = [
    (
        "7h bomb 9h",
        None,
        2,
        "The Bomb was played, so nobody wins the trick. Without it the 9♥ would have won, so"
        " its player leads next.",
    ),
    ("bomb 5c kc 2d", None, 2, None),
    ("bomb 5c kc 2d", DIAMONDS, 3, None),
    ("wizard bomb", None, 0, None),
    ("dragon fairy bomb", None, 1, None),
    ("jester bomb", None, 0, None),
    ("bomb jester jester", None, 1, None),
    ("bomb fairy", None, 1, None),
    ("cloud:h bomb 9h", None, 0, None),
    (
        "bomb",
        None,
        0,
        "The Bomb was played, so nobody wins the trick; its player leads next.",
    ),
]
BOMB_IDS = [
    "the-highest-of-the-suit-leads-next",
    "bomb-led-the-first-suited-card-sets-the-suit",
    "bomb-led-a-trump-leads-next",
    "a-wizard-leads-next",
    "the-fairy-with-the-dragon-leads-next",
    "the-jester-leads-next",
    "the-first-jester-after-the-bomb-leads-next",
    "the-fairy-alone-besides-the-bomb",
    "the-cloud-would-have-won-and-no-bid-changes",
    "the-bomb-alone",
]


@pytest.mark.parametrize(("plays", "trump", "leader", "reason"), BOMBS, ids=BOMB_IDS)
def test_nobody_takes_the_bombs_trick(plays, trump, leader, reason):
    trick = cards(plays)
    ruling = EVERY.trick_winner(trick, trump)
    assert ruling.winner is None
    assert ruling.next_leader == leader
    if reason is not None:
        assert str(ruling.reason) == reason


def test_without_the_bomb_the_winner_leads_next_in_every_game():
    for referee, plays in (
        (PLAIN, "3h 2h ks"),
        (REFEREES["one_card"], "9h ah"),
        (REFEREES["oh_hell"], "2c 3c"),
    ):
        ruling = referee.trick_winner(cards(plays), None)
        assert ruling.winner is not None
        assert ruling.next_leader == ruling.winner


def test_a_ruling_without_a_winner_must_say_who_leads_next():
    with pytest.raises(ValueError):
        TrickRuling(None, EVERY.trick_winner(cards("bomb"), None).reason)


# -- what may be played --------------------------------------------------------------------

PLAYS = [
    # every special card may be played at any time
    (
        "5h",
        "2h dragon",
        "dragon",
        None,
        True,
        "The Dragon may always be played, like a Wizard or a Jester.",
    ),
    ("5h", "2h juggler", "juggler:s", None, True, None),
    ("5h", "2h cloud", "cloud:c", None, True, None),
    ("5h", "2h fairy", "fairy", None, True, None),
    ("5h", "2h bomb", "bomb", None, True, None),
    ("5h", "2h shapeshifter", "shapeshifter:jester", None, True, None),
    ("5h", "2h juggler:d", "juggler:d", None, True, None),
    # a led special card and what must follow
    (
        "dragon",
        "2h 3c",
        "3c",
        HEARTS,
        True,
        "The Dragon was led, which counts as a led Wizard: the others may play any card.",
    ),
    ("shapeshifter:wizard", "2h 3c", "3c", None, True, None),
    (
        "fairy",
        "2h 3c",
        "3c",
        None,
        True,
        "No suited card so far (Jesters, the Fairy and the Bomb set no suit): any card may be"
        " played, and the first suited card sets the suit to follow.",
    ),
    (
        "fairy 5c",
        "2c 3h",
        "3h",
        None,
        False,
        "Clubs were led and the hand holds the 2♣: follow suit, or play a Wizard, a Jester or"
        " a special card.",
    ),
    ("fairy 5c", "2c 3h", "2c", None, True, "The 2♣ follows suit."),
    ("bomb 7d", "2d 3s", "3s", None, False, None),
    ("bomb 7d", "4c 3s", "3s", None, True, None),
    ("shapeshifter:jester 7d", "2d 3s", "3s", None, False, None),
    ("juggler:h", "2h 3s", "3s", None, False, None),
    ("juggler:h", "2h 3s", "2h", None, True, None),
    ("cloud:s 9h", "as kd", "kd", None, False, None),
    (
        "jester dragon",
        "2h 3c",
        "3c",
        None,
        True,
        "The Dragon came before any suited card: like a Wizard, it lets the rest play any card.",
    ),
    ("bomb wizard", "2h 3c", "3c", None, True, None),
]
PLAY_IDS = [
    "dragon-always",
    "juggler-always-named-off-suit",
    "cloud-always",
    "fairy-always",
    "bomb-always",
    "shapeshifter-always",
    "a-named-card-in-the-hand",
    "dragon-led-anything",
    "shapeshifter-wizard-led-anything",
    "fairy-led-anything-until-a-suit",
    "fairy-led-the-first-suited-card-must-be-followed",
    "fairy-led-following-suit",
    "bomb-led-the-first-suited-card-must-be-followed",
    "bomb-led-cannot-follow",
    "shapeshifter-jester-led-like-a-jester",
    "juggler-led-its-suit-must-be-followed",
    "juggler-led-following-its-suit",
    "cloud-led-its-suit-must-be-followed",
    "dragon-after-a-jester-lets-anything-follow",
    "wizard-after-the-bomb-lets-anything-follow",
]


@pytest.mark.parametrize(("plays", "hand", "card", "trump", "legal", "reason"), PLAYS, ids=PLAY_IDS)
def test_what_may_be_played_with_special_cards(plays, hand, card, trump, legal, reason):
    verdict = EVERY.check_play(cards(plays), cards(hand), Card.parse(card), trump)
    assert verdict.legal is legal
    if reason is not None:
        assert str(verdict.reason) == reason
    again = wizard_check_play(cards(plays), cards(hand), Card.parse(card), trump, IN_PLAY)
    assert again == verdict


def test_a_game_without_special_cards_says_what_it_always_said():
    verdict = PLAIN.check_play(cards("7s"), cards("2s qh"), Card.parse("qh"), HEARTS)
    assert str(verdict.reason) == (
        "Spades were led and the hand holds the 2♠: follow suit, or play a Wizard or a Jester."
    )


# -- what the referee refuses ---------------------------------------------------------------

REFUSALS = [
    (PLAIN, "2h dragon", "plays", "The Dragon is not among this game's special cards"),
    (
        PLAIN.with_special_cards({"cloud"}),
        "bomb",
        "plays",
        "The Bomb is not among this game's special cards",
    ),
    (
        EVERY,
        "2h werewolf",
        "plays",
        "The Werewolf is never played: its holder swaps it for the turned card before the bidding",
    ),
    (
        EVERY,
        "2h juggler",
        "plays",
        "Write the Juggler with the suit its player named, by its letter: juggler:c,"
        " juggler:d, juggler:h or juggler:s",
    ),
    (
        EVERY,
        "cloud",
        "plays",
        "Write the Cloud with the suit its player named, by its letter: cloud:c, cloud:d,"
        " cloud:h or cloud:s",
    ),
    (
        EVERY,
        "shapeshifter 2h",
        "plays",
        "Write the Shapeshifter as the card its player declared it: shapeshifter:wizard or"
        " shapeshifter:jester",
    ),
    (EVERY, "dragon dragon", "plays", "The deck has only one Dragon: it cannot be here 2 times"),
    (
        EVERY,
        "juggler:h juggler:s",
        "plays",
        "The deck has only one Juggler: it cannot be here 2 times",
    ),
    (EVERY, "joker", "plays", "There is no Joker in Wizard: its deck has 4 Wizards and 4 Jesters"),
]
REFUSAL_IDS = [
    "a-special-card-without-special-cards",
    "a-special-card-the-game-does-not-play",
    "the-werewolf-is-never-played",
    "a-juggler-without-its-suit",
    "a-cloud-without-its-suit",
    "a-shapeshifter-without-its-shape",
    "two-dragons",
    "one-juggler-named-twice",
    "a-joker",
]


@pytest.mark.parametrize(("referee", "plays", "field", "message"), REFUSALS, ids=REFUSAL_IDS)
def test_a_trick_with_special_cards_that_cannot_be_is_refused(referee, plays, field, message):
    with pytest.raises(CardError) as refused:
        referee.trick_winner(cards(plays), None)
    assert (refused.value.field, str(refused.value)) == (field, message)


@pytest.mark.parametrize(
    ("referee", "hand", "card", "message"),
    [
        (PLAIN, "2h fairy", "2h", "The Fairy is not among this game's special cards"),
        (
            EVERY,
            "2h werewolf",
            "2h",
            "The Werewolf is never played: its holder swaps it for the turned card before"
            " the bidding",
        ),
        (
            EVERY,
            "2h",
            "dragon",
            "The Dragon is not in the hand: list the hand with the card in question",
        ),
    ],
    ids=["a-special-card-not-in-play", "the-werewolf-in-a-hand", "a-card-not-in-the-hand"],
)
def test_a_hand_with_special_cards_that_cannot_be_is_refused(referee, hand, card, message):
    with pytest.raises(CardError) as refused:
        referee.check_play(cards("5h"), cards(hand), Card.parse(card), None)
    assert str(refused.value) == message


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "juggler:x",
            "Write the Juggler with the suit its player named, by its letter: juggler:c,"
            " juggler:d, juggler:h or juggler:s",
        ),
        (
            "cloud:",
            "Write the Cloud with the suit its player named, by its letter: cloud:c, cloud:d,"
            " cloud:h or cloud:s",
        ),
        (
            "shapeshifter:fairy",
            "Write the Shapeshifter as the card its player declared it: shapeshifter:wizard"
            " or shapeshifter:jester",
        ),
        (
            "dragon:h",
            "The Dragon is written alone: only the Juggler and the Cloud name a suit, and the"
            " Shapeshifter a Wizard or a Jester",
        ),
        (
            "wizard:h",
            "The Wizard is written alone: only the Juggler and the Cloud name a suit, and the"
            " Shapeshifter a Wizard or a Jester",
        ),
    ],
    ids=[
        "juggler-no-such-suit",
        "cloud-nothing-named",
        "shapeshifter-as-a-fairy",
        "dragon",
        "wizard",
    ],
)
def test_a_special_card_written_wrongly_is_refused(text, message):
    with pytest.raises(CardError) as refused:
        Card.parse(text, field="plays")
    assert (refused.value.field, str(refused.value)) == ("plays", message)


# -- cards and the referee itself ------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "label", "bare"),
    [
        ("dragon", "Dragon", "dragon"),
        ("FAIRY", "Fairy", "fairy"),
        ("bomb", "Bomb", "bomb"),
        ("juggler:h", "Juggler (7½♥)", "juggler"),
        ("juggler:spades", "Juggler (7½♠)", "juggler"),
        ("cloud:d", "Cloud (9¾♦)", "cloud"),
        ("shapeshifter:jester", "Shapeshifter (Jester)", "shapeshifter"),
        ("werewolf", "Werewolf", "werewolf"),
    ],
)
def test_a_special_card_reads_writes_and_is_labelled(text, label, bare):
    card = Card.parse(text)
    assert card.label == label
    assert str(card.bare) == bare
    assert Card.parse(str(card)) == card
    assert Card.parse(str(card).upper()) == card


@pytest.mark.parametrize(
    "arguments",
    [
        {"special": Special.DRAGON, "named": Suit.HEARTS},
        {"special": Special.JUGGLER, "declared": Special.WIZARD},
        {"special": Special.SHAPESHIFTER, "declared": Special.FAIRY},
        {"rank": Rank.TWO, "suit": Suit.HEARTS, "named": Suit.SPADES},
    ],
    ids=["dragon-named", "juggler-declared", "shapeshifter-as-a-fairy", "a-suited-card-named"],
)
def test_only_the_juggler_cloud_and_shapeshifter_are_played_as_something(arguments):
    with pytest.raises(ValueError, match="only the"):
        Card(**arguments)


def test_the_registered_referee_plays_without_special_cards():
    assert PLAIN.special_cards == frozenset()
    assert len(PLAIN.deck()) == 54


def test_a_referee_with_special_cards_has_them_in_its_deck_but_the_werewolf():
    referee = PLAIN.with_special_cards(["dragon", "fairy", "werewolf"])
    assert referee.special_cards == {Special.DRAGON, Special.FAIRY, Special.WEREWOLF}
    assert [str(card) for card in referee.deck()][52:] == ["wizard", "jester", "dragon", "fairy"]
    assert [str(card) for card in EVERY.deck()][54:] == [
        "bomb",
        "cloud",
        "dragon",
        "fairy",
        "juggler",
        "shapeshifter",
    ]
    assert (referee.key, referee.max_players, referee.max_hand) == ("wizard", 6, 20)
    referee.check_deck(cards("dragon fairy"))
    with pytest.raises(CardError):
        referee.check_deck(cards("bomb"))
    with pytest.raises(ValueError):
        PLAIN.with_special_cards(["wizard"])


# -- properties over random tricks with every special card ------------------------------------

SUITED = [Card(rank=rank, suit=suit) for suit in Suit for rank in Rank]
BARE_DECK = [
    *SUITED,
    *[Card(special=Special.WIZARD)] * 4,
    *[Card(special=Special.JESTER)] * 4,
    *(Card(special=card) for card in ANNIVERSARY_CARDS if card is not Special.WEREWOLF),
]


@st.composite
def special_deals(draw, trick_sizes: tuple[int, int], hand_sizes: tuple[int, int]):
    """Distinct cards from the deck with every special card: a trick (its Juggler and Cloud
    with a suit named, its Shapeshifter declared) and a hand, and a trump or none."""
    trick_size = draw(st.integers(*trick_sizes), label="trick_size")
    hand_size = draw(st.integers(*hand_sizes), label="hand_size")
    positions = draw(
        st.lists(
            st.integers(0, len(BARE_DECK) - 1),
            min_size=trick_size + hand_size,
            max_size=trick_size + hand_size,
            unique=True,
        ),
        label="positions",
    )
    dealt = [BARE_DECK[p] for p in positions]
    plays = []
    for card in dealt[:trick_size]:
        if card.special in (Special.JUGGLER, Special.CLOUD):
            card = Card(special=card.special, named=draw(st.sampled_from(Suit)))
        elif card.special is Special.SHAPESHIFTER:
            shape = draw(st.sampled_from([Special.WIZARD, Special.JESTER]))
            card = Card(special=card.special, declared=shape)
        plays.append(card)
    trump = draw(st.none() | st.sampled_from(Suit), label="trump")
    return plays, dealt[trick_size:], trump


def _is(card: Card, special: Special) -> bool:
    return card.special is special


@settings(max_examples=300, deadline=None, database=None)
@given(special_deals((1, 6), (0, 0)))
def test_with_the_bomb_nobody_wins_otherwise_the_winner_is_a_card_played(deal):
    plays, _, trump = deal
    ruling = EVERY.trick_winner(plays, trump)
    assert 0 <= ruling.next_leader < len(plays)
    assert str(ruling.reason)
    bomb = [i for i, card in enumerate(plays) if _is(card, Special.BOMB)]
    if bomb:
        assert ruling.winner is None
        assert ruling.next_leader != bomb[0] or len(plays) == 1
        return
    assert ruling.winner is not None
    assert ruling.next_leader == ruling.winner
    winner = plays[ruling.winner]
    assert winner.label in str(ruling.reason)
    dragon = any(_is(card, Special.DRAGON) for card in plays)
    fairy = any(_is(card, Special.FAIRY) for card in plays)
    wizards = [i for i, c in enumerate(plays) if c.is_wizard or c.declared is Special.WIZARD]
    if dragon:
        assert _is(winner, Special.FAIRY if fairy else Special.DRAGON)
    elif wizards:
        assert ruling.winner == wizards[0]
    elif any(c.suit is not None or c.named is not None for c in plays):
        assert winner.suit is not None or winner.named is not None
        suit = winner.suit or winner.named
        if trump is not None and any((c.suit or c.named) is trump for c in plays):
            assert suit is trump
    else:
        assert not _is(winner, Special.FAIRY) or len(plays) == 1


@settings(max_examples=300, deadline=None, database=None)
@given(special_deals((0, 5), (1, 20)))
def test_with_special_cards_a_hand_always_has_a_legal_card(deal):
    plays, hand, trump = deal
    verdicts = [EVERY.check_play(plays, hand, card, trump) for card in hand]
    assert any(verdict.legal for verdict in verdicts)
    for card, verdict in zip(hand, verdicts, strict=True):
        assert str(verdict.reason)
        if not plays or card.special is not None:
            assert verdict.legal
