"""Wizard, as RULES.md › Wizard decides it: the scoresheet's side of the game.

>>> game = WizardGame.new(["Ana", "Ben", "Cai"])
>>> game.planned_rounds, game.next_round.cards, game.next_round.first_bidder
(20, 1, 1)
>>> record = game.record_from_mapping(
...     {"trump": "hearts", "turned": "7h", "bids": [1, 0, 0], "tricks": [1, 0, 0]}, 1)
>>> game = game.apply_round(record)
>>> game.totals
(30, 20, 20)
>>> round_score(bid=5, took=3)
-20
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from .bidding import TRUMP_WORDS, TrickBiddingGame, TrickRound, forbidden_bid, is_whole
from .cards import Card, Suit
from .errors import (
    CardError,
    OptionError,
    RuleError,
    TrumpError,
)
from .game import RoundInfo

DECK_SIZE = 60  # 52 suited cards, 4 Wizards, 4 Jesters (RULES.md, Wizard › Deck)
__all__ = [
    "DECK_SIZE",
    "TRUMP_WORDS",
    "WizardGame",
    "WizardOptions",
    "WizardRound",
    "forbidden_bid",
    "full_game_rounds",
    "round_score",
    "trump_for_turned",
]


def full_game_rounds(player_count: int) -> int:
    """Rounds in a full game: the whole deck is dealt in the last one.

    >>> [full_game_rounds(n) for n in (3, 4, 5, 6)]
    [20, 15, 12, 10]
    """
    return DECK_SIZE // player_count


def round_score(bid: int, took: int) -> int:
    """20 and 10 a trick for a bid met exactly; minus 10 a trick off otherwise.

    >>> round_score(4, 4), round_score(0, 0), round_score(0, 2)
    (60, 20, -20)
    """
    if bid == took:
        return 20 + 10 * took
    return -10 * abs(bid - took)


def trump_for_turned(card: Card | None) -> Suit | None:
    """The trump a turned card makes, when the card alone decides it.

    A Jester means no trump; a Wizard lets the dealer choose, so it decides
    nothing by itself (returns None, as does no card at all).
    """
    if card is None or card.special is not None:
        return None
    return card.suit


@dataclass(frozen=True)
class WizardOptions:
    hook: bool = False
    rounds: int = 20
    """Rounds to play: the full game (60 / players) or a short game of fewer."""


@dataclass(frozen=True)
class WizardRound(TrickRound):
    """The facts of one round: who dealt, the trump, and each seat's bid and tricks."""


@dataclass(frozen=True)
class WizardGame(TrickBiddingGame[WizardRound, WizardOptions]):
    key: ClassVar[str] = "wizard"
    round_record = WizardRound
    title: ClassVar[str] = "Wizard"
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 6

    # -- options -------------------------------------------------------------

    @classmethod
    def default_options(cls, player_count: int) -> WizardOptions:
        return WizardOptions(hook=False, rounds=full_game_rounds(player_count))

    @classmethod
    def options_from_mapping(
        cls, data: Mapping[str, Any] | None, player_count: int
    ) -> WizardOptions:
        if data is None:
            data = {}
        if not isinstance(data, Mapping):
            raise OptionError("Options must be an object", field="options")
        unknown = sorted(set(data) - {"hook", "rounds"})
        if unknown:
            raise OptionError("Wizard has no option “{name}”", name=unknown[0], field="options")
        hook = data.get("hook", False)
        if not isinstance(hook, bool):
            raise OptionError("The hook option is true or false", field="hook")
        full = full_game_rounds(player_count)
        rounds = data.get("rounds")
        if rounds is None:
            rounds = full
        if not is_whole(rounds) or not 1 <= rounds <= full:
            raise OptionError(
                "A game of {players} players has 1 to {full} rounds",
                players=player_count,
                full=full,
                field="rounds",
            )
        return WizardOptions(hook=hook, rounds=rounds)

    def options_mapping(self) -> dict[str, Any]:
        return {"hook": self.options.hook, "rounds": self.options.rounds}

    # -- the deal ------------------------------------------------------------

    @property
    def planned_rounds(self) -> int:
        return self.options.rounds

    @property
    def is_short_game(self) -> bool:
        return self.options.rounds < full_game_rounds(self.player_count)

    def deal_size(self, number: int) -> int:
        """Round *r* deals *r* cards to each player."""
        return number

    def turns_trump(self, number: int) -> bool:
        """Whether a card is turned for trump in round ``number``.

        Not in the final round of a full game, where every card is dealt
        (RULES.md, Wizard › Trump); a short game's last round still turns one.
        """
        return number * self.player_count < DECK_SIZE

    # -- trump ---------------------------------------------------------------

    def trump_when_unsaid(
        self, turned: Card | None, number: int, errors: list[RuleError]
    ) -> Suit | None:
        """The turned card's suit; a Jester, no trump; a Wizard, the dealer's choice,
        which must then be said (RULES.md, Wizard › Trump)."""
        if turned is None and self.turns_trump(number):
            errors.append(
                TrumpError(
                    "Say which suit is trump: clubs, diamonds, hearts, spades or none",
                    field="trump",
                )
            )
        if turned is not None and turned.is_wizard and self.turns_trump(number):
            errors.append(
                TrumpError(
                    "A Wizard was turned: say which suit the dealer chose as trump",
                    field="trump",
                )
            )
        return trump_for_turned(turned)

    def trump_errors(self, record: WizardRound, info: RoundInfo) -> list[RuleError]:
        """RULES.md, Wizard › Trump: the trump must agree with the turned card."""
        turned, trump = record.turned, record.trump
        if turned is not None and turned.is_joker:
            return [
                CardError(
                    "There is no Joker in Wizard: the turned card is a suited card,"
                    " a Wizard or a Jester",
                    field="turned",
                )
            ]
        if not self.turns_trump(info.number):
            errors: list[RuleError] = []
            if turned is not None:
                errors.append(self.nothing_turned_error(info))
            if trump is not None:
                errors.append(
                    TrumpError(
                        "There is no trump in round {number}, the last round: every card is dealt",
                        number=info.number,
                        field="trump",
                    )
                )
            return errors
        if turned is None:
            return []
        if turned.is_jester and trump is not None:
            return [
                TrumpError(
                    "A Jester was turned, so there is no trump this round",
                    field="trump",
                )
            ]
        if turned.is_wizard and trump is None:
            return [
                TrumpError(
                    "A Wizard was turned: the dealer names a trump suit, and"
                    " “no trump” is not a choice",
                    field="trump",
                )
            ]
        return self.turned_suit_errors(record)

    def score(self, bid: int, took: int) -> int:
        return round_score(bid, took)
