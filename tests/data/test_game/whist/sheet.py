"""Whist's score sheet: hand, dealer and trump in the lead; a column a side, not a seat
(the score belongs to the side), each with the side's tricks, its points for the hand and
its running total. Nobody bids, so there is no bid to write.

>>> from scorekeeper.sheets import blank_sheet
>>> plan = blank_sheet(WhistGame, SHEET, 4, names=["Ana", "Ben", "Cai", "Dee"])
>>> plan.players, len(plan.grid.subs)
(('Ana & Cai', 'Ben & Dee'), 3)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import gettext, lazy_gettext, ngettext

from ...charts import BY_HAND
from ...rules.game import ScoredRound
from ...sheets.grid import Column, Field, Grid, Sub, number
from ...sheets.layout import Cell, Fact, Row, SheetLayout, row, trump_cell
from .rules import HAND, WhistGame, WhistRound

LEAD = (
    Column("rnd", lazy_gettext("Hand"), units=5, short=lazy_gettext("Hd")),
    Column("dealer", lazy_gettext("Dealer"), short=lazy_gettext("Dlr")),
    Column("trump", lazy_gettext("Trump"), 8.0, short=lazy_gettext("Tr"), holds="♥"),
)
SUBS = (
    Sub("took", lazy_gettext("tricks"), 2, 1.0, short=lazy_gettext("tk")),
    Sub("score", lazy_gettext("score"), 2, 1.0, short=lazy_gettext("sc"), hand=True),
    Sub("total", lazy_gettext("total"), 2, 1.3, short=lazy_gettext("tot")),
)


def totals_after(hands: int) -> str:
    """The totals' row of a game still being played: ``Total after hand 5``."""
    said: str = gettext("Total after hand %(num)s", num=hands)
    return said


def progress(played: int, planned: int | None) -> str:
    """How far a game still being played has come: ``3 hands so far``."""
    said: str = ngettext("%(num)s hand so far", "%(num)s hands so far", played)
    return said


def played_row(state: WhistGame, scored: ScoredRound[WhistRound], grid: Grid) -> Row:
    """Hand, dealer and trump, then each side's tricks, points for the hand and total."""
    record = scored.record
    scores = state.side_scores(scored)
    fields = [
        [
            {
                "took": Field(str(record.tricks[side])),
                "score": Field(number(scores[side])),
                "total": Field(number(scored.totals[seats[0]])),
            }[sub.key]
            for sub in grid.subs
        ]
        for side, seats in enumerate(state.sides)
    ]
    dealer = Cell(grid.fit(state.players[record.dealer], among=state.players), "dealer")
    written = (dealer, trump_cell(record.trump))
    return row(grid, scored.number, [], written, grid.line(fields), "played")


def to_play_row(state: WhistGame, grid: Grid, number_: int, dealer: str, css: str) -> Row:
    """A hand still to be played: its number and dealer, the rest left to write."""
    written = (Cell(grid.fit(dealer, among=state.players), "dealer"), Cell())
    return row(grid, number_, [], written, css=css)


def hands_to_go(state: WhistGame) -> int:
    """The most hands a game still being played can need: each side one point short of
    the target a hand at a time, then one more hand; at least one."""
    short = [state.options.target - total for total in state.side_totals]
    return max(1, sum(short) - 1)


def widest(state: WhistGame) -> dict[str, int]:
    """Tricks up to 13, a hand's points up to 7, a total up to the target and 6 more."""
    return {
        "took": len(str(HAND)),
        "score": 1,
        "total": len(number(state.options.target + HAND - 7)),
    }


def facts(state: WhistGame, kind: str) -> tuple[Fact, ...]:
    """The target."""
    target = state.options.target
    return (Fact(gettext("Target"), ngettext("%(num)s point", "%(num)s points", target)),)


def notes(state: WhistGame) -> Mapping[str, Any]:
    return {"target": state.options.target}


SHEET: SheetLayout[WhistGame] = SheetLayout(
    lead=LEAD,
    subs=SUBS,
    pad=(),  # a side's three numbers a hand already
    widest=widest,
    totals_after=totals_after,
    played_row=played_row,
    to_play_row=to_play_row,
    blank_rows=lambda state: state.most_rounds,
    unplanned_rows=lambda state: hands_to_go(state),
    facts=facts,
    notes=notes,
    foot_height={"blank": 24.0, "completed": 20.0, "key": 8.0},
    progress=progress,
    chart_words=BY_HAND,
    chart_target=lambda state: state.options.target,
)
