"""Tens' score sheet: the shared sheet of bidding tricks."""

from __future__ import annotations

from ...charts import BY_ROUND
from ...rules.game import ScoredRound
from ...sheets.grid import Grid
from ...sheets.layout import Cell, Row, SheetLayout, row, trump_cell, turned_cell
from ..tricks_sheet import (
    TRICK_LEAD,
    TRICK_PAD,
    TRICK_SUBS,
    bids_cell,
    rounds_progress,
    totals_after,
    trick_line,
    trick_widest,
)
from .rules import TensGame, TensRound


def played_row(state: TensGame, scored: ScoredRound[TensRound], grid: Grid) -> Row:
    record = scored.record
    turned = record.turned
    trump = trump_cell(record.trump) if turned is None else turned_cell(turned, record.trump)
    dealer = Cell(grid.fit(state.players[record.dealer], among=state.players), "dealer")
    written = (dealer, trump, bids_cell(record.bids))
    number = scored.number
    return row(grid, number, [state.deal_size(number)], written, trick_line(grid, scored), "played")


def to_play_row(state: TensGame, grid: Grid, number: int, dealer: str, css: str) -> Row:
    written = (Cell(grid.fit(dealer, among=state.players), "dealer"), Cell(), Cell())
    return row(grid, number, [state.deal_size(number)], written, css=css)


SHEET: SheetLayout[TensGame] = SheetLayout(
    lead=TRICK_LEAD,
    subs=TRICK_SUBS,
    pad=TRICK_PAD,
    widest=trick_widest,
    totals_after=totals_after,
    played_row=played_row,
    to_play_row=to_play_row,
    blank_rows=lambda state: state.planned_rounds,
    unplanned_rows=lambda state: 0,
    facts=lambda state, kind: (),
    notes=lambda state: {},
    foot_height={"blank": 20.0, "completed": 20.0, "key": 10.0},
    progress=rounds_progress,
    chart_words=BY_ROUND,
    chart_target=lambda state: None,
)
