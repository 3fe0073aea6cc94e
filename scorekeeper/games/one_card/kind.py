"""One Card as the app serves it (RULES.md › One Card): hands, not rounds."""

from __future__ import annotations

from ...i18n import PLACEHOLDERS, gettext
from ...rules import RoundInfo
from ...rules.errors import N_
from ..kind import GameKind, Script, Templates, Words
from ..words import HAND_SENTENCES
from . import api, statistics
from .changes import CHANGE_WORDS
from .forms import NewOneCardGameForm, OneCardRoundForm, OneCardSheetForm, one_card_sheet_options
from .referee import REFEREE
from .rules import DEFAULT_TARGET, LOWEST_BIDS, OneCardGame
from .samples import SAMPLES
from .sheet import SHEET


def script_messages() -> dict[str, str]:
    """What static/one_card.js writes: the auction call by call and the count of points
    (RULES.md, One Card)."""
    said = PLACEHOLDERS
    return {
        "points": gettext("%(sum)s of 15 points", sum=said["sum"]),
        "pass": gettext("pass"),
        "pass_button": gettext("Pass"),
        "all_passed": gettext("Everyone passed: no bid, no trump."),
        "contract": gettext("Contract: %(name)s bids %(bid)s.", **said),
        "to_bid": gettext("%(name)s to bid or pass:", name=said["name"]),
        "held_points": gettext(
            "The points add up to %(sum)s, not 15: Save waits until they do.", sum=said["sum"]
        ),
    }


def hand_scoring(game: OneCardGame, info: RoundInfo) -> dict[str, object]:
    """What static/one_card.js needs to score a hand and to tell whether it ends the game:
    the game's target (RULES.md, One Card › Scoring; ``OneCardGame.is_over``)."""
    return {"target": game.options.target}


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
        referee_table="one_card/referee_table.html",
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
    script=Script("one_card.js", script_messages),
    scoring=hand_scoring,
    page_values=lambda: {"lowest_bids": LOWEST_BIDS, "default_target": DEFAULT_TARGET},
    statistics=statistics.section,
    samples=SAMPLES,
    change_words=CHANGE_WORDS,
)
