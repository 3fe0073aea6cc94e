"""Whist as the app serves it: four players in two fixed sides, the score the side's;
every hand deals the whole pack, the dealer's last card turned for trump; nobody bids."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...i18n import gettext
from ...rules.errors import N_
from ...rules.game import Game
from ..changes import number
from ..kind import GameKind, Templates, Words
from ..words import HAND_SENTENCES
from . import api
from .forms import NewWhistGameForm, WhistRoundForm, WhistSheetForm, whist_sheet_options
from .referee import REFEREE
from .rules import DEFAULT_TARGET, TARGET_RANGE, WhistGame
from .samples import SAMPLES
from .sheet import SHEET


def statistics(rows: Sequence[object]) -> None:
    """Nobody bids in Whist, so a player's page has no bidding of it to show: its games,
    wins and totals are in the page's results, as every game's are."""
    return None


def tricks_change(state: Game[Any, Any], change: Mapping[str, Any]) -> str:
    """A correction of the sides' tricks, side by side: "Ana & Cai's tricks 8 → 7"."""
    old, new = change.get("old"), change.get("new")
    said: str | None = None
    for side in range(len(state.sides)):
        was = old[side] if isinstance(old, list) and len(old) > side else None
        now = new[side] if isinstance(new, list) and len(new) > side else None
        if was == now:
            continue
        sentence = gettext(
            "%(name)s's tricks %(old)s → %(new)s",
            name=" & ".join(state.players[seat] for seat in state.sides[side]),
            old=number(was),
            new=number(now),
        )
        said = (
            sentence
            if said is None
            else gettext("%(changes)s; %(change)s", changes=said, change=sentence)
        )
    return said or gettext("another detail changed")


KIND = GameKind(
    key=WhistGame.key,
    rules=WhistGame,
    referee=REFEREE,
    new_game_form=NewWhistGameForm,
    round_form=WhistRoundForm,
    sheet_form=WhistSheetForm,
    sheet_options=whist_sheet_options,
    templates=Templates(
        board="whist/board.html",
        round="whist/round.html",
        options="whist/options.html",
        options_line="whist/options_line.html",
        deal="whist/deal.html",
        rules="whist/rules.html",
        sheet_notes="whist/sheet_notes.html",
        statistics="whist/statistics.html",
        sheet_options="whist/sheet_options.html",
        players_note="whist/players_note.html",
    ),
    words=Words(
        {
            **HAND_SENTENCES,
            "first dealer hint": N_("Cut the deck: the highest card deals first."),
            "new game": N_("New game of Whist"),
        }
    ),
    api=api.API,
    statistics=statistics,
    samples=SAMPLES,
    change_words={"tricks": tricks_change},
    sheet=SHEET,
    page_values=lambda: {"default_target": DEFAULT_TARGET, "target_range": TARGET_RANGE},
)
