"""What the games of bidding tricks share: Wizard and Oh Hell.

In both, every player bids the tricks they will take, left of the dealer first and the
dealer last; the hook may forbid the dealer the bid that would make the bids add up to
the cards; the tricks taken add up to the cards; and a turned card decides the trump.
A game of the family says how many cards a round deals, which cards can be turned and
what a bid met or missed scores; this module does the rest the same way for both.

>>> forbidden_bid([1, 2], 5), forbidden_bid([3, 2], 5), forbidden_bid([4, 3], 5)
(2, 0, None)
"""

from __future__ import annotations

import abc
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol, TypeGuard, TypeVar

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

TRUMP_WORDS = ("clubs", "diamonds", "hearts", "spades", "none")


def forbidden_bid(earlier_bids: Sequence[int], cards: int) -> int | None:
    """Under the hook, the one bid the dealer may not make, if any.

    It is the bid that would make the round's bids add up to the cards dealt;
    when the earlier bids already exceed that, nothing is forbidden
    (RULES.md, Wizard › Bidding; Oh Hell › Bidding).
    """
    rest = cards - sum(earlier_bids)
    return rest if rest >= 0 else None


MAX_SCHEDULE = 100
"""The most rounds a table's own list of hand sizes may hold (the app's decision: a
bound, not a rule)."""


def hand_sizes(sizes: Sequence[Any], most: int, player_count: int) -> tuple[int, ...]:
    """A table's own list of hand sizes, round by round, each from 1 to ``most``.

    >>> hand_sizes([1, 2, 4, 11, 16, 20], 20, 3)
    (1, 2, 4, 11, 16, 20)
    >>> try:
    ...     hand_sizes([1, 21], 20, 3)
    ... except OptionError as error:
    ...     print(error.field, error)
    schedule With 3 players each hand size in the schedule is a whole number from 1 to 20
    """
    if not sizes:
        raise OptionError("A schedule needs at least one round", field="schedule")
    if len(sizes) > MAX_SCHEDULE:
        raise OptionError(
            "A schedule has at most {most} rounds", most=MAX_SCHEDULE, field="schedule"
        )
    if not all(is_whole(size) and 1 <= size <= most for size in sizes):
        raise OptionError(
            "With {players} players each hand size in the schedule is a whole number"
            " from 1 to {most}",
            players=player_count,
            most=most,
            field="schedule",
        )
    return tuple(sizes)


def hidden_bids_option(data: Mapping[str, Any]) -> bool:
    """The hidden bids option as the API writes it (off when left out)."""
    hidden = data.get("hidden_bids", False)
    if hidden is None:
        return False
    if not isinstance(hidden, bool):
        raise OptionError("The hidden bids option is true or false", field="hidden_bids")
    return hidden


class HookOptions(Protocol):
    """Options that say whether the hook is played."""

    @property
    def hook(self) -> bool: ...

    @property
    def hidden_bids(self) -> bool:
        """Whether each player bids secretly on their own phone, all revealed at once."""


@dataclass(frozen=True)
class TrickRound:
    """The facts of one round: who dealt, the trump, and each seat's bid and tricks."""

    dealer: int
    trump: Suit | None
    turned: Card | None
    bids: tuple[int, ...]
    tricks: tuple[int, ...]

    @property
    def counted_bids(self) -> tuple[int, ...]:
        """The bids the round is scored against: the bids as made, unless the game lets a
        bid change during play (Wizard's Cloud)."""
        return self.bids

    def to_mapping(self) -> dict[str, Any]:
        return {
            "dealer": self.dealer,
            "trump": self.trump.word if self.trump else "none",
            "turned": str(self.turned) if self.turned else None,
            "bids": list(self.bids),
            "tricks": list(self.tricks),
        }


BR = TypeVar("BR", bound=TrickRound)
HO = TypeVar("HO", bound=HookOptions)


class TrickBiddingGame(Game[BR, HO]):
    """A game where each seat bids and takes tricks, one round after another."""

    seat_lists: ClassVar[tuple[str, ...]] = ("bids", "tricks")
    play_fields: ClassVar[tuple[str, ...]] = ("tricks",)

    # -- what each game of the family says ----------------------------------

    @abc.abstractmethod
    def turns_trump(self, number: int) -> bool:
        """Whether a card is turned for trump in round ``number`` (not when every card
        is dealt)."""

    round_record: ClassVar[type[Any]]
    """The game's own record of a round (a :class:`TrickRound`), made from its parts."""

    def make_round(
        self,
        dealer: int,
        trump: Suit | None,
        turned: Card | None,
        bids: tuple[int, ...],
        tricks: tuple[int, ...],
    ) -> BR:
        """The game's own record of a round read from its parts."""
        record: BR = self.round_record(
            dealer=dealer, trump=trump, turned=turned, bids=bids, tricks=tricks
        )
        return record

    @abc.abstractmethod
    def trump_when_unsaid(
        self, turned: Card | None, number: int, errors: list[RuleError]
    ) -> Suit | None:
        """The trump of a round entered without one, from its turned card; problems are
        added to ``errors``."""

    @abc.abstractmethod
    def trump_errors(self, record: BR, info: RoundInfo) -> list[RuleError]:
        """Every reason the trump and the turned card cannot be as recorded."""

    @abc.abstractmethod
    def score(self, bid: int, took: int) -> int:
        """What a player who bid ``bid`` and took ``took`` tricks scores."""

    def tricks_won(self, record: BR, info: RoundInfo) -> int:
        """Tricks taken in the round, all players together: by default one for every card
        in a hand."""
        return info.cards

    def tricks_sum_error(self, record: BR, info: RoundInfo, taken: int) -> RuleError:
        """The refusal of tricks that add up to ``taken``, not to :meth:`tricks_won`."""
        return TrickError(
            "Tricks add up to {taken}, but {cards} card was dealt",
            "Tricks add up to {taken}, but {cards} cards were dealt",
            plural_by="cards",
            taken=taken,
            cards=info.cards,
            field="tricks",
        )

    def hook_applies(self, info: RoundInfo) -> bool:
        """Whether the hook holds in this round: by default, whenever the option is on."""
        return self.options.hook

    def play_placeholder(self, info: RoundInfo) -> dict[str, Any]:
        return {"tricks": [0] * self.player_count}

    def over_under(self, pending: Mapping[str, Any], cards: int) -> int | None:
        """The bids' sum less the cards a hand: above 0 the table bid more tricks than
        there are (someone must miss), below 0 fewer; None while a bid is missing.

        >>> from scorekeeper.games.wizard.rules import WizardGame
        >>> game = WizardGame.new(["Ana", "Ben", "Cai"], 0)
        >>> game.over_under({"bids": [2, 2, 1]}, 4), game.over_under({"bids": [1, None, 0]}, 4)
        (1, None)
        """
        bids = pending.get("bids")
        if not isinstance(bids, list | tuple) or not all(is_whole(bid) for bid in bids):
            return None
        return sum(bids) - cards

    @property
    def hides_bids(self) -> bool:
        return self.options.hidden_bids

    def hidden_bid_errors(
        self, info: RoundInfo, given: Sequence[Any], bids: Sequence[Any]
    ) -> list[RuleError]:
        """Each secret bid on its own (a whole number from 0 to the cards); under the
        hook the dealer bids last, once every other bid is in, and is judged against them
        with the whole round.

        >>> from scorekeeper.games.wizard.rules import WizardGame
        >>> game = WizardGame.new(["Ana", "Ben", "Cai"], 0, {"hook": True})
        >>> info = game.round_info(1, dealer=2)  # Cai deals
        >>> game.hidden_bid_errors(info, [1, None, None], [1, None, None])
        []
        >>> [e.field for e in game.hidden_bid_errors(info, [None, None, 1], [1, None, 1])]
        ['bids']
        """
        errors: list[RuleError] = []
        for seat, bid in enumerate(given):
            if bid is None:
                continue
            others_in = all(b is not None for other, b in enumerate(bids) if other != seat)
            if seat == info.dealer and self.hook_applies(info) and not others_in:
                errors.append(
                    BidError(
                        "Hook: {name} deals and bids last, once every other bid is in",
                        name=self.player_name(seat),
                        field="bids",
                        seat=seat,
                    )
                )
                continue
            # Only the dealer's bid depends on the others' (the hook); all are in for it.
            earlier = [b for other, b in enumerate(bids) if other != seat and b is not None]
            try:
                self.check_bid(info, earlier if seat == info.dealer else [], seat, bid)
            except BidError as error:
                errors.append(error)
        return errors

    def hidden_bid_turn(
        self, info: RoundInfo, bids: Sequence[Any], seat: int
    ) -> tuple[bool, int | None]:
        """Under the hook the dealer bids last, and not the bid that makes the bids add up
        to the cards; everyone else bids when they like.

        >>> from scorekeeper.games.wizard.rules import WizardGame
        >>> game = WizardGame.new(["Ana", "Ben", "Cai"], 0, {"hook": True})
        >>> info = game.round_info(1, dealer=2)  # Cai deals one card
        >>> game.hidden_bid_turn(info, [0, None, None], 2)
        (True, None)
        >>> game.hidden_bid_turn(info, [0, 0, None], 2)
        (False, 1)
        """
        if seat != info.dealer or not self.hook_applies(info):
            return False, None
        others = [bid for other, bid in enumerate(bids) if other != seat]
        if len(others) != self.player_count - 1 or any(bid is None for bid in others):
            return True, None
        return False, self.forbidden_bid(info, others, seat)

    # -- bids ----------------------------------------------------------------

    def legal_bids(self, info: RoundInfo, earlier_bids: Sequence[int], seat: int) -> list[int]:
        """The bids seat ``seat`` may make, given the bids made before it."""
        return [
            bid for bid in range(info.cards + 1) if self.is_legal_bid(info, earlier_bids, seat, bid)
        ]

    def forbidden_bid(self, info: RoundInfo, earlier_bids: Sequence[int], seat: int) -> int | None:
        """The bid the hook forbids this seat, if any (only ever the dealer's)."""
        if not self.hook_applies(info) or seat != info.dealer:
            return None
        return forbidden_bid(earlier_bids, info.cards)

    def check_bid(self, info: RoundInfo, earlier_bids: Sequence[int], seat: int, bid: int) -> None:
        """Raise :class:`BidError` if ``seat`` may not bid ``bid`` after ``earlier_bids``."""
        if not 0 <= seat < self.player_count:
            raise BidError("There is no seat {seat} at this table", seat=seat + 1, field="bids")
        name = self.player_name(seat)
        if not is_whole(bid) or not 0 <= bid <= info.cards:
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

    def record_from_mapping(self, data: Mapping[str, Any], number: int) -> BR:
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
            trump = self.trump_when_unsaid(turned, number, errors)
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
        return self.make_round(dealer, trump, turned, bids, tricks)

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
        if not all(is_whole(v) for v in value):
            errors.append(RuleError("Each {what} must be a whole number", what=what, field=field))
            return ()
        return tuple(value)

    def record_errors(self, record: BR, info: RoundInfo) -> list[RuleError]:
        return [
            *self.trump_errors(record, info),
            *self.bid_errors(record, info),
            *self.trick_errors(record, info),
        ]

    def nothing_turned_error(self, info: RoundInfo) -> RuleError:
        """A card said to be turned in a round that deals every card."""
        return TrumpError(
            "Nothing is turned in round {number}: every card is dealt",
            number=info.number,
            field="turned",
        )

    def turned_suit_errors(self, record: BR) -> list[RuleError]:
        """A suited card turned makes its suit trump, and no other."""
        turned = record.turned
        if turned is not None and turned.suit is not None and record.trump is not turned.suit:
            return [
                TrumpError(
                    "The turned card is the {card}, so {suit} are trump",
                    card=turned.label,
                    suit=turned.suit.word,
                    field="trump",
                )
            ]
        return []

    def bid_errors(self, record: BR, info: RoundInfo) -> list[RuleError]:
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

    def trick_errors(self, record: BR, info: RoundInfo) -> list[RuleError]:
        """Each count from 0 to the cards, and all of them adding up to the tricks won."""
        if len(record.tricks) != self.player_count:
            return [self._count_error("number of tricks", "tricks")]
        if not all(is_whole(took) for took in record.tricks):
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
        if taken != self.tricks_won(record, info):
            return [self.tricks_sum_error(record, info, taken)]
        return []

    # -- results -------------------------------------------------------------

    def seat_outcomes(self, record: BR) -> tuple[SeatOutcome, ...]:
        """Each seat's bid as counted (a bid changed by Wizard's Cloud, changed) and
        whether the tricks met it."""
        return tuple(
            SeatOutcome(bid=bid, took=took, made=bid == took)
            for bid, took in zip(record.counted_bids, record.tricks, strict=True)
        )

    def round_scores(self, record: BR, info: RoundInfo) -> tuple[int, ...]:
        return tuple(
            self.score(bid, took)
            for bid, took in zip(record.counted_bids, record.tricks, strict=True)
        )


def is_whole(value: Any) -> TypeGuard[int]:
    """A whole number, and not a truth value (``True`` is an ``int`` to Python)."""
    return isinstance(value, int) and not isinstance(value, bool)
