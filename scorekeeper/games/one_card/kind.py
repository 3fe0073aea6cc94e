"""One Card as the app serves it (RULES.md › One Card): hands, not rounds."""

from __future__ import annotations

from ...rules.errors import N_
from ..kind import GameKind, Templates, Words
from ..words import HAND_SENTENCES
from . import api, statistics
from .changes import CHANGE_WORDS
from .forms import NewOneCardGameForm, OneCardRoundForm, OneCardSheetForm, one_card_sheet_options
from .referee import REFEREE
from .rules import DEFAULT_TARGET, LOWEST_BIDS, OneCardGame
from .samples import SAMPLES
from .sheet import SHEET

KIND = GameKind(
    key=OneCardGame.key,
    rules=OneCardGame,
    referee=REFEREE,
    new_game_form=NewOneCardGameForm,
    round_form=OneCardRoundForm,
    sheet_form=OneCardSheetForm,
    sheet_options=one_card_sheet_options,
    sheet=SHEET,
    templates=Templates(
        board="one_card/board.html",
        round="one_card/round.html",
        options="one_card/options.html",
        deal="one_card/deal.html",
        rules="one_card/rules.html",
        sheet_notes="one_card/sheet_notes.html",
        statistics="one_card/statistics.html",
        sheet_options="one_card/sheet_options.html",
        pending="one_card/pending.html",
    ),
    words=Words(
        {
            **HAND_SENTENCES,
            "first dealer hint": N_("Cut the deck for the first dealer."),
            "new game": N_("New game of One Card"),
        }
    ),
    api=api.API,
    page_values=lambda: {"lowest_bids": LOWEST_BIDS, "default_target": DEFAULT_TARGET},
    statistics=statistics.section,
    samples=SAMPLES,
    change_words=CHANGE_WORDS,
)
