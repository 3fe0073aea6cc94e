"""Tens' referee: follow the suit led if you can; the highest trump wins, else the highest
card of the suit led."""

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
    rank_of,
    require_in_hand,
    require_plays,
)


@dataclass(frozen=True)
class TensReferee(Referee):
    def check_deck(self, cards: Sequence[Card], *, field: str = "plays") -> None:
        for card in cards:
            if card.special is not None:
                raise CardError(
                    "There is no {card} in Tens: its deck is the 52 cards of the four suits",
                    card=card.label,
                    field=field,
                )
        check_copies(cards, {}, field)

    def rule_trick(self, plays: Sequence[Card], trump: Suit | None, order: str) -> TrickRuling:
        require_plays(plays)
        trumps = [i for i, card in enumerate(plays) if trump is not None and card.suit is trump]
        led = [i for i, card in enumerate(plays) if card.suit is plays[0].suit]
        winner = max(trumps or led, key=lambda i: rank_of(plays[i]))
        return TrickRuling(winner, Reason("The {card} wins.", {"card": plays[winner].label}))

    def rule_play(
        self,
        plays: Sequence[Card],
        hand: Sequence[Card],
        card: Card,
        trump: Suit | None,
        order: str,
    ) -> PlayVerdict:
        require_in_hand(hand, card)
        if not plays or card.suit is plays[0].suit:
            return PlayVerdict(True, Reason("The {card} may be played.", {"card": card.label}))
        if any(held.suit is plays[0].suit for held in hand):
            return PlayVerdict(False, Reason("Follow suit.", {}))
        return PlayVerdict(True, Reason("The {card} may be played.", {"card": card.label}))


REFEREE = TensReferee(
    key="tens",
    title="Tens",
    max_players=5,
    max_hand=3,
    has_order=False,
    ranks=tuple(Rank),
    specials=(),
)
