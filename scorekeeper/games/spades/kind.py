"""Spades as the app serves it (RULES.md › Spades): four players in two fixed sides, the
score and the bags the side's; every hand deals the whole pack and spades are trump."""

from __future__ import annotations

from ...rules import RoundInfo
from ...rules.errors import N_
from ..changes import TRICK_WORDS
from ..kind import GameKind, Script, Templates, Words
from ..tricks_statistics import bids_by_cards
from ..words import HAND_SENTENCES
from . import api
from .forms import NewSpadesGameForm, SpadesRoundForm, SpadesSheetForm, spades_sheet_options
from .referee import REFEREE
from .rules import (
    BAG_PENALTY,
    BAGS_PER_PENALTY,
    DEFAULT_TARGET,
    NIL_POINTS,
    TARGET_RANGE,
    SpadesGame,
)
from .samples import SAMPLES
from .sheet import SHEET


def hand_scoring(game: SpadesGame, info: RoundInfo) -> dict[str, object]:
    """What static/spades.js needs to score a hand as the rules do and to tell whether it
    ends the game: each side's bags before it, the rules' numbers (a nil's points, the
    bag penalty) and the game's options (RULES.md, Spades › Scoring)."""
    return {
        "bags": list(game.bags),
        "nil_points": dict(NIL_POINTS),
        "bag_penalty": game.options.bag_penalty,
        "bags_per_penalty": BAGS_PER_PENALTY,
        "penalty": BAG_PENALTY,
        "target": game.options.target,
    }


KIND = GameKind(
    key=SpadesGame.key,
    rules=SpadesGame,
    referee=REFEREE,
    new_game_form=NewSpadesGameForm,
    round_form=SpadesRoundForm,
    sheet_form=SpadesSheetForm,
    sheet_options=spades_sheet_options,
    templates=Templates(
        board="spades/board.html",
        round="spades/round.html",
        options="spades/options.html",
        options_line="spades/options_line.html",
        deal="spades/deal.html",
        rules="spades/rules.html",
        sheet_notes="spades/sheet_notes.html",
        statistics="spades/statistics.html",
        sheet_options="spades/sheet_options.html",
        pending="spades/pending.html",
        standing="spades/standing.html",
        players_note="spades/players_note.html",
    ),
    words=Words(
        {
            **HAND_SENTENCES,
            "first dealer hint": N_("Cut the deck: the highest card deals first."),
            "new game": N_("New game of Spades"),
        }
    ),
    api=api.API,
    statistics=bids_by_cards,
    samples=SAMPLES,
    change_words=TRICK_WORDS,
    sheet=SHEET,
    page_values=lambda: {"default_target": DEFAULT_TARGET, "target_range": TARGET_RANGE},
    script=Script("spades.js", dict),
    scoring=hand_scoring,
)
