"""Tens as the app serves it: the shared pieces of a game of bidding tricks."""

from __future__ import annotations

from ...rules.errors import N_
from ..changes import TRICK_WORDS
from ..kind import GameKind, Templates, Words
from ..tricks_statistics import bids_by_cards
from ..words import ROUND_SENTENCES
from .api import API
from .forms import NewTensGameForm, TensRoundForm, TensSheetForm, tens_sheet_options
from .referee import REFEREE
from .rules import TensGame
from .samples import SAMPLES
from .sheet import SHEET

KIND = GameKind(
    key=TensGame.key,
    rules=TensGame,
    referee=REFEREE,
    new_game_form=NewTensGameForm,
    round_form=TensRoundForm,
    sheet_form=TensSheetForm,
    sheet_options=tens_sheet_options,
    templates=Templates(
        board="kinds/_tricks_board.html",
        round="tens/round.html",
        options="tens/options.html",
        deal="tens/deal.html",
        rules="tens/rules.html",
        sheet_notes="tens/sheet_notes.html",
        statistics="tens/statistics.html",
        sheet_options="tens/sheet_options.html",
    ),
    words=Words(
        {
            **ROUND_SENTENCES,
            "first dealer hint": N_("Cut the deck: the highest card deals first."),
            "new game": N_("New game of Tens"),
        }
    ),
    api=API,
    statistics=bids_by_cards,
    samples=SAMPLES,
    change_words=TRICK_WORDS,
    sheet=SHEET,
    page_values=dict,
)
