"""Oh Hell's referee: who won a trick, and may this card be played (RULES.md › Oh Hell ›
Play)."""

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


def oh_hell_deck_check(cards: Sequence[Card], *, field: str = "plays") -> None:
    """Refuse a card Oh Hell's deck does not have, or a card twice: its deck is the 52
    cards of the four suits, each once (RULES.md, Oh Hell › Deck and players)."""
    for card in cards:
        if card.special is not None:
            raise CardError(
                "There is no {card} in Oh Hell: its deck is the 52 cards of the four suits",
                card=card.label,
                field=field,
            )
    check_copies(cards, {}, field)


def oh_hell_trick_winner(plays: Sequence[Card], trump: Suit | None) -> TrickRuling:
    """RULES.md, Oh Hell › Play: the highest trump wins the trick; if none, the highest
    card of the suit led."""
    require_plays(plays)
    oh_hell_deck_check(plays)
    return highest_trump_or_led(plays, trump)


def oh_hell_check_play(
    plays: Sequence[Card], hand: Sequence[Card], card: Card, trump: Suit | None
) -> PlayVerdict:
    """May ``card`` be played from ``hand`` onto the trick so far (RULES.md, Oh Hell ›
    Play)? Follow the suit led if you can; if you cannot, play any card."""
    oh_hell_deck_check(plays)
    oh_hell_deck_check(hand, field="hand")
    oh_hell_deck_check([*plays, *hand], field="hand")
    require_in_hand(hand, card)
    if not plays:
        return PlayVerdict(True, Reason("The first card of a trick may be any card."))
    led = plays[0].suit
    assert led is not None
    return follow_suit(card, hand, led)


@dataclass(frozen=True)
class OhHellReferee(Referee):
    """RULES.md, Oh Hell › Play; the order of the ranks is always the same."""

    def check_deck(self, cards: Sequence[Card], *, field: str = "plays") -> None:
        oh_hell_deck_check(cards, field=field)

    def rule_trick(self, plays: Sequence[Card], trump: Suit | None, order: str) -> TrickRuling:
        return oh_hell_trick_winner(plays, trump)

    def rule_play(
        self,
        plays: Sequence[Card],
        hand: Sequence[Card],
        card: Card,
        trump: Suit | None,
        order: str,
    ) -> PlayVerdict:
        return oh_hell_check_play(plays, hand, card, trump)


REFEREE = OhHellReferee(
    key="oh_hell",
    title="Oh Hell",
    max_players=7,
    max_hand=52 // 3,  # the largest hand of a schedule, at a table of 3 (RULES.md, Oh Hell)
    has_order=False,
    ranks=tuple(Rank),
    specials=(),
)
