"""A played sheet of a game of bidding tricks (Wizard, Oh Hell), typed back in: the
trump as one digit, then each player's bid, then each player's tricks taken, as a pen
fills the row (scorekeeper.games.paper)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..rules.bidding import TrickBiddingGame
from ..rules.cards import Suit
from .paper import Choice, LeadCell, PaperEntry, SeatCell
from .tricks_sheet import TRICK_LEAD, TRICK_SUBS

SUIT_DIGITS = (
    *(
        Choice(str(digit), suit.word, suit.symbol, suit.is_red)
        for digit, suit in enumerate(Suit, start=1)
    ),
    Choice("0", "none", "–"),
)
"""The trump typed on a number keypad: 1 ♣, 2 ♦, 3 ♥, 4 ♠, 0 for none."""

_LEAD = {col.key: col for col in TRICK_LEAD}
_SUBS = {sub.key: sub for sub in TRICK_SUBS}


def _cards(state: TrickBiddingGame[Any, Any], number: int) -> int:
    return state.deal_size(number)


def trick_paper(
    unsupported: Callable[[Any], str | None] = lambda _state: None,
) -> PaperEntry:
    """The trick games' entry; ``unsupported`` says why a game with some options cannot
    be typed in this way yet."""
    return PaperEntry(
        lead=(
            LeadCell(
                "trump",
                _LEAD["trump"].label,
                SUIT_DIGITS,
                lambda state, number: bool(state.turns_trump(number)),
            ),
        ),
        seats=(
            SeatCell("bids", _SUBS["bid"].label, _cards),
            SeatCell("tricks", _SUBS["took"].label, _cards),
        ),
        worked_out=(_SUBS["score"].label, _SUBS["total"].label),
        unsupported=unsupported,
    )
