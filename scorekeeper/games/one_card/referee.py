"""One Card's referee: who won a trick, and may this card be played (RULES.md › One Card ›
Play, uptown or downtown)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...rules.cards import Card, Rank, Special, Suit
from ...rules.errors import N_, CardError
from ...rules.referee import (
    DOWNTOWN,
    UPTOWN,
    PlayVerdict,
    Reason,
    Referee,
    TrickRuling,
    capital,
    check_copies,
    rank_of,
    require_in_hand,
    require_plays,
    suit_plural,
)

ONE_CARD_RANKS = (Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)
JOKER_STAND_IN = Card(rank=Rank.TWO, suit=Suit.DIAMONDS)  # RULES.md, One Card › Deck


def one_card_deck_card(card: Card) -> Card:
    """The card as One Card counts it: the 2♦ stands in for a missing Joker."""
    return Card(special=Special.JOKER) if card == JOKER_STAND_IN else card


def one_card_deck_check(cards: Sequence[Card], *, field: str = "plays") -> None:
    """Refuse a card One Card's 25-card deck does not have (A, K, Q, J, 10, 9 and a Joker)."""
    if JOKER_STAND_IN in cards and any(c.is_joker for c in cards):
        raise CardError(
            "The 2♦ stands in for a missing Joker, so it cannot be played with the Joker",
            field=field,
        )
    cards = [one_card_deck_card(c) for c in cards]
    for card in cards:
        if card.special is not None and not card.is_joker:
            raise CardError(
                "There is no {card} in One Card: its deck is A, K, Q, J, 10 and 9 in four"
                " suits, and one Joker",
                card=card.label,
                field=field,
            )
        if card.rank is not None and card.rank not in ONE_CARD_RANKS:
            raise CardError(
                "There is no {card} in One Card: its deck is A, K, Q, J, 10 and 9 in four"
                " suits, and one Joker",
                card=card.label,
                field=field,
            )
    check_copies(cards, {Special.JOKER: 1}, field)


def one_card_trick_winner(
    plays: Sequence[Card], trump: Suit | None, order: str = UPTOWN
) -> TrickRuling:
    """RULES.md, One Card › Play: the highest trump (the Joker the lowest trump when
    trumps are called); with no trump the Joker; otherwise the highest card of the suit
    led, in the hand's order (uptown: A high; downtown: 9 high)."""
    require_plays(plays)
    one_card_deck_check(plays)
    plays = [one_card_deck_card(c) for c in plays]
    _check_order(order)
    joker = next((i for i, c in enumerate(plays) if c.is_joker), None)
    if trump is not None:
        trumps = [(i, c) for i, c in enumerate(plays) if c.suit is trump]
        if trumps:
            index, card = max(trumps, key=lambda pair: _one_card_rank(pair[1], order))
            beaten = Reason(" (the Joker is the lowest trump)") if joker is not None else ""
            return TrickRuling(
                index,
                Reason(
                    "The {card} wins: it is the highest of the {trump}, which are trump"
                    "{beaten}; {order}.",
                    {
                        "card": card.label,
                        "trump": trump.word,
                        "beaten": beaten,
                        "order": _order_words(order),
                    },
                ),
            )
        if joker is not None:
            return TrickRuling(
                joker,
                Reason(
                    "The Joker wins: {trump} are trump and the Joker is a trump, the only"
                    " one played.",
                    {"trump": trump.word},
                ),
            )
    elif joker is not None:
        return TrickRuling(
            joker,
            Reason("The Joker wins: with no trump it ranks above every card of the plain suits."),
        )
    led = plays[0].suit
    assert led is not None
    index, card = max(
        ((i, c) for i, c in enumerate(plays) if c.suit is led),
        key=lambda pair: _one_card_rank(pair[1], order),
    )
    no_trump = (
        Reason("there is no trump")
        if trump is None
        else Reason("no {trump_one} was played", {"trump_one": trump.word[:-1]})
    )
    return TrickRuling(
        index,
        Reason(
            "The {card} wins: it is the highest {led_one}, the suit led, and {no_trump}; {order}.",
            {
                "card": card.label,
                "led_one": led.word[:-1],
                "no_trump": no_trump,
                "order": _order_words(order),
            },
        ),
    )


def one_card_check_play(
    plays: Sequence[Card],
    hand: Sequence[Card],
    card: Card,
    trump: Suit | None,
    order: str = UPTOWN,
) -> PlayVerdict:
    """May ``card`` be played from ``hand`` onto the trick so far (RULES.md, One Card › Play)?"""
    one_card_deck_check(plays)
    one_card_deck_check(hand, field="hand")
    one_card_deck_check([*plays, *hand], field="hand")
    _check_order(order)
    require_in_hand(hand, card)
    plays = [one_card_deck_card(c) for c in plays]
    hand = [one_card_deck_card(c) for c in hand]
    card = one_card_deck_card(card)
    if not plays:
        return PlayVerdict(
            True, Reason("The first card of a trick may be any card, the Joker too.")
        )
    lead = plays[0]
    if lead.is_joker and trump is None:
        return PlayVerdict(
            True, Reason("The Joker was led with no trump: the others may play any card.")
        )
    # With trumps called the Joker belongs to the trump suit.
    led = trump if lead.is_joker else lead.suit
    assert led is not None

    def follows(c: Card) -> bool:
        return c.suit is led or (c.is_joker and trump is not None and led is trump)

    holding = [c for c in hand if follows(c)]
    if follows(card):
        if card.is_joker:
            return PlayVerdict(
                True,
                Reason("Trump was led and the Joker is a trump: it follows suit."),
            )
        return PlayVerdict(True, Reason("The {card} follows suit.", {"card": card.label}))
    if holding:
        if led is trump:
            return PlayVerdict(
                False,
                Reason(
                    "Trump was led and the hand holds the {held}: a trump must be played.",
                    {"held": holding[0].label},
                ),
            )
        if card.is_joker:
            template = N_(
                "{Led} were led and the hand holds the {held}: the Joker may be played only"
                " as the lead or when the hand cannot follow suit."
            )
        elif trump is not None and card.suit is trump:
            template = N_(
                "{Led} were led and the hand holds the {held}: follow suit, even when"
                " holding trumps."
            )
        else:
            template = N_("{Led} were led and the hand holds the {held}: follow suit.")
        return PlayVerdict(False, Reason(template, {"Led": capital(led), "held": holding[0].label}))
    if card.is_joker:
        return PlayVerdict(
            True,
            Reason("No {led} in the hand, so the Joker may be played.", {"led": suit_plural(led)}),
        )
    if led is trump:
        return PlayVerdict(
            True, Reason("Trump was led and the hand holds no trump, so any card may be played.")
        )
    if trump is None:
        return PlayVerdict(
            True,
            Reason("No {led} in the hand, so any card may be played.", {"led": suit_plural(led)}),
        )
    return PlayVerdict(
        True,
        Reason(
            "No {led} in the hand, so a trump or any card may be played.",
            {"led": suit_plural(led)},
        ),
    )


@dataclass(frozen=True)
class OneCardReferee(Referee):
    """RULES.md, One Card › Play, uptown or downtown."""

    def check_deck(self, cards: Sequence[Card], *, field: str = "plays") -> None:
        one_card_deck_check(cards, field=field)

    def rule_trick(self, plays: Sequence[Card], trump: Suit | None, order: str) -> TrickRuling:
        return one_card_trick_winner(plays, trump, order)

    def rule_play(
        self,
        plays: Sequence[Card],
        hand: Sequence[Card],
        card: Card,
        trump: Suit | None,
        order: str,
    ) -> PlayVerdict:
        return one_card_check_play(plays, hand, card, trump, order)


REFEREE = OneCardReferee(
    key="one_card",
    title="One Card",
    max_players=4,
    max_hand=12,
    has_order=True,
    ranks=ONE_CARD_RANKS,
    specials=(Special.JOKER,),
    stand_ins=(JOKER_STAND_IN,),
)


def _one_card_rank(card: Card, order: str) -> int:
    """Uptown: A high … 9 low; downtown the other way round. The Joker, as a trump,
    is below every trump."""
    if card.is_joker:
        return -1
    rank = rank_of(card)
    return rank if order == UPTOWN else -rank


def _order_words(order: str) -> Reason:
    return Reason("uptown, A high") if order == UPTOWN else Reason("downtown, 9 high")


def _check_order(order: str) -> None:
    if order not in (UPTOWN, DOWNTOWN):
        raise CardError("The order is uptown or downtown", field="order")
