"""One Card as the app serves it (RULES.md › One Card): hands, not rounds."""

from __future__ import annotations

from ...rules.errors import N_
from ..kind import GameKind, Templates, Words
from . import api, statistics
from .changes import CHANGE_WORDS
from .forms import NewOneCardGameForm, OneCardRoundForm, OneCardSheetForm, one_card_sheet_options
from .referee import REFEREE
from .rules import DEFAULT_TARGET, LOWEST_BIDS, OneCardGame
from .samples import SAMPLES
from .sheet import SHEET

HAND_SENTENCES: dict[str, str] = {
    "undone": N_("Hand %(number)s was undone."),
    "sent": N_("Hand %(number)s sent."),
    "saved, game over": N_("Hand %(number)s saved: the game is over."),
    "saved": N_("Hand %(number)s saved — hand %(next)s next."),
    "saved already": N_("Hand %(number)s is saved: the second tap changed nothing."),
    "corrected": N_("Hand %(number)s corrected; totals updated."),
    "page of a recorded round": N_("That page was for hand %(old)s: nothing from it was saved."),
    "page of a past round": N_(
        "That page was for hand %(old)s, but the game is now at hand %(number)s."
        " Nothing from it was saved: enter hand %(number)s here."
    ),
    "undone meanwhile": N_("Hand %(number)s was undone meanwhile: nothing was saved."),
    "changed meanwhile": N_(
        "Changed on another phone meanwhile: %(changes)s. Nothing was saved yet: what you"
        " entered for hand %(number)s is kept; check it, then Save again."
    ),
    "now playing": N_("Hand %(number)s is being played"),
    "corrected at": N_("Hand %(number)s corrected at %(time)s"),
    "undone at": N_("Hand %(number)s undone at %(time)s"),
    "corrected on": N_("Hand %(number)s corrected on %(date)s at %(time)s"),
    "undone on": N_("Hand %(number)s undone on %(date)s at %(time)s"),
    "help": N_("Help with this hand"),
    "correct": N_("Correct hand %(number)s"),
    "later dealers": N_("Later hands go on from the dealer you choose."),
    "running totals": N_("Running totals by hand:"),
    "title": N_("Hand %(number)s"),
    "title of": N_("Hand %(number)s of %(planned)s"),
    "enter": N_("Enter hand %(number)s"),
    "to play": N_("Hand %(number)s to play"),
    "to play of": N_("Hand %(number)s of %(planned)s to play"),
    "tap to correct": N_("Tap a hand's number to correct it."),
    "undo": N_("Undo hand %(number)s"),
    "undo?": N_("Undo hand %(number)s?"),
    "first dealer hint": N_("Cut the deck for the first dealer."),
    "new game": N_("New game of One Card"),
}

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
        board="kinds/one_card/board.html",
        round="kinds/one_card/round.html",
        options="kinds/one_card/options.html",
        deal="kinds/one_card/deal.html",
        rules="rules/one_card.html",
        sheet_notes="sheets/_notes_one_card.html",
        statistics="kinds/one_card/statistics.html",
        sheet_options="kinds/one_card/sheet_options.html",
        pending="kinds/one_card/pending.html",
    ),
    words=Words(HAND_SENTENCES),
    api=api.API,
    page_values=lambda: {"lowest_bids": LOWEST_BIDS, "default_target": DEFAULT_TARGET},
    statistics=statistics.section,
    samples=SAMPLES,
    change_words=CHANGE_WORDS,
)
