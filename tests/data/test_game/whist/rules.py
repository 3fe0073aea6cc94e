"""Short whist: the scoresheet's side of the game.

Four players in two fixed sides, partners opposite: seats 0 and 2 against 1 and 3. Each
hand deals the whole pack, 13 cards to each player; the dealer's last card is turned up
and its suit is trump, so every hand has one. Nobody bids: after the play the table says
how many tricks each side took, and a side scores a point for every trick over six (its
"book"). The first side to reach the target (5 points unless the table says otherwise)
wins; the deal passes to the left.

>>> game = WhistGame.new(["Ana", "Ben", "Cai", "Dee"])
>>> game.sides, game.next_round.cards, game.next_round.first_bidder
(((0, 2), (1, 3)), 13, 1)
>>> game = game.apply_round(game.parse_round({"trump": "hearts", "tricks": [9, 4]}))
>>> game.totals, game.side_totals
((3, 0, 3, 0), (3, 0))

Ana and Cai took 9 tricks, three over their book of six: 3 points.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, TypeGuard

from ...rules.cards import Suit
from ...rules.errors import N_, OptionError, RoundRefused, RuleError, TrickError, TrumpError
from ...rules.game import Game, RoundInfo, ScoredRound, SeatOutcome

HAND = 13
"""Cards each player is dealt, and tricks in a hand: the whole pack, 52 cards to four."""
BOOK = 6
"""The tricks a side takes before it scores: one point for each trick over six."""
SIDES = ((0, 2), (1, 3))
"""Partners sit opposite: the first and third seats against the second and fourth."""
DEFAULT_TARGET = 5
TARGET_RANGE = (1, 10)


@dataclass(frozen=True)
class WhistOptions:
    target: int = DEFAULT_TARGET
    """The points a side must reach to win: 5 in short whist."""


@dataclass(frozen=True)
class WhistRound:
    """The facts of one hand: who dealt, the trump (the suit of the dealer's last card,
    turned up) and the tricks each side took, in the order of :data:`SIDES`."""

    dealer: int
    trump: Suit
    tricks: tuple[int, ...]

    def to_mapping(self) -> dict[str, Any]:
        return {"dealer": self.dealer, "trump": self.trump.word, "tricks": list(self.tricks)}


def side_points(took: int) -> int:
    """A side's points for a hand: one for each trick over its book of six.

    >>> side_points(7), side_points(13), side_points(6), side_points(0)
    (1, 7, 0, 0)
    """
    return max(0, took - BOOK)


@dataclass(frozen=True)
class WhistGame(Game[WhistRound, WhistOptions]):
    key: ClassVar[str] = "whist"
    title: ClassVar[str] = N_("Whist")
    round_word: ClassVar[str] = "hand"
    min_players: ClassVar[int] = 4
    max_players: ClassVar[int] = 4
    has_bids: ClassVar[bool] = False
    play_fields: ClassVar[tuple[str, ...]] = ("tricks",)

    # -- options -------------------------------------------------------------

    @classmethod
    def default_options(cls, player_count: int) -> WhistOptions:
        return WhistOptions()

    @classmethod
    def options_from_mapping(
        cls, data: Mapping[str, Any] | None, player_count: int
    ) -> WhistOptions:
        """Read and check the options as the API writes them; left out, the defaults.

        >>> WhistGame.options_from_mapping({"target": 7}, 4)
        WhistOptions(target=7)
        """
        if data is None:
            data = {}
        if not isinstance(data, Mapping):
            raise OptionError("Options must be an object", field="options")
        unknown = sorted(str(name) for name in set(data) - {"target"})
        if unknown:
            raise OptionError("Whist has no option “{name}”", name=unknown[0], field="options")
        target = data.get("target")
        if target is None:
            target = DEFAULT_TARGET
        low, high = TARGET_RANGE
        if not _is_whole(target) or not low <= target <= high:
            raise OptionError(
                "The target of a game of Whist is a whole number of points from {low} to {high}",
                low=low,
                high=high,
                field="target",
            )
        return WhistOptions(target=target)

    def options_mapping(self) -> dict[str, Any]:
        return {"target": self.options.target}

    # -- the deal ------------------------------------------------------------

    @property
    def planned_rounds(self) -> None:
        return None

    @property
    def most_rounds(self) -> int:
        """Every hand gives one side a point or more (13 tricks: one side takes seven), so
        after twice the target less one hands some side has reached it."""
        return 2 * self.options.target - 1

    def deal_size(self, number: int) -> int:
        """All 52 cards, 13 to each player, every hand."""
        return HAND

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        return SIDES

    def side_name(self, side: int) -> str:
        """The partners of a side by name: ``Ana & Cai``."""
        return " & ".join(self.players[seat] for seat in self.sides[side])

    # -- a hand --------------------------------------------------------------

    def play_placeholder(self, info: RoundInfo) -> dict[str, Any]:
        return {"tricks": [HAND, 0]}

    def record_from_mapping(self, data: Mapping[str, Any], number: int) -> WhistRound:
        """A hand as the API writes it: ``{"trump": "hearts", "tricks": [7, 6]}`` (the
        dealer may be left out; the tricks are each side's, the first and third seats'
        side first)."""
        if not isinstance(data, Mapping):
            raise RuleError("A hand must be an object", field="round")
        errors: list[RuleError] = []
        dealer = self.dealer_from_mapping(data, number, errors)
        trump = self._trump(data.get("trump"), errors)
        tricks: tuple[int, ...] = ()
        raw = data.get("tricks")
        if not isinstance(raw, list | tuple) or len(raw) != len(self.sides):
            errors.append(
                TrickError(
                    "Tricks: give the tricks each side took, two numbers, {side} first",
                    side=self.side_name(0),
                    field="tricks",
                )
            )
        elif not all(_is_whole(took) for took in raw):
            errors.append(
                TrickError("Tricks: each side's tricks must be a whole number", field="tricks")
            )
        else:
            tricks = tuple(raw)
        if errors:
            raise RoundRefused(errors)
        assert trump is not None
        return WhistRound(dealer=dealer, trump=trump, tricks=tricks)

    def _trump(self, raw: Any, errors: list[RuleError]) -> Suit | None:
        """The trump as said: a suit, always (the dealer's last card is turned up)."""
        word = raw.strip().lower() if isinstance(raw, str) else raw
        if word in (None, "", "none"):
            errors.append(
                TrumpError(
                    "Trump: a Whist hand always has one, the suit of the dealer's last card,"
                    " turned up",
                    field="trump",
                )
            )
            return None
        suit = next((suit for suit in Suit if word == suit.word), None)
        if suit is None:
            errors.append(
                TrumpError("Trump must be clubs, diamonds, hearts or spades", field="trump")
            )
        return suit

    def record_errors(self, record: WhistRound, info: RoundInfo) -> list[RuleError]:
        """Each side's tricks from 0 to 13, the two adding up to the 13 tricks of a hand."""
        if len(record.tricks) != len(self.sides):
            return [
                TrickError(
                    "Tricks: give the tricks each side took, two numbers, {side} first",
                    side=self.side_name(0),
                    field="tricks",
                )
            ]
        for side, took in enumerate(record.tricks):
            if not _is_whole(took) or not 0 <= took <= HAND:
                return [
                    TrickError(
                        "Tricks: {side} cannot take {took} tricks, a hand has {tricks}",
                        side=self.side_name(side),
                        took=took,
                        tricks=HAND,
                        field="tricks",
                    )
                ]
        taken = sum(record.tricks)
        if taken != HAND:
            return [
                TrickError(
                    "Tricks: the sides' tricks add up to {taken}, but every hand has {tricks}",
                    taken=taken,
                    tricks=HAND,
                    field="tricks",
                )
            ]
        return []

    # -- scores --------------------------------------------------------------

    def round_scores(self, record: WhistRound, info: RoundInfo) -> tuple[int, ...]:
        """Each player scores the side's points: a point a trick over six."""
        return self.seat_scores([side_points(took) for took in record.tricks])

    def scored_facts(self, scored: ScoredRound[WhistRound]) -> dict[str, Any]:
        """Each side's tricks and its points for the hand."""
        return {"tricks": list(scored.record.tricks), "side_scores": list(self.side_scores(scored))}

    def seat_outcomes(self, record: WhistRound) -> tuple[SeatOutcome, ...]:
        """No bids: each seat took what its side took (partners' tricks are not kept
        apart), and nothing was bid to be made."""
        return tuple(
            SeatOutcome(bid=None, took=record.tricks[self.side_of(seat)], made=None)
            for seat in range(self.player_count)
        )

    def is_over(self, scored: Sequence[ScoredRound[WhistRound]]) -> bool:
        """After the hand in which a side reaches the target (only one side scores in a
        hand, so never both at once)."""
        if not scored:
            return False
        totals = [scored[-1].totals[seats[0]] for seats in self.sides]
        return max(totals) >= self.options.target


def _is_whole(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


GAME = WhistGame
"""The game this folder holds (``scorekeeper.games.GAMES``)."""
