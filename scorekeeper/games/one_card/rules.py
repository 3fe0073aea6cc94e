"""One Card, as RULES.md › One Card decides it: the scoresheet's side of the game.

>>> game = OneCardGame.new(["Ana", "Ben", "Cai"])
>>> info = game.next_round
>>> info.cards, info.dealer, info.first_bidder, game.lowest_bid
(8, 0, 1, 7)
>>> hand = game.record_from_mapping({"bidder": 1, "bid": 7, "trump": "hearts",
...     "order": "uptown", "points": [5, 7, 3], "last_trick": 0}, 1)
>>> game.apply_round(hand).totals
(5, 7, 3)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar, TypeGuard

from ...rules.cards import Suit
from ...rules.errors import (
    N_,
    BidError,
    OptionError,
    PlayerError,
    PointsError,
    RoundError,
    RoundRefused,
    RuleError,
    TrumpError,
)
from ...rules.game import Game, RoundInfo, ScoredRound, SeatOutcome

HAND_POINTS = 15  # K, Q, J: 1 point each (12); the Joker: 3 (RULES.md, One Card › Card points)
HIGHEST_BID = 15
DEAL_SIZES = {2: 12, 3: 8, 4: 6}
LOWEST_BIDS = {2: 8, 3: 7, 4: 6}
ORDERS = ("uptown", "downtown")
DEFAULT_TARGET = 30
TARGET_RANGE = (1, 999)
TIE_BREAK_HANDS = 100
"""Hands played off, at the most, after the last hand by which someone must have reached
the target (see :func:`most_hands`)."""


def lowest_bid(player_count: int) -> int:
    """The lowest legal bid: 8 with 2 players, 7 with 3, 6 with 4.

    >>> [lowest_bid(n) for n in (2, 3, 4)]
    [8, 7, 6]
    """
    return LOWEST_BIDS[player_count]


def most_hands(player_count: int, target: int) -> int:
    """The most hands a game may have. RULES.md, One Card › Scoring: the game ends once
    someone has reached the target with a single top total; a tie at the top is played
    off, hand after hand, and could go on for ever. Every hand adds at least a point to
    the totals (a bidder short of the bid took 14 points at most and scores nothing, so
    the others took one or more), so someone reaches the target by hand
    ``players × (target − 1) + 1``; after it, :data:`TIE_BREAK_HANDS` more play off a tie.
    A game still tied then takes no more hands.

    >>> most_hands(3, 30), most_hands(4, 999)
    (188, 4093)
    """
    return player_count * (target - 1) + 1 + TIE_BREAK_HANDS


def hand_scores(points: Sequence[int], bidder: int | None, bid: int | None) -> tuple[int, ...]:
    """Everyone scores the points they took; a bidder short of the bid scores 0.

    >>> hand_scores([5, 7, 3], bidder=1, bid=8)
    (5, 0, 3)
    >>> hand_scores([5, 7, 3], bidder=1, bid=7)
    (5, 7, 3)
    """
    return tuple(
        0 if seat == bidder and bid is not None and took < bid else took
        for seat, took in enumerate(points)
    )


@dataclass(frozen=True)
class Auction:
    """The bidding of one hand, call by call, from the player left of the dealer.

    A call is a bid (a number of points) or a pass (None). A player who passes
    is out of the auction; it ends when someone bids 15, when every other
    player has passed after a bid, or when everyone has passed.

    >>> auction = Auction(players=3, dealer=0, lowest=7)
    >>> auction = auction.apply_call(7).apply_call(None).apply_call(8)
    >>> auction.to_call, auction.legal_bids()[:2]
    (1, [9, 10])
    >>> auction = auction.apply_call(None)
    >>> auction.is_over, auction.contract
    (True, (0, 8))
    """

    players: int
    dealer: int
    lowest: int
    calls: tuple[int | None, ...] = ()

    def _walk(self) -> tuple[int | None, int | None, set[int], int | None]:
        """(seat to call next, highest bidder, seats that passed, highest bid)."""
        passed: set[int] = set()
        bidder: int | None = None
        highest: int | None = None
        seat = (self.dealer + 1) % self.players
        for call in self.calls:
            if call is None:
                passed.add(seat)
            else:
                bidder, highest = seat, call
            seat = self._next_seat(seat, passed)
        return seat, bidder, passed, highest

    def _next_seat(self, seat: int, passed: set[int]) -> int:
        for step in range(1, self.players + 1):
            candidate = (seat + step) % self.players
            if candidate not in passed:
                return candidate
        return seat

    @property
    def is_over(self) -> bool:
        _, bidder, passed, highest = self._walk()
        if highest == HIGHEST_BID:
            return True
        if bidder is None:
            return len(passed) == self.players
        return len(passed) == self.players - 1

    @property
    def to_call(self) -> int | None:
        """The seat whose turn it is, or None once the auction is over."""
        return None if self.is_over else self._walk()[0]

    @property
    def contract(self) -> tuple[int, int] | None:
        """(bidder, bid) once someone has bid; None while no one has."""
        _, bidder, _, highest = self._walk()
        if bidder is None or highest is None:
            return None
        return bidder, highest

    def legal_bids(self) -> list[int]:
        if self.is_over:
            return []
        highest = self._walk()[3]
        start = self.lowest if highest is None else highest + 1
        return list(range(start, HIGHEST_BID + 1))

    def check_call(self, call: int | None) -> None:
        """Raise :class:`BidError` if the next call may not be ``call``."""
        if self.is_over:
            raise BidError("The auction is over", field="auction")
        if call is None:
            return
        if not _is_whole(call):
            raise BidError("A bid is a whole number of points", field="auction")
        highest = self._walk()[3]
        if call > HIGHEST_BID:
            raise BidError(
                "A bid of {bid} is above {top}, every point in the hand",
                bid=call,
                top=HIGHEST_BID,
                field="auction",
            )
        if call < self.lowest:
            raise BidError(
                "The lowest bid with {players} players is {lowest}, not {bid}",
                players=self.players,
                lowest=self.lowest,
                bid=call,
                field="auction",
            )
        if highest is not None and call <= highest:
            raise BidError(
                "A bid must be higher than {highest}, the bid before it",
                highest=highest,
                field="auction",
            )

    def is_legal_call(self, call: int | None) -> bool:
        try:
            self.check_call(call)
        except BidError:
            return False
        return True

    def apply_call(self, call: int | None) -> Auction:
        self.check_call(call)
        return replace(self, calls=(*self.calls, call))


@dataclass(frozen=True)
class OneCardOptions:
    target: int = DEFAULT_TARGET


@dataclass(frozen=True)
class OneCardHand:
    """The facts of one hand: the deal, the contract, the trump and the points taken."""

    dealer: int
    bidder: int | None
    bid: int | None
    trump: Suit | None
    order: str
    points: tuple[int, ...]
    last_trick: int
    auction: tuple[int | None, ...] | None = None
    """The calls from the player left of the dealer (None for a pass), when recorded."""

    @property
    def made(self) -> bool | None:
        """Whether the bidder took at least the bid; None when everyone passed."""
        if self.bidder is None or self.bid is None:
            return None
        return self.points[self.bidder] >= self.bid

    def to_mapping(self) -> dict[str, Any]:
        return {
            "dealer": self.dealer,
            "bidder": self.bidder,
            "bid": self.bid,
            "trump": self.trump.word if self.trump else "none",
            "order": self.order,
            "points": list(self.points),
            "last_trick": self.last_trick,
            "auction": None if self.auction is None else list(self.auction),
        }


@dataclass(frozen=True)
class OneCardGame(Game[OneCardHand, OneCardOptions]):
    key: ClassVar[str] = "one_card"
    title: ClassVar[str] = N_("One Card")
    """The game's name, in English (translated where it is shown)."""
    round_word: ClassVar[str] = "hand"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    seat_lists: ClassVar[tuple[str, ...]] = ("points",)
    seat_choices: ClassVar[tuple[str, ...]] = ("last_trick",)
    play_fields: ClassVar[tuple[str, ...]] = ("points", "last_trick")

    def play_placeholder(self, info: RoundInfo) -> dict[str, Any]:
        return {"points": [0] * self.player_count, "last_trick": 0}

    @classmethod
    def default_options(cls, player_count: int) -> OneCardOptions:
        return OneCardOptions()

    @classmethod
    def options_from_mapping(
        cls, data: Mapping[str, Any] | None, player_count: int
    ) -> OneCardOptions:
        if data is None:
            data = {}
        if not isinstance(data, Mapping):
            raise OptionError("Options must be an object", field="options")
        unknown = sorted(set(data) - {"target"})
        if unknown:
            raise OptionError("One Card has no option “{name}”", name=unknown[0], field="options")
        target = data.get("target")
        if target is None:
            target = DEFAULT_TARGET
        low, high = TARGET_RANGE
        if not _is_whole(target) or not low <= target <= high:
            raise OptionError(
                "The target is a whole number of points from {low} to {high}",
                low=low,
                high=high,
                field="target",
            )
        return OneCardOptions(target=target)

    def options_mapping(self) -> dict[str, Any]:
        return {"target": self.options.target}

    @property
    def planned_rounds(self) -> None:
        return None

    def deal_size(self, number: int) -> int:
        """12 cards each to 2 players, 8 to 3, 6 to 4; the last card is the one card."""
        return DEAL_SIZES[self.player_count]

    @property
    def lowest_bid(self) -> int:
        return lowest_bid(self.player_count)

    def auction(self, dealer: int) -> Auction:
        return Auction(players=self.player_count, dealer=dealer, lowest=self.lowest_bid)

    def first_leader(self, dealer: int, bidder: int | None) -> int:
        """Who leads the first trick: the highest bidder; when everyone passed, the
        player opposite the dealer (2 players: the other one; 3 players, where no one
        sits opposite: the player left of the dealer, the app's own decision)."""
        if bidder is not None:
            return bidder
        if self.player_count == 4:
            return (dealer + 2) % 4
        return self.left_of(dealer)

    def is_over(self, scored: Sequence[ScoredRound[OneCardHand]]) -> bool:
        """After a hand in which someone reached the target, with a single top total."""
        if not scored:
            return False
        totals = scored[-1].totals
        top = max(totals)
        return top >= self.options.target and totals.count(top) == 1

    @property
    def most_rounds(self) -> int:
        return most_hands(self.player_count, self.options.target)

    def round_limit_error(self, number: int) -> RuleError:
        return RoundError(
            "A game of One Card to {target} points with {players} players has at most {most} hands",
            target=self.options.target,
            players=self.player_count,
            most=self.most_rounds,
            field="number",
        )

    def distance_to_target(self) -> tuple[int, ...]:
        return tuple(max(self.options.target - total, 0) for total in self.totals)

    def derived(self, record: OneCardHand) -> dict[str, Any]:
        return {"made": record.made}

    # -- a hand --------------------------------------------------------------

    def record_from_mapping(self, data: Mapping[str, Any], number: int) -> OneCardHand:
        if not isinstance(data, Mapping):
            raise RuleError("A hand must be an object", field="round")
        errors: list[RuleError] = []
        count = self.player_count

        dealer = self.dealer_from_mapping(data, number, errors)

        auction: tuple[int | None, ...] | None = None
        raw_auction = data.get("auction")
        if raw_auction is not None:
            if not isinstance(raw_auction, list | tuple) or not all(
                call is None or _is_whole(call) for call in raw_auction
            ):
                errors.append(
                    BidError(
                        "The auction is a list of calls: a number of points, or null for a pass",
                        field="auction",
                    )
                )
            else:
                auction = tuple(raw_auction)

        bidder = data.get("bidder")
        bid = data.get("bid")
        if auction is not None and "bidder" not in data and "bid" not in data:
            # The contract follows from the auction (judged in record_errors).
            contract = Auction(count, dealer, self.lowest_bid, auction).contract
            bidder, bid = contract if contract else (None, None)
        if bidder is not None and (not _is_whole(bidder) or not 0 <= bidder < count):
            errors.append(
                PlayerError(
                    "The bidder must be a seat from 0 to {last}, or null when everyone passed",
                    last=count - 1,
                    field="bidder",
                )
            )
            bidder = None
        if bid is not None and not _is_whole(bid):
            errors.append(BidError("A bid is a whole number of points", field="bid"))
            bid = None

        trump: Suit | None = None
        raw_trump = data.get("trump") or "none"
        if isinstance(raw_trump, str) and raw_trump.strip().lower() in (
            *(suit.word for suit in Suit),
            "none",
        ):
            word = raw_trump.strip().lower()
            trump = None if word == "none" else Suit.parse(word)
        else:
            errors.append(
                TrumpError("Trump must be clubs, diamonds, hearts, spades or none", field="trump")
            )

        order = data.get("order", "uptown")
        if not isinstance(order, str) or order.strip().lower() not in ORDERS:
            errors.append(RuleError("The order is uptown or downtown", field="order"))
            order = "uptown"
        order = order.strip().lower()

        points: tuple[int, ...] = ()
        raw_points = data.get("points")
        if not isinstance(raw_points, list | tuple) or len(raw_points) != count:
            errors.append(
                PointsError(
                    "Give the points each of the {players} players took, in seat order",
                    players=count,
                    field="points",
                )
            )
        elif not all(_is_whole(p) for p in raw_points):
            errors.append(PointsError("Points are whole numbers", field="points"))
        else:
            points = tuple(raw_points)

        last_trick = data.get("last_trick")
        if not _is_whole(last_trick) or not 0 <= last_trick < count:
            errors.append(
                PlayerError(
                    "Say who won the last trick (and the one card): a seat from 0 to {last}",
                    last=count - 1,
                    field="last_trick",
                )
            )
            last_trick = 0

        if errors:
            raise RoundRefused(errors)
        return OneCardHand(
            dealer=dealer,
            bidder=bidder,
            bid=bid,
            trump=trump,
            order=order,
            points=points,
            last_trick=last_trick,
            auction=auction,
        )

    def record_errors(self, record: OneCardHand, info: RoundInfo) -> list[RuleError]:
        order_errors = (
            []
            if record.order in ORDERS
            else [RuleError("The order is uptown or downtown", field="order")]
        )
        return [
            *self.auction_errors(record),
            *self.contract_errors(record),
            *self.trump_errors(record),
            *order_errors,
            *self.points_errors(record),
            *self.last_trick_errors(record),
        ]

    def auction_errors(self, record: OneCardHand) -> list[RuleError]:
        """Each call in turn: a pass, or a bid higher than the one before it; and an end."""
        if record.auction is None:
            return []
        auction = self.auction(record.dealer)
        for call in record.auction:
            seat = auction.to_call
            try:
                auction = auction.apply_call(call)
            except BidError as error:
                if seat is None:
                    return [error]
                return [
                    BidError(
                        "{name}: {reason}",
                        name=self.player_name(seat),
                        reason=error,
                        field="auction",
                        seat=seat,
                    )
                ]
        if not auction.is_over:
            seat = auction.to_call
            assert seat is not None
            return [
                BidError(
                    "The auction is not over: {name} still bids or passes",
                    name=self.player_name(seat),
                    field="auction",
                )
            ]
        if auction.contract != (
            None if record.bidder is None or record.bid is None else (record.bidder, record.bid)
        ):
            return [
                BidError(
                    "The auction and the contract disagree: give one or the other",
                    field="auction",
                )
            ]
        return []

    def contract_errors(self, record: OneCardHand) -> list[RuleError]:
        """RULES.md, One Card › Bidding: one contract, from the lowest bid to 15."""
        if record.bidder is not None and not 0 <= record.bidder < self.player_count:
            return [
                PlayerError(
                    "The bidder must be a seat from 0 to {last}, or null when everyone passed",
                    last=self.player_count - 1,
                    field="bidder",
                )
            ]
        if (record.bidder is None) != (record.bid is None):
            return [
                BidError(
                    "Give both the bidder and the bid, or neither when everyone passed",
                    field="bid" if record.bid is None else "bidder",
                )
            ]
        if record.bid is None:
            return []
        if not self.lowest_bid <= record.bid <= HIGHEST_BID:
            return [
                BidError(
                    "With {players} players a bid is from {lowest} to {top} points, not {bid}",
                    players=self.player_count,
                    lowest=self.lowest_bid,
                    top=HIGHEST_BID,
                    bid=record.bid,
                    field="bid",
                )
            ]
        return []

    def trump_errors(self, record: OneCardHand) -> list[RuleError]:
        """No trump when everyone passed; otherwise the suit of the bidder's first lead."""
        if record.bidder is None and record.trump is not None:
            return [
                TrumpError(
                    "Everyone passed, so there is no trump this hand",
                    field="trump",
                )
            ]
        seated = record.bidder is not None and 0 <= record.bidder < self.player_count
        if seated and record.trump is None:
            assert record.bidder is not None
            return [
                TrumpError(
                    "The suit of {name}'s first lead is trump: say which suit it was",
                    name=self.player_name(record.bidder),
                    field="trump",
                )
            ]
        return []

    def points_errors(self, record: OneCardHand) -> list[RuleError]:
        """Each player's points from 0 to 15, adding up to the 15 in every hand."""
        if len(record.points) != self.player_count:
            return [
                PointsError(
                    "Give the points each of the {players} players took, in seat order",
                    players=self.player_count,
                    field="points",
                )
            ]
        for seat, took in enumerate(record.points):
            if not _is_whole(took) or not 0 <= took <= HAND_POINTS:
                return [
                    PointsError(
                        "{name}'s points must be a whole number from 0 to {top}",
                        name=self.player_name(seat),
                        top=HAND_POINTS,
                        field="points",
                        seat=seat,
                    )
                ]
        taken = sum(record.points)
        if taken != HAND_POINTS:
            return [
                PointsError(
                    "Points add up to {taken}, but every hand holds {top}, the one card included",
                    taken=taken,
                    top=HAND_POINTS,
                    field="points",
                )
            ]
        return []

    def last_trick_errors(self, record: OneCardHand) -> list[RuleError]:
        if not 0 <= record.last_trick < self.player_count:
            return [
                PlayerError("The winner of the last trick must be at the table", field="last_trick")
            ]
        return []

    def seat_outcomes(self, record: OneCardHand) -> tuple[SeatOutcome, ...]:
        return tuple(
            SeatOutcome(
                bid=record.bid if seat == record.bidder else None,
                took=took,
                made=record.made if seat == record.bidder else None,
            )
            for seat, took in enumerate(record.points)
        )

    def round_scores(self, record: OneCardHand, info: RoundInfo) -> tuple[int, ...]:
        return hand_scores(record.points, record.bidder, record.bid)


def _is_whole(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


GAME = OneCardGame
"""The game this folder holds (``scorekeeper.games.GAMES``)."""
