"""Tens' forms: the number of rounds on the new-game page; the round screen is the shared
one of bidding tricks."""

from __future__ import annotations

from typing import Any

from flask_babel import lazy_gettext
from wtforms import Form, IntegerField, RadioField
from wtforms.validators import Optional

from ...forms import NOT_A_WHOLE_NUMBER, NewGameForm, first_dealer_field, players_field
from ..tricks import SUIT_CHOICES, TrickRoundForm, hidden_bids_field
from .rules import TensGame


class NewTensGameForm(NewGameForm):
    game_key = TensGame.key
    seats = TensGame.max_players
    players = players_field(TensGame.max_players)
    first_dealer = first_dealer_field(TensGame.max_players)
    rounds = IntegerField(
        lazy_gettext("Rounds"), validators=[Optional()], invalid_value_message=NOT_A_WHOLE_NUMBER
    )
    hidden_bids = hidden_bids_field()

    def options(self) -> dict[str, Any]:
        options: dict[str, Any] = {}
        if self.rounds.data is not None:
            options["rounds"] = self.rounds.data
        if self.hidden_bids.data:
            options["hidden_bids"] = True
        return options


class TensRoundForm(TrickRoundForm):
    turned = RadioField(lazy_gettext("Turned card"), choices=SUIT_CHOICES, validate_choice=False)


class TensSheetForm(Form):
    """Tens has no options on a blank sheet."""


def tens_sheet_options(form: Any) -> dict[str, Any]:
    return {}
