"""Wizard as the app serves it (RULES.md › Wizard)."""

from __future__ import annotations

from flask_babel import gettext

from ... import i18n
from ...i18n import PLACEHOLDERS, plural_forms
from ...rules.errors import N_
from ..kind import GameKind, Script, Templates, Words
from ..tricks import bid_scores
from ..tricks_paper import trick_paper
from ..words import ROUND_SENTENCES
from . import api, statistics
from .changes import CHANGE_WORDS
from .forms import NewWizardGameForm, WizardRoundForm, WizardSheetForm, wizard_sheet_options
from .referee import REFEREE
from .rules import WizardGame, full_game_rounds
from .samples import SAMPLES
from .sheet import SHEET, in_play


def script_messages() -> dict[str, str | dict[str, str]]:
    """What static/wizard.js writes: the count of tricks with the Bomb played (nobody takes
    its trick), and a bid the Cloud changed (RULES.md, Wizard with the anniversary special
    cards)."""
    said = PLACEHOLDERS
    return {
        "tricks_bomb": plural_forms(
            "%(sum)s of %(num)s trick (the Bomb took one)",
            "%(sum)s of %(num)s tricks (the Bomb took one)",
            **said,
        ),
        "held_tricks_bomb": i18n.gettext(
            "The Bomb was played: the tricks add up to %(sum)s, not %(cards)s. Save waits"
            " until they do.",
            sum=said["sum"],
            cards=said["cards"],
        ),
        "bid_changed": i18n.gettext(
            "bid %(bid)s → %(changed)s", bid=said["bid"], changed=said["changed"]
        ),
    }


KIND = GameKind(
    key=WizardGame.key,
    rules=WizardGame,
    referee=REFEREE,
    new_game_form=NewWizardGameForm,
    round_form=WizardRoundForm,
    sheet_form=WizardSheetForm,
    sheet_options=wizard_sheet_options,
    sheet=SHEET,
    templates=Templates(
        board="wizard/board.html",
        round="wizard/round.html",
        options="wizard/options.html",
        deal="wizard/deal.html",
        rules="wizard/rules.html",
        sheet_notes="wizard/sheet_notes.html",
        statistics="wizard/statistics.html",
        sheet_options="wizard/sheet_options.html",
        referee_table="wizard/referee_table.html",
        options_line="wizard/options_line.html",
    ),
    words=Words(
        {
            **ROUND_SENTENCES,
            "first dealer hint": N_(
                "By the rules each player draws a card and the highest deals first."
            ),
            "new game": N_("New game of Wizard"),
        }
    ),
    api=api.API,
    page_values=lambda: {
        "full_rounds": {
            n: full_game_rounds(n)
            for n in range(WizardGame.min_players, WizardGame.max_players + 1)
        }
    },
    statistics=statistics.section,
    samples=SAMPLES,
    change_words=CHANGE_WORDS,
    script=Script("wizard.js", script_messages),
    scoring=bid_scores,
    paper=trick_paper(
        lambda state: (
            gettext(
                "A sheet of Wizard with the anniversary's special cards cannot be typed in"
                " here yet: enter its rounds on the round screen, one at a time."
            )
            if in_play(state)
            else None
        )
    ),
)
