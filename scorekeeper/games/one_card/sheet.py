"""One Card's score sheet: hand, dealer, bidder, bid and trump in the lead; each
player's points and running total (RULES.md › One Card › Scoring).

>>> from scorekeeper.sheets import PAPERS, orientation_for
>>> [orientation_for(SHEET.columns(), n, PAPERS["letter"]) for n in (2, 3, 4)]
['portrait', 'portrait', 'portrait']
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from flask_babel import gettext, lazy_gettext, ngettext

from ...charts import BY_HAND
from ...rules.game import ScoredRound
from ...sheets.grid import Column, Field, Grid, Sub, number
from ...sheets.layout import Cell, Fact, Row, SheetLayout, row, trump_cell
from .rules import HAND_POINTS, OneCardGame, OneCardHand

# TRANSLATORS: a One Card hand nobody bid on, in a printed sheet's bidder column.
_ALL_PASSED = lazy_gettext("all passed")
LEAD = (
    # TRANSLATORS: the short form of a printed sheet's heading "Hand": 2-3 letters.
    Column("rnd", lazy_gettext("Hand"), units=5, short=lazy_gettext("Hd")),
    Column("dealer", lazy_gettext("Dealer"), short=lazy_gettext("Dlr")),
    # TRANSLATORS: the short form of a printed sheet's heading "Bidder": 2-3 letters.
    Column("bidder", lazy_gettext("Bidder"), 20.0, short=lazy_gettext("Bdr"), holds=_ALL_PASSED),
    Column("bid", lazy_gettext("Bid"), 12.0, holds="10 ✗"),
    Column("trump", lazy_gettext("Trump"), 11.5, short=lazy_gettext("Tr"), holds="– ↓"),
)
SUBS = (
    # TRANSLATORS: a sub-column's label on a printed sheet (card points taken): 4-6 letters.
    Sub("points", lazy_gettext("points"), 3, 1.0, short=lazy_gettext("pts")),
    Sub("total", lazy_gettext("total"), 4, 1.2, short=lazy_gettext("tot")),
)
FEWEST_ROWS = 16
"""The fewest hands on a blank One Card sheet: twice a typical game to 30, and more."""
MOST_TO_GO_ON = FEWEST_ROWS
"""The most hands a game still being played keeps on its sheet to go on with: a blank
sheet's page of them."""


def typical_hands(players: int, target: int) -> int:
    """About how many hands a One Card game lasts: 15 points are shared each hand,
    and the leader takes a little more than an even share.

    >>> [typical_hands(n, 30) for n in (2, 3, 4)]
    [4, 5, 7]
    """
    return math.ceil(target / (1.3 * HAND_POINTS / players))


def rows_to_go(state: OneCardGame) -> int:
    """The hands a game still being played can still need, to go on with on paper: as
    many as the player nearest the target takes at an even share of a hand's points
    (RULES.md, One Card › Scoring: 15 a hand), and one more for a tie at the top; at
    least 2, at most :data:`MOST_TO_GO_ON`.

    >>> game = OneCardGame.new(["Ana", "Ben", "Cai"])
    >>> rows_to_go(game), rows_to_go(OneCardGame.new(["Ana", "Ben"], options={"target": 100}))
    (7, 15)
    """
    share = HAND_POINTS / state.player_count
    lead = max(state.totals, default=0)
    short = max(state.options.target - lead, 0)
    return max(2, min(MOST_TO_GO_ON, math.ceil(short / share) + 1))


def blank_rows(state: OneCardGame) -> int:
    """Room for twice a typical game (a tie plays on), and never less than a page."""
    return max(FEWEST_ROWS, 2 * typical_hands(state.player_count, state.options.target))


def played_row(state: OneCardGame, scored: ScoredRound[OneCardHand], grid: Grid) -> Row:
    """Hand, dealer, the contract (✓ made, ✗ short) and trump (↓ downtown), then each
    player's points (underlined: took the last trick and the one card; after a ✗: the
    points of a bidder short of the bid, who scores 0) and total."""
    record, totals = scored.record, scored.totals
    if record.bidder is None or record.bid is None:
        passed = Cell(str(_ALL_PASSED), "bidder")
        bidder, bid, trump = passed, Cell("–", "bid"), Cell("–", "trump")
    else:
        bidder = Cell(grid.fit(state.players[record.bidder], "bidder", state.players), "bidder")
        made = bool(record.made)
        bid = Cell(f"{record.bid} {'✓' if made else '✗'}", "bid" if made else "bid missed")
        trump = trump_cell(record.trump)
    if record.order == "downtown":
        trump = Cell(f"{trump.text} ↓", trump.css)
    fields = []
    for seat in range(state.player_count):
        lost = seat == record.bidder and record.made is False
        style = "u" if seat == record.last_trick else ""
        points = Field(f"✗{record.points[seat]}" if lost else str(record.points[seat]), style)
        fields.append([points, Field(number(totals[seat]))])
    dealer = Cell(grid.fit(state.players[record.dealer], among=state.players), "dealer")
    return row(grid, scored.number, [], (dealer, bidder, bid, trump), grid.line(fields), "played")


def to_play_row(state: OneCardGame, grid: Grid, number_: int, dealer: str, css: str) -> Row:
    """A hand still to be played: its number and dealer, the rest left to write."""
    written = (Cell(grid.fit(dealer, among=state.players), "dealer"), Cell(), Cell(), Cell())
    return row(grid, number_, [], written, css=css)


def widest(state: OneCardGame) -> dict[str, int]:
    """The longest numbers: a short bidder's lost points (✗ and two digits), and a total
    of the target and a hand's points past it."""
    return {"points": 3, "total": len(str(state.options.target + HAND_POINTS))}


def totals_after(hands: int) -> str:
    """The totals' row of a game still being played: ``Total after hand 5``."""
    # TRANSLATORS: the totals' row of a printed One Card sheet of a game still being played.
    said: str = gettext("Total after hand %(num)s", num=hands)
    return said


def facts(state: OneCardGame, kind: str) -> tuple[Fact, ...]:
    """The target, and on a blank sheet the lowest bid (a completed one shows the bids)."""
    target = state.options.target
    points = Fact(gettext("Target"), ngettext("%(num)s point", "%(num)s points", target))
    if kind == "blank":
        return (points, Fact(gettext("Lowest bid"), str(state.lowest_bid)))
    return (points,)


def notes(state: OneCardGame) -> Mapping[str, Any]:
    return {"target": state.options.target, "lowest": state.lowest_bid}


def progress(played: int, planned: int | None) -> str:
    """How far a game still being played has come: ``3 hands so far``."""
    if planned:
        said: str = ngettext(
            "%(played)s of %(num)s hand so far",
            "%(played)s of %(num)s hands so far",
            planned,
            played=played,
        )
    else:
        said = ngettext("%(num)s hand so far", "%(num)s hands so far", played)
    return said


SHEET: SheetLayout[OneCardGame] = SheetLayout(
    lead=LEAD,
    subs=SUBS,
    pad=(),  # two numbers a hand already
    widest=widest,
    totals_after=totals_after,
    played_row=played_row,
    to_play_row=to_play_row,
    blank_rows=blank_rows,
    unplanned_rows=rows_to_go,
    facts=facts,
    notes=notes,
    foot_height={"blank": 27.0, "completed": 23.0, "key": 10.0},
    progress=progress,
    chart_words=BY_HAND,
    chart_target=lambda state: state.options.target,
)
