"""Spades, as RULES.md › Spades decides it: the scoresheet's side of the game.

Four players in two fixed sides, partners opposite: seats 0 and 2 against 1 and 3. Each
hand deals all 52 cards; every player bids tricks (or nil), spades are always trump, and
the score belongs to the side.

>>> game = SpadesGame.new(["Ana", "Ben", "Cai", "Dee"])
>>> game.sides, game.next_round.cards, game.next_round.first_bidder
(((0, 2), (1, 3)), 13, 1)
>>> game = game.apply_round(game.parse_round({"bids": [3, "nil", 4, 2], "tricks": [3, 0, 5, 5]}))
>>> game.totals, game.side_totals, game.bags
((71, 123, 71, 123), (71, 123), (1, 3))

Ana and Cai bid 7 and took 8: 70 and a bag. Ben's nil held (+100); Dee bid 2 and took
5: 20 and 3 bags.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, TypeGuard

from ...rules.errors import (
    N_,
    BidError,
    OptionError,
    RoundError,
    RoundRefused,
    RuleError,
    TrickError,
)
from ...rules.game import Game, RoundInfo, ScoredRound, SeatOutcome

NIL = "nil"
BLIND_NIL = "blind_nil"
NIL_WORDS = (NIL, BLIND_NIL)
HAND = 13
"""Cards each player is dealt, and tricks in a hand: the whole pack, 52 cards to four."""
SIDES = ((0, 2), (1, 3))
"""Partners sit opposite: the first and third seats against the second and fourth."""
NIL_POINTS = {NIL: 100, BLIND_NIL: 200}
BAGS_PER_PENALTY = 10
BAG_PENALTY = 100
DEFAULT_TARGET = 500
TARGET_RANGE = (100, 1000)
MOST_HANDS = 1000
"""The most hands a game may have (the app's decision). A game of Spades need not end:
two sides that both miss their contracts lose points hand after hand, so unlike One
Card no count of hands makes someone reach the target. Tables play 10 to 30 hands to 500;
a thousand is far past any game played, and small enough to replay at once."""

Bid = int | str
"""A bid as recorded: a number of tricks from 1 to 13, ``"nil"`` or ``"blind_nil"``."""
Bags = tuple[int, ...]
"""Each side's bags after a hand: what Spades carries from one hand into the next."""


def is_nil(bid: Bid) -> bool:
    """A nil bid, blind or not."""
    return bid in NIL_WORDS


def tricks_bid(bid: Bid) -> int:
    """The tricks a bid promises: nil and blind nil promise none.

    >>> tricks_bid(4), tricks_bid("nil"), tricks_bid("blind_nil")
    (4, 0, 0)
    """
    return bid if _is_whole(bid) else 0


@dataclass(frozen=True)
class SpadesOptions:
    target: int = DEFAULT_TARGET
    """The total a side must reach to win (RULES.md, Spades › Scoring)."""
    blind_nil: bool = False
    """Whether a player may bid blind nil, before looking at the cards."""
    bag_penalty: bool = True
    """Whether every full 10 bags costs a side 100 points (and the 10 bags)."""


@dataclass(frozen=True)
class SpadesRound:
    """The facts of one hand: who dealt, and each seat's bid and tricks."""

    dealer: int
    bids: tuple[Bid, ...]
    tricks: tuple[int, ...]

    def to_mapping(self) -> dict[str, Any]:
        return {"dealer": self.dealer, "bids": list(self.bids), "tricks": list(self.tricks)}


@dataclass(frozen=True)
class SideHand:
    """One side's hand worked out (RULES.md, Spades › Scoring)."""

    contract: int | None
    """The sum of the side's non-nil bids; None when both players bid nil."""
    took: int
    """Tricks taken by the side's non-nil bidders: those that count for the contract."""
    contract_points: int
    nil_points: int
    new_bags: int
    penalty: int
    """Points lost to bags this hand (0 or less)."""
    bags: int
    """The side's bags after the hand."""

    @property
    def made(self) -> bool | None:
        """Whether the contract was made; None without a contract."""
        return None if self.contract is None else self.took >= self.contract

    @property
    def score(self) -> int:
        """The change of the side's total: contract, nil and bag penalties together."""
        return self.contract_points + self.nil_points + self.penalty


def side_hand(
    bids: Sequence[Bid], tricks: Sequence[int], bags_before: int, *, bag_penalty: bool = True
) -> SideHand:
    """A side's hand from its players' bids and tricks and its bags before it.

    A made contract scores 10 a trick bid and 1 a trick over, each trick over a bag; a
    broken one loses 10 a trick bid. A nil bidder's tricks never count for the partner's
    contract and are not bags; a nil scores 100 if kept and loses 100 if not (blind nil:
    200). Every full 10 bags costs 100 and takes the 10 bags off.

    >>> side_hand([4, 3], [5, 4], 0).score  # 7 bid, 9 taken: 70 and 2 bags
    72
    >>> side_hand([4, 3], [2, 4], 0).score  # 7 bid, 6 taken: broken
    -70
    >>> hand = side_hand([2, "nil"], [3, 1], 0)  # 21 and a bag; the nil fails: -100
    >>> hand.score, hand.bags  # the nil bidder's trick is no bag
    (-79, 1)
    >>> hand = side_hand([1, 1], [6, 7], 9)  # 9 bags, then 11 more
    >>> hand.score, hand.penalty, hand.bags
    (-169, -200, 0)
    >>> side_hand(["nil", "nil"], [0, 2], 5).score  # no contract: one nil kept, one lost
    0
    """
    counting = [seat for seat, bid in enumerate(bids) if not is_nil(bid)]
    nil_points = sum(
        NIL_POINTS[str(bid)] * (1 if tricks[seat] == 0 else -1)
        for seat, bid in enumerate(bids)
        if is_nil(bid)
    )
    if not counting:
        contract, took, contract_points, new_bags = None, 0, 0, 0
    else:
        contract = sum(tricks_bid(bids[seat]) for seat in counting)
        took = sum(tricks[seat] for seat in counting)
        if took >= contract:
            new_bags = took - contract
            contract_points = 10 * contract + new_bags
        else:
            new_bags, contract_points = 0, -10 * contract
    bags = bags_before + new_bags
    penalty = 0
    if bag_penalty:
        penalties, bags = divmod(bags, BAGS_PER_PENALTY)
        penalty = -BAG_PENALTY * penalties
    return SideHand(
        contract=contract,
        took=took,
        contract_points=contract_points,
        nil_points=nil_points,
        new_bags=new_bags,
        penalty=penalty,
        bags=bags,
    )


@dataclass(frozen=True)
class SpadesGame(Game[SpadesRound, SpadesOptions]):
    key: ClassVar[str] = "spades"
    title: ClassVar[str] = N_("Spades")
    round_word: ClassVar[str] = "hand"
    min_players: ClassVar[int] = 4
    max_players: ClassVar[int] = 4
    seat_lists: ClassVar[tuple[str, ...]] = ("bids", "tricks")
    play_fields: ClassVar[tuple[str, ...]] = ("tricks",)

    # -- options -------------------------------------------------------------

    @classmethod
    def default_options(cls, player_count: int) -> SpadesOptions:
        return SpadesOptions()

    @classmethod
    def options_from_mapping(
        cls, data: Mapping[str, Any] | None, player_count: int
    ) -> SpadesOptions:
        """Read and check the options as the API writes them; left out, the defaults.

        >>> SpadesGame.options_from_mapping({"target": 300, "blind_nil": True}, 4)
        SpadesOptions(target=300, blind_nil=True, bag_penalty=True)
        """
        if data is None:
            data = {}
        if not isinstance(data, Mapping):
            raise OptionError("Options must be an object", field="options")
        unknown = sorted(str(name) for name in set(data) - {"target", "blind_nil", "bag_penalty"})
        if unknown:
            raise OptionError("Spades has no option “{name}”", name=unknown[0], field="options")
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
        blind_nil = data.get("blind_nil")
        if blind_nil is None:
            blind_nil = False
        if not isinstance(blind_nil, bool):
            raise OptionError("The blind nil option is true or false", field="blind_nil")
        bag_penalty = data.get("bag_penalty")
        if bag_penalty is None:
            bag_penalty = True
        if not isinstance(bag_penalty, bool):
            raise OptionError("The bag penalty option is true or false", field="bag_penalty")
        return SpadesOptions(target=target, blind_nil=blind_nil, bag_penalty=bag_penalty)

    def options_mapping(self) -> dict[str, Any]:
        return {
            "target": self.options.target,
            "blind_nil": self.options.blind_nil,
            "bag_penalty": self.options.bag_penalty,
        }

    # -- the deal ------------------------------------------------------------

    @property
    def planned_rounds(self) -> None:
        return None

    def deal_size(self, number: int) -> int:
        """All 52 cards, 13 to each player, every hand."""
        return HAND

    @property
    def most_rounds(self) -> int:
        return MOST_HANDS

    def round_limit_error(self, number: int) -> RuleError:
        return RoundError(
            "A game of Spades has at most {most} hands", most=MOST_HANDS, field="number"
        )

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        return SIDES

    # -- bids: verify / can / do -----------------------------------------------

    def legal_bids(self) -> list[Bid]:
        """Every bid a player may make: nil (and blind nil with the option), 1 to 13.

        >>> SpadesGame.new(["Ana", "Ben", "Cai", "Dee"]).legal_bids()[:3]
        ['nil', 1, 2]
        """
        nils: list[Bid] = [NIL, BLIND_NIL] if self.options.blind_nil else [NIL]
        return [*nils, *range(1, HAND + 1)]

    def check_bid(self, seat: int, bid: Any) -> None:
        """Raise :class:`BidError` if ``seat`` may not bid ``bid`` (RULES.md, Spades ›
        Bidding). No bid depends on another: bids need not add up to anything."""
        if not 0 <= seat < self.player_count:
            raise BidError("There is no seat {seat} at this table", seat=seat + 1, field="bids")
        name = self.player_name(seat)
        if bid == BLIND_NIL and not self.options.blind_nil:
            raise BidError(
                "{name} bid blind nil, but this game is played without blind nil",
                name=name,
                field="bids",
                seat=seat,
            )
        if bid in NIL_WORDS or (_is_whole(bid) and 1 <= bid <= HAND):
            return
        if self.options.blind_nil:
            raise BidError(
                "{name}'s bid must be a number of tricks from 1 to 13, nil or blind nil",
                name=name,
                field="bids",
                seat=seat,
            )
        raise BidError(
            "{name}'s bid must be a number of tricks from 1 to 13, or nil",
            name=name,
            field="bids",
            seat=seat,
        )

    def is_legal_bid(self, seat: int, bid: Any) -> bool:
        try:
            self.check_bid(seat, bid)
        except BidError:
            return False
        return True

    def entered(self, field: str, value: Any) -> bool:
        """A bid is entered as a number or as a word (``"nil"``); a blank is left out."""
        if field == "bids" and isinstance(value, str):
            return bool(value.strip())
        return super().entered(field, value)

    def hidden_bid_errors(
        self, info: RoundInfo, given: Sequence[Any], bids: Sequence[Any]
    ) -> list[RuleError]:
        """Each bid made on its own: no bid depends on another, so none waits."""
        errors: list[RuleError] = []
        for seat, bid in enumerate(given):
            if bid is None:
                continue
            try:
                self.check_bid(seat, read_bid(bid))
            except BidError as error:
                errors.append(error)
        return errors

    def over_under(self, pending: Mapping[str, Any], cards: int) -> int | None:
        """The tricks bid less the 13 there are (nil counting none), once every bid is
        in: above 0 someone must miss. Spades' bids need not add up to anything; this
        only tells the table how the hand stands.

        >>> SpadesGame.new(["Ana", "Ben", "Cai", "Dee"]).over_under({"bids": [3, 0, 4, 2]}, 13)
        -4
        """
        raw = pending.get("bids")
        if not isinstance(raw, list | tuple) or any(bid is None for bid in raw):
            return None
        bids = [read_bid(bid) for bid in raw]
        if not all(_is_whole(bid) or bid in NIL_WORDS for bid in bids):
            return None
        return sum(tricks_bid(bid) for bid in bids) - cards

    # -- a hand --------------------------------------------------------------

    def play_placeholder(self, info: RoundInfo) -> dict[str, Any]:
        return {"tricks": [0] * self.player_count}

    def record_from_mapping(self, data: Mapping[str, Any], number: int) -> SpadesRound:
        """A hand as the API writes it: ``{"bids": [3, "nil", 4, 2], "tricks": [3, 0, 5,
        5], "dealer": 1}`` (the dealer may be left out). A bid of 0 is read as nil."""
        if not isinstance(data, Mapping):
            raise RuleError("A hand must be an object", field="round")
        errors: list[RuleError] = []
        dealer = self.dealer_from_mapping(data, number, errors)
        bids: tuple[Bid, ...] = ()
        raw_bids = data.get("bids")
        if not isinstance(raw_bids, list | tuple) or len(raw_bids) != self.player_count:
            errors.append(self._count_error("bid", "bids"))
        else:
            read = [read_bid(bid) for bid in raw_bids]
            unread = next(
                (seat for seat, bid in enumerate(read) if not (_is_whole(bid) or is_nil(bid))),
                None,
            )
            if unread is not None:
                try:
                    self.check_bid(unread, read[unread])
                except BidError as error:
                    errors.append(error)
            else:
                bids = tuple(read)
        tricks: tuple[int, ...] = ()
        raw_tricks = data.get("tricks")
        if not isinstance(raw_tricks, list | tuple) or len(raw_tricks) != self.player_count:
            errors.append(self._count_error("number of tricks", "tricks"))
        elif not all(_is_whole(took) for took in raw_tricks):
            errors.append(
                TrickError("Each number of tricks must be a whole number", field="tricks")
            )
        else:
            tricks = tuple(raw_tricks)
        if errors:
            raise RoundRefused(errors)
        return SpadesRound(dealer=dealer, bids=bids, tricks=tricks)

    def _count_error(self, what: str, field: str) -> RuleError:
        return RuleError(
            "Give one {what} for each of the {players} players, in seat order",
            what=what,
            players=self.player_count,
            field=field,
        )

    def record_errors(self, record: SpadesRound, info: RoundInfo) -> list[RuleError]:
        return [*self.bid_errors(record), *self.trick_errors(record)]

    def bid_errors(self, record: SpadesRound) -> list[RuleError]:
        """The first bid refused, in bidding order."""
        if len(record.bids) != self.player_count:
            return [self._count_error("bid", "bids")]
        for seat in self.bidding_order(record.dealer):
            try:
                self.check_bid(seat, record.bids[seat])
            except BidError as error:
                return [error]
        return []

    def trick_errors(self, record: SpadesRound) -> list[RuleError]:
        """Each count from 0 to 13, all of them adding up to the 13 tricks of a hand."""
        if len(record.tricks) != self.player_count:
            return [self._count_error("number of tricks", "tricks")]
        for seat, took in enumerate(record.tricks):
            if not _is_whole(took) or not 0 <= took <= HAND:
                return [
                    TrickError(
                        "{name} cannot take {took} tricks: a hand has {tricks}",
                        name=self.player_name(seat),
                        took=took,
                        tricks=HAND,
                        field="tricks",
                        seat=seat,
                    )
                ]
        taken = sum(record.tricks)
        if taken != HAND:
            return [
                TrickError(
                    "Tricks add up to {taken}, but every hand has {tricks} tricks",
                    taken=taken,
                    tricks=HAND,
                    field="tricks",
                )
            ]
        return []

    # -- scores --------------------------------------------------------------

    @property
    def initial_carried(self) -> Bags:
        """No side has a bag before the first hand."""
        return (0,) * len(self.sides)

    def side_hands(self, record: SpadesRound, bags_before: Sequence[int]) -> tuple[SideHand, ...]:
        """Each side's hand worked out, given its bags before it."""
        return tuple(
            side_hand(
                [record.bids[seat] for seat in seats],
                [record.tricks[seat] for seat in seats],
                bags,
                bag_penalty=self.options.bag_penalty,
            )
            for seats, bags in zip(self.sides, bags_before, strict=True)
        )

    def score_round(
        self, record: SpadesRound, info: RoundInfo, carried: Any
    ) -> tuple[tuple[int, ...], Bags]:
        """Each player scores the side's change of total; the sides' bags go on."""
        hands = self.side_hands(record, carried)
        return self.seat_scores([hand.score for hand in hands]), tuple(h.bags for h in hands)

    @property
    def bags(self) -> Bags:
        """Each side's bags now."""
        if not self.scored_rounds:
            return self.initial_carried
        bags: Bags = self.scored_rounds[-1].carried
        return bags

    def side_facts(self, side: int) -> dict[str, Any]:
        """A side's bags now."""
        return {"bags": self.bags[side]}

    def scored_facts(self, scored: ScoredRound[SpadesRound]) -> dict[str, Any]:
        """The hand's change of each side's total (bag penalties included) and each
        side's bags after it."""
        return {"side_scores": list(self.side_scores(scored)), "bags": list(scored.carried)}

    def seat_outcomes(self, record: SpadesRound) -> tuple[SeatOutcome, ...]:
        """Each seat's tricks bid (nil: 0) and taken; made: a nil bidder's nil kept, for
        anyone else the side's contract made."""
        hands = self.side_hands(record, self.initial_carried)
        outcomes = []
        for seat, (bid, took) in enumerate(zip(record.bids, record.tricks, strict=True)):
            made = took == 0 if is_nil(bid) else hands[self.side_of(seat)].made
            outcomes.append(SeatOutcome(bid=tricks_bid(bid), took=took, made=made))
        return tuple(outcomes)

    def is_over(self, scored: Sequence[ScoredRound[SpadesRound]]) -> bool:
        """After a hand in which a side reaches the target with a higher total than the
        other; both there with equal totals, another hand is played."""
        if not scored:
            return False
        totals = [scored[-1].totals[seats[0]] for seats in self.sides]
        top = max(totals)
        return top >= self.options.target and totals.count(top) == 1


def read_bid(value: Any) -> Any:
    """A bid as the API may write it, in the record's words: 0 is nil, and a word is
    read without regard to case or spaces (``"Blind nil"`` is ``"blind_nil"``); anything
    else is returned as it is, for the rules to refuse.

    >>> read_bid(0), read_bid(" NIL "), read_bid("blind-nil"), read_bid(4)
    ('nil', 'nil', 'blind_nil', 4)
    """
    if _is_whole(value) and value == 0:
        return NIL
    if isinstance(value, str):
        word = "_".join(value.strip().lower().replace("-", " ").split())
        if word in NIL_WORDS:
            return word
    return value


def _is_whole(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


GAME = SpadesGame
"""The game this folder holds (``scorekeeper.games.GAMES``)."""
