"""Oh Hell as the app serves it (RULES.md › Oh Hell): a game of bidding tricks, like Wizard,
with an ordinary pack, a schedule of hand sizes and a choice of scoring."""

from __future__ import annotations

from ...rules.errors import N_
from ..changes import TRICK_WORDS
from ..kind import GameKind, Templates, Words
from ..tricks import bid_scores
from ..tricks_paper import trick_paper
from ..tricks_statistics import bids_by_cards
from ..words import ROUND_SENTENCES
from . import api
from .forms import (
    SCORING_CHOICES,
    NewOhHellGameForm,
    OhHellRoundForm,
    OhHellSheetForm,
    oh_hell_sheet_options,
)
from .referee import REFEREE
from .rules import SCORING_PRESETS, OhHellGame, default_top, largest_hand
from .samples import SAMPLES
from .sheet import SHEET

TABLES = range(OhHellGame.min_players, OhHellGame.max_players + 1)

KIND = GameKind(
    key=OhHellGame.key,
    rules=OhHellGame,
    referee=REFEREE,
    new_game_form=NewOhHellGameForm,
    round_form=OhHellRoundForm,
    sheet_form=OhHellSheetForm,
    sheet_options=oh_hell_sheet_options,
    templates=Templates(
        board="kinds/_tricks_board.html",
        round="oh_hell/round.html",
        options="oh_hell/options.html",
        options_line="oh_hell/options_line.html",
        deal="oh_hell/deal.html",
        rules="oh_hell/rules.html",
        sheet_notes="oh_hell/sheet_notes.html",
        statistics="oh_hell/statistics.html",
        sheet_options="oh_hell/sheet_options.html",
    ),
    words=Words(
        {
            **ROUND_SENTENCES,
            "first dealer hint": N_("Cut the deck: the highest card deals first."),
            "new game": N_("New game of Oh Hell"),
        }
    ),
    api=api.API,
    statistics=bids_by_cards,
    samples=SAMPLES,
    change_words=TRICK_WORDS,
    sheet=SHEET,
    page_values=lambda: {
        "default_tops": {n: default_top(n) for n in TABLES},
        "largest_hands": {n: largest_hand(n) for n in TABLES},
        # A game's scoring by its preset's name, as the new-game page offers it.
        "scoring_names": {
            SCORING_PRESETS[choice.value]: choice.label
            for choice in SCORING_CHOICES
            if choice.value in SCORING_PRESETS
        },
    },
    paper=trick_paper(),
    scoring=bid_scores,
)
