"""The score sheet's pieces every game of bidding tricks shares (Wizard, Oh Hell): round,
cards, dealer, trump and the bids added up in the lead; each player's bid, tricks taken,
score and running total (or, on the score pad's sheet, the bid and the running total)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from flask_babel import gettext, lazy_gettext, ngettext
from markupsafe import Markup

from ..rules.bidding import TrickBiddingGame
from ..rules.game import ScoredRound
from ..sheets.grid import Column, Field, Grid, Sub, number
from ..sheets.layout import Cell
from .kind import SheetLine, figure

# The lead columns: numbers on the digit grid, the rest in millimetres, as wide as their
# headings and what they hold. The dealer's takes what the players leave, at least 18 mm.
# Each heading has a short form, printed only where the heading itself would not fit.
TRICK_LEAD = (
    # TRANSLATORS: the headings of a printed score sheet's first columns (Round, Cards,
    # Dealer, Trump, Bids; Hand, Bidder, Bid): narrow columns, so as short as your
    # language allows.
    Column("rnd", lazy_gettext("Round"), units=6, short=lazy_gettext("Rd")),
    # TRANSLATORS: the short form of a printed sheet's heading "Cards": 2-3 letters.
    Column("cards", lazy_gettext("Cards"), units=6, short=lazy_gettext("Cds")),
    # TRANSLATORS: the short form of a printed sheet's heading "Dealer": 2-3 letters.
    Column("dealer", lazy_gettext("Dealer"), short=lazy_gettext("Dlr")),
    # TRANSLATORS: the short form of a printed sheet's heading "Trump": 2-3 letters.
    Column("trump", lazy_gettext("Trump"), 11.5, short=lazy_gettext("Tr"), holds="10 ♥"),
    # TRANSLATORS: a printed sheet's column of each round's bids added up (to see at once
    # whether the round is over- or underbid): one short word.
    Column("bids", lazy_gettext("Bids"), 8.0, short="Σ", holds="20"),
)
# The labels over each player's sub-columns; a label longer than its sub-column gives
# way to its short form (never to a cut one).
TRICK_SUBS = (
    # TRANSLATORS: a sub-column's label on a printed sheet (what a player bid): 3-5 letters.
    Sub("bid", lazy_gettext("bid"), 2, 1.0, short=lazy_gettext("bd")),
    # TRANSLATORS: a sub-column's label on a printed sheet (how many tricks a player
    # took): 3-5 letters.
    Sub("took", lazy_gettext("took"), 2, 1.0, short=lazy_gettext("tk")),
    # TRANSLATORS: a sub-column's label on a printed sheet (the round's score): 4-6 letters.
    Sub("score", lazy_gettext("score"), 4, 1.3, short=lazy_gettext("sc"), hand=True),
    # TRANSLATORS: a sub-column's label on a printed sheet (the running total): 4-6 letters.
    Sub("total", lazy_gettext("total"), 5, 1.5, short=lazy_gettext("tot")),
)
TRICK_PAD = (TRICK_SUBS[0], replace(TRICK_SUBS[-1], weight=2.0))
"""The score pad's two numbers a round: the bid, and the running total."""


def trick_widest(state: TrickBiddingGame[Any, Any]) -> dict[str, int]:
    """The longest number each sub-column can hold in this game: the most cards dealt,
    and the best and worst scores and totals the game's scoring allows."""
    sizes = [state.deal_size(n) for n in range(1, (state.planned_rounds or 0) + 1)] or [0]
    best = worst = 0
    widest_score = 1
    for cards in sizes:
        scores = [state.score(bid, took) for bid, took in _extremes(cards)]
        best += max(scores)
        worst += min(scores)
        widest_score = max(widest_score, *(len(number(s, signed=True)) for s in scores))
    cards = len(str(max(sizes)))
    total = max(len(number(best)), len(number(min(worst, 0))))
    return {"bid": cards, "took": cards, "score": widest_score, "total": total}


def _extremes(cards: int) -> tuple[tuple[int, int], ...]:
    """The bids and tricks at which a round's score is highest or lowest."""
    return ((0, 0), (cards, cards), (cards, 0), (0, cards))


def totals_after(rounds: int) -> str:
    """The totals' row of a game still being played: ``Total after round 5``."""
    # TRANSLATORS: the totals' row of a printed sheet of a game still being played.
    said: str = gettext("Total after round %(num)s", num=rounds)
    return said


def trick_line(grid: Grid, scored: ScoredRound[Any], bids: Sequence[Field] | None = None) -> Markup:
    """Every player's numbers of the round, as the grid's sub-columns ask (bid, tricks
    taken, score and running total), on one line; ``bids`` as the game writes them
    (Wizard's ``2→3``), else each bid as made."""
    record = scored.record
    written = bids or [Field(str(bid)) for bid in record.bids]
    return grid.line(
        [
            [
                {
                    "bid": written[seat],
                    "took": Field(str(record.tricks[seat])),
                    "score": Field(number(scored.scores[seat], signed=True)),
                    "total": Field(number(scored.totals[seat])),
                }[sub.key]
                for sub in grid.subs
            ]
            for seat in range(len(record.bids))
        ]
    )


def trick_sheet_line(state: TrickBiddingGame[Any, Any], scored: ScoredRound[Any]) -> SheetLine:
    """How a played round reads on the completed sheet, for the shared tests (a game of
    bidding tricks' samples): the round's number and cards first, the dealer's name among
    the lead's cells, then each player's bid, tricks taken, score and total."""
    record = scored.record
    ends: list[str] = []
    for seat in range(state.player_count):
        ends += [str(record.bids[seat]), str(record.tricks[seat])]
        ends += [figure(scored.scores[seat], signed=True), figure(scored.totals[seat])]
    return SheetLine(
        f"{scored.number} {scored.cards} ", tuple(ends), (state.players[record.dealer],)
    )


def bids_cell(bids: tuple[int, ...]) -> Cell:
    """The round's bids added up, in the lead's column of them."""
    return Cell(str(sum(bids)), "bids")


def rounds_progress(played: int, planned: int | None) -> str:
    """How far a game still being played has come: ``3 of 20 rounds so far``."""
    if planned:
        said: str = ngettext(
            "%(played)s of %(num)s round so far",
            "%(played)s of %(num)s rounds so far",
            planned,
            played=played,
        )
    else:
        said = ngettext("%(num)s round so far", "%(num)s rounds so far", played)
    return said
