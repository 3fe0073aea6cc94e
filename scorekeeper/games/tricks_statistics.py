"""What games whose bids are tricks share (Wizard, Oh Hell): a player's bidding by the
cards dealt, as their statistics section shows it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..history import BidLine


@dataclass(frozen=True)
class BidsAtDeal:
    """A player's bids at one deal size."""

    cards: int
    rounds: int
    exact: int
    average_miss: float
    """Mean of bid minus tricks taken: above 0 overbids, below 0 underbids."""

    @property
    def exact_share(self) -> float:
        return self.exact / self.rounds if self.rounds else 0.0


@dataclass(frozen=True)
class TrickBids:
    """A player's bidding in a game of trick bids, over their finished games."""

    rounds: int
    exact: int
    average_miss: float | None
    """Mean of bid minus tricks taken over every round; None before the first."""
    by_cards: list[BidsAtDeal]

    @property
    def exact_share(self) -> float | None:
        return self.exact / self.rounds if self.rounds else None


def bids_by_cards(rows: Sequence[BidLine]) -> TrickBids:
    """The bidding section of a game of trick bids, from its rows by deal size.

    >>> from scorekeeper.history import BidLine
    >>> bids = bids_by_cards([BidLine(1, 2, 2, 0, 0), BidLine(2, 1, 0, 1, -1)])
    >>> bids.rounds, bids.exact, round(bids.average_miss, 3)
    (3, 2, -0.333)
    """
    by_cards = [
        BidsAtDeal(row.cards, row.rounds, row.made, row.miss / row.rounds if row.rounds else 0.0)
        for row in rows
    ]
    rounds = sum(line.rounds for line in by_cards)
    exact = sum(line.exact for line in by_cards)
    miss = sum(row.miss for row in rows) / rounds if rounds else None
    return TrickBids(rounds, exact, miss, by_cards)
