"""Oh Hell's score sheet: round, cards, dealer and trump in the lead; each player's bid,
tricks won, score and running total (RULES.md › Oh Hell › Scoring), like Wizard's.

>>> from scorekeeper.sheets import blank_sheet
>>> names = ["Ana", "Ben", "Cai", "Dee"]
>>> plan = blank_sheet(OhHellGame, SHEET, 4, names=names, first_dealer=1,
...                    options={"schedule": [12, 13]})
>>> [row.lead for row in plan.rows]  # cards, dealer, trump: none when every card is dealt
[('12', 'Ben', '', ''), ('13', 'Cai', '–', '')]
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import gettext, ngettext

from ...charts import BY_ROUND
from ...rules.game import ScoredRound
from ...sheets.grid import Grid
from ...sheets.layout import Cell, Fact, Row, SheetLayout, row, trump_cell, turned_cell
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
from .rules import (
    SCORING_PRESETS,
    OhHellGame,
    OhHellRound,
    Scoring,
    default_top,
    named_schedule,
)


def played_row(state: OhHellGame, scored: ScoredRound[OhHellRound], grid: Grid) -> Row:
    """Round, cards, dealer, the turned card (or – when every card was dealt) and the
    bids added up, then bid, took, score, total."""
    record, number_ = scored.record, scored.number
    turned = record.turned
    trump = trump_cell(record.trump) if turned is None else turned_cell(turned, record.trump)
    dealer = Cell(grid.fit(state.players[record.dealer], among=state.players), "dealer")
    line = trick_line(grid, scored)
    written = (dealer, trump, bids_cell(record.bids))
    return row(grid, number_, [state.deal_size(number_)], written, line, "played")


def to_play_row(state: OhHellGame, grid: Grid, number_: int, dealer: str, css: str) -> Row:
    """A round still to be played: its number, cards and dealer, and – for the trump of
    a round that deals every card."""
    # RULES.md, Oh Hell › Trump: nothing is turned when every card is dealt.
    trump = Cell() if state.turns_trump(number_) else Cell("–", "none")
    written = (Cell(grid.fit(dealer, among=state.players), "dealer"), trump, Cell())
    return row(grid, number_, [state.deal_size(number_)], written, css=css)


def facts(state: OhHellGame, kind: str) -> tuple[Fact, ...]:
    """The hand sizes, round by round, and the hook."""
    schedule = state.options.schedule
    named = _schedule_name(schedule, state.player_count)
    sizes = "–".join(str(size) for size in schedule) if len(schedule) <= 16 else ""
    said = named or sizes or ngettext("%(num)s round", "%(num)s rounds", len(schedule))
    hook = gettext("on") if state.options.hook else gettext("off")
    return (
        Fact(gettext("Hand sizes, round by round"), said),
        Fact(gettext("Hook"), hook),
    )


def _schedule_name(schedule: tuple[int, ...], players: int) -> str | None:
    """The schedule's name in words, when it is a named one from its top."""
    top = max(schedule)
    names = {
        "down-up": gettext("Down and up from %(top)s", top=top),
        "up-down": gettext("Up and down to %(top)s", top=top),
        "down": gettext("Down from %(top)s", top=top),
        "up": gettext("Up to %(top)s", top=top),
    }
    for name, said in names.items():
        if named_schedule(name, top) == schedule:
            return str(said)
    return None


def notes(state: OhHellGame) -> Mapping[str, Any]:
    return {"hook": state.options.hook, "scoring": scoring_note(state.options.scoring)}


def scoring_note(scoring: Scoring) -> str:
    """The scoring reminder under the grid, each term the scoring has (a term of 0 is
    left out): ``bid met exactly: 20 + 10 a trick bid; missed: ‒10 a trick off.``"""
    if scoring == SCORING_PRESETS["ten-plus-bid"]:
        said: str = gettext("bid met exactly: 10 + the bid (bid 3, took 3: 13). Missed: nothing.")
        return said
    made = [str(scoring.made_base)] if scoring.made_base else []
    if scoring.made_per_trick:
        # TRANSLATORS: a term of Oh Hell's scoring under a printed sheet: "10 a trick bid".
        made.append(gettext("%(num)s a trick bid", num=scoring.made_per_trick))
    terms = []
    if made:
        # TRANSLATORS: under a printed Oh Hell sheet; points: "20 + 10 a trick bid".
        terms.append(gettext("bid met exactly: %(points)s", points=" + ".join(made)))
    if scoring.per_trick:
        # TRANSLATORS: a term of Oh Hell's scoring under a printed sheet.
        terms.append(gettext("%(num)s for every trick taken", num=scoring.per_trick))
    if scoring.missed_per_trick_off:
        # TRANSLATORS: a term of Oh Hell's scoring under a printed sheet; ‒ is a figure
        # dash standing in for a minus sign: keep it.
        terms.append(gettext("missed: ‒%(num)s a trick off", num=scoring.missed_per_trick_off))
    if not terms:
        # TRANSLATORS: under a printed Oh Hell sheet whose scoring gives no points at all.
        terms.append(gettext("no points for anything"))
    joined = terms[0]
    for term in terms[1:]:
        # TRANSLATORS: joins the terms of Oh Hell's scoring under a printed sheet, one
        # more at a time: "bid met exactly: 10; 1 for every trick taken".
        joined = gettext("%(terms)s; %(term)s", terms=joined, term=term)
    # TRANSLATORS: the terms of Oh Hell's scoring under a printed sheet, joined: keep the
    # sentence's full stop, or put your language's.
    said = gettext("%(terms)s.", terms=joined)
    return said


SHEET: SheetLayout[OhHellGame] = SheetLayout(
    lead=TRICK_LEAD,
    subs=TRICK_SUBS,
    pad=TRICK_PAD,
    widest=trick_widest,
    totals_after=totals_after,
    played_row=played_row,
    to_play_row=to_play_row,
    blank_rows=lambda state: state.planned_rounds,
    unplanned_rows=lambda state: 0,  # every Oh Hell game has its schedule
    facts=facts,
    notes=notes,
    foot_height={"blank": 25.0, "completed": 20.0, "key": 10.0},
    progress=rounds_progress,
    chart_words=BY_ROUND,
    chart_target=lambda state: None,
)
assert default_top(7) == 7  # the largest table still turns a trump in its top round
