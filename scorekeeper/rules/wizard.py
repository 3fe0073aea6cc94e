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

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, TypeGuard

from .cards import Card, Suit
from .errors import (
    BidError,
    CardError,
    OptionError,
    RoundRefused,
    RuleError,
    TrickError,
    TrumpError,
)
from .game import Game, RoundInfo, SeatOutcome

DECK_SIZE = 60  # 52 suited cards, 4 Wizards, 4 Jesters (RULES.md, Wizard › Deck)
TRUMP_WORDS = ("clubs", "diamonds", "hearts", "spades", "none")


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


def forbidden_bid(earlier_bids: Sequence[int], cards: int) -> int | None:
    """Under the hook, the one bid the dealer may not make, if any.

    It is the bid that would make the round's bids add up to the cards dealt;
    when the earlier bids already exceed that, nothing is forbidden
    (RULES.md, Wizard › Bidding).

    >>> forbidden_bid([1, 2], 5), forbidden_bid([3, 2], 5), forbidden_bid([4, 3], 5)
    (2, 0, None)
    """
    rest = cards - sum(earlier_bids)
    return rest if rest >= 0 else None


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
class WizardRound:
    """The facts of one round: who dealt, the trump, and each seat's bid and tricks."""

    dealer: int
    trump: Suit | None
    turned: Card | None
    bids: tuple[int, ...]
    tricks: tuple[int, ...]

    def to_mapping(self) -> dict[str, Any]:
        return {
            "dealer": self.dealer,
            "trump": self.trump.word if self.trump else "none",
            "turned": str(self.turned) if self.turned else None,
            "bids": list(self.bids),
            "tricks": list(self.tricks),
        }


@dataclass(frozen=True)
class WizardGame(Game[WizardRound, WizardOptions]):
    key: ClassVar[str] = "wizard"
    title: ClassVar[str] = "Wizard"
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 6
    seat_lists: ClassVar[tuple[str, ...]] = ("bids", "tricks")

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
        if not _is_whole(rounds) or not 1 <= rounds <= full:
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

    # -- bids ----------------------------------------------------------------

    def legal_bids(self, info: RoundInfo, earlier_bids: Sequence[int], seat: int) -> list[int]:
        """The bids seat ``seat`` may make, given the bids made before it."""
        return [
            bid for bid in range(info.cards + 1) if self.is_legal_bid(info, earlier_bids, seat, bid)
        ]

    def forbidden_bid(self, info: RoundInfo, earlier_bids: Sequence[int], seat: int) -> int | None:
        """The bid the hook forbids this seat, if any (only ever the dealer's)."""
        if not self.options.hook or seat != info.dealer:
            return None
        return forbidden_bid(earlier_bids, info.cards)

    def check_bid(self, info: RoundInfo, earlier_bids: Sequence[int], seat: int, bid: int) -> None:
        """Raise :class:`BidError` if ``seat`` may not bid ``bid`` after ``earlier_bids``."""
        if not 0 <= seat < self.player_count:
            raise BidError("There is no seat {seat} at this table", seat=seat + 1, field="bids")
        name = self.player_name(seat)
        if not _is_whole(bid) or not 0 <= bid <= info.cards:
            raise BidError(
                "{name}'s bid must be a whole number from 0 to {cards}",
                name=name,
                cards=info.cards,
                field="bids",
                seat=seat,
            )
        if bid == self.forbidden_bid(info, earlier_bids, seat):
            raise BidError(
                "Hook: {name} deals and may not bid {bid}, or the bids would add up"
                " to {cards}, one for every trick",
                name=name,
                bid=bid,
                cards=info.cards,
                field="bids",
                seat=seat,
            )

    def is_legal_bid(
        self, info: RoundInfo, earlier_bids: Sequence[int], seat: int, bid: int
    ) -> bool:
        try:
            self.check_bid(info, earlier_bids, seat, bid)
        except BidError:
            return False
        return True

    # -- a round -------------------------------------------------------------

    def record_from_mapping(self, data: Mapping[str, Any], number: int) -> WizardRound:
        if not isinstance(data, Mapping):
            raise RuleError("A round must be an object", field="round")
        errors: list[RuleError] = []

        dealer = self.dealer_from_mapping(data, number, errors)

        turned: Card | None = None
        raw_turned = data.get("turned")
        if raw_turned is not None:
            try:
                turned = Card.parse(raw_turned, field="turned")
            except CardError as error:
                errors.append(error)

        trump: Suit | None = None
        raw_trump = data.get("trump")
        if raw_trump is None:
            # Nothing said about trump: the turned card decides when it can.
            if turned is None and self.turns_trump(number):
                errors.append(
                    TrumpError(
                        "Say which suit is trump: clubs, diamonds, hearts, spades or none",
                        field="trump",
                    )
                )
            trump = trump_for_turned(turned)
            if turned is not None and turned.is_wizard and self.turns_trump(number):
                errors.append(
                    TrumpError(
                        "A Wizard was turned: say which suit the dealer chose as trump",
                        field="trump",
                    )
                )
        elif isinstance(raw_trump, str) and raw_trump.strip().lower() in TRUMP_WORDS:
            word = raw_trump.strip().lower()
            trump = None if word == "none" else Suit.parse(word)
        else:
            errors.append(
                TrumpError(
                    "Trump must be clubs, diamonds, hearts, spades or none",
                    field="trump",
                )
            )

        bids = self._seat_numbers(data.get("bids"), "bids", "bid", errors)
        tricks = self._seat_numbers(data.get("tricks"), "tricks", "number of tricks", errors)
        if errors:
            raise RoundRefused(errors)
        return WizardRound(dealer=dealer, trump=trump, turned=turned, bids=bids, tricks=tricks)

    def _count_error(self, what: str, field: str) -> RuleError:
        return RuleError(
            "Give one {what} for each of the {players} players, in seat order",
            what=what,
            players=self.player_count,
            field=field,
        )

    def _seat_numbers(
        self, value: Any, field: str, what: str, errors: list[RuleError]
    ) -> tuple[int, ...]:
        count = self.player_count
        if not isinstance(value, list | tuple) or len(value) != count:
            errors.append(self._count_error(what, field))
            return ()
        if not all(_is_whole(v) for v in value):
            errors.append(RuleError("Each {what} must be a whole number", what=what, field=field))
            return ()
        return tuple(value)

    def record_errors(self, record: WizardRound, info: RoundInfo) -> list[RuleError]:
        return [
            *self.trump_errors(record, info),
            *self.bid_errors(record, info),
            *self.trick_errors(record, info),
        ]

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
                errors.append(
                    TrumpError(
                        "Nothing is turned in round {number}: every card is dealt",
                        number=info.number,
                        field="turned",
                    )
                )
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
        if turned.suit is not None and trump is not turned.suit:
            return [
                TrumpError(
                    "The turned card is the {card}, so {suit} are trump",
                    card=turned.label,
                    suit=turned.suit.word,
                    field="trump",
                )
            ]
        return []

    def bid_errors(self, record: WizardRound, info: RoundInfo) -> list[RuleError]:
        """Each bid in bidding order, with the bids made before it."""
        if len(record.bids) != self.player_count:
            return [self._count_error("bid", "bids")]
        earlier: list[int] = []
        for seat in self.bidding_order(info.dealer):
            try:
                self.check_bid(info, earlier, seat, record.bids[seat])
            except BidError as error:
                return [error]
            earlier.append(record.bids[seat])
        return []

    def trick_errors(self, record: WizardRound, info: RoundInfo) -> list[RuleError]:
        """Each count from 0 to the cards, and all of them adding up to the cards."""
        if len(record.tricks) != self.player_count:
            return [self._count_error("number of tricks", "tricks")]
        if not all(_is_whole(took) for took in record.tricks):
            return [RuleError("Each number of tricks must be a whole number", field="tricks")]
        for seat, took in enumerate(record.tricks):
            if not 0 <= took <= info.cards:
                return [
                    TrickError(
                        "{name} cannot take {took} tricks in a round of {cards}",
                        "{name} cannot take {took} tricks in a round of {cards}",
                        plural_by="cards",
                        name=self.player_name(seat),
                        took=took,
                        cards=info.cards,
                        field="tricks",
                        seat=seat,
                    )
                ]
        taken = sum(record.tricks)
        if taken != info.cards:
            return [
                TrickError(
                    "Tricks add up to {taken}, but {cards} card was dealt",
                    "Tricks add up to {taken}, but {cards} cards were dealt",
                    plural_by="cards",
                    taken=taken,
                    cards=info.cards,
                    field="tricks",
                )
            ]
        return []

    def seat_outcomes(self, record: WizardRound) -> tuple[SeatOutcome, ...]:
        return tuple(
            SeatOutcome(bid=bid, took=took, made=bid == took)
            for bid, took in zip(record.bids, record.tricks, strict=True)
        )

    def round_scores(self, record: WizardRound, info: RoundInfo) -> tuple[int, ...]:
        return tuple(
            round_score(bid, took) for bid, took in zip(record.bids, record.tricks, strict=True)
        )


def _is_whole(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)
