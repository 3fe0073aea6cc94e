"""Spades' score sheet: hand and dealer in the lead; a column a side, not a seat (RULES.md ›
Spades › Scoring: the score belongs to the side), each with the partners' bids and tricks,
the side's score for the hand, its bags and its running total.

>>> from scorekeeper.sheets import blank_sheet
>>> plan = blank_sheet(SpadesGame, SHEET, 4, names=["Ana", "Ben", "Cai", "Dee"])
>>> plan.players, len(plan.grid.subs)
(('Ana & Cai', 'Ben & Dee'), 5)
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from flask_babel import gettext, lazy_gettext, ngettext

from ...charts import BY_HAND
from ...rules.game import ScoredRound
from ...sheets.grid import Column, Field, Grid, Sub, number
from ...sheets.layout import Cell, Fact, Row, SheetLayout, row
from .rules import BLIND_NIL, HAND, NIL, Bid, SpadesGame, SpadesRound

LEAD = (
    # TRANSLATORS: the short form of a printed sheet's heading "Hand": 2-3 letters.
    Column("rnd", lazy_gettext("Hand"), units=5, short=lazy_gettext("Hd")),
    Column("dealer", lazy_gettext("Dealer"), short=lazy_gettext("Dlr")),
)
SUBS = (
    # TRANSLATORS: a sub-column's label on a printed Spades sheet (the partners' bids,
    # "4+3"): 3-5 letters.
    Sub("bid", lazy_gettext("bids"), 5, 1.3, short=lazy_gettext("bd")),
    # TRANSLATORS: a sub-column's label on a printed Spades sheet (the partners' tricks,
    # "5+2"): 3-6 letters.
    Sub("took", lazy_gettext("tricks"), 5, 1.3, short=lazy_gettext("tk")),
    # TRANSLATORS: a sub-column's label on a printed sheet (the round's score): 4-6 letters.
    Sub("score", lazy_gettext("score"), 4, 1.3, short=lazy_gettext("sc"), hand=True),
    # TRANSLATORS: a sub-column's label on a printed Spades sheet (the side's bags, tricks
    # over its contract, after the hand): 3-5 letters.
    Sub("bags", lazy_gettext("bags"), 2, 1.0, short=lazy_gettext("bg")),
    # TRANSLATORS: a sub-column's label on a printed sheet (the running total): 4-6 letters.
    Sub("total", lazy_gettext("total"), 5, 1.5, short=lazy_gettext("tot")),
)
FEWEST_ROWS = 16
"""The fewest hands on a blank Spades sheet: a game to 500 takes about 8 to 12."""
MOST_TO_GO_ON = FEWEST_ROWS
"""The most hands a game still being played keeps on its sheet to go on with."""
HAND_POINTS = 60
"""About what a side makes in a hand (a contract of 6, made): the pace of a game."""


def bid_mark(bid: Bid) -> str:
    """A bid as the sheet writes it: the tricks, 0 for nil (a bid of 0 is nil) and 00 for
    blind nil (it counts double), in the digits every language's sheet lines up (the notes'
    key says so).

    >>> bid_mark(4), bid_mark("nil"), bid_mark("blind_nil")
    ('4', '0', '00')
    """
    if bid == NIL:
        return "0"
    if bid == BLIND_NIL:
        return "00"
    return str(bid)


def totals_after(hands: int) -> str:
    """The totals' row of a game still being played: ``Total after hand 5``."""
    # TRANSLATORS: the totals' row of a printed One Card sheet of a game still being played.
    said: str = gettext("Total after hand %(num)s", num=hands)
    return said


def progress(played: int, planned: int | None) -> str:
    """How far a game still being played has come: ``3 hands so far``."""
    said: str = ngettext("%(num)s hand so far", "%(num)s hands so far", played)
    return said


def blank_rows(state: SpadesGame) -> int:
    """Room for twice a typical game (a tie plays on), and never less than a page."""
    return max(FEWEST_ROWS, 2 * math.ceil(state.options.target / HAND_POINTS))


def rows_to_go(state: SpadesGame) -> int:
    """The hands a game still being played can still need: as many as the side nearest
    the target takes at a typical pace, and one more; at least 2."""
    short = max(state.options.target - max(state.side_totals), 0)
    return max(2, min(MOST_TO_GO_ON, math.ceil(short / HAND_POINTS) + 1))


def played_row(state: SpadesGame, scored: ScoredRound[SpadesRound], grid: Grid) -> Row:
    """Hand and dealer, then each side's bids and tricks (partner by partner), its score
    for the hand, its bags and its running total."""
    record = scored.record
    scores = state.side_scores(scored)
    bags = scored.carried
    fields = [
        [
            {
                "bid": Field("+".join(bid_mark(record.bids[seat]) for seat in seats)),
                "took": Field("+".join(str(record.tricks[seat]) for seat in seats)),
                "score": Field(number(scores[side], signed=True)),
                "bags": Field(str(bags[side])),
                "total": Field(number(scored.totals[seats[0]])),
            }[sub.key]
            for sub in grid.subs
        ]
        for side, seats in enumerate(state.sides)
    ]
    dealer = Cell(grid.fit(state.players[record.dealer], among=state.players), "dealer")
    return row(grid, scored.number, [], (dealer,), grid.line(fields), "played")


def to_play_row(state: SpadesGame, grid: Grid, number_: int, dealer: str, css: str) -> Row:
    """A hand still to be played: its number and dealer, the rest left to write."""
    return row(grid, number_, [], (Cell(grid.fit(dealer, among=state.players), "dealer"),), css=css)


def widest(state: SpadesGame) -> dict[str, int]:
    """The longest numbers: two bids or trick counts (``13+13``); a hand's score at its
    worst (a broken 13 and a failed blind nil, with a bag penalty: ‒430); bags (past 9
    without the penalty); a total past the target by a hand, or as low."""
    worst = -(10 * HAND + 200 + 100)
    total = len(number(-(state.options.target + 2 * abs(worst))))
    return {
        "bid": 5,
        "took": 5,
        "score": len(number(worst, signed=True)),
        "bags": 2 if state.options.bag_penalty else 3,
        "total": total,
    }


def facts(state: SpadesGame, kind: str) -> tuple[Fact, ...]:
    """The target, the sides, blind nil and the bag penalty."""
    target = state.options.target
    on, off = gettext("on"), gettext("off")
    said = [
        Fact(gettext("Target"), ngettext("%(num)s point", "%(num)s points", target)),
        Fact(gettext("Blind nil"), on if state.options.blind_nil else off),
        Fact(gettext("Bag penalty"), on if state.options.bag_penalty else off),
    ]
    return tuple(said)


def notes(state: SpadesGame) -> Mapping[str, Any]:
    return {
        "target": state.options.target,
        "blind_nil": state.options.blind_nil,
        "bag_penalty": state.options.bag_penalty,
    }


SHEET: SheetLayout[SpadesGame] = SheetLayout(
    lead=LEAD,
    subs=SUBS,
    pad=(),  # a side's five numbers a hand already
    widest=widest,
    totals_after=totals_after,
    played_row=played_row,
    to_play_row=to_play_row,
    blank_rows=blank_rows,
    unplanned_rows=rows_to_go,
    facts=facts,
    notes=notes,
    foot_height={"blank": 30.0, "completed": 26.0, "key": 10.0},
    progress=progress,
    chart_words=BY_HAND,
    chart_target=lambda state: state.options.target,
)
