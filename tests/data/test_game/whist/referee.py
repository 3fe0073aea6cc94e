"""Whist's referee: who took a trick, and may this card be played. Follow the suit led if
you can, otherwise play any card; the highest trump wins the trick, and with no trump in
it the highest card of the suit led.

>>> from scorekeeper.rules.cards import Card, Suit
>>> ruling = REFEREE.trick_winner([Card.parse(c) for c in ("ah", "2s", "kh", "qh")], Suit.SPADES)
>>> ruling.winner, str(ruling.reason)
(1, 'The 2♠ wins: spades are trump, and it is the highest trump played.')
>>> verdict = REFEREE.check_play([Card.parse("4h")], [Card.parse(c) for c in ("2h", "as")],
...                              Card.parse("as"), Suit.SPADES)
>>> verdict.legal, str(verdict.reason)
(False, 'Hearts were led and the hand holds the 2♥: follow suit.')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...rules.cards import Card, Rank, Suit
from ...rules.errors import CardError
from ...rules.referee import (
    PlayVerdict,
    Reason,
    Referee,
    TrickRuling,
    check_copies,
    follow_suit,
    highest_trump_or_led,
    require_in_hand,
    require_plays,
)


def whist_deck_check(cards: Sequence[Card], *, field: str = "plays") -> None:
    """Refuse a card Whist's deck does not have, or a card twice: its deck is the 52 cards
    of the four suits, each once."""
    for card in cards:
        if card.special is not None:
            raise CardError(
                "There is no {card} in Whist: its deck is the 52 cards of the four suits",
                card=card.label,
                field=field,
            )
    check_copies(cards, {}, field)


def whist_trick_winner(plays: Sequence[Card], trump: Suit | None) -> TrickRuling:
    """The highest trump wins the trick; if none was played, the highest card of the suit
    led."""
    require_plays(plays)
    whist_deck_check(plays)
    return highest_trump_or_led(plays, trump)


@dataclass(frozen=True)
class WhistReferee(Referee):
    """Whist's play: the trump is the hand's, the order of the ranks always the same."""

    def check_deck(self, cards: Sequence[Card], *, field: str = "plays") -> None:
        whist_deck_check(cards, field=field)

    def rule_trick(self, plays: Sequence[Card], trump: Suit | None, order: str) -> TrickRuling:
        return whist_trick_winner(plays, trump)

    def rule_play(
        self,
        plays: Sequence[Card],
        hand: Sequence[Card],
        card: Card,
        trump: Suit | None,
        order: str,
    ) -> PlayVerdict:
        whist_deck_check(plays)
        whist_deck_check(hand, field="hand")
        whist_deck_check([*plays, *hand], field="hand")
        require_in_hand(hand, card)
        if not plays:
            return PlayVerdict(True, Reason("The first card of a trick may be any card."))
        led = plays[0].suit
        assert led is not None
        return follow_suit(card, hand, led)


REFEREE = WhistReferee(
    key="whist",
    title="Whist",
    max_players=4,
    max_hand=13,
    has_order=False,
    ranks=tuple(Rank),
    specials=(),
)
