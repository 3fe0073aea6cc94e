"""Spades' referee: who took a trick, and may this card be played (RULES.md, Spades › Play).

Spades are always trump; a spade may not be led until spades are broken (a spade played
on another suit's lead), unless the leader holds nothing but spades.

>>> from scorekeeper.rules.cards import Card
>>> ruling = SPADES_REFEREE.trick_winner([Card.parse(c) for c in ("ah", "kh", "2s", "qh")], None)
>>> ruling.winner, str(ruling.reason)
(2, 'The 2♠ wins: spades are always trump, and it is the highest spade played.')
>>> verdict = SPADES_REFEREE.check_play([], [Card.parse(c) for c in ("as", "3d")],
...                                     Card.parse("as"), None)
>>> verdict.legal, str(verdict.reason)
(False, 'Spades are not broken yet and the hand holds the 3♦: lead another suit.')
>>> SPADES_REFEREE.with_broken(True).check_play([], [Card.parse(c) for c in ("as", "3d")],
...                                             Card.parse("as"), None).legal
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import ClassVar

from ...rules.cards import Card, Rank, Suit
from ...rules.errors import N_, CardError
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

TRUMP = Suit.SPADES


def spades_deck_check(cards: Sequence[Card], *, field: str = "plays") -> None:
    """Refuse a card Spades' deck does not have, or a card twice: its deck is the 52
    cards of the four suits, each once (RULES.md, Spades › Deck, players and sides)."""
    for card in cards:
        if card.special is not None:
            raise CardError(
                "There is no {card} in Spades: its deck is the 52 cards of the four suits",
                card=card.label,
                field=field,
            )
    check_copies(cards, {}, field)


def breaks_spades(plays: Sequence[Card]) -> bool:
    """Whether a trick breaks spades: a spade played on another suit's lead.

    >>> breaks_spades([Card.parse(c) for c in ("4h", "9s")])
    True
    >>> breaks_spades([Card.parse(c) for c in ("4s", "9s")])
    False
    """
    return bool(plays) and plays[0].suit is not TRUMP and any(c.suit is TRUMP for c in plays)


def spades_trick_winner(plays: Sequence[Card]) -> TrickRuling:
    """The highest spade wins the trick; if none, the highest card of the suit led."""
    require_plays(plays)
    spades_deck_check(plays)
    spades = [(i, c) for i, c in enumerate(plays) if c.suit is TRUMP]
    if spades:
        index, card = max(spades, key=lambda pair: rank_of(pair[1]))
        return TrickRuling(
            index,
            Reason(
                "The {card} wins: spades are always trump, and it is the highest spade played.",
                {"card": card.label},
            ),
        )
    led = plays[0].suit
    assert led is not None
    index, card = max(
        ((i, c) for i, c in enumerate(plays) if c.suit is led), key=lambda pair: rank_of(pair[1])
    )
    return TrickRuling(
        index,
        Reason(
            "The {card} wins: it is the highest {led_one}, the suit led, and no spade was played.",
            {"card": card.label, "led_one": led.word[:-1]},
        ),
    )


def spades_check_play(
    plays: Sequence[Card], hand: Sequence[Card], card: Card, broken: bool
) -> PlayVerdict:
    """May ``card`` be played from ``hand`` onto the trick so far? Lead anything but a
    spade until spades are broken (or the hand holds only spades); follow the suit led if
    you can, otherwise play any card."""
    spades_deck_check(plays)
    spades_deck_check(hand, field="hand")
    spades_deck_check([*plays, *hand], field="hand")
    require_in_hand(hand, card)
    if not plays:
        if card.suit is not TRUMP:
            return PlayVerdict(True, Reason("Any card but a spade may be led at any time."))
        if broken:
            return PlayVerdict(True, Reason("Spades are broken, so a spade may be led."))
        other = next((c for c in hand if c.suit is not TRUMP), None)
        if other is None:
            return PlayVerdict(
                True,
                Reason(
                    "Spades are not broken yet, but the hand holds nothing but spades,"
                    " so a spade may be led."
                ),
            )
        return PlayVerdict(
            False,
            Reason(
                "Spades are not broken yet and the hand holds the {held}: lead another suit.",
                {"held": other.label},
            ),
        )
    led = plays[0].suit
    assert led is not None
    if card.suit is led:
        return PlayVerdict(True, Reason("The {card} follows suit.", {"card": card.label}))
    holding = [c for c in hand if c.suit is led]
    if holding:
        return PlayVerdict(
            False,
            Reason(
                "{Led} were led and the hand holds the {held}: follow suit.",
                {"Led": led.word.capitalize(), "held": holding[0].label},
            ),
        )
    if card.suit is TRUMP and not broken:
        return PlayVerdict(
            True,
            Reason(
                "No {led} in the hand, so any card may be played; this spade breaks spades.",
                {"led": led.word},
            ),
        )
    return PlayVerdict(
        True, Reason("No {led} in the hand, so any card may be played.", {"led": led.word})
    )


@dataclass(frozen=True)
class SpadesReferee(Referee):
    """RULES.md, Spades › Play: spades always trump (the ``trump`` asked is set aside),
    the order of the ranks always the same, and whether spades are broken yet
    (:meth:`with_broken`) deciding whether a spade may be led."""

    broken: bool = False
    """Whether a spade has been played on another suit's lead earlier in the hand."""

    flags: ClassVar[Mapping[str, str]] = {
        "broken": N_("Spades are broken: a spade was played on another suit's lead this hand")
    }

    def with_flags(self, **flags: bool) -> SpadesReferee:
        return self.with_broken(bool(flags.get("broken", False)))

    def with_broken(self, broken: bool) -> SpadesReferee:
        """The referee of a hand in which spades are broken (or not) yet."""
        return self if broken is self.broken else replace(self, broken=broken)

    def check_deck(self, cards: Sequence[Card], *, field: str = "plays") -> None:
        spades_deck_check(cards, field=field)

    def rule_trick(self, plays: Sequence[Card], trump: Suit | None, order: str) -> TrickRuling:
        return spades_trick_winner(plays)

    def rule_play(
        self,
        plays: Sequence[Card],
        hand: Sequence[Card],
        card: Card,
        trump: Suit | None,
        order: str,
    ) -> PlayVerdict:
        return spades_check_play(plays, hand, card, self.broken)


SPADES_REFEREE = SpadesReferee(
    key="spades",
    title="Spades",
    max_players=4,
    max_hand=13,
    has_order=False,
    ranks=tuple(Rank),
    specials=(),
)
REFEREE = SPADES_REFEREE
