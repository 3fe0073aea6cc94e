"""Tens: three cards each round from the plain pack, the turned card's suit is trump, every
player bids; a bid met exactly scores 10 and the bid, a bid missed nothing."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from ...rules.bidding import TrickBiddingGame, TrickRound, hidden_bids_option, is_whole
from ...rules.cards import Card, Suit
from ...rules.errors import N_, CardError, OptionError, RoundError, RuleError, TrumpError
from ...rules.game import RoundInfo

HAND = 3
MOST_ROUNDS = 10


@dataclass(frozen=True)
class TensOptions:
    rounds: int = 4
    hook: bool = False
    hidden_bids: bool = False


@dataclass(frozen=True)
class TensRound(TrickRound):
    """Who dealt, the card turned and its suit, each seat's bid and tricks."""


class TensGame(TrickBiddingGame[TensRound, TensOptions]):
    key: ClassVar[str] = "tens"
    round_record = TensRound
    title: ClassVar[str] = N_("Tens")
    """The game's name, in English (translated where it is shown)."""
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 5

    @classmethod
    def default_options(cls, player_count: int) -> TensOptions:
        return TensOptions()

    @classmethod
    def options_from_mapping(cls, data: Mapping[str, Any] | None, player_count: int) -> TensOptions:
        given = dict(data or {})
        unknown = sorted(set(given) - {"rounds", "hidden_bids"})
        if unknown:
            raise OptionError("Tens has no option “{name}”", name=unknown[0], field="options")
        rounds = given.get("rounds", TensOptions.rounds)
        if not is_whole(rounds) or not 1 <= rounds <= MOST_ROUNDS:
            raise OptionError(
                "A game of Tens has 1 to {most} rounds", most=MOST_ROUNDS, field="rounds"
            )
        return TensOptions(rounds=rounds, hidden_bids=hidden_bids_option(given))

    def options_mapping(self) -> dict[str, Any]:
        options: dict[str, Any] = {"rounds": self.options.rounds}
        if self.options.hidden_bids:
            options["hidden_bids"] = True
        return options

    @property
    def planned_rounds(self) -> int:
        return self.options.rounds

    def deal_size(self, number: int) -> int:
        if not 1 <= number <= self.options.rounds:
            raise RoundError(self.round_sentence("not in game"), number=number, field="number")
        return HAND

    def turns_trump(self, number: int) -> bool:
        return True

    def trump_when_unsaid(
        self, turned: Card | None, number: int, errors: list[RuleError]
    ) -> Suit | None:
        if turned is None:
            errors.append(
                TrumpError("Say which card was turned, or which suit is trump", field="trump")
            )
            return None
        return turned.suit

    def trump_errors(self, record: TensRound, info: RoundInfo) -> list[RuleError]:
        if record.turned is not None and record.turned.special is not None:
            return [
                CardError(
                    "There is no {card} in Tens: the turned card is one of the 52 cards"
                    " of the pack",
                    card=record.turned.label,
                    field="turned",
                )
            ]
        if record.turned is None and record.trump is None:
            return [
                TrumpError(
                    "A card is turned in round {number}, so there is a trump: say its suit",
                    number=info.number,
                    field="trump",
                )
            ]
        return self.turned_suit_errors(record)

    def score(self, bid: int, took: int) -> int:
        return 10 + bid if bid == took else 0


GAME = TensGame
"""The game this folder holds (``scorekeeper.games.GAMES``)."""
