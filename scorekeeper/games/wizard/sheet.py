"""Wizard's score sheet: round, cards, dealer and trump in the lead; each player's bid,
tricks won, score and running total (RULES.md › Wizard › Scoring).

>>> from scorekeeper.sheets import PAPERS, blank_sheet, orientation_for
>>> [orientation_for(SHEET, n, PAPERS["a4"]) for n in (3, 4, 5, 6)]
['portrait', 'landscape', 'landscape', 'landscape']
>>> plan = blank_sheet(WizardGame, SHEET, 4, names=["Ana", "Ben", "Cai", "Dee"], first_dealer=2)
>>> [row.lead[:2] for row in plan.rows[:5]]
[('1', 'Cai'), ('2', 'Dee'), ('3', 'Ana'), ('4', 'Ben'), ('5', 'Cai')]
>>> plan.orientation, len(plan.rows), plan.rows[-1].lead
('landscape', 15, ('15', 'Ana', 'none'))
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import gettext, lazy_gettext, ngettext

from ...charts import BY_ROUND
from ...rules.game import ScoredRound
from ...rules.wizard import WizardGame, WizardRound, full_game_rounds
from ...sheets.grid import Column, Field, Grid, Sub, number
from ...sheets.layout import Cell, Fact, Row, SheetLayout, row, trump_cell

# The lead columns: numbers on the digit grid, the rest in millimetres, wide enough
# for their 8 pt labels. The dealer's takes what the players leave, at least 18 mm.
# TRANSLATORS: the headings of a printed score sheet's first columns (Round, Cards,
# Dealer, Trump; Hand, Bidder, Bid): narrow columns, so as short as your language allows.
LEAD = (
    Column("rnd", lazy_gettext("Round"), units=6),
    Column("cards", lazy_gettext("Cards"), units=6),
    Column("dealer", lazy_gettext("Dealer")),
    Column("trump", lazy_gettext("Trump"), 11.5),
)
# The labels over each player's sub-columns, a letter a digit wide: a label longer than
# its numbers widens every player's column (and a much longer one is cut short).
SUBS = (
    # TRANSLATORS: a sub-column's label on a printed sheet (what a player bid): 3-5 letters.
    Sub("bid", lazy_gettext("bid"), 2, 1.0),
    # TRANSLATORS: a sub-column's label on a printed sheet (tricks won): 3-5 letters.
    Sub("won", lazy_gettext("won"), 2, 1.0),
    # TRANSLATORS: a sub-column's label on a printed sheet (the round's score): 4-6 letters.
    Sub("score", lazy_gettext("score"), 4, 1.3),
    # TRANSLATORS: a sub-column's label on a printed sheet (the running total): 4-6 letters.
    Sub("total", lazy_gettext("total"), 5, 1.5),
)


def played_row(state: WizardGame, scored: ScoredRound[WizardRound], grid: Grid) -> Row:
    """Round, cards, dealer, the trump as it came (the turned card, W for a Wizard
    and the suit the dealer named, J for a Jester), then bid, took, score, total."""
    record, number_ = scored.record, scored.number
    turned = record.turned
    if turned is None:
        trump = trump_cell(record.trump)
    elif turned.is_wizard:
        # TRANSLATORS: a Wizard turned up, on a printed sheet: its first letter ("W ♥").
        trump = trump_cell(record.trump, gettext("W") + " ")
    elif turned.is_jester:
        # TRANSLATORS: a Jester turned up, on a printed sheet: its first letter ("J –").
        trump = Cell(gettext("J") + " –", "trump")
    else:
        red = record.trump is not None and record.trump.is_red
        trump = Cell(turned.label, "trump red" if red else "trump")
    line = grid.line(
        [
            [
                Field(str(record.bids[seat])),
                Field(str(record.tricks[seat])),
                Field(number(scored.scores[seat], signed=True)),
                Field(number(scored.totals[seat])),
            ]
            for seat in range(state.player_count)
        ]
    )
    dealer = Cell(grid.fit(state.players[record.dealer], among=state.players), "dealer")
    return row(grid, number_, [state.deal_size(number_)], (dealer, trump), line, "played")


def to_play_row(state: WizardGame, grid: Grid, number_: int, dealer: str, css: str) -> Row:
    """A round still to be played: its number, cards and dealer, and "none" for the
    trump of a round that turns none."""
    # RULES.md, Wizard › Trump: nothing is turned in the last round of a full game.
    # TRANSLATORS: a round with no trump, in a printed sheet's narrow trump column.
    trump = Cell() if state.turns_trump(number_) else Cell(gettext("none"), "none")
    written = (Cell(grid.fit(dealer, among=state.players), "dealer"), trump)
    return row(grid, number_, [state.deal_size(number_)], written, css=css)


def facts(state: WizardGame, kind: str) -> tuple[Fact, ...]:
    """The rounds to play, of the full game's, and the hook."""
    return (_rounds_fact(state.planned_rounds, state.player_count), _hook_fact(state.options.hook))


def _rounds_fact(rounds: int, players: int) -> Fact:
    full = full_game_rounds(players)
    if rounds == full:
        return Fact(gettext("Rounds"), gettext("%(rounds)s, the full game", rounds=full))
    return Fact(
        gettext("Rounds"),
        gettext("%(rounds)s of %(full)s, a short game", rounds=rounds, full=full),
    )


def _hook_fact(hook: bool) -> Fact:
    # TRANSLATORS: whether a Wizard game plays with the hook, on a printed sheet: Hook on.
    return Fact(gettext("Hook"), gettext("on") if hook else gettext("off"))


def notes(state: WizardGame) -> Mapping[str, Any]:
    return {"hook": state.options.hook}


def progress(played: int, planned: int | None) -> str:
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


SHEET: SheetLayout[WizardGame] = SheetLayout(
    lead=LEAD,
    subs=SUBS,
    played_row=played_row,
    to_play_row=to_play_row,
    blank_rows=lambda state: state.planned_rounds,
    unplanned_rows=0,  # every Wizard game has its planned rounds
    facts=facts,
    notes=notes,
    foot_height={"blank": 17.0, "completed": 12.0},
    progress=progress,
    chart_words=BY_ROUND,
    chart_target=lambda state: None,
)
