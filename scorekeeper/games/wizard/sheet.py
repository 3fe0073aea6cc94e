"""Wizard's score sheet: round, cards, dealer and trump in the lead; each player's bid,
tricks won, score and running total (RULES.md › Wizard › Scoring).

>>> from scorekeeper.sheets import PAPERS, blank_sheet, orientation_for
>>> [orientation_for(SHEET.columns(), n, PAPERS["a4"]) for n in (3, 4, 5, 6)]
['portrait', 'landscape', 'landscape', 'landscape']
>>> plan = blank_sheet(WizardGame, SHEET, 4, names=["Ana", "Ben", "Cai", "Dee"], first_dealer=2)
>>> [row.lead[:2] for row in plan.rows[:5]]
[('1', 'Cai'), ('2', 'Dee'), ('3', 'Ana'), ('4', 'Ben'), ('5', 'Cai')]
>>> plan.orientation, len(plan.rows), plan.rows[-1].lead
('portrait', 15, ('15', 'Ana', '–', ''))
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import gettext

from ...charts import BY_ROUND
from ...rules.game import ScoredRound
from ...rules.wizard import WizardGame, WizardRound, full_game_rounds
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


def played_row(state: WizardGame, scored: ScoredRound[WizardRound], grid: Grid) -> Row:
    """Round, cards, dealer, the trump as it came (the turned card, "Wiz" for a Wizard
    and the suit the dealer named, "Jes" for a Jester) and the bids added up, then bid,
    took, score, total."""
    record, number_ = scored.record, scored.number
    turned = record.turned
    if turned is None:
        trump = trump_cell(record.trump)
    elif turned.is_wizard:
        trump = trump_cell(record.trump, wizard_short() + " ")
    elif turned.is_jester:
        trump = Cell(jester_short() + " –", "trump")
    else:
        trump = turned_cell(turned, record.trump)
    line = trick_line(grid, scored)
    dealer = Cell(grid.fit(state.players[record.dealer], among=state.players), "dealer")
    written = (dealer, trump, bids_cell(record.bids))
    return row(grid, number_, [state.deal_size(number_)], written, line, "played")


def to_play_row(state: WizardGame, grid: Grid, number_: int, dealer: str, css: str) -> Row:
    """A round still to be played: its number, cards and dealer, and – for the trump
    of a round that turns none."""
    # RULES.md, Wizard › Trump: nothing is turned in the last round of a full game.
    trump = Cell() if state.turns_trump(number_) else Cell("–", "none")
    written = (Cell(grid.fit(dealer, among=state.players), "dealer"), trump, Cell())
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


def wizard_short() -> str:
    """A Wizard turned up, as the trump column writes it (no card's letter)."""
    # TRANSLATORS: a Wizard turned up, in a printed sheet's narrow trump column, before
    # the suit the dealer named ("Wiz ♥"): 2-3 letters, not a card's letter (J, Q, K, A)
    # nor your short word for a Jester.
    said: str = gettext("Wiz")
    return said


def jester_short() -> str:
    """A Jester turned up, as the trump column writes it (no card's letter)."""
    # TRANSLATORS: a Jester turned up, in a printed sheet's narrow trump column ("Jes –"):
    # 2-3 letters, not a card's letter (J, Q, K, A) nor your short word for a Wizard.
    said: str = gettext("Jes")
    return said


def notes(state: WizardGame) -> Mapping[str, Any]:
    return {"hook": state.options.hook, "wizard": wizard_short(), "jester": jester_short()}


SHEET: SheetLayout[WizardGame] = SheetLayout(
    lead=TRICK_LEAD,
    subs=TRICK_SUBS,
    pad=TRICK_PAD,
    widest=trick_widest,
    totals_after=totals_after,
    played_row=played_row,
    to_play_row=to_play_row,
    blank_rows=lambda state: state.planned_rounds,
    unplanned_rows=0,  # every Wizard game has its planned rounds
    facts=facts,
    notes=notes,
    foot_height={"blank": 22.0, "completed": 19.0},
    progress=rounds_progress,
    chart_words=BY_ROUND,
    chart_target=lambda state: None,
)
