"""Starting a game: the names in seating order, the first dealer, the night it belongs to.

:class:`NewGameForm` is each game's base; a game's own form (``NewWizardGameForm``) adds
its options and sizes the table with :func:`players_field` and :func:`first_dealer_field`.
"""

from __future__ import annotations

import secrets
from typing import Any, ClassVar

from flask_babel import gettext, lazy_gettext
from flask_wtf import FlaskForm
from wtforms import FieldList, HiddenField, SelectField, StringField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import Optional

from .common import NOT_A_CHOICE, name_length
from .common import one_time_key as key_as_sent

__all__ = [
    "RANDOM_DEALER",
    "TONIGHT",
    "NewGameForm",
    "first_dealer_field",
    "players_field",
]

RANDOM_DEALER = "random"
"""The first dealer's choice that leaves the draw to the app."""
TONIGHT = "tonight"
"""The game night's choice for a night made with the game."""


def players_field(seats: int) -> FieldList:
    """One name box a seat, in seating order; a blank box is a seat left empty."""
    return FieldList(
        StringField(lazy_gettext("Player"), validators=[Optional(), name_length()]),
        min_entries=seats,
        max_entries=seats,
    )


def first_dealer_field(seats: int) -> SelectField:
    """Who deals first: drawn at random (the default), or one of ``seats`` players."""
    return SelectField(
        lazy_gettext("First dealer"),
        choices=[SelectChoice(RANDOM_DEALER, lazy_gettext("Draw at random"))]
        + [
            SelectChoice(str(seat), lazy_gettext("Player %(num)s", num=seat + 1))
            for seat in range(seats)
        ],
        default=RANDOM_DEALER,
        invalid_choice_message=NOT_A_CHOICE,
    )


# The names the game's own forms were written with.
_players_field = players_field
_first_dealer_field = first_dealer_field


class NewGameForm(FlaskForm):
    """Names in seating order and the first dealer; each game adds its options."""

    game_key: ClassVar[str]
    seats: ClassVar[int]
    players: FieldList
    first_dealer: SelectField
    night = SelectField(
        lazy_gettext("Game night"),
        choices=[SelectChoice(TONIGHT, lazy_gettext("Tonight"))],
        default=TONIGHT,
        invalid_choice_message=NOT_A_CHOICE,
    )
    # A one-time key, like a round's (EditForm): the same Start sent twice makes one game.
    key = HiddenField()

    def new_key(self) -> None:
        """On a fresh page: a key for this one Start."""
        if not self.is_submitted():
            self.key.data = secrets.token_hex(16)

    def one_time_key(self) -> str | None:
        """The key as sent; None when missing or unreadable."""
        return key_as_sent(self.key.data)

    def offer_nights(self, nights: list[tuple[int, str]]) -> None:
        """Tonight (the default), or one of these recent nights."""
        self.night.choices = [SelectChoice(TONIGHT, gettext("Tonight"))] + [
            SelectChoice(str(night_id), label) for night_id, label in nights
        ]

    def night_id(self) -> int | None:
        try:
            return None if self.night.data in (None, "", TONIGHT) else int(self.night.data)
        except ValueError:
            return None

    def player_names(self) -> list[str]:
        """The names typed, in seating order, blanks left out."""
        return [name.strip() for name in self.players.data if name and name.strip()]

    def options(self) -> dict[str, Any]:
        raise NotImplementedError
